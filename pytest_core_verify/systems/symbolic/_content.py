"""Content words: what a word can be, by the part-of-speech lexicon that ships with ``lemminflect``.

A term is made of content words, and this module says, for one case-folded word, what the
lexicon knows of it: a noun or adjective (``content``), or only a verb, an adverb or an
auxiliary, or nothing at all (``unknown``). A verb is told by its form, because the grammar
places verb forms differently: the base form (``act``, ``review``) is read as the noun it is
in English by conversion; the ``-ing`` form (``baking``) is a gerund or a modifier, except
where the progressive would stand; a past participle (``reviewed``) modifies a following
word; a past tense alone (``ate``) or a present tense (``eats``) is a finite verb, which no
term holds.

The lexicon is ``lemminflect``'s word tables (inside its wheel: 80,676 forms with their
lemmas by part of speech, each verb's inflections, each noun's plurals and each adjective's
comparatives), read on the first lookup. It knows
6,641 names (``London``, ``Paris``) and few rare nouns (``chordate``, ``quokka``), and it has
gaps (``act`` only as a verb); the reader's rules of position and form (``_parse``) decide
what an unknown word may be, and refuse it otherwise. Two more facts come from the tables:
whether a singular noun has a plural of its own (``tree``, not ``prey``: ``is_count_noun``),
which tells ``piles of tree`` (an amount) from ``birds of prey``; whether a word in ``a-``
is predicative (``asleep``, ``afloat``: ``is_predicative``), which no noun follows; and
whether an adjective that is an adverb in the same form is built of a particle and a word
(``overseas``, ``midway``: ``is_flat_adverb``), an adverb of place that no term holds.
"""

from __future__ import annotations

import gzip
import importlib.util
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Final, Literal

from pytest_core_verify.systems._extras import ExtraMissing
from pytest_core_verify.systems.symbolic._lexicon import NOT_PLURALS

__all__ = [
    "Degree",
    "WordKind",
    "adverb_by_derivation",
    "degree",
    "has_no_singular",
    "is_adjective",
    "is_count_noun",
    "is_distinct_participle",
    "is_flat_adverb",
    "is_noun",
    "is_plural_noun",
    "is_predicative",
    "is_verb",
    "is_verb_ing",
    "noun_lemmas",
    "verb_lemmas",
    "verb_tags",
    "word_kind",
]

WordKind = Literal[
    "content",  # a noun or adjective in the lexicon
    "verb_base",  # only a verb, in its base form: a noun by conversion (an act, a review)
    "gerund",  # only a verb, in -ing: a gerund or modifier (baking bread)
    "participle",  # only a verb, a past participle: a modifier before a word (reviewed work)
    "finite_verb",  # only a verb, past or present tense (ate, eats): never in a term
    "adverb",  # an adverb and no noun or adjective (ultimately, altogether)
    "auxiliary",  # an auxiliary and no noun or adjective
    "unknown",  # the lexicon does not know the word
]

_CONTENT_POS: Final = frozenset({"NOUN", "ADJ", "PROPN"})


_TABLES: Final = ("lemma_lu.csv.gz", "infl_lu.csv.gz")
_UPOS: Final = {"noun": "NOUN", "verb": "VERB", "adj": "ADJ", "adv": "ADV", "aux": "AUX"}
Degree = Literal["comparative", "superlative"]
#: The order of an adjective's or adverb's graded forms in the inflection table.
_DEGREES: Final[tuple[Degree, ...]] = ("comparative", "superlative")
#: The order of a verb's forms in the inflection table, after its base form.
_VERB_FORMS: Final = ("VBD", "VBN", "VBG", "VBZ")


@dataclass(frozen=True)
class _Lexicon:
    lemmas: dict[str, dict[str, tuple[str, ...]]]  # word -> universal POS -> its lemmas
    verb_tags: dict[str, frozenset[str]]  # a verb's form -> its Penn tags (VB, VBD, ...)
    plurals: dict[str, frozenset[str]]  # a noun -> its plurals other than itself (cat: cats)
    graded: frozenset[str]  # adjectives with a comparative (arid: arider)
    degrees: dict[str, Degree]  # a comparative or superlative form -> which (bigger, best)


