"""Withholding that does not depend on teaching order, self-denial, and a checker that rejects
every step the contract forbids (and so makes ``unsupported_conclusions`` count it)."""

from __future__ import annotations

import copy
import pathlib
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pytest_core_verify.systems.symbolic import (
    RELATIONS,
    Claim,
    Reasoner,
    TeachingPipeline,
    Vault,
    check_trace,
    parse_claim,
    probe,
)
from tests.helpers import examples, shipped_lane_module

LANE = pathlib.Path(__file__).resolve().parents[3] / "lanes" / "symbolic_logic" / "lane.py"


def vault_of(*texts: str) -> Vault:
    vault = Vault()
    for turn, text in enumerate(texts, 1):
        vault.add(parse_claim(text), turn)
    return vault


def premises(vault: Vault) -> list[dict[str, object]]:
    return [p.to_json() for p in vault]


def sorted_result(vault: Vault, subject: str) -> tuple[list[str], ...]:
    outcome = probe(vault, subject)
    return (
        sorted(s.conclusion.text() for s in outcome.steps),
        sorted(w.claim.text() for w in outcome.withheld),
        sorted(p.claim.text() for p in outcome.contested),
        [outcome.inconsistent[-1].conclusion.text()] if outcome.inconsistent else [],
    )


# --- 2. order-independent withholding -------------------------------------------------------

MINIMAL = [
    "x1 is whale", "whale is morning", "morning is wisdom", "whale is fish", "fish is wisdom",
    "x1 is not morning",
]  # fmt: skip


def test_a_conclusion_with_one_clean_derivation_is_drawn_whatever_the_order() -> None:
    for texts in (MINIMAL, MINIMAL[3:5] + MINIMAL[:3] + MINIMAL[5:]):
        outcome = probe(vault_of(*texts), "x1")
        assert sorted(s.conclusion.text() for s in outcome.steps) == ["x1 is fish", "x1 is wisdom"]
        assert [(w.claim.text(), w.reason) for w in outcome.withheld] == [
            ("x1 is morning", f"contradicts stored premise p{texts.index('x1 is not morning') + 1}"
             ": x1 is not morning"),
        ]  # fmt: skip


def test_step_ids_are_contiguous_when_steps_are_withheld() -> None:
    outcome = probe(vault_of(*MINIMAL), "x1")
    assert [s.id for s in outcome.steps] == [f"c{n}" for n in range(1, len(outcome.steps) + 1)]
    assert (
        check_trace(premises(vault_of(*MINIMAL)), [s.to_json() for s in outcome.steps], "x1") == []
    )


TERMS = ["ant", "bee", "cat", "dog", "elk", "fox"]


def claims_over(terms: list[str]) -> st.SearchStrategy[Claim]:
    return st.builds(
        Claim,
        st.sampled_from(terms),
        st.sampled_from(RELATIONS),
        st.sampled_from(terms),
        st.sampled_from(["positive", "negative"]),
    ).filter(lambda c: c.subject != c.object)


def build(claims: list[Claim]) -> Vault:
    vault = Vault()
    for turn, claim in enumerate(claims, 1):
        if vault.find(claim) is None:
            vault.add(claim, turn)
    return vault


@settings(max_examples=examples(200))
@given(st.lists(claims_over(TERMS), max_size=14, unique=True).flatmap(
    lambda cs: st.tuples(st.just(cs), st.permutations(cs))))  # fmt: skip
def test_probe_results_do_not_depend_on_teaching_order(
    orders: tuple[list[Claim], list[Claim]],
) -> None:
    first, second = build(orders[0]), build(orders[1])
    for subject in TERMS:
        assert (
            repr(sorted_result(first, subject)).encode()
            == repr(sorted_result(second, subject)).encode()
        )
        for vault in (first, second):
            steps = [s.to_json() for s in probe(vault, subject).steps]
            assert check_trace(premises(vault), steps, subject) == []


# --- 4. self-denial is an inconsistency the probe reports -----------------------------------


