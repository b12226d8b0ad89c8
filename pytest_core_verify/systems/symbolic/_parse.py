"""Reading utterances: intent, the question's topic, and a claim's subject/relation/object/polarity.

Refusing is the default. A sentence is read only when the whole of it matches one of the forms
below, and a term is made of content words: it may not contain a grammar word (a negation,
quantifier, conditional, hedge, conjunction, pronoun, modal, comparison, relation word or an
inner article), and every other word must be a noun or adjective the lexicon knows (``_content``),
a verb form a term can hold, or a word a rule of position reads (a name, a symbol, a compound,
a word of the dialogue's vault; ``_check_content``); comparatives, ordinals before a noun and
the passive with an object are refused by their form and place (``_forms``). Everything else
is refused with a named
reason (``REFUSAL_REASONS``) and nothing is stored, because a wrong premise in the vault is
worse than a missed one.

Claim forms (``V`` is ``is``/``are``, ``requires``/``require``, ``precedes``/``precede`` or
``presupposes``/``presuppose``; ``B`` is the base form ``require``/``precede``/``presuppose``)::

    X V Y                 positive
    X is not Y            negative (also are not, isn't, aren't)
    X is never Y          negative
    X is no Y             negative (also "X requires no Y", "X precedes no Y", ...)
    X does not B Y        negative (also do not, doesn't, don't)
    no X V Y              negative ("no X is Y", "no Xs are Ys", "no X requires Y")
    all Xs V Y            positive, V plural ("all cats are mammals" -> cat is mammal)
    every X V Y           positive, V singular ("every cat is a mammal" -> cat is mammal)

Terms are case-folded and NFKC-normalised (full-width ``Cat`` and ``cat`` are one term),
single-spaced, and lose one leading article. A term the sentence marks as plural
(the subject of a plural verb, the bare object of ``are``, the X of ``What are X?``) is stored
under its singular (see ``_number``).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Set
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Final, Literal

from pytest_core_verify.systems.symbolic._claims import Claim, Polarity, Relation
from pytest_core_verify.systems.symbolic._content import (
    adverb_by_derivation,
    has_no_singular,
    is_adjective,
    is_count_noun,
    is_distinct_participle,
    is_flat_adverb,
    is_noun,
    is_plural_noun,
    is_predicative,
    is_verb,
    is_verb_ing,
    noun_lemmas,
    word_kind,
)
from pytest_core_verify.systems.symbolic._forms import degree_or_ordinal, passive
from pytest_core_verify.systems.symbolic._lexicon import (
    CLOSED_CLASS_ORDER,
    CLOSED_CLASSES,
    EMPHATIC_AFTER_QUANTIFIER,
    NOT_PLURALS,
    PREPOSITIONS,
    closed_class,
    measure_noun,
)
from pytest_core_verify.systems.symbolic._number import AmbiguousPlural, singular
from pytest_core_verify.systems.symbolic._reasons import REFUSAL_REASONS, RefusalReason

__all__ = [
    "GRAMMAR_WORDS",
    "MAX_TERM_CHARS",
    "MAX_TERM_WORDS",
    "MAX_UTTERANCE_CHARS",
    "REFUSAL_REASONS",
    "ClaimParseError",
    "Intent",
    "ParsedUtterance",
    "RefusalReason",
    "echo",
    "fold",
    "normalise_term",
    "parse_claim",
    "parse_utterance",
]

Intent = Literal["question", "correction", "statement", "other"]


MAX_UTTERANCE_CHARS: Final = 500
MAX_TERM_CHARS: Final = 64
MAX_TERM_WORDS: Final = 6
_ECHO_CHARS: Final = 32

_ARTICLES: Final = frozenset({"a", "an", "the"})
_SINGULAR_VERBS: Final[dict[str, Relation]] = {
    "is": "is",
    "requires": "requires",
    "precedes": "precedes",
    "presupposes": "presupposes",
}
_BASE_VERBS: Final[dict[str, Relation]] = {
    "are": "is",
    "require": "requires",
    "precede": "precedes",
    "presuppose": "presupposes",
}
_AUXILIARIES: Final = frozenset({"does", "do"})
_VERB_WORDS: Final = frozenset({*_SINGULAR_VERBS, *_BASE_VERBS, *_AUXILIARIES})
_NEGATORS: Final = frozenset({"no", "not", "never"})
_LEADING_QUANTIFIERS: Final = frozenset({"no", "all", "every"})

_REFUSED_WORDS: Final[tuple[tuple[RefusalReason, frozenset[str]], ...]] = tuple(
    (cls, CLOSED_CLASSES[cls]) for cls in CLOSED_CLASS_ORDER
)
#: Every word a term may not contain (and a term may not open with a numeral in digits).
GRAMMAR_WORDS: Final[frozenset[str]] = frozenset(
    {
        *(word for words in CLOSED_CLASSES.values() for word in words),
        *_VERB_WORDS,
        *_NEGATORS,
        *_LEADING_QUANTIFIERS,
        *_ARTICLES,
    }
)

_META_SUBJECTS: Final = frozenset({"that", "this", "it", "you", "i"})
_JUDGEMENTS: Final = frozenset(
    [
        "no",
        "yes",
        "wrong",
        "right",
        "correct",
        "incorrect",
        "true",
        "false",
        "not",
        "quite",
        "so",
        "nope",
        "yep",
        "exactly",
        "mistaken",
        "a",
        "an",
        "mistake",
        "error",
    ]
)
_CONTRACTIONS: Final = (
    ("isn't", "is not"),
    ("aren't", "are not"),
    ("doesn't", "does not"),
    ("don't", "do not"),
    ("that's", "that is"),
    ("it's", "it is"),
    ("what's", "what is"),
    ("who's", "who is"),
)
_CORRECTION: Final = re.compile(r"^(?:actually\b[,:]?|no\s*[,:]|correction\s*[,:])\s*", re.I)
_TOKEN: Final = re.compile(r"[^\s,;:]+|[,;:]")


class ClaimParseError(ValueError):
    """A claim that cannot be read unambiguously; the message says why, ``reason`` names it."""

    def __init__(self, message: str, reason: RefusalReason = "no_relation") -> None:
        super().__init__(message)
        self.reason: RefusalReason = reason


@dataclass(frozen=True)
class _Context:
    """What the sentence and the dialogue tell of words the lexicon does not know.

    ``names``: the words written with a capital past the sentence's first word (``Paris`` in
    ``What is Paris?``); ``known``: the words of terms the dialogue has already read.
    """

    names: Set[str] = field(default_factory=frozenset)
    known: Set[str] = field(default_factory=frozenset)


_NO_CONTEXT: Final = _Context()


@dataclass(frozen=True)
class ParsedUtterance:
    """What an utterance is, and its content when it has one."""

    intent: Intent
    topic: str | None = None  # the normalised X of "What is X?" / "Is X a Y?"
    claim: Claim | None = None  # the premise of a correction or statement
    error: str | None = None  # why the question or claim could not be read
    reason: RefusalReason | None = None  # the named refusal reason, with ``error``
    asked: Claim | None = None  # the claim a yes/no question asks about
    written: str | None = None  # the claim as the person wrote it (marker removed)


def fold(text: str) -> str:
    """Term identity: NFKC, Unicode case folding, NFKC again (full-width ``Cat`` -> ``cat``)."""
    text = unicodedata.normalize("NFKC", text).replace("\u2019", "'")
    return unicodedata.normalize("NFKC", text.casefold())


def echo(text: str) -> str:
    """A short quoted prefix of ``text`` for messages: never more than a few dozen characters."""
    if len(text) <= _ECHO_CHARS:
        return repr(text)
    return repr(text[:_ECHO_CHARS]) + f"... ({len(text):,} characters)"


def _is_word(word: str) -> bool:
    # Letters, digits and combining marks; inner hyphens and apostrophes; starts with a letter
    # or digit and ends with a letter, digit or mark.
    if unicodedata.category(word[0])[0] not in "LN" or word[-1] in "'-":
        return False
    return all(unicodedata.category(ch)[0] in "LNM" or ch in "'-" for ch in word)


def _tokens(text: str) -> list[str]:
    folded = " " + fold(text).strip() + " "
    for short, long in _CONTRACTIONS:
        folded = folded.replace(f" {short} ", f" {long} ")
    return _TOKEN.findall(folded)


def _refused_word(tokens: list[str]) -> tuple[RefusalReason, str] | None:
    found = [(reason, word) for word in tokens if (reason := closed_class(word)) is not None]
    if not found:
        return None
    return min(found, key=lambda item: CLOSED_CLASS_ORDER.index(item[0]))


def _progressive(object_words: list[str]) -> str | None:
    """The -ing form of a verb opening the bare object of ``is``: the progressive.

    Where the object of ``is`` has no article, a verb in -ing that is no adjective stands
    where the progressive stands: ``Tom is eating fish`` is "Tom eats fish" in the present,
    not a claim that Tom is an "eating fish"; ``X is being Y`` is the progressive of the
    copula. An adjective in -ing (``living``, ``interesting``) and a gerund after an article
    (``a cell is a living being``) are read. The cost: a bare gerund object (``fun is baking
    bread``) is refused with the progressives, which it cannot be told from by form.
    """
    if object_words[:1] == ["being"] or (object_words and is_verb_ing(object_words[0])):
        return object_words[0]
    return None


def _refuse_progressive(object_words: list[str]) -> None:
    word = _progressive(object_words)
    if word is not None:
        raise ClaimParseError(
            f"{word!r} after 'is'/'are' is the progressive ('X is being Y', 'X is eating Y'); "
            "only the simple present 'X is Y' is read",
            "unsupported_verb",
        )
    refused = passive(object_words)
    if refused is not None:
        raise ClaimParseError(refused[1], refused[0])


def _unknown_word_read(words: list[str], at: int, opens: bool, context: _Context) -> bool:
    """Does a rule of position or form read ``words[at]``, which the lexicon does not know?"""
    word = words[at]
    if word in context.names or word in context.known:
        return True  # a capitalised name, or a word of a term the dialogue already holds
    if any(ch.isdigit() for ch in word) or (len(word) == 1 and word.isalpha()):
        return True  # a symbol (x1, p, route 66); a numeral opening a term is refused before
    if "-" in word:
        return all(_part_is_content(part) for part in word.split("-"))  # warm-blooded
    if _archaic_verb_form(word):
        return False  # existeth, hadst: a verb, and no compound of "dwell" and "eth"
    if _is_compound(word):
        return True  # airflow: two nouns or adjectives written as one word
    if len(words) == 1:
        # A term of one word is a name or a noun by position, whatever its case ("a
        # chordate", "Socrates is mortal", "the wheat is socrates"), when it has the form of
        # one (``_name_form``): a cry ("shh", "hmmm") or a word built of function words
        # ("whereon", "herewith") has not.
        return _name_form(word)
    # The first word of a sentence before names only is a name ("Mount Everest" is read by
    # the lexicon; "Xanadu Hills" by this rule), whatever its capital says.
    return opens and at == 0 and all(w in context.names or w.isdigit() for w in words[1:])


_MIN_COMPOUND_PART: Final = 3
_VOWELS: Final = frozenset("aeiouy")
_MIN_FUNCTION_PART: Final = 2


def _name_form(word: str) -> bool:
    """Has ``word``, which no table holds, the form of a name or a noun?

    Not when it has no vowel (``shh``, ``psst``, ``hmph``: a cry, or an abbreviation that
    should be spelled out), holds a letter three times running (``hmmm``, ``ahhh``), or is
    built wholly of function words (``whereon``: where + on, ``howsoever``: how + so + ever,
    ``herewith``, ``thereto``), as the archaic adverbs and conjunctions are.
    """
    letters = [ch for ch in word if ch.isalpha()]
    if letters and all(ch.isascii() for ch in letters) and not _VOWELS & set(letters):
        return False
    if any(word[i] == word[i + 1] == word[i + 2] for i in range(len(word) - 2)):
        return False
    return not _function_compound(word)


#: The archaic endings of a verb: the third person in -eth (``existeth``), the second in
#: -est and -st (``mayest``, ``hadst``, ``canst``).
_ARCHAIC_VERB_ENDINGS: Final = ("eth", "th", "est", "st")
_MIN_ARCHAIC_STEM: Final = 2


def _archaic_verb_form(word: str) -> bool:
    """Is ``word``, which no table holds, a verb or modal with an archaic ending?

    Asked only of words the tables do not know, so ``interest`` and ``digest`` (listed
    nouns) are never taken apart; the stem must be a verb form, a modal or an auxiliary.
    """
    for end in _ARCHAIC_VERB_ENDINGS:
        stem = word[: -len(end)]
        if not word.endswith(end) or len(stem) < _MIN_ARCHAIC_STEM:
            continue
        if stem in _AUXILIARIES or closed_class(stem) in ("modal", "unsupported_verb"):
            return True
        if is_verb(stem):
            return True  # dwelleth: dwell is a noun too, but a verb is what takes -eth
    return False


def _is_function_word(word: str) -> bool:
    return (
        word in GRAMMAR_WORDS
        or word in PREPOSITIONS
        or closed_class(word) is not None
        or word_kind(word) == "adverb"
    )


@lru_cache(maxsize=4096)
def _function_compound(word: str) -> bool:
    """Does ``word`` split wholly into function words of two letters or more?"""
    return any(
        _is_function_word(word[:cut])
        and (_is_function_word(word[cut:]) or _function_compound(word[cut:]))
        for cut in range(_MIN_FUNCTION_PART, len(word) - _MIN_FUNCTION_PART + 1)
    )


def _part_is_content(part: str) -> bool:
    if not part or part in GRAMMAR_WORDS or closed_class(part) is not None:
        return False
    return word_kind(part) in ("content", "verb_base", "gerund", "participle")


def _is_compound(word: str) -> bool:
    return any(
        word_kind(word[:cut]) == "content"
        and word_kind(word[cut:]) == "content"
        and word[:cut] not in GRAMMAR_WORDS
        and word[cut:] not in GRAMMAR_WORDS
        and closed_class(word[:cut]) is None
        and closed_class(word[cut:]) is None
        for cut in range(_MIN_COMPOUND_PART, len(word) - _MIN_COMPOUND_PART + 1)
    )


def _check_content(
    words: list[str],
    role: str,
    opens: bool,
    context: _Context,
    *,
    plural: bool = False,
    article: str | None = None,
) -> None:
    """Every word of a term is a content word, a preposition between two, or read by a rule.

    The closed classes have been refused before; this is the backstop for every word they
    do not list: the lexicon must know the word as a noun or adjective (or a verb form a term
    can hold), or a rule of position must read it (``_unknown_word_read``).
    """
    shown = echo(" ".join(words))
    last = len(words) - 1
    for at, word in enumerate(words):
        if word in PREPOSITIONS:
            # Between two words of a term; opening or closing one is refused before. A noun
            # before "of" and a plural counts or groups what follows (loads of cats, a bunch
            # of flowers): the term names a quantity, not a thing.
            if word == "of":
                _refuse_quantity(words[at - 1], words[at + 1], role, shown, plural=plural)
            continue
        kind = word_kind(word)
        if at == last and at > 0 and is_verb_ing(word) and is_noun(words[at - 1]):
            # After a noun, closing the term, a verb in -ing is a clause of its own ("a tree
            # sleeping", "a river becoming"), not a part of the name.
            raise ClaimParseError(
                f"the {role} {shown} ends with the verb form {word!r} after a noun: a clause "
                f"({REFUSAL_REASONS['unsupported_verb']})",
                "unsupported_verb",
            )
        if is_predicative(word) and (len(words) > 1 or role != "object"):
            raise ClaimParseError(
                f"the {role} {shown} holds {word!r}, a predicative word in a- (asleep, afloat, "
                "aboard), which says where or how a thing is and stands only as the whole "
                f"object of 'is' ({REFUSAL_REASONS['adverb']})",
                "adverb",
            )
        if adverb_by_derivation(word) or is_flat_adverb(word):
            raise ClaimParseError(
                f"the {role} {shown} contains {word!r}, an adverb of direction, place or manner "
                f"(-wise, -ward, a particle and a word) ({REFUSAL_REASONS['adverb']})",
                "adverb",
            )
        if kind == "verb_base":
            _check_conversion(words, at, role, shown)
            continue
        if kind in ("gerund", "participle") and at < last and words[at + 1] not in PREPOSITIONS:
            _check_verb_modifier(words, at, role, shown, plural=plural)
        if kind in ("content", "gerund"):
            continue
        # Right after an article and before its noun a participle stands in an adjective's
        # slot and modifies the noun as one does (a spoken word, a stolen car); bare, or
        # after the noun (a cat fed daily), one of its own form is a reduced passive
        # (bitten pets: pets that were bitten).
        attributive = article is not None and at == 0 < last and words[1] not in PREPOSITIONS
        if kind == "participle" and is_distinct_participle(word) and not attributive:
            raise ClaimParseError(
                f"the {role} {shown} holds the past participle {word!r}, which the lexicon "
                "knows as no adjective: 'bitten pets' says what was done to them, which only "
                f"a clause says ({REFUSAL_REASONS['unsupported_verb']})",
                "unsupported_verb",
            )
        if kind == "participle" and at < last and words[at + 1] not in PREPOSITIONS:
            continue  # a past participle modifying the next word: reviewed teaching
        if kind == "participle":
            raise ClaimParseError(
                f"the {role} {shown} ends with the past participle {word!r}: the passive "
                "('X is loved', 'X is loved by Y') is not read; only 'X is Y' is",
                "unsupported_verb",
            )
        if kind in ("finite_verb", "auxiliary"):
            raise ClaimParseError(
                f"the {role} {shown} contains the verb {word!r}, which no term holds "
                f"({REFUSAL_REASONS['unsupported_verb']})",
                "unsupported_verb",
            )
        if kind == "adverb":
            raise ClaimParseError(
                f"the {role} {shown} contains the adverb {word!r} ({REFUSAL_REASONS['adverb']})",
                "adverb",
            )
        spelled = _dropped_g(word, context)
        if spelled is not None:
            reason = closed_class(spelled) or "unread_word"
            raise ClaimParseError(
                f"the {role} {shown} contains {word!r}, which is {spelled!r} with its final "
                f"'g' dropped ({REFUSAL_REASONS[reason]})",
                reason,
            )
        if not _unknown_word_read(words, at, opens, context):
            raise ClaimParseError(
                f"the {role} {shown} contains {word!r}, which the lexicon does not know as a "
                "noun or adjective and no rule reads as a name; write a known word, or "
                "capitalise a name past the sentence's first word",
                "unread_word",
            )
    # After every word's own check, so a word refused for what it is keeps that reason.
    for at in range(len(words)):
        if words[at] not in PREPOSITIONS:
            _check_head_and_modifier(words, at, role, shown, context)


_MIN_DROPPED_G: Final = 4


def _check_verb_modifier(words: list[str], at: int, role: str, shown: str, *, plural: bool) -> None:
    """A verb form the tables know as no adjective or noun, before another word of a term.

    ``word_kind`` gives ``gerund`` or ``participle`` only to a word the tables list as a verb
    and nothing else (``sleeping``, ``boiled``, ``stolen``; not ``living``, ``broken``,
    ``running``, which they list as adjectives or nouns). Before a noun such a form is a
    reduced clause (``sleeping otters``: otters that are sleeping; ``boiled eggs``: eggs that
    were boiled), which says what a thing does or underwent, not what kind it is. It is read
    before a singular: bare, the use of a mass noun (``baking bread``, ``stored knowledge``),
    or after an article, the slot of an adjective where English makes its compounds (``a
    frying pan``, ``a stolen car``). Before a plural it is refused: ``sleeping otters`` and
    ``frying pans`` cannot be told apart, and the plural is where a generic claim is read as
    one about a kind. The cost: plural compounds the tables do not list (``frying pans``);
    and a singular with an article (``the sleeping heron``) is still read as the modifier.
    """
    if not (plural or is_plural_noun(words[-1])):
        return
    raise ClaimParseError(
        f"the {role} {shown} holds {words[at]!r} before a noun, a verb form the lexicon knows "
        "as no adjective: 'sleeping otters' says what they do, which only a clause says "
        f"({REFUSAL_REASONS['unsupported_verb']})",
        "unsupported_verb",
    )


def _dropped_g(word: str, context: _Context) -> str | None:
    """The word that ``word``, which no table holds, spells with its ``-ing`` cut to ``-in``.

    Speech written as heard drops the ``g`` of ``-ing`` (``nothin``, ``somethin``,
    ``goin``): the word is then the one the tables or the closed classes know with the
    ``g`` (``nothing``, a quantifier; ``going``, a verb form), not a name, and it is refused
    for what that word is. A name written with a capital past the first word, or a word
    of the dialogue's vault, is read as before.
    """
    if len(word) < _MIN_DROPPED_G or not word.endswith("in"):
        return None  # lin, rin: a short name is no clipped "ling", "ring"
    if word in context.names or word in context.known:
        return None
    full = word + "g"
    return full if closed_class(full) is not None or word_kind(full) != "unknown" else None


def _check_head_and_modifier(
    words: list[str], at: int, role: str, shown: str, context: _Context
) -> None:
    """A term's last word is its head, a noun; a noun before another noun is singular.

    English puts an adjective before its noun; one the tables know as no noun, closing a term
    after a noun (``a pet regardless``, ``a tool used``, ``a pet innumerable``), is an
    adverb or an afterthought standing outside the term, and is refused as
    ``postposed_word``. (The cost: the few adjectives written after their noun, ``heir
    apparent``.) A noun that modifies another is singular (``cat food``, ``tree house``):
    a plural the tables give a singular of its own, before another word of the term that is
    no preposition (``needs tree``, ``wolves dog``), is the end of one term and the start of
    another, and is refused as ``plural_modifier``. A noun in ``-s`` that is no plural
    (``NOT_PLURALS``, or one the tables give no singular: ``savings account``) is read; the
    cost: ``sports car``, whose ``sports`` the tables give the singular ``sport``.
    """
    word = words[at]
    if word in context.names or word in context.known or "-" in word:
        return
    if at == len(words) - 1 and at > 0 and is_noun(words[at - 1]) and not is_noun(word):
        lemmas_known = word_kind(word) in ("content", "adverb")
        if lemmas_known and not any(ch.isdigit() for ch in word):
            raise ClaimParseError(
                f"the {role} {shown} closes with {word!r} after the noun {words[at - 1]!r}: "
                f"{REFUSAL_REASONS['postposed_word']}",
                "postposed_word",
            )
    if at < len(words) - 1 and words[at + 1] not in PREPOSITIONS and _plural_form(word):
        raise ClaimParseError(
            f"the {role} {shown} has the plural {word!r} before {words[at + 1]!r}: "
            f"{REFUSAL_REASONS['plural_modifier']}",
            "plural_modifier",
        )


def _plural_form(word: str) -> bool:
    """Is ``word`` the plural of a singular noun the tables give (``needs``: ``need``)?"""
    if not any(lemma != word for lemma in noun_lemmas(word)):
        return False
    return not (word in NOT_PLURALS or has_no_singular(word) or is_adjective(word))


def _refuse_quantity(
    head: str, following: str, role: str, shown: str, *, plural: bool = False
) -> None:
    """Refuse a term whose ``head of following`` measures out an amount.

    A noun before ``of`` counts or groups what follows when it is a quantity noun, a unit of
    measure or a partitive noun (``measure_noun``, in either number: ``a ton of fish``,
    ``piles of stone``, ``a kilo of fish``, ``a pair of shoes``), when a
    plural follows (``loads of cats``, ``a bunch of flowers``), or when a plural head is
    followed by a bare count noun in the singular (``scores of dog``), which no term of a
    thing has (``birds of prey``: ``prey`` has no plural of its own, and is read). A noun in
    ``-ful`` made of a noun (``handful``, ``spoonfuls``) measures too.

    A singular head before ``of`` and a plural is the head of a compound (``a house of
    cards``, ``a bag of tricks`` aside) when the sentence agrees with the head: ``A house of
    cards is a structure`` takes ``is``. Where the sentence makes the term plural (``A
    number of cats are pets``, the subject of ``are``), the verb agrees with what follows
    ``of``, so the head counts it, and the term is refused.
    """
    quantity = _measure_noun(head) or any(_measure_noun(lemma) for lemma in noun_lemmas(head))
    plural_after = (
        following not in NOT_PLURALS
        and is_plural_noun(following)
        and (plural or is_plural_noun(head))
    )
    measured = is_plural_noun(head) and head not in NOT_PLURALS and is_count_noun(following)
    if quantity or plural_after or measured:
        raise ClaimParseError(
            f"the {role} {shown} has {head!r} of {following!r}, which counts or measures "
            f"what follows ({REFUSAL_REASONS['quantifier']})",
            "quantifier",
        )


_MEASURE_SUFFIX: Final = "ful"


def _measure_noun(noun: str) -> bool:
    """Is ``noun`` (singular) a quantity, unit or partitive noun, or made with ``-ful``?"""
    stem = noun[: -len(_MEASURE_SUFFIX)]
    return measure_noun(noun) or (
        noun.endswith(_MEASURE_SUFFIX) and is_noun(noun) and is_noun(stem)
    )


def _check_conversion(words: list[str], at: int, role: str, shown: str) -> None:
    """A verb the tables know only as a verb, in its base form, is a noun only as a head.

    English makes nouns of verbs (``a past act``, ``act presupposes agent``), and such a
    noun is the head of its term: it closes it. Before another word (``behold tree``) it
    would modify a noun, which a verb does not; after a noun (``tools forsake``, ``a tree
    seize``) it is the verb of a clause. There it is refused. (The cost: one alone is read as
    a noun, so ``Behold is a dog`` is read, as a stored term ``act`` must be.)
    """
    word = words[at]
    before = words[at - 1] if at > 0 else ""
    after_plural = at > 0 and is_plural_noun(before) and before not in NOT_PLURALS
    # After a noun that is no adjective (``a tree seize``, ``a pet endure``) it is the verb
    # of a clause whose subject is that noun: a compound's head is a noun the tables list.
    after_noun = at > 0 and is_noun(before) and not is_adjective(before)
    if at < len(words) - 1 or after_plural or after_noun:
        raise ClaimParseError(
            f"the {role} {shown} holds {word!r}, which the lexicon knows only as a verb: it is "
            "read as a noun only as the head closing a term ('a past act') "
            f"({REFUSAL_REASONS['unsupported_verb']})",
            "unsupported_verb",
        )


def _term(
    words: list[str],
    role: str,
    plural: bool = False,
    context: _Context = _NO_CONTEXT,
    *,
    opens: bool = False,
) -> str:
    article = words[0] if words and words[0] in _ARTICLES else None
    if article is not None:
        words = words[1:]
    if not words:
        raise ClaimParseError(f"the {role} is empty", "empty_term")
    shown = echo(" ".join(words))
    if words[0].isdecimal():
        raise ClaimParseError(
            f"the {role} {shown} opens with the numeral {words[0]!r}, which says how many, "
            f"not what ({REFUSAL_REASONS['quantifier']})",
            "quantifier",
        )
    for word in words:
        if word in _VERB_WORDS:
            raise ClaimParseError(
                f"the {role} {shown} contains the relation word {word!r}; "
                "a claim has exactly one relation",
                "two_relations",
            )
        if word in _NEGATORS:
            raise ClaimParseError(
                f"the {role} {shown} contains {word!r}; a negation is read only as "
                "'X is not Y', 'X is no Y', 'X is never Y', 'no X is Y' or 'X does not B Y'",
                "negation",
            )
        if word in ("all", "every"):
            raise ClaimParseError(
                f"the {role} {shown} contains {word!r}; 'all' and 'every' are read only at the "
                "start ('all Xs are Y', 'every X is a Y')",
                "quantifier",
            )
        if word in _ARTICLES:
            raise ClaimParseError(
                f"the {role} {shown} has the article {word!r} inside it", "article"
            )
        reason = closed_class(word)
        if reason is not None:
            raise ClaimParseError(
                f"the {role} {shown} contains {word!r} ({REFUSAL_REASONS[reason]})", reason
            )
        if not _is_word(word):
            raise ClaimParseError(
                f"the {role} contains {echo(word)}, which is not a word", "not_a_word"
            )
    # After the word checks, so a sentence refused before for another word keeps its reason.
    for edge in (words[0], words[-1]):
        if edge in PREPOSITIONS:
            raise ClaimParseError(
                f"the {role} {shown} opens or closes with the preposition {edge!r} "
                f"({REFUSAL_REASONS['preposition']}); a preposition is read only between two "
                "words of a term ('birds of prey')",
                "preposition",
            )
    term = " ".join(words)
    if len(words) > MAX_TERM_WORDS or len(term) > MAX_TERM_CHARS:
        raise ClaimParseError(
            f"the {role} {shown} is too long: a term has at most {MAX_TERM_WORDS} words and "
            f"{MAX_TERM_CHARS} characters",
            "too_long",
        )
    # After the caps: what a word is matters only for a term that can be stored at all.
    _check_content(words, role, opens, context, plural=plural, article=article)
    refused = degree_or_ordinal(words, role, shown, article, context.names, plural=plural)
    if refused is not None:
        raise ClaimParseError(refused[1], refused[0])
    # The head of "N of M" is N (a house of cards is a house): the word before the first
    # preposition, or else the last word.
    head = next((words[at - 1] for at, w in enumerate(words) if w in PREPOSITIONS), words[-1])
    if article in ("a", "an") and head not in NOT_PLURALS and is_plural_noun(head):
        # "a" counts one: a term it opens ends in a singular ("a mammal heaps", "is a pet
        # loads a fish?" hold a plural or a verb where the head should be).
        raise ClaimParseError(
            f"the {role} {shown} opens with {article!r} but ends in the plural {head!r}: "
            "'a' and 'an' take a singular",
            "number",
        )
    if plural:
        try:
            return singular(term)
        except AmbiguousPlural as exc:
            raise ClaimParseError(
                f"the {role} is plural but its singular is ambiguous: {exc}; "
                "write it in the singular ('an axe is ...')",
                "ambiguous_plural",
            ) from None
    return term


def normalise_term(text: str, *, plural: bool = False) -> str:
    """Folded, single-spaced, leading article dropped (singular when ``plural``): a term's key."""
    return _term(_tokens(text.strip().rstrip(".!")), "term", plural, opens=True)


