"""The accounting of words: what a reading must have claimed before the pool may commit.

The sentence rules match a sentence whole, but their slots (a unit, a holder) take any
word, and the question rules keep only the words they need. This module checks the
reading against the text, fail closed, and names the first word nothing accounts for:

- ``not_a_noun``: a unit slot holds a word the English lexicon has no noun for ("10
  more later", "sold 10 quickly"): a word that is not a noun is never a unit;
- ``question_word_unbound``: a word of the question that the problem never uses and
  that is not in the closed lexicon of question words ("How many good seashells" where
  nothing is said to be good; "from his garden" where no garden is named);
- ``count_without_plural``: a count of two or more before a word no plural noun is
  written as ("She found 4 extra", "sold 4 red"): the word is not what is counted;
- ``change_before_present_state``: a holding stated in the present ("Paul has 29 toy
  cars") and then a change set at a past time ("He lost 7 toy cars yesterday"): the
  holding is after the change, which it already counts, not before it;
- ``two_units_of_one_measure``: quantities of one measure in two units ("3 dollars" and
  "50 cents") that no rule converted (reason ``mixed_units``).

The lexicon of nouns is lemminflect's English dictionary (every form it lists as a
noun); the closed word lists of this module are the words that may be passed over, each
with its role.
"""

from __future__ import annotations

import gzip
import importlib.util
import itertools
import pathlib
import re
from collections import Counter
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import Literal

from pytest_core_verify.systems._extras import ExtraMissing

from ._lexicon import NAME_GENDER, NUMBER_WORDS, TENS_WORDS, singular
from ._parse import SYNONYMS
from ._units import FAMILY, UNIT_MEASURE, factor_between, unit_of

__all__ = [
    "COMPARATIVE",
    "COMPLEMENTS",
    "NOT_UNITS",
    "PART_OF",
    "PART_RULES",
    "PASSABLE_ADJECTIVES",
    "QUESTION_VERBS",
    "QUESTION_WORDS",
    "Finding",
    "account",
    "account_sentences",
    "change_before_present",
    "count_without_plural",
    "dropped_modifier",
    "is_noun",
    "lemmas",
]

Why = Literal[
    "not_a_noun",
    "count_without_plural",
    "change_before_present_state",
    "question_word_unbound",
    "two_units_of_one_measure",
    "part_of_stock_unread",
    "comparative_not_a_relation",
    "deleted_by_rewrite",
]


@dataclass(frozen=True)
class Finding:
    """The first word a reading does not account for, and why."""

    reason: Literal["unread_word", "mixed_units"]
    sentence: int
    word: str
    why: Why

    def to_json(self) -> dict[str, object]:
        return {"sentence": self.sentence, "word": self.word, "why": self.why}


def words(text: str) -> frozenset[str]:
    """A closed word list written as one string of words."""
    return frozenset(text.split())


#: Words a question may use that select nothing, by role. Every other word of the
#: question must be a word of the problem (by lemma) or a name.
QUESTION_WORDS: dict[str, frozenset[str]] = {
    "asks": words(
        "how many much what which who whose when where long far fast old tall big heavy "
        "number amount"
    ),
    "function": words(
        "is are was were be been being am do does did doing done will would can could shall "
        "should may might must has have had having the a an of in on at to for from with by "
        "into onto out up down over off about than then that this these those it its it's "
        "he she they him her them his hers their theirs we us our you your i me my there "
        "and or but if so as each every per one ones all both any some another other others "
        "not n't no s 's away back"
    ),
    "sum": words("total altogether together combined sum in all overall"),
    "state": words(
        "now left still remaining remain remains rest end finally then after before yet "
        "already currently originally first beginning start last"
    ),
    "comparison": words("more fewer less times twice difference between"),
    # the measure a quantity is asked in when the question names no unit
    "measure": words(
        "money cost costs costed pay paid spend spent worth price change speed "
        "distance rate average weigh weight time"
    ),
    "need": words("need needs needed get got take takes took make makes made"),
}
_QUESTION_WORD = frozenset().union(*QUESTION_WORDS.values())
#: The roles whose words, before the asked noun, select nothing.
_NOT_SELECTING = frozenset().union(
    *(QUESTION_WORDS[role] for role in ("function", "sum", "state", "comparison"))
)

