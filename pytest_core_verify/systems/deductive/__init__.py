"""A complete propositional entailment engine: the system under test of ``deductive_logic``.

``decide(premises, query)`` answers ``entailed``, ``refuted``, ``unknown`` or ``refused``
using a CDCL SAT solver (CaDiCaL via PySAT, the optional ``sat`` extra) on a Tseitin
encoding. Every answer carries a certificate that :func:`check_certificate` checks without
the solver: a DRAT refutation for ``entailed``/``refuted``/inconsistent premises, two models
for ``unknown``. ``decide_problem`` grounds finite-entity problems; ``decide_english`` reads
English premises with the symbolic reader. ``Decision.to_json()`` is the public JSON form.
No pytest import, no globals, no clock.
"""

from pytest_core_verify.systems.deductive._engine import (
    OUTCOMES,
    REFUSAL_KINDS,
    Decision,
    Outcome,
    Refusal,
    RefusalKind,
    check_certificate,
    decide,
)
from pytest_core_verify.systems.deductive._ground import (
    MAX_GROUND_INSTANCES,
    decide_english,
    decide_problem,
)
from pytest_core_verify.systems.deductive._proof import ProofError, check_refutation
from pytest_core_verify.systems.deductive._solver import SOLVER_NAME, SolverMissing
from pytest_core_verify.systems.deductive._syntax import FormulaError, parse_formula, render

__all__ = [
    "MAX_GROUND_INSTANCES",
    "OUTCOMES",
    "REFUSAL_KINDS",
    "SOLVER_NAME",
    "Decision",
    "FormulaError",
    "Outcome",
    "ProofError",
    "Refusal",
    "RefusalKind",
    "SolverMissing",
    "check_certificate",
    "check_refutation",
    "decide",
    "decide_english",
    "decide_problem",
    "parse_formula",
    "render",
]
