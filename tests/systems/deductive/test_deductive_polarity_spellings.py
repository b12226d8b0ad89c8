"""A finite-entity polarity is read in both spellings: the words and CORE's JSON booleans."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pytest_core_verify.systems.deductive import check_certificate, decide_problem
from pytest_core_verify.systems.deductive._ground import POLARITY_SPELLINGS
from tests.helpers import examples
from tests.systems.deductive._oracle import load

ENTITIES = ["a", "b", "c"]
PREDICATES = ["p", "q", "r"]


@st.composite
def problems(draw: st.DrawFn) -> dict[str, Any]:
    def ground() -> dict[str, Any]:
        return {
            "entity": draw(st.sampled_from(ENTITIES)),
            "predicate": draw(st.sampled_from(PREDICATES)),
            "polarity": draw(st.sampled_from(["positive", "negative"])),
        }

    def rule_atom() -> dict[str, Any]:
        return {
            "var": "x",
            "predicate": draw(st.sampled_from(PREDICATES)),
            "polarity": draw(st.sampled_from(["positive", "negative"])),
        }

    rules = [
        {"if": [rule_atom() for _ in range(draw(st.integers(0, 2)))], "then": rule_atom()}
        for _ in range(draw(st.integers(0, 3)))
    ]
    facts = [ground() for _ in range(draw(st.integers(0, 4)))]
    return {"entities": ENTITIES, "facts": facts, "rules": rules, "query": ground()}


def _atoms(problem: dict[str, Any]) -> list[dict[str, Any]]:
    atoms = [*problem["facts"], problem["query"]]
    for rule in problem["rules"]:
        atoms += [*rule["if"], rule["then"]]
    return atoms


def as_booleans(problem: dict[str, Any], which: list[bool]) -> dict[str, Any]:
    """The same problem with the chosen atoms' polarity written as CORE writes it."""
    out = copy.deepcopy(problem)
    for atom, flip in zip(_atoms(out), which, strict=False):
        if flip:
            atom["polarity"] = POLARITY_SPELLINGS[atom["polarity"]]
    return out


@given(problems(), st.lists(st.booleans(), min_size=40, max_size=40))
@settings(max_examples=examples(80), deadline=None)
def test_boolean_and_word_polarities_decide_alike(
    problem: dict[str, Any], which: list[bool]
) -> None:
    words = decide_problem(problem).to_json()
    mixed = decide_problem(as_booleans(problem, which)).to_json()
    assert mixed == words
    assert check_certificate(mixed) is None
    # The lane's oracle reads CORE's spelling too, and agrees.
    gold, _ = load("truth_table").decide_problem(as_booleans(problem, which))
    assert gold == mixed["outcome"]


def test_core_file_shape_is_decided() -> None:
    # The shape of CORE's finite-entity cases: booleans throughout.
    problem = {
        "entities": ["socrates", "zeus"],
        "facts": [
            {"entity": "socrates", "predicate": "man", "polarity": True},
            {"entity": "zeus", "predicate": "man", "polarity": False},
        ],
        "rules": [
            {
                "if": [{"var": "x", "predicate": "man", "polarity": True}],
                "then": {"var": "x", "predicate": "mortal", "polarity": True},
            }
        ],
        "query": {"entity": "socrates", "predicate": "mortal", "polarity": False},
    }
    assert decide_problem(problem).outcome == "refuted"


@pytest.mark.parametrize("bad", [1, 0, "true", "yes", None, "Positive", [True]])
def test_other_polarity_values_are_malformed_and_named(bad: object) -> None:
    problem = {
        "entities": ["a"],
        "facts": [{"entity": "a", "predicate": "p", "polarity": bad}],
        "query": {"entity": "a", "predicate": "p"},
    }
    out = decide_problem(problem).to_json()
    assert out["outcome"] == "refused"
    assert out["refusal"]["kind"] == "malformed"
    assert out["refusal"]["where"] == "fact 1"
    assert "'polarity' is" in out["refusal"]["reason"]
    assert "true and false" in out["refusal"]["reason"]
