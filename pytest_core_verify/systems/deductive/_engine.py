"""``decide``: complete propositional entailment by SAT, with certificates checkable without it.

``entailed`` iff premises ∧ ¬query is unsatisfiable, ``refuted`` iff premises ∧ query is,
and the premises are inconsistent (``refused``) iff they alone are. Every definite answer
carries a DRAT refutation of the named CNF; ``unknown`` carries two models. See
:func:`check_certificate`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Final, Literal

from pytest_core_verify.systems.deductive._cnf import Encoding, cnf_sha256, encode
from pytest_core_verify.systems.deductive._collector import collector_paused
from pytest_core_verify.systems.deductive._proof import ProofError, check_refutation
from pytest_core_verify.systems.deductive._solver import SOLVER_NAME, Solver, refute
from pytest_core_verify.systems.deductive._syntax import (
    Builder,
    FormulaError,
    Node,
    evaluate_all,
    parse_formula,
    reachable,
    render,
)

__all__ = [
    "OUTCOMES",
    "REFUSAL_KINDS",
    "Decision",
    "Outcome",
    "Refusal",
    "RefusalKind",
    "check_certificate",
    "decide",
    "decide_nodes",
]

Outcome = Literal["entailed", "refuted", "unknown", "refused"]
OUTCOMES: Final[tuple[Outcome, ...]] = ("entailed", "refuted", "unknown", "refused")
RefusalKind = Literal["inconsistent", "malformed", "out_of_regime"]
REFUSAL_KINDS: Final[tuple[RefusalKind, ...]] = ("inconsistent", "malformed", "out_of_regime")
Goal = Literal["premises & ~query", "premises & query", "premises"]


@dataclass(frozen=True)
class Refusal:
    """Why there is no answer: which input (``where``), the column when known, the reason."""

    kind: RefusalKind
    where: str
    reason: str
    position: int | None = None

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "where": self.where,
            "position": self.position,
            "reason": self.reason,
        }


@dataclass(frozen=True)
class Decision:
    """The engine's answer. ``to_json()`` is its public, stable JSON form."""

    outcome: Outcome
    premises: tuple[str, ...] = ()  # canonical renderings of the premises read
    query: str | None = None  # canonical rendering of the query
    atoms: tuple[str, ...] = ()
    certificate: dict[str, Any] | None = None
    refusal: Refusal | None = None
    #: For grounded problems: atom -> {"entity", "predicate"}.
    legend: dict[str, dict[str, str]] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {
            "outcome": self.outcome,
            "refusal": None if self.refusal is None else self.refusal.to_json(),
            "formulas": {"premises": list(self.premises), "query": self.query},
            "atoms": list(self.atoms),
            "legend": {k: dict(v) for k, v in sorted(self.legend.items())},
            "certificate": self.certificate,
        }


def refused(kind: RefusalKind, where: str, reason: str, position: int | None = None) -> Decision:
    return Decision("refused", refusal=Refusal(kind, where, reason, position))


def _goal_clauses(enc: Encoding, goal: Goal) -> list[list[int]]:
    if goal == "premises & ~query":
        return [*enc.clauses, [-enc.query]]
    if goal == "premises & query":
        return [*enc.clauses, [enc.query]]
    return list(enc.clauses)


def _refutation(enc: Encoding, goal: Goal) -> dict[str, Any]:
    clauses = _goal_clauses(enc, goal)
    return {
        "kind": "drat",
        "refutes": goal,
        "solver": SOLVER_NAME,
        "cnf": {
            "variables": enc.num_vars,
            "clauses": len(clauses),
            "sha256": cnf_sha256(enc.num_vars, clauses),
        },
        "proof": list(refute(clauses)),
    }


def _project(enc: Encoding, model: frozenset[int]) -> dict[str, bool]:
    return {name: var in model for name, var in sorted(enc.atom_vars.items())}


@collector_paused
def decide_nodes(
    premises: list[Node], query: Node, legend: Mapping[str, Mapping[str, str]] | None = None
) -> Decision:
    """Decide parsed formulas (built with one :class:`Builder`)."""
    enc = encode(premises, query)
    common: dict[str, Any] = {
        "premises": tuple(render(p) for p in premises),
        "query": render(query),
        "atoms": tuple(enc.atom_vars),
        "legend": {k: dict(v) for k, v in (legend or {}).items()},
    }
    with Solver(enc.clauses) as solver:
        fails = solver.model([-enc.query])
        holds = solver.model([enc.query])
    if fails is not None and holds is not None:
        certificate = {
            "kind": "models",
            "holds": _project(enc, holds),
            "fails": _project(enc, fails),
        }
        return Decision("unknown", certificate=certificate, **common)
    if holds is not None:
        return Decision("entailed", certificate=_refutation(enc, "premises & ~query"), **common)
    if fails is not None:
        return Decision("refuted", certificate=_refutation(enc, "premises & query"), **common)
    return Decision(
        "refused",
        certificate=_refutation(enc, "premises"),
        refusal=Refusal(
            "inconsistent",
            "premises",
            "the premises are inconsistent: no assignment makes them all true, so every "
            "query would follow; remove or correct the contradicting premises",
        ),
        **common,
    )