def _table(name: str) -> list[list[str]]:
    # lemminflect's own __init__ imports numpy (for its out-of-vocabulary model, which the
    # reader does not use): a second of start-up, and no numpy at all where the C datetime
    # module is withheld (the replay helper). So its tables are read from its folder as
    # they ship, found without importing the package.
    spec = importlib.util.find_spec("lemminflect")
    if spec is None or not spec.submodule_search_locations:
        raise ExtraMissing(
            "the symbolic reader needs the 'lemminflect' package (its word tables) to tell "
            "content words; install it with: pip install 'pytest-core-verify[symbolic]'"
        )
    path = Path(next(iter(spec.submodule_search_locations))) / "resources" / name
    with gzip.open(path, "rt", encoding="utf-8") as handle:
        return [line.rstrip("\n").split(",") for line in handle if line.strip()]


@lru_cache(maxsize=1)
def _lexicon() -> _Lexicon:
    lemmas: dict[str, dict[str, tuple[str, ...]]] = {}
    for word, category, forms in _table(_TABLES[0]):
        # A capitalised entry is a name (London, Paris): looked up case-folded, as a PROPN.
        upos = "PROPN" if word[:1].isupper() else _UPOS.get(category)
        if upos is not None:
            lemmas.setdefault(word.casefold(), {})[upos] = tuple(forms.split("/"))
    tags: dict[str, set[str]] = {}
    plurals: dict[str, frozenset[str]] = {}
    graded: set[str] = set()
    degrees: dict[str, Degree] = {}
    for lemma, category, *cells in _table(_TABLES[1]):
        if category in ("adj", "adv") and lemma.islower():
            for degree, spellings in zip(_DEGREES, cells, strict=False):
                degrees.update(dict.fromkeys(set(spellings.split("/")) - {"", lemma}, degree))
        if category == "noun" and lemma.islower():
            own = {form for form in cells[0].split("/") if form and form != lemma}
            if own:
                plurals[lemma] = frozenset(own)
        if category == "adj" and any(cells):
            graded.add(lemma)
        if category != "verb":
            continue
        tags.setdefault(lemma, set()).add("VB")
        spelled = dict(zip(_VERB_FORMS, cells, strict=False))
        if not spelled.get("VBN"):
            spelled["VBN"] = spelled.get("VBD", "")  # a regular past is its participle too
        for tag, spellings in spelled.items():
            for form in spellings.split("/"):
                if form:
                    tags.setdefault(form, set()).add(tag)
    return _Lexicon(
        lemmas,
        {form: frozenset(found) for form, found in tags.items()},
        plurals,
        frozenset(graded),
        degrees,
    )


def _lemmas(word: str) -> dict[str, tuple[str, ...]]:
    return _lexicon().lemmas.get(word, {})


def degree(word: str) -> Degree | None:
    """Is ``word`` the comparative or superlative of an adjective or adverb the tables grade?

    The tables give each graded word its forms (big: bigger, biggest; good: better, best;
    old: older/elder, oldest/eldest), so a form is told by the tables, not by an ending:
    ``farmer``, ``river``, ``forest`` and ``interest`` are no form of any adjective.
    """
    return _lexicon().degrees.get(word)


def verb_lemmas(word: str) -> tuple[str, ...]:
    """The verbs ``word`` is a form of (``given``: ``give``), by the tables."""
    return _lemmas(word).get("VERB", ())


def verb_tags(word: str) -> frozenset[str]:
    """The Penn tags (VB, VBD, VBG, VBN, VBZ) of ``word`` as a form of some verb."""
    return _verb_tags(word)


def _verb_tags(word: str) -> frozenset[str]:
    """The Penn tags (VB, VBD, VBG, VBN, VBZ) of ``word`` as a form of some verb."""
    return _lexicon().verb_tags.get(word, frozenset())


@lru_cache(maxsize=16384)
def word_kind(word: str) -> WordKind:
    """What the lexicon says ``word`` (case-folded) can be; see ``WordKind``."""
    lemmas = _lemmas(word)
    if _CONTENT_POS & set(lemmas) or word in NOT_PLURALS:
        return "content"  # the reader's own list of nouns that are no plurals counts too
    if "VERB" in lemmas:
        tags = _verb_tags(word)
        if "VBG" in tags:
            return "gerund"
        if "VBN" in tags:
            return "participle"
        if tags & {"VB", "VBP"}:
            return "verb_base"
        return "finite_verb"
    if "ADV" in lemmas:
        return "adverb"
    if "AUX" in lemmas:
        return "auxiliary"
    return "unknown"


@lru_cache(maxsize=16384)
def is_verb_ing(word: str) -> bool:
    """Is ``word`` the -ing form of a verb and no noun or adjective (``eating``, ``chasing``)?

    Such a word opening the bare object of ``is`` stands where the progressive stands
    (``Tom is eating fish``); a noun or adjective in -ing (``learning``, ``living``) does not,
    so ``Tom is swimming`` is read as the noun (the cost of telling by the lexicon).
    """
    lemmas = _lemmas(word)
    if _CONTENT_POS & set(lemmas) or "VERB" not in lemmas:
        return False  # learning, swimming, living: nouns or adjectives in -ing are read
    return "VBG" in _verb_tags(word)


