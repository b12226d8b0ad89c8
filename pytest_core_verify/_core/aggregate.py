"""Thresholds and per-lane metric aggregation (pure: no pytest import).

The controller builds a ``LaneResult`` from the ``CaseOutcome`` of every case,
whether they ran here or arrived on xdist reports: one path either way.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from pytest_core_verify._core import format as fmt
from pytest_core_verify._core.clock import timestamp
from pytest_core_verify._core.confidence import Interval, interval
from pytest_core_verify._core.lanes import CaseFileKey

__all__ = [
    "CASE_STATUSES",
    "RESULTS_SCHEMA_VERSION",
    "CaseOutcome",
    "CaseStatus",
    "LaneResult",
    "MetricSummary",
    "Threshold",
    "ThresholdError",
    "aggregate",
    "case_status",
    "finite_metric",
    "parse_threshold",
    "results_document",
]

MISSES_SHOWN = 10


class ThresholdError(ValueError):
    """A ``threshold`` marker that cannot be used; the text says which and why."""


@dataclass(frozen=True, order=True)
class Threshold:
    metric: str
    min: float | None = None
    max: float | None = None
    #: Gate on the confidence bound of the mean at this level (``0.95``), not on the
    #: mean itself: the lower bound against ``min``, the upper against ``max``.
    confidence: float | None = None

    def holds(self, value: float) -> bool:
        return (self.min is None or value >= self.min) and (self.max is None or value <= self.max)

    def holds_interval(self, low: float, high: float) -> bool:
        return (self.min is None or low >= self.min) and (self.max is None or high <= self.max)

    def describe(self) -> str:
        if self.min is not None and self.max is not None:
            text = f"in [{fmt.number(self.min)}, {fmt.number(self.max)}]"
        elif self.min is not None:
            text = f">= {fmt.number(self.min)}"
        else:
            text = f"<= {fmt.number(self.max)}"
        if self.confidence is not None:
            text += f" at {fmt.number(self.confidence * 100)}%"
        return text

    def as_json(self) -> dict[str, float]:
        bounds = {"min": self.min, "max": self.max, "confidence": self.confidence}
        return {k: v for k, v in bounds.items() if v is not None}


def parse_threshold(
    args: Sequence[Any], kwargs: Mapping[str, Any], *, known_metrics: Iterable[str]
) -> Threshold:
    """Validate the arguments of ``threshold(name, min=None, max=None)``."""
    unexpected = sorted(set(kwargs) - {"min", "max", "name", "confidence"})
    if unexpected:
        raise ThresholdError(
            f"has unexpected argument(s) {', '.join(unexpected)}; use min=, max= and confidence="
        )
    if len(args) > 1:
        raise ThresholdError(
            "takes one positional argument, the metric name; give bounds as min=, max="
        )
    name = args[0] if args else kwargs.get("name")
    if not isinstance(name, str) or not name:
        raise ThresholdError("needs the metric name as its first argument")
    known = sorted(known_metrics)
    if name not in known:
        raise ThresholdError(
            f"names unknown metric {name!r}; the lane's metrics are: {', '.join(known)}"
        )
    bounds: dict[str, float | None] = {}
    for bound in ("min", "max"):
        value = kwargs.get(bound)
        if value is None:
            bounds[bound] = None
            continue
        number = _finite_float(value)
        if number is None:
            shown = repr(value) if len(repr(value)) <= 40 else repr(value)[:37] + "..."
            raise ThresholdError(f"has {bound}={shown}, which is not a finite number")
        bounds[bound] = number
    low, high = bounds["min"], bounds["max"]
    if low is None and high is None:
        raise ThresholdError("sets no bound; give min=, max= or both")
    if low is not None and high is not None and low > high:
        raise ThresholdError(
            f"has min={fmt.number(low)} above max={fmt.number(high)}; no value can pass"
        )
    confidence = kwargs.get("confidence")
    if confidence is not None:
        level = _finite_float(confidence)
        if level is None or not 0 < level < 1:
            raise ThresholdError(
                f"has confidence={confidence!r}; give a level between 0 and 1, such as 0.95"
            )
        confidence = level
    return Threshold(name, low, high, confidence)


def finite_metric(value: Any) -> bool:
    """A metric value the lane can average: a bool, or a number a float holds finitely."""
    return isinstance(value, bool) or _finite_float(value) is not None


def _finite_float(value: Any) -> float | None:
    """``value`` as a finite float, or ``None`` (a bool, not a number, NaN, infinite, or
    an int too large for a float, like ``10**400``)."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return None
    try:
        number = float(value)
    except OverflowError:
        return None
    return number if math.isfinite(number) else None


#: What became of one case, decided in one place (``case_status``) from its test report.
CaseStatus = Literal["passed", "failed", "skipped", "error"]
CASE_STATUSES: tuple[CaseStatus, ...] = ("passed", "failed", "skipped", "error")


