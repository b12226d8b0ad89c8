"""Tseitin encoding: formulas to an equisatisfiable CNF, deterministic to the clause.

Atoms get variables 1..k in sorted name order, then every other node gets the next variable
in the postorder of the roots (premises first, then the query), with the full equivalence
clauses of its gate. Asserting a root is one unit clause. The same inputs always give the same
CNF, so a certificate can name it by hash and a checker can rebuild it without the solver.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass

from pytest_core_verify.systems.deductive._syntax import Node, atoms_of, postorder

__all__ = ["Encoding", "cnf_sha256", "encode"]

Clause = list[int]


@dataclass(frozen=True)
class Encoding:
    """The gate clauses of some roots; ``literal[id(node)]`` is the node's literal."""

    atom_vars: dict[str, int]
    literal: dict[int, int]
    clauses: list[Clause]
    num_vars: int

    def lit(self, node: Node) -> int:
        return self.literal[id(node)]


def encode(roots: list[Node]) -> Encoding:
    """Gate clauses for every node reachable from ``roots`` (roots are not asserted)."""
    atom_vars = {name: i for i, name in enumerate(atoms_of(roots), start=1)}
    literal: dict[int, int] = {}
    clauses: list[Clause] = []

    def add(*new: Clause) -> None:
        for clause in new:
            unique = list(dict.fromkeys(clause))  # order kept: deterministic
            if not any(-lit in unique for lit in unique):  # tautologies say nothing
                clauses.append(unique)

    next_var = len(atom_vars) + 1
    true_var = 0
    for node in postorder(roots):
        op = node.op
        if op == "atom":
            assert node.name is not None
            literal[id(node)] = atom_vars[node.name]
            continue
        if op in ("true", "false"):
            if true_var == 0:
                true_var = next_var
                next_var += 1
                add([true_var])
            literal[id(node)] = true_var if op == "true" else -true_var
            continue
        if op == "not":
            # A negation needs no variable of its own: it is the negated literal.
            literal[id(node)] = -literal[id(node.args[0])]
            continue
        x = next_var
        next_var += 1
        literal[id(node)] = x
        a = literal[id(node.args[0])]
        b = literal[id(node.args[1])]
        if op == "and":
            add([-x, a], [-x, b], [x, -a, -b])
        elif op == "or":
            add([-x, a, b], [x, -a], [x, -b])
        elif op == "implies":
            add([-x, -a, b], [x, a], [x, -b])
        else:  # iff
            add([-x, -a, b], [-x, a, -b], [x, a, b], [x, -a, -b])
    return Encoding(atom_vars, literal, clauses, next_var - 1)


def cnf_sha256(num_vars: int, clauses: list[Clause]) -> str:
    """SHA-256 of the DIMACS text of a CNF: the name a certificate gives it."""
    h = hashlib.sha256(f"p cnf {num_vars} {len(clauses)}\n".encode())
    for clause in clauses:
        h.update((" ".join(map(str, clause)) + " 0\n").encode())
    return h.hexdigest()
