"""``--lane-resume``: an interrupted lane goes on where it stopped, with the results of
one whole run."""

from __future__ import annotations

import os

import pytest

from tests.helpers import MakeLane

LANE = """
import os
import pytest
from pytest_core_verify import metric

pytestmark = [pytest.mark.threshold("correct", min=0.5)]

def run(case, workdir):
    if case["id"] == os.environ.get("STOP_AT"):
        raise KeyboardInterrupt  # as Ctrl-C (or a CI time limit) would stop the run
    with open(os.environ["RAN_LOG"], "a") as log:
        log.write(case["id"] + "\\n")
    return {"double": case["x"] * 2}

@metric
def correct(case, result):
    return result["double"] == case["expect"]
"""
CASES = [{"id": f"c{i}", "x": i, "expect": 2 * i if i != 4 else 0} for i in range(1, 7)]


def _ran(log: str) -> list[str]:
    with open(log, encoding="utf-8") as handle:
        return sorted(set(handle.read().split()))


@pytest.mark.parametrize("xdist", [["-p", "no:xdist"], ["-n", "2"]], ids=["serial", "xdist"])
def test_a_resumed_run_skips_finished_cases_and_writes_the_same_results(
    pytester: pytest.Pytester,
    make_lane: MakeLane,
    monkeypatch: pytest.MonkeyPatch,
    xdist: list[str],
) -> None:
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1767225600")
    log = str(pytester.path / "ran.log")
    monkeypatch.setenv("RAN_LOG", log)
    make_lane(code=LANE, dev=CASES)
    pytester.runpytest("--snapshot-update", "-p", "no:xdist").assert_outcomes(passed=7)
    pytester.runpytest("--results", "whole", "-p", "no:xdist").assert_outcomes(passed=7)
    whole = (pytester.path / "whole" / "demo.dev.json").read_bytes()
    os.unlink(log)

    monkeypatch.setenv("STOP_AT", "c4")
    stopped = pytester.runpytest_subprocess("--results", "out", "-p", "no:xdist")
    assert stopped.ret == pytest.ExitCode.INTERRUPTED
    assert _ran(log) == ["c1", "c2", "c3"]
    assert not (pytester.path / "out" / "demo.dev.json").exists()

    monkeypatch.delenv("STOP_AT")
    os.unlink(log)
    resumed = pytester.runpytest_subprocess("--lane-resume", "--results", "out", *xdist)
    assert resumed.ret == pytest.ExitCode.OK
    assert _ran(log) == ["c4", "c5", "c6"]  # c1..c3 finished before: not run again
    if not xdist[-1].isdigit():  # serially; xdist's workers deselect on their own
        resumed.stdout.fnmatch_lines(["*= 4 passed, 3 deselected in *"])
    assert (pytester.path / "out" / "demo.dev.json").read_bytes() == whole
    # Done: the journal is gone, and a new resume runs everything.
    os.unlink(log)
    again = pytester.runpytest_subprocess("--lane-resume", "-p", "no:xdist")
    assert again.ret == pytest.ExitCode.OK and len(_ran(log)) == 6


def test_a_changed_line_or_lane_runs_again(
    pytester: pytest.Pytester, make_lane: MakeLane, monkeypatch: pytest.MonkeyPatch
) -> None:
    log = str(pytester.path / "ran.log")
    monkeypatch.setenv("RAN_LOG", log)
    make_lane(code=LANE, dev=CASES)
    pytester.runpytest("--snapshot-update", "-p", "no:xdist")
    monkeypatch.setenv("STOP_AT", "c4")
    pytester.runpytest_subprocess("-p", "no:xdist")
    monkeypatch.delenv("STOP_AT")
    os.unlink(log)
    changed = [dict(c, x=c["x"] + 10) if c["id"] == "c2" else c for c in CASES]
    make_lane(code=LANE, dev=changed)
    pytester.runpytest_subprocess("--lane-resume", "--snapshot-update", "-p", "no:xdist")
    assert _ran(log) == ["c2", "c4", "c5", "c6"]  # c2's line changed: it runs again

    monkeypatch.setenv("STOP_AT", "c5")
    pytester.runpytest_subprocess("-p", "no:xdist")
    monkeypatch.delenv("STOP_AT")
    os.unlink(log)
    make_lane(code=LANE + "\n# a changed lane.py\n", dev=changed)
    pytester.runpytest_subprocess("--lane-resume", "-p", "no:xdist")
    assert len(_ran(log)) == 6  # another lane.py: the journal does not stand
