"""Finite-entity problems and English premises: grounding, readings and refusals."""

from __future__ import annotations

from typing import Any

import pytest

from pytest_core_verify.systems.deductive import check_certificate, decide_english, decide_problem
from pytest_core_verify.systems.deductive._ground import MAX_GROUND_INSTANCES


def fact(entity: str, predicate: str, positive: bool = True) -> dict[str, str]:
    return {
        "entity": entity,
        "predicate": predicate,
        "polarity": "positive" if positive else "negative",
    }


def var(name: str, predicate: str, positive: bool = True) -> dict[str, str]:
    return {"var": name, "predicate": predicate, "polarity": "positive" if positive else "negative"}


SOCRATES: dict[str, Any] = {
    "entities": ["socrates", "zeus"],
    "facts": [fact("socrates", "man"), fact("zeus", "man", False)],
    "rules": [{"if": [var("x", "man")], "then": var("x", "mortal")}],
    "query": fact("socrates", "mortal"),
}


def decided(problem: dict[str, Any]) -> dict[str, Any]:
    out = decide_problem(problem).to_json()
    assert check_certificate(out) is None
    return out


def test_grounding_one_atom_per_entity_and_predicate() -> None:
    out = decided(SOCRATES)
    assert out["outcome"] == "entailed"
    assert out["legend"]["mortal_socrates"] == {"entity": "socrates", "predicate": "mortal"}
    assert "man_socrates -> mortal_socrates" in out["formulas"]["premises"]
    assert "man_zeus -> mortal_zeus" in out["formulas"]["premises"]
    assert decided({**SOCRATES, "query": fact("zeus", "mortal")})["outcome"] == "unknown"
    assert decided({**SOCRATES, "query": fact("zeus", "man")})["outcome"] == "refuted"


def test_two_variable_rules_range_over_every_pair() -> None:
    problem = {
        "entities": ["a", "b", "c"],
        "facts": [fact("a", "red")],
        "rules": [{"if": [var("x", "red")], "then": var("y", "seen")}],
        "query": fact("c", "seen"),
    }
    out = decided(problem)
    assert out["outcome"] == "entailed"
    assert len(out["formulas"]["premises"]) == 1 + 9


def test_polarity_defaults_to_positive_and_empty_bodies_are_facts() -> None:
    problem = {
        "entities": ["a"],
        "rules": [{"if": [], "then": {"var": "x", "predicate": "p"}}],
        "query": {"entity": "a", "predicate": "p"},
    }
    assert decided(problem)["outcome"] == "entailed"


def test_atom_names_stay_injective() -> None:
    problem = {
        "entities": ["a b", "a-b", "a_b"],
        "facts": [fact("a b", "p"), fact("a-b", "p", False)],
        "rules": [],
        "query": fact("a_b", "p"),
    }
    out = decided(problem)
    assert out["outcome"] == "unknown"
    assert len(out["legend"]) == 3
    assert sorted(v["entity"] for v in out["legend"].values()) == ["a b", "a-b", "a_b"]


@pytest.mark.parametrize(
    ("change", "kind", "where"),
    [
        ({"query": var("x", "mortal")}, "out_of_regime", "query"),
        ({"facts": [var("x", "man")]}, "out_of_regime", "fact 1"),
        ({"entities": []}, "out_of_regime", "entities"),
        ({"entities": None}, "out_of_regime", "entities"),
        ({"facts": [fact("plato", "man")]}, "malformed", "fact 1"),
        ({"entities": ["a", "a"]}, "malformed", "entities"),
        ({"rules": [{"if": [var("x", "man")]}]}, "malformed", "rule 1"),
        (
            {"rules": [{"if": [{"predicate": "p"}], "then": var("x", "q")}]},
            "malformed",
            "rule 1 if 1",
        ),
        (
            {"rules": [{"if": [], "then": {**var("x", "q"), "polarity": "maybe"}}]},
            "malformed",
            "rule 1 then",
        ),
        ({"extra": 1}, "malformed", "problem"),
        ({"query": {**fact("socrates", "man"), "colour": "red"}}, "malformed", "query"),
        ({"facts": "socrates is a man"}, "malformed", "facts"),
    ],
)
def test_ungrounded_and_malformed_problems_are_refused(
    change: dict[str, Any], kind: str, where: str
) -> None:
    out = decide_problem({**SOCRATES, **change}).to_json()
    assert out["outcome"] == "refused"
    assert (out["refusal"]["kind"], out["refusal"]["where"]) == (kind, where)
    assert out["refusal"]["reason"]


