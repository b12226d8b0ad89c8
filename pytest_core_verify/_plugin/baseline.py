"""Options that look beyond one run: ``--lane-baseline`` and ``--results-history`` (pytest glue).

The plugin object here is registered on the controller only when one of these options
is given, so a run without them pays nothing for it. It runs after the controller has
aggregated the lanes (a hook wrapper around ``pytest_sessionfinish``).
"""

from __future__ import annotations

import argparse
import os
from pathlib import Path
from typing import Any

import pytest

from pytest_core_verify._core.aggregate import results_document
from pytest_core_verify._core.clock import timestamp
from pytest_core_verify._plugin.state import SessionState
from pytest_core_verify._plugin.stats import SummaryEntry
from pytest_core_verify._results.compare import Comparison, compare_documents, tolerance_value
from pytest_core_verify._results.document import ResultsError, append_history, load_results
from pytest_core_verify._results.history import history_line
from pytest_core_verify._results.summary import append_step_summary

__all__ = ["BASELINE_REGRESSIONS", "HISTORY_NOT_WRITTEN", "RunExtras", "maybe_register"]

BASELINE_REGRESSIONS = "baseline regressions"
HISTORY_NOT_WRITTEN = "results history not written"


def maybe_register(config: pytest.Config, state: SessionState) -> None:
    """On the controller, register ``RunExtras`` if an option asks for it."""
    baseline = config.getoption("lane_baseline")
    history = config.getoption("results_history")
    fail = config.getoption("lane_baseline_fail")
    raw_tolerance = config.getoption("lane_baseline_tolerance")
    try:
        tolerance = tolerance_value(str(raw_tolerance))
    except argparse.ArgumentTypeError as exc:
        raise pytest.UsageError(f"--lane-baseline-tolerance {exc}") from None
    if baseline is None:
        if fail or raw_tolerance != "0":
            raise pytest.UsageError(
                "--lane-baseline-fail and --lane-baseline-tolerance need --lane-baseline DIR"
            )
        if history is None:
            return
    documents = None
    if baseline is not None:
        try:
            documents = load_results(Path(baseline))
        except ResultsError as exc:
            raise pytest.UsageError(f"--lane-baseline {exc}") from None
    config.pluginmanager.register(
        RunExtras(
            state,
            documents,
            tolerance=tolerance,
            fail=fail,
            history=Path(os.path.abspath(history)) if history else None,
        ),
        "core_verify_extras",
    )


class RunExtras:
    def __init__(
        self,
        state: SessionState,
        baseline: dict[Any, dict[str, Any]] | None,
        *,
        tolerance: float,
        fail: bool,
        history: Path | None,
    ) -> None:
        self._state = state
        self._baseline = baseline
        self._tolerance = tolerance
        self._fail = fail
        self._history = history
        self.comparison: Comparison | None = None
        self._history_error: str | None = None

    @pytest.hookimpl(wrapper=True)
    def pytest_sessionfinish(self, session: pytest.Session, exitstatus: int) -> Any:
        outcome = yield
        state = self._state
        if not state.lane_results:
            return outcome
        when = state.lane_results[0].timestamp or timestamp()
        documents = {
            (r.key.lane, r.key.split, r.key.version): results_document(r, when=when)
            for r in state.lane_results
        }
        if self._history is not None and not state.interrupted:
            try:
                append_history(self._history, [history_line(d) for d in documents.values()])
            except ResultsError as exc:
                self._history_error = str(exc)
        if self._baseline is not None:
            self.comparison = compare_documents(
                self._baseline, documents, tolerance=self._tolerance, only_new_lanes=True
            )
        failing = self._history_error is not None or (
            self._fail and self.comparison is not None and self.comparison.regressions
        )
        if failing and session.exitstatus in (
            pytest.ExitCode.OK,
            pytest.ExitCode.NO_TESTS_COLLECTED,
        ):
            session.exitstatus = pytest.ExitCode.TESTS_FAILED
        return outcome

    @pytest.hookimpl(wrapper=True)
    def pytest_terminal_summary(
        self, terminalreporter: Any, exitstatus: int, config: pytest.Config
    ) -> Any:
        outcome = yield
        if self._history_error is not None:
            terminalreporter.write_line(self._history_error, red=True)
            # Counted in the final line, so that it says why a green run failed.
            terminalreporter.stats.setdefault(HISTORY_NOT_WRITTEN, []).append(
                SummaryEntry(self._history_error)
            )
            if hasattr(terminalreporter, "_set_main_color"):
                terminalreporter._set_main_color()
        comparison = self.comparison
        if comparison is None:
            return outcome
        terminalreporter.write_sep("=", "core-verify baseline")
        terminalreporter.write_line(f"baseline: {config.getoption('lane_baseline')}")
        for line in comparison.terminal_lines():
            terminalreporter.write_line(line)
        if self._fail and comparison.regressions:
            terminalreporter.stats.setdefault(BASELINE_REGRESSIONS, []).extend(
                SummaryEntry(text) for text in comparison.regressions
            )
            if hasattr(terminalreporter, "_set_main_color"):
                terminalreporter._set_main_color()
        warning = append_step_summary(comparison.markdown_lines(), what="the baseline comparison")
        if warning:
            terminalreporter.write_line(warning, yellow=True)
        return outcome
