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

from operator import neg

from pytest_core_verify.systems.deductive._collector import collector_paused

__all__ = ["ProofError", "check_refutation", "parse_proof_line"]


class ProofError(ValueError):
    """A proof that does not refute its CNF; the message names the first bad line."""


def parse_proof_line(line: str, num_vars: int) -> tuple[bool, list[int]]:
    """``(is_deletion, literals)`` of one proof line."""
    parts = line.split()
    deletion = bool(parts) and parts[0] == "d"
    if deletion:
        del parts[0]
    if not parts or parts.pop() != "0":
        raise ProofError(f"proof line {line!r} does not end in 0")
    try:
        lits = list(map(int, parts))
    except ValueError:
        raise ProofError(f"proof line {line!r} holds a non-integer") from None
    # One test over the whole line in C; the slow search only names the bad literal.
    if lits and (0 in lits or max(lits) > num_vars or min(lits) < -num_vars):
        bad = next(lit for lit in lits if lit == 0 or abs(lit) > num_vars)
        raise ProofError(f"proof line {line!r}: literal {bad} is not a variable of the CNF")
    return deletion, lits


def _key(clause: list[int]) -> int | tuple[int, int] | frozenset[int]:
    """A clause's literal set, as a deletion names it, in a form cheap to make and hash: the
    literal itself for one literal, the sorted pair for two (most clauses and lemmas), the
    set for more. A literal written twice counts once, so the form depends on the set only."""
    if len(clause) == 1:
        return clause[0]
    if len(clause) == 2:
        a, b = clause
        return (a, b) if a < b else (b, a) if b < a else a
    key = frozenset(clause)
    if len(key) > 2 or not key:
        return key
    return _key(sorted(key))


class _Db:
    """The current clauses, their occurrence lists, and the root assignment over them.

    Lists indexed by literal serve both signs through Python's negative indices: a list of
    ``2 * num_vars + 1`` entries puts ``-v`` at ``2 * num_vars + 1 - v``, past every
    positive ``v``. ``value[lit]`` is 1 when ``lit`` is true, -1 when false, 0 when open:
    one index per literal test, where a value per variable needs an ``abs`` and a sign.
    """

    def __init__(self, num_vars: int) -> None:
        self.clauses: list[list[int]] = []
        self.active: list[bool] = []
        self.occurs: list[list[int]] = [[] for _ in range(2 * num_vars + 1)]
        # The clauses under each literal set, newest last (a deletion takes the newest).
        self.by_key: dict[int | tuple[int, int] | frozenset[int], list[int]] = {}
        self.value = [0] * (2 * num_vars + 1)
        self.root: list[int] = []  # literals true with no assumption
        self.reason = [-1] * (num_vars + 1)  # per root variable: the clause that forced it
        self.root_conflict = False  # propagation with no assumption already conflicts
        self.conflict = -1  # the clause the root falsifies, when it conflicts
        self.root_valid = True  # False after a forcing clause was deleted

    def add(self, clause: list[int]) -> None:
        index = len(self.clauses)
        self.clauses.append(clause)
        self.active.append(True)
        occurs = self.occurs
        for lit in clause:
            occurs[lit].append(index)
        key = _key(clause)
        same = self.by_key.get(key)
        if same is None:
            self.by_key[key] = [index]
        else:
            same.append(index)
        if not self.root_valid:
            return
        # Bring the root to its fixpoint again (what _status tells, read inline: this runs
        # once per clause and lemma).
        value = self.value
        open_lit = 0
        for lit in clause:
            v = value[lit]
            if v > 0:
                if len(clause) == 1:
                    # A unit lemma that repeats a root literal: the unit is the better reason
                    # (it depends on no other clause), so deleting the old one keeps the literal.
                    self.reason[abs(lit)] = index
                return
            if v == 0:
                if open_lit:
                    return  # two open literals: nothing forced
                open_lit = lit
        if self.root_conflict:
            return  # a conflict stands while its clause and the reasons stay
        if open_lit:
            value[open_lit] = 1
            value[-open_lit] = -1
            self.root.append(open_lit)
            self.reason[abs(open_lit)] = index
            self._root_propagate(len(self.root) - 1)
        else:
            self.root_conflict, self.conflict = True, index

    def delete(self, clause: list[int]) -> bool:
        indices = self.by_key.get(_key(clause))
        if not indices:
            return False
        index = indices.pop()
        self.active[index] = False
        if index == self.conflict:
            self.root_valid = False
        else:
            reason = self.reason
            for lit in clause:
                if reason[abs(lit)] == index:
                    self.root_valid = False
                    break
        return True

    def _root_propagate(self, head: int) -> None:
        found = self._propagate(self.root, head, root=True)
        if found >= 0:
            self.root_conflict, self.conflict = True, found

    def _status(self, index: int) -> tuple[str, int]:
        """("satisfied", true literal) | ("unit", open literal) | ("open", 0) | ("conflict", 0)."""
        value = self.value
        open_lit = 0
        for lit in self.clauses[index]:
            v = value[lit]
            if v == 0:
                if open_lit:
                    return "open", 0
                open_lit = lit
            elif v > 0:
                return "satisfied", lit
        return ("unit", open_lit) if open_lit else ("conflict", 0)

    def _assign_root(self, lit: int, index: int) -> None:
        self.value[lit] = 1
        self.value[-lit] = -1
        self.root.append(lit)
        self.reason[abs(lit)] = index

    def rebuild_root(self) -> None:
        """Propagate the root afresh from the active clauses (after a reason was deleted)."""
        value, reason = self.value, self.reason
        for lit in self.root:
            value[lit] = value[-lit] = 0
            reason[abs(lit)] = -1
        self.root, self.root_valid = [], True
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

    def _propagate(self, queue: list[int], head: int, *, root: bool) -> int:
        """Unit-propagate the literals of ``queue`` from ``head``: the falsified clause, or -1.

        The literals forced are appended to ``queue``: the root's (with their reasons, when
        ``root``) or an assumption's trail, which the caller undoes.
        """
        value, occurs, clauses, active, reason = (
            self.value,
            self.occurs,
            self.clauses,
            self.active,
            self.reason,
        )
        while head < len(queue):
            falsified = -queue[head]
            head += 1
            for index in occurs[falsified]:
                if not active[index]:
                    continue
                open_lit = 0
                for lit in clauses[index]:
                    v = value[lit]
                    if v > 0:
                        break  # satisfied
                    if v == 0:
                        if open_lit:
                            break  # two open literals: nothing forced yet
                        open_lit = lit
                else:
                    if not open_lit:
                        return index
                    value[open_lit] = 1
                    value[-open_lit] = -1
                    queue.append(open_lit)
                    if root:
                        reason[abs(open_lit)] = index
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
                v = value[lit]
                if v < 0:
                    return True
                if v == 0:
                    value[lit] = 1
                    value[-lit] = -1
                    trail.append(lit)
            return self._propagate(trail, 0, root=False) >= 0
        finally:
            for lit in trail:
                value[lit] = value[-lit] = 0


