"""Inference rules, contested premises, withheld contradictions and the independent checker."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pytest_core_verify.systems.symbolic import (
    RELATIONS,
    RULES,
    Claim,
    Vault,
    check_trace,
    parse_claim,
    probe,
)
from tests.helpers import examples


def vault_of(*texts: str) -> Vault:
    vault = Vault()
    for turn, text in enumerate(texts, 1):
        vault.add(parse_claim(text), turn)
    return vault


def trace(vault: Vault, subject: str) -> list[dict[str, Any]]:
    return [step.to_json() for step in probe(vault, subject).steps]


def premises(vault: Vault) -> list[dict[str, object]]:
    return [p.to_json() for p in vault]


@pytest.mark.parametrize(
    ("texts", "subject", "rule", "uses", "conclusion"),
    [
        (["truth is wisdom", "wisdom is light"], "truth", "is_transitivity",
         ["p1", "p2"], "truth is light"),
        (["baking requires flour", "flour requires wheat"], "baking", "modus_ponens",
         ["p1", "p2"], "baking requires wheat"),
        (["fire requires oxygen", "vacuum is not oxygen"], "vacuum", "modus_tollens",
         ["p1", "p2"], "vacuum is not fire"),
        (["whale is mammal", "mammal is not fish"], "whale", "negation_propagation",
         ["p1", "p2"], "whale is not fish"),
        (["dawn precedes noon", "noon precedes dusk"], "dawn", "precedence_chain",
         ["p1", "p2"], "dawn precedes dusk"),
        (["regret presupposes act", "act presupposes agent"], "regret", "presupposition_chain",
         ["p1", "p2"], "regret presupposes agent"),
    ],
)  # fmt: skip
def test_each_rule(
    texts: list[str], subject: str, rule: str, uses: list[str], conclusion: str
) -> None:
    vault = vault_of(*texts)
    steps = trace(vault, subject)
    assert [(s["rule"], s["uses"], s["text"]) for s in steps] == [(rule, uses, conclusion)]
    assert check_trace(premises(vault), steps) == []
    assert rule in RULES


def test_five_hop_chain_builds_on_earlier_conclusions() -> None:
    vault = vault_of("ant is bee", "bee is cat", "cat is dog", "dog is elk", "elk is fox")
    steps = trace(vault, "ant")
    assert [s["text"] for s in steps] == ["ant is cat", "ant is dog", "ant is elk", "ant is fox"]
    assert [s["uses"] for s in steps] == [["p1", "p2"], ["c1", "p3"], ["c2", "p4"], ["c3", "p5"]]
    assert check_trace(premises(vault), steps) == []


def test_tollens_chains_backwards_through_requires() -> None:
    vault = vault_of("harvest requires crops", "crops requires sun", "storm is not sun")
    assert [s["text"] for s in trace(vault, "storm")] == [
        "storm is not crops",
        "storm is not harvest",
    ]


def test_contested_pair_blocks_every_conclusion_resting_on_it() -> None:
    vault = vault_of("truth is wisdom", "truth is not wisdom", "wisdom is light")
    outcome = probe(vault, "truth")
    assert outcome.steps == ()
    assert [p.id for p in outcome.contested] == ["p1", "p2"]


def test_contested_pair_deeper_in_the_chain() -> None:
    vault = vault_of("oak is tree", "tree is plant", "tree is not plant", "plant is life")
    outcome = probe(vault, "oak")
    assert outcome.steps == ()
    assert [p.id for p in outcome.contested] == ["p2", "p3"]


def test_conclusion_contradicting_a_premise_is_withheld_with_its_dependents() -> None:
    vault = vault_of("ant is bee", "bee is cat", "ant is not cat", "cat is dog", "bee is elk")
    outcome = probe(vault, "ant")
    assert [s.conclusion.text() for s in outcome.steps] == ["ant is elk"]
    assert [(w.claim.text(), w.reason) for w in outcome.withheld] == [
        ("ant is cat", "contradicts stored premise p3: ant is not cat"),
        ("ant is dog", "every derivation rests on a withheld claim"),
    ]


def test_two_derivable_claims_that_contradict_each_other_are_both_withheld() -> None:
    vault = vault_of("ant is bee", "bee is cat", "ant is dog", "dog is not cat")
    outcome = probe(vault, "ant")
    assert outcome.steps == ()
    assert sorted(w.claim.text() for w in outcome.withheld) == ["ant is cat", "ant is not cat"]


def test_premises_are_not_reconcluded_and_self_relations_are_skipped() -> None:
    vault = vault_of("ant is bee", "bee is ant", "bee is cat", "ant is cat")
    assert trace(vault, "ant") == []


def test_probe_touches_only_reachable_premises() -> None:
    vault = vault_of("ant is bee", "bee is cat")
    for i in range(200):
        vault.add(Claim(f"x{i}", "is", f"y{i}"), 3 + i)
    assert [s["text"] for s in trace(vault, "ant")] == ["ant is cat"]
    assert len(probe(vault, "ant").recalled) == 2


# --- the checker rejects what it cannot re-derive -------------------------------------------


def tamper(step: dict[str, Any], **changes: Any) -> dict[str, Any]:
    changed = copy.deepcopy(step)
    changed.update(changes)
    return changed


@pytest.mark.parametrize(
    ("change", "reason"),
    [
        ({"rule": "wishful_thinking"}, "unknown rule"),
        ({"rule": "modus_ponens"}, "do not match the pattern"),
        ({"uses": ["p2", "p1"]}, "do not match the pattern"),
        ({"uses": ["p1"]}, "exactly two"),
        ({"uses": ["p1", "c9"]}, "neither a premise nor an earlier"),
        (
            {
                "conclusion": {
                    "subject": "ant",
                    "relation": "is",
                    "object": "dog",
                    "polarity": "positive",
                }
            },
            "the rule yields",
        ),
        (
            {
                "conclusion": {
                    "subject": "ant",
                    "relation": "is",
                    "object": "cat",
                    "polarity": "maybe",
                }
            },
            "malformed step",
        ),
        ({"id": "p1"}, "already taken"),
    ],
)
def test_checker_rejects_tampered_steps(change: dict[str, Any], reason: str) -> None:
    vault = vault_of("ant is bee", "bee is cat")
    [step] = trace(vault, "ant")
    [rejection] = check_trace(premises(vault), [tamper(step, **change)])
    assert reason in rejection.reason


def test_checker_rejects_a_step_on_a_contested_premise() -> None:
    vault = vault_of("ant is bee", "bee is cat", "bee is not cat")
    forged = {
        "id": "c1",
        "rule": "is_transitivity",
        "uses": ["p1", "p2"],
        "conclusion": {"subject": "ant", "relation": "is", "object": "cat", "polarity": "positive"},
    }
    [rejection] = check_trace(premises(vault), [forged])
    assert "contested premise 'p2'" in rejection.reason


def test_checker_rejects_a_step_resting_on_a_rejected_step() -> None:
    vault = vault_of("ant is bee", "bee is cat", "cat is dog")
    first, second = trace(vault, "ant")
    rejected = check_trace(premises(vault), [tamper(first, rule="modus_ponens"), second])
    assert [r.step for r in rejected] == ["c1", "c2"]


# --- properties over random premise sets ----------------------------------------------------

TERMS = ["ant", "bee", "cat", "dog", "elk", "fox"]
UNRELATED = ["owl", "pig", "ram", "yak"]


def claims_over(terms: list[str]) -> st.SearchStrategy[Claim]:
    return st.builds(
        Claim,
        st.sampled_from(terms),
        st.sampled_from(RELATIONS),
        st.sampled_from(terms),
        st.sampled_from(["positive", "negative"]),
    ).filter(lambda c: c.subject != c.object)


def build(claims: list[Claim]) -> Vault:
    vault = Vault()
    for turn, claim in enumerate(claims, 1):
        if vault.find(claim) is None:
            vault.add(claim, turn)
    return vault


premise_sets = st.lists(claims_over(TERMS), max_size=14)


@settings(max_examples=examples(150))
@given(premise_sets)
def test_every_conclusion_passes_the_checker(claims: list[Claim]) -> None:
    vault = build(claims)
    for subject in TERMS:
        assert check_trace(premises(vault), trace(vault, subject)) == []


@settings(max_examples=examples(100))
@given(premise_sets, st.lists(claims_over(UNRELATED), min_size=1, max_size=6))
def test_unrelated_premises_never_remove_a_conclusion(
    claims: list[Claim], unrelated: list[Claim]
) -> None:
    before = build(claims)
    after = build(claims + unrelated)
    for subject in TERMS:
        old = {s.conclusion for s in probe(before, subject).steps}
        new = {s.conclusion for s in probe(after, subject).steps}
        assert old <= new


@settings(max_examples=examples(150))
@given(premise_sets, st.sampled_from(TERMS), st.sampled_from(TERMS), st.sampled_from(RELATIONS))
def test_a_contested_pair_never_yields_a_conclusion(
    claims: list[Claim], subject: str, obj: str, relation: Any
) -> None:
    pair = [Claim(subject, relation, obj), Claim(subject, relation, obj, "negative")]
    vault = build([*claims, *pair]) if subject != obj else build(claims)
    contested = {p.id for p in vault if vault.is_contested(p.claim)}
    for term in TERMS:
        for step in probe(vault, term).steps:
            assert not contested.intersection(step.uses)


@settings(max_examples=examples(100))
@given(st.lists(st.tuples(st.sampled_from(TERMS), st.sampled_from(TERMS)), max_size=12))
def test_is_conclusions_are_exactly_the_transitive_closure(edges: list[tuple[str, str]]) -> None:
    # Only affirmed "is" premises: nothing is contested or contradicted, so the engine must
    # conclude exactly what a naive closure reaches in two or more hops.
    edges = [(s, o) for s, o in edges if s != o]
    vault = build([Claim(s, "is", o) for s, o in edges])
    for subject in TERMS:
        reach: set[str] = set()
        frontier = {o for s, o in edges if s == subject}
        while frontier - reach:
            reach |= frontier
            frontier = {o for s, o in edges if s in reach}
        expected = {t for t in reach if t != subject and (subject, t) not in edges}
        assert {s.conclusion.object for s in probe(vault, subject).steps} == expected
