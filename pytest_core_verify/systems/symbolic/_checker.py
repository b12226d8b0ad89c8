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
    premises: Sequence[Mapping[str, Any]],
    trace: Sequence[Mapping[str, Any]],
    subject: str | None = None,
) -> list[Rejection]:
    """Re-derive every step of ``trace`` from ``premises`` (the whole vault, as JSON).

    ``subject`` is the probe's subject (the first step's subject when omitted). Besides the
    re-derivation, a step is rejected when its id is not the next of ``c1``, ``c2``, ..., when
    it is about another term, repeats a stored premise or an earlier step, contradicts a stored
    premise or another step, or when the contract withholds it: the checker computes for itself
    which claims about the subject every derivation of which rests on a contradiction, and
    whether the subject's premises deny it ("S is not S").

    Returns one Rejection per step that fails; an empty list means the trace is sound.
    """
    facts: dict[str, _Fact] = {}
    for premise in premises:
        facts[str(premise.get("id"))] = _fact(premise)
    polarities: dict[tuple[str, str, str], set[bool]] = {}
    for s, r, o, pos in facts.values():
        polarities.setdefault((s, r, o), set()).add(pos)
    contested = {pid for pid, f in facts.items() if len(polarities[f[:3]]) == 2}
    stored = {f: pid for pid, f in facts.items()}
    if subject is None and trace:
        try:
            subject = _fact(trace[0].get("conclusion"))[0]
        except ValueError:
            subject = None
    allowed = _Allowed(facts, contested, subject) if subject is not None else None
    claimed_by_step: dict[_Fact, str] = {}
    for step in trace:
        try:
            claimed_by_step.setdefault(_fact(step.get("conclusion")), str(step.get("id")))
        except ValueError:
            continue

    rejections: list[Rejection] = []
    concluded: dict[_Fact, str] = {}
    for position, step in enumerate(trace, 1):
        step_id = str(step.get("id"))
        try:
            reason = _check_step(step, step_id, facts, contested)
            if reason is None:
                reason = _check_contract(
                    _fact(step["conclusion"]), step_id, position, subject, stored, concluded,
                    claimed_by_step, allowed,
                )  # fmt: skip
        except ValueError as exc:
            reason = f"malformed step: {exc}"
        if reason is None:
            conclusion = _fact(step["conclusion"])
            facts[step_id] = conclusion
            concluded[conclusion] = step_id
        else:
            rejections.append(Rejection(step_id, reason))
    return rejections


def _negate(fact: _Fact) -> _Fact:
    return (fact[0], fact[1], fact[2], not fact[3])


def _text(fact: _Fact) -> str:
    negative = {"is": "is not", "requires": "does not require", "precedes": "does not precede"}
    verb = fact[1] if fact[3] else negative.get(fact[1], f"does not {fact[1]}")
    return f"{fact[0]} {verb} {fact[2]}"


def _check_contract(
    conclusion: _Fact,
    step_id: str,
    position: int,
    subject: str | None,
    stored: Mapping[_Fact, str],
    concluded: Mapping[_Fact, str],
    claimed_by_step: Mapping[_Fact, str],
    allowed: _Allowed | None,
) -> str | None:
    if step_id != f"c{position}":
        return f"step ids run c1, c2, ... in order: step {position} must be 'c{position}'"
    if subject is not None and conclusion[0] != subject:
        return f"a conclusion about {conclusion[0]!r}, not the probe's subject {subject!r}"
    if conclusion in stored:
        return f"re-concludes stored premise {stored[conclusion]}"
    if conclusion in concluded:
        return f"the same conclusion as {concluded[conclusion]}"
    opposite = _negate(conclusion)
    if opposite in stored:
        return f"contradicts stored premise {stored[opposite]}: {_text(opposite)}"
    if opposite in claimed_by_step:
        return f"contradicts step {claimed_by_step[opposite]}: {_text(opposite)}"
    if allowed is not None:
        if allowed.self_denied:
            return f"the premises about {subject} deny it ({subject} is not {subject})"
        if conclusion not in allowed.clean:
            return (
                "withheld by the contract: every derivation of it rests on a claim that "
                "contradicts a stored premise or another derivable claim"
            )
    return None


class _Allowed:
    """The claims about one subject that the contract lets a probe conclude, derived naively.

    A fixpoint over pairs: every known claim about the subject is tried, in both argument
    orders, with every usable stored premise and every other known claim, under every rule.
    """

    def __init__(self, facts: Mapping[str, _Fact], contested: set[str], subject: str) -> None:
        self.subject = subject
        usable = [f for pid, f in facts.items() if pid not in contested]
        self.stored = set(facts.values())
        about = [f for f in usable if f[0] == subject]
        full, _ = self._closure(about, usable, blocked=set())
        conflicts = {
            c for c in full - self.stored if _negate(c) in self.stored or _negate(c) in full
        }
        clean, self.self_denied = self._closure(about, usable, blocked=conflicts)
        self.clean = clean - self.stored

    def _closure(
        self, about: list[_Fact], usable: list[_Fact], blocked: set[_Fact]
    ) -> tuple[set[_Fact], bool]:
        by_term: dict[str, list[_Fact]] = {}
        for fact in usable:
            by_term.setdefault(fact[0], []).append(fact)
            by_term.setdefault(fact[2], []).append(fact)
        known = set(about)
        denied = False
        changed = True
        while changed:
            changed = False
            for first in sorted(known):
                for second in [*by_term.get(first[2], ()), *known]:
                    for a, b in ((first, second), (second, first)):
                        for rule in _RULES.values():
                            derived = rule(a, b)
                            if derived is None or derived[0] != self.subject:
                                continue
                            if derived[0] == derived[2]:
                                denied = denied or not derived[3]
                                continue
                            # A stored claim (either side of a contested pair too) is
                            # never drawn, so nothing is chained from it.
                            if (
                                derived not in known
                                and derived not in blocked
                                and derived not in self.stored
                            ):
                                known.add(derived)
                                changed = True
        return known, denied


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
