"""An independent soundness checker for inference traces.

It shares no code with the engine: it reads the JSON form of the stored premises and of the
trace, works out for itself which premises are contested, and re-derives every step from the
rule's premise pattern. Anything it cannot re-derive exactly is rejected with a reason.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

__all__ = ["Rejection", "check_trace"]

# (subject, relation, object, positive)
_Fact = tuple[str, str, str, bool]


def _chain(relation: str, second_positive: bool) -> Callable[[_Fact, _Fact], _Fact | None]:
    """A rule "A rel B, B rel C => A rel C" (or, for a negative second premise, "A rel not C")."""

    def derive(first: _Fact, second: _Fact) -> _Fact | None:
        a, rel1, b, pos1 = first
        b2, rel2, c, pos2 = second
        if (rel1, pos1, rel2, pos2) == (relation, True, relation, second_positive) and b == b2:
            return (a, relation, c, second_positive)
        return None

    return derive


def _modus_tollens(first: _Fact, second: _Fact) -> _Fact | None:
    # X requires Y, Z is not Y => Z is not X
    x, rel1, y, pos1 = first
    z, rel2, y2, pos2 = second
    if (rel1, pos1, rel2, pos2) == ("requires", True, "is", False) and y == y2:
        return (z, "is", x, False)
    return None


_RULES: Final[dict[str, Callable[[_Fact, _Fact], _Fact | None]]] = {
    "is_transitivity": _chain("is", True),
    "negation_propagation": _chain("is", False),
    "modus_ponens": _chain("requires", True),
    "precedence_chain": _chain("precedes", True),
    "presupposition_chain": _chain("presupposes", True),
    "modus_tollens": _modus_tollens,
}


@dataclass(frozen=True)
class Rejection:
    """A trace step the checker could not re-derive."""

    step: str
    reason: str

    def to_json(self) -> dict[str, str]:
        return {"step": self.step, "reason": self.reason}


def _fact(obj: Any) -> _Fact:
    if not isinstance(obj, Mapping):
        raise ValueError("not an object")
    subject, relation, obj_, polarity = (
        obj.get(name) for name in ("subject", "relation", "object", "polarity")
    )
    if not (isinstance(subject, str) and isinstance(relation, str) and isinstance(obj_, str)):
        raise ValueError("needs string subject, relation and object")
    if polarity not in ("positive", "negative"):
        raise ValueError(f"polarity must be positive or negative, got {polarity!r}")
    return (subject, relation, obj_, polarity == "positive")


def check_trace(
    premises: Sequence[Mapping[str, Any]], trace: Sequence[Mapping[str, Any]]
) -> list[Rejection]:
    """Re-derive every step of ``trace`` from ``premises`` (the whole vault, as JSON).

    Returns one Rejection per step that fails; an empty list means the trace is sound.
    """
    facts: dict[str, _Fact] = {}
    for premise in premises:
        facts[str(premise.get("id"))] = _fact(premise)
    polarities: dict[tuple[str, str, str], set[bool]] = {}
    for s, r, o, pos in facts.values():
        polarities.setdefault((s, r, o), set()).add(pos)
    contested = {pid for pid, f in facts.items() if len(polarities[f[:3]]) == 2}

    rejections: list[Rejection] = []
    for step in trace:
        step_id = str(step.get("id"))
        try:
            reason = _check_step(step, step_id, facts, contested)
        except ValueError as exc:
            reason = f"malformed step: {exc}"
        if reason is None:
            facts[step_id] = _fact(step["conclusion"])
        else:
            rejections.append(Rejection(step_id, reason))
    return rejections


def _check_step(
    step: Mapping[str, Any], step_id: str, facts: Mapping[str, _Fact], contested: set[str]
) -> str | None:
    if step_id in facts:
        return f"id {step_id!r} is already taken"
    rule = _RULES.get(str(step.get("rule")))
    if rule is None:
        return f"unknown rule {step.get('rule')!r}"
    uses = step.get("uses")
    if not isinstance(uses, list) or len(uses) != 2:
        return "a rule uses exactly two earlier facts"
    for used in uses:
        if used not in facts:
            return f"uses {used!r}, which is neither a premise nor an earlier accepted step"
        if used in contested:
            return f"rests on contested premise {used!r}"
    derived = rule(facts[uses[0]], facts[uses[1]])
    if derived is None:
        return f"{uses[0]} and {uses[1]} do not match the pattern of {step.get('rule')}"
    claimed = _fact(step.get("conclusion"))
    if derived != claimed:
        return f"the rule yields {derived}, the step claims {claimed}"
    if derived[0] == derived[2]:
        return "a conclusion relating a term to itself"
    return None
