"""Adverbs of place in one word, anaphoric words, a stressed quantifier, more pluralia tantum.

Four classes the earlier rules left read: a word the tables list as an adjective and an
adverb in one form, built of a particle and a word (``overseas``, ``downhill``, ``midway``,
``foremost``), which says where or when and names no kind; an anaphoric word that points
back to something named earlier (``aforesaid``, ``aforementioned``, ``selfsame``, and any
``afore-`` participle by its form); a word that stresses a leading ``every``/``no``
(``every single cat`` is "every cat"); and pluralia tantum the tables give a singular of
another word (``bellows``: ``bellow``, a roar). Each is refused or kept, and the in-grammar
sentences beside each are still read.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from pytest_core_verify.systems.symbolic import parse_utterance
from pytest_core_verify.systems.symbolic._content import _lexicon, is_flat_adverb
from pytest_core_verify.systems.symbolic._lexicon import EMPHATIC_AFTER_QUANTIFIER, closed_class
from tests.helpers import examples

NOUNS = ("cat", "dog", "pet", "tool", "tree", "stone", "river", "bird")
PAIRS = st.tuples(st.sampled_from(NOUNS), st.sampled_from(NOUNS)).filter(lambda p: p[0] != p[1])


def _terms(sentence: str) -> list[str]:
    parsed = parse_utterance(sentence)
    for claim in (parsed.claim, parsed.asked):
        if claim is not None:
            return [claim.subject, claim.object]
    return [parsed.topic] if parsed.topic is not None else []


#: Every word of the tables the rule takes for an adverb of place (some 30).
FLAT_ADVERBS = sorted(word for word in _lexicon().lemmas if is_flat_adverb(word))
TERM_FRAMES = (
    "{W} {X}s are {Y}s.",
    "A {X} is {W}.",
    "A {X} requires {W} {Y}.",
    "{X}s are {W} {Y}s.",
    "What is {W} {X}?",
    "{W} is a {X}.",
)


def test_the_flat_adverbs_are_the_ones_of_place_and_time() -> None:
    for word in ("overseas", "downhill", "downstairs", "midway", "offhand", "overnight"):
        assert word in FLAT_ADVERBS
    assert "foremost" in FLAT_ADVERBS  # fore + most
    # Nouns and verbs of the same build are no such adverbs: they name things or acts.
    for word in ("overcoat", "outlaw", "income", "upstairs", "overall", "underground", "output"):
        assert not is_flat_adverb(word), word


@settings(max_examples=examples(60), deadline=None)
@given(st.sampled_from(FLAT_ADVERBS), st.sampled_from(TERM_FRAMES), PAIRS)
def test_an_adverb_of_place_in_a_term_is_refused(
    word: str, frame: str, pair: tuple[str, str]
) -> None:
    sentence = frame.format(W=word, X=pair[0], Y=pair[1])
    sentence = sentence[0].upper() + sentence[1:]
    assert _terms(sentence) == [], sentence
    assert parse_utterance(sentence).reason == "adverb"


ANAPHORIC = ("aforesaid", "aforementioned", "selfsame", "aforenoted", "aforecited", "aforewritten")


@settings(max_examples=examples(40), deadline=None)
@given(st.sampled_from(ANAPHORIC), st.sampled_from(TERM_FRAMES), PAIRS)
def test_an_anaphoric_word_is_refused_as_a_pronoun(
    word: str, frame: str, pair: tuple[str, str]
) -> None:
    sentence = frame.format(W=word, X=pair[0], Y=pair[1])
    sentence = sentence[0].upper() + sentence[1:]
    assert _terms(sentence) == [], sentence
    assert closed_class(word) == "pronoun"


def test_afore_is_anaphoric_only_before_a_participle() -> None:
    assert closed_class("aforethought") is None  # malice aforethought
    assert closed_class("afore") is None


@settings(max_examples=examples(30), deadline=None)
@given(st.sampled_from(sorted(EMPHATIC_AFTER_QUANTIFIER)), st.sampled_from(("Every", "No")), PAIRS)
def test_a_word_stressing_every_or_no_is_refused(
    word: str, quantifier: str, pair: tuple[str, str]
) -> None:
    sentence = f"{quantifier} {word} {pair[0]} is a {pair[1]}."
    assert _terms(sentence) == [], sentence
    assert parse_utterance(sentence).reason == "quantifier"


def test_the_same_words_are_read_where_they_name_a_kind() -> None:
    assert _terms("All single parents are parents.") == ["single parent", "parent"]
    assert _terms("A single parent is a parent.") == ["single parent", "parent"]
    assert _terms("Every parent is a person.") == ["parent", "person"]


PLURALIA_TANTUM = ("bellows", "calipers", "callipers", "jodhpurs", "secateurs", "confines")


@settings(max_examples=examples(30), deadline=None)
@given(
    st.sampled_from(PLURALIA_TANTUM),
    st.sampled_from(("{N} are {Y}s.", "{Y}s are {N}.", "What are {N}?", "Actually {N} are {Y}s.")),
    st.sampled_from(NOUNS),
)
def test_a_plurale_tantum_keeps_its_form(word: str, frame: str, other: str) -> None:
    sentence = frame.format(N=word, Y=other)
    sentence = sentence[0].upper() + sentence[1:]
    assert word in _terms(sentence), sentence


#: Words of closed classes that speech writes as it is heard, or that stand alone as a reply
#: or a cry, which the tables do not hold or hold as nouns: each with its class.
SPOKEN = {
    "interjection": ("nay", "nope", "yeah", "howdy", "cheerio", "heck", "crikey", "bah"),
    "modal": ("gonna", "wanna", "gotta", "hafta", "woulda", "musta"),
    "pronoun": ("ourn", "hisn", "theirn", "lemme", "gimme"),
    "quantifier": ("owt", "nowt", "summat", "lotsa", "nil", "zilch", "assorted"),
    "unsupported_verb": ("wert", "wast", "beest"),
    "hedge": ("kinda", "sorta"),
}


@settings(max_examples=examples(60), deadline=None)
@given(
    st.sampled_from([(cls, word) for cls, words in SPOKEN.items() for word in words]),
    st.sampled_from(TERM_FRAMES),
    PAIRS,
)
def test_a_spoken_or_dialect_function_word_is_refused_with_its_class(
    entry: tuple[str, str], frame: str, pair: tuple[str, str]
) -> None:
    cls, word = entry
    sentence = frame.format(W=word, X=pair[0], Y=pair[1])
    sentence = sentence[0].upper() + sentence[1:]
    assert _terms(sentence) == [], sentence
    assert closed_class(word) == cls


def test_a_reply_of_one_answer_particle_is_still_a_reply() -> None:
    assert parse_utterance("Nope.").reason == "meta_reply"
    assert parse_utterance("Yep.").reason == "meta_reply"
