"""Fuzz: the engine against the independent truth-table oracle on thousands of random problems.

Fixed seeds, so a failure replays. The oracle (``lanes/deductive_logic/oracle``) shares no
code with the engine. Every decision's certificate is checked too.
"""

from __future__ import annotations

import random

import pytest

from pytest_core_verify.systems.deductive import check_certificate, decide, decide_problem

from ._oracle import load

generate = load("generate")
oracle = load("truth_table")

FORMULAS = 3_200
BATCHES = 8


@pytest.mark.parametrize("batch", range(BATCHES))
def test_engine_agrees_with_the_oracle_on_random_formulas(batch: int) -> None:
    rng = random.Random(190_000 + batch)
    seen: dict[str, int] = {}
    for _ in range(FORMULAS // BATCHES):
        names = [f"v{i}" for i in range(rng.randint(1, 6))]
        premises = [
            generate.show(
                generate.random_tree(rng, names, rng.randint(0, 4)), rng, rng.random() < 0.8
            )
            for _ in range(rng.randint(0, 3))
        ]
        query = generate.show(generate.random_tree(rng, names, rng.randint(0, 4)), rng)
        want = oracle.decide(premises, query)
        out = decide(premises, query).to_json()
        got = (out["outcome"], None if out["refusal"] is None else out["refusal"]["kind"])
        assert got == want, (premises, query)
        assert check_certificate(out) is None, (premises, query)
        seen[got[0]] = seen.get(got[0], 0) + 1
    # The generator reaches every outcome, so agreement is not vacuous.
    assert set(seen) == {"entailed", "refuted", "unknown", "refused"}, seen


def test_inconsistent_premises_are_refused_with_a_checked_proof() -> None:
    rng = random.Random(1919)
    for _ in range(300):
        names = [f"v{i}" for i in range(rng.randint(1, 8))]
        phi = generate.random_tree(rng, names, rng.randint(1, 4))
        extra = [
            generate.show(generate.random_tree(rng, names, 2), rng)
            for _ in range(rng.randint(0, 2))
        ]
        # phi and ~phi, hidden among other premises and split across an equivalence.
        premises = [*extra, generate.show(phi, rng), generate.show(("not", phi), rng)]
        rng.shuffle(premises)
        query = generate.show(generate.random_tree(rng, names, 2), rng)
        assert oracle.decide(premises, query) == ("refused", "inconsistent")
        out = decide(premises, query).to_json()
        assert out["outcome"] == "refused" and out["refusal"]["kind"] == "inconsistent"
        assert out["certificate"]["refutes"] == "premises"
        assert check_certificate(out) is None


def test_malformed_mutations_agree_on_the_refusal_kind() -> None:
    rng = random.Random(77)
    junk = ["(", ")", "&", "->", "=", ",", "p(", "∀", "1", "forall x", "~"]
    for _ in range(400):
        names = [f"v{i}" for i in range(3)]
        text = generate.show(generate.random_tree(rng, names, 3), rng)
        cut = rng.randint(0, len(text))
        broken = text[:cut] + rng.choice(junk) + text[cut:]
        assert (
            decide([broken], "v0").to_json()["outcome"],
            (decide([broken], "v0").to_json()["refusal"] or {}).get("kind"),
        ) == oracle.decide([broken], "v0"), broken


def test_finite_entity_problems_agree_with_the_oracle() -> None:
    cases = generate.entity_random(random.Random(5), 120)
    for case in cases:
        problem = {k: case[k] for k in ("entities", "facts", "rules", "query")}
        out = decide_problem(problem).to_json()
        got = (out["outcome"], None if out["refusal"] is None else out["refusal"]["kind"])
        assert got == oracle.decide_problem(problem), problem
        assert check_certificate(out) is None
