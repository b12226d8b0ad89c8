"""Reading a word problem into quantities, clauses (with alternatives) and a question.

Everything here is a closed grammar: a sentence that carries a quantity or a
change cue and matches no pattern is *unread*, and every reader then abstains.
That is the engine's precision: what it cannot ground it does not compute.

The reader is split by family: ``_types`` (the values), ``_vocabulary`` (verb classes),
``_normalize`` (the rewrites), ``_grammar`` (slots and the reading context), ``_builders``
and ``_builders_places`` (what a rule builds), ``_rules`` (the rules as values, by family,
and their order), ``_question_rules`` (the question reader), ``_set_aside`` (scale words
and the set-aside rules). This module splits a problem into sentences, reads each one,
and re-exports the reader's public names.
"""

from __future__ import annotations

import itertools
import re
from fractions import Fraction

from ._builders_places import (
    _MONTHS,
    _fill_nounless,
    _kinds_of_question,
    _kinds_of_rate,
)
from ._grammar import (
    ENT,
    SYNONYMS,
    Unreadable,
    _Context,
)
from ._lexicon import (
    NAME_GENDER,
    SENTENCE_INITIAL_WORDS,
    singular,
)
from ._normalize import (
    normalize,
)
from ._passable import lead_words
from ._question_rules import (
    _question,
)
from ._rules import (
    SENTENCE_RULES,
)
from ._set_aside import (
    SCALE_WORDS,
    SET_ASIDE_RULES,
    set_aside,
    unread_scale_words,
)
from ._types import (
    GROUP,
    TASK,
    WORLD,
    Clause,
    Cue,
    Parse,
    Quantity,
    Question,
    Sentence,
)
from ._vocabulary import (
    GAIN_V,
    GIVE_V,
    HAVE_V,
    LOSE_V,
)

__all__ = [
    "GROUP",
    "SCALE_WORDS",
    "SET_ASIDE_RULES",
    "SYNONYMS",
    "TASK",
    "WORLD",
    "Clause",
    "Cue",
    "Parse",
    "Quantity",
    "Question",
    "Sentence",
    "parse_problem",
    "set_aside",
    "unread_scale_words",
]


# --------------------------------------------------------------------------- driver

#: Capitalised words that name days and months, never people.
_CALENDAR = frozenset(
    [
        "Halloween",
        "Christmas",
        "Easter",
        "Thanksgiving",
        "Monday",
        "Tuesday",
        "Wednesday",
        "Thursday",
        "Friday",
        "Saturday",
        "Sunday",
        "January",
        "February",
        "March",
        "April",
        "May",
        "June",
        "July",
        "August",
        "September",
        "October",
        "November",
        "December",
    ]
)

_SPLIT = re.compile(r"(?<=[.?!])\s+(?=[A-Z0-9])")
_QUANTITY = re.compile(r"(?<![\w.])\d+(?:\.\d+)?(?:/[1-9]\d*)?(?![\w/])")
_LEAD = re.compile(
    r"^(?i:(?:then|later|next|after that|afterwards|finally|now|today|in the end),? )(?=.)"
    r"|^(?i:(?:this|last|next) (?:season|year|week|month|summer|winter|spring|fall),? )"
    r"(?=(?:[A-Z][a-z]+|he|she|they) )"
    # "For the school bake sale, Wendy made 3 pies": a setting without a number. Its
    # words are lower case: the subject after it is a capitalised name or a pronoun.
    r"|^(?i:for|at|during|on|in|while|after|before|by) (?:the |a |an |his |her |their )?"
    r"(?:[a-z]+ ){0,5}?[a-z]+,? (?=(?:[A-Z][a-z]+|he|she|they) )"
    # "During the year 4 students left", "In fourth grade there were 10 students": the
    # same setting before a number or "there".
    r"|^(?i:at|during|in|after) (?:the )?(?:[a-z]+ ){0,3}?[a-z]+,? "
    r"(?=\d+ [a-z]+ [a-z]+|there (?:are|were|is|was) \d)"
    r"|^(?i:for|on|at|after|before|by|in) (?:Halloween|Christmas|Easter|Thanksgiving|"
    rf"{_MONTHS}|Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday),? "
    r"(?=(?:[A-Z][a-z]+|he|she|they) )"
    # "If Anne wandered for 3 hours at 2 miles per hour.": a statement, not a condition of
    # anything that follows in the sentence.
    r"|^If (?=[A-Z][a-z]+ [a-z]+ )"
)


