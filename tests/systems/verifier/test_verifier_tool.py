"""The tool boundary: schema, responses, audits, envelope, ask leg, lane cases."""

from __future__ import annotations

import copy
import json
import pathlib
import random
from types import ModuleType
from typing import Any
from unittest import mock

import pytest
from jsonschema import Draft202012Validator

from pytest_core_verify.systems.verifier import (
    FAULTS,
    POOL_REFUSAL_REASONS,
    TOOL_NAME,
    TOOL_REFUSAL_REASONS,
    VerifierConfig,
    call_tool,
    canonical_bytes,
    derive,
    handle_tool_call,
    load_envelope,
    load_tool_schema,
    pool_answer_sha256,
    problem_key,
    sha256_of,
    validate_payload,
)
from pytest_core_verify.systems.verifier._audit import audit_authority, audit_provenance
from pytest_core_verify.systems.verifier._pool import apply_commit_law
from tests.helpers import shipped_lane_module

ROOT = pathlib.Path(__file__).resolve().parents[3]
LANE_DIR = ROOT / "lanes" / "scenarios"


def lane_cases() -> list[dict[str, Any]]:
    cases: list[dict[str, Any]] = []
    for split in ("dev", "public"):
        for path in sorted((LANE_DIR / split).glob("**/cases.jsonl")):
            lines = path.read_text(encoding="utf-8").splitlines()
            cases.extend(json.loads(line) for line in lines if line.strip())
    return cases


@pytest.fixture(scope="module")
def lane_module() -> ModuleType:
    return shipped_lane_module("scenarios")  # type: ignore[no-any-return]


S1 = (
    "Sara has 32 dollars. Sara earns 15 dollars. She uses 21 dollars. "
    "How many dollars does Sara have left?"
)
S2 = "Tom has 3 boxes with 4 pens and 2 pencils. How many things does Tom have?"
S3 = (
    "Each large bus holds 50 students and each small bus holds 30 students. "
    "The buses carry 260 students in total. How many large buses are there?"
)
S4 = "Jack has 17 toy cars. His dad buys him 8 more. How many toy cars does Jack have?"
CAT = (
    "Tom's cat is 8 years old. His rabbit is half the age of his cat. "
    "His dog is three times as old as his rabbit. How old is the dog?"
)

OUTPUT = Draft202012Validator(load_tool_schema()["outputSchema"])


def payload(text: str, rid: str = "t-1", **extra: Any) -> dict[str, Any]:
    return {"problem_text": text, "request_id": rid, **extra}


def files_under(root: pathlib.Path) -> list[str]:
    return sorted(p.relative_to(root).as_posix() for p in root.rglob("*") if p.is_file())


# --------------------------------------------------------------------------- schema


def test_tool_schema_is_closed_and_mcp_shaped() -> None:
    schema = load_tool_schema()
    assert schema["name"] == TOOL_NAME == "core.semantic_derivation.verify"
    assert schema["description"]
    inp = schema["inputSchema"]
    assert inp["type"] == "object" and inp["additionalProperties"] is False
    assert sorted(inp["properties"]) == [
        "domain_hint",
        "problem_text",
        "request_id",
        "return_trace",
    ]
    text = inp["properties"]["problem_text"]
    assert (text["minLength"], text["maxLength"]) == (1, 2000)
    assert "enum" in inp["properties"]["domain_hint"]
    assert inp["properties"]["request_id"]["pattern"] == "^[A-Za-z0-9._-]{1,64}$"
    assert inp["properties"]["return_trace"] == {
        **inp["properties"]["return_trace"],
        "type": "boolean",
        "default": True,
    }
    Draft202012Validator.check_schema(schema["outputSchema"])
    # No input field could carry an answer.
    assert not {"answer", "proposed_answer", "confidence"} & set(inp["properties"])


def test_schema_errors_are_sorted_specific_and_stable() -> None:
    bad = {
        "problem_text": "",
        "request_id": "no spaces allowed",
        "zeta": 1,
        "alpha": 2,
        "return_trace": "x",
    }
    first = validate_payload(bad)
    assert first == validate_payload(copy.deepcopy(bad))
    keys = [(e["path"], e["keyword"], e["message"]) for e in first]
    assert keys == sorted(keys)
    messages = [e["message"] for e in first]
    assert "property not allowed by the closed schema: alpha" in messages
    assert "property not allowed by the closed schema: zeta" in messages
    assert any(e["path"] == "$.problem_text" and e["keyword"] == "minLength" for e in first)
    assert any(e["path"] == "$.return_trace" and e["keyword"] == "type" for e in first)
    # The offending request_id value is never repeated in an error.
    assert all("no spaces allowed" not in e["message"] for e in first)