def test_stored_self_denial_is_reported_and_nothing_is_concluded() -> None:
    vault = vault_of("vacuum requires fire", "vacuum is not fire", "fire requires oxygen")
    outcome = probe(vault, "vacuum")
    assert outcome.steps == ()
    assert [(s.id, s.rule, s.uses, s.conclusion.text()) for s in outcome.inconsistent] == [
        ("d1", "modus_tollens", ("p1", "p2"), "vacuum is not vacuum")
    ]
    assert [w.claim.text() for w in outcome.withheld] == ["vacuum requires oxygen"]
    assert "inconsistent" in outcome.withheld[0].reason


def test_derived_self_denial_withholds_both_sides() -> None:
    vault = vault_of("s requires p", "p requires q", "s is c", "c is not q")
    outcome = probe(vault, "s")
    assert outcome.steps == ()
    assert sorted(w.claim.text() for w in outcome.withheld) == [
        "s is not p",  # modus tollens from p requires q, s is not q
        "s is not q",
        "s requires q",
    ]
    proof = outcome.inconsistent
    assert proof[-1].conclusion.text() == "s is not s"
    assert [s.id for s in proof] == ["d1", "d2", "d3"]
    assert check_trace(premises(vault), [s.to_json() for s in proof[:-1]], "s") != []


def test_self_denial_through_negation_propagation() -> None:
    outcome = probe(vault_of("cat is mammal", "mammal is not cat", "mammal is animal"), "cat")
    assert outcome.steps == ()
    assert outcome.inconsistent[-1].rule == "negation_propagation"


def test_the_pipeline_says_the_subject_is_inconsistent() -> None:
    pipeline = TeachingPipeline(source_date_epoch=0)
    for utterance in ("What is a vacuum?", "Actually a vacuum requires fire.",
                      "Actually a vacuum is not fire."):  # fmt: skip
        pipeline.turn(utterance)
    answer = pipeline.turn("What is a vacuum?")
    assert (
        "Inconsistent: the premises about vacuum deny it (vacuum is not vacuum)." in answer.surface
    )
    assert answer.inference is not None and answer.inference["inconsistent"]
    asked = pipeline.turn("Is a vacuum a fire?").answer
    assert asked is not None and asked["answer"] == "not known"


# --- 3. the checker rejects what the contract forbids ---------------------------------------


def step(
    n: int, rule: str, uses: list[str], text: str, step_id: str | None = None
) -> dict[str, Any]:
    claim = parse_claim(text)
    return {"id": step_id or f"c{n}", "rule": rule, "uses": uses, "conclusion": claim.to_json()}


@pytest.mark.parametrize(
    ("texts", "subject", "trace", "reason"),
    [
        (["ant is bee", "bee is cat", "ant is not cat"], "ant",
         [step(1, "is_transitivity", ["p1", "p2"], "ant is cat")],
         "contradicts stored premise p3"),
        (["ant is bee", "bee is cat", "cat is dog"], "ant",
         [step(1, "is_transitivity", ["p2", "p3"], "bee is dog")],
         "not the probe's subject 'ant'"),
        (["ant is bee", "bee is cat", "ant is cat"], "ant",
         [step(1, "is_transitivity", ["p1", "p2"], "ant is cat")],
         "re-concludes stored premise p3"),
        (["ant is bee", "bee is cat"], "ant",
         [step(1, "is_transitivity", ["p1", "p2"], "ant is cat"),
          step(2, "is_transitivity", ["p1", "p2"], "ant is cat")],
         "the same conclusion as c1"),
        (["ant is bee", "bee is cat"], "ant",
         [step(1, "is_transitivity", ["p1", "p2"], "ant is cat", step_id="p9")],
         "must be 'c1'"),
        (["ant is bee", "bee is cat"], "ant",
         [step(1, "is_transitivity", ["p1", "p2"], "ant is cat", step_id="c2")],
         "must be 'c1'"),
        (["ant is bee", "bee is cat", "ant is dog", "dog is not cat"], "ant",
         [step(1, "is_transitivity", ["p1", "p2"], "ant is cat")],
         "contradicts step c2"),
        (["vacuum requires fire", "vacuum is not fire", "fire requires oxygen"], "vacuum",
         [step(1, "modus_ponens", ["p1", "p3"], "vacuum requires oxygen")],
         "deny it (vacuum is not vacuum)"),
    ],
)  # fmt: skip
def test_checker_rejects_what_the_contract_forbids(
    texts: list[str], subject: str, trace: list[dict[str, Any]], reason: str
) -> None:
    vault = vault_of(*texts)
    if reason == "contradicts step c2":
        trace = [*trace, step(2, "negation_propagation", ["p3", "p4"], "ant is not cat")]
    rejections = check_trace(premises(vault), trace, subject)
    assert rejections, trace
    assert reason in rejections[0].reason