def _prepare(
    body: str, nouns: frozenset[str] = frozenset(), passed: list[tuple[str, str]] | None = None
) -> tuple[str, int]:
    """Strip a leading connective or setting and lower-case a sentence-initial function
    word or noun. A lead is stripped only if its every word is passed over with a role
    (``lead_words``), recorded into ``passed``; a lead that holds a subject, a tensed verb
    or a quantifier is kept, so the clause is read whole or not at all."""
    shift = 0
    for _ in range(2):  # "Then, on Sunday, he hiked": two leads
        lead = _LEAD.match(body)
        # "Now Sara has 12 dollars left" states a final state: its "now" is kept.
        if not lead or re.match(r"now\b", body, re.IGNORECASE):
            break
        words = lead_words(lead.group(0))
        if words is None:
            break
        # a setting ("In the afternoon ") is recorded word by word; a bare connective
        # ("Then ", "Later, ") is only closed-role words, passed as before (pinned traces
        # of the envelope keep their bytes)
        if passed is not None and any(role == "setting" for _, role in words):
            passed.extend(words)
        shift += lead.end()
        body = body[lead.end() :]
    first = body.split(" ", 1)[0]
    if first in SENTENCE_INITIAL_WORDS or first in nouns:
        body = first.lower() + body[len(first) :]
    return body, shift


def _capitalised_nouns(text: str) -> frozenset[str]:
    """Capitalised words that are nouns ("Notebooks cost 6 dollars each"): they also occur
    in lower case in the problem. A name never does."""
    lower = {singular(w) for w in re.findall(r"\b[a-z]+\b", text)}
    return frozenset(
        w
        for w in re.findall(r"\b[A-Z][a-z]+\b", text)
        if w not in NAME_GENDER and singular(w.lower()) in lower
    )


# A pattern name (or "left+right") and the alternatives it read.
_Read = tuple[str, list[list[Clause]]]


def _side_by_side(left: _Read | None, right: _Read | None) -> _Read | None:
    """Two clauses of one sentence read together: every pairing of their alternatives."""
    if left is None or right is None:
        return None
    return f"{left[0]}+{right[0]}", [a + b for a, b in itertools.product(left[1], right[1])]


def _read_clause(
    body: str, shift: int, ctx: _Context, sent: Sentence, prefix_len: int = 0
) -> _Read | None:
    """The first pattern matching ``body`` (at ``shift`` in the sentence), with its alternatives.

    The first ``prefix_len`` characters of ``body`` are borrowed from the sentence start."""
    base = ctx.offset
    ctx.offset = base + shift
    ctx.prefix_len, ctx.prefix_base = prefix_len, base
    try:
        for rule in SENTENCE_RULES:
            m = rule.compiled.fullmatch(body)
            if not m:
                continue
            name = rule.name
            try:
                alts = rule.builds(m, ctx)
            except Unreadable as exc:
                sent.labels.append(f"{name}: {exc}")
                return None
            except (KeyError, ValueError, IndexError, ZeroDivisionError) as exc:
                # A builder that trips has not read the sentence: unread, never guessed.
                sent.labels.append(f"{name}: builder_error:{type(exc).__name__}")
                return None
            if not alts:
                sent.labels.append(f"{name}: no consistent reading")
                return None
            return name, alts
        return None
    finally:
        ctx.offset = base
        ctx.prefix_len = 0


_CHANGE_VERB = rf"(?=(?:{GAIN_V}|{LOSE_V}|{GIVE_V})\b)"
_PACK_VERB = r"(?=(?:put|puts|placed|places|packed|packs|sorted|sorts|plans to go)\b)"
_VERB_AFTER_AND = re.compile(
    rf",? (?:and|but) (?:then |later |also |then later )?(?:{_CHANGE_VERB}|{_PACK_VERB}"
    r"|(?=(?:pays|paid) with\b)"
    r"|(?=(?:has|had) (?:already|only) [a-z]+ed\b))"
    rf"|,? then (?:{_CHANGE_VERB}|{_PACK_VERB})"
)


_AND_SUBJECT = re.compile(
    rf",? (?:and|but|while)(?: then)? (?={ENT} (?:{HAVE_V}|{GAIN_V}|{LOSE_V}|{GIVE_V}|puts|put|"
    r"places|placed)\b)"
)


#: The words the second clause of "X gives 6 beads and then buys 4" may start with, dropped
#: before it is read: adverbs of time of the closed lexicon (``_passable.ROLES``), never a
#: content word (a test walks them).
SECOND_CLAUSE_LEADS = ("then later ", "then ", "later ", "also ")


