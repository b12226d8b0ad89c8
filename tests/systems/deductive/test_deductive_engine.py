"""decide(): outcomes, refusals, certificates, and a checker that cannot be fooled."""

from __future__ import annotations

import copy
import itertools
import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pytest_core_verify.systems.deductive import (
    OUTCOMES,
    Decision,
    ProofError,
    check_certificate,
    check_refutation,
    decide,
)
from pytest_core_verify.systems.deductive import __all__ as public
from pytest_core_verify.systems.deductive._cnf import encode
from pytest_core_verify.systems.deductive._solver import Solver
from pytest_core_verify.systems.deductive._syntax import Builder, evaluate, parse_formula
from tests.helpers import examples

formulas = st.recursive(
    st.sampled_from(["a", "b", "c", "true", "false"]),
    lambda inner: st.one_of(
        inner.map(lambda x: f"~({x})"),
        st.tuples(inner, st.sampled_from(["&", "|", "->", "<->"]), inner).map(
            lambda t: f"({t[0]}) {t[1]} ({t[2]})"
        ),
    ),
    max_leaves=8,
)


@pytest.mark.parametrize(
    ("premises", "query", "outcome"),
    [
        (["a | b", "~a"], "b", "entailed"),
        (["a -> b", "~b"], "~a", "entailed"),
        (["a -> b"], "~b -> ~a", "entailed"),
        (["a <-> b", "b <-> c", "a"], "c", "entailed"),
        (["a"], "~a", "refuted"),
        (["a -> b", "a"], "~b", "refuted"),
        (["a -> b", "b"], "a", "unknown"),
        ([], "a | ~a", "entailed"),
        ([], "a & ~a", "refuted"),
        ([], "a", "unknown"),
        ([], "true", "entailed"),
        (["true"], "false", "refuted"),
        (["a", "~a"], "b", "refused"),
        (["false"], "true", "refused"),
    ],
)
def test_outcomes_and_their_certificates(premises: list[str], query: str, outcome: str) -> None:
    decision = decide(premises, query)
    out = decision.to_json()
    assert out["outcome"] == outcome
    assert check_certificate(out) is None
    kind = out["certificate"]["kind"]
    assert kind == ("models" if outcome == "unknown" else "drat")
    if outcome == "refused":
        assert out["refusal"]["kind"] == "inconsistent"
        assert out["certificate"]["refutes"] == "premises"


def test_json_form_is_stable_and_public() -> None:
    out = decide(["a | b", "~a"], "b").to_json()
    assert list(out) == ["outcome", "refusal", "formulas", "atoms", "legend", "certificate"]
    assert out["formulas"] == {"premises": ["a | b", "~a"], "query": "b"}
    assert out["atoms"] == ["a", "b"]
    assert json.loads(json.dumps(out)) == out
    assert {"decide", "Decision", "check_certificate", "decide_problem", "decide_english"} <= set(
        public
    )
    assert OUTCOMES == ("entailed", "refuted", "unknown", "refused")


def test_same_input_same_bytes() -> None:
    premises = ["(a -> b) & (b -> c) & (c -> d)", "a | e", "~e"]
    first = json.dumps(decide(premises, "d").to_json(), sort_keys=True)
    for _ in range(3):
        assert json.dumps(decide(premises, "d").to_json(), sort_keys=True) == first


@pytest.mark.parametrize(
    ("premises", "query", "kind", "where", "position"),
    [
        (["a &"], "b", "malformed", "premise 1", 4),
        (["a", "b c"], "b", "malformed", "premise 2", 3),
        (["a"], "p(x)", "out_of_regime", "query", 1),
        (["∀x a"], "a", "out_of_regime", "premise 1", 1),
        (["a"], "", "malformed", "query", 1),
        ("a", "a", "malformed", "premises", None),
        ([1], "a", "malformed", "premise 1", None),
        (["a"], None, "malformed", "query", None),
    ],
)
def test_refusals_name_input_position_and_reason(
    premises: Any, query: Any, kind: str, where: str, position: int | None
) -> None:
    out = decide(premises, query).to_json()
    assert out["outcome"] == "refused"
    assert out["certificate"] is None
    assert out["refusal"]["kind"] == kind
    assert out["refusal"]["where"] == where
    assert out["refusal"]["position"] == position
    assert out["refusal"]["reason"]
    assert check_certificate(out) is None  # nothing to check, and nothing claimed


def test_unknown_models_witness_both_sides() -> None:
    out = decide(["a -> b"], "b").to_json()
    certificate = out["certificate"]
    b = Builder()
    premise, query = parse_formula("a -> b", b), parse_formula("b", b)
    assert evaluate(premise, certificate["holds"]) and evaluate(query, certificate["holds"])
    assert evaluate(premise, certificate["fails"]) and not evaluate(query, certificate["fails"])


def tamper(out: dict[str, Any], change: Any) -> dict[str, Any]:
    forged = copy.deepcopy(out)
    change(forged)
    return forged


