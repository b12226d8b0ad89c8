"""Lane ``scenarios``: the System-2 verifier tool, one proposer tool call per case.

``run`` is thin: it hands the case's tool call to the verifier and returns the response
without its bulky trace (the trace_hash still covers it), so the snapshot stays
reviewable. The pool's own decision travels in ``trace_summary``, so ``wrong_commits``
sees commits that were not served: a response that is not ``verified`` carries the
committed answer only as ``pool_answer_sha256``, a digest keyed with the lane's
``DIGEST_KEY`` (a client of the tool holds no key and gets none), compared with the
gold's digest under the same key.
"""

from __future__ import annotations

import pathlib
from fractions import Fraction
from typing import Any

import pytest

from pytest_core_verify import metric
from pytest_core_verify.systems.verifier import (
    VerifierConfig,
    handle_tool_call,
    pool_answer_sha256,
)

from .perturbations import NAMES as _PERTURBATIONS
from .perturbations import add_adverb as add_adverb
from .perturbations import add_other_entity as add_other_entity
from .perturbations import add_question_qualifier as add_question_qualifier
from .perturbations import ask_in_other_unit as ask_in_other_unit
from .perturbations import ask_one_kind as ask_one_kind
from .perturbations import loss_synonym as loss_synonym
from .perturbations import other_unit_quantity as other_unit_quantity
from .perturbations import rename_person as rename_person
from .perturbations import reorder_facts as reorder_facts
from .perturbations import replace_number as replace_number

pytestmark = [
    pytest.mark.threshold("status_accuracy", min=1.0),
    pytest.mark.threshold("wrong_verified", max=0),
    pytest.mark.threshold("wrong_commits", max=0),
    pytest.mark.threshold("replay_determinism", min=1.0),
    # Each metamorphic relation is a promise: it holds for every case it applies to.
    *(pytest.mark.threshold(f"perturbation:{name}", min=1.0) for name in _PERTURBATIONS),
]


#: The evaluator's key for the digest of a committed answer that was not served.
DIGEST_KEY = b"lanes/scenarios wrong_commits"


def _config(case: dict[str, Any]) -> VerifierConfig:
    raw = case.get("verifier_config") or {}
    return VerifierConfig(
        ask_enabled=bool(raw.get("ask_enabled", True)),
        faults=frozenset(raw.get("faults", ())),
        answer_digest_key=DIGEST_KEY,
    )


def run(case: dict[str, Any], workdir: pathlib.Path) -> dict[str, Any]:
    """Call the verifier with the case's tool call; the ask leg writes under ``workdir``."""
    response = handle_tool_call(case["system1"]["tool_call"], workdir, _config(case))
    result = {k: v for k, v in response.items() if k != "trace"}
    result["trace_returned"] = response["trace"] is not None
    return result


def _same(a: object, b: object) -> bool:
    if isinstance(a, bool) or isinstance(b, bool) or not isinstance(a, (int, float)):
        return False
    if not isinstance(b, (int, float)):
        return False
    return Fraction(str(a)) == Fraction(str(b))


@metric
def status_accuracy(case: dict[str, Any], result: dict[str, Any]) -> bool:
    """The status, and for a refusal the named reason, are the expected ones."""
    if result["status"] != case["expected_status"]:
        return False
    return bool(result["refusal_reason"] == case.get("expected_refusal_reason"))


@metric
def wrong_verified(case: dict[str, Any], result: dict[str, Any]) -> bool:
    """Served ``verified`` with an answer other than the gold (or with no gold to check)."""
    if result["status"] != "verified":
        return False
    return not _same(result["answer"], case.get("gold_answer"))


@metric
def wrong_commits(case: dict[str, Any], result: dict[str, Any]) -> bool | None:
    """The pool committed an answer that disagrees with the gold, served or not.

    Not applicable (None) to a case without a gold answer.
    """
    if "gold_answer" not in case:
        return None
    summary = result["trace_summary"]
    if summary.get("pool_decision") != "commit":
        return False
    if summary.get("pool_answer") is None:
        # Not served, so not shown: the digest of the pool's answer against the gold's.
        problem = case["system1"]["tool_call"]["arguments"]["problem_text"]
        gold = pool_answer_sha256(problem, case["gold_answer"], DIGEST_KEY)
        return bool(summary.get("pool_answer_sha256") != gold)
    return not _same(summary.get("pool_answer"), case["gold_answer"])
