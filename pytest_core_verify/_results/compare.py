"""Comparing two sets of results files: what changed since the baseline (pure: no pytest).

Both sides are results documents (the JSON that ``--results DIR`` writes, one per lane,
split and version). For each lane, split and version present on both sides the
comparison gives each metric's old and new value and delta, the cases whose status
flipped (pass -> fail, fail -> pass), the cases added and removed, the cases that pass
on both sides but whose ``trace_hash`` changed (their pin would change), and the
threshold verdicts that changed. A *regression* is a metric that moved the wrong way
by more than a tolerance, or any pass -> fail flip.

A case's status is ``pass`` when its item passed and it missed no threshold, ``fail``
otherwise, and ``xfail`` for a known failure (an ``"xfail"`` field in the case).

Which way is wrong: a metric gated by ``min`` gets worse going down, one gated only by
``max`` gets worse going up, and a metric without a threshold is read as "higher is
better" (a boolean metric is true for a hit), as the misses in the lane table are.
"""

from __future__ import annotations

import argparse
import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from pytest_core_verify._core.format import md_cell, number, signed
from pytest_core_verify._results.document import (
    LaneKey,
    ResultsError,
    lane_key,
    lane_label,
    load_results,
)

__all__ = [
    "FAIL_CAUSES",
    "CaseFlip",
    "Comparison",
    "LaneComparison",
    "MetricDelta",
    "ResultsError",
    "VerdictChange",
    "case_statuses",
    "case_verdicts",
    "compare_documents",
    "fail_breakdown",
    "load_results",
    "tolerance_value",
]

SHOWN = 20


def _holds(bounds: Mapping[str, Any], value: float) -> bool:
    low, high = bounds.get("min"), bounds.get("max")
    return (low is None or value >= low) and (high is None or value <= high)


#: Why a case failed, from the results alone: its run raised (``error``), a metric
#: missed its threshold (``missed``), every metric held but the result differs from its
#: pin (``pin``: a change of format or content to review, not a miss), its two runs
#: differed (``nondeterministic``), or the item failed for another reason (``other``).
FAIL_CAUSES = ("error", "missed", "pin", "nondeterministic", "other")
_CAUSE_TITLES = {
    "error": "an error in run()",
    "missed": "missed a threshold",
    "pin": "pin differs only",
    "nondeterministic": "runs differ",
    "other": "failed otherwise",
}


def _verdict(case: Mapping[str, Any], thresholds: Mapping[str, Any]) -> tuple[str, str, str]:
    """(status, why, cause) of one case of a results document."""
    xfail = case.get("xfail")
    if xfail:
        outcome = xfail.get("outcome") if isinstance(xfail, dict) else "xfailed"
        if outcome == "xpassed":
            return ("xpass", "known failure passed", "")
        return ("xfail", "known failure", "")
    if case.get("status") == "skipped":
        return ("skipped", "skipped itself", "")
    metrics = case.get("metrics") or {}
    missed = [
        name
        for name, bounds in sorted(thresholds.items())
        if isinstance(value := metrics.get(name), (bool, int, float))
        and not _holds(bounds, float(value))
    ]
    if case.get("passed", False):
        if missed:
            return ("fail", "missed " + ", ".join(missed), "missed")
        return ("pass", "", "")
    if case.get("error"):
        return ("fail", str(case["error"]), "error")
    if missed:
        return ("fail", "missed " + ", ".join(missed), "missed")
    if case.get("pin") == "differs":
        return ("fail", "pin differs", "pin")
    if metrics.get("replay_determinism") in (0, False):
        return ("fail", "runs differ", "nondeterministic")
    return ("fail", "item failed", "other")


def case_verdicts(doc: Mapping[str, Any]) -> dict[str, tuple[str, str, str]]:
    """Case id -> (status, why, cause) for one results document, in file order; the
    cause is one of ``FAIL_CAUSES`` for a failing case, else empty."""
    thresholds: Mapping[str, Mapping[str, Any]] = doc.get("thresholds") or {}
    return {case["id"]: _verdict(case, thresholds) for case in doc["cases"]}


def case_statuses(doc: Mapping[str, Any]) -> dict[str, tuple[str, str]]:
    """Case id -> (status, why) for one results document, in file order."""
    return {case_id: (status, why) for case_id, (status, why, _) in case_verdicts(doc).items()}