def test_checker_rejects_a_conclusion_whose_every_derivation_is_withheld() -> None:
    # ant is cat contradicts p3; ant is dog follows only through it. A forged trace that
    # skips the contradicting step by citing another chain cannot exist, so forge the
    # whole withholding bug: both steps concluded.
    vault = vault_of("ant is bee", "bee is cat", "ant is not cat", "cat is dog")
    trace = [
        step(1, "is_transitivity", ["p1", "p2"], "ant is cat"),
        step(2, "is_transitivity", ["c1", "p4"], "ant is dog"),
    ]
    assert [r.step for r in check_trace(premises(vault), trace, "ant")] == ["c1", "c2"]


def test_unsupported_conclusions_counts_contract_violations_without_forbidden_lists() -> None:
    lane = shipped_lane_module("symbolic_logic")
    case = {
        "id": "w", "pattern": "contradiction_withheld", "probe": "What is ant?",
        "premises": ["What is ant?", "Actually ant is bee.", "Actually bee is cat.",
                     "Actually ant is not cat.", "Actually cat is dog."],
        "expected_proposals": 4, "min_vault_hits": 1,
    }  # fmt: skip
    result = lane.run(case, pathlib.Path("."))
    assert lane.unsupported_conclusions(case, result) == 0
    broken = copy.deepcopy(result)
    broken["probe"]["inference_trace"] = [
        step(1, "is_transitivity", ["p1", "p2"], "ant is cat"),
        step(2, "is_transitivity", ["c1", "p4"], "ant is dog"),
    ]
    assert lane.unsupported_conclusions(case, broken) == 2


# --- 6. derived state kept between probes ---------------------------------------------------


@settings(max_examples=examples(150), deadline=None)
@given(
    st.lists(claims_over(TERMS), max_size=16, unique=True),
    st.lists(st.sampled_from(TERMS), min_size=1, max_size=4),
)
def test_a_probe_that_catches_up_equals_a_fresh_probe(
    claims: list[Claim], subjects: list[str]
) -> None:
    # Probing after every taught fact (the incremental path) gives exactly what a fresh probe
    # of the same vault gives: steps, ids, withheld, contested, proof and rendering.
    vault = Vault()
    reasoner = Reasoner(vault)
    for turn, claim in enumerate(claims, 1):
        vault.add(claim, turn)
        for subject in subjects:
            assert reasoner.probe(subject) == probe(vault, subject)
            kept = reasoner.probe(subject).rendering
            fresh = probe(vault, subject).rendering
            assert kept is not None and fresh is not None
            assert (kept.trace, kept.trace_digest, kept.recalled_ids) == (
                fresh.trace,
                fresh.trace_digest,
                fresh.recalled_ids,
            )


def index_lookups(n: int, monkeypatch: pytest.MonkeyPatch) -> int:
    """Vault index look-ups in a session of n taught facts, the root asked after each."""
    calls = 0
    about, pointing_at = Vault.about, Vault.pointing_at

    def counted_about(self: Vault, subject: str) -> Any:
        nonlocal calls
        calls += 1
        return about(self, subject)

    def counted_pointing_at(self: Vault, obj: str, relation: Any) -> Any:
        nonlocal calls
        calls += 1
        return pointing_at(self, obj, relation)

    monkeypatch.setattr(Vault, "about", counted_about)
    monkeypatch.setattr(Vault, "pointing_at", counted_pointing_at)
    pipeline = TeachingPipeline(source_date_epoch=0)
    pipeline.turn("What is t0?")
    for i in range(n):
        pipeline.turn(f"Actually t{i} is t{i + 1}.")
        assert len(pipeline.turn("What is t0?").inference["conclusions"]) == max(i, 0)  # type: ignore[index]
    monkeypatch.undo()
    return calls


def test_asking_again_after_each_fact_does_linear_index_work(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    small, large = index_lookups(100, monkeypatch), index_lookups(400, monkeypatch)
    # Re-deriving the chain on every probe would make this ratio about 16.
    assert large <= 5 * small, (small, large)