def _check_length(text: str) -> None:
    if len(text) > MAX_UTTERANCE_CHARS:
        raise ClaimParseError(
            f"the utterance is {len(text):,} characters long; at most {MAX_UTTERANCE_CHARS:,} "
            f"are read (it began {echo(text)})",
            "too_long",
        )


def _is_meta_reply(tokens: list[str]) -> bool:
    if not tokens or all(word in _JUDGEMENTS for word in tokens):
        return True
    return (
        len(tokens) >= 3
        and tokens[0] in _META_SUBJECTS
        and tokens[1] in ("is", "are")
        and all(word in _JUDGEMENTS for word in tokens[2:])
    )


def _names(text: str) -> frozenset[str]:
    """The words written with a capital past the first word: names (``What is Paris?``)."""
    words = _TOKEN.findall(unicodedata.normalize("NFKC", text))
    return frozenset(fold(word).rstrip("?.!") for word in words[1:] if word[:1].isupper())


def parse_claim(
    text: str, *, known: Set[str] = frozenset(), names: Set[str] = frozenset()
) -> Claim:
    """Read one claim in the forms of the module docstring into a Claim.

    ``known`` holds the words of terms already read (a dialogue's vault): the lexicon need not
    know them again. Raises ClaimParseError, naming the problem and its ``reason``, for
    anything else.
    """
    _check_length(text)
    context = _Context(names | _names(text), known)
    return _read_claim(_tokens(text.strip().rstrip(".!").strip()), context)


