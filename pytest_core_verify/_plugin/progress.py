"""Live progress of a long lane run on a terminal (pytest glue).

pytest's dots say how many tests ran, not how far the lanes are or whether they are on
course. On a terminal (and not under ``-q``), every couple of seconds one line says the
cases done of those selected, the time elapsed and an estimate of the time left, and for
each lane split its gated metrics so far against their thresholds::

    core-verify: 340/1,000 cases (34%), 0:12 elapsed, about 0:23 left | gsm/public/v1:
    accuracy 0.812 (>= 0.8) ok

(one line on the terminal; folded here).

It reads what the controller already gathered from the case reports (the trackers in
the session state), so it sees every case once, with or without xdist. A sealed split
shows its counts only. ``--lane-progress=off`` turns it off; ``on`` forces it (tests).
"""

from __future__ import annotations

import sys
import time
from typing import Any

import pytest

from pytest_core_verify._core import format as fmt
from pytest_core_verify._core.aggregate import finite_metric
from pytest_core_verify._plugin.state import CaseFileTracker, SessionState

__all__ = ["LiveProgress", "maybe_register", "progress_line"]

#: Seconds between two progress lines: often enough to follow, rare enough to read.
INTERVAL_SECONDS = 2.0


def _clock(seconds: float) -> str:
    minutes, secs = divmod(int(seconds + 0.5), 60)
    hours, minutes = divmod(minutes, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"


def _done(tracker: CaseFileTracker) -> int:
    return len(set(tracker.outcomes) | tracker.skipped | tracker.invalid)


def _metrics_so_far(tracker: CaseFileTracker) -> str:
    """The gated metrics' means over the cases so far, each against its threshold."""
    shown = []
    for name, threshold in sorted(tracker.thresholds.items()):
        values = []
        for case in tracker.outcomes.values():
            value = case.metrics.get(name)
            if case.xfail is None and value is not None and finite_metric(value):
                values.append(float(value))
        if not values:
            continue
        mean = sum(values) / len(values)
        if threshold.holds(mean):
            verdict = "ok"
        else:
            verdict = "below" if threshold.min is not None and mean < threshold.min else "above"
        shown.append(f"{name} {fmt.number(mean)} ({threshold.describe()}) {verdict}")
    return ", ".join(shown)


def progress_line(state: SessionState, elapsed: float) -> str | None:
    """The line to show now, or ``None`` before any lane case was selected."""
    trackers = [state.trackers[relpath] for relpath in sorted(state.trackers)]
    total = sum(len(t.expected) for t in trackers)
    if total == 0:
        return None
    done = sum(_done(t) for t in trackers)
    parts = [
        f"core-verify: {done:,}/{total:,} cases ({100 * done // total}%), {_clock(elapsed)} elapsed"
    ]
    if 0 < done < total:
        parts[0] += f", about {_clock(elapsed / done * (total - done))} left"
    for tracker in trackers:
        label = tracker.key.label
        if tracker.key.split == "holdout":
            parts.append(f"{label}: {_done(tracker):,}/{len(tracker.expected):,}")
            continue  # a sealed split: counts only
        metrics = _metrics_so_far(tracker)
        if metrics:
            parts.append(f"{label}: {metrics}")
    return " | ".join(parts)


class LiveProgress:
    """Writes ``progress_line`` at most every ``interval`` seconds as cases report."""

    def __init__(self, config: pytest.Config, state: SessionState, interval: float) -> None:
        self._config = config
        self._state = state
        self._interval = interval
        self._started = time.monotonic()
        self._last = self._started

    @pytest.hookimpl(trylast=True)  # after the controller has taken the report in
    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        if report.when != "call" and report.passed:
            return
        now = time.monotonic()
        if now - self._last < self._interval:
            return
        self._last = now
        line = progress_line(self._state, now - self._started)
        reporter: Any = self._config.pluginmanager.get_plugin("terminalreporter")
        if line is None or reporter is None:
            return
        # xdist writes its dots without telling the reporter a line is open: end it here.
        writer = getattr(reporter, "_tw", None)
        if writer is not None and writer.width_of_current_line:
            reporter.write("\n")
        reporter.write_line(line)


def maybe_register(config: pytest.Config, state: SessionState) -> None:
    """On the controller: register ``LiveProgress`` on a terminal (not under ``-q``), or
    always with ``--lane-progress=on``."""
    mode = config.getoption("lane_progress")
    if mode == "off":
        return
    if mode == "auto" and (config.get_verbosity() < 0 or not sys.stdout.isatty()):
        return
    config.pluginmanager.register(
        LiveProgress(config, state, INTERVAL_SECONDS), "core_verify_progress"
    )
