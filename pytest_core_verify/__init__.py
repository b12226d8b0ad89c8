"""pytest-core-verify: JSONL lanes of evaluation cases as pytest items.

Each case runs twice in fresh directories, must replay byte-identically, is pinned
with a syrupy snapshot, and feeds per-lane metrics checked against thresholds.

The public names are imported when first used (PEP 562): the pytest entry point
(``pytest_core_verify.plugin``) imports this package in every pytest session of the
environment, and a session without lanes must not pay for the harness. This package
root stays free of pytest imports so that the systems under test in its subpackages
can be used without pytest.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from pytest_core_verify._core.aggregate import (
        CaseOutcome,
        LaneResult,
        MetricSummary,
        Threshold,
    )
    from pytest_core_verify._core.metrics import metric
    from pytest_core_verify._core.perturbation import perturbation, perturbation_random
    from pytest_core_verify._core.records import content_hash, line_number
    from pytest_core_verify._plugin.api import LaneRunError, run_lanes
    from pytest_core_verify._plugin.warning_types import CaseFileWarning, SealedFilesNotCollected

__all__ = [
    "CaseFileWarning",
    "CaseOutcome",
    "LaneResult",
    "LaneRunError",
    "MetricSummary",
    "SealedFilesNotCollected",
    "Threshold",
    "content_hash",
    "line_number",
    "metric",
    "perturbation",
    "perturbation_random",
    "run_lanes",
]
__version__ = "0.1.0"

#: Where each public name lives.
_HOMES = {
    "CaseOutcome": "pytest_core_verify._core.aggregate",
    "LaneResult": "pytest_core_verify._core.aggregate",
    "MetricSummary": "pytest_core_verify._core.aggregate",
    "Threshold": "pytest_core_verify._core.aggregate",
    "metric": "pytest_core_verify._core.metrics",
    "content_hash": "pytest_core_verify._core.records",
    "line_number": "pytest_core_verify._core.records",
    "perturbation": "pytest_core_verify._core.perturbation",
    "perturbation_random": "pytest_core_verify._core.perturbation",
    "LaneRunError": "pytest_core_verify._plugin.api",
    "run_lanes": "pytest_core_verify._plugin.api",
    "CaseFileWarning": "pytest_core_verify._plugin.warning_types",
    "SealedFilesNotCollected": "pytest_core_verify._plugin.warning_types",
}


def __getattr__(name: str) -> Any:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module 'pytest_core_verify' has no attribute {name!r}")
    value = getattr(importlib.import_module(home), name)
    globals()[name] = value  # once: later lookups are plain attribute reads
    return value


def __dir__() -> list[str]:
    return sorted([*globals(), *_HOMES])
