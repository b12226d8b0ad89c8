"""The evidence_check lane run directly (without the harness): every case gets its status."""

from __future__ import annotations

import collections
import json
import pathlib
from types import ModuleType
from typing import Any

import jsonschema
import pytest

from pytest_core_verify.systems.evidence import STATUSES
from tests.helpers import shipped_lane_module

LANE_DIR = pathlib.Path(__file__).resolve().parents[3] / "lanes" / "evidence_check"
SPLITS = [
    LANE_DIR / "dev" / "cases.jsonl",
    LANE_DIR / "public" / "v1" / "cases.jsonl",
    LANE_DIR / "public" / "v2" / "cases.jsonl",
    LANE_DIR / "public" / "v3" / "cases.jsonl",
]


def _lane() -> ModuleType:
    return shipped_lane_module("evidence_check")  # type: ignore[no-any-return]


def _cases(path: pathlib.Path) -> list[dict[str, Any]]:
    return [
        json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()
    ]


ALL = [(path.parent.name, case) for path in SPLITS for case in _cases(path)]


def test_cases_are_valid_and_cover_every_rule_on_both_sides() -> None:
    schema = json.loads((LANE_DIR / "case.schema.json").read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator.check_schema(schema)
    for path in SPLITS:
        cases = _cases(path)
        ids = [c["id"] for c in cases]
        assert len(ids) == len(set(ids)), path
        for case in cases:
            jsonschema.validate(case, schema)
    public = _cases(SPLITS[1])
    dev = _cases(SPLITS[0])
    assert len(public) >= 80 and len(dev) >= 10
    assert {c["expected_status"] for c in public} == set(STATUSES)
    # Each rule family has a case that must verify and one that must not.
    for path in SPLITS[1:]:
        sides: dict[str, set[bool]] = collections.defaultdict(set)
        for case in _cases(path):
            sides[case["rule"].split(":")[0]].add(case["expected_status"] == "verified")
        one_sided = {family for family, seen in sides.items() if seen != {True, False}}
        assert one_sided <= {"unparseable", "status"}, (path, one_sided)


@pytest.mark.parametrize(("split", "case"), ALL, ids=[f"{s}:{c['id']}" for s, c in ALL])
def test_case_gets_its_status_and_replays(
    split: str, case: dict[str, Any], tmp_path: pathlib.Path
) -> None:
    lane = _lane()
    first = lane.run(dict(case), tmp_path / "a")
    second = lane.run(dict(case), tmp_path / "b")
    assert first == second
    assert first["status"] == case["expected_status"], first
    assert lane.status_accuracy(case, first) is True
    assert lane.false_verified(case, first) is False
    blob = json.dumps(first, sort_keys=True, allow_nan=False, ensure_ascii=False)
    assert str(tmp_path) not in blob  # no absolute paths in results