def test_oversized_grounding_is_refused() -> None:
    entities = [f"e{i}" for i in range(60)]
    rule = {"if": [var("x", "p"), var("y", "p")], "then": var("z", "q")}
    out = decide_problem(
        {"entities": entities, "facts": [], "rules": [rule], "query": fact("e1", "q")}
    )
    assert MAX_GROUND_INSTANCES < 60**3
    assert out.to_json()["refusal"]["kind"] == "out_of_regime"


def english(premises: list[str], query: str) -> dict[str, Any]:
    out = decide_english(premises, query).to_json()
    assert check_certificate(out) is None
    return out


@pytest.mark.parametrize(
    ("premises", "query", "outcome"),
    [
        (["Socrates is a man.", "A man is mortal."], "socrates is mortal", "entailed"),
        (["Socrates is a man.", "A man is mortal."], "socrates is not mortal", "refuted"),
        (["a fire requires oxygen", "a vacuum is not oxygen"], "vacuum is not fire", "entailed"),
        (["a whale is a mammal", "a mammal is not a fish"], "a whale is a fish", "refuted"),
        (["a whale is a mammal"], "a whale is a fish", "unknown"),
        (["Actually bread requires flour.", "Correction: flour requires wheat"], "bread requires wheat", "entailed"),
        (["bread doesn't require sugar"], "bread requires sugar", "refuted"),
        (["a dog is a cat", "a dog isn't a cat"], "a dog is a bird", "refused"),
        (["a cat is a dog", "a dog is not a cat"], "a bird is a cat", "refused"),
    ],
)  # fmt: skip
def test_english_readings(premises: list[str], query: str, outcome: str) -> None:
    out = english(premises, query)
    assert out["outcome"] == outcome
    if outcome == "refused":
        assert out["refusal"]["kind"] == "inconsistent"


def test_english_legend_names_terms() -> None:
    out = english(["Socrates is a man"], "socrates is a man")
    assert out["legend"]["man_socrates"] == {"entity": "socrates", "predicate": "man"}


@pytest.mark.parametrize(
    ("premises", "query", "kind", "where", "words"),
    [
        (["What is truth?"], "truth is light", "malformed", "premise 1", "question"),
        (["truth"], "truth is light", "malformed", "premise 1", "cannot read"),
        (["dawn precedes noon"], "dawn is noon", "out_of_regime", "premise 1", "'precedes'"),
        (["x is y"], "x presupposes y", "out_of_regime", "query", "'presupposes'"),
        (["x is y"], "What is x?", "malformed", "query", "question"),
        ("a is b", "a is b", "malformed", "premises", "list"),
        ([3], "a is b", "malformed", "premise 1", "string"),
    ],
)
def test_english_refusals_follow_the_reader(
    premises: Any, query: str, kind: str, where: str, words: str
) -> None:
    out = decide_english(premises, query).to_json()
    assert out["outcome"] == "refused"
    assert (out["refusal"]["kind"], out["refusal"]["where"]) == (kind, where)
    assert words in out["refusal"]["reason"]


@pytest.mark.parametrize(
    ("premises", "query", "outcome"),
    [
        (["Socrates is a man.", "A man is mortal."], "Is Socrates mortal?", "entailed"),
        (["a whale is a mammal", "no mammal is a fish"], "Is a whale a fish?", "refuted"),
        (["bread requires flour", "flour requires wheat"], "Does bread require wheat?", "entailed"),
        (
            ["Every whale is a mammal.", "All mammals are animals."],
            "Is a whale an animal?",
            "entailed",
        ),
        (["bread requires no sugar"], "Does bread require sugar?", "refuted"),
    ],
)
def test_yes_no_queries_and_quantified_premises(
    premises: list[str], query: str, outcome: str
) -> None:
    assert english(premises, query)["outcome"] == outcome


def test_a_yes_no_question_is_no_premise() -> None:
    out = decide_english(["Is Socrates a man?"], "socrates is a man").to_json()
    assert out["refusal"]["where"] == "premise 1"
    assert "question" in out["refusal"]["reason"]


def test_a_noun_that_is_no_plural_links_no_terms_in_english() -> None:
    # "means" is not the plural of "mean": the average is not thereby a tool.
    out = decide_english(["The average is the mean.", "Means are tools."], "The average is a tool.")
    assert out.outcome == "unknown"
    assert check_certificate(out.to_json()) is None


@pytest.mark.parametrize(
    "premise",
    ["No one is a cat.", "Ten cats are pets.", "Cats alone are pets.", "There is a cat."],
)
def test_english_premises_with_closed_class_words_are_refused(premise: str) -> None:
    out = decide_english([premise], "Is Tom a pet?").to_json()
    assert out["outcome"] == "refused"
    assert out["refusal"]["kind"] == "malformed"
