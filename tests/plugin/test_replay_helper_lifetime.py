"""The replay helper's life: it ends with the pytest process that started it (killed,
or an xdist worker that crashed), its process group ends with the session, and a
helper that dies is reported at once, whatever holds its reply pipe open."""

from __future__ import annotations

import contextlib
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.helpers import MakeLane

# Run B happens in the helper, whose HOME is a directory of its own: the lane tells
# where it runs by that (run A, in the pytest process, returns at once).
IN_HELPER = "'cv-replay-helper' in os.environ.get('HOME', '')"

BUSY_IN_HELPER = f"""
import os

def run(case, workdir):
    if {IN_HELPER}:
        with open(case["pids"], "a") as out:
            out.write(f"{{os.getpid()}} {{os.getppid()}}\\n")
        while True:  # a case that never ends, at full CPU
            pass
    return {{}}
"""


#: How long a process that must end is given to end, and the bound a session that must not
#: wait on a child stays under: the children sleep 300 s, so a session that waited on one
#: (or on a 200 s time limit) is told apart from a slow one on a loaded two-core machine
#: by a wide margin (the waits poll, so a fast machine pays nothing for them).
DEATH_WAIT = 30
PROMPTLY = 90


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    with contextlib.suppress(ChildProcessError):
        if os.waitpid(pid, os.WNOHANG)[0] == pid:  # our own child, now a zombie
            return False
    try:
        state = Path(f"/proc/{pid}/stat").read_text().split(")")[-1].split()[0]
    except OSError:
        return True
    return state != "Z"


def _wait_for(predicate: object, seconds: float) -> bool:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if predicate():  # type: ignore[operator]
            return True
        time.sleep(0.05)
    return False


