"""The evidence_check lane's metamorphic relations hold on every case they apply to.

Each relation of ``lanes/evidence_check/edits.py`` is applied to every case of every
split; the original and the perturbed case are run by the lane (in fresh directories)
and the relation is checked. The rate of each relation (cases where it holds over cases
it applies to) must be 1.0: a lower one is a finding about the checker. The rates are
printed (``-s``) for the record.
"""

from __future__ import annotations

import importlib.util
import json
import pathlib
import sys
from types import ModuleType
from typing import Any

import jsonschema
import pytest

from tests.helpers import shipped_lane_module

LANE_DIR = pathlib.Path(__file__).resolve().parents[3] / "lanes" / "evidence_check"
SPLITS = sorted(LANE_DIR.glob("dev/cases.jsonl")) + sorted(LANE_DIR.glob("public/*/cases.jsonl"))


def _load(name: str) -> ModuleType:
    if name == "lane":  # as the harness imports it: its "from . import edits" must resolve
        return shipped_lane_module("evidence_check")  # type: ignore[no-any-return]
    spec = importlib.util.spec_from_file_location(f"evidence_check_{name}", LANE_DIR / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up
    spec.loader.exec_module(module)
    return module


LANE = _load("lane")
EDITS = _load("edits")
CASES = [
    json.loads(line)
    for path in SPLITS
    for line in path.read_text(encoding="utf-8").splitlines()
    if line.strip()
]


def _holds(relation: Any, original: dict[str, Any], perturbed: dict[str, Any]) -> bool:
    if relation.expect == "same":
        return bool(relation.view(original) == relation.view(perturbed))
    if relation.expect == "different":
        return bool(relation.view(original) != relation.view(perturbed))
    return bool(relation.expect(original, perturbed))


@pytest.mark.parametrize("relation", EDITS.RELATIONS, ids=lambda r: r.name)
def test_each_relation_holds_on_every_case_it_applies_to(
    relation: Any, tmp_path: pathlib.Path
) -> None:
    schema = json.loads((LANE_DIR / "case.schema.json").read_text(encoding="utf-8"))
    applied = held = 0
    failures = []
    for k, case in enumerate(CASES):
        before = json.dumps(case, sort_keys=True)
        new = relation.edit(case)
        assert json.dumps(case, sort_keys=True) == before, "an edit must not change its input"
        if new is None:
            continue
        assert relation.edit(case) == new, "an edit must be deterministic"
        jsonschema.validate(new, schema)
        applied += 1
        original = LANE.run(dict(case), tmp_path / f"{k}-a")
        perturbed = LANE.run(dict(new), tmp_path / f"{k}-b")
        if _holds(relation, original, perturbed):
            held += 1
        else:
            failures.append((case["id"], new["value"], new["source"], perturbed["status"]))
    rate = held / applied if applied else 0.0
    print(f"\nperturbation:{relation.name} {held}/{applied} = {rate:.4f}")
    assert applied >= 50, f"{relation.name} applies to only {applied} cases"
    assert not failures, failures[:10]


def test_the_edits_return_none_where_a_relation_does_not_apply() -> None:
    pointer = {"id": "p", "project": "paper", "value": "a b", "source": "", "rule": "x:y"}
    assert EDITS.dot_slash({**pointer, "source": ""}) is None  # nothing to spell
    assert EDITS.dot_slash({**pointer, "source": "/etc/passwd"}) is None  # absolute
    assert EDITS.dot_slash({**pointer, "source": 7}) is None
    unverified = {**pointer, "source": "README.md", "expected_status": "value_not_found"}
    assert EDITS.changed_digit({**unverified, "value": "0.91"}) is None
    assert EDITS.longer_token({**unverified, "value": "0.91"}) is None
    verified = {**unverified, "expected_status": "verified"}
    assert EDITS.changed_digit({**verified, "value": "open sesame"}) is None  # no number
    assert EDITS.longer_token({**verified, "value": "(0\\"}) is None  # no glue possible
    changed = EDITS.changed_digit({**verified, "source": "results/eval.json", "value": 0.91})
    assert changed is not None and changed["value"] != 0.91 and isinstance(changed["value"], float)
