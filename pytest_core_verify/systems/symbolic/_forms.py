"""Words a term may not hold for their form and place: degrees, ordinals, reference, the passive.

Four rules, each a class of words told by the word tables or listed in full, and each with
a named reason (``_reasons``):

- **comparative**: a comparative or superlative the tables give an adjective or adverb
  (big: bigger, biggest; good: better, best; old: older, elder, oldest, eldest) grades its
  noun against something the sentence does not name: ``Bigger cats are lions`` is no claim
  about a kind "bigger cat", ``The fastest bird is a falcon`` none about a "fastest bird".
  Such a form is refused anywhere in a term, except a comparative the tables also know as a
  noun (``an elder``, ``a lighter``, ``a number``, ``a stranger``) closing its term, where it
  is that noun. The tables decide, not an ending: ``farmer``, ``river``, ``tower``,
  ``forest`` and ``interest`` are no form of any adjective and are read. (The cost: a
  comparative noun before another word is refused, as ``number theory`` is.)
- **ordinal**: ``first``, ``second``, ``third`` (the ordinals the tables list as words of
  their own; ``fourth`` and on are told by their form, ``_lexicon``) and the multiplicatives
  ``double``, ``triple``, ... before another word of a term, or as its head after ``the``,
  pick out a member of a series or count one (``The first cat is a pet``, ``Double cats are
  pets``); closing a term after ``a`` they are the nouns they also are (``A second is a unit
  of time``, ``A double is a lookalike``), and are read.
  The tables' forms are joined by ``lesser`` (``UNGRADED_COMPARATIVES``) and adjectives in
  ``-most`` (``uppermost``, ``utmost``), and the ordinals by the words of place in a series
  (``SERIES_WORDS``: ``last``, ``final``, ``initial``, ...), placed as they are; opening a
  bare singular term before a noun, any of them begins a compound (``first aid``).
- **determiner**: a reference adjective (``REFERENCE_ADJECTIVES``: ``particular``,
  ``main``, ``sole``, ``own``, ...) or an adjective of amount (``AMOUNT_ADJECTIVES``:
  ``ample``, ``copious``, ...) before another word of a term says which members or how much,
  not what (``Particular goats are pets``, ``ample hay``); closing a term it is the noun or
  predicate it also is (``a water main``, ``a hen is particular``).
- **passive**: the past participle of a verb that takes two objects or an object and its
  complement (``TWO_OBJECT_VERBS``: give, send, tell, name, call, elect, ...) opening the
  bare object of ``is``/``are``, before a word that is no preposition, is a passive that
  keeps an object (``A dog is named Rex``, ``A cat is given milk``): the sentence says what
  was done to X, not that X is a "named Rex". Another participle there modifies the noun
  (``A premise is stored knowledge``) and is read. (The cost: a listed verb's participle
  modifying a bare object, ``Work is paid labour``, is refused with them; after an article
  it is read: ``A job is a paid post``.) A participle before a preposition (``X is loved by
  Y``) is refused as before, as an unsupported verb.
"""

from __future__ import annotations

from collections.abc import Set
from typing import Final

from pytest_core_verify.systems.symbolic._content import (
    Degree,
    degree,
    is_adjective,
    is_noun,
    is_plural_noun,
    verb_lemmas,
    verb_tags,
)
from pytest_core_verify.systems.symbolic._lexicon import (
    AMOUNT_ADJECTIVES,
    PREPOSITIONS,
    REFERENCE_ADJECTIVES,
    SERIES_WORDS,
    UNGRADED_COMPARATIVES,
)
from pytest_core_verify.systems.symbolic._reasons import REFUSAL_REASONS, RefusalReason

__all__ = [
    "MULTIPLICATIVES",
    "ORDINALS",
    "TWO_OBJECT_VERBS",
    "Refusal",
    "degree_or_ordinal",
    "passive",
]

Refusal = tuple[RefusalReason, str]

#: The ordinals that are words of their own (``fourth`` and on are a numeral and ``-th``).
ORDINALS: Final = frozenset({"first", "second", "third"})
#: Multiplicatives: each counts so many of one thing (``twofold``, ``tenfold``: ``-fold``).
MULTIPLICATIVES: Final = frozenset(
    ["double", "triple", "treble", "quadruple", "quintuple", "sextuple", "septuple", "octuple"]
)
_ARTICLES: Final = frozenset({"a", "an", "the"})


def _words(text: str) -> tuple[str, ...]:
    return tuple(text.split())


