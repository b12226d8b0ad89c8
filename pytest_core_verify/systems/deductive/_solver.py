"""The SAT solver: CaDiCaL 1.9.5 through PySAT (the optional ``sat`` extra), with DRAT proofs.

Only this module imports the solver. Everything it returns is checked elsewhere without it:
refutations by :mod:`._proof`, models by evaluating the formulas. One incremental solver
answers the satisfiability questions under assumptions; a refutation is then produced by a
fresh solver with proof logging on exactly the clauses of the goal, so that the proof stands
on its own.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from pytest_core_verify.systems._extras import ExtraMissing

__all__ = ["SOLVER_NAME", "Solver", "SolverMissing", "refute"]

#: PySAT's name for the solver: CaDiCaL 1.9.5, a CDCL solver that writes DRAT proofs.
SOLVER_NAME: Final = "cadical195"


class SolverMissing(ExtraMissing):
    """PySAT (the ``sat`` extra) is not installed."""


def _solver_class() -> Any:
    try:
        from pysat.solvers import Solver as PySatSolver
    except ImportError as exc:  # pragma: no cover - the test extra installs it
        raise SolverMissing(
            "the deductive engine needs the SAT solver from the optional extra: "
            "pip install 'pytest-core-verify[sat]' (it brings python-sat)"
        ) from exc
    return PySatSolver


class Solver:
    """An incremental solver over fixed clauses; use as a context manager."""

    def __init__(self, clauses: list[list[int]]) -> None:
        self._solver = _solver_class()(name=SOLVER_NAME, bootstrap_with=clauses)

    def __enter__(self) -> Solver:
        return self

    def __exit__(self, *exc: object) -> None:
        self._solver.delete()

    def model(self, assumptions: Sequence[int]) -> frozenset[int] | None:
        """The true variables of a model under ``assumptions``, or None when there is none."""
        if not self._solver.solve(assumptions=list(assumptions)):
            return None
        return frozenset(lit for lit in self._solver.get_model() or [] if lit > 0)


def refute(clauses: list[list[int]]) -> tuple[str, ...]:
    """A DRAT refutation of ``clauses`` (ending with the empty clause ``"0"``)."""
    solver = _solver_class()(name=SOLVER_NAME, bootstrap_with=clauses, with_proof=True)
    try:
        if solver.solve():  # pragma: no cover - only called on clauses known UNSAT
            raise RuntimeError("asked to refute satisfiable clauses")
        return tuple(solver.get_proof() or ())
    finally:
        solver.delete()
