"""``pytest_core_verify_lane_result``: another plugin receives each lane and adds to it."""

from __future__ import annotations

import json

import pytest

from tests.helpers import MakeLane

CASES = [{"id": "a", "x": 1, "expect": 2}, {"id": "b", "x": 2, "expect": 4}]

CONFTEST = """
from pytest_core_verify._core.aggregate import Threshold

def pytest_core_verify_lane_result(lane_result, config):
    with open("hook-calls.txt", "a", encoding="utf-8") as log:
        log.write(lane_result.key.label + "\\n")
    # A lane-level metric computed from the per-case results, with its own gate.
    hashes = {case.trace_hash for case in lane_result.cases}
    lane_result.add_metric(
        "distinct_traces", len(hashes) / len(lane_result.cases), Threshold("distinct_traces", min=1)
    )
    lane_result.extra["reviewer"] = "conftest"
"""


def test_a_conftest_adds_a_metric_that_reaches_table_results_and_exit_code(
    pytester: pytest.Pytester, make_lane: MakeLane
) -> None:
    # Two cases of dev give the same result: distinct_traces is 0.5 there, below its min.
    make_lane(dev=[*CASES, {"id": "c", "x": 2, "expect": 4}], public={"v1": CASES})
    pytester.makeconftest(CONFTEST)
    result = pytester.runpytest("--snapshot-update", "--results", "out")
    result.assert_outcomes(failed=1, passed=6)
    assert result.ret == pytest.ExitCode.TESTS_FAILED
    result.stdout.fnmatch_lines(
        [
            "demo/dev: 3 case(s)",
            "  distinct_traces * 0.6667  >= 1 * FAIL",
            "  overall: FAIL (1 threshold(s) not met: distinct_traces)",
            "demo/public/v1: 2 case(s)",
            "  distinct_traces * 1.0000  >= 1 * PASS",
            "  overall: PASS",
        ]
    )
    result.stdout.fnmatch_lines(["*1 failed, 6 passed*"])
    # Called once per lane, split and version.
    calls = (pytester.path / "hook-calls.txt").read_text(encoding="utf-8").split()
    assert calls == ["demo/dev", "demo/public/v1"]
    doc = json.loads((pytester.path / "out" / "demo.dev.json").read_text(encoding="utf-8"))
    assert doc["metrics"]["distinct_traces"] == pytest.approx(2 / 3)
    assert doc["thresholds"]["distinct_traces"] == {"min": 1.0}
    assert doc["metrics"]["overall_pass"] is False
    assert doc["extra"] == {"reviewer": "conftest"}


def test_the_hook_runs_on_the_xdist_controller(
    pytester: pytest.Pytester, make_lane: MakeLane
) -> None:
    make_lane(dev=CASES)
    pytester.makeconftest(CONFTEST)
    assert pytester.runpytest("--snapshot-update").ret == pytest.ExitCode.OK
    (pytester.path / "hook-calls.txt").unlink()
    result = pytester.runpytest_subprocess("-n", "2", "--results", "out")
    result.assert_outcomes(passed=3)
    result.stdout.fnmatch_lines(["  distinct_traces * 1.0000  >= 1 * PASS"])
    # Once, on the controller, however many workers ran the cases.
    assert (pytester.path / "hook-calls.txt").read_text(encoding="utf-8").split() == ["demo/dev"]
    doc = json.loads((pytester.path / "out" / "demo.dev.json").read_text(encoding="utf-8"))
    assert doc["metrics"]["distinct_traces"] == 1.0


def test_the_hookspec_is_registered(pytester: pytest.Pytester, make_lane: MakeLane) -> None:
    """pluggy validates an implementation against the spec: a wrong argument is caught."""
    make_lane(dev=CASES)
    pytester.makeconftest(
        """
        def pytest_core_verify_lane_result(lane_result, colour):
            pass
        """
    )
    result = pytester.runpytest()
    assert result.ret != pytest.ExitCode.OK
    result.stderr.fnmatch_lines(["*pytest_core_verify_lane_result*colour*"])
