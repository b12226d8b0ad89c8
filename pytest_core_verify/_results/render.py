"""Rendering lane results: the terminal table and GitHub Markdown (pure: no pytest import)."""

from __future__ import annotations

from collections.abc import Iterable

from pytest_core_verify._core import format as fmt
from pytest_core_verify._core.aggregate import MISSES_SHOWN, LaneResult, MetricSummary
from pytest_core_verify._core.format import md_cell

__all__ = ["markdown_lines", "overall_line", "terminal_lines"]


def _value(summary: MetricSummary) -> str:
    return "n/a" if summary.value is None else f"{summary.value:.4f}"


def _verdict(summary: MetricSummary) -> str:
    if summary.passed is None:
        return "n/a" if summary.threshold is not None else "-"
    return "PASS" if summary.passed else "FAIL"


def _misses(summary: MetricSummary) -> str:
    """The ids that missed, on a FAIL row only: a row that passes names nobody."""
    if not summary.misses or summary.passed is not False:
        return ""
    shown = ", ".join(summary.misses[:MISSES_SHOWN])
    more = len(summary.misses) - MISSES_SHOWN
    return shown + (f" (+{more} more)" if more > 0 else "")


def _not_gated(result: LaneResult, gate: str) -> str:
    if gate == "never":
        return " (not gated: --lane-gate=never)"
    if gate == "auto" and result.partial:
        return " (not gated: partial selection; --lane-gate=always gates it)"
    if gate == "auto" and result.stopped:
        return " (not gated: the run stopped early, -x or --maxfail; --lane-gate=always gates it)"
    return ""


def overall_line(result: LaneResult, gate: str = "always") -> str:
    """The lane's verdict; with ``gate``, says when it does not decide the exit status."""
    return _verdict_line(result) + _not_gated(result, gate)


def _verdict_line(result: LaneResult) -> str:
    if not result.complete:
        return (
            f"overall: FAIL (incomplete: {len(result.missing)} case(s) never reported, "
            f"such as {', '.join(result.missing[:3])})"
        )
    if result.invalid_lines:
        return (
            f"overall: FAIL ({result.invalid_lines} line(s) of the cases file are not valid "
            "cases: each is an error above; fix them)"
        )
    if result.errored:
        errored = result.errored
        more = f" (+{len(errored) - 3} more)" if len(errored) > 3 else ""
        return (
            f"overall: FAIL ({len(errored)} case(s) with an error in run() or a metric: "
            f"{', '.join(errored[:3])}{more})"
        )
    if result.unexpected_passes:
        return (
            f"overall: FAIL ({len(result.unexpected_passes)} known failure(s) passed: "
            f'{", ".join(result.unexpected_passes[:3])}; remove their "xfail" field)'
        )
    failed = result.failed_thresholds
    if failed:
        names = ", ".join(m.name for m in failed)
        return f"overall: FAIL ({len(failed)} threshold(s) not met: {names})"
    return "overall: PASS"


def _heading(result: LaneResult) -> str:
    heading = f"{result.key.label}: {len(result.cases)} case(s)"
    if result.skipped:
        heading += f", {len(result.skipped)} skipped"
    if result.missing:
        heading += f", {len(result.missing)} never reported"
    if result.known_failures:
        heading += f", {len(result.known_failures)} known failure(s)"
    if result.partial:
        heading += (
            f" (partial: {len(result.cases) + len(result.missing)} of {result.case_count} selected)"
        )
    return heading


def _describe(summary: MetricSummary) -> str:
    if summary.threshold is None:
        return "-"
    found = summary.threshold.describe()
    bounds = summary.interval
    if bounds is not None:
        side = bounds.low if summary.threshold.min is not None else bounds.high
        which = "lower" if summary.threshold.min is not None else "upper"
        found += f" ({which} bound {fmt.number(side)}, n={bounds.n})"
    return found


def terminal_lines(result: LaneResult, gate: str = "always") -> list[str]:
    """The lane's block of the "core-verify lanes" section: one row per metric."""
    lines = [_heading(result)]
    rows = list(result.metrics.values())
    if rows:  # none are known when no case of the lane reported
        width = max([len("metric"), *(len(s.name) for s in rows)])
        bound = max([len("threshold"), *(len(_describe(s)) for s in rows)])
        lines.append(
            f"  {'metric':<{width}}  {'value':>8}  {'threshold':<{bound}}  result  missed by"
        )
        for summary in rows:
            lines.append(
                f"  {summary.name:<{width}}  {_value(summary):>8}  "
                f"{_describe(summary):<{bound}}  {_verdict(summary):<6}  "
                f"{_misses(summary)}".rstrip()
            )
    known = [c for c in result.cases if c.known_failure]
    if known:
        shown = ", ".join(f"{c.case_id} ({(c.xfail or {}).get('reason')})" for c in known[:5])
        more = f" (+{len(known) - 5} more)" if len(known) > 5 else ""
        lines.append(f"  known failures: {shown}{more}")
    lines.append(f"  {overall_line(result, gate)}")
    return lines


def markdown_lines(results: Iterable[LaneResult], gate: str = "always") -> list[str]:
    lines = ["## core-verify lane results", ""]
    for result in results:
        lines += [
            f"### {_heading(result)}",
            "",
            "| metric | value | threshold | result | missed by |",
            "| --- | ---: | --- | --- | --- |",
        ]
        for summary in result.metrics.values():
            lines.append(
                f"| {md_cell(summary.name)} | {_value(summary)} | {_describe(summary)} | "
                f"{_verdict(summary)} | {md_cell(_misses(summary))} |"
            )
        lines += ["", f"**{overall_line(result, gate)}**", ""]
    return lines
