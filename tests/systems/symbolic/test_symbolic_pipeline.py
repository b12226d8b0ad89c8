"""The teaching loop: honest unknowns, proposals, refusals with reasons, recall, determinism."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pytest_core_verify.systems.symbolic import TeachingPipeline, sha256_hex, source_date_epoch

EPOCH = 1_764_446_400  # 2025-11-29T20:00:00Z


def teach(*utterances: str, epoch: int | None = EPOCH) -> TeachingPipeline:
    pipeline = TeachingPipeline(source_date_epoch=epoch)
    for utterance in utterances:
        pipeline.turn(utterance)
    return pipeline


def test_unknown_question_is_answered_honestly() -> None:
    result = TeachingPipeline().turn("What is truth?")
    assert result.intent == "question"
    assert result.surface == "truth is not known."
    assert result.vault_hits == 0
    assert result.pack_mutation_proposal is None


def test_correction_after_question_is_stored_and_proposed_once() -> None:
    pipeline = TeachingPipeline(source_date_epoch=EPOCH)
    pipeline.turn("What is truth?")
    result = pipeline.turn("Actually truth is wisdom.")
    proposal = result.pack_mutation_proposal
    assert result.intent == "correction"
    assert result.no_proposal_reason is None
    assert proposal is not None
    assert proposal.to_json() == {
        "id": "pmp-1",
        "premise_id": "p1",
        "subject": "truth",
        "relation": "is",
        "object": "wisdom",
        "polarity": "positive",
        "text": "truth is wisdom",
        "source_turn": 2,
        "question_turn": 1,
        "datestamp": "2025-11-29T20:00:00Z",
        "source_date_epoch": EPOCH,
    }
    assert [p.claim.text() for p in pipeline.vault] == ["truth is wisdom"]
    assert pipeline.proposals == (proposal,)


@pytest.mark.parametrize(
    ("dialogue", "reason"),
    [
        (["Actually truth is wisdom."], "no_prior_question"),
        (["What is truth?", "Actually truth wisdom."], "unparseable"),
        (["What is truth?", "Actually truth is wisdom.", "No, truth is wisdom."], "duplicate"),
    ],
)
def test_refused_corrections_say_why(dialogue: list[str], reason: str) -> None:
    pipeline = teach(*dialogue[:-1])
    before = len(pipeline.proposals)
    result = pipeline.turn(dialogue[-1])
    assert result.pack_mutation_proposal is None
    assert result.no_proposal_reason == reason
    assert result.detail
    assert len(pipeline.proposals) == before


def test_a_refused_correction_is_not_stored() -> None:
    pipeline = teach("Actually truth is wisdom.", "What is truth?")
    assert len(pipeline.vault) == 0


def test_a_question_stays_open_for_several_corrections() -> None:
    pipeline = teach(
        "What is truth?", "Actually truth is wisdom.", "Correction: truth requires care."
    )
    assert [p.question_turn for p in pipeline.proposals] == [1, 1]


def test_probe_recalls_every_reachable_premise_and_says_so() -> None:
    pipeline = teach(
        "What is truth?", "Actually truth is wisdom.",
        "What is wisdom?", "Actually wisdom is light.",
        "What is light?", "Correction: light requires a source.",
        "What is jazz?", "Actually jazz is music.",
    )  # fmt: skip
    result = pipeline.turn("What is truth?")
    assert result.vault_hits == 3
    assert result.recalled == ("p1", "p2", "p3")
    for text in ("truth is wisdom", "wisdom is light", "light requires source"):
        assert text in result.surface
    assert "jazz" not in result.surface


def test_recall_does_not_follow_a_denial() -> None:
    pipeline = teach("What is a whale?", "No, a whale is not a fish.", "What is a fish?",
                     "Actually a fish is an animal.")  # fmt: skip
    assert pipeline.turn("What is a whale?").recalled == ("p1",)


def test_datestamp_reads_source_date_epoch_at_call_time(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("SOURCE_DATE_EPOCH", raising=False)
    pipeline = TeachingPipeline()
    pipeline.turn("What is truth?")
    first = pipeline.turn("Actually truth is wisdom.").pack_mutation_proposal
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "86400")
    second = pipeline.turn("Actually truth is light.").pack_mutation_proposal
    assert first is not None and first.datestamp == "1970-01-01T00:00:00Z"
    assert second is not None and second.datestamp == "1970-01-02T00:00:00Z"


def test_datestamp_ignores_the_time_zone(monkeypatch: pytest.MonkeyPatch) -> None:
    import time

    monkeypatch.setenv("TZ", "Pacific/Kiritimati")
    time.tzset()
    try:
        proposal = teach("What is truth?", "Actually truth is wisdom.").proposals[0]
    finally:
        monkeypatch.undo()
        time.tzset()
    assert proposal.datestamp == "2025-11-29T20:00:00Z"


@pytest.mark.parametrize("raw", ["soon", "1.5", "-3"])
def test_bad_source_date_epoch_is_a_clear_error(raw: str) -> None:
    with pytest.raises(ValueError, match="SOURCE_DATE_EPOCH"):
        source_date_epoch({"SOURCE_DATE_EPOCH": raw})


def test_trace_hash_covers_the_turn_and_the_vault() -> None:
    pipeline = TeachingPipeline(source_date_epoch=EPOCH)
    result = pipeline.turn("What is truth?")
    vault = {"size": 0, "digest": pipeline.vault.digest}
    assert result.trace_hash == sha256_hex({"turn": result.hashed_state(), "vault": vault})
    # The same question over a different vault hashes differently.
    other = teach("What is jazz?", "Actually jazz is music.")
    assert other.turn("What is truth?").trace_hash != result.trace_hash


def test_trace_hash_takes_the_trace_through_its_chained_digest() -> None:
    pipeline = teach("What is truth?", "Actually truth is wisdom.", "Actually wisdom is light.",
                     "Actually light is clarity.")  # fmt: skip
    result = pipeline.turn("What is truth?")
    assert result.inference is not None and len(result.inference["inference_trace"]) == 2
    hashed = result.hashed_state()["inference"]
    assert hashed["conclusions"] == 2
    assert hashed["inference_trace"] == result.trace_digest
    # A different trace over the same vault size gives a different digest.
    other = teach("What is truth?", "Actually truth is wisdom.", "Actually wisdom is light.",
                  "Actually light is not clarity.")  # fmt: skip
    assert other.turn("What is truth?").trace_digest != result.trace_digest


def test_non_string_utterance_is_rejected() -> None:
    with pytest.raises(TypeError, match="utterance is a str"):
        TeachingPipeline().turn(42)  # type: ignore[arg-type]


TERMS = ["truth", "wisdom", "light", "a question", "reviewed teaching"]
utterances = st.one_of(
    st.builds("What is {}?".format, st.sampled_from(TERMS)),
    st.builds(
        "{} {} {} {}.".format,
        st.sampled_from(["Actually", "No,", "Correction:", ""]),
        st.sampled_from(TERMS),
        st.sampled_from(["is", "is not", "requires", "precedes", "presupposes", "likes"]),
        st.sampled_from(TERMS),
    ),
    st.text(max_size=20),
)


@given(st.lists(utterances, max_size=12))
def test_two_fresh_pipelines_give_identical_turns(dialogue: list[str]) -> None:
    first, second = (
        TeachingPipeline(source_date_epoch=EPOCH),
        TeachingPipeline(source_date_epoch=EPOCH),
    )
    for utterance in dialogue:
        assert first.turn(utterance).to_json() == second.turn(utterance).to_json()


@given(st.lists(utterances.filter(lambda u: not u.rstrip().endswith("?")), max_size=12))
def test_no_proposal_without_a_prior_question(dialogue: list[str]) -> None:
    pipeline = TeachingPipeline(source_date_epoch=EPOCH)
    for utterance in dialogue:
        result = pipeline.turn(utterance)
        assert result.pack_mutation_proposal is None
        if result.intent == "correction":
            assert result.no_proposal_reason in ("no_prior_question", "unparseable")
    assert len(pipeline.vault) == 0