def _read_claim(tokens: list[str], context: _Context = _NO_CONTEXT) -> Claim:
    if not tokens:
        raise ClaimParseError("the claim is empty", "empty")
    if _is_meta_reply(tokens):
        raise ClaimParseError(
            f"{echo(' '.join(tokens))} replies to the previous turn; say the claim itself, "
            "e.g. 'Actually X is Y.'",
            "meta_reply",
        )
    refused = _refused_word(tokens)
    if refused is not None:
        reason, word = refused
        raise ClaimParseError(
            f"{word!r} is {REFUSAL_REASONS[reason]}; "
            "only plain claims such as 'X is Y' or 'X does not require Y' are read",
            reason,
        )
    quantifier = tokens[0] if tokens[0] in _LEADING_QUANTIFIERS else None
    if quantifier is not None:
        tokens = tokens[1:]
        if quantifier != "all" and tokens[:1] and tokens[0] in EMPHATIC_AFTER_QUANTIFIER:
            raise ClaimParseError(
                f"'{quantifier} {tokens[0]}' stresses the quantifier ('every single cat' is "
                f"'every cat'), it names no kind ({REFUSAL_REASONS['quantifier']})",
                "quantifier",
            )
    at = next((i for i, word in enumerate(tokens) if word in _VERB_WORDS), None)
    if at is None:
        raise ClaimParseError(
            "no relation found; expected one of: is, is not, requires, precedes, presupposes",
            "no_relation",
        )
    verb = tokens[at]
    rest = at + 1
    polarity: Polarity = "positive"
    plural = verb in _BASE_VERBS or verb == "do"
    relation: Relation
    if verb in _AUXILIARIES:
        base = (
            tokens[rest + 1]
            if tokens[rest : rest + 1] == ["not"] and rest + 1 < len(tokens)
            else None
        )
        if base is None or base not in _BASE_VERBS or base == "are":
            raise ClaimParseError(
                f"'{verb} not' must be followed by require, precede or presuppose "
                f"(got {echo(' '.join(tokens[rest : rest + 2]))})",
                "unsupported_verb",
            )
        relation, polarity, rest = _BASE_VERBS[base], "negative", rest + 2
    else:
        relation = _SINGULAR_VERBS.get(verb) or _BASE_VERBS[verb]
        allowed = _NEGATORS if relation == "is" else frozenset({"no"})
        if rest < len(tokens) and tokens[rest] in allowed:
            polarity, rest = "negative", rest + 1
    if quantifier == "no":
        if polarity == "negative":
            raise ClaimParseError("a double negation ('no X is not Y') is not read", "negation")
        polarity = "negative"
    elif quantifier is not None and (polarity == "negative" or plural != (quantifier == "all")):
        raise ClaimParseError(
            f"'{quantifier}' is read only in 'all Xs are Y' and 'every X is a Y' "
            "(a plural verb after 'all', a singular one after 'every', no negation)",
            "quantifier",
        )
    object_words = tokens[rest:]
    subject = _term(tokens[:at], "subject", plural, context, opens=quantifier is None)
    if relation == "is":
        _refuse_progressive(object_words)
    object_plural = (
        relation == "is" and plural and object_words[:1] != [] and object_words[0] not in _ARTICLES
    )
    obj = _term(object_words, "object", object_plural, context)
    return Claim(subject, relation, obj, polarity)


