"""The reader refuses by default: readings it is sure of, named refusals, terms as people write them."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pytest_core_verify.systems.symbolic import (
    GRAMMAR_WORDS,
    MAX_UTTERANCE_CHARS,
    REFUSAL_REASONS,
    Claim,
    ClaimParseError,
    TeachingPipeline,
    parse_claim,
    parse_utterance,
)
from tests.helpers import examples


def teach(*utterances: str) -> TeachingPipeline:
    pipeline = TeachingPipeline(source_date_epoch=0)
    for utterance in utterances:
        pipeline.turn(utterance)
    return pipeline


# --- out-of-grammar sentences are refused with a named reason, and nothing is stored --------


@pytest.mark.parametrize(
    ("sentence", "reason"),
    [
        ("Actually nothing is a cat.", "quantifier"),
        ("Actually some cats are pets.", "quantifier"),
        ("Actually most cats are pets.", "quantifier"),
        ("Actually a rock is nothing.", "quantifier"),
        ("Actually all cats are not pets.", "quantifier"),
        ("Actually every cat is not a dog.", "quantifier"),
        ("Actually if it rains the ground is wet.", "conditional"),
        ("Actually a whale is not a fish but a mammal.", "conjunction"),
        ("Actually a cat is a mammal and a pet.", "conjunction"),
        ("Actually a cat is either a dog or a fish.", "conjunction"),
        ("Actually cats are not always pets.", "hedge"),
        ("Actually a cat is probably a mammal.", "hedge"),
        ("No, that is wrong.", "meta_reply"),
        ("No, that's not right.", "meta_reply"),
        ("Actually, you are wrong.", "meta_reply"),
        ("No, it is a dog.", "pronoun"),
        ("Actually they are mammals.", "pronoun"),
        ("Actually a cat can be a pet.", "modal"),
        ("Actually a cat is like a dog.", "comparison"),
        ("Actually a cat was a dog.", "unsupported_verb"),
        ("Actually no cat is not a dog.", "negation"),
        ("Actually a cat is not no dog.", "negation"),
        ("Actually a cat never is a dog.", "negation"),
        ("Actually the cat of the house is a pet.", "article"),
        ("Actually a cat is a dog is a fish.", "two_relations"),
        ("Actually a cat a dog.", "no_relation"),
        ("Actually axes are tools.", "ambiguous_plural"),
    ],
)
def test_out_of_grammar_corrections_are_refused_with_a_reason_and_not_stored(
    sentence: str, reason: str
) -> None:
    pipeline = teach("What is a cat?")
    result = pipeline.turn(sentence)
    assert result.refusal == reason, result.detail
    assert reason in REFUSAL_REASONS
    assert result.no_proposal_reason == "unparseable"
    assert result.pack_mutation_proposal is None
    assert len(pipeline.vault) == 0
    assert f"({reason})" in result.surface


@pytest.mark.parametrize(
    ("sentence", "claim"),
    [
        ("Actually no cat is a dog.", Claim("cat", "is", "dog", "negative")),
        ("No, no mammal is a fish.", Claim("mammal", "is", "fish", "negative")),
        ("Actually no cats are dogs.", Claim("cat", "is", "dog", "negative")),
        ("Actually a wolf is no dog.", Claim("wolf", "is", "dog", "negative")),
        ("Actually a cat is never a dog.", Claim("cat", "is", "dog", "negative")),
        ("Actually cats are never dogs.", Claim("cat", "is", "dog", "negative")),
        ("Actually a cat requires no food.", Claim("cat", "requires", "food", "negative")),
        ("Actually no fire requires water.", Claim("fire", "requires", "water", "negative")),
        ("Actually all cats are mammals.", Claim("cat", "is", "mammal")),
        ("Actually every cat is a mammal.", Claim("cat", "is", "mammal")),
        ("Actually all fires require oxygen.", Claim("fire", "requires", "oxygen")),
        ("Actually every fire requires oxygen.", Claim("fire", "requires", "oxygen")),
        ("Actually cats don't require baths.", Claim("cat", "requires", "baths", "negative")),
    ],
)
def test_certain_readings_store_exactly_the_claim_stated(sentence: str, claim: Claim) -> None:
    pipeline = teach("What is a cat?")
    result = pipeline.turn(sentence)
    assert result.refusal is None, result.detail
    assert [p.claim for p in pipeline.vault] == [claim]


@pytest.mark.parametrize(
    ("dialogue", "forbidden"),
    [
        (
            ["What is a wolf?", "Actually a wolf is no dog.", "Actually, no dog is a cat."],
            Claim("wolf", "is", "cat"),
        ),
        (["What is a rock?", "Actually a rock is nothing.", "Actually nothing is eternal."],
         Claim("rock", "is", "eternal")),
    ],
)  # fmt: skip
def test_the_wrong_conclusions_of_the_evaluation_are_gone(
    dialogue: list[str], forbidden: Claim
) -> None:
    pipeline = teach(*dialogue)
    answer = pipeline.turn(f"What is {forbidden.subject}?")
    assert answer.inference is not None
    assert forbidden.text() not in answer.inference["conclusions"]


# --- property: a grammar word inserted anywhere never changes the meaning stored -----------

PLAIN = ["cat", "dog", "mammal", "wolf", "oak", "fire", "oxygen", "truth", "wisdom", "tom"]
REFUSING = sorted(GRAMMAR_WORDS - {"no", "not", "never", "all", "every", "a", "an", "the"})
BASES = [
    ("{s} is {o}", "is", "positive"),
    ("a {s} is a {o}", "is", "positive"),
    ("{s} is not {o}", "is", "negative"),
    ("{s} requires {o}", "requires", "positive"),
    ("{s} does not require {o}", "requires", "negative"),
    ("{s} precedes {o}", "precedes", "positive"),
    ("{s} presupposes {o}", "presupposes", "positive"),
    ("{s} does not presuppose {o}", "presupposes", "negative"),
]


@settings(max_examples=examples(400))
@given(
    st.sampled_from(PLAIN),
    st.sampled_from(PLAIN),
    st.sampled_from(BASES),
    st.sampled_from([*REFUSING, "no", "not", "never", "all", "every", "a", "an", "the"]),
    st.integers(min_value=0, max_value=8),
    st.sampled_from(["", "Actually ", "No, "]),
)
def test_an_inserted_grammar_word_never_changes_the_meaning(
    subject: str,
    obj: str,
    base: tuple[str, str, str],
    word: str,
    at: int,
    marker: str,
) -> None:
    form, relation, polarity = base
    meaning = Claim(subject, relation, obj, polarity)  # type: ignore[arg-type]
    words = form.format(s=subject, o=obj).split()
    words.insert(min(at, len(words)), word)
    sentence = " ".join(words)
    try:
        read: Claim | None = parse_claim(sentence)
    except ClaimParseError as exc:
        assert exc.reason in REFUSAL_REASONS
        read = None
    if word in ("no", "not", "never"):
        # A negation may only flip a positive claim; on a negative one it is refused.
        allowed = [meaning.negated()] if polarity == "positive" else []
    elif word in ("all", "every", "a", "an", "the"):
        allowed = [meaning]
    else:
        allowed = []
    assert read is None or read in allowed, sentence
    # Through the pipeline: what is stored (if anything) is exactly what was read.
    pipeline = teach("What is x?")
    pipeline.turn(f"{marker}{sentence}." if marker else f"Actually {sentence}.")
    stored = [p.claim for p in pipeline.vault]
    assert stored in ([], [read] if read is not None else []), sentence


# --- terms as a person writes them --------------------------------------------------------


def test_plural_and_singular_are_one_term_and_the_written_form_is_kept() -> None:
    pipeline = teach("What is Tom?", "Actually Tom is a cat.", "Actually cats are mammals.")
    answer = pipeline.turn("What is Tom?")
    assert answer.inference is not None
    assert answer.inference["conclusions"] == ["tom is mammal"]
    assert [p.to_json()["written"] for p in pipeline.vault] == [
        "Tom is a cat",
        "cats are mammals",
    ]
    assert [p.claim.text() for p in pipeline.vault] == ["tom is cat", "cat is mammal"]


@pytest.mark.parametrize(
    ("text", "claim"),
    [
        ("men are mortal", Claim("man", "is", "mortal")),
        ("wolves are canines", Claim("wolf", "is", "canine")),
        ("living beings are organisms", Claim("living being", "is", "organism")),
        ("birds of prey are hunters", Claim("bird of prey", "is", "hunter")),
        ("fish are animals", Claim("fish", "is", "animal")),
        ("cats are a nuisance", Claim("cat", "is", "nuisance")),
        ("Socrates is a man", Claim("socrates", "is", "man")),  # singular verb: not touched
        ("a bus is a vehicle", Claim("bus", "is", "vehicle")),
        ("mice require cheese", Claim("mouse", "requires", "cheese")),
    ],
)
def test_number_is_normalised_where_the_sentence_marks_it(text: str, claim: Claim) -> None:
    assert parse_claim(text) == claim


@pytest.mark.parametrize("text", ["axes are tools", "bases are camps", "cats are axes"])
def test_an_ambiguous_singular_is_refused(text: str) -> None:
    with pytest.raises(ClaimParseError, match="ambiguous") as info:
        parse_claim(text)
    assert info.value.reason == "ambiguous_plural"


@pytest.mark.parametrize(
    ("one", "other"),
    [("\ufb01sh is food", "fish is food"), ("\uff23\uff41\uff54 is a pet", "cat is a pet"),
     ("STRASSE is a road", "straße is a road")],
)  # fmt: skip
def test_term_identity_is_nfkc_casefold(one: str, other: str) -> None:
    assert parse_claim(one) == parse_claim(other)


def test_a_dotted_capital_i_is_read() -> None:
    claim = parse_claim("İstanbul is a city")
    assert claim.object == "city"
    assert claim.subject == "İstanbul".casefold()


def test_length_caps_refuse_and_echo_only_a_prefix() -> None:
    huge = "x" * 1_000_000
    for utterance in (huge, f"Actually {huge} is a cat.", f"What is {huge}?"):
        parsed = parse_utterance(utterance)
        assert parsed.reason == "too_long"
        assert parsed.error is not None and len(parsed.error) < 200
        result = TeachingPipeline().turn(utterance)
        assert len(result.surface) < 400 and len(result.detail or "") < 200
    long_term = " ".join(["word"] * 7)
    assert len(f"Actually {long_term} is a cat.") < MAX_UTTERANCE_CHARS
    assert parse_utterance(f"Actually {long_term} is a cat.").reason == "too_long"
    assert parse_utterance(f"Actually {'w' * 70} is a cat.").reason == "too_long"


# --- questions -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("question", "reason"),
    [
        ("What is a cat like?", "unsupported_question"),
        ("What isn't a cat?", "unsupported_question"),
        ("Whats a cat?", "unsupported_question"),
        ("Why is a cat?", "unsupported_question"),
        ("Is a cat not a dog?", "unsupported_question"),
        ("Is reviewed teaching stored knowledge?", "ambiguous_question"),
        ("What is it?", "pronoun"),
    ],
)
def test_unreadable_questions_are_refused_with_a_reason(question: str, reason: str) -> None:
    result = TeachingPipeline().turn(question)
    assert (result.intent, result.refusal, result.topic) == ("question", reason, None)


@pytest.mark.parametrize(
    ("question", "asked"),
    [
        ("Is a cat a mammal?", Claim("cat", "is", "mammal")),
        ("Is Socrates mortal?", Claim("socrates", "is", "mortal")),
        ("Are cats mammals?", Claim("cat", "is", "mammal")),
        ("Is reviewed teaching a correction?", Claim("reviewed teaching", "is", "correction")),
        ("Does a fire require oxygen?", Claim("fire", "requires", "oxygen")),
        ("Do fires require oxygen?", Claim("fire", "requires", "oxygen")),
        ("Does dawn precede noon?", Claim("dawn", "precedes", "noon")),
    ],
)
def test_yes_no_questions_are_read(question: str, asked: Claim) -> None:
    parsed = parse_utterance(question)
    assert (parsed.intent, parsed.asked, parsed.topic) == ("question", asked, asked.subject)


def test_yes_no_answers_with_proof() -> None:
    pipeline = teach(
        "What is Tom?",
        "Actually Tom is a cat.",
        "Actually cats are mammals.",
        "Actually no mammal is a fish.",
    )
    yes = pipeline.turn("Is Tom a mammal?").answer
    assert yes is not None
    assert (yes["answer"], yes["claim"], yes["proof"], yes["rests_on"]) == (
        "yes", "tom is mammal", ["c1"], ["p1", "p2"]
    )  # fmt: skip
    no = pipeline.turn("Is Tom a fish?").answer
    assert no is not None
    assert (no["answer"], no["claim"], no["rests_on"]) == (
        "no",
        "tom is not fish",
        ["p1", "p2", "p3"],
    )
    stored = pipeline.turn("Is Tom a cat?").answer
    assert stored is not None and (stored["answer"], stored["rests_on"]) == ("yes", ["p1"])
    unknown = pipeline.turn("Is Tom a dog?")
    assert unknown.answer is not None and unknown.answer["answer"] == "not known"
    assert unknown.surface.startswith("Not known: tom is dog?")


def test_a_yes_no_question_opens_the_teaching_loop() -> None:
    pipeline = teach("Is a cat a mammal?")
    result = pipeline.turn("Actually a cat is a mammal.")
    assert result.pack_mutation_proposal is not None
    assert pipeline.turn("Is a cat a mammal?").answer["answer"] == "yes"  # type: ignore[index]