#: The verbs a kind of question binds by itself (lemmas): "how many cages did they use"
#: asks for the containers, whatever the verb of filling them is.
QUESTION_VERBS: dict[str, frozenset[str]] = {
    "packed": words("use fill need create make form go put"),
    "containers": words("use fill need create make form go put"),
    "per_each": words("go put get receive"),
    "speed": words("go travel walk run drive ride"),
    "goal": words("buy find pick collect get give finish complete make save earn gather"),
    "need_left": words("buy find pick collect get give finish complete make save earn gather"),
    "afford": words("buy purchase afford get"),
    "rate_times": words("score earn get make"),
}


@lru_cache(maxsize=1)
def _lexicon() -> dict[str, str]:
    """lemminflect's lemma table, word -> its rows ("category,lemma/lemma" lines), read
    from the installed package's data files once per process (about 0.2 s; a word's
    rows are parsed when it is first looked up).

    Only the table is read, not the package's code: that code imports numpy, whose C
    extension cannot load where ``datetime`` is the pure-Python module (the replay
    helper runs lanes so), and the lookup needs none of it."""
    spec = importlib.util.find_spec("lemminflect")
    if spec is None or not spec.submodule_search_locations:
        raise ExtraMissing(
            "the verifier's word accounting needs the 'lemminflect' package (its English "
            "lemma table); install it with: pip install 'pytest-core-verify[verifier]'"
        )
    resources = pathlib.Path(next(iter(spec.submodule_search_locations))) / "resources"
    with gzip.open(resources / "lemma_lu.csv.gz", "rt", encoding="utf-8") as f:
        rows = f.read().splitlines()
    overrides = (resources / "lemma_overrides.csv").read_text(encoding="utf-8").splitlines()
    table: dict[str, str] = {}
    for row in [*rows, *(r for r in overrides if r and not r.startswith("#"))]:
        word, _, rest = row.partition(",")
        table[word] = f"{table[word]}\n{rest}" if word in table else rest
    return table


@lru_cache(maxsize=1)
def _noun_plurals() -> dict[str, frozenset[str]]:
    """lemminflect's inflection table, noun -> its plural forms ("sheep" -> {"sheep"},
    "extra" -> {"extras"}), read once per process like the lemma table (about 0.1 s)."""
    _lexicon()  # names the missing package, if it is
    spec = importlib.util.find_spec("lemminflect")
    assert spec is not None and spec.submodule_search_locations
    resources = pathlib.Path(next(iter(spec.submodule_search_locations))) / "resources"
    with gzip.open(resources / "infl_lu.csv.gz", "rt", encoding="utf-8") as f:
        rows = f.read().splitlines()
    table: dict[str, frozenset[str]] = {}
    for row in rows:
        word, category, *forms = row.split(",")
        if category == "noun" and forms and forms[0]:
            table[word] = frozenset(forms[0].split("/"))
    return table


@lru_cache(maxsize=16384)
def getAllLemmas(word: str) -> dict[str, tuple[str, ...]]:
    """Every part of speech the lexicon lists ``word`` under (lower case), with its
    lemmas; an empty dict for a word it does not list."""
    found: dict[str, tuple[str, ...]] = {}
    for row in _lexicon().get(word.lower(), "").splitlines():
        category, _, forms = row.partition(",")
        found[category.upper()] = tuple(forms.split("/"))
    return found


@lru_cache(maxsize=8192)
def lemmas(word: str) -> frozenset[str]:
    """Every lemma of ``word`` the lexicon knows (all parts of speech), with the word and
    its singular: two words are the same word if these sets meet."""
    lower = word.lower()
    found = {lower, singular(lower)}
    found |= {SYNONYMS[w] for w in found if w in SYNONYMS}
    for forms in getAllLemmas(lower).values():
        found.update(forms)
    return frozenset(found)


