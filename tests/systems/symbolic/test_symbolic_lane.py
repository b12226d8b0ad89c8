"""The symbolic_logic lane without the plugin: schema, metrics at 1.0, replay, checker use."""

from __future__ import annotations

import json
import pathlib
from types import ModuleType
from typing import Any

import jsonschema
import pytest

from pytest_core_verify.systems.symbolic import canonical_bytes
from tests.helpers import shipped_lane_module

LANE = pathlib.Path(__file__).resolve().parents[3] / "lanes" / "symbolic_logic"
CASE_FILES = sorted(LANE.glob("dev/cases.jsonl")) + sorted(LANE.glob("public/*/cases.jsonl"))
METRICS = (
    "premise_recall",
    "proposal_storage",
    "inference_correctness",
    "unsupported_conclusions",
    "refusal_correctness",
    "answer_correctness",
)
EXAMPLE = {
    "id": "SYM-001",
    "pattern": "modus_ponens_chain",
    "premises": ["What is truth?", "Actually truth is wisdom.", "What is wisdom?",
                 "Actually wisdom is light."],
    "probe": "What is truth?",
    "expected_proposals": 2,
    "min_vault_hits": 1,
}  # fmt: skip


@pytest.fixture(scope="module")
def lane() -> ModuleType:
    return shipped_lane_module("symbolic_logic")  # type: ignore[no-any-return]


@pytest.fixture(scope="module")
def validator() -> jsonschema.Draft202012Validator:
    schema = json.loads((LANE / "case.schema.json").read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema)


def load(path: pathlib.Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line]


def test_schema_accepts_the_v1_format_exactly(validator: jsonschema.Draft202012Validator) -> None:
    validator.validate(EXAMPLE)
    validator.validate({**EXAMPLE, "expected_conclusions": ["truth is light"]})


@pytest.mark.parametrize(
    "change",
    [{"expected_proposal": 2}, {"premises": "What is truth?"}, {"min_vault_hits": -1}, {"id": 1}],
)
def test_schema_catches_typos(
    validator: jsonschema.Draft202012Validator, change: dict[str, Any]
) -> None:
    with pytest.raises(jsonschema.ValidationError):
        validator.validate({**EXAMPLE, **change})


def test_case_counts() -> None:
    counts = {str(p.relative_to(LANE)): len(load(p)) for p in CASE_FILES}
    assert counts["dev/cases.jsonl"] >= 10
    assert counts["public/v1/cases.jsonl"] >= 30
    assert counts["public/v2/cases.jsonl"] >= 40
    assert counts["public/v3/cases.jsonl"] >= 60


def test_v3_covers_the_issue_18_patterns() -> None:
    cases = load(LANE / "public" / "v3" / "cases.jsonl")
    patterns = {c["pattern"] for c in cases}
    assert {"order_permutation", "quantifier_reading", "yes_no_question", "plural_term",
            "self_denial"} <= patterns  # fmt: skip
    reasons = {r for c in cases for r in c.get("expected_refusals", [])}
    assert {"quantifier", "conditional", "hedge", "conjunction", "pronoun", "meta_reply"} <= reasons
    assert all(c["expected_conclusions"] or c["forbidden_conclusions"] for c in cases)
    assert all(c["forbidden_conclusions"] for c in cases)


@pytest.mark.parametrize("path", CASE_FILES, ids=lambda p: str(p.relative_to(LANE)))
def test_every_metric_holds_on_every_case(
    path: pathlib.Path,
    lane: ModuleType,
    validator: jsonschema.Draft202012Validator,
    tmp_path: pathlib.Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1764446400")
    cases = load(path)
    assert len({c["id"] for c in cases}) == len(cases)
    misses = []
    for case in cases:
        validator.validate(case)
        result = lane.run(json.loads(json.dumps(case)), tmp_path)
        replay = lane.run(json.loads(json.dumps(case)), tmp_path)
        assert canonical_bytes(result) == canonical_bytes(replay)
        for name in METRICS:
            value = getattr(lane, name)(case, result)
            if value is False or (name == "unsupported_conclusions" and value != 0):
                misses.append((case["id"], name, value))
    assert misses == []


def test_unsupported_conclusions_counts_forbidden_ones(
    lane: ModuleType, tmp_path: pathlib.Path
) -> None:
    case = {**EXAMPLE, "forbidden_conclusions": ["truth is light", "truth is darkness"]}
    result = lane.run(case, tmp_path)
    assert lane.unsupported_conclusions(case, result) == 1
    assert lane.inference_correctness(EXAMPLE, result) is None


def test_unsupported_conclusions_counts_forged_steps(
    lane: ModuleType, tmp_path: pathlib.Path
) -> None:
    result = lane.run(EXAMPLE, tmp_path)
    result["probe"]["inference_trace"][0]["conclusion"]["object"] = "darkness"
    assert lane.unsupported_conclusions(EXAMPLE, result) == 1