def _question(tokens: list[str], context: _Context) -> ParsedUtterance:
    def refuse(message: str, reason: RefusalReason) -> ParsedUtterance:
        return ParsedUtterance("question", error=message, reason=reason)

    unsupported = (
        "only 'What is X?' (also What's, Who is, What are), 'Is X a Y?' (also 'Are Xs Ys?') "
        "and 'Does X require|precede|presuppose Y?' can be answered"
    )
    if len(tokens) >= 2 and tokens[0] in ("what", "who") and tokens[1] in ("is", "are"):
        words = tokens[2:]
        if words[:1] and words[0] in _NEGATORS:
            return refuse(f"a negative question is not read; {unsupported}", "unsupported_question")
        if words[-1:] == ["like"]:
            return refuse(
                f"'What is X like?' asks for a description; {unsupported}", "unsupported_question"
            )
        try:
            topic = _term(words, "topic", tokens[1] == "are", context)
            return ParsedUtterance("question", topic=topic)
        except ClaimParseError as exc:
            return refuse(str(exc), exc.reason)
    if tokens and tokens[0] in ("is", "are", "does", "do"):
        try:
            asked = _yes_no(tokens, context)
        except ClaimParseError as exc:
            return refuse(str(exc), exc.reason)
        return ParsedUtterance("question", topic=asked.subject, asked=asked)
    return refuse(unsupported, "unsupported_question")


