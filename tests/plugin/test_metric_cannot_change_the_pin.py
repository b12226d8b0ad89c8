"""A metric sees its own copy of the result: one that normalises the result in place
changes neither the pin ``--snapshot-update`` writes nor what the next metric sees."""

from __future__ import annotations

import json

import pytest

from tests.helpers import MakeLane

LANE = """
from pytest_core_verify import metric

def run(case, workdir):
    return {"text": case["text"], "tags": ["B", "a"]}

@metric
def a_normalises(case, result):
    result["text"] = result["text"].lower()
    result["tags"].sort()
    result["added"] = 1
    return True

@metric
def b_sees_the_run_result(case, result):
    return result == {"text": case["text"], "tags": ["B", "a"]}
"""


@pytest.mark.parametrize("xdist", [[], ["-n", "2"]], ids=["serial", "xdist"])
@pytest.mark.parametrize("replay", ["process", "inprocess"])
def test_a_metric_that_normalises_the_result_in_place_does_not_change_the_pin(
    pytester: pytest.Pytester, make_lane: MakeLane, replay: str, xdist: list[str]
) -> None:
    make_lane(code=LANE, dev=[{"id": "a", "text": "Hello World"}])
    args = ["--replay", replay, "--results=out", *xdist]
    pytester.runpytest("--snapshot-update", *args).assert_outcomes(passed=2)
    pin = pytester.path / "snapshots" / "demo" / "dev" / "a.json"
    assert json.loads(pin.read_text()) == {"text": "Hello World", "tags": ["B", "a"]}
    # The next run matches the pin, and an update has nothing to update.
    pytester.runpytest(*args).assert_outcomes(passed=2)
    again = pytester.runpytest("--snapshot-update", *args)
    again.assert_outcomes(passed=2)
    assert "updated" not in again.stdout.str()
    results = json.loads((pytester.path / "out" / "demo.dev.json").read_text())
    assert results["cases"][0]["metrics"]["b_sees_the_run_result"] is True
