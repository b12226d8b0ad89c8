"""pytest-core-verify: JSONL lanes of evaluation cases as pytest items.

Each case runs twice in fresh directories, must replay byte-identically, is pinned
with a syrupy snapshot, and feeds per-lane metrics checked against thresholds.

This package root stays free of pytest imports so that the systems under test in
its subpackages can be used without pytest.
"""

from pytest_core_verify._aggregate import CaseOutcome, LaneResult, MetricSummary, Threshold
from pytest_core_verify._api import LaneRunError, run_lanes
from pytest_core_verify._metrics import metric

__all__ = [
    "CaseOutcome",
    "LaneResult",
    "LaneRunError",
    "MetricSummary",
    "Threshold",
    "metric",
    "run_lanes",
]
__version__ = "0.1.0"