@pytest.mark.parametrize(
    "bad",
    [
        payload(S3, "s5", proposed_answer=4, confidence=0.97),
        {"request_id": "t"},
        payload(""),
        payload("x" * 2001),
        payload(S1, "bad id"),
        payload(S1, "x" * 65),
        payload(S1, "trailing-newline\n"),
        payload(S1, return_trace="yes"),
        payload(S1, domain_hint="geometry"),
        ["not", "an", "object"],
        None,
        {"problem_text": 7, "request_id": 7},
    ],
)
def test_invalid_payload_runs_no_derivation(bad: Any, tmp_path: pathlib.Path) -> None:
    with mock.patch(
        "pytest_core_verify.systems.verifier._tool.derive", side_effect=AssertionError("derived")
    ):
        response = call_tool(bad, tmp_path)
    assert response["status"] == "invalid"
    assert response["authority_path"] == ["schema_gate"]
    assert response["trace_summary"]["derivation_executed"] is False
    assert response["trace_summary"]["schema_errors"]
    assert response["answer"] is None and response["question"] is None
    assert files_under(tmp_path) == []
    OUTPUT.validate(response)


@pytest.mark.parametrize("rid", ["bad id", "x" * 65, "trailing-newline\n", "", "semi;colon", 42])
def test_bad_request_id_is_never_echoed(rid: object) -> None:
    response = call_tool({"problem_text": S1, "request_id": rid})
    assert response["status"] == "invalid"
    assert response["request_id"] is None
    if isinstance(rid, str) and rid:
        assert rid not in json.dumps(response, ensure_ascii=False)


def test_valid_request_id_is_echoed_even_when_invalid() -> None:
    response = call_tool({"problem_text": S1, "request_id": "ok-1", "extra": True})
    assert response["status"] == "invalid" and response["request_id"] == "ok-1"


def test_wrong_tool_name_is_invalid() -> None:
    response = handle_tool_call({"name": "other.tool", "arguments": payload(S1)})
    assert response["status"] == "invalid"
    assert response["trace_summary"]["schema_errors"][0]["path"] == "$.name"


# --------------------------------------------------------------------------- the five scenarios


def test_s1_verified_inside_envelope(tmp_path: pathlib.Path) -> None:
    r = call_tool(payload(S1, "s1"), tmp_path)
    assert (r["status"], r["answer"], r["answer_unit"]) == ("verified", 26, "dollars")
    assert r["authority_path"] == [
        "schema_gate", "derivation_pool", "commit_law", "provenance_audit",
        "authority_audit", "serving_envelope", "pin_check",
    ]  # fmt: skip
    assert r["trace_summary"]["pin"] == "match"
    assert "proposer" not in r["authority_path"]
    OUTPUT.validate(r)


def test_s2_two_readings_disagree() -> None:
    r = call_tool(payload(S2))
    assert (r["status"], r["refusal_reason"]) == ("refused", "candidate_disagreement")
    values = sorted({c["value"] for c in derive(S2)["candidates"]})
    # Pens and pencils in every box or so many in all (without "each" either may be
    # either); boxes counted as things or not.
    assert sorted(values, key=int) == ["9", "10", "13", "14", "17", "18", "21"]
    # The response explains the refusal without a value a client could take as the answer.
    shown = r["trace"]["derivation"]
    assert {c["value"] for c in shown["candidates"]} == {None}
    assert len(shown["candidates"]) == len(derive(S2)["candidates"])


def test_tom_cat_never_24_or_36() -> None:
    trace = derive(CAT)
    values = {c["value"] for c in trace["candidates"]}
    assert values == {"12"} and trace["decision"]["law"] == "commit"
    assert call_tool(payload(CAT))["status"] == "verified"


