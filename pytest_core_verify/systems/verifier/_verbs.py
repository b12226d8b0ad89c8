"""Verbs as data: the one table of irregular verbs and the one function that inflects a lemma.

Every verb form the reader spells (the alternations of the verb classes, the past tenses a
question is read back to, the forms a clause's verb is matched against) comes from
``inflect``: a lemma ("give", or a phrasal lemma "give away", whose first word inflects)
and a form name. Regular forms follow the spelling rules of English; the irregular ones
are in ``IRREGULAR`` (base -> past, past participle), the only such table of the reader.

Part of the reader (``_parse.parse_problem`` is its entry point); no pytest import.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import lru_cache
from typing import Literal

__all__ = [
    "IRREGULAR",
    "VerbForm",
    "alternation",
    "gerund_lemmas",
    "inflect",
    "tensed",
    "verb_forms",
]

#: The forms a rule may name: the base ("give"), the third person present ("gives"), the
#: past ("gave"), the past participle ("given"), the perfect with "has", "had" or "have"
#: ("has given"), and the future with "will" ("will give").
VerbForm = Literal[
    "base", "third", "past", "participle", "gerund", "has_perfect", "had_perfect",
    "have_perfect", "will",
]  # fmt: skip

#: Irregular verbs: base -> (past, past participle).
IRREGULAR: dict[str, tuple[str, str]] = {
    "be": ("was", "been"), "break": ("broke", "broken"), "bring": ("brought", "brought"),
    "build": ("built", "built"), "buy": ("bought", "bought"), "catch": ("caught", "caught"),
    "come": ("came", "come"), "cut": ("cut", "cut"), "dig": ("dug", "dug"),
    "do": ("did", "done"), "draw": ("drew", "drawn"), "drink": ("drank", "drunk"),
    "drive": ("drove", "driven"), "eat": ("ate", "eaten"), "feed": ("fed", "fed"),
    "find": ("found", "found"), "fly": ("flew", "flown"), "get": ("got", "gotten"),
    "give": ("gave", "given"), "go": ("went", "gone"), "grow": ("grew", "grown"),
    "hang": ("hung", "hung"), "have": ("had", "had"), "hold": ("held", "held"),
    "keep": ("kept", "kept"), "lend": ("lent", "lent"), "lose": ("lost", "lost"),
    "make": ("made", "made"), "pay": ("paid", "paid"), "put": ("put", "put"),
    "read": ("read", "read"), "ride": ("rode", "ridden"), "run": ("ran", "run"),
    "sell": ("sold", "sold"), "send": ("sent", "sent"), "set": ("set", "set"),
    "sew": ("sewed", "sewn"), "sleep": ("slept", "slept"), "spend": ("spent", "spent"),
    "sweep": ("swept", "swept"), "swim": ("swam", "swum"), "take": ("took", "taken"),
    "teach": ("taught", "taught"), "throw": ("threw", "thrown"), "win": ("won", "won"),
    "write": ("wrote", "written"),
}  # fmt: skip

_VOWELS = "aeiou"
#: Verbs of more than one syllable whose stressed last syllable doubles its consonant
#: ("admitted"); any other such verb does not ("visited", "colored", "traveled").
_DOUBLED = frozenset({"admit", "commit", "control", "occur", "omit", "permit", "prefer",
                      "refer", "regret", "submit", "patrol", "equip"})  # fmt: skip


def _third(base: str) -> str:
    if base == "have":
        return "has"
    if base.endswith(("s", "x", "z", "ch", "sh", "o")):
        return base + "es"
    if base.endswith("y") and len(base) > 1 and base[-2] not in _VOWELS:
        return base[:-1] + "ies"
    return base + "s"


def _doubles(base: str) -> bool:
    """Whether a suffix doubles the last consonant ("jog" -> "jogged", "swim" -> "swimming")."""
    return (
        len(base) >= 3
        and base[-1] not in _VOWELS + "wxy"
        and base[-2] in _VOWELS
        and base[-3] not in _VOWELS
        and (len(re.findall(f"[{_VOWELS}]+", base)) == 1 or base in _DOUBLED)
    )


def _regular_past(base: str) -> str:
    if base.endswith("e"):
        return base + "d"
    if base.endswith("y") and len(base) > 1 and base[-2] not in _VOWELS:
        return base[:-1] + "ied"
    if _doubles(base):
        return base + base[-1] + "ed"
    return base + "ed"


def _gerund(base: str) -> str:
    if base.endswith("ie"):
        return base[:-2] + "ying"  # "tie" -> "tying"
    if base.endswith("e") and not base.endswith(("ee", "ye", "oe")) and base != "be":
        return base[:-1] + "ing"  # "ride" -> "riding"
    if _doubles(base):
        return base + base[-1] + "ing"
    return base + "ing"


@lru_cache(maxsize=4096)
def inflect(lemma: str, form: VerbForm) -> str:
    """``lemma`` in ``form``; a phrasal lemma inflects its first word ("gives away")."""
    head, sep, rest = lemma.partition(" ")
    tail = sep + rest
    past, participle = IRREGULAR.get(head, (_regular_past(head), _regular_past(head)))
    if form == "base":
        return lemma
    if form == "third":
        return _third(head) + tail
    if form == "past":
        return past + tail
    if form == "participle":
        return participle + tail
    if form == "gerund":
        return _gerund(head) + tail
    if form == "will":
        return "will " + lemma
    aux = {"has_perfect": "has", "had_perfect": "had", "have_perfect": "have"}[form]
    return f"{aux} {participle}{tail}"


@lru_cache(maxsize=4096)
def verb_forms(lemma: str) -> frozenset[str]:
    """Every simple form of ``lemma``: base, third person, past and past participle."""
    return frozenset(inflect(lemma, f) for f in ("base", "third", "past", "participle"))


@lru_cache(maxsize=4096)
def tensed(*lemmas: str) -> frozenset[str]:
    """The third person present and the past of each lemma ("buys", "bought")."""
    return frozenset(inflect(lemma, f) for lemma in lemmas for f in ("third", "past"))


def gerund_lemmas(word: str) -> tuple[str, ...]:
    """The lemmas whose gerund is ``word`` ("riding" -> "ride"; "hiking" -> "hike")."""
    if not word.endswith("ing"):
        return ()
    stem = word[:-3]
    candidates = (stem, stem + "e", stem[:-1], stem[:-1] + "ie" if stem.endswith("y") else stem)
    return tuple(dict.fromkeys(c for c in candidates if c and _gerund(c) == word))


def alternation(entries: Iterable[tuple[str, tuple[VerbForm, ...]]]) -> str:
    """A regex alternation of the forms of each (lemma, forms), in order, each form once."""
    seen: dict[str, None] = {}
    for lemma, forms in entries:
        for form in forms:
            seen.setdefault(inflect(lemma, form))
    return "|".join(seen)