@collector_paused
def decide(premises: Sequence[str], query: str) -> Decision:
    """Decide whether ``premises`` entail, refute or leave open ``query`` (formula strings)."""
    given: Any = premises  # callers from JSON (the CLI, an MCP tool) may pass anything
    if isinstance(given, str) or not isinstance(given, Sequence):
        return refused("malformed", "premises", "premises must be a list of formula strings")
    builder = Builder()
    nodes: list[Node] = []
    for i, text in enumerate(given, start=1):
        if not isinstance(text, str):
            return refused("malformed", f"premise {i}", "a premise must be a string")
        try:
            nodes.append(parse_formula(text, builder))
        except FormulaError as exc:
            return refused(exc.kind, f"premise {i}", exc.reason, exc.position)
    asked: Any = query
    if not isinstance(asked, str):
        return refused("malformed", "query", "the query must be a string")
    try:
        goal = parse_formula(asked, builder)
    except FormulaError as exc:
        return refused(exc.kind, "query", exc.reason, exc.position)
    return decide_nodes(nodes, goal)


_GOALS: Final[dict[str, Goal]] = {
    "entailed": "premises & ~query",
    "refuted": "premises & query",
    "refused": "premises",
}


@collector_paused
def check_certificate(decision: Mapping[str, Any]) -> str | None:
    """Check a decision's certificate without the solver: ``None`` if it holds, else why not.

    The formulas are parsed again from the decision's canonical text and encoded again; a
    DRAT proof must refute exactly that CNF (named by its SHA-256) and be accepted by the
    independent checker in :mod:`._proof`; the two models of ``unknown`` must make every
    premise true and the query true in one, false in the other, by evaluation. A refusal for
    malformed or out-of-regime input has no certificate (and passes when it carries none).
    """
    try:
        return _check(decision)
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        return f"malformed decision: {type(exc).__name__}: {exc}"


def _check(decision: Mapping[str, Any]) -> str | None:
    outcome = decision["outcome"]
    certificate = decision["certificate"]
    refusal = decision.get("refusal")
    if outcome == "refused" and refusal is not None and refusal["kind"] != "inconsistent":
        return None if certificate is None else "a refusal of the input carries a certificate"
    if certificate is None:
        return f"outcome {outcome!r} carries no certificate"
    builder = Builder()
    premises = [parse_formula(t, builder) for t in decision["formulas"]["premises"]]
    query = parse_formula(decision["formulas"]["query"], builder)
    enc = encode(premises, query)
    if outcome == "unknown":
        if certificate.get("kind") != "models":
            return "an unknown outcome needs two models"
        atoms = list(enc.atom_vars)  # every atom of the formulas, sorted
        roots = [*premises, query]
        order = reachable(roots)  # one walk for both models
        for key, want in (("holds", True), ("fails", False)):
            model = certificate[key]
            missing = [a for a in atoms if not isinstance(model.get(a), bool)]
            if missing:
                return f"model {key!r} gives no truth value to {missing[0]!r}"
            *premise_values, query_value = evaluate_all(roots, model, order)
            for i, holds in enumerate(premise_values, start=1):
                if not holds:
                    return f"model {key!r} falsifies premise {i}"
            if query_value is not want:
                return f"the query is not {str(want).lower()} in model {key!r}"
        return None
    goal = _GOALS.get(outcome)
    if goal is None:
        return f"unknown outcome {outcome!r}"
    if certificate.get("kind") != "drat" or certificate.get("refutes") != goal:
        return f"outcome {outcome!r} needs a DRAT refutation of {goal!r}"
    clauses = _goal_clauses(enc, goal)
    if certificate["cnf"]["sha256"] != cnf_sha256(enc.num_vars, clauses):
        return "the certificate's CNF is not the encoding of these formulas"
    try:
        check_refutation(enc.num_vars, clauses, list(certificate["proof"]))
    except ProofError as exc:
        return f"the proof does not check: {exc}"
    return None