@collector_paused
def check_refutation(num_vars: int, clauses: list[list[int]], proof: list[str]) -> None:
    """Raise :class:`ProofError` unless ``proof`` derives the empty clause from ``clauses``."""
    db = _Db(num_vars)
    for clause in clauses:
        if clause and (0 in clause or max(clause) > num_vars or min(clause) < -num_vars):
            bad = next(lit for lit in clause if lit == 0 or abs(lit) > num_vars)
            raise ProofError(f"CNF literal {bad} is outside 1..{num_vars}")
        db.add(clause)  # not copied: the checker never changes a clause
    value = db.value
    for number, line in enumerate(proof, start=1):
        deletion, lits = parse_proof_line(line, num_vars)
        if deletion:
            db.delete(lits)  # deleting a clause that is not there changes nothing
            continue
        if db.root_valid and (db.root_conflict or (len(lits) == 1 and value[lits[0]] > 0)):
            # RUP at once, without a propagation call: the root conflicts by itself, or the
            # lemma is a unit the root makes true (its negation conflicts).
            pass
        elif not _implied(db, lits):
            raise ProofError(f"proof line {number} ({line!r}) is neither RUP nor RAT")
        if not lits:
            return
        db.add(lits)
    raise ProofError("the proof never derives the empty clause")


def _tautology(clause: list[int]) -> bool:
    return not set(clause).isdisjoint(map(neg, clause))


def _implied(db: _Db, lemma: list[int]) -> bool:
    if len(lemma) == 1:  # most lemmas: no tautology to test
        if db.conflicts([-lemma[0]]):
            return True
    elif _tautology(lemma) or db.conflicts(list(map(neg, lemma))):
        return True
    if not lemma:
        return False
    pivot = lemma[0]
    for index in list(db.occurs[-pivot]):
        if not db.active[index]:
            continue
        resolvent = lemma + [lit for lit in db.clauses[index] if lit != -pivot]
        if _tautology(resolvent):
            continue
        if not db.conflicts(list(map(neg, resolvent))):
            return False
    return True