def case_status(report_outcome: str, *, error: str | None) -> CaseStatus:
    """The one rule for a case's status, from its call report and its own error.

    - ``skipped``: the case did not count (``pytest.skip()`` or ``pytest.xfail()`` in
      ``run()``, or an ``xfail`` marker and the case failed);
    - ``error``: ``run()`` or a metric raised (also ``pytest.fail()``, ``sys.exit()``) or
      the result is not JSON: there are no metric values for it;
    - ``failed``: a result and metrics, but a check failed (the two runs differ, the
      snapshot does not match);
    - ``passed``: everything held.
    """
    if report_outcome == "skipped":
        return "skipped"
    if error is not None:
        return "error"
    return "passed" if report_outcome == "passed" else "failed"


@dataclass(frozen=True)
class CaseOutcome:
    """What one case reports: it travels on the test report as plain JSON."""

    case_id: str
    line: int
    #: Set by the controller from the case's report (``case_status``); the item itself
    #: does not know it yet when it records the outcome.
    status: CaseStatus
    #: ``None`` when ``run`` failed and there is no result.
    trace_hash: str | None
    trace_hash_replay: str | None
    metrics: dict[str, float | bool | None] = field(default_factory=dict)
    error: str | None = None
    #: A known failure (``"xfail"`` in the case): ``{"reason": ..., "outcome": "xfailed"
    #: | "xpassed" | "failed", "strict": bool}``; ``None`` for every other case.
    xfail: dict[str, Any] | None = None
    #: The pin's state after the case: ``matched``, ``created``, ``updated``, or
    #: ``failed`` (the result differs from its pin); ``None`` when no pin was checked.
    pin: str | None = None

    @property
    def passed(self) -> bool:
        return self.status == "passed"

    @property
    def known_failure(self) -> bool:
        return self.xfail is not None and self.xfail.get("outcome") == "xfailed"

    @property
    def unexpected_pass(self) -> bool:
        """A strict known failure that passed: it fails the run until the field goes."""
        return (
            self.xfail is not None
            and self.xfail.get("outcome") == "xpassed"
            and bool(self.xfail.get("strict"))
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.case_id,
            "line": self.line,
            "status": self.status,
            "trace_hash": self.trace_hash,
            "trace_hash_replay": self.trace_hash_replay,
            "metrics": dict(sorted(self.metrics.items())),
            "error": self.error,
            **({"xfail": self.xfail} if self.xfail is not None else {}),
            **({"pin": self.pin} if self.pin is not None else {}),
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> CaseOutcome:
        return cls(
            case_id=data["id"],
            line=data["line"],
            status=data["status"],
            trace_hash=data["trace_hash"],
            trace_hash_replay=data["trace_hash_replay"],
            metrics=dict(data["metrics"]),
            error=data.get("error"),
            xfail=data.get("xfail"),
            pin=data.get("pin"),
        )


@dataclass
class MetricSummary:
    name: str
    value: float | None
    threshold: Threshold | None
    #: Cases whose own value fails the threshold (or is false, without one), by id.
    misses: list[str] = field(default_factory=list)
    #: For a threshold with ``confidence``: the interval of the mean it gates on.
    interval: Interval | None = None

    @property
    def passed(self) -> bool | None:
        """``None`` when there is no threshold, or no case gave a value (n/a)."""
        if self.threshold is None or self.value is None:
            return None
        if self.threshold.confidence is not None and self.interval is not None:
            return self.threshold.holds_interval(self.interval.low, self.interval.high)
        return self.threshold.holds(self.value)


@dataclass
class LaneResult:
    """One lane, split and version, aggregated. Hook implementations may add metrics."""

    key: CaseFileKey
    thresholds: dict[str, Threshold]
    metrics: dict[str, MetricSummary]
    cases: list[CaseOutcome]
    #: Selected cases that never reported (a crashed worker, an interrupted run).
    missing: list[str] = field(default_factory=list)
    extra: dict[str, Any] = field(default_factory=dict)
    #: The file's valid cases, when known; fewer selected (``-k``, ``--lf``) is a partial run.
    case_count: int | None = None
    #: The session stopped early (``-x``, ``--maxfail``) before every selected case of
    #: this split had reported: its missing cases never ran, they did not go astray.
    stopped: bool = False
    #: When the run's results were taken (the results file's ``timestamp``); set by the
    #: controller before the ``pytest_core_verify_lane_result`` hook.
    timestamp: str | None = None
    #: Lines of the cases file that are not valid cases (each an error item): the split
    #: did not run as written, so it cannot pass.
    invalid_lines: int = 0

    def to_json(self) -> dict[str, Any]:
        """The results document: what ``--results DIR`` writes for this lane, key for key."""
        return results_document(self, when=self.timestamp or timestamp())

    @property
    def partial(self) -> bool:
        return self.case_count is not None and len(self.cases) + len(self.missing) < self.case_count

    @property
    def complete(self) -> bool:
        return not self.missing

    @property
    def errored(self) -> list[str]:
        """Cases whose ``run()`` or metrics raised, or whose result is not JSON."""
        return [case.case_id for case in self.cases if case.status == "error"]

    @property
    def skipped(self) -> list[str]:
        """Cases that skipped themselves: in no mean, and they do not fail the lane."""
        return [
            case.case_id
            for case in self.cases
            if case.status == "skipped" and not case.known_failure
        ]

    @property
    def known_failures(self) -> list[str]:
        """Cases marked ``"xfail"`` that failed as expected (left out of the means)."""
        return [case.case_id for case in self.cases if case.known_failure]

    @property
    def unexpected_passes(self) -> list[str]:
        """Strict known failures that passed: remove their ``"xfail"`` field."""
        return [case.case_id for case in self.cases if case.unexpected_pass]

    @property
    def failed_thresholds(self) -> list[MetricSummary]:
        return [m for m in self.metrics.values() if m.passed is False]

    @property
    def overall_pass(self) -> bool:
        return (
            self.complete
            and not self.invalid_lines
            and not self.errored
            and not self.failed_thresholds
            and not self.unexpected_passes
        )

    def add_metric(
        self, name: str, value: float | None, threshold: Threshold | None = None
    ) -> None:
        """For ``pytest_core_verify_lane_result`` hooks: add a lane-level metric."""
        self.metrics[name] = MetricSummary(name, value, threshold)
        if threshold is not None:
            self.thresholds[name] = threshold


def _case_misses(value: float | bool | None, threshold: Threshold | None) -> bool:
    if value is None:
        return False
    if threshold is None:
        return not value
    return not threshold.holds(float(value))


def _mean(values: Sequence[float | bool]) -> float | None:
    """The exact mean, also of values whose sum passes the largest float (1.8e308)."""
    if not values:
        return None
    try:
        return math.fsum(values) / len(values)
    except OverflowError:  # an intermediate sum overflowed: divide first
        return math.fsum(v / len(values) for v in values)


def aggregate(
    key: CaseFileKey,
    thresholds: Mapping[str, Threshold],
    metric_names: Iterable[str],
    outcomes: Iterable[CaseOutcome],
    missing: Iterable[str] = (),
) -> LaneResult:
    """Mean of each metric over the cases that gave a value; misses by case id.

    Cases marked ``"xfail"`` are left out of the means and the misses.
    """
    cases = sorted(outcomes, key=lambda c: (c.line, c.case_id))
    counted = [c for c in cases if c.xfail is None]
    names = sorted({*metric_names, *thresholds})
    metrics: dict[str, MetricSummary] = {}
    for name in names:
        threshold = thresholds.get(name)
        values = [c.metrics.get(name) for c in counted]
        given = [v for v in values if v is not None]
        mean = _mean(given)
        misses = [
            c.case_id for c, v in zip(counted, values, strict=True) if _case_misses(v, threshold)
        ]
        bounds = None
        if threshold is not None and threshold.confidence is not None:
            bounds = interval(given, threshold.confidence, seed=f"{key.label}:{name}")
        metrics[name] = MetricSummary(name, mean, threshold, misses, bounds)
    return LaneResult(key, dict(sorted(thresholds.items())), metrics, cases, sorted(missing))


#: The version of the results document's format (its ``schema_version`` field).
RESULTS_SCHEMA_VERSION = 1


def results_document(result: LaneResult, *, when: str) -> dict[str, Any]:
    """The results document of one lane, split and version (what ``--results`` writes)."""
    metrics: dict[str, Any] = {name: s.value for name, s in result.metrics.items()}
    metrics["case_count"] = len(result.cases)
    metrics["overall_pass"] = result.overall_pass
    return {
        "schema_version": RESULTS_SCHEMA_VERSION,
        "lane": result.key.lane,
        "split": result.key.split,
        "version": result.key.version,
        "timestamp": when,
        "complete": result.complete,
        "partial": result.partial,
        "missing": result.missing,
        "skipped": result.skipped,
        "invalid_lines": result.invalid_lines,
        "thresholds": {name: t.as_json() for name, t in result.thresholds.items()},
        "metrics": metrics,
        "known_failures": result.known_failures,
        "intervals": {
            name: s.interval.to_json() for name, s in result.metrics.items() if s.interval
        },
        "misses": {
            name: s.misses for name, s in result.metrics.items() if s.threshold and s.misses
        },
        "extra": result.extra,
        "cases": [
            {
                "id": case.case_id,
                "trace_hash": case.trace_hash,
                "trace_hash_replay": case.trace_hash_replay,
                "metrics": dict(sorted(case.metrics.items())),
                "passed": case.passed,
                "status": case.status,
                **({"error": case.error} if case.error else {}),
                **({"xfail": case.xfail} if case.xfail is not None else {}),
                # Only a pin that the result differs from: whether this run created or
                # updated pins must not change the results document.
                **({"pin": "differs"} if case.pin == "failed" else {}),
            }
            for case in result.cases
        ],
    }