def _yes_no(tokens: list[str], context: _Context) -> Claim:
    verb, words = tokens[0], tokens[1:]
    plural = verb in ("are", "do")
    refused = _refused_word(words)
    if refused is not None:
        raise ClaimParseError(
            f"{refused[1]!r}: {REFUSAL_REASONS[refused[0]]}; ask 'Is X a Y?'", refused[0]
        )
    if verb in ("does", "do"):
        at = next((i for i, word in enumerate(words) if word in _BASE_VERBS), None)
        if at is None or words[at] == "are":
            raise ClaimParseError(
                f"'{verb.capitalize()} X ...?' is read only with require, precede or presuppose",
                "unsupported_question",
            )
        relation = _BASE_VERBS[words[at]]
        return Claim(
            _term(words[:at], "subject", plural, context),
            relation,
            _term(words[at + 1 :], "object", context=context),
        )
    if any(word in _NEGATORS for word in words):
        raise ClaimParseError(
            "a negative question ('Is X not Y?') is not read; ask 'Is X a Y?'",
            "unsupported_question",
        )
    splits = [i for i, word in enumerate(words) if i > 0 and word in _ARTICLES]
    if len(splits) == 1:
        at = splits[0]
    elif not splits and len(words) == 2:
        at = 1
    else:
        raise ClaimParseError(
            f"cannot tell where the first term ends in {echo(' '.join(words))}; "
            "put an article before the second term ('Is X a Y?')",
            "ambiguous_question",
        )
    object_words = words[at:]
    _refuse_progressive(object_words)
    if at > 1 and is_verb_ing(words[at - 1]):
        # "Is a cat eating a fish?": a verb in -ing closing the subject is the progressive.
        _refuse_progressive(words[at - 1 : at])
    object_plural = plural and object_words[0] not in _ARTICLES
    return Claim(
        _term(words[:at], "subject", plural, context),
        "is",
        _term(object_words, "object", object_plural, context),
    )