#: A modifier of the asked noun that a rewrite turned into its complement, and the
#: reading that must carry that complement for the word to be accounted for: "how many
#: good games" after "7 of the games didn't work" is read as what is left after 7 broke
#: (a ``lose`` clause cued "broke"); "how many bad apples" after "15 were good" as the
#: apples not good (a ``subset_not`` question of part "good"). Anything else binds the
#: word as written or refuses.
COMPLEMENTS: dict[str, frozenset[tuple[str, str]]] = {
    "good": frozenset({("lose", "broke")}),
    "working": frozenset({("lose", "broke")}),
    "bad": frozenset({("subset_not", "good")}),
    "extra": frozenset({("lose", "used")}),
}

#: Words of time and place that follow a number yet never name what is counted ("sold
#: 10 today", "finds 10 more later", "sold 10 online"), though some are nouns elsewhere.
NOT_UNITS = words(
    "today yesterday tomorrow tonight later earlier online offline away back ago apiece "
    "altogether together total overall instead again already now then there here home "
    "outside inside upstairs downstairs abroad before after"
)


@lru_cache(maxsize=8192)
def is_noun(word: str) -> bool:
    """``word`` (a unit's head, singular, lower case) may be a noun: a unit of the
    table, or a word the lexicon does not list only as an adverb, an adjective or a
    verb's -ing/-ed form, and not a word of time or place (``NOT_UNITS``).

    The lexicon's dictionary lists inflected forms, not every noun ("clarinet" is not
    in it), so a word it does not know passes; one it knows otherwise does not."""
    if unit_of(word) is not None:
        return True
    if word in NOT_UNITS:
        return False
    forms = [word, word + "s", word + "es", word[:-1] + "ies" if word.endswith("y") else ""]
    pos: set[str] = set()
    for form in forms:
        if form:
            pos |= set(getAllLemmas(form))
    if not pos or "NOUN" in pos:
        return True
    if pos <= {"ADJ", "ADV"}:
        return False
    return not word.endswith(("ing", "ed"))


_WORD = re.compile(r"[A-Za-z]+(?:'[a-z]+)?")
_NUMBER = re.compile(r"\d+(?:\.\d+)?(?:/\d+)?")


def _unit_words(value: str) -> list[str]:
    return [w for w in value.split() if w.isalpha()]


def _bad_unit(value: str, capitalised: frozenset[str]) -> str | None:
    """The first word of a unit phrase that cannot be part of a noun phrase: the head
    must be a noun; a modifier may not be a word the lexicon knows only as an adverb."""
    parts = _unit_words(value)
    if not parts:
        return None
    head = parts[-1]
    if head not in capitalised and head + "s" not in capitalised and not is_noun(head):
        return head
    for w in parts[:-1]:
        pos = getAllLemmas(w)
        if pos and set(pos) <= {"ADV"}:
            return str(w)
    return None


#: A time the question selects ("last week", "on Monday", "in the morning"): a phrase of
#: reference, which the body must name as such (its noun is no unit the answer is in).
_TIME_ANCHOR = re.compile(
    r"\b(?:(?:this|last|next|that) (?:second|minute|hour|day|week|weekend|month|year|decade|"
    r"century|season|spring|summer|fall|autumn|winter|semester|term|night|morning|evening|"
    r"afternoon)|on (?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)|"
    r"in the (?:morning|afternoon|evening)|at night|yesterday|today|tomorrow|tonight)\b",
    re.IGNORECASE,
)


def _time_unbound(question: str, body: str) -> str | None:
    """The question's time ("How many did Kim pick last week?") where the body never
    names it, names another time too ("30 last week and 20 this week"), or states a
    number of no time outside a rate: the numbers may be of another time than the one
    asked. Else None."""
    anchor = _TIME_ANCHOR.search(question)
    if anchor is None:
        return None
    asked = anchor.group(0).lower()
    named = {m.group(0).lower() for m in _TIME_ANCHOR.finditer(body)}
    if named != {asked}:
        return anchor.group(0)
    # a number stated at no time ("She picked 20 apples") may be of another time; a rate
    # ("7 peanuts each time") is of every time
    for sentence in re.split(r"(?<=[.!])\s+", body):
        if (
            _NUMBER.search(sentence)
            and asked not in sentence.lower()
            and not re.search(r"\b(?:each|every|per)\b", sentence, re.IGNORECASE)
        ):
            return anchor.group(0)
    return None


