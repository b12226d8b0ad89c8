"""Ctrl-C mid-run: no results file, no torn snapshot, and the summary says so."""

from __future__ import annotations

import json
import signal
import subprocess
import sys
import time

import pytest

from tests.helpers import MakeLane

# The case named by CV_BLOCK creates the marker file and then waits to be interrupted.
BLOCKING_LANE = """
import os
import time
from pathlib import Path

import pytest
from pytest_core_verify import metric

pytestmark = [pytest.mark.threshold("correct", min=0.5)]

def run(case, workdir):
    if case["id"] == os.environ.get("CV_BLOCK"):
        Path(os.environ["CV_MARKER"]).touch()
        time.sleep(120)
    return {"double": case["x"] * 2, "pin": os.environ.get("CV_PIN", "old")}

@metric
def correct(case, result):
    return result["double"] == case["expect"]
"""

IDS = [f"c{i}" for i in range(6)]


def test_ctrl_c_mid_run(
    pytester: pytest.Pytester, make_lane: MakeLane, monkeypatch: pytest.MonkeyPatch
) -> None:
    make_lane(
        code=BLOCKING_LANE, dev=[{"id": i, "x": n, "expect": 2 * n} for n, i in enumerate(IDS)]
    )
    monkeypatch.delenv("CV_BLOCK", raising=False)
    monkeypatch.delenv("CV_PIN", raising=False)
    assert pytester.runpytest("--snapshot-update").ret == pytest.ExitCode.OK
    pins = pytester.path / "snapshots" / "demo" / "dev"
    old = {p.name: p.read_text(encoding="utf-8") for p in pins.iterdir()}
    assert sorted(old) == [f"{i}.json" for i in IDS]

    # Re-pin with a changed result and interrupt the run while c3 is running.
    marker = pytester.path / "c3-started"
    out = pytester.mkdir("out")
    monkeypatch.setenv("CV_BLOCK", "c3")
    monkeypatch.setenv("CV_MARKER", str(marker))
    monkeypatch.setenv("CV_PIN", "new")
    args = ["-p", "no:xdist", "-p", "no:cacheprovider", "--snapshot-update", "--results", "out"]
    proc = pytester.popen(
        [sys.executable, "-m", "pytest", f"--basetemp={pytester.path / 'tmp'}", *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        stdin=subprocess.DEVNULL,
        # A shell that started us in the background may have set SIGINT to ignored.
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    try:
        deadline = time.monotonic() + 120  # a guard against hanging, not a timed assert
        while not marker.exists():
            assert proc.poll() is None, proc.communicate()[0].decode()
            assert time.monotonic() < deadline, "c3 never started"
            time.sleep(0.05)
        proc.send_signal(signal.SIGINT)
        output = proc.communicate(timeout=120)[0].decode()
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()

    assert proc.returncode == pytest.ExitCode.INTERRUPTED, output
    lines = output.splitlines()
    result = pytest.LineMatcher(lines)
    result.fnmatch_lines(
        [
            "*= core-verify lanes =*",
            "the run was interrupted: lanes are incomplete and no results file was written",
            "demo/dev: 3 case(s), 3 never reported",
            "  overall: FAIL (incomplete: 3 case(s) never reported, such as c3, c4, c5)",
            "*KeyboardInterrupt*",
        ]
    )
    final = next(line for line in reversed(lines) if line.strip())
    assert "3 passed, 1 lane incomplete in" in final, output

    # No results file, not even a partial one, and no temporary file left behind.
    assert list(out.iterdir()) == []
    # Each pin is whole: the old one or the new one, never a mix or a torn file.
    now = {p.name: p.read_text(encoding="utf-8") for p in pins.iterdir()}
    assert sorted(now) == sorted(old)
    for name, text in now.items():
        pin = json.loads(text)
        assert text in (old[name], old[name].replace('"old"', '"new"')), name
        if name in ("c3.json", "c4.json", "c5.json"):  # never finished: untouched
            assert pin["pin"] == "old", name
