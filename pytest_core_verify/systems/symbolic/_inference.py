"""Recall and inference for one probe, touching only premises reachable from its subject.

Every conclusion is about the probe's subject and is derived left-linearly: a claim already
known about the subject (a premise or an earlier conclusion) is combined with one stored
premise found through the vault's indexes. So the work done grows with the premises reachable
from the probe, never with the size of the vault.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Final

from pytest_core_verify.systems.symbolic._claims import Claim
from pytest_core_verify.systems.symbolic._vault import Premise, Vault

__all__ = ["RULES", "InferenceStep", "ProbeOutcome", "Withheld", "probe"]

#: The named rules, each with the premise pattern it combines.
RULES: Final[dict[str, str]] = {
    "is_transitivity": "X is Y, Y is Z => X is Z",
    "modus_ponens": "X requires Y, Y requires Z => X requires Z",
    "modus_tollens": "X requires Y, Z is not Y => Z is not X",
    "negation_propagation": "X is Y, Y is not Z => X is not Z",
    "precedence_chain": "X precedes Y, Y precedes Z => X precedes Z",
    "presupposition_chain": "X presupposes Y, Y presupposes Z => X presupposes Z",
}

# Chaining rules that extend a positive claim "S r Y" with a stored "Y r' Z".
_FORWARD: Final[dict[tuple[str, str, bool], str]] = {
    ("is", "is", True): "is_transitivity",
    ("is", "is", False): "negation_propagation",
    ("requires", "requires", True): "modus_ponens",
    ("precedes", "precedes", True): "precedence_chain",
    ("presupposes", "presupposes", True): "presupposition_chain",
}


@dataclass(frozen=True)
class InferenceStep:
    """One conclusion: the rule, and the ids of the premises/conclusions it used, in rule order."""

    id: str
    rule: str
    uses: tuple[str, ...]
    conclusion: Claim

    def to_json(self) -> dict[str, object]:
        return {
            "id": self.id,
            "rule": self.rule,
            "uses": list(self.uses),
            "conclusion": self.conclusion.to_json(),
            "text": self.conclusion.text(),
        }


@dataclass(frozen=True)
class Withheld:
    """A derivable claim that is not concluded, and why."""

    claim: Claim
    reason: str

    def to_json(self) -> dict[str, str]:
        return {"text": self.claim.text(), "reason": self.reason}


@dataclass(frozen=True)
class ProbeOutcome:
    recalled: tuple[Premise, ...]
    steps: tuple[InferenceStep, ...]
    contested: tuple[Premise, ...]
    withheld: tuple[Withheld, ...]


def _recall(vault: Vault, subject: str) -> tuple[Premise, ...]:
    # Breadth-first over stored relations; a denial ("X is not Y") does not make Y's premises
    # about X, so only affirmed relations are followed.
    seen_terms = {subject}
    queue = deque([subject])
    recalled: list[Premise] = []
    while queue:
        for premise in vault.about(queue.popleft()):
            recalled.append(premise)
            obj = premise.claim.object
            if premise.claim.positive and obj not in seen_terms:
                seen_terms.add(obj)
                queue.append(obj)
    return tuple(sorted(recalled, key=lambda p: p.seq))


def _candidates(
    vault: Vault, known: Claim, known_id: str
) -> Iterator[tuple[Premise, str, tuple[str, ...], Claim]]:
    """(stored premise, rule, uses, conclusion) for each way to extend ``known`` by one step."""
    subject = known.subject
    if known.positive:
        for premise in vault.about(known.object):
            other = premise.claim
            rule = _FORWARD.get((known.relation, other.relation, other.positive))
            if rule is not None:
                conclusion = Claim(subject, known.relation, other.object, other.polarity)
                yield premise, rule, (known_id, premise.id), conclusion
    elif known.relation == "is":
        # Modus tollens: W requires Y, S is not Y => S is not W.
        for premise in vault.pointing_at(known.object, "requires"):
            if premise.claim.positive:
                conclusion = Claim(subject, "is", premise.claim.subject, "negative")
                yield premise, "modus_tollens", (premise.id, known_id), conclusion


def probe(vault: Vault, subject: str) -> ProbeOutcome:
    """Recall everything reachable from ``subject`` and draw every conclusion about it."""
    recalled = _recall(vault, subject)
    contested: dict[str, Premise] = {p.id: p for p in recalled if vault.is_contested(p.claim)}
    known: dict[Claim, str] = {}
    worklist: list[tuple[Claim, str]] = []
    for premise in vault.about(subject):
        if premise.id not in contested:
            known[premise.claim] = premise.id
            worklist.append((premise.claim, premise.id))
    steps: list[InferenceStep] = []
    index = 0
    while index < len(worklist):
        claim, claim_id = worklist[index]
        index += 1
        for premise, rule, uses, conclusion in _candidates(vault, claim, claim_id):
            if vault.is_contested(premise.claim):
                # Report the whole pair, though only one side matched the rule.
                opposite = vault.contradicts(premise.claim)
                for side in (premise, opposite):
                    if side is not None:
                        contested[side.id] = side
                continue
            # Self-relations ("X is X") say nothing; stored claims are not re-concluded.
            if conclusion.subject == conclusion.object or conclusion in known:
                continue
            if vault.find(conclusion) is not None:
                continue
            step = InferenceStep(f"c{len(steps) + 1}", rule, uses, conclusion)
            steps.append(step)
            known[conclusion] = step.id
            worklist.append((conclusion, step.id))
    kept, withheld = _withhold_conflicts(vault, steps)
    return ProbeOutcome(
        recalled=recalled,
        steps=kept,
        contested=tuple(sorted(contested.values(), key=lambda p: p.seq)),
        withheld=withheld,
    )


def _withhold_conflicts(
    vault: Vault, steps: list[InferenceStep]
) -> tuple[tuple[InferenceStep, ...], tuple[Withheld, ...]]:
    # A derived claim that contradicts a stored premise or another derived claim shows the
    # premises are inconsistent; it is withheld, and so is everything derived from it.
    concluded = {step.conclusion: step.id for step in steps}
    dropped: set[str] = set()
    kept: list[InferenceStep] = []
    withheld: list[Withheld] = []
    for step in steps:
        opposite = step.conclusion.negated()
        stored = vault.find(opposite)
        if stored is not None:
            reason = f"contradicts stored premise {stored.id}: {opposite.text()}"
        elif opposite in concluded:
            reason = f"contradicts the derivable {opposite.text()}"
        elif dropped.intersection(step.uses):
            reason = "rests on a withheld conclusion"
        else:
            kept.append(step)
            continue
        dropped.add(step.id)
        withheld.append(Withheld(step.conclusion, reason))
    return tuple(kept), tuple(withheld)