@lru_cache(maxsize=16384)
def is_plural_noun(word: str) -> bool:
    """Is ``word`` the plural of a noun the lexicon knows (``cats``, ``loads``; not ``fish``)?"""
    nouns = _lemmas(word).get("NOUN", ())
    return bool(nouns) and word not in nouns


def is_noun(word: str) -> bool:
    """Does the lexicon know ``word`` as a noun or a name (``tree``; not ``reviewed``)?"""
    return bool({"NOUN", "PROPN"} & set(_lemmas(word)))


def is_verb(word: str) -> bool:
    """Does the lexicon know ``word`` as a form of a verb (``dwell``, ``had``)?"""
    return "VERB" in _lemmas(word) or bool(_verb_tags(word))


def is_adjective(word: str) -> bool:
    """Does the lexicon know ``word`` as an adjective (``past``, ``broken``)?"""
    return "ADJ" in _lemmas(word)


def noun_lemmas(word: str) -> tuple[str, ...]:
    """The singulars the lexicon gives ``word`` as a noun (``piles``: ``pile``), or ()."""
    return _lemmas(word).get("NOUN", ())


@lru_cache(maxsize=16384)
def is_count_noun(word: str) -> bool:
    """Is ``word`` a singular noun with a plural of its own (``tree``: ``trees``; not ``prey``)?

    A noun the tables give no plural but itself (``prey``, ``fish`` as a mass) or none at all
    (``oxygen``) can follow ``of`` bare (``birds of prey``); a count noun in the singular
    cannot (``piles of tree``), so there ``of`` measures out an amount.
    """
    return word in noun_lemmas(word) and bool(_lexicon().plurals.get(word))


#: The prefix ``a-`` (from "on") that makes predicative words of nouns and verbs:
#: ``asleep``, ``afloat``, ``alike``, ``ashore``, ``afar``.
_PREDICATIVE_PREFIX: Final = "a"
_MIN_PREDICATIVE_STEM: Final = 3


@lru_cache(maxsize=16384)
def is_predicative(word: str) -> bool:
    """Is ``word`` a predicative word in ``a-`` (``asleep``, ``alike``, ``afloat``, ``aboard``)?

    Built of ``a-`` and a noun or verb (``sleep``, ``like``, ``float``, ``board``), listed as
    an adjective that has no comparative or as an adverb, and as no verb, plural or name: such
    a word says where or how a thing is (``a cat is asleep``) and never modifies a noun (no
    "asleep cat"), so it stands only as the whole object of ``is``. The privative ``a-`` is
    built on adjectives that are no verbs (``amoral``, ``asocial``) and is left alone. The
    tables cannot tell every one: ``arid`` (a- and the verb ``rid``) is taken for one.
    """
    stem = word[len(_PREDICATIVE_PREFIX) :]
    if not word.startswith(_PREDICATIVE_PREFIX) or len(stem) < _MIN_PREDICATIVE_STEM:
        return False
    stem_lemmas = _lemmas(stem)
    if not {"NOUN", "VERB"} & set(stem_lemmas) or (
        "ADJ" in stem_lemmas and "VERB" not in stem_lemmas
    ):
        return False  # privative a- on an adjective: amoral (alike: like is a verb too)
    lemmas = _lemmas(word)
    if {"VERB", "PROPN"} & set(lemmas) or _lexicon().plurals.get(word) or is_plural_noun(word):
        return False
    return "ADV" in lemmas or ("ADJ" in lemmas and word not in _lexicon().graded)


#: The ending of the names of fields and practices (``pragmatics``, ``poetics``), whose form
#: in ``-ic`` is an adjective (``poetic``), not a singular.
_FIELD_ENDING: Final = "ics"


@lru_cache(maxsize=16384)
def has_no_singular(word: str) -> bool:
    """Is ``word``, in ``-s``, a noun the tables give no singular (``knickers``, ``poetics``)?

    A plurale tantum or mass noun is listed with itself as its only lemma (``knickers``,
    ``smithereens``, ``rickets``, ``pragmatics``); a word that is a noun in its own right and
    also the plural of another (``feelings``: feeling) is not, and folds. A name of a field
    in ``-ics`` keeps its form when the tables know its ``-ic`` form as no noun (``poetic`` is
    an adjective, ``hermeneutic`` is unknown), because then the rules that would make it a
    plural (``poetic`` + ``s``) make a noun of an adjective.
    """
    if not word.endswith("s"):
        return False
    if noun_lemmas(word) == (word,):
        return True
    stem = word[:-1]
    return word.endswith(_FIELD_ENDING) and not is_noun(stem)


