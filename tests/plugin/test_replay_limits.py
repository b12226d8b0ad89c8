"""Every phase of a case under a limit, each call of ``run()`` under its own: special
files in a workdir are recorded by kind (never opened), the helper's start-up and the
lane's import have their own limit, each of the helper's calls is timed against the
run limit, a lane's own ``SIGALRM`` use leaves the limit on, and pytest-timeout's limit
stops the helper and is recorded as a time limit."""

from __future__ import annotations

import json
import signal
import time
from xml.etree import ElementTree

import pytest

from tests.helpers import MakeLane

IN_HELPER = "'cv-replay-helper' in os.environ.get('HOME', '')"

SPECIAL_FILES = """
import os
import socket

def run(case, workdir):
    kind = case["kind"]
    if kind == "fifo":
        os.mkfifo(workdir / "pipe")
    elif kind == "socket":
        # Bound by a relative name: a Unix socket's path is limited to about 100 bytes.
        here = os.getcwd()
        os.chdir(workdir)
        try:
            server = socket.socket(socket.AF_UNIX)
            server.bind("sock")
            server.close()
        finally:
            os.chdir(here)
    (workdir / "out.txt").write_text(kind, encoding="utf-8")
    return {"kind": kind}
"""


@pytest.mark.parametrize("mode", ["process", "inprocess"])
def test_special_files_in_a_workdir_are_recorded_by_kind_never_opened(
    pytester: pytest.Pytester, make_lane: MakeLane, mode: str
) -> None:
    make_lane(
        code=SPECIAL_FILES, dev=[{"id": "fifo", "kind": "fifo"}, {"id": "sock", "kind": "socket"}]
    )
    # A FIFO opened for reading waits for a writer: the session would never end.
    result = pytester.runpytest_subprocess(
        "--snapshot-update", "-p", "no:xdist", "--replay", mode, "--results", "results", timeout=60
    )
    result.assert_outcomes(passed=3)
    data = json.loads((pytester.path / "results" / "demo.dev.json").read_text())
    assert {case["id"]: case.get("error") for case in data["cases"]} == {"fifo": None, "sock": None}


# The helper's second call (run B) is slow, its first (the warm-up) and run A are not:
# under a 2x budget for both calls it passed a limit it is over.
SLOW_RUN_B = f"""
import os
import time

CALLS = []

def run(case, workdir):
    CALLS.append(case["id"])
    if {IN_HELPER} and len(CALLS) == 2:
        time.sleep(case["seconds"])
    return {{"x": 1}}
"""


def test_each_call_of_run_in_the_helper_has_the_whole_limit_and_no_more(
    pytester: pytest.Pytester, make_lane: MakeLane
) -> None:
    make_lane(code=SLOW_RUN_B, dev=[{"id": "slow", "seconds": 1.7}])
    result = pytester.runpytest_subprocess(
        "--snapshot-update", "-p", "no:xdist", "--run-timeout", "1", timeout=60
    )
    result.stdout.fnmatch_lines(["FAILED *::slow - run() exceeded 1s (run B)"])


SLOW_IMPORT = f"""
import os
import time

if {IN_HELPER}:
    time.sleep(2.5)  # a heavy import, in the helper only

def run(case, workdir):
    return {{"x": case["x"]}}
"""


def test_the_lanes_import_in_the_helper_is_not_charged_to_run_b(
    pytester: pytest.Pytester, make_lane: MakeLane
) -> None:
    make_lane(code=SLOW_IMPORT, dev=[{"id": "a", "x": 1}, {"id": "b", "x": 2}])
    result = pytester.runpytest_subprocess(
        "--snapshot-update", "-p", "no:xdist", "--run-timeout", "1", timeout=60
    )
    result.assert_outcomes(passed=3)