@dataclass(frozen=True)
class MetricDelta:
    name: str
    old: float | None
    new: float | None
    #: +1 when higher is better, -1 when lower is better.
    direction: int
    tolerance: float
    #: False when one side ran only part of the lane: its mean covers other cases.
    comparable: bool = True

    @property
    def delta(self) -> float | None:
        if self.old is None or self.new is None:
            return None
        return self.new - self.old

    @property
    def regressed(self) -> bool:
        delta = self.delta
        return self.comparable and delta is not None and -delta * self.direction > self.tolerance

    @property
    def improved(self) -> bool:
        delta = self.delta
        return delta is not None and delta * self.direction > 0

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "old": self.old,
            "new": self.new,
            "delta": self.delta,
            "better": "higher" if self.direction > 0 else "lower",
            "regressed": self.regressed,
            "comparable": self.comparable,
        }


@dataclass(frozen=True)
class CaseFlip:
    case_id: str
    old: str
    new: str
    why: str
    #: For a flip to ``fail``: one of ``FAIL_CAUSES``; else empty.
    cause: str = ""

    def to_json(self) -> dict[str, Any]:
        found = {"id": self.case_id, "old": self.old, "new": self.new, "why": self.why}
        return found | ({"cause": self.cause} if self.cause else {})


@dataclass(frozen=True)
class VerdictChange:
    #: A metric name, or ``overall``.
    name: str
    old: str
    new: str

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "old": self.old, "new": self.new}


@dataclass
class LaneComparison:
    key: LaneKey
    metrics: list[MetricDelta] = field(default_factory=list)
    to_fail: list[CaseFlip] = field(default_factory=list)
    to_pass: list[CaseFlip] = field(default_factory=list)
    #: Other status changes (to or from a known failure).
    other_flips: list[CaseFlip] = field(default_factory=list)
    added: list[str] = field(default_factory=list)
    removed: list[str] = field(default_factory=list)
    trace_changed: list[str] = field(default_factory=list)
    verdicts: list[VerdictChange] = field(default_factory=list)
    #: The new side ran only part of the lane: removed cases are not reported, and
    #: (as when the baseline is partial) metric moves are shown but are no regressions.
    partial: bool = False

    @property
    def label(self) -> str:
        return lane_label(self.key)

    @property
    def regressions(self) -> list[str]:
        found = [
            f"{self.label}: {m.name} {number(m.old)} -> {number(m.new)} ({signed(m.delta)})"
            for m in self.metrics
            if m.regressed
        ]
        if self.to_fail:
            found.append(f"{self.label}: {len(self.to_fail)} case(s) flipped pass -> fail")
        return found

    @property
    def changed(self) -> bool:
        return bool(
            any(m.delta for m in self.metrics)
            or any((m.old is None) != (m.new is None) for m in self.metrics)
            or self.to_fail
            or self.to_pass
            or self.other_flips
            or self.added
            or self.removed
            or self.trace_changed
            or self.verdicts
        )

    def to_json(self) -> dict[str, Any]:
        lane, split, version = self.key
        return {
            "lane": lane,
            "split": split,
            "version": version,
            "partial": self.partial,
            "metrics": [m.to_json() for m in self.metrics],
            "flipped_to_fail": [f.to_json() for f in self.to_fail],
            "flipped_to_pass": [f.to_json() for f in self.to_pass],
            "other_flips": [f.to_json() for f in self.other_flips],
            "added": self.added,
            "removed": self.removed,
            "trace_hash_changed": self.trace_changed,
            "verdicts_changed": [v.to_json() for v in self.verdicts],
            "regressions": self.regressions,
        }


@dataclass
class Comparison:
    lanes: list[LaneComparison]
    #: Lanes (as labels) only in the new results, or only in the old.
    added_lanes: list[str]
    removed_lanes: list[str]
    tolerance: float

    @property
    def regressions(self) -> list[str]:
        return [text for lane in self.lanes for text in lane.regressions]

    def to_json(self) -> dict[str, Any]:
        return {
            "tolerance": self.tolerance,
            "regressions": self.regressions,
            "added_lanes": self.added_lanes,
            "removed_lanes": self.removed_lanes,
            "lanes": [lane.to_json() for lane in self.lanes],
        }

    # -- rendering --------------------------------------------------------------------

    def terminal_lines(self) -> list[str]:
        lines: list[str] = []
        for label in self.added_lanes:
            lines.append(f"{label}: new (not in the baseline)")
        for label in self.removed_lanes:
            lines.append(f"{label}: removed (only in the baseline)")
        for lane in self.lanes:
            lines += _lane_terminal(lane)
        regressions = self.regressions
        if regressions:
            lines.append(f"regressions ({len(regressions)}, tolerance {number(self.tolerance)}):")
            lines += [f"  {text}" for text in regressions]
        else:
            lines.append(f"regressions: none (tolerance {number(self.tolerance)})")
        return lines

    def markdown_lines(self) -> list[str]:
        lines = ["## core-verify: changes since the baseline", ""]
        regressions = self.regressions
        if regressions:
            count = len(regressions)
            lines.append(f"**{count} regression(s)** (tolerance {number(self.tolerance)}):")
            lines.append("")
            lines += [f"- {md_cell(text)}" for text in regressions]
        else:
            lines.append(f"No regressions (tolerance {number(self.tolerance)}).")
        lines.append("")
        if self.added_lanes or self.removed_lanes:
            for label in self.added_lanes:
                lines.append(f"- `{label}`: new (not in the baseline)")
            for label in self.removed_lanes:
                lines.append(f"- `{label}`: removed (only in the baseline)")
            lines.append("")
        for lane in self.lanes:
            lines += _lane_markdown(lane)
        return lines


