"""Live progress of lanes: cases done of those selected, time left, metrics so far.

Shown on a terminal (``auto``) or with ``--lane-progress=on``; never in a non-terminal
run by default or under ``-q``; a sealed split shows counts only.
"""

from __future__ import annotations

import re

import pytest

from pytest_core_verify._plugin import progress
from tests.helpers import DOUBLING_LANE, MakeLane

CASES = [{"id": f"c{i}", "x": i, "expect": 2 * i if i % 4 else -1} for i in range(8)]
LINE = re.compile(
    r"core-verify: (\d+)/8 cases \(\d+%\), \d+:\d\d elapsed(, about \d+:\d\d left)?"
    r"( \| demo/dev: correct (\S+) \(>= 0\.5\) (ok|below))?$"
)


@pytest.fixture
def every_report(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(progress, "INTERVAL_SECONDS", 0.0)  # a line per case report


@pytest.mark.parametrize("xdist", [["-p", "no:xdist"], ["-n", "2"]], ids=["serial", "xdist"])
def test_progress_lines_count_cases_and_follow_the_gated_metric(
    pytester: pytest.Pytester, make_lane: MakeLane, every_report: None, xdist: list[str]
) -> None:
    make_lane(code=DOUBLING_LANE, dev=CASES)
    result = pytester.runpytest("--lane-progress=on", "--snapshot-update", *xdist)
    result.assert_outcomes(passed=9)
    lines = [m for m in map(LINE.match, result.stdout.lines) if m]
    done = [int(m.group(1)) for m in lines]
    assert done == sorted(done) and done[-1] == 8 and len(done) >= 4
    last = lines[-1]
    assert last.group(4) == "0.75" and last.group(5) == "ok"  # c0, c4 miss: 6 of 8
    assert last.group(2) is None  # nothing left: no estimate


def test_no_progress_line_off_a_terminal_or_under_q(
    pytester: pytest.Pytester, make_lane: MakeLane, every_report: None
) -> None:
    make_lane(code=DOUBLING_LANE, dev=CASES)
    plain = pytester.runpytest("--snapshot-update", "-p", "no:xdist")  # auto: not a tty
    quiet = pytester.runpytest("--lane-progress=auto", "-q", "-p", "no:xdist")
    off = pytester.runpytest("--lane-progress=off", "-p", "no:xdist")
    for result in (plain, quiet, off):
        assert not [
            line for line in result.stdout.lines if "core-verify: " in line and "/8 cases" in line
        ]


def test_a_bad_mode_is_a_usage_error(pytester: pytest.Pytester, make_lane: MakeLane) -> None:
    make_lane(code=DOUBLING_LANE, dev=CASES)
    result = pytester.runpytest("--lane-progress=sometimes")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines(["*--lane-progress: invalid choice: 'sometimes'*"])


def test_a_sealed_split_shows_counts_only() -> None:
    from pytest_core_verify._core.aggregate import CaseOutcome, Threshold
    from pytest_core_verify._core.lanes import CaseFileKey
    from pytest_core_verify._plugin.state import CaseFileTracker

    class State:  # the one attribute progress_line reads
        def __init__(self, trackers: dict[str, CaseFileTracker]) -> None:
            self.trackers = trackers

    sealed = CaseFileTracker(
        CaseFileKey("demo", "holdout", "v1"), "holdouts/demo/v1/cases.jsonl.age"
    )
    sealed.expected = {f"h::{i}" for i in range(4)}
    sealed.thresholds = {"correct": Threshold("correct", min=0.5)}
    sealed.outcomes = {
        "h::0": CaseOutcome("secret-id", 1, "passed", "0" * 64, "0" * 64, {"correct": True})
    }
    line = progress.progress_line(State({sealed.relpath: sealed}), 3.0)  # type: ignore[arg-type]
    assert (
        line == "core-verify: 1/4 cases (25%), 0:03 elapsed, about 0:09 left | demo/holdout/v1: 1/4"
    )
    assert "correct" not in line and "secret" not in line