#: Verbs whose passive keeps an object or a complement: verbs of giving, sending, telling
#: and refusing, which take two objects (``give a cat milk``: ``a cat is given milk``), and
#: verbs of naming, electing and making, which take an object and its complement (``name a
#: dog Rex``: ``a dog is named Rex``). Listed by base form; the tables give each participle
#: its verb. Other participles before a bare noun modify it (``stored knowledge``).
TWO_OBJECT_VERBS: Final = frozenset(
    _words(
        "give hand lend loan pass pay sell send serve show teach tell throw toss bring offer "
        "owe promise allow deny award grant feed leave refuse read write ask charge fine "
        "issue assign allot allocate bequeath cede guarantee permit forgive spare save wish "
        "envy begrudge afford set prescribe mail post email cable wire fax forward "
        "name call dub christen nickname title term label crown elect appoint declare "
        "proclaim vote make deem rename baptise baptize style designate nominate"
    )
)


#: The ending of superlatives of place and order (``uppermost``, ``innermost``,
#: ``southernmost``, ``utmost``), which the tables list as plain adjectives.
_SUPERLATIVE_ENDING: Final = "most"
_MIN_SUPERLATIVE_STEM: Final = 2


def _graded(word: str) -> Degree | None:
    """The degree of ``word`` by the tables, by ``UNGRADED_COMPARATIVES`` or by ``-most``."""
    found = degree(word)
    if found is not None:
        return found
    if word in UNGRADED_COMPARATIVES:
        return "comparative"
    stem = word[: -len(_SUPERLATIVE_ENDING)]
    if word.endswith(_SUPERLATIVE_ENDING) and len(stem) >= _MIN_SUPERLATIVE_STEM:
        # An adjective in -most is a superlative (no adjective but these ends so); ``almost``
        # and ``foremost`` are refused before, as a hedge and an adverb of place.
        return "superlative" if is_adjective(word) else None
    return None


def _bare_singular_compound(words: list[str], article: str | None, plural: bool) -> bool:
    """Does a word of a series open a bare singular term before a noun (``first aid``)?

    A word that picks out a member of a series by its place needs a determiner before a
    singular count noun (``the first cat``, not "first cat is a pet"), so one that opens a
    term with no article, before a singular noun, in a term the sentence does not make
    plural, is the first word of a compound (``first aid``, ``second nature``, ``third
    party``, ``double cream``); before a plural (``first cats``) it still picks out.
    """
    return (
        article is None
        and not plural
        and len(words) > 1
        and is_noun(words[1])
        and not is_plural_noun(words[1])
    )


def degree_or_ordinal(
    words: list[str],
    role: str,
    shown: str,
    article: str | None,
    names: Set[str],
    *,
    plural: bool = False,
) -> Refusal | None:
    """The first comparative, superlative, ordinal or reference word a term may not hold."""
    last = len(words) - 1
    for at, word in enumerate(words):
        if word in PREPOSITIONS or word in names:
            continue
        closes = at == last
        # Before another word that is no preposition: the slot of a modifier of that word.
        modifies = not closes and words[at + 1] not in PREPOSITIONS
        found = _graded(word)
        if found is not None and (found == "superlative" or not closes or not is_noun(word)):
            return (
                "comparative",
                f"the {role} {shown} holds {word!r}, a {found} ({REFUSAL_REASONS['comparative']}): "
                "it grades against something the sentence does not name",
            )
        serial = word in ORDINALS or word in MULTIPLICATIVES or word in SERIES_WORDS
        compound = at == 0 and _bare_singular_compound(words, article, plural)
        if serial and (not closes or article == "the") and not compound:
            return (
                "ordinal",
                f"the {role} {shown} holds {word!r} ({REFUSAL_REASONS['ordinal']}): it picks "
                "out or counts members, it names no kind",
            )
        if modifies and (word in REFERENCE_ADJECTIVES or word in AMOUNT_ADJECTIVES):
            what = "which members are meant" if word in REFERENCE_ADJECTIVES else "how much"
            return (
                "determiner",
                f"the {role} {shown} holds {word!r} before {words[at + 1]!r} "
                f"({REFUSAL_REASONS['determiner']}): it says {what}, it names no kind",
            )
    return None


def passive(object_words: list[str]) -> Refusal | None:
    """A past participle opening the bare object of ``is`` before a word: the passive."""
    if len(object_words) < 2 or object_words[0] in _ARTICLES:
        return None
    first, after = object_words[0], object_words[1]
    if "VBN" not in verb_tags(first) or after in PREPOSITIONS:
        return None
    if not TWO_OBJECT_VERBS.intersection(verb_lemmas(first)):
        return None
    return (
        "passive",
        f"{first!r} after 'is'/'are' before {after!r} is {REFUSAL_REASONS['passive']}; only "
        "'X is Y' is read",
    )