def test_s3_asks_a_grounded_question(tmp_path: pathlib.Path) -> None:
    r = call_tool(payload(S3, "s3"), tmp_path)
    assert r["status"] == "ask" and r["refusal_reason"] is None
    q = r["question"]
    assert q["text"] == "How many buses are there in total?"
    # Grounded: every content word of the question appears in the problem.
    assert "bus" in S3 and q["missing"] == "total number of buses"
    artifact = tmp_path / q["artifact"]
    data = artifact.read_bytes()
    assert files_under(tmp_path) == [q["artifact"]]
    assert sha256_of(json.loads(data)) == q["sha256"] == artifact.stem
    assert canonical_bytes(json.loads(data)) == data
    assert r["authority_path"][-2:] == ["ask_leg", "artifact_check"]
    OUTPUT.validate(r)


def test_s4_right_commit_outside_envelope_refused() -> None:
    r = call_tool(payload(S4), config=VerifierConfig(answer_digest_key=b"k"))
    assert (r["status"], r["refusal_reason"], r["answer"]) == (
        "refused",
        "outside_demo_serving_envelope",
        None,
    )
    # The pool's answer is right (25) but not served: the response does not carry it,
    # only its digest keyed by the evaluator, which whoever holds the key and the gold
    # can compare; equal numbers give equal digests, and another key another digest.
    assert r["trace_summary"]["pool_answer"] is None
    digest = r["trace_summary"]["pool_answer_sha256"]
    assert digest == pool_answer_sha256(S4, 25, b"k") == pool_answer_sha256(S4, "25.0", b"k")
    assert digest not in {pool_answer_sha256(S4, 25, b"other"), pool_answer_sha256(S4, 24, b"k")}
    assert call_tool(payload(S4))["trace_summary"]["pool_answer_sha256"] is None
    assert r["trace_summary"]["envelope"] == "miss"


def test_s5_proposed_answer_is_invalid() -> None:
    r = call_tool(payload(S3, "s5", proposed_answer=4, confidence=0.97))
    assert r["status"] == "invalid" and r["request_id"] == "s5"
    assert [e["message"] for e in r["trace_summary"]["schema_errors"]] == [
        "property not allowed by the closed schema: confidence",
        "property not allowed by the closed schema: proposed_answer",
    ]


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("Tom has 5 apples and eats 2 of them.", "no_question_found"),
        ("How many apples does Tom have? Tom has 5 apples.", "question_not_last"),
        ("Tom has 5 apples. Why does Tom like apples?", "question_not_understood"),
        ("Lena has some shells. She finds 4 more shells. How many shells does Lena have?",
         "no_grounded_reading"),
        ("Omar has 5 pencils. He gives away 8 pencils. How many pencils does Omar have left?",
         "no_complete_candidate"),
        ("Sara has 32 dollars and 5 apples. She spends 12 dollars. "
         "How many apples does Sara have left?", "no_complete_candidate"),
        ("Tom has 10 marbles. Jack has 4 more marbles than Tom. He buys 3 more marbles. "
         "How many more marbles does Jack have than Tom?", "candidate_disagreement"),
    ],
)  # fmt: skip
def test_every_pool_refusal_reason(text: str, reason: str) -> None:
    r = call_tool(payload(text))
    assert (r["status"], r["refusal_reason"]) == ("refused", reason)
    assert r["trace_summary"]["pool_refusal_reason"] == reason
    assert r["answer"] is None


def test_joint_total_asks_for_the_other_share(tmp_path: pathlib.Path) -> None:
    r = call_tool(
        payload("Nina and Eva have 15 shells together. How many shells does Nina have?"), tmp_path
    )
    assert r["status"] == "ask"
    assert r["question"]["text"] == "How many shells does Eva have?"


# --------------------------------------------------------------------------- faults and gates


def test_forged_commit_is_caught() -> None:
    r = call_tool(payload(S2), config=VerifierConfig(faults=frozenset({"forge_commit"})))
    assert (r["status"], r["refusal_reason"]) == ("refused", "authority_violation_detected")
    assert r["trace"]["audits"]["authority"]
    forged_s1 = call_tool(payload(S1), config=VerifierConfig(faults=frozenset({"forge_commit"})))
    assert forged_s1["refusal_reason"] == "authority_violation_detected"


def test_orphan_candidate_is_caught() -> None:
    r = call_tool(payload(S1), config=VerifierConfig(faults=frozenset({"orphan_candidate"})))
    assert (r["status"], r["refusal_reason"]) == ("refused", "provenance_violation_detected")


def test_pin_mismatch_is_drift() -> None:
    r = call_tool(payload(S1), config=VerifierConfig(faults=frozenset({"stale_pin"})))
    assert (r["status"], r["refusal_reason"]) == ("refused", "replay_drift_from_pinned_reference")
    assert r["answer"] is None and r["trace_summary"]["pin"] == "mismatch"