def _question_unbound(
    question: str,
    body: str,
    persons: frozenset[str],
    claimed: frozenset[str],
    modifiers: tuple[str, ...] = (),
) -> str | None:
    """The first content word of the question the body does not use (``claimed``: the
    words the question's rule binds itself: its verb, its holders, a kind noun)."""
    body_lemmas: set[str] = set()
    for w in _WORD.findall(body):
        body_lemmas |= lemmas(w)
    # The modifiers of the asked noun ("How many broken eggs") bind as written: a body
    # that says "breaks 5 eggs" says which eggs broke, not that any are "broken" ones.
    surface = {singular(w.lower()) for w in _WORD.findall(body)}
    for w in modifiers:
        # "how many more apples", "how many total apples": words of those roles select
        # nothing; an adjective of size or age ("big", "old") does, though "how big" asks
        if w in _NOT_SELECTING or unit_of(w) is not None:
            continue
        if singular(w) not in surface and w not in surface:
            return str(w)
    anchor = _time_unbound(question, body)
    if anchor is not None:
        return anchor
    for w in _WORD.findall(question):
        w = w.removesuffix("'s")
        lower = w.lower()
        if w in persons or w in NAME_GENDER or lemmas(w) & claimed:
            continue
        if lemmas(w) & _QUESTION_WORD:
            continue
        if lower in NUMBER_WORDS or lower in TENS_WORDS:
            continue
        if unit_of(lower) is not None:
            # a unit is bound by the measure check: asked in another unit of one measure
            continue
        if lemmas(w) & body_lemmas:
            continue
        return str(w)
    return None


def _units_used(text: str) -> list[str]:
    """Every unit the text names (after a number, "how many", "per", "a"/"an", "each",
    "every", "one"), in text order."""
    found: list[str] = []
    for m in re.finditer(
        r"(?:\d|\b(?:how many|per|an?|each|every|one)) ((?:fluid )?[a-z]+)", text, re.IGNORECASE
    ):
        unit = unit_of(m.group(1))
        if unit is not None and unit not in found:
            found.append(unit)
    return found


def _rate_of(text: str, a: str, b: str) -> bool:
    """``a`` is counted per ``b`` ("3 hours each day", "6 hours a day", "2 hours per
    day"): a rate, whose count of ``b`` needs no conversion."""
    for m in re.finditer(r"\d+(?:\.\d+)? ([a-z]+),? (?:each|per|every|a|an) ([a-z]+)", text):
        if unit_of(m.group(1)) == a and unit_of(m.group(2)) == b:
            return True
    return False


def _factor_stated(text: str, a: str, b: str) -> bool:
    """A sentence states the exact factor between units ``a`` and ``b`` ("There are 60
    minutes in an hour", "A gallon is 4 quarts")."""
    wanted = {factor_between(a, b), factor_between(b, a)}
    for sentence in re.split(r"(?<=[.?!])\s+", text):
        units = {unit_of(w) for w in _WORD.findall(sentence)}
        if a in units and b in units:
            for n in _NUMBER.findall(sentence):
                if "/" not in n and Fraction(n) in wanted:
                    return True
    return False


#: A part of a stock ("3/8 of his money", "20 percent of it", "half of them"): an
#: operation on that stock, never an amount of its own.
PART_OF = re.compile(
    r"(?:\d+/\d+|\b\d*\.\d+|\d+(?:\.\d+)? percent|\b(?:half|thirds?|quarters?|fourths?|"
    r"fifths?|sixths?|eighths?|tenths?)) of\b"
)
#: The rules that build a part of a stock as an operation on it.
PART_RULES = frozenset(
    {"frac_own", "frac_own_on", "frac_give", "frac_give_to", "subset", "part_frac"}
)
#: A comparison ("15 more than", "twice as many as", "3 times as old as").
COMPARATIVE = re.compile(
    r"\bthan\b|\bas (?:many|much|old|long|tall|far)\b|\btwice\b|\bthrice\b|\bdouble\b|"
    r"\btriple\b"
)


