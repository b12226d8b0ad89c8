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

from pytest_core_verify.systems.deductive._syntax import Node, atoms_of, postorder

__all__ = ["Encoding", "cnf_sha256", "encode"]

Clause = list[int]


@dataclass
class Encoding:
    """Premise clauses and gate definitions (``clauses``) and the query's literal."""

    atom_vars: dict[str, int]
    clauses: list[Clause] = field(default_factory=list)
    query: int = 0
    literal: dict[int, int] = field(default_factory=dict)  # id(node) -> literal
    num_vars: int = 0
    true_var: int = 0

    def add(self, clause: Clause) -> None:
        seen = dict.fromkeys(clause)  # order kept: deterministic; a dict, so lookups are O(1)
        if not any(-lit in seen for lit in seen):  # tautologies say nothing
            self.clauses.append(list(seen))

    def const(self, value: bool) -> int:
        if self.true_var == 0:
            self.num_vars += 1
            self.true_var = self.num_vars
            self.add([self.true_var])
        return self.true_var if value else -self.true_var

    def lit(self, node: Node) -> int:
        """The node's literal, defining Tseitin gates for it (and below it) on first use."""
        known = self.literal.get(id(node))
        if known is not None:
            return known
        if node.op == "atom":  # the common case, without a traversal
            assert node.name is not None
            self.literal[id(node)] = self.atom_vars[node.name]
            return self.literal[id(node)]
        for sub in postorder([node]):
            if id(sub) in self.literal:
                continue
            op = sub.op
            if op == "atom":
                assert sub.name is not None
                self.literal[id(sub)] = self.atom_vars[sub.name]
            elif op in ("true", "false"):
                self.literal[id(sub)] = self.const(op == "true")
            elif op == "not":
                # A negation needs no variable of its own: it is the negated literal.
                self.literal[id(sub)] = -self.literal[id(sub.args[0])]
            else:
                self.num_vars += 1
                x = self.num_vars
                self.literal[id(sub)] = x
                a = self.literal[id(sub.args[0])]
                b = self.literal[id(sub.args[1])]
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
        return self.literal[id(node)]

    def assert_formula(self, root: Node) -> None:
        """Add clauses that hold exactly when ``root`` does (given the gate definitions)."""
        conjuncts: list[tuple[Node, bool]] = [(root, True)]
        while conjuncts:
            node, sign = conjuncts.pop()
            op = node.op
            if op == "not":
                conjuncts.append((node.args[0], not sign))
            elif (op == "and" and sign) or (op == "or" and not sign):
                conjuncts += [(node.args[1], sign), (node.args[0], sign)]
            elif op == "implies" and not sign:
                conjuncts += [(node.args[1], False), (node.args[0], True)]
            elif op == "iff":
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
        lits: list[int] = []
        stack = list(reversed(parts))
        while stack:
            node, sign = stack.pop()
            op = node.op
            if op == "not":
                stack.append((node.args[0], not sign))
            elif (op == "or" and sign) or (op == "and" and not sign):
                stack += [(node.args[1], sign), (node.args[0], sign)]
            elif op == "implies" and sign:
                stack += [(node.args[1], True), (node.args[0], False)]
            elif op in ("true", "false"):
                if (op == "true") == sign:
                    return  # a true disjunct: the clause always holds
                # a false disjunct adds nothing
            else:
                lit = self.lit(node)
                lits.append(lit if sign else -lit)
        # An empty clause is written as the negation of the constant-true variable.
        self.add(lits or [-self.const(True)])


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
