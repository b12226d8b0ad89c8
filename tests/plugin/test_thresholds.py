"""Threshold markers gate a lane: the table, the misses, the exit code and the final line."""

from __future__ import annotations

import pytest

from tests.helpers import MakeLane

# A metric per case: "correct" is true when the case's expectation holds.
GATED_LANE = """
import pytest
from pytest_core_verify import metric

pytestmark = [pytest.mark.threshold("correct", {bounds})]

def run(case, workdir):
    return {{"double": case["x"] * 2}}

@metric
def correct(case, result):
    return result["double"] == case["expect"]
"""


def cases(good: int, bad: int, prefix: str = "c") -> list[dict[str, object]]:
    """``good`` cases that meet ``correct`` and then ``bad`` that miss it, in file order."""
    made: list[dict[str, object]] = []
    for i in range(good + bad):
        made.append({"id": f"{prefix}{i:02d}", "x": i, "expect": i * 2 if i < good else -1})
    return made


def final_line(result: pytest.RunResult) -> str:
    return next(line for line in reversed(result.outlines) if line.strip())


def test_threshold_met_passes_with_a_clean_final_line(
    pytester: pytest.Pytester, make_lane: MakeLane
) -> None:
    make_lane(code=GATED_LANE.format(bounds="min=0.75"), dev=cases(3, 1))
    result = pytester.runpytest("--snapshot-update")
    result.assert_outcomes(passed=5)
    assert result.ret == pytest.ExitCode.OK
    result.stdout.fnmatch_lines(
        [
            "*= core-verify lanes =*",
            "demo/dev: 4 case(s)",
            "  metric * value  threshold * result  missed by",
            # A row that passes names nobody (the results file still lists the misses).
            "  correct * 0.7500  >= 0.75 * PASS",
            "  replay_determinism * 1.0000  - * -",
            "  overall: PASS",
        ]
    )
    assert final_line(result).endswith(" 5 passed in " + final_line(result).split(" in ")[-1])
    # Four cases and the lane's gate, which passed.
    assert "failed" not in final_line(result)


def test_threshold_missed_fails_the_run_though_every_item_passed(
    pytester: pytest.Pytester, make_lane: MakeLane
) -> None:
    make_lane(code=GATED_LANE.format(bounds="min=0.8"), dev=cases(3, 1))
    result = pytester.runpytest("--snapshot-update", "-p", "no:xdist")
    # A miss is not an item failure: all four items pass, the lane does not.
    result.assert_outcomes(failed=1, passed=4)
    assert result.ret == pytest.ExitCode.TESTS_FAILED
    result.stdout.fnmatch_lines(
        [
            "  correct * 0.7500  >= 0.8 * FAIL    c03",
            "  overall: FAIL (1 threshold(s) not met: correct)",
        ]
    )
    # Never a green "N passed" line: the count of failed thresholds is on it.
    assert final_line(result).startswith("=")
    # The missed threshold is a failed test of its own: the lane's gate.
    result.stdout.fnmatch_lines(["=* 1 failed, 4 passed in *"])


NUMERIC_LANE = """
import pytest
from pytest_core_verify import metric

pytestmark = [
    pytest.mark.threshold("size", min=0.2, max=0.6),
    pytest.mark.threshold("cost", max=2),
    pytest.mark.threshold("replay_determinism", max=0.5),
]

def run(case, workdir):
    return {"x": case["x"]}

@metric
def size(case, result):
    return result["x"] / 10

@metric
def cost(case, result):
    return result["x"]
"""


def test_max_and_range_thresholds(pytester: pytest.Pytester, make_lane: MakeLane) -> None:
    make_lane(code=NUMERIC_LANE, dev=[{"id": f"n{x}", "x": x} for x in (1, 3, 5, 7)])
    result = pytester.runpytest("--snapshot-update")
    assert result.ret == pytest.ExitCode.TESTS_FAILED
    result.stdout.fnmatch_lines(
        [
            # cost: mean 4 is above its max; the cases above 2 are named.
            "  cost * 4.0000  <= 2 * FAIL    n3, n5, n7",
            # Deterministic cases are above the max: every case misses it.
            "  replay_determinism * 1.0000  <= 0.5 * FAIL    n1, n3, n5, n7",
            # size: mean 0.4 is inside the range; the cases outside it are named.
            "  size * 0.4000  in [[]0.2, 0.6] * PASS",
            "  overall: FAIL (2 threshold(s) not met: cost, replay_determinism)",
        ]
    )
    result.stdout.fnmatch_lines(["*1 failed, 4 passed*"])


