"""A bad ``threshold`` marker is a usage error that names the lane and the marker."""

from __future__ import annotations

import pytest

from tests.helpers import MakeLane

LANE = """
import pytest
from pytest_core_verify import metric

pytestmark = [{marker}]

def run(case, workdir):
    return {{"double": case["x"] * 2}}

@metric
def correct(case, result):
    return result["double"] == case["expect"]
"""

CASES = [{"id": "a", "x": 1, "expect": 2}, {"id": "b", "x": 2, "expect": 4}]

BAD_MARKERS = {
    "unknown-metric": (
        'pytest.mark.threshold("accuracy", min=0.5)',
        "marker threshold('accuracy', min=0.5) names unknown metric 'accuracy'; "
        "the lane's metrics are: correct, replay_determinism",
    ),
    "min-above-max": (
        'pytest.mark.threshold("correct", min=0.9, max=0.5)',
        "marker threshold('correct', min=0.9, max=0.5) has min=0.9 above max=0.5; "
        "no value can pass",
    ),
    "not-a-number": (
        'pytest.mark.threshold("correct", min="high")',
        "marker threshold('correct', min='high') has min='high', which is not a finite number",
    ),
    "unhashable": (
        'pytest.mark.threshold("correct", max=[1])',
        "marker threshold('correct', max=[1]) has max=[1], which is not a finite number",
    ),
    "not-finite": (
        'pytest.mark.threshold("correct", min=float("nan"))',
        "marker threshold('correct', min=nan) has min=nan, which is not a finite number",
    ),
    "no-bound": (
        'pytest.mark.threshold("correct")',
        "marker threshold('correct') sets no bound; give min=, max= or both",
    ),
    "misspelt-bound": (
        'pytest.mark.threshold("correct", minimum=0.5)',
        "marker threshold('correct', minimum=0.5) has unexpected argument(s) minimum; "
        "use min=, max= and confidence=",
    ),
}


@pytest.mark.parametrize(("marker", "message"), BAD_MARKERS.values(), ids=BAD_MARKERS)
def test_bad_marker_in_lane_py(
    pytester: pytest.Pytester, make_lane: MakeLane, marker: str, message: str
) -> None:
    make_lane(code=LANE.format(marker=marker), dev=CASES)
    result = pytester.runpytest("--results", "out")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines([f"ERROR: lane 'demo': {message}"])
    # Nothing ran: no lane table and no results file.
    assert "core-verify lanes" not in result.stdout.str()
    assert not (pytester.path / "out").exists()


CONFTEST = """
import pytest

def pytest_collection_modifyitems(items):
    for item in items:
        item.add_marker(pytest.mark.threshold("correct", min=2, max=1))
"""
CONFTEST_MESSAGE = (
    "ERROR: lane 'demo': marker threshold('correct', min=2, max=1) has min=2 above max=1; "
    "no value can pass"
)


def test_bad_marker_added_by_a_conftest(pytester: pytest.Pytester, make_lane: MakeLane) -> None:
    make_lane(code=LANE.format(marker='pytest.mark.threshold("correct", min=0.5)'), dev=CASES)
    pytester.makeconftest(CONFTEST)
    result = pytester.runpytest("-p", "no:xdist", "--results", "out")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines([CONFTEST_MESSAGE])
    assert "core-verify lanes" not in result.stdout.str()
    assert not (pytester.path / "out").exists()


@pytest.mark.parametrize("where", ["lane.py", "conftest"])
def test_bad_marker_under_xdist_is_a_clean_usage_error(
    pytester: pytest.Pytester, make_lane: MakeLane, where: str
) -> None:
    if where == "conftest":
        marker = 'pytest.mark.threshold("correct", min=0.5)'
        pytester.makeconftest(CONFTEST)
        message = CONFTEST_MESSAGE
    else:
        marker, text = BAD_MARKERS["min-above-max"]
        message = f"ERROR: lane 'demo': {text}"
    make_lane(code=LANE.format(marker=marker), dev=CASES)
    result = pytester.runpytest_subprocess("-n", "2", "--results", "out")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines([message])
    # Not an xdist INTERNALERROR traceback, and nothing claims a result.
    assert "INTERNALERROR" not in result.stdout.str() + result.stderr.str()
    assert "core-verify lanes" not in result.stdout.str()
    assert not (pytester.path / "out").exists()
