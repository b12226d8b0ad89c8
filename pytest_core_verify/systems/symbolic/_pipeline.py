"""The teaching pipeline: one utterance in, one turn result out.

State lives on the instance only (vault, proposals, the open question), so every run starts
from a fresh pipeline. The only clock is ``SOURCE_DATE_EPOCH``, read when a proposal is made.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from datetime import datetime, timezone
from typing import Any, Literal

from pytest_core_verify.systems.symbolic._canon import sha256_hex
from pytest_core_verify.systems.symbolic._claims import Claim
from pytest_core_verify.systems.symbolic._inference import ProbeOutcome, Reasoner, proof_of
from pytest_core_verify.systems.symbolic._parse import (
    Intent,
    ParsedUtterance,
    RefusalReason,
    parse_utterance,
)
from pytest_core_verify.systems.symbolic._vault import Premise, Vault

__all__ = [
    "NoProposalReason",
    "PackMutationProposal",
    "TeachingPipeline",
    "TurnResult",
    "source_date_epoch",
]

NoProposalReason = Literal["no_prior_question", "unparseable", "duplicate"]


def source_date_epoch(environ: dict[str, str] | None = None) -> int:
    """Seconds from ``SOURCE_DATE_EPOCH`` (0 when unset); never the wall clock."""
    raw = (os.environ if environ is None else environ).get("SOURCE_DATE_EPOCH")
    if raw is None or raw.strip() == "":
        return 0
    try:
        value = int(raw.strip())
    except ValueError:
        raise ValueError(
            f"SOURCE_DATE_EPOCH must be a whole number of seconds, got {raw!r}"
        ) from None
    if value < 0:
        raise ValueError(f"SOURCE_DATE_EPOCH must not be negative, got {raw!r}")
    return value


@dataclass(frozen=True)
class PackMutationProposal:
    """A reviewed correction, proposed for the knowledge pack."""

    id: str
    premise_id: str
    claim: Claim
    source_turn: int
    question_turn: int
    source_date_epoch: int

    @property
    def datestamp(self) -> str:
        # Explicit UTC: the time zone of the process must not change the stamp.
        moment = datetime.fromtimestamp(self.source_date_epoch, tz=timezone.utc)
        return moment.strftime("%Y-%m-%dT%H:%M:%SZ")

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "premise_id": self.premise_id,
            **self.claim.to_json(),
            "text": self.claim.text(),
            "source_turn": self.source_turn,
            "question_turn": self.question_turn,
            "datestamp": self.datestamp,
            "source_date_epoch": self.source_date_epoch,
        }


@dataclass(frozen=True)
class TurnResult:
    """What one turn did. ``to_json`` is the canonical, hashable form."""

    turn: int
    utterance: str
    intent: Intent
    surface: str
    vault_hits: int = 0
    recalled: tuple[str, ...] = ()
    pack_mutation_proposal: PackMutationProposal | None = None
    no_proposal_reason: NoProposalReason | None = None
    detail: str | None = None
    topic: str | None = None
    inference: dict[str, Any] | None = None
    refusal: RefusalReason | None = None  # the named reason an utterance was not read
    answer: dict[str, Any] | None = None  # for "Is X a Y?": yes / no / not known, with proof
    trace_hash: str = field(default="", compare=False)
    # Chained digests of the inference trace and of the recalled ids: for an answered
    # question the hash takes them instead of the lists, which grow with the vault.
    trace_digest: str | None = field(default=None, compare=False, repr=False)
    recalled_digest: str | None = field(default=None, compare=False, repr=False)

    def state(self) -> dict[str, Any]:
        proposal = self.pack_mutation_proposal
        return {
            "turn": self.turn,
            "utterance": self.utterance,
            "intent": self.intent,
            "surface": self.surface,
            "topic": self.topic,
            "vault_hits": self.vault_hits,
            "recalled": list(self.recalled),
            "pack_mutation_proposal": None if proposal is None else proposal.to_json(),
            "no_proposal_reason": self.no_proposal_reason,
            "detail": self.detail,
            "refusal": self.refusal,
            "inference": self.inference,
            "answer": self.answer,
        }

    def hashed_state(self) -> dict[str, Any]:
        """What ``trace_hash`` covers: ``state()``, but for an answered question the recalled
        ids and the inference trace enter as chained digests (kept up to date as they grow)
        and the conclusions and surface, rendered from those, by their length. So hashing a
        probe costs the same however much it recalls and concludes."""
        state = self.state()
        if self.inference is not None and self.trace_digest is not None:
            inference = dict(self.inference)
            inference["conclusions"] = len(inference["conclusions"])
            inference["inference_trace"] = self.trace_digest
            state["inference"] = inference
            state["recalled"] = self.recalled_digest
            state["surface"] = len(self.surface)
        return state

    def to_json(self) -> dict[str, Any]:
        return {**self.state(), "trace_hash": self.trace_hash}


class TeachingPipeline:
    """Questions probe the vault; corrections after a question teach it.

    ``source_date_epoch`` pins the proposal datestamp; when omitted, the environment's
    ``SOURCE_DATE_EPOCH`` is read at the moment each proposal is made.
    """

    def __init__(self, *, source_date_epoch: int | None = None) -> None:
        self.vault = Vault()
        self._reasoner = Reasoner(self.vault)
        self._proposals: list[PackMutationProposal] = []
        self._epoch = source_date_epoch
        self._turn = 0
        self._open_question: int | None = None
        # The words of every stored term: the reader need not find them in its lexicon again
        # ("a mammal is a chordate" taught, "What is chordate?" is read).
        self._known_words: set[str] = set()

    @property
    def proposals(self) -> tuple[PackMutationProposal, ...]:
        return tuple(self._proposals)

    def turn(self, utterance: str) -> TurnResult:
        """Process one utterance."""
        if not isinstance(utterance, str):
            raise TypeError(f"an utterance is a str, got {type(utterance).__name__}")
        self._turn += 1
        parsed = parse_utterance(utterance, known=self._known_words)
        if parsed.intent == "question":
            if parsed.topic is None:
                result = TurnResult(
                    self._turn,
                    utterance,
                    "question",
                    f"I cannot read that question ({parsed.reason}): {parsed.error}.",
                    detail=parsed.error,
                    refusal=parsed.reason,
                )
            else:
                self._open_question = self._turn
                result = self._answer(utterance, parsed.topic, parsed.asked)
        elif parsed.intent == "correction":
            result = self._correct(utterance, parsed)
        elif parsed.intent == "statement":
            assert parsed.claim is not None
            result = TurnResult(
                self._turn,
                utterance,
                "statement",
                f"Heard: {parsed.claim.text()}. Only a correction to a question is stored.",
            )
        else:
            result = TurnResult(
                self._turn,
                utterance,
                "other",
                "I can answer 'What is X?' and learn from a correction such as 'Actually X is Y.'",
                detail=parsed.error,
                refusal=parsed.reason,
            )
        state = {
            "turn": result.hashed_state(),
            "vault": {"size": len(self.vault), "digest": self.vault.digest},
        }
        return _with_hash(result, sha256_hex(state))

    def _correct(self, utterance: str, parsed: ParsedUtterance) -> TurnResult:
        def refuse(reason: NoProposalReason, surface: str, detail: str) -> TurnResult:
            return TurnResult(
                self._turn,
                utterance,
                "correction",
                surface,
                no_proposal_reason=reason,
                detail=detail,
                refusal=parsed.reason,
            )

        claim = parsed.claim
        if claim is None:
            detail = parsed.error or "unreadable"
            return refuse(
                "unparseable",
                f"Not stored; I could not read that correction ({parsed.reason}): {detail}.",
                detail,
            )
        if self._open_question is None:
            return refuse(
                "no_prior_question",
                f"Not stored: {claim.text()} corrects nothing, as no question was asked.",
                "a correction is only reviewed after a question",
            )
        stored = self.vault.find(claim)
        if stored is not None:
            return refuse(
                "duplicate",
                f"Already known: {claim.text()} ({stored.id}).",
                f"repeats stored premise {stored.id}",
            )
        premise = self.vault.add(claim, self._turn, parsed.written)
        self._known_words.update(claim.subject.split(), claim.object.split())
        proposal = self._propose(premise)
        surface = f"Stored {premise.id}: {claim.text()}. Proposed {proposal.id}."
        if self.vault.is_contested(claim):
            opposite = self.vault.contradicts(claim)
            assert opposite is not None
            surface += f" It contradicts {opposite.id}: both are now contested."
        return TurnResult(
            self._turn, utterance, "correction", surface, pack_mutation_proposal=proposal
        )

    def _propose(self, premise: Premise) -> PackMutationProposal:
        assert self._open_question is not None
        epoch = self._epoch if self._epoch is not None else source_date_epoch()
        proposal = PackMutationProposal(
            id=f"pmp-{len(self._proposals) + 1}",
            premise_id=premise.id,
            claim=premise.claim,
            source_turn=self._turn,
            question_turn=self._open_question,
            source_date_epoch=epoch,
        )
        self._proposals.append(proposal)
        return proposal

    def _answer(self, utterance: str, topic: str, asked: Claim | None) -> TurnResult:
        outcome = self._reasoner.probe(topic)
        rendering = outcome.rendering
        assert rendering is not None
        surface = _surface(topic, outcome)
        answer = None
        if asked is not None:
            answer = _yes_no(self.vault, outcome, asked)
            surface = f"{answer.pop('surface')} {surface}"
        return TurnResult(
            self._turn,
            utterance,
            "question",
            surface,
            vault_hits=len(outcome.recalled),
            recalled=rendering.recalled_ids,
            topic=topic,
            inference={
                "conclusions": list(rendering.conclusions),
                "inference_trace": list(rendering.trace),
                "contested": [p.id for p in outcome.contested],
                "withheld": [w.to_json() for w in outcome.withheld],
                "inconsistent": [step.to_json() for step in outcome.inconsistent],
            },
            answer=answer,
            trace_digest=rendering.trace_digest,
            recalled_digest=rendering.recalled_digest,
        )


def _yes_no(vault: Vault, outcome: ProbeOutcome, asked: Claim) -> dict[str, Any]:
    """Answer "Is X a Y?" from the probe of X: yes, no or not known, and the proof."""
    concluded = {step.conclusion: step.id for step in outcome.steps}
    for claim, verdict in ((asked, "yes"), (asked.negated(), "no")):
        stored = vault.find(claim)
        if stored is not None and not vault.is_contested(claim) and not outcome.inconsistent:
            return {
                "asked": asked.text(),
                "answer": verdict,
                "claim": claim.text(),
                "proof": [],
                "rests_on": [stored.id],
                "surface": f"{verdict.capitalize()}: {claim.text()} ({stored.id}).",
            }
        if claim in concluded:
            proof = proof_of(outcome.steps, concluded[claim])
            by_id = {step.id: step for step in outcome.steps}
            premises = sorted(
                {u for s in proof for u in by_id[s].uses if u.startswith("p")},
                key=lambda pid: int(pid[1:]),
            )
            return {
                "asked": asked.text(),
                "answer": verdict,
                "claim": claim.text(),
                "proof": proof,
                "rests_on": premises,
                "surface": f"{verdict.capitalize()}: {claim.text()} "
                f"({', '.join(proof)}, from {', '.join(premises)}).",
            }
    if outcome.inconsistent:
        why = "the premises about it are inconsistent"
    elif vault.is_contested(asked):
        why = "it is contested"
    elif any(w.claim in (asked, asked.negated()) for w in outcome.withheld):
        why = "the answer is withheld"
    else:
        why = "neither it nor its denial follows from what is stored"
    return {
        "asked": asked.text(),
        "answer": "not known",
        "claim": None,
        "proof": [],
        "rests_on": [],
        "surface": f"Not known: {asked.text()}? ({why}).",
    }


def _with_hash(result: TurnResult, digest: str) -> TurnResult:
    return TurnResult(**{**vars(result), "trace_hash": digest})


def _surface(topic: str, outcome: ProbeOutcome) -> str:
    if not outcome.recalled:
        return f"{topic} is not known."
    rendering = outcome.rendering
    assert rendering is not None
    parts = [f"Recalled {len(outcome.recalled)}: " + "; ".join(rendering.recalled_labels) + "."]
    if outcome.steps:
        parts.append("Concluded: " + "; ".join(rendering.step_labels) + ".")
    else:
        parts.append("Concluded: nothing further.")
    if outcome.contested:
        parts.append(
            "Contested, so no conclusion rests on them: "
            + "; ".join(f"{p.claim.text()} ({p.id})" for p in outcome.contested)
            + "."
        )
    if outcome.inconsistent:
        denial = outcome.inconsistent[-1].conclusion.text()
        parts.append(f"Inconsistent: the premises about {topic} deny it ({denial}).")
    if outcome.withheld:
        parts.append(
            "Withheld: "
            + "; ".join(f"{w.claim.text()} ({w.reason})" for w in outcome.withheld)
            + "."
        )
    return " ".join(parts)
