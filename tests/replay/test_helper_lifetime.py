"""A process bound to its parent ends when the parent does (``bind_to_parent``)."""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import time

import pytest

# The parent starts the bound child (in a session of its own, as the helper is), prints
# its pid, and waits to be killed.
PARENT = """
import subprocess, sys, time
child = subprocess.Popen(
    [sys.executable, "-c", sys.argv[1], str(__import__("os").getpid()), sys.argv[2]],
    start_new_session=True,
)
print(child.pid, flush=True)
time.sleep(600)
"""
CHILD = """
import sys, time
from pytest_core_verify._replay.lifetime import bind_to_parent
bind_to_parent(int(sys.argv[1]), kernel_signal=sys.argv[2] == "1")
time.sleep(600)
"""


def _gone(pid: int, seconds: float) -> bool:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return True
        time.sleep(0.05)
    return False


@pytest.mark.parametrize("kernel_signal", ["1", "0"], ids=["parent-death-signal", "watchdog"])
def test_a_bound_process_ends_with_its_parent(kernel_signal: str) -> None:
    parent = subprocess.Popen(
        [sys.executable, "-c", PARENT, CHILD, kernel_signal], stdout=subprocess.PIPE, text=True
    )
    assert parent.stdout is not None
    child = int(parent.stdout.readline())
    try:
        time.sleep(0.5)  # bound by now
        parent.kill()
        parent.wait()
        assert _gone(child, 5)
    finally:
        for pid in (child, parent.pid):
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)
