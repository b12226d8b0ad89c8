"""``compare`` tells metric misses, pin-only changes and errors apart in one run."""

from __future__ import annotations

import json

import pytest

from pytest_core_verify.cli import main as core_verify
from tests.helpers import MakeLane

LANE = """
import pytest
from pytest_core_verify import metric

pytestmark = [pytest.mark.threshold("correct", min=0.5)]
STYLE = {style!r}

def run(case, workdir):
    if case.get("boom") and STYLE == "new":
        raise ValueError("boom")
    value = case["x"] * 2 + (1 if case.get("drift") and STYLE == "new" else 0)
    return {{"double": value}} if STYLE == "old" or not case.get("format") else {{"twice": value}}

@metric
def correct(case, result):
    return result.get("double", result.get("twice")) == case["x"] * 2
"""
CASES = [
    {"id": "same", "x": 1},
    {"id": "fmt1", "x": 2, "format": True},
    {"id": "fmt2", "x": 3, "format": True},
    {"id": "miss", "x": 4, "drift": True},
    {"id": "err", "x": 5, "boom": True},
]


@pytest.mark.parametrize("xdist", [["-p", "no:xdist"], ["-n", "2"]], ids=["serial", "xdist"])
def test_flips_to_fail_are_split_by_cause_and_a_repin_moves_format_changes(
    pytester: pytest.Pytester,
    make_lane: MakeLane,
    capsys: pytest.CaptureFixture[str],
    xdist: list[str],
) -> None:
    make_lane(code=LANE.format(style="old"), dev=CASES)
    pytester.runpytest("--snapshot-update", "--results", "old", *xdist).assert_outcomes(passed=6)
    make_lane(code=LANE.format(style="new"), dev=CASES)
    pytester.runpytest("--results", "new", *xdist)
    capsys.readouterr()
    assert core_verify(["compare", "old", "new"]) == 0
    out = capsys.readouterr().out.splitlines()
    flips = next(line for line in out if line.startswith("  pass -> fail"))
    assert flips.startswith("  pass -> fail (4): ")
    assert "fmt1 (pin differs)" in flips and "fmt2 (pin differs)" in flips
    assert "miss (missed correct)" in flips and "err (" in flips
    assert "    by cause: 1 an error in run(), 1 missed a threshold, 2 pin differs only" in out

    assert core_verify(["compare", "old", "new", "--json"]) == 0
    lane = json.loads(capsys.readouterr().out)["lanes"][0]
    assert {flip["id"]: flip["cause"] for flip in lane["flipped_to_fail"]} == {
        "fmt1": "pin",
        "fmt2": "pin",
        "miss": "missed",
        "err": "error",
    }

    # Re-pinned: the format changes pass again, with a changed trace_hash, and say so.
    pytester.runpytest("--snapshot-update", "--results", "repinned", *xdist)
    capsys.readouterr()
    core_verify(["compare", "old", "repinned"])
    out = capsys.readouterr().out.splitlines()
    assert "  trace_hash changed, still passing (2): fmt1, fmt2" in out
    assert "    by cause: 1 an error in run(), 1 missed a threshold" in out