def _read_compound(body: str, ctx: _Context, sent: Sentence) -> _Read | None:
    """'X gives away 6 beads and buys 4 beads': two clauses sharing the subject X;
    'X has 5 apples and Y has 3 apples': two clauses with their own subjects."""
    own = _AND_SUBJECT.search(body)
    if own is not None:
        noted = len(sent.labels)
        left = _read_clause(body[: own.start()], 0, ctx, sent)
        if left is None and len(sent.labels) == noted:
            # "Jessica grew 35 watermelons and 30 carrots, but the rabbits ate 27": the first
            # clause shares its verb between two numbers
            left = _read_shared_verb(body[: own.start()], ctx, sent)
        right = _read_clause(body[own.end() :], own.end(), ctx, sent)
        both = _side_by_side(left, right)
        if both is not None:
            return both
    m = re.match(ENT + " ", body) or re.match(r"(?:a|an) [a-z]+ ", body)
    cut = _VERB_AFTER_AND.search(body)
    if not m or not cut:
        return None
    subject = m.group(0)
    first = body[: cut.start()]
    rest_start = cut.end()
    for lead in SECOND_CLAUSE_LEADS:
        if body[rest_start:].startswith(lead):
            rest_start += len(lead)
            break
    second = body[rest_start:]
    left = _read_clause(first, 0, ctx, sent)
    # The second clause is read with the subject prepended; offsets shift to stay grounded.
    right = _read_clause(subject + second, rest_start - len(subject), ctx, sent, len(subject))
    return _side_by_side(left, right)


_AND_NUMBER = re.compile(r",? and (?=\d)")


def _read_shared_verb(body: str, ctx: _Context, sent: Sentence) -> _Read | None:
    """'X gives 5 stickers to Ben and 3 stickers to Tom': the verb phrase before the first
    number is shared. Not after 'of' or 'with', where the scope is ambiguous."""
    cut = _AND_NUMBER.search(body)
    # "A baker made 36 rolls in the morning and 24 in the afternoon": a holder named by a
    # common noun shares its verb as a name does.
    subject = re.match(ENT + " ", body) or re.match(r"(?:a|an) [a-z]+ ", body)
    if cut is None or subject is None or _AND_NUMBER.search(body, cut.end()):
        return None
    first = body[: cut.start()]
    digit = re.search(r"\d", first)
    if digit is None or re.search(r"\b(?:of|with)\b", first):
        return None
    prefix = first[: digit.start()]
    left = _read_clause(first, 0, ctx, sent)
    right = _read_clause(
        prefix + body[cut.end() :], cut.end() - len(prefix), ctx, sent, len(prefix)
    )
    return _side_by_side(left, right)


_ITEM_SEP = re.compile(r"(?:, and |, | and )(?=\d|an? )")


def _read_shared_list(body: str, ctx: _Context, sent: Sentence) -> _Read | None:
    """'Keith spent 13 dollars on a toy, 6 dollars on food, and 12 dollars on a cage':
    the subject and verb are shared by every item. Read only if every item reads, each
    with the shared subject and verb, or (an item with its own verb) the subject alone."""
    head = re.match(rf"({ENT}) (?:also )?([a-z]+) ", body)
    cuts = list(_ITEM_SEP.finditer(body))
    if head is None or not cuts or len(cuts) > 5:
        return None
    subject, prefix = head.group(1) + " ", head.group(0)
    read = _read_clause(body[: cuts[0].start()], 0, ctx, sent)
    for i, cut in enumerate(cuts):
        end = cuts[i + 1].start() if i + 1 < len(cuts) else len(body)
        item = body[cut.end() : end]
        lead = (
            prefix if not re.match(r"(?:got|bought|spent|paid|gave|sold|used)\b", item) else subject
        )
        right = _read_clause(lead + item, cut.end() - len(lead), ctx, sent, len(lead))
        read = _side_by_side(read, right)
        if read is None:
            return None
    return read


_THEN_NUMBER = re.compile(r",? (?:and )?then (?=\d)")


def _read_then_clause(body: str, ctx: _Context, sent: Sentence) -> _Read | None:
    """'He bought 6 more balloons and then 4 balloons popped': a clause, then another with
    its own subject (a number of things); read only if both read alone. A failed try
    leaves no note, so the sentence stays unread as before."""
    cut = _THEN_NUMBER.search(body)
    if cut is None or _THEN_NUMBER.search(body, cut.end()):
        return None
    noted = len(sent.labels)
    both = _side_by_side(
        _read_clause(body[: cut.start()], 0, ctx, sent),
        _read_clause(body[cut.end() :], cut.end(), ctx, sent),
    )
    if both is None:
        del sent.labels[noted:]
    return both


