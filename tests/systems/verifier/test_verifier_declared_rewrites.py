"""The surface rewrites of ``normalize()`` are declared values (``_rewrites.REWRITES``: a
name, a stage, a pattern, a replacement), each with a before/after example that this
test applies; the examples are texts of the lane's own corpora or written here."""

from __future__ import annotations

import inspect
import json
import pathlib

import pytest

from pytest_core_verify.systems.verifier import _normalize
from pytest_core_verify.systems.verifier._rewrites import REWRITES, Rewrite, apply_stage

EXAMPLES: dict[str, dict[str, str]] = json.loads(
    (pathlib.Path(__file__).parent / "data" / "rewrite_examples.json").read_text(encoding="utf-8")
)


def test_every_rewrite_has_one_example_and_names_are_unique() -> None:
    names = [r.name for r in REWRITES]
    assert len(names) == len(set(names))
    assert sorted(EXAMPLES) == sorted(names)


@pytest.mark.parametrize("rewrite", REWRITES, ids=lambda r: r.name)
def test_each_rewrite_turns_its_example_before_into_its_after(rewrite: Rewrite) -> None:
    example = EXAMPLES[rewrite.name]
    assert example["before"] != example["after"]
    assert rewrite.apply(example["before"]) == example["after"]
    # a rewrite is a function of the text: applied to what it wrote, it is stable or
    # at least never brings the text back
    assert rewrite.apply(example["after"]) != example["before"]


def test_stages_run_in_order_each_once_from_normalize() -> None:
    stages = [r.stage for r in REWRITES]
    assert stages == sorted(stages)
    assert sorted(set(stages)) == list(range(max(stages) + 1))
    source = inspect.getsource(_normalize.normalize)
    calls = [int(s.split(",")[0]) for s in source.split("apply_stage(")[1:]]
    assert calls == sorted(set(stages))


def test_a_stage_applies_its_rewrites_in_the_order_listed() -> None:
    text = "Ana has 3 pears . Ben did n't eat 12,500 grapes ."
    expected = text
    for rewrite in REWRITES:
        if rewrite.stage == 0:
            expected = rewrite.apply(expected)
    assert apply_stage(0, text) == expected
