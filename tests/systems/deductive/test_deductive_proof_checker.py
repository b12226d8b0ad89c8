"""The DRAT checker: the same verdicts as a naive re-propagating checker, in linear time."""

from __future__ import annotations

import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pytest_core_verify.systems.deductive import ProofError, check_refutation, decide


def naive_conflicts(clauses: list[list[int]], assume: list[int]) -> bool:
    """Unit propagation from nothing, every time: slow, but too simple to be wrong."""
    value: dict[int, bool] = {}
    for lit in assume:
        if value.get(abs(lit)) == (lit < 0):
            return True
        value[abs(lit)] = lit > 0
    changed = True
    while changed:
        changed = False
        for clause in clauses:
            open_lits = [lit for lit in clause if abs(lit) not in value]
            if any(value.get(abs(lit)) == (lit > 0) for lit in clause if abs(lit) in value):
                continue
            if not open_lits:
                return True
            if len(open_lits) == 1:
                value[abs(open_lits[0])] = open_lits[0] > 0
                changed = True
    return False


def naive_check(clauses: list[list[int]], proof: list[tuple[bool, list[int]]]) -> bool:
    db = [list(c) for c in clauses]
    for deletion, lits in proof:
        if deletion:
            key = sorted(set(lits))
            for i in range(len(db) - 1, -1, -1):
                if sorted(set(db[i])) == key:
                    del db[i]
                    break
            continue
        ok = any(-lit in lits for lit in lits) or naive_conflicts(db, [-lit for lit in lits])
        if not ok and lits:
            pivot = lits[0]
            ok = True
            for clause in db:
                if -pivot not in clause:
                    continue
                resolvent = lits + [lit for lit in clause if lit != -pivot]
                if any(-lit in resolvent for lit in resolvent):
                    continue
                if not naive_conflicts(db, [-lit for lit in resolvent]):
                    ok = False
                    break
        if not ok:
            return False
        if not lits:
            return True
        db.append(list(lits))
    return False


VARS = 4
literal = st.integers(1, VARS).flatmap(lambda v: st.sampled_from([v, -v]))
clause = st.lists(literal, min_size=1, max_size=3)
step = st.tuples(st.booleans(), st.lists(literal, min_size=0, max_size=3))


@given(st.lists(clause, min_size=1, max_size=8), st.lists(step, min_size=1, max_size=8))
@settings(max_examples=400, deadline=None)
def test_same_verdict_as_the_naive_checker(
    clauses: list[list[int]], proof: list[tuple[bool, list[int]]]
) -> None:
    # Deletions of units and of the clauses that force literals are the delicate case for a
    # checker that keeps its propagation between lemmas; random proofs hit them often.
    lines = [
        ("d " if deletion else "") + " ".join(map(str, lits)) + " 0" for deletion, lits in proof
    ]
    try:
        check_refutation(VARS, clauses, lines)
        accepted = True
    except ProofError:
        accepted = False
    assert accepted == naive_check(clauses, proof)


def test_deleting_a_forcing_clause_withdraws_what_it_forced() -> None:
    # 1 forces 2; once (-1 2) is gone, "-2" no longer conflicts, so the empty clause fails.
    clauses = [[1], [-1, 2], [-2, 3], [-3, -1]]
    check_refutation(3, clauses, ["0"])
    with pytest.raises(ProofError):
        check_refutation(3, clauses, ["d -1 2 0", "0"])
    # A unit lemma repeating a forced literal becomes its reason: the deletion then is harmless.
    check_refutation(3, clauses, ["2 0", "d -1 2 0", "0"])


def _check_seconds(steps: int) -> float:
    chain = ["a0", *(f"a{i} -> a{i + 1}" for i in range(steps))]
    out = decide(chain, f"a{steps}").to_json()
    from pytest_core_verify.systems.deductive import check_certificate

    start = time.process_time()
    assert check_certificate(out) is None
    return time.process_time() - start


def test_a_chain_proof_checks_in_linear_time() -> None:
    # Each lemma of a chain's proof is a unit one step further on; re-propagating the chain
    # for each would make 8x the steps cost 64x. Linear is about 8x: allow 20x for noise.
    small, large = _check_seconds(1_000), _check_seconds(8_000)
    assert large < 20 * max(small, 0.005), (small, large)


def _decide_seconds(literals: int) -> float:
    disjunction = " | ".join(f"x{i}" for i in range(literals))
    start = time.process_time()
    assert decide([disjunction], "x0").outcome == "unknown"
    return time.process_time() - start


def test_a_long_disjunction_is_decided_in_linear_time() -> None:
    # A clause's tautology test once searched a list per literal: quadratic in its length.
    small, large = _decide_seconds(1_000), _decide_seconds(8_000)
    assert large < 20 * max(small, 0.005), (small, large)
