"""The deductive_logic lane: schema, reproducible gold, metrics at their best, a real run."""

from __future__ import annotations

import collections
import json
import pathlib
from types import ModuleType
from typing import Any

import jsonschema
import pytest

from tests.helpers import shipped_lane_module

from ._oracle import LANE, load

CASE_FILES = [LANE / "dev" / "cases.jsonl", *sorted(LANE.glob("public/*/cases.jsonl"))]


@pytest.fixture(scope="module")
def lane() -> ModuleType:
    return shipped_lane_module("deductive_logic")  # type: ignore[no-any-return]


def cases() -> list[dict[str, Any]]:
    out = []
    for path in CASE_FILES:
        out += [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    return out


def test_generated_files_are_reproducible() -> None:
    assert load("generate").main(["--check"]) == 0


def test_schema_validates_every_case_and_catches_typos() -> None:
    schema = json.loads((LANE / "case.schema.json").read_text(encoding="utf-8"))
    validator = jsonschema.Draft202012Validator(schema)
    for case in cases():
        validator.validate(case)
    formula = {"id": "x", "premises": ["a"], "query": "a", "gold": "entailed"}
    problem = {
        "id": "y",
        "entities": ["e"],
        "query": {"entity": "e", "predicate": "p"},
        "gold": "unknown",
    }
    validator.validate(formula)
    validator.validate(problem)
    for bad in [
        {**formula, "gold": "yes"},
        {**formula, "premise": ["a"]},
        {**formula, "refusal": "because"},
        {**problem, "query": {"entity": "e", "predicate": "p", "polarity": "maybe"}},
        {**problem, "rules": [{"if": [], "than": {"var": "x", "predicate": "p"}}]},
    ]:
        assert not validator.is_valid(bad), bad


def test_coverage_of_the_cases() -> None:
    all_cases = cases()
    assert len(all_cases) >= 300
    patterns = collections.Counter(c.get("pattern") for c in all_cases)
    for needed in [
        "operator_not", "operator_and", "operator_or", "operator_implies", "operator_iff",
        "constants", "precedence", "long_chain", "contraposition", "disjunctive_syllogism",
        "biconditional", "inconsistent", "malformed_input", "out_of_regime", "entity_rules",
        "ungrounded", "english_syllogism", "random",
    ]:  # fmt: skip
        assert patterns[needed] > 0, needed
    golds = collections.Counter(c["gold"] for c in all_cases)
    assert min(golds.values()) >= 30, golds
    assert max(len(c["premises"]) for c in all_cases if "premises" in c) >= 15


def test_every_metric_is_at_its_best(lane: ModuleType, tmp_path: pathlib.Path) -> None:
    for case in cases():
        result = lane.run(dict(case), tmp_path)
        assert lane.decision_accuracy(case, result) is True, case["id"]
        assert lane.wrong(case, result) == 0, case["id"]
        assert lane.certificate_valid(case, result) in (True, None), case["id"]


def test_metrics_catch_a_wrong_answer(lane: ModuleType, tmp_path: pathlib.Path) -> None:
    case = {"id": "x", "premises": ["a | b", "~a"], "query": "b", "gold": "entailed"}
    result = lane.run(case, tmp_path)
    flipped = {**result, "outcome": "refuted"}
    assert lane.decision_accuracy(case, flipped) is False
    assert lane.wrong(case, flipped) == 1
    assert lane.certificate_valid(case, flipped) is False
    refusing = {**case, "gold": "refused", "refusal": "malformed"}
    assert lane.wrong(refusing, result) == 1
    unknown = lane.run(
        {"id": "u", "premises": ["a | b"], "query": "a", "gold": "unknown"}, tmp_path
    )
    forged = json.loads(json.dumps(unknown))
    forged["certificate"]["holds"]["a"] = False
    assert lane.certificate_valid(case, forged) is False


def test_lane_runs_under_the_plugin(pytester: pytest.Pytester) -> None:
    pytester.makeini("[pytest]\naddopts = -p no:cacheprovider\n")
    # A small slice of the lane, with fresh pins: run, pin, run again.
    sliced = pytester.path / "lanes_slice" / "deductive_logic"
    (sliced / "dev").mkdir(parents=True)
    for name in ("lane.py", "edits.py", "case.schema.json"):
        (sliced / name).write_bytes((LANE / name).read_bytes())
    (sliced / "oracle").symlink_to(LANE / "oracle")
    lines = (LANE / "dev" / "cases.jsonl").read_text(encoding="utf-8").splitlines()[:25]
    (sliced / "dev" / "cases.jsonl").write_text("\n".join(lines) + "\n", encoding="utf-8")
    # The slice checks the harness, not the relations: perturbations off (the lane's run
    # with them is CI's `pytest --lane deductive_logic`).
    args = [
        "-o",
        "core_verify_lanes=lanes_slice",
        "--lane",
        "deductive_logic",
        "--perturbations=off",
    ]
    # 25 cases and the lane's gate.
    pytester.runpytest(*args, "--snapshot-update").assert_outcomes(passed=26)
    result = pytester.runpytest(*args, "-n", "2")
    result.assert_outcomes(passed=26)
    result.stdout.fnmatch_lines(
        ["*deductive_logic/dev: 25 case(s)*", "*certificate_valid*1.0000*PASS*", "*overall: PASS*"]
    )
