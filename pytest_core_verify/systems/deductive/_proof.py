"""An independent checker for DRUP/DRAT refutations: no solver, only unit propagation.

A proof is a list of DIMACS-style lines: ``"l1 l2 ... 0"`` adds a lemma, ``"d l1 ... 0"``
deletes a clause. Each lemma must be RUP (assigning the negation of its literals and unit
propagating over the current clauses reaches a conflict) or, failing that, RAT on its first
literal. The proof refutes the CNF when a checked lemma is the empty clause. Deletions are
honoured as written (which only ever makes the check stricter for RAT and is sound for RUP).

Cost: the assignment that unit propagation forces with no assumption at all (the root) is
kept between lemmas and extended as clauses are added, so a lemma's check propagates only
what its own assumptions add. Without that, every lemma of an n-step implication chain
would propagate the whole chain again (quadratic: 25 s at 16,000 steps). Each root literal
remembers the clause that forced it; deleting such a clause discards the root, which is
then propagated afresh from the clauses left, so a deletion never leaves a literal standing
without an active reason.
"""

from __future__ import annotations

from dataclasses import dataclass, field

__all__ = ["ProofError", "check_refutation", "parse_proof_line"]


class ProofError(ValueError):
    """A proof that does not refute its CNF; the message names the first bad line."""


def parse_proof_line(line: str, num_vars: int) -> tuple[bool, list[int]]:
    """``(is_deletion, literals)`` of one proof line."""
    parts = line.split()
    deletion = bool(parts) and parts[0] == "d"
    if deletion:
        parts = parts[1:]
    if not parts or parts[-1] != "0":
        raise ProofError(f"proof line {line!r} does not end in 0")
    try:
        lits = [int(p) for p in parts[:-1]]
    except ValueError:
        raise ProofError(f"proof line {line!r} holds a non-integer") from None
    for lit in lits:
        if lit == 0 or abs(lit) > num_vars:
            raise ProofError(f"proof line {line!r}: literal {lit} is not a variable of the CNF")
    return deletion, lits


