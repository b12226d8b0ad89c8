"""Words a term may not hold for their form and place: degrees, ordinals, the passive.

Three rules, each a class of words told by the word tables or listed in full, and each with
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

from pytest_core_verify.systems.symbolic._content import degree, is_noun, verb_lemmas, verb_tags
from pytest_core_verify.systems.symbolic._lexicon import PREPOSITIONS
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


def degree_or_ordinal(
    words: list[str], role: str, shown: str, article: str | None, names: Set[str]
) -> Refusal | None:
    """The first comparative, superlative or ordinal a term may not hold, with why."""
    last = len(words) - 1
    for at, word in enumerate(words):
        if word in PREPOSITIONS or word in names:
            continue
        closes = at == last
        found = degree(word)
        if found is not None and (found == "superlative" or not closes or not is_noun(word)):
            return (
                "comparative",
                f"the {role} {shown} holds {word!r}, a {found} ({REFUSAL_REASONS['comparative']}): "
                "it grades against something the sentence does not name",
            )
        if (word in ORDINALS or word in MULTIPLICATIVES) and (not closes or article == "the"):
            return (
                "ordinal",
                f"the {role} {shown} holds {word!r} ({REFUSAL_REASONS['ordinal']}): it picks "
                "out or counts members, it names no kind",
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
