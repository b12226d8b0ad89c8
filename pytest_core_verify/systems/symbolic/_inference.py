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

__all__ = ["RULES", "InferenceStep", "ProbeOutcome", "Withheld", "probe", "proof_of"]

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
    #: When the subject's premises deny it: the proof of "S is not S" (steps d1, d2, ...).
    inconsistent: tuple[InferenceStep, ...] = ()


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


@dataclass
class _Closure:
    """Every claim derivable about one subject, with the first derivation found for each."""

    known: dict[Claim, str]  # claim -> premise id or step id
    steps: list[InferenceStep]
    contested: dict[str, Premise]
    self_denial: InferenceStep | None


def _close(
    vault: Vault, subject: str, usable: list[Premise], blocked: frozenset[Claim]
) -> _Closure:
    """Chain from ``usable`` premises about ``subject``; a claim in ``blocked`` is never drawn.

    Derivations are explored breadth-first, so the first derivation kept for a claim is a
    shortest one; the set of claims drawn does not depend on the order premises were taught.
    """
    contested: dict[str, Premise] = {}
    known: dict[Claim, str] = {}
    worklist: list[tuple[Claim, str]] = []
    for premise in usable:
        known[premise.claim] = premise.id
        worklist.append((premise.claim, premise.id))
    steps: list[InferenceStep] = []
    self_denial: InferenceStep | None = None
    denial = Claim(subject, "is", subject, "negative")
    index = 0
    while index < len(worklist):
        claim, claim_id = worklist[index]
        index += 1
        found: list[tuple[Premise | None, str, tuple[str, ...], Claim]] = list(
            _candidates(vault, claim, claim_id)
        )
        # "S requires Y" with "S is not Y" (either drawn here) denies S itself: modus tollens
        # with S for W. A stored "S requires Y" is met through the vault index above already.
        if claim.relation == "requires" and claim.positive and claim_id.startswith("c"):
            opposite_id = known.get(Claim(subject, "is", claim.object, "negative"))
            if opposite_id is not None:
                found.append((None, "modus_tollens", (claim_id, opposite_id), denial))
        elif claim.relation == "is" and not claim.positive:
            required = Claim(subject, "requires", claim.object)
            required_id = known.get(required)
            if required_id is not None and required_id.startswith("c"):
                found.append((None, "modus_tollens", (required_id, claim_id), denial))
        for used, rule, uses, conclusion in found:
            if used is not None and vault.is_contested(used.claim):
                # Report the whole pair, though only one side matched the rule.
                opposite = vault.contradicts(used.claim)
                for side in (used, opposite):
                    if side is not None:
                        contested[side.id] = side
                continue
            if conclusion == denial:
                if self_denial is None:
                    self_denial = InferenceStep("", rule, uses, conclusion)
                continue
            # Self-relations ("X is X") say nothing; stored claims are not re-concluded.
            if conclusion.subject == conclusion.object or conclusion in known:
                continue
            if conclusion in blocked or vault.find(conclusion) is not None:
                continue
            step = InferenceStep(f"c{len(steps) + 1}", rule, uses, conclusion)
            steps.append(step)
            known[conclusion] = step.id
            worklist.append((conclusion, step.id))
    return _Closure(known, steps, contested, self_denial)


def probe(vault: Vault, subject: str) -> ProbeOutcome:
    """Recall everything reachable from ``subject`` and draw every conclusion about it.

    The withholding rule: a derivable claim that contradicts a stored premise or another
    derivable claim is withheld; any other derivable claim is withheld only when *every*
    derivation of it rests on a withheld claim. When the claims that remain deny the subject
    itself ("S is not S"), the subject's premises are inconsistent and nothing is concluded.
    """
    recalled = _recall(vault, subject)
    contested: dict[str, Premise] = {p.id: p for p in recalled if vault.is_contested(p.claim)}
    usable = [p for p in vault.about(subject) if p.id not in contested]
    full = _close(vault, subject, usable, frozenset())
    conflicts: dict[Claim, str] = {}
    for step in full.steps:
        opposite = step.conclusion.negated()
        stored = vault.find(opposite)
        if stored is not None:
            conflicts[step.conclusion] = (
                f"contradicts stored premise {stored.id}: {opposite.text()}"
            )
        elif opposite in full.known:
            conflicts[step.conclusion] = f"contradicts the derivable {opposite.text()}"
    clean = full if not conflicts else _close(vault, subject, usable, frozenset(conflicts))
    contested.update(full.contested)
    withheld: list[Withheld] = []
    kept: tuple[InferenceStep, ...] = tuple(clean.steps)
    inconsistent: tuple[InferenceStep, ...] = ()
    if clean.self_denial is not None:
        inconsistent = _proof(clean.steps, clean.self_denial, "d")
        reason = f"the premises about {subject} are inconsistent: {subject} is not {subject}"
        kept = ()
        withheld = [Withheld(step.conclusion, reason) for step in full.steps]
    else:
        for step in full.steps:
            if step.conclusion in conflicts:
                withheld.append(Withheld(step.conclusion, conflicts[step.conclusion]))
            elif step.conclusion not in clean.known:
                withheld.append(
                    Withheld(step.conclusion, "every derivation rests on a withheld claim")
                )
    return ProbeOutcome(
        recalled=recalled,
        steps=kept,
        contested=tuple(sorted(contested.values(), key=lambda p: p.seq)),
        withheld=tuple(withheld),
        inconsistent=inconsistent,
    )


def proof_of(steps: tuple[InferenceStep, ...] | list[InferenceStep], goal: str) -> list[str]:
    """Ids of the steps that step ``goal`` rests on, and ``goal`` itself, in trace order."""
    by_id = {step.id: step for step in steps}
    needed: set[str] = set()
    stack = [goal]
    while stack:
        current = stack.pop()
        if current in by_id and current not in needed:
            needed.add(current)
            stack.extend(by_id[current].uses)
    return [step.id for step in steps if step.id in needed]


def _proof(
    steps: list[InferenceStep], last: InferenceStep, prefix: str
) -> tuple[InferenceStep, ...]:
    """``last`` with the steps it rests on, renumbered ``<prefix>1``, ``<prefix>2``, ..."""
    wanted = set(
        proof_of([*steps, InferenceStep("goal", last.rule, last.uses, last.conclusion)], "goal")
    )
    chosen = [step for step in steps if step.id in wanted]
    chosen.append(InferenceStep("goal", last.rule, last.uses, last.conclusion))
    renamed = {step.id: f"{prefix}{n}" for n, step in enumerate(chosen, 1)}
    return tuple(
        InferenceStep(
            renamed[step.id],
            step.rule,
            tuple(renamed.get(u, u) for u in step.uses),
            step.conclusion,
        )
        for step in chosen
    )