_LIST_SEP = re.compile(r",? and |, ")


def _read_list(body: str, ctx: _Context, sent: Sentence) -> _Read | None:
    """'Fred has 5 balloons, Sam has 6 balloons, and Mary has 7 balloons': a list of
    clauses, each a sentence of its own; read only if every item reads alone."""
    cuts = list(_LIST_SEP.finditer(body))
    if not cuts or len(cuts) > 4:
        return None
    read: _Read | None = ("", [[]])
    start = 0
    for cut in [*cuts, None]:
        end = cut.start() if cut is not None else len(body)
        item = _read_clause(body[start:end], start, ctx, sent)
        if item is None:
            return None
        read = _side_by_side(read, item)
        if cut is not None:
            start = cut.end()
    if read is None:
        return None
    return read[0].lstrip("+"), read[1]


_POSSESSIVE = re.compile(r"\b(?:his|her)\b")


def _participants(alternative: list[Clause]) -> set[str]:
    """The people a reading's clauses are about ("Tom's sister" is about Tom too)."""
    out: set[str] = set()
    for clause in alternative:
        for key in ("entity", "giver", "taker", "base", "owner", "entities"):
            value = clause.args.get(key)
            for e in [value] if isinstance(value, str) else list(value or []):
                if isinstance(e, str):
                    out |= {e, e.partition("'s ")[0]}
    return out


def _sources(alternative: list[Clause]) -> set[str]:
    """Whose stock a reading's clauses take from: the giver of a transfer, else the one
    whose holding changes."""
    out: set[str] = set()
    for clause in alternative:
        value = clause.args.get("giver") or clause.args.get("entity")
        if isinstance(value, str):
            out |= {value, value.partition("'s ")[0]}
    return out


def _possessive_of_another(
    body: str, alternatives: list[list[Clause]], ctx: _Context
) -> str | None:
    """A "his"/"her" of a read sentence that can name only people none of its clauses is
    about ("She spent 1/4 of his money" read as her own money): the word, else None. A
    pronoun with no antecedent among the named people (an unnamed father's "his") is left
    to the clauses that read it, and so is a sentence whose clauses name no one person."""
    people = [_participants(alt) for alt in alternatives]
    if not all(people) or any(e.startswith("(") for found in people for e in found):
        # a clause about no one ("his cooler would hold 4 on each shelf"), or about the
        # world, a pair or a task, whose people the reading does not list
        return None
    for m in _POSSESSIVE.finditer(body):
        try:
            referents = set(ctx.pronoun(m.group(0)))
        except Unreadable:
            continue
        if body[max(0, m.start() - 3) : m.start()] == "of ":
            # "2 of her pencils": the stock a change takes from is its source's (the
            # giver's, the loser's), not the taker's
            if not all(referents & _sources(alt) for alt in alternatives):
                return m.group(0)
            continue
        if any(referents & found for found in people):
            continue
        if any(m.group(0) in e.split() for found in people for e in found):
            continue  # a place or owner kept as written ("her basket")
        return m.group(0)
    return None


_PLACE_PHRASE = re.compile(
    r"\b(?:from|in|into|to|for|at|on|inside|out of|off) (the [a-z]+(?: [a-z]+)?)(?=$|[ ,])"
)


def _holder_in_a_tail(body: str, alternatives: list[list[Clause]], ctx: _Context) -> str | None:
    """A holder the problem already counts ("There are 10 apples in the basket"), named by
    a place phrase of a change that no clause of it is about ("Sam picks 3 apples from
    the basket" read as Sam's gain alone): the basket lost them, which the reading does
    not hold. The holder's name, else None."""
    known = {e for e in ctx.entities if e.startswith("the ")}
    if not known:
        return None
    for m in _PLACE_PHRASE.finditer(body):
        words = m.group(1).split()
        for name in (" ".join(words), " ".join(words[:2])):
            if name in known and not any(name in _participants(alt) for alt in alternatives):
                return name
    return None


