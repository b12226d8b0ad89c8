"""pytest-rerunfailures cannot hide nondeterminism: every attempt of a lane case counts,
and a result that differs from an earlier attempt's fails the case (and its
replay_determinism), however many reruns are allowed."""

from __future__ import annotations

import json

import pytest

from tests.helpers import MakeLane

pytest.importorskip("pytest_rerunfailures")

# Each attempt of an item sees the next number (written before the item's setup, so
# that both runs of one attempt agree): the lane's result flips between attempts, as a
# lane returning a random bit does between sessions.
COUNTER_CONFTEST = """
import pathlib
import pytest

@pytest.hookimpl(tryfirst=True)
def pytest_runtest_setup(item):
    counter = pathlib.Path(__file__).parent / "attempts.txt"
    count = int(counter.read_text()) if counter.exists() else 0
    counter.write_text(str(count + 1))
"""

FLIPPING_LANE = """
import pathlib

COUNTER = pathlib.Path(__file__).parents[2] / "attempts.txt"

def run(case, workdir):
    return {"bit": int(COUNTER.read_text()) % 2}
"""


@pytest.mark.parametrize("replay", ["process", "inprocess"])
@pytest.mark.parametrize("xdist", [["-p", "no:xdist"], ["-n", "2"]], ids=["serial", "xdist"])
def test_a_case_whose_result_differs_between_attempts_never_passes(
    pytester: pytest.Pytester, make_lane: MakeLane, replay: str, xdist: list[str]
) -> None:
    pytester.makeconftest(COUNTER_CONFTEST)
    make_lane(code=FLIPPING_LANE, dev=[{"id": "flip"}])
    args = ["--replay", replay, "-p", "no:randomly", "--results=out", *xdist]
    pytester.runpytest("--snapshot-update", *args).assert_outcomes(passed=2)
    result = pytester.runpytest("--reruns", "5", "-rA", *args)
    outcomes = result.parseoutcomes()
    assert (outcomes.get("failed"), outcomes.get("rerun")) == (1, 5), outcomes
    result.stdout.fnmatch_lines(
        [
            "the result differs from an earlier attempt's in this session (trace_hash "
            "* on attempt *, * on attempt *): the case was run again (--reruns) and is not "
            "deterministic*"
        ]
    )
    case = json.loads((pytester.path / "out" / "demo.dev.json").read_text())["cases"][0]
    assert case["status"] == "failed" and case["metrics"]["replay_determinism"] is False
