"""The deductive_logic lane's metamorphic edits: pure, seeded, and their relations hold on every case."""

from __future__ import annotations

import copy
from types import ModuleType
from typing import Any

import pytest

from tests.helpers import (
    assert_edits_are_pure,
    assert_edits_give_valid_cases,
    shipped_lane_cases,
    shipped_lane_module,
)

EDIT_NAMES = ["added_entailed_premise", "negated_query", "permuted_premises", "renamed_atoms"]


def _load(name: str) -> ModuleType:
    """The lane as the harness imports it, or the edits module it imported."""
    lane = shipped_lane_module("deductive_logic")
    return lane if name == "lane" else lane._edits  # type: ignore[no-any-return]


def cases() -> list[dict[str, Any]]:
    return shipped_lane_cases("deductive_logic")


@pytest.fixture(scope="module")
def rates(tmp_path_factory: pytest.TempPathFactory) -> dict[str, tuple[int, int, list[str]]]:
    """Per edit: (applicable cases, cases whose relation holds, ids where it fails)."""
    edits, lane = _load("edits"), _load("lane")
    workdir = tmp_path_factory.mktemp("deductive_edits")
    results: dict[str, Any] = {}
    out: dict[str, tuple[int, int, list[str]]] = {}
    for name in EDIT_NAMES:
        applicable, held, failed = 0, 0, []
        for case in cases():
            new = edits.EDITS[name](copy.deepcopy(case))
            if new is None:
                continue
            applicable += 1
            if case["id"] not in results:
                results[case["id"]] = lane.run(case, workdir)
            perturbed = lane.run(new, workdir)
            if edits.RELATIONS[name](results[case["id"]], perturbed) and lane.decision_accuracy(
                new, perturbed
            ):
                held += 1
            else:
                failed.append(case["id"])
        out[name] = (applicable, held, failed)
    return out


@pytest.mark.parametrize("name", EDIT_NAMES)
def test_each_relation_holds_on_every_applicable_case(
    name: str, rates: dict[str, tuple[int, int, list[str]]]
) -> None:
    applicable, held, failed = rates[name]
    print(f"{name}: {held}/{applicable} = {held / max(applicable, 1):.3f}")
    assert applicable > 0
    assert failed == []


def test_edits_are_pure_and_deterministic() -> None:
    assert_edits_are_pure(_load("edits"), cases())


def test_new_cases_are_valid_cases_of_the_lane() -> None:
    assert_edits_give_valid_cases(_load("edits"), "deductive_logic", cases())


def test_relations_fail_when_they_should() -> None:
    edits = _load("edits")
    entailed = {"outcome": "entailed", "refusal": None}
    refuted = {"outcome": "refuted", "refusal": None}
    unknown = {"outcome": "unknown", "refusal": None}
    assert edits.swapped_outcome(entailed, refuted)
    assert not edits.swapped_outcome(entailed, entailed)
    assert not edits.swapped_outcome(unknown, refuted)
    assert edits.same_outcome(unknown, unknown)
    assert not edits.same_outcome(unknown, entailed)
    malformed = {"outcome": "refused", "refusal": {"kind": "malformed"}}
    regime = {"outcome": "refused", "refusal": {"kind": "out_of_regime"}}
    assert not edits.same_outcome(malformed, regime)