def _ids(ids: list[str]) -> str:
    shown = ", ".join(ids[:SHOWN])
    return shown + (f" (+{len(ids) - SHOWN} more)" if len(ids) > SHOWN else "")


def _flips(flips: list[CaseFlip]) -> str:
    shown = ", ".join(f"{f.case_id} ({f.why})" if f.why else f.case_id for f in flips[:SHOWN])
    return shown + (f" (+{len(flips) - SHOWN} more)" if len(flips) > SHOWN else "")


def fail_breakdown(flips: list[CaseFlip]) -> str:
    """``12 missed a threshold, 46 pin differs only``: the causes of flips to fail."""
    counts = {cause: 0 for cause in FAIL_CAUSES}
    for flip in flips:
        counts[flip.cause or "other"] += 1
    return ", ".join(f"{n} {_CAUSE_TITLES[cause]}" for cause, n in counts.items() if n)


def _lane_terminal(lane: LaneComparison) -> list[str]:
    if not lane.changed:
        return [f"{lane.label}: no change"]
    lines = [f"{lane.label}:" + (" (new side partial)" if lane.partial else "")]
    rows = [m for m in lane.metrics if m.delta or (m.old is None) != (m.new is None)]
    if rows:
        width = max(len(m.name) for m in rows)
        for m in rows:
            flag = "  REGRESSED" if m.regressed else ("" if m.comparable else "  (partial)")
            lines.append(
                f"  {m.name:<{width}}  {number(m.old):>8} -> {number(m.new):<8}  "
                f"{signed(m.delta):>8}{flag}"
            )
    for change in lane.verdicts:
        lines.append(f"  verdict {change.name}: {change.old} -> {change.new}")
    for title, flips in (
        ("pass -> fail", lane.to_fail),
        ("fail -> pass", lane.to_pass),
        ("other status changes", lane.other_flips),
    ):
        if flips:
            lines.append(f"  {title} ({len(flips)}): {_flips(flips)}")
            if flips is lane.to_fail:
                lines.append(f"    by cause: {fail_breakdown(flips)}")
    for title, ids in (
        ("added", lane.added),
        ("removed", lane.removed),
        ("trace_hash changed, still passing", lane.trace_changed),
    ):
        if ids:
            lines.append(f"  {title} ({len(ids)}): {_ids(ids)}")
    return lines


def _lane_markdown(lane: LaneComparison) -> list[str]:
    heading = f"### {lane.label}" + (" (new side partial)" if lane.partial else "")
    if not lane.changed:
        return [heading, "", "No change.", ""]
    lines = [heading, "", "| metric | old | new | delta | |", "| --- | ---: | ---: | ---: | --- |"]
    for m in lane.metrics:
        flag = "**regressed**" if m.regressed else ("improved" if m.improved else "")
        lines.append(
            f"| {md_cell(m.name)} | {number(m.old)} | {number(m.new)} | "
            f"{signed(m.delta)} | {flag} |"
        )
    lines.append("")
    for change in lane.verdicts:
        lines.append(f"- verdict `{md_cell(change.name)}`: {change.old} → {change.new}")
    for title, flips in (
        ("pass → fail", lane.to_fail),
        ("fail → pass", lane.to_pass),
        ("other status changes", lane.other_flips),
    ):
        if flips:
            lines.append(f"- {title} ({len(flips)}): {md_cell(_flips(flips))}")
            if flips is lane.to_fail:
                lines.append(f"  - by cause: {fail_breakdown(flips)}")
    for title, ids in (
        ("added", lane.added),
        ("removed", lane.removed),
        ("trace_hash changed, still passing", lane.trace_changed),
    ):
        if ids:
            lines.append(f"- {title} ({len(ids)}): {md_cell(_ids(ids))}")
    lines.append("")
    return lines


# -- the comparison itself ------------------------------------------------------------


def _direction(thresholds: Iterable[Mapping[str, Any] | None]) -> int:
    for bounds in thresholds:
        if bounds:
            return -1 if "min" not in bounds and "max" in bounds else 1
    return 1