#: Adjectives a rewrite may pass over before a noun, by role: they say the containers are
#: distinct or equal, and select none of them ("the rest into 5 different albums").
PASSABLE_ADJECTIVES: dict[str, frozenset[str]] = {
    "distinctness": words("different separate other"),
    "equality": words("equal same"),
}
_PASSABLE = frozenset().union(*PASSABLE_ADJECTIVES.values())


def dropped_modifier(problem_text: str, normalized: str) -> str | None:
    """The first adjective of the problem's body that the rewrites deleted before a noun
    they kept ("If 7 of the new games ..." read without "new"), unless it is a
    listed passable adjective. Only words the lexicon lists as adjectives and nothing
    else count ("new", "tall", "tiny"): "game" or "cooked" deleted from a setting are
    other words, which this check does not yet see."""
    body = " ".join(
        s for s in re.split(r"(?<=[.?!])\s+", problem_text.strip()) if not s.endswith("?")
    )
    kept = Counter(w.lower() for w in _WORD.findall(normalized))
    lost = Counter(w.lower() for w in _WORD.findall(problem_text)) - kept
    tokens = [w.lower() for w in _WORD.findall(body)]
    for w, nxt in itertools.pairwise(tokens):
        if w not in lost or w in _QUESTION_WORD or w in _PASSABLE or nxt not in kept:
            continue
        pos = set(getAllLemmas(w))
        if pos and pos <= {"ADJ"} and "NOUN" in getAllLemmas(nxt):
            return str(w)
    return None


def account_sentences(sentences: list[tuple[int, str, str | None, set[str]]]) -> Finding | None:
    """Body sentences (index, text, rule, clause kinds) whose constructions only some
    rules may read: a part of a stock must be read by a part rule, a comparison into
    relations (kind ``rel``, or ``change_than`` with another time); any other reading of
    them drops their meaning."""
    for index, text, rule, kinds in sentences:
        m = PART_OF.search(text)
        if m and not set((rule or "").split("+")) & PART_RULES:
            return Finding("unread_word", index, m.group(0), "part_of_stock_unread")
        c = COMPARATIVE.search(text)
        if c and not kinds & {"rel", "change_than"}:
            return Finding("unread_word", index, c.group(0), "comparative_not_a_relation")
    return None


def count_without_plural(
    text: str, counted: list[tuple[int, Fraction, int, str]]
) -> Finding | None:
    """A unit a clause holds for a whole count of two or more (``counted``: its sentence,
    the count, where the count ends in ``text``, the unit) that the text writes right
    after the count (or after "more") as no plural noun: English counts a noun in its
    plural, so the word is not what the number counts. It is a noun's singular whose
    plural is another word ("She found 4 extra": "extras"), or an adjective left without
    its noun ("She found 4 red", "sold 4 broken"), which may select among the stock.
    A unit of the table is a measure word ("6 foot board", "3 dozen eggs"), and a noun
    whose plural is itself ("5 fish", "3 sheep") is counted as written."""
    for sentence, value, end, unit in counted:
        if value.denominator != 1 or value < 2 or " " in unit or unit_of(unit) is not None:
            continue
        written = re.match(r" (?:more )?([a-z]+)\b", text[end:])
        if written is None or singular(written.group(1)) != unit:
            continue
        word = written.group(1)
        if not _counted_as_written(word):
            return Finding("unread_word", sentence, word, "count_without_plural")
    return None


