"""The SAT solver: CaDiCaL 1.9.5 through PySAT (the optional ``sat`` extra), with DRAT proofs.

Only this module imports the solver. Everything it returns is checked elsewhere without it:
refutations by :mod:`._proof`, models by evaluating the formulas.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

__all__ = ["SOLVER_NAME", "SatResult", "SolverMissing", "solve"]

#: PySAT's name for the solver: CaDiCaL 1.9.5, a CDCL solver that writes DRAT proofs.
SOLVER_NAME: Final = "cadical195"


class SolverMissing(RuntimeError):
    """PySAT is not installed."""


@dataclass(frozen=True)
class SatResult:
    satisfiable: bool
    model: frozenset[int]  # the true variables, when satisfiable
    proof: tuple[str, ...]  # DRAT lines ending with "0" (the empty clause), when not


def _solver_class() -> Any:
    try:
        from pysat.solvers import Solver
    except ImportError as exc:  # pragma: no cover - the test extra installs it
        raise SolverMissing(
            "the deductive engine needs the SAT solver from the optional extra: "
            "pip install 'pytest-core-verify[sat]' (it brings python-sat)"
        ) from exc
    return Solver


def solve(clauses: list[list[int]]) -> SatResult:
    """Solve ``clauses`` with a fresh solver; a refutation comes with its DRAT proof."""
    solver = _solver_class()(name=SOLVER_NAME, bootstrap_with=clauses, with_proof=True)
    try:
        if solver.solve():
            model = solver.get_model() or []
            return SatResult(True, frozenset(lit for lit in model if lit > 0), ())
        proof = tuple(solver.get_proof() or ())
        return SatResult(False, frozenset(), proof)
    finally:
        solver.delete()