def _metric_value(doc: Mapping[str, Any], name: str) -> float | None:
    value = doc["metrics"].get(name)
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return None
    return float(value) if math.isfinite(value) else None


_SUMMARY_KEYS = ("case_count", "overall_pass")


def _verdicts(doc: Mapping[str, Any]) -> dict[str, str]:
    verdicts: dict[str, str] = {}
    for name, bounds in sorted((doc.get("thresholds") or {}).items()):
        value = _metric_value(doc, name)
        verdicts[name] = "n/a" if value is None else ("PASS" if _holds(bounds, value) else "FAIL")
    verdicts["overall"] = "PASS" if doc["metrics"].get("overall_pass") else "FAIL"
    return verdicts


def compare_lane(
    old: Mapping[str, Any], new: Mapping[str, Any], *, tolerance: float = 0.0
) -> LaneComparison:
    lane = LaneComparison(lane_key(new), partial=bool(new.get("partial")))
    comparable = not (new.get("partial") or old.get("partial"))
    old_thresholds = old.get("thresholds") or {}
    new_thresholds = new.get("thresholds") or {}
    names = sorted(
        ({*old["metrics"], *new["metrics"]} - set(_SUMMARY_KEYS)),
    )
    for name in names:
        lane.metrics.append(
            MetricDelta(
                name,
                _metric_value(old, name),
                _metric_value(new, name),
                _direction((new_thresholds.get(name), old_thresholds.get(name))),
                tolerance,
                comparable,
            )
        )
    old_verdicts, new_verdicts = _verdicts(old), _verdicts(new)
    for name in [*sorted({*old_verdicts, *new_verdicts} - {"overall"}), "overall"]:
        before, after = old_verdicts.get(name, "-"), new_verdicts.get(name, "-")
        if before != after:
            lane.verdicts.append(VerdictChange(name, before, after))

    old_status = case_statuses(old)
    verdicts = case_verdicts(new)
    new_status = {case_id: (status, why) for case_id, (status, why, _) in verdicts.items()}
    new_causes = {case_id: cause for case_id, (_, _, cause) in verdicts.items()}
    old_cases = {c["id"]: c for c in old["cases"]}
    for case in new["cases"]:
        case_id = case["id"]
        if case_id not in old_status:
            lane.added.append(case_id)
            continue
        (before, _), (after, why) = old_status[case_id], new_status[case_id]
        if before != after:
            if before == "pass" and after == "fail":
                lane.to_fail.append(
                    CaseFlip(case_id, before, after, why, new_causes.get(case_id, "other"))
                )
            elif before == "fail" and after == "pass":
                lane.to_pass.append(CaseFlip(case_id, before, after, ""))
            else:
                lane.other_flips.append(CaseFlip(case_id, before, after, why))
        elif after == "pass" and case.get("trace_hash") != old_cases[case_id].get("trace_hash"):
            lane.trace_changed.append(case_id)
    if not lane.partial:
        lane.removed = [c["id"] for c in old["cases"] if c["id"] not in new_status]
    return lane


def compare_documents(
    old: Mapping[LaneKey, Mapping[str, Any]],
    new: Mapping[LaneKey, Mapping[str, Any]],
    *,
    tolerance: float = 0.0,
    only_new_lanes: bool = False,
) -> Comparison:
    """Compare two sets of results documents, keyed by (lane, split, version).

    ``only_new_lanes``: the new side ran a selection of lanes (``pytest --lane x``),
    so lanes only in the baseline are not reported as removed.
    """
    if tolerance < 0 or not math.isfinite(tolerance):
        raise ValueError(f"the tolerance must be a finite number >= 0, got {tolerance!r}")

    def order(key: LaneKey) -> tuple[str, str, str]:
        return (key[0], key[1], key[2] or "")

    shared = sorted(set(old) & set(new), key=order)
    return Comparison(
        lanes=[compare_lane(old[k], new[k], tolerance=tolerance) for k in shared],
        added_lanes=[lane_label(k) for k in sorted(set(new) - set(old), key=order)],
        removed_lanes=[]
        if only_new_lanes
        else [lane_label(k) for k in sorted(set(old) - set(new), key=order)],
        tolerance=tolerance,
    )


def tolerance_value(text: str) -> float:
    """argparse type (and the pytest option's check): a finite number >= 0."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"{text!r} is not a number; give the largest metric move to tolerate, such as 0.01"
        ) from None
    if not math.isfinite(value) or value < 0:
        raise argparse.ArgumentTypeError(f"{text!r}: the tolerance must be a finite number >= 0")
    return value
