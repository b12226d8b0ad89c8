"""Every word of a term is a content word: a noun or adjective, a verb form a term holds, or read by a rule."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pytest_core_verify.systems.symbolic import (
    ClaimParseError,
    TeachingPipeline,
    parse_claim,
    parse_utterance,
)
from pytest_core_verify.systems.symbolic._content import _lexicon, is_verb_ing, word_kind
from pytest_core_verify.systems.symbolic._lexicon import PREPOSITIONS, closed_class
from pytest_core_verify.systems.symbolic._parse import GRAMMAR_WORDS, _is_compound
from tests.helpers import examples
from tests.systems.symbolic.adversarial import _terms


def _plain(word: str) -> bool:
    return word.isalpha() and word not in GRAMMAR_WORDS and closed_class(word) is None


_LEXICON = _lexicon()
#: The lexicon's own verbs in -ing that are no noun or adjective (eating, chasing, ...).
VERBS_ING = sorted(w for w, tags in _LEXICON.verb_tags.items() if _plain(w) and is_verb_ing(w))
#: Words the lexicon knows only as adverbs (ultimately, altogether, ...).
ADVERBS = sorted(
    w for w in _LEXICON.lemmas if _plain(w) and w not in PREPOSITIONS and word_kind(w) == "adverb"
)
#: Past tenses that are no participle (ate, went, ...).
PAST_TENSES = sorted(
    w for w, tags in _LEXICON.verb_tags.items() if _plain(w) and word_kind(w) == "finite_verb"
)
unknown_words = (
    st.from_regex(r"[bcdfghjklmnpqrstvwxz][aeiouy][a-z]{2,6}", fullmatch=True)
    .filter(_plain)
    .filter(lambda w: word_kind(w) == "unknown" and not _is_compound(w))
)


def _refused(sentence: str) -> str | None:
    parsed = parse_utterance(sentence)
    assert _terms(parsed) == [], (sentence, parsed)
    return parsed.reason


@given(st.sampled_from(VERBS_ING))
@settings(max_examples=examples(200), deadline=None)
def test_a_verb_in_ing_after_is_is_the_progressive(verb: str) -> None:
    assert len(VERBS_ING) > 1000
    assert _refused(f"Tom is {verb} fish.") == "unsupported_verb"
    assert _refused(f"Cats are {verb}.") == "unsupported_verb"
    assert _refused(f"Is a cat {verb} a fish?") == "unsupported_verb"


@given(st.sampled_from(ADVERBS), st.sampled_from(["Cats are {} pets.", "What is {} cat?"]))
@settings(max_examples=examples(200), deadline=None)
def test_an_adverb_no_list_holds_is_refused_by_the_lexicon(adverb: str, frame: str) -> None:
    assert len(ADVERBS) > 500
    assert _refused(frame.format(adverb)) == "adverb"


@given(st.sampled_from(PAST_TENSES))
@settings(max_examples=examples(100), deadline=None)
def test_a_finite_verb_inside_a_term_is_refused(verb: str) -> None:
    assert _refused(f"A cat is {verb} fish.") == "unsupported_verb"


@given(
    unknown_words, st.sampled_from(["A cat is a {} pet.", "What is {} cat?", "{} cats are pets."])
)
@settings(max_examples=examples(200), deadline=None)
def test_a_word_no_lexicon_knows_inside_a_longer_term_is_refused(word: str, frame: str) -> None:
    text = frame.format(word)
    assert _refused(text[0].upper() + text[1:]) == "unread_word"


@pytest.mark.parametrize(
    ("sentence", "reason"),
    [
        ("Tom is eating fish.", "unsupported_verb"),
        ("A cat is loved.", "unsupported_verb"),
        ("A cat is loved by dogs.", "unsupported_verb"),
        ("A cat is ate fish.", "unsupported_verb"),
        ("A mammal is a tree sleeping.", "unsupported_verb"),
        ("Cats are ultimately pets.", "adverb"),
        ("Cats are altogether pets.", "adverb"),
        ("Cats are albeit pets.", "conjunction"),
        ("Cats are sans pets.", "unread_word"),
        ("An ipso facto cat is a pet.", "unread_word"),
        ("Loads of cats are pets.", "quantifier"),
        ("A bunch of cats is a group.", "quantifier"),
    ],
)
def test_the_examples_of_each_class_are_refused_by_name(sentence: str, reason: str) -> None:
    with pytest.raises(ClaimParseError) as caught:
        parse_claim(sentence)
    assert caught.value.reason == reason, str(caught.value)


@pytest.mark.parametrize(
    ("sentence", "subject", "obj"),
    [
        ("Socrates is a man.", "socrates", "man"),
        ("socrates is a man.", "socrates", "man"),
        ("The wheat is socrates.", "wheat", "socrates"),
        ("A mammal is a chordate.", "mammal", "chordate"),
        ("Lift requires airflow.", "lift", "airflow"),
        ("A whale is warm-blooded.", "whale", "warm-blooded"),
        ("X1 is wisdom.", "x1", "wisdom"),
        ("Baking bread requires flour.", "baking bread", "flour"),
        ("Reviewed teaching is a correction.", "reviewed teaching", "correction"),
        ("A trained dog is a pet.", "trained dog", "pet"),
        ("Regret presupposes a past act.", "regret", "past act"),
        ("A reptile is not learning.", "reptile", "learning"),
        ("Cats are living beings.", "cat", "living being"),
        ("London is a city.", "london", "city"),
        ("Actually Lake Tahoe is a lake.", "lake tahoe", "lake"),
    ],
)
def test_content_words_names_and_symbols_are_read(sentence: str, subject: str, obj: str) -> None:
    parsed = parse_utterance(sentence)
    claim = parsed.claim
    assert claim is not None, parsed
    assert (claim.subject, claim.object) == (subject, obj)


def test_a_capital_past_the_first_word_makes_a_name() -> None:
    assert parse_utterance("What is Xanadu hill?").topic == "xanadu hill"
    assert parse_utterance("What is xanadu hill?").reason == "unread_word"


def test_a_word_the_vault_holds_is_known_to_the_dialogue() -> None:
    pipeline = TeachingPipeline()
    pipeline.turn("What is a mammal?")
    assert pipeline.turn("What is a dodo bird?").refusal is None  # dodo: a noun
    assert pipeline.turn("What is quagga horse?").refusal == "unread_word"
    pipeline.turn("Actually a mammal is a quagga.")
    assert pipeline.turn("What is quagga horse?").refusal is None


def test_the_lexicon_is_read_without_numpy() -> None:
    # The tables are read as files, without importing numpy (lemminflect's own loader
    # does), and under the replay helper's pure-Python datetime.
    import subprocess
    import sys

    code = (
        "import sys; sys.modules['_datetime'] = None; "
        "from pytest_core_verify.systems.symbolic import parse_claim; "
        "print(parse_claim('Tom is a cat.').object); print('numpy' in sys.modules)"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout.split()
    assert out == ["cat", "False"]
