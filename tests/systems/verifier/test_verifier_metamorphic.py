"""Metamorphic relations over the dev corpora: an edit of a committed problem gives the
answer the edit implies, or a refusal; never another answer.

Invariance (renamed people, reordered independent facts, a sentence about another
entity, an adverb, a synonym of a loss verb) and direction (the question asked in another
unit, one quantity in another unit, a replaced number, an added qualifier) are the pure
edits of ``pytest_core_verify.systems.verifier.edits``; Hypothesis draws the problem, the
edit and its seed. The corpora are the lane's own and MAWPS folds 0-1 (the first 714
problems of ``mawps-dev.jsonl``, read by path when present); fold 2 is only measured, by
``benchmarks/derivation.py --edits``.
"""

from __future__ import annotations

import json
import pathlib
from fractions import Fraction
from functools import lru_cache
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pytest_core_verify.systems.verifier import derive
from pytest_core_verify.systems.verifier._lexicon import NAME_GENDER
from pytest_core_verify.systems.verifier.edits import (
    EDITS,
    Edited,
    add_adverb,
    add_other_entity,
    add_question_qualifier,
    ask_in_other_unit,
    judge,
    loss_synonym,
    other_unit_quantity,
    rename_person,
    reorder_facts,
    replace_number,
    substitute,
)
from tests.helpers import examples

ROOT = pathlib.Path(__file__).resolve().parents[3]
CORPORA = sorted((ROOT / "lanes/scenarios/corpus").glob("*.jsonl"))
MAWPS = ROOT.parent / "shared/data/word-problems/mawps-dev.jsonl"
#: Folds 0-1 of the MAWPS dev file: the part rules may be written on.
MAWPS_FOLDS_0_1 = 714


def _problems() -> list[str]:
    texts = [
        json.loads(line)["problem"]
        for path in CORPORA
        for line in path.read_text(encoding="utf-8").splitlines()
        if line.strip()
    ]
    if MAWPS.is_file():
        lines = MAWPS.read_text(encoding="utf-8").splitlines()[:MAWPS_FOLDS_0_1]
        texts += [json.loads(line)["problem"] for line in lines]
    return texts


@lru_cache(maxsize=1)
def committed() -> list[tuple[str, dict[str, Any]]]:
    """Every dev problem the verifier commits, with its trace (derived once)."""
    out = []
    for text in _problems():
        trace = derive(text)
        if trace["decision"]["law"] == "commit":
            out.append((text, trace))
    return out


@settings(
    max_examples=examples(400),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
@given(data=st.data())
def test_an_edit_of_a_committed_problem_keeps_its_relation_or_refuses(data: Any) -> None:
    problems = committed()
    text, trace = problems[data.draw(st.integers(0, len(problems) - 1), label="problem")]
    edit = data.draw(st.sampled_from(EDITS), label="edit")
    edited = edit.apply(text, data.draw(st.integers(0, 50), label="seed"))
    if edited is None or edited.text == text:
        return
    result = derive(edited.text)
    verdict = judge(trace, edited, result)
    assert verdict != "wrong", (edit.name, edited.text, result["decision"])


# --------------------------------------------------------------------------- the edits


def test_rename_person_keeps_the_gender_and_every_occurrence() -> None:
    out = rename_person("Tom has 5 apples. Tom gives 2 to Sara. How many does Tom have?", 1)
    assert out is not None and out.relation == "same"
    new = out.text.split()[0]
    assert "Tom" not in out.text and out.text.count(new) == 3 and "Sara" in out.text
    assert NAME_GENDER[new] == "m"
    assert rename_person("There are 5 apples. How many apples are there?", 0) is None


def test_reorder_facts_swaps_only_static_facts_about_two_holders() -> None:
    text = "Tom has 5 apples. Sara has 3 pears. How many apples does Tom have?"
    out = reorder_facts(text, 0)
    assert out is not None
    assert out.text == "Sara has 3 pears. Tom has 5 apples. How many apples does Tom have?"
    assert reorder_facts("Tom has 5 apples. He has 3 pears. How many pears?", 0) is None


def test_add_other_entity_names_a_new_person_and_a_new_noun() -> None:
    out = add_other_entity("Tom has 5 apples. How many apples does Tom have?", 1)
    assert out is not None and out.relation == "same"
    added = out.text.split(". ")[1]
    assert "apple" not in added and "Tom" not in added
    assert add_other_entity("Tom has 5 apples. How many things does Tom have in all?", 0) is None


def test_add_adverb_ends_a_completed_action() -> None:
    out = add_adverb("Paul had 28 pears. He picked 35 more pears. How many pears?", 0)
    assert out is not None and "He picked 35 more pears quickly." in out.text


def test_loss_synonym_replaces_the_one_loss_verb() -> None:
    out = loss_synonym("Sam had 10 socks. He lost 3 socks. How many socks does he have?", 1)
    assert out is not None and "He discarded 3 socks." in out.text


def test_ask_in_other_unit_scales_by_the_exact_factor() -> None:
    out = ask_in_other_unit("Ana ran for 2 hours. How many hours did Ana run?", 0)
    assert out is not None and out.factor == 60 and "How many minutes" in out.text


def test_other_unit_quantity_only_where_the_question_names_the_unit() -> None:
    out = other_unit_quantity("Tom has 3 dollars. He finds 2 dollars. How many dollars?", 0)
    assert out is not None and out.text.startswith("Tom has 3 cents.")
    assert (out.old, out.new) == (Fraction(3), Fraction(3, 100))
    assert other_unit_quantity("Tom has 3 dollars. How much money does he have?", 0) is None


def test_replace_number_changes_a_value_that_occurs_once() -> None:
    out = replace_number("Tom has 5 apples. He finds 5 more and 3 pears. How many?", 0)
    assert out is not None and (out.old, out.new) == (Fraction(3), Fraction(4))


def test_add_question_qualifier_uses_an_adjective_the_body_lacks() -> None:
    out = add_question_qualifier("Tom has 5 red apples. How many apples does Tom have?", 0)
    assert out is not None and out.relation == "undetermined"
    assert "How many broken apples" in out.text


@pytest.mark.parametrize(
    ("expression", "old", "new", "value"),
    [
        ("(3 + 4)", 3, 10, 14),
        ("((12 - 3) * 2)", 3, 5, 14),
        ("(7 / 2)", 2, 4, Fraction(7, 4)),
        ("(3 + 3)", 3, 5, None),  # twice: which one changed is unknown
        ("(3 + 4)", 9, 1, None),
    ],
)
def test_substitute_evaluates_the_expression_with_one_value_replaced(
    expression: str, old: int, new: int, value: Fraction | None
) -> None:
    assert substitute(expression, Fraction(old), Fraction(new)) == value


@settings(max_examples=examples(200), deadline=None)
@given(
    text=st.sampled_from(
        [
            "Tom has 5 apples. Sara has 3 pears. Tom finds 2 apples. How many apples does Tom "
            "have?",
            "There are 41 short trees in the park. Workers will plant 57 short trees today. How "
            "many short trees will the park have?",
            "Ana ran for 2 hours at 6 miles per hour. How many miles did Ana run?",
        ]
    ),
    seed=st.integers(0, 10_000),
)
def test_every_edit_is_pure_and_deterministic(text: str, seed: int) -> None:
    for edit in EDITS:
        a, b = edit.apply(text, seed), edit.apply(text, seed)
        assert a == b
        assert a is None or (isinstance(a, Edited) and a.relation == edit.relation)
