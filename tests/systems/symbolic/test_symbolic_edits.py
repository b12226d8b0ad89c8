"""The symbolic_logic lane's metamorphic edits: pure, seeded, and their relations hold on every case."""

from __future__ import annotations

import copy
import json
import pathlib
from types import ModuleType
from typing import Any

import pytest

from tests.helpers import (
    assert_edits_are_pure,
    assert_edits_give_valid_cases,
    shipped_lane_cases,
    shipped_lane_module,
)


def _load(name: str) -> ModuleType:
    """The lane as the harness imports it, or the edits module it imported."""
    lane = shipped_lane_module("symbolic_logic")
    return lane if name == "lane" else lane._edits  # type: ignore[no-any-return]


def cases() -> list[dict[str, Any]]:
    return shipped_lane_cases("symbolic_logic")


@pytest.fixture(scope="module")
def rates(tmp_path_factory: pytest.TempPathFactory) -> dict[str, tuple[int, int, list[str]]]:
    """Per edit: (applicable cases, cases whose relation holds, ids where it fails)."""
    edits, lane = _load("edits"), _load("lane")
    workdir = tmp_path_factory.mktemp("symbolic_edits")
    out: dict[str, tuple[int, int, list[str]]] = {}
    results: dict[str, Any] = {}
    for name, edit in sorted(edits.EDITS.items()):
        applicable, held, failed = 0, 0, []
        for case in cases():
            new = edit(copy.deepcopy(case))
            if new is None:
                continue
            applicable += 1
            if case["id"] not in results:
                results[case["id"]] = lane.run(case, workdir)
            if edits.RELATIONS[name](results[case["id"]], lane.run(new, workdir)):
                held += 1
            else:
                failed.append(case["id"])
        out[name] = (applicable, held, failed)
    return out


@pytest.mark.parametrize("name", ["dropped_premise", "reordered_premises", "renamed_term"])
def test_each_relation_holds_on_every_applicable_case(
    name: str, rates: dict[str, tuple[int, int, list[str]]]
) -> None:
    applicable, held, failed = rates[name]
    print(f"{name}: {held}/{applicable} = {held / max(applicable, 1):.3f}")
    assert applicable > 0
    assert failed == []


def test_edits_are_pure_and_deterministic() -> None:
    assert_edits_are_pure(_load("edits"), cases()[:60])


def test_new_cases_are_valid_cases_of_the_lane() -> None:
    assert_edits_give_valid_cases(_load("edits"), "symbolic_logic", cases())


def test_relations_fail_when_they_should() -> None:
    edits, lane = _load("edits"), _load("lane")
    premises = ["What is Socrates?", "Actually Socrates is a man.", "What is a man?",
                "Actually a man is mortal."]  # fmt: skip
    case: dict[str, Any] = {
        "id": "T-1",
        "pattern": "syllogism",
        "premises": premises,
        "probe": "What is Socrates?",
        "expected_proposals": 2,
        "min_vault_hits": 2,
    }
    result = lane.run(case, pathlib.Path("."))
    assert not edits.trace_hash_changes(result, result)
    assert edits.same_judgements(result, result)
    assert not edits.same_up_to_renaming(result, result)  # nothing was renamed
    other = lane.run({**case, "premises": premises[:2]}, pathlib.Path("."))
    assert not edits.same_judgements(result, other)
    renamed = edits.renamed_term(case)
    assert renamed is not None
    assert edits.same_up_to_renaming(result, lane.run(renamed, pathlib.Path(".")))
    # Two different words renamed is not one renaming.
    two = json.loads(json.dumps(result).replace("mortal", "wug").replace("socrates", "dax"))
    assert not edits.same_up_to_renaming(result, two)
