"""Lane deductive_logic: the entailment engine of ``pytest_core_verify.systems.deductive``.

A case is premises and a query (formulas, or English sentences with ``"language":
"english"``) or a finite-entity problem; ``run`` returns the engine's decision JSON with its
certificate. Gold comes from the independent truth-table oracle in ``oracle/`` (see
contract.md). ``certificate_valid`` re-checks every certificate without the solver, and the
two models of an ``unknown`` answer once more with the oracle's own evaluator.
"""

from __future__ import annotations

import importlib.util
import pathlib
from collections.abc import Mapping
from types import ModuleType
from typing import Any

import pytest

from pytest_core_verify import metric, perturbation
from pytest_core_verify.systems.deductive import (
    check_certificate,
    decide,
    decide_english,
    decide_problem,
)

from . import edits as _edits

pytestmark = [
    pytest.mark.threshold("decision_accuracy", min=1.0),
    pytest.mark.threshold("wrong", max=0),
    pytest.mark.threshold("certificate_valid", min=1.0),
    pytest.mark.threshold("replay_determinism", min=1.0),
    # The metamorphic relations are promises: each holds for every case it applies to.
    *(pytest.mark.threshold(f"perturbation:{name}", min=1.0) for name in _edits.EDITS),
]

# The negated query swaps entailed and refuted and keeps unknown; atoms renamed
# consistently, premises permuted, or a premise added that is already entailed keep the
# outcome (lanes/deductive_logic/edits.py).
negated_query = perturbation(expect=_edits.RELATIONS["negated_query"])(_edits.negated_query)
renamed_atoms = perturbation(expect=_edits.RELATIONS["renamed_atoms"])(_edits.renamed_atoms)
permuted_premises = perturbation(expect=_edits.RELATIONS["permuted_premises"])(
    _edits.permuted_premises
)
added_entailed_premise = perturbation(expect=_edits.RELATIONS["added_entailed_premise"])(
    _edits.added_entailed_premise
)

_PROBLEM_KEYS = ("entities", "facts", "rules", "query")


def _oracle() -> ModuleType:
    path = pathlib.Path(__file__).resolve().parent / "oracle" / "truth_table.py"
    spec = importlib.util.spec_from_file_location("deductive_logic_oracle", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


_ORACLE = _oracle()


def run(case: dict[str, Any], workdir: pathlib.Path) -> dict[str, Any]:
    """Decide the case. Nothing is written to ``workdir``."""
    if "entities" in case:
        decision = decide_problem({k: case[k] for k in _PROBLEM_KEYS if k in case})
    elif case.get("language") == "english":
        decision = decide_english(case["premises"], case["query"])
    else:
        decision = decide(case["premises"], case["query"])
    return decision.to_json()


@metric
def decision_accuracy(case: Mapping[str, Any], result: Mapping[str, Any]) -> bool:
    """The outcome is the gold one (and so is the refusal's kind, where the case names it)."""
    if result["outcome"] != case["gold"]:
        return False
    if "refusal" in case:
        return bool(result["refusal"] is not None and result["refusal"]["kind"] == case["refusal"])
    return True


@metric
def wrong(case: Mapping[str, Any], result: Mapping[str, Any]) -> int:
    """1 for an answer (not a refusal) that disagrees with gold: the miss never allowed."""
    return int(result["outcome"] != "refused" and result["outcome"] != case["gold"])


@metric
def certificate_valid(case: Mapping[str, Any], result: Mapping[str, Any]) -> bool | None:
    """The certificate checks without the solver; None for a refusal of the input itself."""
    refusal = result["refusal"]
    if refusal is not None and refusal["kind"] != "inconsistent":
        return None
    if check_certificate(result) is not None:
        return False
    if result["outcome"] != "unknown":
        return True
    formulas = result["formulas"]
    certificate = result["certificate"]
    try:
        return all(
            all(_ORACLE.holds(p, certificate[key]) for p in formulas["premises"])
            and _ORACLE.holds(formulas["query"], certificate[key]) is want
            for key, want in (("holds", True), ("fails", False))
        )
    except (KeyError, _ORACLE.Refused):
        return False
