"""A worker that dies mid-run: its lane is incomplete, the run fails, nothing claims a pass."""

from __future__ import annotations

import json

import pytest

from tests.helpers import MakeLane

# The case named by CV_CRASH kills its process, as a segfault in the system would.
CRASHING_LANE = """
import os
import pytest
from pytest_core_verify import metric

pytestmark = [pytest.mark.threshold("correct", min=0.5)]

def run(case, workdir):
    if case["id"] == os.environ.get("CV_CRASH"):
        os._exit(3)
    return {"double": case["x"] * 2}

@metric
def correct(case, result):
    return result["double"] == case["expect"]
"""

DEV = [{"id": f"c{i}", "x": i, "expect": 2 * i} for i in range(6)]
PUBLIC = {"v1": [{"id": "p0", "x": 0, "expect": 0}, {"id": "p1", "x": 1, "expect": 2}]}


@pytest.fixture
def crashing_lane(
    pytester: pytest.Pytester, make_lane: MakeLane, monkeypatch: pytest.MonkeyPatch
) -> None:
    make_lane(code=CRASHING_LANE, dev=DEV, public=PUBLIC)
    # Pinned first, without the crash, so that the crash is the only thing wrong.
    monkeypatch.delenv("CV_CRASH", raising=False)
    assert pytester.runpytest("--snapshot-update").ret == pytest.ExitCode.OK
    monkeypatch.setenv("CV_CRASH", "c3")


def load_results(pytester: pytest.Pytester) -> dict[str, dict[str, object]]:
    out = pytester.path / "out"
    return {p.name: json.loads(p.read_text(encoding="utf-8")) for p in out.glob("*.json")}


@pytest.mark.usefixtures("crashing_lane")
def test_crashed_worker_makes_its_lane_incomplete(pytester: pytest.Pytester) -> None:
    result = pytester.runpytest_subprocess("-n", "2", "--results", "out")
    assert result.ret == pytest.ExitCode.TESTS_FAILED
    result.stdout.fnmatch_lines(["*worker 'gw*' crashed while running*c3*"])
    result.stdout.fnmatch_lines(
        [
            "*= core-verify lanes =*",
            "demo/dev: 5 case(s), 1 never reported",
            "  overall: FAIL (incomplete: 1 case(s) never reported, such as c3)",
            "demo/public/v1: 2 case(s)",
            "  overall: PASS",
        ]
    )
    result.stdout.fnmatch_lines(["*2 failed, 8 passed in *"])

    docs = load_results(pytester)
    dev = docs["demo.dev.json"]
    assert dev["complete"] is False
    assert dev["missing"] == ["c3"]
    assert dev["metrics"]["overall_pass"] is False
    # The thresholds of the reported cases hold; the missing case still fails the lane.
    assert dev["metrics"]["correct"] == 1.0
    assert [c["id"] for c in dev["cases"]] == ["c0", "c1", "c2", "c4", "c5"]
    assert docs["demo.public.v1.json"]["metrics"]["overall_pass"] is True


@pytest.mark.usefixtures("crashing_lane")
def test_without_worker_restarts_the_unrun_cases_are_named(pytester: pytest.Pytester) -> None:
    # loadfile: one worker runs all of dev in file order, so c4 and c5 never start.
    result = pytester.runpytest_subprocess(
        "-n", "2", "--max-worker-restart", "0", "--dist", "loadfile", "--results", "out"
    )
    assert result.ret == pytest.ExitCode.TESTS_FAILED
    result.stdout.fnmatch_lines(
        [
            "demo/dev: 3 case(s), 3 never reported",
            "  overall: FAIL (incomplete: 3 case(s) never reported, such as c3, c4, c5)",
        ]
    )
    result.stdout.fnmatch_lines(["*2 failed, 6 passed*in *"])
    dev = load_results(pytester)["demo.dev.json"]
    assert (dev["complete"], dev["missing"]) == (False, ["c3", "c4", "c5"])
    assert dev["metrics"]["overall_pass"] is False


@pytest.mark.usefixtures("crashing_lane")
def test_a_crash_without_xdist_writes_no_results(pytester: pytest.Pytester) -> None:
    result = pytester.runpytest_subprocess("-p", "no:xdist", "--results", "out")
    assert result.ret == 3  # the process itself died
    assert not load_results(pytester)
