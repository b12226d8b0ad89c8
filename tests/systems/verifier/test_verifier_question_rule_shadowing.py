"""Which question rule reads which question, and which rules it shadows, pinned with syrupy;
and which rules the declared examples of every rule also match.

Over every question of the lane's corpora and every declared question example, this
computes for each question rule the questions its pattern matches first, its first
example, and the later rules whose patterns match them too (a rule of a conditional kind
may yield to them when the problem lacks what it counts). Over the declared examples of
the sentence rules (what each must read and its near-misses), it computes which other
rules match them. Both are pinned, so a new rule or a new place in the order that adds an
overlap is a reviewed diff (re-pin with ``--snapshot-update`` when intended).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from syrupy.assertion import SnapshotAssertion
from syrupy.extensions.json import JSONSnapshotExtension

from pytest_core_verify.systems.verifier._rules import QUESTION_RULES, SENTENCE_RULES
from tests.systems.verifier._corpus import prepared_bodies, shadowing


@lru_cache(maxsize=1)
def questions() -> tuple[str, ...]:
    """Every question of the corpora, prepared as the reader sees it, then every declared
    question example."""
    found = dict.fromkeys(prepared_bodies(questions=True))
    for rule in QUESTION_RULES:
        for body in (*rule.reads, *rule.not_reads):
            found.setdefault(body)
    return tuple(found)


@lru_cache(maxsize=1)
def question_relation() -> dict[str, Any]:
    found = shadowing(questions(), QUESTION_RULES)
    return {
        r.name: {
            "kind": r.kind,
            "reads": found.reads[r.name],
            "example": found.example.get(r.name),
            "shadows": dict(sorted(found.shadows[r.name].items())),
        }
        for r in QUESTION_RULES
        if found.reads[r.name] or found.shadows[r.name]
    }


def sentence_example_overlaps() -> dict[str, Any]:
    """For each sentence rule, the other rules its declared examples match."""
    out: dict[str, Any] = {}
    for rule in SENTENCE_RULES:
        also = {
            kind: sorted(
                {
                    other.name
                    for body in bodies
                    for other in SENTENCE_RULES
                    if other is not rule and other.compiled.fullmatch(body)
                }
            )
            for kind, bodies in (("reads", rule.reads), ("not_reads", rule.not_reads))
        }
        if also["reads"] or also["not_reads"]:
            out[rule.name] = also
    return out


def test_the_question_shadowing_relation_is_pinned(snapshot: SnapshotAssertion) -> None:
    assert question_relation() == snapshot(extension_class=JSONSnapshotExtension)


def test_the_overlaps_of_the_sentence_examples_are_pinned(snapshot: SnapshotAssertion) -> None:
    assert sentence_example_overlaps() == snapshot(extension_class=JSONSnapshotExtension)


def test_every_question_rule_reads_some_question_first_or_is_conditional() -> None:
    from pytest_core_verify.systems.verifier._rules import CONDITIONAL_KINDS

    relation = question_relation()
    silent = [
        r.name
        for r in QUESTION_RULES
        if r.kind not in CONDITIONAL_KINDS and not (relation.get(r.name) or {}).get("reads")
    ]
    assert silent == []
