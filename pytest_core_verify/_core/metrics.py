"""Metric declaration: the ``@metric`` decorator a lane uses (pure: no pytest import)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, TypeVar, overload

__all__ = ["METRIC_ATTR", "MetricFn", "MetricValue", "metric", "metric_name"]

MetricValue = bool | int | float
MetricFn = Callable[[Mapping[str, Any], Mapping[str, Any]], MetricValue]
F = TypeVar("F", bound=Callable[..., Any])

#: Attribute that marks a function in ``lane.py`` as a metric; its value is the metric's name.
METRIC_ATTR = "__core_verify_metric__"


@overload
def metric(fn: F, /) -> F: ...
@overload
def metric(*, name: str | None = None) -> Callable[[F], F]: ...


def metric(fn: F | None = None, /, *, name: str | None = None) -> F | Callable[[F], F]:
    """Declare ``fn(case, result) -> bool | number`` as one of the lane's metrics.

    The lane's value for the metric is the mean over its cases. ``@metric`` uses the
    function's name; ``@metric(name="other")`` picks another.
    """

    def mark(f: F) -> F:
        setattr(f, METRIC_ATTR, name or f.__name__)
        return f

    return mark(fn) if fn is not None else mark


def metric_name(obj: object) -> str | None:
    """The metric name ``obj`` was declared with, or ``None`` if it is not a metric."""
    value = getattr(obj, METRIC_ATTR, None)
    return value if isinstance(value, str) else None