def test_envelope_override_with_wrong_answer_is_drift() -> None:
    envelope = copy.deepcopy(load_envelope())
    envelope[problem_key(S1)]["answer"] = 27
    r = call_tool(payload(S1), config=VerifierConfig(envelope=envelope))
    assert r["refusal_reason"] == "replay_drift_from_pinned_reference"


def test_tampered_artifact_is_never_served(tmp_path: pathlib.Path) -> None:
    r = call_tool(payload(S3), tmp_path, VerifierConfig(faults=frozenset({"tamper_question"})))
    assert (r["status"], r["refusal_reason"]) == ("refused", "question_artifact_integrity_failure")
    assert r["question"] is None and r["trace_summary"]["ask"] == "tampered"


def test_ask_gate_off_refuses_and_writes_nothing(tmp_path: pathlib.Path) -> None:
    r = call_tool(payload(S3), tmp_path, VerifierConfig(ask_enabled=False))
    assert (r["status"], r["refusal_reason"]) == ("refused", "underdetermined_missing_datum")
    assert files_under(tmp_path) == [] and r["trace_summary"]["ask"] == "disabled"


def test_no_workdir_means_no_ask() -> None:
    assert call_tool(payload(S3))["refusal_reason"] == "underdetermined_missing_datum"


def test_unknown_fault_is_a_clear_error() -> None:
    with pytest.raises(ValueError, match="unknown fault"):
        VerifierConfig(faults=frozenset({"nope"}))


# ---------------------------------------------------------------- trace hash, determinism


@pytest.mark.parametrize("text", [S1, S2, S3, S4, CAT])
def test_trace_hash_same_with_and_without_trace(text: str, tmp_path: pathlib.Path) -> None:
    with_trace = call_tool(payload(text), tmp_path / "a")
    without = call_tool(payload(text, return_trace=False), tmp_path / "b")
    assert without["trace"] is None and with_trace["trace"] is not None
    assert with_trace["trace_hash"] == without["trace_hash"]
    body = {k: v for k, v in with_trace.items() if k != "trace_hash"}
    assert sha256_of(body) == with_trace["trace_hash"]


def test_responses_replay_byte_identically(tmp_path: pathlib.Path) -> None:
    for i, case in enumerate(lane_cases()):
        random.seed(i)
        a = handle_tool_call(case["system1"]["tool_call"], tmp_path / f"{i}a")
        random.seed(i + 1000)
        b = handle_tool_call(case["system1"]["tool_call"], tmp_path / f"{i}b")
        assert canonical_bytes(a) == canonical_bytes(b), case["id"]
        OUTPUT.validate(a)


# --------------------------------------------------------------------------- audits and law


def test_commit_law_on_synthetic_candidates() -> None:
    q = ["q0", "q1"]
    full = {"id": "c0", "value": "5", "unit": "apples", "uses": q, "defects": []}
    partial = {
        "id": "c1",
        "value": "3",
        "unit": "apples",
        "uses": ["q0"],
        "defects": ["unused_quantity:q1"],
    }
    assert apply_commit_law([full], [], q)["law"] == "commit"
    assert apply_commit_law([full, partial], [], q)["reason"] == "candidate_disagreement"
    assert apply_commit_law([partial], [], q)["reason"] == "no_complete_candidate"
    assert apply_commit_law([], [], q)["reason"] == "no_grounded_reading"
    agree = {**partial, "value": "5"}
    assert apply_commit_law([full, agree], [], q)["law"] == "commit"


def test_audits_pass_on_every_lane_trace_and_catch_edits() -> None:
    for case in lane_cases():
        args = case["system1"]["tool_call"]["arguments"]
        if validate_payload(args) or case.get("verifier_config"):
            continue
        trace = derive(args["problem_text"])
        assert audit_authority(trace) == [] and audit_provenance(trace) == [], case["id"]
    trace = derive(S1)
    edited = copy.deepcopy(trace)
    edited["candidates"][0]["complete"] = False
    assert "classification_mismatch:c0" in audit_authority(edited)
    edited = copy.deepcopy(trace)
    edited["readings"][0]["candidate"] = None
    assert audit_provenance(edited)
    edited = copy.deepcopy(trace)
    edited["readers"][0]["readings"] = []
    assert audit_provenance(edited)


