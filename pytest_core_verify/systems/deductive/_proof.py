"""An independent checker for DRUP/DRAT refutations: no solver, only unit propagation.

A proof is a list of DIMACS-style lines: ``"l1 l2 ... 0"`` adds a lemma, ``"d l1 ... 0"``
deletes a clause. Each lemma must be RUP (assigning the negation of its literals and unit
propagating over the current clauses reaches a conflict) or, failing that, RAT on its first
literal. The proof refutes the CNF when a checked lemma is the empty clause. Deletions are
honoured as written (which only ever makes the check stricter for RAT and is sound for RUP).
"""

from __future__ import annotations

from dataclasses import dataclass

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
    clauses: list[list[int]]
    active: list[bool]
    occurs: dict[int, list[int]]
    by_key: dict[tuple[int, ...], list[int]]
    units: list[int]

    def add(self, clause: list[int]) -> None:
        index = len(self.clauses)
        self.clauses.append(clause)
        self.active.append(True)
        for lit in clause:
            self.occurs.setdefault(lit, []).append(index)
        self.by_key.setdefault(tuple(sorted(set(clause))), []).append(index)
        if len(clause) == 1:
            self.units.append(index)

    def delete(self, clause: list[int]) -> bool:
        indices = self.by_key.get(tuple(sorted(set(clause))))
        if not indices:
            return False
        self.active[indices.pop()] = False
        return True


def _conflicts(db: _Db, value: list[int], assume: list[int]) -> bool:
    """Does assigning ``assume`` (true literals) and unit propagating reach a conflict?"""
    trail: list[int] = []

    def assign(lit: int) -> bool:  # False on conflict
        v = value[abs(lit)]
        want = 1 if lit > 0 else -1
        if v == want:
            return True
        if v == -want:
            return False
        value[abs(lit)] = want
        trail.append(lit)
        return True

    try:
        for lit in assume:
            if not assign(lit):
                return True
        # Unit clauses propagate without a falsified literal to trigger them.
        for index in db.units:
            if db.active[index] and not assign(db.clauses[index][0]):
                return True
        head = 0
        while head < len(trail):
            falsified = -trail[head]
            head += 1
            for index in db.occurs.get(falsified, ()):
                if not db.active[index]:
                    continue
                unassigned = 0
                last = 0
                satisfied = False
                for lit in db.clauses[index]:
                    v = value[abs(lit)]
                    if v == 0:
                        unassigned += 1
                        last = lit
                        if unassigned > 1:
                            break
                    elif (v > 0) == (lit > 0):
                        satisfied = True
                        break
                if satisfied or unassigned > 1:
                    continue
                if unassigned == 0:
                    return True
                assign(last)
        return False
    finally:
        for lit in trail:
            value[abs(lit)] = 0


def check_refutation(num_vars: int, clauses: list[list[int]], proof: list[str]) -> None:
    """Raise :class:`ProofError` unless ``proof`` derives the empty clause from ``clauses``."""
    db = _Db([], [], {}, {}, [])
    for clause in clauses:
        for lit in clause:
            if lit == 0 or abs(lit) > num_vars:
                raise ProofError(f"CNF literal {lit} is outside 1..{num_vars}")
        db.add(list(clause))
    value = [0] * (num_vars + 1)
    for number, line in enumerate(proof, start=1):
        deletion, lits = parse_proof_line(line, num_vars)
        if deletion:
            db.delete(lits)  # deleting a clause that is not there changes nothing
            continue
        if not _implied(db, value, lits):
            raise ProofError(f"proof line {number} ({line!r}) is neither RUP nor RAT")
        if not lits:
            return
        db.add(lits)
    raise ProofError("the proof never derives the empty clause")


def _implied(db: _Db, value: list[int], lemma: list[int]) -> bool:
    if any(-lit in lemma for lit in lemma):
        return True  # a tautology
    if _conflicts(db, value, [-lit for lit in lemma]):
        return True
    if not lemma:
        return False
    pivot = lemma[0]
    for index in list(db.occurs.get(-pivot, ())):
        if not db.active[index]:
            continue
        resolvent = lemma + [lit for lit in db.clauses[index] if lit != -pivot]
        if any(-lit in resolvent for lit in resolvent):
            continue
        if not _conflicts(db, value, [-lit for lit in resolvent]):
            return False
    return True
