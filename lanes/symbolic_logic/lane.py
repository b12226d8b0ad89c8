"""Lane symbolic_logic: the teaching pipeline of ``pytest_core_verify.systems.symbolic``.

A case teaches premises through the correction loop, then asks one probe. ``run`` replays the
dialogue on a fresh pipeline and returns a reviewable result; the metrics read it. See
contract.md for the case format, the rules and the thresholds.
"""

from __future__ import annotations

import pathlib
from collections.abc import Mapping
from typing import Any

import pytest

from pytest_core_verify import metric, perturbation
from pytest_core_verify.systems.symbolic import (
    Claim,
    ClaimParseError,
    TeachingPipeline,
    check_trace,
    parse_claim,
)

from . import edits as _edits

pytestmark = [
    pytest.mark.threshold("premise_recall", min=0.80),
    pytest.mark.threshold("replay_determinism", min=0.95),
    pytest.mark.threshold("proposal_storage", min=0.80),
    pytest.mark.threshold("inference_correctness", min=0.95),
    pytest.mark.threshold("unsupported_conclusions", max=0),
    pytest.mark.threshold("refusal_correctness", min=0.95),
    pytest.mark.threshold("answer_correctness", min=0.95),
    # The metamorphic relations are promises: each holds for every case it applies to.
    *(pytest.mark.threshold(f"perturbation:{name}", min=1.0) for name in _edits.EDITS),
]

# Dropping a premise a conclusion uses changes the trace (the premise sensitivity the
# trace promises); premises that do not depend on each other, reordered, leave the
# conclusions; a term renamed throughout is renamed in the result (lanes/.../edits.py).
dropped_premise = perturbation(expect=_edits.RELATIONS["dropped_premise"])(_edits.dropped_premise)
reordered_premises = perturbation(expect=_edits.RELATIONS["reordered_premises"])(
    _edits.reordered_premises
)
renamed_term = perturbation(expect=_edits.RELATIONS["renamed_term"])(_edits.renamed_term)


def run(case: dict[str, Any], workdir: pathlib.Path) -> dict[str, Any]:
    """Teach ``case["premises"]`` one utterance at a time, then ask ``case["probe"]``.

    Nothing is written to ``workdir``: the pipeline keeps its state in memory.
    """
    pipeline = TeachingPipeline()
    turns = []
    for utterance in case["premises"]:
        turn = pipeline.turn(utterance).to_json()
        proposal = turn["pack_mutation_proposal"]
        turns.append(
            {
                "turn": turn["turn"],
                "intent": turn["intent"],
                "surface": turn["surface"],
                "proposal": None if proposal is None else proposal["id"],
                "no_proposal_reason": turn["no_proposal_reason"],
                "refusal": turn["refusal"],
                "trace_hash": turn["trace_hash"],
            }
        )
    answer = pipeline.turn(case["probe"]).to_json()
    inference = answer["inference"] or {
        "conclusions": [],
        "inference_trace": [],
        "contested": [],
        "withheld": [],
        "inconsistent": [],
    }
    proposal = answer["pack_mutation_proposal"]
    return {
        "turns": turns,
        "proposals": [p.to_json() for p in pipeline.proposals],
        "vault": [p.to_json() for p in pipeline.vault],
        "probe": {
            "turn": answer["turn"],
            "intent": answer["intent"],
            "topic": answer["topic"],
            "surface": answer["surface"],
            "vault_hits": answer["vault_hits"],
            "recalled": answer["recalled"],
            "proposal": None if proposal is None else proposal["id"],
            "no_proposal_reason": answer["no_proposal_reason"],
            "refusal": answer["refusal"],
            "answer": answer["answer"],
            **inference,
            "trace_hash": answer["trace_hash"],
        },
    }


def _concluded(result: Mapping[str, Any]) -> set[Claim]:
    return {Claim(**step["conclusion"]) for step in result["probe"]["inference_trace"]}


def _claims(texts: list[str], result: Mapping[str, Any]) -> list[Claim | None]:
    # The words of the run's stored terms are known to the reader, as they are to the
    # pipeline that stored them: "oak is eukaryote" reads once "an oak is an eukaryote" was
    # taught. A claim with a word the vault does not hold could not be concluded anyway.
    known = {
        word for p in result["vault"] for key in ("subject", "object") for word in p[key].split()
    }
    claims: list[Claim | None] = []
    for text in texts:
        try:
            claims.append(parse_claim(text, known=known))
        except ClaimParseError:
            claims.append(None)  # can never be matched: counts as missing
    return claims


@metric
def premise_recall(case: Mapping[str, Any], result: Mapping[str, Any]) -> bool:
    """The probe recalled at least ``min_vault_hits`` stored premises."""
    return bool(result["probe"]["vault_hits"] >= case["min_vault_hits"])


@metric
def proposal_storage(case: Mapping[str, Any], result: Mapping[str, Any]) -> bool:
    """Exactly ``expected_proposals`` pack mutation proposals fired."""
    return bool(len(result["proposals"]) == case["expected_proposals"])


@metric
def inference_correctness(case: Mapping[str, Any], result: Mapping[str, Any]) -> bool | None:
    """Every expected conclusion was drawn (v2 cases; None where a case sets none)."""
    if "expected_conclusions" not in case:
        return None
    concluded = _concluded(result)
    return all(
        c is not None and c in concluded for c in _claims(case["expected_conclusions"], result)
    )


@metric
def unsupported_conclusions(case: Mapping[str, Any], result: Mapping[str, Any]) -> int:
    """Trace steps the independent checker rejects, plus forbidden conclusions drawn.

    The checker rejects, besides a step it cannot re-derive, a conclusion the contract
    withholds (one contradicting a stored premise or another conclusion, one resting only on
    such claims, any conclusion about a self-denying subject), one about another subject, a
    stored premise or an earlier step concluded again, and a step id out of sequence.
    """
    probe = result["probe"]
    rejected = check_trace(result["vault"], probe["inference_trace"], subject=probe["topic"])
    concluded = _concluded(result)
    forbidden = _claims(case.get("forbidden_conclusions", []), result)
    return len(rejected) + sum(1 for c in forbidden if c is not None and c in concluded)


@metric
def refusal_correctness(case: Mapping[str, Any], result: Mapping[str, Any]) -> bool | None:
    """The refused turns gave exactly ``expected_refusals``, in order (v3; None without it)."""
    if "expected_refusals" not in case:
        return None
    turns = [*result["turns"], result["probe"]]
    refused = [t["refusal"] for t in turns if t["refusal"] is not None]
    return bool(refused == case["expected_refusals"])


@metric
def answer_correctness(case: Mapping[str, Any], result: Mapping[str, Any]) -> bool | None:
    """A yes/no probe answered ``expected_answer`` (v3; None without it)."""
    if "expected_answer" not in case:
        return None
    answer = result["probe"]["answer"]
    return answer is not None and answer["answer"] == case["expected_answer"]