#: Endings that make adverbs of direction and manner of a noun, adjective or particle:
#: ``lengthwise``, ``clockwise``; ``westward``, ``upwards``, ``onward``.
_ADVERB_SUFFIXES: Final = ("wise", "wards", "ward")
_MIN_DERIVATION_STEM: Final = 2


@lru_cache(maxsize=16384)
def adverb_by_derivation(word: str) -> bool:
    """Is ``word`` an adverb built with ``-wise`` or ``-ward(s)`` on a word (``westward``)?

    The stem must be a word of its own (``length``, ``west``, ``up``, ``on``), which
    ``reward``, ``coward`` and ``awkward`` are not; a word the tables give a plural of its own
    (``forward``: forwards, ``steward``) is a noun, not such an adverb. The cost: the same
    words used as adjectives before a noun (``a westward course``) are refused too.
    """
    for suffix in _ADVERB_SUFFIXES:
        stem = word[: -len(suffix)]
        if word.endswith(suffix) and len(stem) >= _MIN_DERIVATION_STEM:
            if _lexicon().plurals.get(word):
                return False
            return bool(_lemmas(stem)) or _lexicon().verb_tags.get(stem) is not None
    return False


@lru_cache(maxsize=16384)
def is_distinct_participle(word: str) -> bool:
    """Is ``word`` a past participle with a form of its own (``bitten``, ``stolen``, ``begun``)?

    Only a verb whose participle differs from its past tense has one (bite: bit, bitten); the
    tables list those used as adjectives (``broken``, ``frozen``, ``given``) as adjectives, and
    then ``word_kind`` gives ``content``. One they do not list is the verb: before a noun it
    is a reduced passive (``bitten pets``: pets that were bitten), which no term holds. A
    participle that is also a regular past tense (``reviewed``, ``trained``) cannot be told
    from an adjective by its form and stays read as a modifier.
    """
    tags = _verb_tags(word)
    if word_kind(word) != "participle" or "VBN" not in tags:
        return False
    if "VBD" not in tags:
        return True
    # A past that is its participle too, formed without the regular ending (bought, held,
    # sent: buy, hold, send), is as plainly a verb as ``bitten``: the tables list those
    # used as adjectives (``cast``, ``lost``), and only the regular -ed is left ambiguous.
    return not any(word in _regular_pasts(lemma) for lemma in _lemmas(word).get("VERB", ()))


def _regular_pasts(lemma: str) -> frozenset[str]:
    """The spellings of the regular past of ``lemma``: -ed, -d, -ied, a doubled consonant."""
    forms = {lemma + "ed", lemma + "d", lemma + lemma[-1:] + "ed"}
    if lemma.endswith("y"):
        forms.add(lemma[:-1] + "ied")
    if lemma.endswith("c"):
        forms.add(lemma + "ked")  # panic: panicked
    return frozenset(forms)


#: Particles and prepositions that open adverbs of place and time written as one word with
#: the word they govern: ``overseas``, ``downhill``, ``midway``, ``offhand``, ``foremost``.
_PLACE_PARTICLES: Final = (
    "under",
    "over",
    "down",
    "fore",
    "back",
    "off",
    "mid",
    "out",
    "up",
    "in",
    "on",
)
_MIN_PLACE_STEM: Final = 3


@lru_cache(maxsize=16384)
def is_flat_adverb(word: str) -> bool:
    """Is ``word`` an adverb of place or time built of a particle and a word (``overseas``)?

    The tables list such a word as an adjective and an adverb in one form, and as no noun,
    verb or name: a particle (``over``, ``down``, ``mid``, ``off``, ``fore``) and a word of
    their own (``seas``, ``hill``, ``way``, ``hand``, ``most``). It says where, when or how
    (``a mammal is overseas``, ``tools are offhand``), not what a thing is, so no term holds
    it. The cost: the same words as adjectives before a noun (``an overnight train``, ``an
    inland sea``, ``an online store``) are refused too.
    """
    lemmas = _lemmas(word)
    if not {"ADJ", "ADV"} <= set(lemmas) or {"NOUN", "VERB", "PROPN"} & set(lemmas):
        return False
    for particle in _PLACE_PARTICLES:
        stem = word[len(particle) :]
        if word.startswith(particle) and len(stem) >= _MIN_PLACE_STEM and _lemmas(stem):
            return True
    return False