def _counted_as_written(word: str) -> bool:
    """``word`` may name what a count of two or more counts: a plural of another form
    ("pens", "crackers", "mice"), a noun whose plural is itself and that is no adjective
    ("fish", "sheep", "candy"; not "red", whose "reds" the table also lists as "red"), or
    a word the tables do not know that is no adjective ("clarinet")."""
    pos = getAllLemmas(word)
    plurals = _noun_plurals()
    if any(lemma != word and word in plurals.get(lemma, ()) for lemma in pos.get("NOUN", ())):
        return True
    if "ADJ" in pos:
        return False
    return word in plurals.get(word, frozenset({word})) or not pos


#: A time before now that a change may be set at ("yesterday", "last week", "3 days ago").
PAST_TIME = re.compile(
    r"\b(?:yesterday|last (?:night|week|weekend|month|year|season|summer|winter|spring|fall|"
    r"autumn|time|Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)|\d+ "
    r"(?:days?|weeks?|months?|years?|hours?) ago|earlier|previously|before that)\b",
    re.IGNORECASE,
)
#: The kinds of clause that change a stock.
CHANGE_KINDS = frozenset({"gain", "lose", "give", "give_frac", "lose_frac", "purchase"})
#: The verbs of a holding stated in the present.
_PRESENT = frozenset({"has", "have", "is", "are"})


def change_before_present(
    sentences: list[tuple[int, str, list[tuple[str, str]]]],
) -> Finding | None:
    """The first change set at a past time (``PAST_TIME``) after a holding stated in the
    present (``sentences``: each read sentence's index, text and clauses as (kind, cue)):
    "Paul has 29 toy cars. He lost 7 toy cars yesterday" holds 29 after the loss, so
    taking 7 from it counts the loss twice."""
    present = False
    for index, text, clauses in sentences:
        past = PAST_TIME.search(text)
        if present and past and any(kind in CHANGE_KINDS for kind, _cue in clauses):
            return Finding("unread_word", index, past.group(0), "change_before_present_state")
        if any(kind == "have" and cue.lower() in _PRESENT for kind, cue in clauses):
            present = True
    return None


def account(
    text: str,
    body: str,
    question: str,
    question_index: int,
    units: list[tuple[int, str]],
    persons: frozenset[str],
    claimed: frozenset[str] = frozenset(),
    modifiers: tuple[str, ...] = (),
    counted: list[tuple[int, Fraction, int, str]] | None = None,
) -> Finding | None:
    """The first finding over a parse (``units``: every unit phrase a clause or the
    question holds, with its sentence; ``counted``: the counts of the clauses, as
    ``count_without_plural`` takes them), or None if every word is accounted for."""
    capitalised = frozenset(w.lower() for w in re.findall(r"\b[A-Z][a-z]+\b", text))
    for sentence, value in units:
        bad = _bad_unit(value, capitalised)
        if bad is not None:
            return Finding("unread_word", sentence, bad, "not_a_noun")
    uncounted = count_without_plural(text, counted or [])
    if uncounted is not None:
        return uncounted
    unbound = _question_unbound(question, body, persons, claimed, modifiers)
    if unbound is not None:
        return Finding("unread_word", question_index, unbound, "question_word_unbound")
    # the units the text names and the units the reading holds ("3 meters of rope" may
    # be read as "3 rope meters": its unit is the head of the phrase)
    held = [
        u
        for sentence, value in units
        if sentence != question_index and (u := unit_of(value.split()[-1])) is not None
    ]
    by_family: dict[str, list[str]] = {}
    for unit in _units_used(text) + held:
        named = by_family.setdefault(FAMILY[UNIT_MEASURE[unit][0]], [])
        if unit not in named:
            named.append(unit)
    for family in sorted(by_family):
        named = by_family[family]
        for i, a in enumerate(named):
            for b in named[i + 1 :]:
                # A factor the problem states exactly joins two units; so does one unit
                # counted per the other ("3 hours each day for 5 days", when they are
                # the only two): nothing else does, not even the table (a conversion
                # the reader did not make is a wrong answer).
                if _factor_stated(text, a, b):
                    continue
                if len(named) == 2 and (_rate_of(text, a, b) or _rate_of(text, b, a)):
                    continue
                return Finding(
                    "mixed_units", question_index, f"{a},{b}", "two_units_of_one_measure"
                )
    return None
