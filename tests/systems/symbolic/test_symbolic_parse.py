"""Parsing: intent, question topics, claims and their polarity."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pytest_core_verify.systems.symbolic import (
    GRAMMAR_WORDS,
    RELATIONS,
    Claim,
    ClaimParseError,
    normalise_term,
    parse_claim,
    parse_utterance,
)

RESERVED = {*GRAMMAR_WORDS, "isn't", "aren't", "doesn't", "don't"}
#: A term is made of content words: nouns and adjectives the lexicon knows, and symbols (a
#: letter and digits) that the reader reads by their form.
CONTENT_WORDS = [
    "truth",
    "wisdom",
    "light",
    "cat",
    "mammal",
    "animal",
    "fish",
    "whale",
    "stone",
    "river",
    "tree",
    "bird",
    "oxygen",
    "fire",
    "vacuum",
    "dawn",
    "morning",
    "noon",
    "flour",
    "wheat",
    "bread",
    "question",
    "speaker",
    "premise",
    "mortal",
    "warm",
    "green",
    "heavy",
    "glass",
    "kettle",
    "violin",
    "harbor",
    "justice",
    "fairness",
    "winter",
    "spring",
    "metal",
    "iron",
]
words = st.sampled_from(CONTENT_WORDS) | st.from_regex(r"[a-z][0-9]{1,3}", fullmatch=True)
terms = st.lists(words, min_size=1, max_size=3).map(" ".join)
claims = st.builds(
    Claim, terms, st.sampled_from(RELATIONS), terms, st.sampled_from(["positive", "negative"])
)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("truth is wisdom", Claim("truth", "is", "wisdom")),
        ("Truth IS  Wisdom.", Claim("truth", "is", "wisdom")),
        ("a whale is not a fish", Claim("whale", "is", "fish", "negative")),
        ("a whale isn't a fish!", Claim("whale", "is", "fish", "negative")),
        ("men are mortal", Claim("man", "is", "mortal")),
        ("a question requires a topic", Claim("question", "requires", "topic")),
        ("dawn precedes noon", Claim("dawn", "precedes", "noon")),
        ("a correction presupposes a question", Claim("correction", "presupposes", "question")),
        (
            "deployment does not require a build",
            Claim("deployment", "requires", "build", "negative"),
        ),
        ("night doesn't precede dawn", Claim("night", "precedes", "dawn", "negative")),
        ("regret does not presuppose joy", Claim("regret", "presupposes", "joy", "negative")),
        (
            "reviewed teaching is a well-formed premise",
            Claim("reviewed teaching", "is", "well-formed premise"),
        ),
    ],
)
def test_parse_claim(text: str, expected: Claim) -> None:
    assert parse_claim(text) == expected


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("", "empty"),
        ("truth wisdom", "no relation"),
        ("is wisdom", "subject is empty"),
        ("truth is", "object is empty"),
        ("truth is not", "object is empty"),
        ("truth is wisdom is light", "exactly one relation"),
        ("truth is not not wisdom", "a negation is read only"),
        ("truth does not like wisdom", "is a comparison"),
        ("truth does like wisdom", "is a comparison"),
        ("truth does know wisdom", "must be followed by require"),
        ("truth, beauty is wisdom", "not a word"),
        ("the is wisdom", "subject is empty"),
    ],
)
def test_parse_claim_rejects_with_reason(text: str, reason: str) -> None:
    with pytest.raises(ClaimParseError, match=reason):
        parse_claim(text)


def test_normalise_term_drops_one_leading_article_and_case() -> None:
    assert normalise_term("A  Question") == "question"
    assert normalise_term("the new year") == "new year"
    assert normalise_term("reviewed teaching") == "reviewed teaching"


@pytest.mark.parametrize(
    ("utterance", "intent", "topic"),
    [
        ("What is truth?", "question", "truth"),
        ("what is a question ?", "question", "question"),
        ("Who is Socrates?", "question", "socrates"),
        ("What's reviewed teaching?", "question", "reviewed teaching"),
        ("Why is truth?", "question", None),
        ("Actually truth is wisdom.", "correction", None),
        ("Truth is wisdom.", "statement", None),
        ("Hello there", "other", None),
        ("   ", "other", None),
    ],
)
def test_intent(utterance: str, intent: str, topic: str | None) -> None:
    parsed = parse_utterance(utterance)
    assert (parsed.intent, parsed.topic) == (intent, topic)


@pytest.mark.parametrize(
    "utterance",
    [
        "Actually truth is wisdom.",
        "Actually, truth is wisdom.",
        "No, truth is wisdom.",
        "no: truth is wisdom",
        "Correction: truth is wisdom.",
        "correction, truth is wisdom",
    ],
)
def test_correction_markers(utterance: str) -> None:
    parsed = parse_utterance(utterance)
    assert parsed.intent == "correction"
    assert parsed.claim == Claim("truth", "is", "wisdom")


def test_no_without_comma_is_not_a_correction_marker() -> None:
    # "No dogs are cats" is a statement about "no dogs", not a correction.
    assert parse_utterance("No dogs are cats.").intent == "statement"


def test_unparseable_correction_keeps_intent_and_reason() -> None:
    parsed = parse_utterance("Actually truth wisdom light.")
    assert parsed.intent == "correction"
    assert parsed.claim is None
    assert parsed.error is not None and "no relation" in parsed.error


@given(claims)
def test_rendered_claims_parse_back(claim: Claim) -> None:
    assert parse_claim(claim.text()) == claim


@given(claims, st.sampled_from(["Actually {}.", "No, {}.", "Correction: {}."]))
def test_corrections_keep_polarity(claim: Claim, template: str) -> None:
    parsed = parse_utterance(template.format(claim.text()))
    assert parsed.intent == "correction"
    assert parsed.claim == claim
    assert parsed.claim is not None and parsed.claim.negated().polarity != claim.polarity


@given(terms)
def test_question_topic_is_the_normalised_term(term: str) -> None:
    assert parse_utterance(f"What is {term.upper()}?").topic == term
