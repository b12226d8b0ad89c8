"""Which sentence rule reads which sentence, and which rules it shadows, pinned with syrupy.

The sentence rules are one ordered list and the first full match wins, so two rules that
both match a sentence overlap and the earlier one shadows the later. Over every sentence
of the lane's corpora (text written in this repository), this computes for each rule the
sentences it reads, its first example, and the rules it shadows on them; the result is
pinned, so a new rule that changes which rule reads a sentence, or a new overlap, is a
reviewed diff (re-pin with ``--snapshot-update`` when intended). Each pinned example is
also a test: it is read by its rule and by no earlier one.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

import pytest
from syrupy.assertion import SnapshotAssertion
from syrupy.extensions.json import JSONSnapshotExtension

from pytest_core_verify.systems.verifier._rules import SENTENCE_RULES
from tests.systems.verifier._corpus import prepared_bodies, shadowing


def bodies() -> tuple[str, ...]:
    """Every non-question sentence body of the corpora, prepared as the reader sees it."""
    return prepared_bodies(questions=False)


def matching(body: str) -> list[str]:
    return [rule.name for rule in SENTENCE_RULES if rule.compiled.fullmatch(body)]


@lru_cache(maxsize=1)
def relation() -> dict[str, Any]:
    found = shadowing(bodies(), SENTENCE_RULES)
    return {
        name: {
            "reads": found.reads[name],
            "example": found.example.get(name),
            "shadows": dict(sorted(found.shadows[name].items())),
        }
        for name in (rule.name for rule in SENTENCE_RULES)
        if found.reads[name] or found.shadows[name]
    }


def test_rule_names_are_unique_and_the_order_is_one_list() -> None:
    names = [rule.name for rule in SENTENCE_RULES]
    assert len(names) == len(set(names))


def test_the_shadowing_relation_is_pinned(snapshot: SnapshotAssertion) -> None:
    assert relation() == snapshot(extension_class=JSONSnapshotExtension)


@pytest.mark.parametrize("name", sorted(relation()))
def test_each_pinned_example_is_read_by_its_rule_and_no_earlier_one(name: str) -> None:
    body = relation()[name]["example"]
    if body is None:
        pytest.skip(f"{name} reads no sentence of the corpora first (it only overlaps)")
    assert matching(body)[0] == name, body