def parse_problem(problem_text: str) -> Parse:
    """Read ``problem_text``: normalised text, quantities, clause alternatives, question."""
    text = normalize(problem_text)
    quantities: list[Quantity] = []
    spans: list[tuple[int, int]] = []
    pos = 0
    for raw in _SPLIT.split(text):
        start = text.index(raw, pos)
        spans.append((start, start + len(raw)))
        pos = start + len(raw)
    qids: dict[int, str] = {}
    for i, (s, e) in enumerate(spans):
        for m in _QUANTITY.finditer(text, s, e):
            qid = f"q{len(quantities)}"
            quantities.append(Quantity(qid, Fraction(m.group()), m.group(), m.start(), m.end(), i))
            qids[m.start()] = qid
    nouns = _capitalised_nouns(text)
    persons = sorted(
        {
            w
            for w in re.findall(r"\b[A-Z][a-z]+\b", text)
            if w not in SENTENCE_INITIAL_WORDS and w not in nouns and w not in _CALENDAR
        },
        key=lambda w: text.index(w),
    )
    ctx = _Context(
        text=text, offset=0, qids=qids, persons=persons, entities=list(persons), sentence=0
    )
    sentences: list[Sentence] = []
    questions: list[Question] = []
    question_error: str | None = None
    pending: list[tuple[Sentence, str]] = []
    leads: list[tuple[str, str]] = []
    for i, (s, e) in enumerate(spans):
        raw = text[s:e]
        body = raw.rstrip(".?!").rstrip()
        prepared, shift = _prepare(body, nouns, leads)
        ctx.offset = s + shift
        ctx.sentence = i
        if raw.endswith("?"):
            sent = Sentence(i, raw, s, "question")
            sentences.append(sent)
            if i != len(spans) - 1:
                question_error = "question_not_last"
                continue
            try:
                questions = _question(prepared, ctx)
            except (Unreadable, KeyError, ValueError, IndexError, ZeroDivisionError) as exc:
                question_error = "question_not_understood"
                sent.labels.append(str(exc))
            continue
        sent = Sentence(i, raw, s, "unread")
        sentences.append(sent)
        read = _read_clause(prepared, 0, ctx, sent)
        # Split a sentence only if no pattern matched it whole (a match that failed to
        # ground leaves a note, and splitting it could drop one of its readings).
        if read is None and not sent.labels:
            read = _read_compound(prepared, ctx, sent)
        if read is None and not sent.labels:
            read = _read_shared_verb(prepared, ctx, sent)
        if read is None and not sent.labels:
            read = _read_shared_list(prepared, ctx, sent)
        if read is None and not sent.labels:
            read = _read_list(prepared, ctx, sent)
        if read is None and not sent.labels:
            read = _read_then_clause(prepared, ctx, sent)
        if read is not None:
            other = _possessive_of_another(prepared, read[1], ctx)
            if other is not None:
                sent.labels.append(f"possessive_of_another:{other}")
                read = None
            holder = _holder_in_a_tail(prepared, read[1], ctx) if read is not None else None
            if holder is not None:
                sent.labels.append(f"holder_not_read:{holder}")
                read = None
        if read is not None:
            sent.status, sent.pattern, sent.alternatives = "read", read[0], read[1]
            for alt in read[1]:
                for clause in alt:
                    unit = clause.args.get("unit")
                    ctx.units.add(unit if isinstance(unit, str) else "?")
                    if clause.args.get("entity") == WORLD and isinstance(unit, str):
                        ctx.owned_world.add((WORLD, unit))
                    for key in ("entity", "giver", "taker", "base"):
                        if isinstance(clause.args.get(key), str) and clause.args[key] != WORLD:
                            ctx.register(clause.args[key])
                            ctx.owned.add((clause.args[key], str(unit)))
            missed = unread_scale_words(sent, text)
            if missed:
                sent.status, sent.alternatives = "unread", []
                sent.labels.append(f"scale_word_not_read:{missed[0]}")
        else:
            pending.append((sent, prepared))
    _fill_nounless(sentences)
    _kinds_of_question(sentences, questions)
    _kinds_of_rate(sentences, questions)
    # A sentence no pattern read is set aside only by a named rule, decided once the
    # question is known (the rule looks for the question's entity and noun).
    for sent, prepared in pending:
        has_number = any(q.sentence == sent.index for q in quantities)
        rule = None if has_number or sent.labels else set_aside(prepared, persons, questions)
        if rule is not None:
            sent.status = "ignored"
            sent.labels.append(f"set_aside:{rule}")
    if not questions and question_error is None:
        question_error = "no_question_found"
    return Parse(text, quantities, sentences, questions, question_error, persons, leads)
