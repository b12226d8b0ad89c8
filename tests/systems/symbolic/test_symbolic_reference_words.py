"""Words that pick out members rather than name a kind, superlatives in -most, participles.

A reference adjective (``a particular fox``, ``the main duck``, ``own goats``) or an
adjective of amount (``ample hay``) before another word of a term is refused as
``determiner``; a word of place in a series (``the last goat``, ``the final duck``) as
``ordinal``; ``lesser`` and adjectives in ``-most`` (``uppermost``, ``utmost``) as
``comparative``. Closing a term they are the nouns or predicates they also are (``a
particular is an individual``, ``a hen is particular``), and are read. A participle of its
own form right after an article modifies its noun (``a spoken word``); bare it is still a
reduced passive (``Bitten pets are cats``).
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from pytest_core_verify.systems.symbolic import parse_utterance
from pytest_core_verify.systems.symbolic._content import is_adjective, is_noun, word_kind
from pytest_core_verify.systems.symbolic._forms import MULTIPLICATIVES, ORDINALS
from pytest_core_verify.systems.symbolic._lexicon import (
    AMOUNT_ADJECTIVES,
    NOT_PLURALS,
    REFERENCE_ADJECTIVES,
    SERIES_WORDS,
)
from tests.helpers import examples

NOUNS = ("goat", "hen", "duck", "fox", "bee", "tool", "stone", "river")
PLURALS = {noun: noun + "es" if noun.endswith("x") else noun + "s" for noun in NOUNS}
PAIRS = st.tuples(st.sampled_from(NOUNS), st.sampled_from(NOUNS)).filter(lambda p: p[0] != p[1])


def _reason(sentence: str) -> str | None:
    parsed = parse_utterance(sentence)
    if parsed.claim is not None or parsed.topic is not None:
        return None
    return parsed.reason


def _terms(sentence: str) -> tuple[str, str] | None:
    """The subject and object of the claim ``sentence`` is read as, or None if refused."""
    claim = parse_utterance(sentence).claim
    return None if claim is None else (claim.subject, claim.object)


#: Frames that put a word before the noun of a term, in each place a term stands.
BEFORE_A_NOUN = (
    "{W} {Xs} are {Ys}.",
    "A {W} {X} is a {Y}.",
    "The {W} {X} is a {Y}.",
    "A {X} is a {W} {Y}.",
    "What is a {W} {X}?",
    "Is a {W} {X} a {Y}?",
    "A {X} requires a {W} {Y}.",
    "Actually {W} {Xs} are {Ys}.",
)


def _fill(frame: str, word: str, pair: tuple[str, str]) -> str:
    x, y = pair
    text = frame.format(W=word, X=x, Y=y, Xs=PLURALS[x], Ys=PLURALS[y])
    return text[0].upper() + text[1:]


@settings(max_examples=examples(200))
@given(
    st.sampled_from(sorted(REFERENCE_ADJECTIVES | AMOUNT_ADJECTIVES)),
    st.sampled_from(BEFORE_A_NOUN),
    PAIRS,
)
def test_a_reference_or_amount_word_before_a_noun_is_refused(
    word: str, frame: str, pair: tuple[str, str]
) -> None:
    sentence = _fill(frame, word, pair)
    # ``said`` is a participle of its own form: bare, it is refused first as a reduced passive;
    # ``remaining`` is a verb-only form before a plural head, refused first as a reduced clause.
    verb_form = word_kind(word) in ("participle", "gerund")
    expected = {"determiner", "unsupported_verb"} if verb_form else {"determiner"}
    assert _reason(sentence) in expected, sentence


@settings(max_examples=examples(100))
@given(st.sampled_from(sorted(SERIES_WORDS)), st.sampled_from(BEFORE_A_NOUN), PAIRS)
def test_a_word_of_place_in_a_series_before_a_noun_is_refused(
    word: str, frame: str, pair: tuple[str, str]
) -> None:
    sentence = _fill(frame, word, pair)
    assert _reason(sentence) == "ordinal", sentence


SUPERLATIVES_IN_MOST = (
    "uppermost",
    "innermost",
    "topmost",
    "southernmost",
    "northernmost",
    "easternmost",
    "westernmost",
    "outermost",
    "utmost",
)


@settings(max_examples=examples(100))
@given(st.sampled_from((*SUPERLATIVES_IN_MOST, "lesser")), st.sampled_from(BEFORE_A_NOUN), PAIRS)
def test_lesser_and_superlatives_in_most_are_refused(
    word: str, frame: str, pair: tuple[str, str]
) -> None:
    sentence = _fill(frame, word, pair)
    assert _reason(sentence) == "comparative", sentence


def test_the_words_closing_a_term_are_the_nouns_and_predicates_they_also_are() -> None:
    # A noun sense closing a term after 'a' (or any article, for the reference words), and
    # an adjective as the whole predicate of 'is': the tables list each as a noun or an
    # adjective, so the reading is the word's own.
    for word in sorted(REFERENCE_ADJECTIVES | AMOUNT_ADJECTIVES | SERIES_WORDS):
        if is_noun(word):
            parsed = parse_utterance(f"A {word} is a thing.")
            assert parsed.claim is not None and parsed.claim.subject == word, word
        if is_adjective(word):
            parsed = parse_utterance(f"A goat is {word}.")
            assert parsed.claim is not None and parsed.claim.object == word, word
    assert parse_utterance("The present is a time.").claim is not None
    assert parse_utterance("A water main is a pipe.").claim is not None


DISTINCT_PARTICIPLES = ("spoken", "stolen", "written", "hidden", "beaten", "bitten", "sung")


@settings(max_examples=examples(60))
@given(st.sampled_from(DISTINCT_PARTICIPLES), PAIRS)
def test_a_participle_of_its_own_form_after_an_article_modifies_its_noun(
    word: str, pair: tuple[str, str]
) -> None:
    x, y = pair
    assert _terms(f"A {word} {x} is a {y}.") == (f"{word} {x}", y)
    # Bare, or after its noun, it is still a reduced passive.
    assert _reason(f"{word.capitalize()} {PLURALS[x]} are {PLURALS[y]}.") == "unsupported_verb"
    assert _reason(f"What is {word} {x}?") == "unsupported_verb"
    assert _reason(f"A {x} {word} daily is a {y}.") is not None


def test_the_new_pluralia_tantum_keep_their_form() -> None:
    for word in ("fisticuffs", "sweepstakes", "cahoots"):
        assert word in NOT_PLURALS
        parsed = parse_utterance(f"{word.capitalize()} are things.")
        assert parsed.claim is not None and parsed.claim.subject == word


def _serial_words() -> list[str]:
    # The ordinals, multiplicatives and series words the tables know as nouns or adjectives
    # (septuple they do not know; third only as a verb and an adverb, refused before a word).
    words = ORDINALS | MULTIPLICATIVES | SERIES_WORDS
    return sorted(word for word in words if word_kind(word) == "content")


@settings(max_examples=examples(100))
@given(st.sampled_from(_serial_words()), PAIRS)
def test_a_series_word_opening_a_bare_singular_term_is_a_compound(
    word: str, pair: tuple[str, str]
) -> None:
    # A place in a series needs a determiner before a singular count noun, so a bare
    # singular term it opens is a compound (first aid, second nature, double cream).
    x, y = pair
    assert _terms(f"{word.capitalize()} {x} is a {y}.") == (f"{word} {x}", y)
    assert _terms(f"A {y} is {word} {x}.") == (y, f"{word} {x}")
    # With an article, or before a plural, it picks out a member.
    assert _reason(f"The {word} {x} is a {y}.") == "ordinal"
    assert _reason(f"{word.capitalize()} {PLURALS[x]} are {PLURALS[y]}.") == "ordinal"
