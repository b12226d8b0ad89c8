"""CNF encoding: premises asserted clause by clause, Tseitin gates only where needed.

Atoms get variables 1..k in sorted name order. Each premise is asserted directly: a
conjunction (or a negated disjunction, a negated implication, a biconditional) splits into
several assertions, and a disjunction of literals becomes one clause, so a premise set that is
already clausal reaches the solver as that very CNF. A subformula that cannot be flattened
gets a Tseitin variable with the full equivalence clauses of its gate, numbered in the order
first needed. The query gets one literal (a gate if it is not a literal); the goals add it,
or its negation, as a unit. The same inputs always give the same CNF, so a certificate can
name it by hash and a checker can rebuild it without the solver.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from operator import neg

from pytest_core_verify.systems.deductive._syntax import Node, atoms_of

__all__ = ["Encoding", "cnf_sha256", "encode"]

Clause = list[int]


@dataclass
class Encoding:
    """Premise clauses and gate definitions (``clauses``) and the query's literal."""

    atom_vars: dict[str, int]
    clauses: list[Clause] = field(default_factory=list)
    query: int = 0
    literal: dict[Node, int] = field(default_factory=dict)  # a gate's (or a negation's) literal
    num_vars: int = 0
    true_var: int = 0

    def add(self, clause: Clause) -> None:
        if len(clause) == 2:  # most gate and implication clauses, tested without a dict
            a, b = clause
            if a != -b:
                self.clauses.append([a] if a == b else [a, b])
            return
        seen = dict.fromkeys(clause)  # order kept: deterministic; a dict, so lookups are O(1)
        if seen.keys().isdisjoint(map(neg, seen)):  # tautologies say nothing
            self.clauses.append(list(seen))

    def const(self, value: bool) -> int:
        if self.true_var == 0:
            self.num_vars += 1
            self.true_var = self.num_vars
            self.add([self.true_var])
        return self.true_var if value else -self.true_var

    def lit(self, node: Node) -> int:
        """The node's literal, defining Tseitin gates for it (and below it) on first use."""
        if node.op == "atom":  # the common case: a variable of its own, no gate
            assert node.name is not None
            return self.atom_vars[node.name]
        literal = self.literal
        known = literal.get(node)
        if known is not None:
            return known
        atom_vars = self.atom_vars
        for sub in _unnumbered(node, literal):
            op = sub.op
            if op == "atom":
                assert sub.name is not None
                literal[sub] = atom_vars[sub.name]
            elif op == "true" or op == "false":
                literal[sub] = self.const(op == "true")
            elif op == "not":
                # A negation needs no variable of its own: it is the negated literal.
                literal[sub] = -literal[sub.args[0]]
            else:
                self.num_vars += 1
                x = self.num_vars
                literal[sub] = x
                a = literal[sub.args[0]]
                b = literal[sub.args[1]]
                if op == "and":
                    gate = [[-x, a], [-x, b], [x, -a, -b]]
                elif op == "or":
                    gate = [[-x, a, b], [x, -a], [x, -b]]
                elif op == "implies":
                    gate = [[-x, -a, b], [x, a], [x, -b]]
                else:  # iff
                    gate = [[-x, -a, b], [-x, a, -b], [x, a, b], [x, -a, -b]]
                for clause in gate:
                    self.add(clause)
        return literal[node]

    def assert_formula(self, root: Node) -> None:
        """Add clauses that hold exactly when ``root`` does (given the gate definitions)."""
        conjuncts: list[tuple[Node, bool]] = [(root, True)]
        while conjuncts:
            node, sign = conjuncts.pop()
            while True:  # down the first conjunct, the others stacked
                op = node.op
                if op == "not":
                    node, sign = node.args[0], not sign
                elif (op == "and" and sign) or (op == "or" and not sign):
                    conjuncts.append((node.args[1], sign))
                    node = node.args[0]
                elif op == "implies" and not sign:
                    conjuncts.append((node.args[1], False))
                    node, sign = node.args[0], True
                else:
                    break
            if op == "iff":
                a, b = node.args
                if sign:
                    self._clause([(a, False), (b, True)])
                    self._clause([(a, True), (b, False)])
                else:
                    self._clause([(a, True), (b, True)])
                    self._clause([(a, False), (b, False)])
            else:
                self._clause([(node, sign)])

    def _clause(self, parts: list[tuple[Node, bool]]) -> None:
        # One pass over the disjuncts, left to right, going down the first disjunct of each
        # disjunction without stacking it: at 10^5 literals a clause is the whole input.
        atom_vars = self.atom_vars
        if len(parts) == 1:  # the commonest premises, read without the walk: the same clause
            node, sign = parts[0]
            op = node.op
            if op == "atom":
                var = atom_vars[node.name]  # type: ignore[index]
                self.clauses.append([var if sign else -var])
                return
            if sign and (op == "implies" or op == "or"):
                left, right = node.args
                if left.op == "atom" and right.op == "atom":
                    a = atom_vars[left.name]  # type: ignore[index]
                    self.add([-a if op == "implies" else a, atom_vars[right.name]])  # type: ignore[index]
                    return
        lits: list[int] = []
        stack = parts[::-1]
        while stack:
            node, sign = stack.pop()
            while True:
                op = node.op
                if op == "atom":
                    var = atom_vars[node.name]  # type: ignore[index]
                    lits.append(var if sign else -var)
                    break
                if op == "not":
                    node, sign = node.args[0], not sign
                elif (op == "or" and sign) or (op == "and" and not sign):
                    stack.append((node.args[1], sign))
                    node = node.args[0]
                elif op == "implies" and sign:
                    stack.append((node.args[1], True))
                    node, sign = node.args[0], False
                elif op == "true" or op == "false":
                    if (op == "true") == sign:
                        return  # a true disjunct: the clause always holds
                    break  # a false disjunct adds nothing
                else:
                    lit = self.lit(node)
                    lits.append(lit if sign else -lit)
                    break
        # An empty clause is written as the negation of the constant-true variable.
        self.add(lits or [-self.const(True)])


def _unnumbered(root: Node, literal: dict[Node, int]) -> list[Node]:
    """The nodes under ``root`` with no literal yet, children first (depth-first, left first).

    A node with a literal has literals all below it (a gate is numbered after its whole
    subformula), so the walk stops there: the order is the full post-order's with the
    numbered nodes left out, and a subformula shared by many premises is walked once, not
    once per premise.
    """
    done: set[Node] = set()
    order: list[Node] = []
    stack = [root]
    while stack:
        node = stack.pop()
        if node in done or node in literal:
            continue
        args = node.args
        if node.op == "atom" or not args:
            done.add(node)
            order.append(node)
            continue
        pending = [c for c in args if c not in done and c not in literal]
        if pending:
            stack.append(node)
            stack += reversed(pending)
        else:
            done.add(node)
            order.append(node)
    return order


def encode(premises: list[Node], query: Node) -> Encoding:
    """Assert the premises, and give the query its literal."""
    atom_vars = {name: i for i, name in enumerate(atoms_of([*premises, query]), start=1)}
    enc = Encoding(atom_vars, num_vars=len(atom_vars))
    for premise in premises:
        enc.assert_formula(premise)
    enc.query = enc.lit(query)
    return enc


def cnf_sha256(num_vars: int, clauses: list[Clause]) -> str:
    """SHA-256 of the DIMACS text of a CNF: the name a certificate gives it."""
    h = hashlib.sha256(f"p cnf {num_vars} {len(clauses)}\n".encode())
    for clause in clauses:
        h.update((" ".join(map(str, clause)) + " 0\n").encode())
    return h.hexdigest()