def parse_utterance(utterance: str, *, known: Set[str] = frozenset()) -> ParsedUtterance:
    """Classify one utterance and read its content; refuse, with a reason, what it cannot read.

    ``known`` holds the words of terms the dialogue has already read (see ``parse_claim``).
    """
    text = " ".join(unicodedata.normalize("NFKC", utterance).split())
    if not text:
        return ParsedUtterance("other", error="the utterance is empty", reason="empty")
    asking = text.endswith("?")
    try:
        _check_length(text)
    except ClaimParseError as exc:
        return ParsedUtterance("question" if asking else "other", error=str(exc), reason=exc.reason)
    names = _names(text)
    if asking:
        return _question(_tokens(text.rstrip("?").strip()), _Context(names, known))
    marker = _CORRECTION.match(text)
    if marker is not None:
        body = text[marker.end() :]
        try:
            claim = parse_claim(body, known=known, names=names)
        except ClaimParseError as exc:
            return ParsedUtterance("correction", error=str(exc), reason=exc.reason)
        return ParsedUtterance("correction", claim=claim, written=body.rstrip(".!").strip())
    try:
        claim = parse_claim(text, known=known)
    except ClaimParseError as exc:
        return ParsedUtterance("other", error=str(exc), reason=exc.reason)
    return ParsedUtterance("statement", claim=claim, written=text.rstrip(".!").strip())