# As timeout-decorator does: its own alarm around a call, switched off after it. The
# process's one real-time timer is then off; a hang later in the same call must still
# end at the harness's limit.
OWN_ALARM = """
import signal
import time

def _on_alarm(signum, frame):
    raise TimeoutError("the lane's own limit")

def run(case, workdir):
    old = signal.signal(signal.SIGALRM, _on_alarm)
    signal.alarm(30)
    try:
        time.sleep(0.01)
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)
    if case.get("hang"):
        time.sleep(120)
    return {"x": 1}
"""


@pytest.mark.parametrize("mode", ["process", "inprocess"])
def test_a_lanes_own_alarm_does_not_switch_the_limit_off(
    pytester: pytest.Pytester, make_lane: MakeLane, mode: str
) -> None:
    make_lane(code=OWN_ALARM, dev=[{"id": "hang", "hang": True}, {"id": "ok"}])
    started = time.monotonic()
    result = pytester.runpytest_subprocess(
        "--snapshot-update", "-p", "no:xdist", "--run-timeout", "1", "--replay", mode, timeout=60
    )
    assert time.monotonic() - started < 30
    result.stdout.fnmatch_lines(["FAILED *::hang - run() exceeded 1s (run A)"])
    result.assert_outcomes(passed=1, failed=2)  # ok; hang and the lane's gate


SLEEPS = """
import time

def run(case, workdir):
    time.sleep(case["seconds"])
    return {"x": 1}
"""


@pytest.mark.parametrize("xdist", [False, True], ids=["serial", "xdist"])
def test_pytest_timeout_stops_the_case_and_is_recorded_as_a_time_limit(
    pytester: pytest.Pytester, make_lane: MakeLane, xdist: bool
) -> None:
    make_lane(code=SLEEPS, dev=[{"id": "slow", "seconds": 10}, {"id": "quick", "seconds": 0}])
    args = ["-n", "1"] if xdist else ["-p", "no:xdist"]
    pytester.runpytest_subprocess(
        "--snapshot-update",
        "--timeout",
        "1",
        "--timeout-method",
        "signal",
        "--results",
        "results",
        "--junitxml",
        "junit.xml",
        *args,
        timeout=60,
    )
    # The helper was stopped, not waited for: its two calls would take 20 s. (The
    # case's own time, from the JUnit report: the session's start-up is not counted.)
    junit = ElementTree.parse(pytester.path / "junit.xml")
    seconds = {case.get("name"): float(case.get("time", "0")) for case in junit.iter("testcase")}
    assert seconds["slow"] < 8, seconds
    data = json.loads((pytester.path / "results" / "demo.dev.json").read_text())
    errors = {case["id"]: case.get("error") for case in data["cases"]}
    assert errors == {"slow": "run() exceeded 1s (pytest-timeout)", "quick": None}


BLOCKS_THE_WAKE_UP = """
import signal
import time

def run(case, workdir):
    if case.get("hang"):
        signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGVTALRM})
        try:
            started = time.monotonic()
            while time.monotonic() - started < 60:
                pass
        finally:
            signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGVTALRM})
    return {"x": 1}
"""


@pytest.mark.skipif(not hasattr(signal, "SIGVTALRM"), reason="POSIX signals")
@pytest.mark.parametrize("xdist", [False, True], ids=["serial", "xdist"])
@pytest.mark.parametrize("mode", ["process", "inprocess"])
def test_a_run_that_blocks_the_wake_up_signal_still_ends_at_its_limit(
    pytester: pytest.Pytester, make_lane: MakeLane, mode: str, xdist: bool
) -> None:
    make_lane(code=BLOCKS_THE_WAKE_UP, dev=[{"id": "hang", "hang": True}, {"id": "ok"}])
    workers = ["-n", "2"] if xdist else ["-p", "no:xdist"]
    started = time.monotonic()
    result = pytester.runpytest_subprocess(
        "--snapshot-update", *workers, "--run-timeout", "1", "--replay", mode, timeout=120
    )
    assert time.monotonic() - started < 30
    result.stdout.fnmatch_lines(["FAILED *::hang - run() exceeded 1s (run A)"])
    result.assert_outcomes(passed=1, failed=2)  # ok; hang and the lane's gate
