"""Vocabulary as data: the verb classes the rules and the rewrites share, by lemma.

Each class is a table of (lemma, the forms it takes in that class); its regex alternation
(``HAVE_V``, ``GAIN_V``, ...) is produced by ``_verbs.inflect``, the reader's one
inflection path, so no verb form is typed into a pattern twice.

Part of the reader (``_parse.parse_problem`` is its entry point); no pytest import.
"""

from __future__ import annotations

from typing import Literal

from ._verbs import VerbForm, alternation, inflect

VerbClass = Literal["have", "gain", "lose", "give", "tally"]

_TP: tuple[VerbForm, ...] = ("third", "past")
_PT: tuple[VerbForm, ...] = ("past", "third")
_HAVE: tuple[VerbForm, ...] = ("third", "past", "base")

_Entries = tuple[tuple[str, tuple[VerbForm, ...]], ...]


def _all(lemmas: str, forms: tuple[VerbForm, ...]) -> _Entries:
    """Each of the space-separated ``lemmas`` ("_" joins a phrasal one) in ``forms``."""
    return tuple((lemma.replace("_", " "), forms) for lemma in lemmas.split())


#: The verb classes: what a clause with such a verb does to its subject's stock (hold it,
#: gain, lose, give to another) or counts (a tally of an activity), as (lemma, forms).
VERB_CLASSES: dict[VerbClass, _Entries] = {
    "have": (
        ("have", _HAVE),
        *_all("own keep start_with hold", _TP),
        ("save", ("has_perfect", "had_perfect")),
        ("start out with", _PT),
        ("collect", ("has_perfect", "have_perfect", "had_perfect")),
    ),
    "gain": (
        *_all("earn get find buy receive pick collect gain win make bake catch save add grow "
              "borrow", _TP),
        ("plant", ("third", "past", "base", "will")),
        *_all("print score upload download", _TP),
        ("recycle", _PT),
        *_all("cook fill", _TP),
    ),
    "lose": _all(
        "use lose spend eat sell give_away break donate drop throw_away drink return give_up "
        "pop mail throw_out delete hand_out give_out",
        _TP,
    ),
    "give": _all("give hand send pass lend buy bring", _TP),
    "tally": (
        ("have", _HAVE),
        ("own", ("third",)),
        *_all("collect pick score save read catch bake make find plant sell eat", _PT),
        ("weigh", _TP),
        *_all("run walk", _PT),
    ),
}  # fmt: skip

HAVE_V = alternation(VERB_CLASSES["have"])
GAIN_V = alternation(VERB_CLASSES["gain"])
LOSE_V = alternation(VERB_CLASSES["lose"])
GIVE_V = alternation(VERB_CLASSES["give"])
TALLY_V = alternation(VERB_CLASSES["tally"])

#: Verbs a question may put in the past, by their past form ("drove" -> "drive").
_PAST_QUESTION_VERBS = (
    "drive", "fly", "walk", "hike", "run", "ride", "swim", "sell", "make", "bake", "pick",
    "collect", "read", "eat", "find", "catch", "grow", "win", "score", "plant", "buy", "save",
    "earn",
)  # fmt: skip
_PAST_BASE = {inflect(verb, "past"): verb for verb in _PAST_QUESTION_VERBS}


#: Tallies a question may ask for in the passive ("How many pears were picked in total?").
PASSIVE_TALLY_VERBS = (
    "pick", "find", "grow", "catch", "bake", "make", "collect", "sell", "eat", "plant", "buy",
    "win", "score", "serve",
)  # fmt: skip


def verbs(lemmas: str, *forms: VerbForm) -> str:
    """The alternation of ``forms`` of each of the space-separated ``lemmas`` (a phrasal
    lemma is joined by "_": "give_away")."""
    return alternation((lemma.replace("_", " "), forms) for lemma in lemmas.split())