@dataclass
class _Db:
    """The current clauses, their occurrence lists, and the root assignment over them."""

    num_vars: int
    clauses: list[list[int]] = field(default_factory=list)
    active: list[bool] = field(default_factory=list)
    occurs: dict[int, list[int]] = field(default_factory=dict)
    by_key: dict[tuple[int, ...], list[int]] = field(default_factory=dict)
    value: list[int] = field(default_factory=list)  # per variable: 1 true, -1 false, 0 open
    root: list[int] = field(default_factory=list)  # literals true with no assumption
    reason: dict[int, int] = field(default_factory=dict)  # root variable -> forcing clause
    root_conflict: bool = False  # propagation with no assumption already conflicts
    conflict: int = -1  # the clause the root falsifies, when it conflicts
    root_valid: bool = True  # False after a forcing clause was deleted

    def __post_init__(self) -> None:
        self.value = [0] * (self.num_vars + 1)

    def add(self, clause: list[int]) -> None:
        index = len(self.clauses)
        self.clauses.append(clause)
        self.active.append(True)
        for lit in clause:
            self.occurs.setdefault(lit, []).append(index)
        self.by_key.setdefault(tuple(sorted(set(clause))), []).append(index)
        if self.root_valid:
            self._extend_root(index)

    def delete(self, clause: list[int]) -> bool:
        indices = self.by_key.get(tuple(sorted(set(clause))))
        if not indices:
            return False
        index = indices.pop()
        self.active[index] = False
        if index == self.conflict or any(self.reason.get(abs(lit)) == index for lit in clause):
            self.root_valid = False
        return True

    def _extend_root(self, index: int) -> None:
        """Bring the root to its fixpoint again after clause ``index`` was added."""
        status, lit = self._status(index)
        if status == "satisfied" and len(self.clauses[index]) == 1:
            # A unit lemma that repeats a root literal: the unit is the better reason (it
            # depends on no other clause), so deleting the old reason keeps the literal.
            self.reason[abs(lit)] = index
        elif self.root_conflict:
            return  # a conflict stands while its clause and the reasons stay
        elif status == "conflict":
            self.root_conflict, self.conflict = True, index
        elif status == "unit":
            start = len(self.root)
            self._assign_root(lit, index)
            self._root_propagate(start)

    def _root_propagate(self, head: int) -> None:
        found = self._propagate(head, root=True)
        if found >= 0:
            self.root_conflict, self.conflict = True, found

    def _status(self, index: int) -> tuple[str, int]:
        """("satisfied", true literal) | ("unit", open literal) | ("open", 0) | ("conflict", 0)."""
        value = self.value
        open_lit = 0
        for lit in self.clauses[index]:
            v = value[abs(lit)]
            if v == 0:
                if open_lit:
                    return "open", 0
                open_lit = lit
            elif (v > 0) == (lit > 0):
                return "satisfied", lit
        return ("unit", open_lit) if open_lit else ("conflict", 0)

    def _assign_root(self, lit: int, index: int) -> None:
        self.value[abs(lit)] = 1 if lit > 0 else -1
        self.root.append(lit)
        self.reason[abs(lit)] = index

    def rebuild_root(self) -> None:
        """Propagate the root afresh from the active clauses (after a reason was deleted)."""
        for lit in self.root:
            self.value[abs(lit)] = 0
        self.root, self.reason, self.root_valid = [], {}, True
        self.root_conflict, self.conflict = False, -1
        for index, clause in enumerate(self.clauses):
            if not self.active[index]:
                continue
            status, lit = self._status(index)
            if status == "conflict":
                self.root_conflict, self.conflict = True, index
                return
            if status == "unit" and len(clause) == 1:
                self._assign_root(lit, index)
        self._root_propagate(0)

    def _propagate(self, head: int, *, root: bool, trail: list[int] | None = None) -> int:
        """Unit-propagate the literals of the trail from ``head``: the falsified clause, or -1.

        With ``root`` the literals forced join the root (with their reasons); otherwise they
        join ``trail``, which the caller undoes.
        """
        value = self.value
        queue = self.root if root else trail
        assert queue is not None
        while head < len(queue):
            falsified = -queue[head]
            head += 1
            for index in self.occurs.get(falsified, ()):
                if not self.active[index]:
                    continue
                open_lit = 0
                satisfied = False
                for lit in self.clauses[index]:
                    v = value[abs(lit)]
                    if v == 0:
                        if open_lit:
                            open_lit = 0
                            satisfied = True  # two open literals: nothing forced yet
                            break
                        open_lit = lit
                    elif (v > 0) == (lit > 0):
                        satisfied = True
                        break
                if satisfied:
                    continue
                if not open_lit:
                    return index
                value[abs(open_lit)] = 1 if open_lit > 0 else -1
                queue.append(open_lit)
                if root:
                    self.reason[abs(open_lit)] = index
        return -1

    def conflicts(self, assume: list[int]) -> bool:
        """Does assigning ``assume`` (true literals) on top of the root reach a conflict?"""
        if not self.root_valid:
            self.rebuild_root()
        if self.root_conflict:
            return True
        value = self.value
        trail: list[int] = []
        try:
            for lit in assume:
                v = value[abs(lit)]
                want = 1 if lit > 0 else -1
                if v == -want:
                    return True
                if v == 0:
                    value[abs(lit)] = want
                    trail.append(lit)
            return self._propagate(0, root=False, trail=trail) >= 0
        finally:
            for lit in trail:
                value[abs(lit)] = 0


def check_refutation(num_vars: int, clauses: list[list[int]], proof: list[str]) -> None:
    """Raise :class:`ProofError` unless ``proof`` derives the empty clause from ``clauses``."""
    db = _Db(num_vars)
    for clause in clauses:
        for lit in clause:
            if lit == 0 or abs(lit) > num_vars:
                raise ProofError(f"CNF literal {lit} is outside 1..{num_vars}")
        db.add(list(clause))
    for number, line in enumerate(proof, start=1):
        deletion, lits = parse_proof_line(line, num_vars)
        if deletion:
            db.delete(lits)  # deleting a clause that is not there changes nothing
            continue
        if not _implied(db, lits):
            raise ProofError(f"proof line {number} ({line!r}) is neither RUP nor RAT")
        if not lits:
            return
        db.add(lits)
    raise ProofError("the proof never derives the empty clause")


def _tautology(clause: list[int]) -> bool:
    seen = set(clause)
    return any(-lit in seen for lit in clause)


def _implied(db: _Db, lemma: list[int]) -> bool:
    if _tautology(lemma):
        return True
    if db.conflicts([-lit for lit in lemma]):
        return True
    if not lemma:
        return False
    pivot = lemma[0]
    for index in list(db.occurs.get(-pivot, ())):
        if not db.active[index]:
            continue
        resolvent = lemma + [lit for lit in db.clauses[index] if lit != -pivot]
        if _tautology(resolvent):
            continue
        if not db.conflicts([-lit for lit in resolvent]):
            return False
    return True