def test_checker_rejects_forged_certificates() -> None:
    entailed = decide(["a -> b", "b -> c", "a"], "c").to_json()
    assert check_certificate(entailed) is None
    forgeries = {
        "outcome flipped": lambda d: d.update(outcome="refuted"),
        "other formulas": lambda d: d["formulas"].update(query="a & c"),
        "proof emptied": lambda d: d["certificate"].update(proof=[]),
        "proof without the empty clause": lambda d: d["certificate"].update(
            proof=[line for line in d["certificate"]["proof"] if line.strip() != "0"]
        ),
        "cnf renamed": lambda d: d["certificate"]["cnf"].update(sha256="0" * 64),
        "no certificate": lambda d: d.update(certificate=None),
        "garbage": lambda d: d["certificate"].update(proof=["x y 0"]),
    }
    for name, change in forgeries.items():
        assert check_certificate(tamper(entailed, change)) is not None, name
    unknown = decide(["a | b"], "a").to_json()
    assert check_certificate(unknown) is None
    swapped = tamper(
        unknown,
        lambda d: d["certificate"].update(
            holds=d["certificate"]["fails"], fails=d["certificate"]["holds"]
        ),
    )
    assert "query" in (check_certificate(swapped) or "")
    bad_model = tamper(unknown, lambda d: d["certificate"]["holds"].update(a=False, b=False))
    assert "premise 1" in (check_certificate(bad_model) or "")
    missing = tamper(unknown, lambda d: d["certificate"]["fails"].pop("b"))
    assert "'b'" in (check_certificate(missing) or "")
    claims_unknown = tamper(entailed, lambda d: d.update(outcome="unknown"))
    assert check_certificate(claims_unknown) is not None


def test_a_wrong_unsat_answer_cannot_get_a_valid_certificate() -> None:
    # A satisfiable CNF: no proof at all, nor the proof of another CNF, refutes it.
    sat = decide(["a | b"], "a").to_json()
    other = decide(["a", "~a"], "b").to_json()
    forged = tamper(sat, lambda d: d.update(outcome="entailed"))
    forged["certificate"] = {
        **other["certificate"],
        "refutes": "premises & ~query",
    }
    assert check_certificate(forged) is not None


def test_proof_checker_rup_and_rat() -> None:
    clauses = [[1, 2], [-1, 2], [1, -2], [-1, -2]]
    check_refutation(2, clauses, ["2 0", "0"])
    check_refutation(2, clauses, ["1 2 0", "d 1 2 0", "2 0", "0"])
    with pytest.raises(ProofError, match="never derives the empty clause"):
        check_refutation(2, clauses, ["2 0"])
    with pytest.raises(ProofError, match="line 1"):
        check_refutation(2, [[1, 2], [-1, 2]], ["-2 0", "0"])
    with pytest.raises(ProofError, match="not a variable"):
        check_refutation(2, clauses, ["3 0"])
    with pytest.raises(ProofError, match="does not end in 0"):
        check_refutation(2, clauses, ["2"])
    # "3 -1" is not RUP, but it is RAT on 3 (no clause holds -3), so line 1 passes; "-1"
    # contradicts the CNF's consequence 1 and is neither, so line 2 is named.
    with pytest.raises(ProofError, match="proof line 2"):
        check_refutation(3, [[1, 2], [1, -2]], ["3 -1 0", "-1 0", "0"])
    with pytest.raises(ProofError, match="proof line 1"):
        check_refutation(3, [[1, 2], [1, -2], [-3, 2]], ["3 -1 0", "0"])
    # Deletions are honoured: after deleting (2), the empty clause no longer follows.
    with pytest.raises(ProofError):
        check_refutation(2, [[2], [-2, 1], [-1, -2]], ["d 2 0", "d -2 1 0", "0"])


@given(st.lists(formulas, min_size=0, max_size=3), formulas)
@settings(max_examples=examples(60))
def test_encoding_is_exact_on_the_atoms(premises: list[str], query: str) -> None:
    """For every assignment of the atoms: the premise clauses can be completed iff every
    premise is true; with the gates set to their evaluated values, all clauses hold."""
    b = Builder()
    nodes = [parse_formula(t, b) for t in premises]
    goal = parse_formula(query, b)
    enc = encode(nodes, goal)
    atoms = list(enc.atom_vars)
    with Solver(enc.clauses) as solver:
        for values in itertools.product([False, True], repeat=len(atoms)):
            env = dict(zip(atoms, values, strict=True))
            fixed = [enc.atom_vars[a] if env[a] else -enc.atom_vars[a] for a in atoms]
            truth = all(evaluate(n, env) for n in nodes)
            assert (solver.model(fixed) is not None) == truth
            q = evaluate(goal, env)
            if truth:
                assert solver.model([*fixed, enc.query if q else -enc.query]) is not None
                assert solver.model([*fixed, -enc.query if q else enc.query]) is None


def test_decision_defaults() -> None:
    d = Decision("unknown")
    assert d.to_json()["legend"] == {}
