"""The DRAT checker: the same verdicts as a naive re-propagating checker, in linear time."""

from __future__ import annotations

import random
import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pytest_core_verify.systems.deductive import (
    ProofError,
    check_certificate,
    check_refutation,
    decide,
    parse_formula,
)
from pytest_core_verify.systems.deductive._cnf import encode
from pytest_core_verify.systems.deductive._proof import parse_proof_line
from pytest_core_verify.systems.deductive._syntax import Builder
from tests.helpers import examples


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
@settings(max_examples=examples(400), deadline=None)
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


def _forgeries(proof: list[str], num_vars: int, rng: random.Random) -> list[list[str]]:
    """Edits of a real proof: lines dropped, literals flipped, lemmas made up, cut short."""
    out = []
    for _ in range(8):
        forged = list(proof)
        where = rng.randrange(len(forged))
        edit = rng.randrange(5)
        if edit == 0:
            del forged[where]
        elif edit == 1:
            words = forged[where].split()
            numbers = [i for i, w in enumerate(words) if w not in ("d", "0")]
            if numbers:
                i = rng.choice(numbers)
                words[i] = str(-int(words[i]))
            forged[where] = " ".join(words)
        elif edit == 2:
            made_up = [rng.choice([1, -1]) * rng.randint(1, num_vars) for _ in range(2)]
            forged.insert(where, " ".join(map(str, made_up[: rng.randint(0, 2)])) + " 0")
        elif edit == 3:
            forged = [line for line in forged if not line.startswith("d")][: len(forged) // 2]
            forged.append("0")
        else:
            forged.insert(where, f"d {forged[where]}" if not forged[where].startswith("d") else "0")
        out.append(forged)
    return out


@pytest.mark.parametrize("seed", range(4))
def test_forged_solver_proofs_get_the_naive_checkers_verdict(seed: int) -> None:
    # Real refutations of random premise sets, then edited: the fast checker accepts an
    # edited proof exactly when re-propagating from scratch does (most edits break it).
    rng = random.Random(4_100 + seed)
    rejected = 0
    for _ in range(150):
        atoms = [f"v{i}" for i in range(rng.randint(2, 5))]
        premises = [
            " | ".join(("~" if rng.random() < 0.5 else "") + a for a in rng.sample(atoms, 2))
            for _ in range(rng.randint(3, 9))
        ]
        out = decide(premises, rng.choice(atoms)).to_json()
        if out["certificate"] is None or out["certificate"]["kind"] != "drat":
            continue
        enc = encode(
            [parse_formula(p, b := Builder()) for p in out["formulas"]["premises"]],
            parse_formula(out["formulas"]["query"], b),
        )
        goal = out["certificate"]["refutes"]
        clauses = [*enc.clauses, *([[-enc.query]] if goal == "premises & ~query" else [])]
        if goal == "premises & query":
            clauses.append([enc.query])
        for forged in _forgeries(out["certificate"]["proof"], enc.num_vars, rng):
            try:
                steps = [parse_proof_line(line, enc.num_vars) for line in forged]
            except ProofError:
                with pytest.raises(ProofError):
                    check_refutation(enc.num_vars, clauses, forged)
                rejected += 1
                continue
            try:
                check_refutation(enc.num_vars, clauses, forged)
                accepted = True
            except ProofError:
                accepted = False
                rejected += 1
            assert accepted == naive_check(clauses, steps), (clauses, forged)
            tampered = dict(out, certificate=dict(out["certificate"], proof=forged))
            assert (check_certificate(tampered) is None) == accepted
    assert rejected > 0