@pytest.mark.parametrize("xdist", [False, True], ids=["serial", "xdist"])
def test_the_helper_ends_when_its_pytest_process_is_killed(
    pytester: pytest.Pytester, make_lane: MakeLane, xdist: bool
) -> None:
    pids = pytester.path / "pids.txt"
    make_lane(code=BUSY_IN_HELPER, dev=[{"id": "busy", "pids": str(pids)}])
    args = ["-n", "1"] if xdist else ["-p", "no:xdist"]
    session = subprocess.Popen(
        [sys.executable, "-m", "pytest", "--run-timeout", "0", *args],
        cwd=pytester.path,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    helper = parent = 0
    try:
        assert _wait_for(lambda: pids.exists() and pids.read_text().endswith("\n"), 60)
        helper, parent = map(int, pids.read_text().split())
        # SIGKILL: the process that started the helper gets no chance to clean up (a
        # crashed xdist worker, a CI runner that kills the job).
        os.kill(parent, signal.SIGKILL)
        assert _wait_for(lambda: not _alive(helper), DEATH_WAIT), "the helper outlived its parent"
    finally:
        for pid in (helper, parent):
            with contextlib.suppress(OSError):
                if pid:
                    os.kill(pid, signal.SIGKILL)
        with contextlib.suppress(OSError):
            os.killpg(session.pid, signal.SIGKILL)
        session.wait()


SLEEPER_IN_HELPER = f"""
import os
import subprocess
import sys

def run(case, workdir):
    if {IN_HELPER}:
        sleeper = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(600)"])
        with open(case["pids"], "a") as out:
            out.write(f"{{sleeper.pid}}\\n")
    return {{"x": case["x"]}}
"""


@pytest.mark.parametrize("xdist", [False, True], ids=["serial", "xdist"])
def test_what_run_b_left_running_ends_with_the_session(
    pytester: pytest.Pytester, make_lane: MakeLane, xdist: bool
) -> None:
    pids = pytester.path / "pids.txt"
    make_lane(code=SLEEPER_IN_HELPER, dev=[{"id": "a", "x": 1, "pids": str(pids)}])
    args = ["-n", "1"] if xdist else ["-p", "no:xdist"]
    result = pytester.runpytest_subprocess("--snapshot-update", *args, timeout=120)
    sleepers = [int(line) for line in pids.read_text().split()]
    try:
        result.assert_outcomes(passed=2)
        assert sleepers
        assert _wait_for(lambda: not any(_alive(pid) for pid in sleepers), DEATH_WAIT)
    finally:
        for pid in sleepers:
            with contextlib.suppress(OSError):
                os.kill(pid, signal.SIGKILL)


FORK_THEN_DIE = f"""
import os
import time

def run(case, workdir):
    if "pids" in case and {IN_HELPER}:
        child = os.fork()
        if child == 0:  # a pool worker, say: it holds every pipe of the helper open
            time.sleep(300)
            os._exit(0)
        with open(case["pids"], "a") as out:
            out.write(f"{{child}}\\n")
        os._exit(3)
    return {{}}
"""


@pytest.mark.parametrize("timeout", ["0", "200"])
def test_a_helper_that_dies_is_reported_at_once_though_its_child_holds_the_pipe(
    pytester: pytest.Pytester, make_lane: MakeLane, timeout: str
) -> None:
    pids = pytester.path / "pids.txt"
    make_lane(code=FORK_THEN_DIE, dev=[{"id": "dies", "pids": str(pids)}, {"id": "ok"}])
    started = time.monotonic()
    result = pytester.runpytest_subprocess(
        "--snapshot-update",
        "-p",
        "no:xdist",
        "--run-timeout",
        timeout,
        "--results",
        "results",
        timeout=240,
    )
    elapsed = time.monotonic() - started
    children = [int(line) for line in pids.read_text().split()]
    try:
        result.stdout.fnmatch_lines(
            ["*run B: the replay helper died (exit status 3) while running this case*"]
        )
        assert elapsed < PROMPTLY, f"waited {elapsed:.1f}s for a helper that had died"
        data = json.loads((pytester.path / "results" / "demo.dev.json").read_text())
        errors = {case["id"]: case.get("error") for case in data["cases"]}
        assert errors == {"dies": "replay helper died (run B)", "ok": None}
        # The child that held the pipe was in the helper's group: stopped with it.
        assert _wait_for(lambda: not any(_alive(pid) for pid in children), DEATH_WAIT)
    finally:
        for pid in children:
            with contextlib.suppress(OSError):
                os.kill(pid, signal.SIGKILL)


FORK_IN_RUN_A = f"""
import os
import time

def run(case, workdir):
    if not {IN_HELPER} and not os.path.exists(case["pids"]):
        child = os.fork()
        if child == 0:  # a copy of the pytest process, with the helper's request pipe
            time.sleep(300)
            os._exit(0)
        with open(case["pids"], "a") as out:
            out.write(f"{{child}}\\n")
    return {{"x": 1}}
"""


def test_a_process_forked_by_run_a_does_not_hold_the_session_open(
    pytester: pytest.Pytester, make_lane: MakeLane
) -> None:
    """The helper is told to end: a copy of the pytest process that run A forked holds
    the helper's request pipe open, and the session must not wait on it. Serial only:
    under xdist the fork holds the worker's own execnet pipes too, and execnet waits on
    those at the end of the session, with the plugin or without it."""
    pids = pytester.path / "pids.txt"
    make_lane(code=FORK_IN_RUN_A, dev=[{"id": "a", "pids": str(pids)}])
    started = time.monotonic()
    result = pytester.runpytest_subprocess(
        "--snapshot-update", "--replay", "process", "-p", "no:xdist", timeout=240
    )
    took = time.monotonic() - started
    children = [int(line) for line in pids.read_text().split()]
    try:
        result.assert_outcomes(passed=2)
        assert children
        assert took < PROMPTLY, f"the session took {took:.1f}s"
    finally:
        for pid in children:
            with contextlib.suppress(OSError):
                os.kill(pid, signal.SIGKILL)
