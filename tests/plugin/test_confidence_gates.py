"""``threshold(..., confidence=0.95)``: a gate on the bound of the mean, not the mean."""

from __future__ import annotations

import json

import pytest

from tests.helpers import MakeLane

LANE = """
import pytest
from pytest_core_verify import metric

pytestmark = [pytest.mark.threshold("correct", min=0.7{extra})]

def run(case, workdir):
    return {{"double": case["x"] * 2}}

@metric
def correct(case, result):
    return result["double"] == case["expect"]
"""
FOUR_OF_FIVE = [{"id": f"c{i}", "x": i, "expect": 2 * i if i else -1} for i in range(5)]


@pytest.mark.parametrize("xdist", [["-p", "no:xdist"], ["-n", "2"]], ids=["serial", "xdist"])
def test_four_of_five_passes_a_mean_gate_and_fails_a_confident_one(
    pytester: pytest.Pytester, make_lane: MakeLane, xdist: list[str]
) -> None:
    make_lane(code=LANE.format(extra=""), dev=FOUR_OF_FIVE)
    plain = pytester.runpytest("--snapshot-update", "--results", "plain", *xdist)
    plain.assert_outcomes(passed=6)  # 0.8 >= 0.7
    make_lane(code=LANE.format(extra=", confidence=0.95"), dev=FOUR_OF_FIVE)
    gated = pytester.runpytest("--results", "confident", *xdist)
    gated.assert_outcomes(passed=5, failed=1)  # the gate: lower bound 0.3755 < 0.7
    gated.stdout.fnmatch_lines(["*correct*0.8000*>= 0.7 at 95% (lower bound 0.3755, n=5)*FAIL*"])
    doc = json.loads((pytester.path / "confident" / "demo.dev.json").read_text("utf-8"))
    assert doc["thresholds"] == {"correct": {"min": 0.7, "confidence": 0.95}}
    assert doc["intervals"]["correct"]["n"] == 5
    assert doc["intervals"]["correct"]["method"] == "wilson"
    assert doc["intervals"]["correct"]["low"] == pytest.approx(0.37553, abs=1e-4)
    assert doc["metrics"]["overall_pass"] is False
    plain_doc = json.loads((pytester.path / "plain" / "demo.dev.json").read_text("utf-8"))
    assert plain_doc["intervals"] == {} and plain_doc["metrics"]["overall_pass"] is True


@pytest.mark.parametrize("level", ["1.5", "0", "'high'"])
def test_a_confidence_outside_0_1_is_a_usage_error(
    pytester: pytest.Pytester, make_lane: MakeLane, level: str
) -> None:
    make_lane(code=LANE.format(extra=f", confidence={level}"), dev=FOUR_OF_FIVE)
    result = pytester.runpytest()
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines(["*give a level between 0 and 1, such as 0.95*"])


def test_the_report_shows_the_bound_and_judges_by_it(
    pytester: pytest.Pytester, make_lane: MakeLane
) -> None:
    pytest.importorskip("jinja2", reason="the report extra is not installed")
    pytest.importorskip("matplotlib", reason="the report extra is not installed")
    from pytest_core_verify.cli import main as core_verify

    make_lane(code=LANE.format(extra=", confidence=0.95"), dev=FOUR_OF_FIVE)
    pytester.runpytest("--snapshot-update", "--results", "out", "-p", "no:xdist")
    assert (
        core_verify(["report", str(pytester.path / "out"), "-o", str(pytester.path / "r.html")])
        == 0
    )
    page = (pytester.path / "r.html").read_text("utf-8")
    assert "&gt;= 0.7 at 95% (lower bound 0.3755, n=5)" in page
    row = page[page.index("lower bound 0.3755") :][:200]
    assert "FAIL" in row