# --------------------------------------------------------------------------- envelope


def test_every_envelope_entry_reaudits_against_its_gold() -> None:
    golds = {
        problem_key(c["system1"]["tool_call"]["arguments"]["problem_text"]): c
        for c in lane_cases()
        if c["expected_status"] == "verified"
    }
    envelope = load_envelope()
    assert len(envelope) >= 10
    for key, entry in envelope.items():
        assert problem_key(entry["problem_text"]) == key
        case = golds[key]
        assert (entry["answer"], entry["unit"]) == (case["gold_answer"], case["gold_unit"])
        assert entry["gold_source"].startswith("lanes/scenarios/")
        trace = derive(entry["problem_text"])
        assert trace["decision"]["law"] == "commit"
        assert sha256_of(trace) == entry["trace_sha256"]
        response = call_tool(payload(entry["problem_text"]))
        assert (response["status"], response["answer"]) == ("verified", case["gold_answer"])


# --------------------------------------------------------------------------- the lane


def test_lane_cases_cover_every_status_and_reason() -> None:
    cases = lane_cases()
    assert len(cases) >= 45
    assert {c["expected_status"] for c in cases} == {"verified", "refused", "ask", "invalid"}
    reasons = {c.get("expected_refusal_reason") for c in cases}
    assert set(POOL_REFUSAL_REASONS) | set(TOOL_REFUSAL_REASONS) <= reasons
    faults = {f for c in cases for f in (c.get("verifier_config") or {}).get("faults", [])}
    assert faults == FAULTS
    public = [json.loads(x) for x in (LANE_DIR / "public/v1/cases.jsonl").read_text().splitlines()]
    assert [c["id"] for c in public] == ["s1", "s2", "s3", "s4", "s5"]


def test_lane_run_and_metrics(lane_module: Any, tmp_path: pathlib.Path) -> None:
    for i, case in enumerate(lane_cases()):
        result = lane_module.run(copy.deepcopy(case), tmp_path / str(i))
        text = json.dumps(result)
        assert str(tmp_path) not in text and "trace" not in result
        assert lane_module.status_accuracy(case, result) is True, case["id"]
        assert lane_module.wrong_verified(case, result) is False, case["id"]
        assert lane_module.wrong_commits(case, result) in (False, None), case["id"]


def test_packaged_scenarios_match_public_v1() -> None:
    from importlib import resources

    packaged = json.loads(
        resources.files("pytest_core_verify.systems.verifier")
        .joinpath("scenarios.json")
        .read_text("utf-8")
    )["cases"]
    public = [json.loads(x) for x in (LANE_DIR / "public/v1/cases.jsonl").read_text().splitlines()]
    assert packaged == public


def test_a_flood_of_ambiguous_pronouns_is_refused_not_enumerated() -> None:
    # 30 two-way pronouns would be 2**30 readings; the pool counts before enumerating.
    text = "Tom has 5 apples. Sam has 4 apples. " + "He gives him 1 apple. " * 30
    r = call_tool(payload(text + "How many apples do Tom and Sam have together?"))
    assert (r["status"], r["refusal_reason"]) == ("refused", "no_grounded_reading")
    reasons = {x["reason"] for x in r["trace"]["derivation"]["readers"]}
    assert "too_many_readings" in reasons


@pytest.mark.parametrize("text", ["apple " * 330, "5 " * 990, "Tom has 5 more apples than " * 70])
def test_long_degenerate_texts_are_answered(text: str) -> None:
    assert call_tool(payload(text[:2000]))["status"] == "refused"


def test_wrong_commits_sees_a_wrong_unserved_commit_through_the_digest(
    lane_module: Any, tmp_path: pathlib.Path
) -> None:
    # S4 is committed (25) and refused outside the envelope: the response does not show
    # 25, yet the lane still tells a right gold from a wrong one.
    case = {"system1": {"tool_call": {"name": TOOL_NAME, "arguments": payload(S4)}}}
    result = lane_module.run(case, tmp_path)
    assert result["status"] == "refused" and result["trace_summary"]["pool_answer"] is None
    assert lane_module.wrong_commits({**case, "gold_answer": 25}, result) is False
    assert lane_module.wrong_commits({**case, "gold_answer": 25.0}, result) is False
    assert lane_module.wrong_commits({**case, "gold_answer": 26}, result) is True