def test_misses_name_the_first_ten_cases_then_a_count(
    pytester: pytest.Pytester, make_lane: MakeLane
) -> None:
    make_lane(code=GATED_LANE.format(bounds="min=0.9"), dev=cases(2, 13))
    result = pytester.runpytest("--snapshot-update")
    assert result.ret == pytest.ExitCode.TESTS_FAILED
    shown = ", ".join(f"c{i:02d}" for i in range(2, 12))
    result.stdout.fnmatch_lines([f"  correct * 0.1333  >= 0.9 * FAIL    {shown} (+3 more)"])
    row = next(line for line in result.outlines if line.startswith("  correct "))
    assert "c12" not in row and "c14" not in row and "c00" not in row


def test_each_failed_threshold_of_each_lane_and_split_is_counted(
    pytester: pytest.Pytester, make_lane: MakeLane
) -> None:
    code = GATED_LANE.format(bounds="min=0.9").replace(
        "pytestmark = [",
        'pytestmark = [pytest.mark.threshold("replay_determinism", max=0.5), ',
    )
    make_lane("alpha", code=code, dev=cases(1, 1), public={"v1": cases(2, 0, "p")})
    make_lane("beta", code=GATED_LANE.format(bounds="min=0.5"), dev=cases(1, 1))
    result = pytester.runpytest("--snapshot-update")
    assert result.ret == pytest.ExitCode.TESTS_FAILED
    result.stdout.fnmatch_lines(
        [
            "alpha/dev: 2 case(s)",
            "  overall: FAIL (2 threshold(s) not met: correct, replay_determinism)",
            "alpha/public/v1: 2 case(s)",
            "  overall: FAIL (1 threshold(s) not met: replay_determinism)",
            "beta/dev: 2 case(s)",
            "  overall: PASS",
        ]
    )
    result.stdout.fnmatch_lines(["*2 failed, 7 passed*"])


def test_a_conftest_marker_closer_to_the_item_overrides_the_lane(
    pytester: pytest.Pytester, make_lane: MakeLane
) -> None:
    make_lane(code=GATED_LANE.format(bounds="min=0.9"), dev=cases(1, 1))
    pytester.makeconftest(
        """
        import pytest

        def pytest_collection_modifyitems(items):
            for item in items:
                # append=False: before the lane's own marker, so it is the closest.
                item.add_marker(pytest.mark.threshold("correct", min=0.5), append=False)
        """
    )
    result = pytester.runpytest("--snapshot-update")
    assert result.ret == pytest.ExitCode.OK, result.stdout.str()
    result.stdout.fnmatch_lines(["  correct * 0.5000  >= 0.5 * PASS", "  overall: PASS"])


def test_a_case_that_errors_fails_its_lane(pytester: pytest.Pytester, make_lane: MakeLane) -> None:
    lane = GATED_LANE.format(bounds="min=0.5").replace(
        "def run(case, workdir):\n", "def run(case, workdir):\n    1 / case['x']\n"
    )
    make_lane(code=lane, dev=cases(3, 0))
    result = pytester.runpytest("--snapshot-update")
    result.assert_outcomes(passed=2, failed=2)
    result.stdout.fnmatch_lines(
        [
            "  correct * 1.0000  >= 0.5 * PASS",
            "  overall: FAIL (1 case(s) with an error in run() or a metric: c00)",
        ]
    )


def test_the_final_line_is_not_green(pytester: pytest.Pytester, make_lane: MakeLane) -> None:
    make_lane(code=GATED_LANE.format(bounds="min=0.8"), dev=cases(3, 1))
    result = pytester.runpytest("--snapshot-update", "--color=yes")
    assert result.ret == pytest.ExitCode.TESTS_FAILED
    line = final_line(result)
    assert "1 failed" in line
    # The line's own colour (its "=" rules) is not green, whatever colour "4 passed" is.
    assert not line.startswith("\x1b[32m"), line
    assert line.startswith(("\x1b[31m", "\x1b[33m")), line  # red or yellow
