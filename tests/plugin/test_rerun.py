"""A case item run again in one session, as pytest-rerunfailures does after a failure:
each attempt gets directories of its own, and the last attempt is what counts."""

from __future__ import annotations

import json

import pytest

from tests.helpers import MakeLane

# What pytest-rerunfailures does, reduced: after a failed attempt the item runs again
# (up to three attempts), and only the last attempt's reports are logged.
RERUN_CONFTEST = """
import pytest
from _pytest.runner import runtestprotocol

@pytest.hookimpl(tryfirst=True)
def pytest_runtest_protocol(item, nextitem):
    item.ihook.pytest_runtest_logstart(nodeid=item.nodeid, location=item.location)
    for attempt in range(3):
        last = attempt == 2
        reports = runtestprotocol(item, nextitem=nextitem if last else item, log=False)
        if last or not any(report.failed for report in reports):
            break
    for report in reports:
        item.ihook.pytest_runtest_logreport(report=report)
    item.ihook.pytest_runtest_logfinish(nodeid=item.nodeid, location=item.location)
    return True
"""

# Case "flaky" fails the first time this process calls it; case "broken" always fails.
FLAKY_LANE = """
CALLS = {}

def run(case, workdir):
    (workdir / "out.txt").write_text(case["id"], encoding="utf-8")
    CALLS[case["id"]] = CALLS.get(case["id"], 0) + 1
    if case["id"] == "broken" or (case["id"] == "flaky" and CALLS["flaky"] == 1):
        raise ValueError(f"boom in {case['id']}")
    return {"id": case["id"]}
"""


@pytest.mark.parametrize("replay", ["process", "inprocess"])
@pytest.mark.parametrize("xdist", [["-p", "no:xdist"], ["-n", "2"]])
def test_rerun_gets_fresh_directories_and_the_last_attempt_counts(
    pytester: pytest.Pytester, make_lane: MakeLane, replay: str, xdist: list[str]
) -> None:
    make_lane(code=FLAKY_LANE, dev=[{"id": "flaky"}, {"id": "steady"}, {"id": "broken"}])
    pytester.makeconftest(RERUN_CONFTEST)
    pytester.runpytest("--snapshot-update", "-p", "no:xdist", "--replay", replay)
    result = pytester.runpytest("--replay", replay, "--results=results", *xdist)
    # Each attempt of "broken" fails with its own error, not with a directory clash.
    result.stdout.fnmatch_lines(["FAILED lanes/demo/dev/cases.jsonl::broken - ValueError: boom*"])
    result.stdout.no_fnmatch_line("*FileExistsError*")
    result.assert_outcomes(passed=2, failed=2)  # flaky and steady; broken and the gate
    doc = json.loads((pytester.path / "results" / "demo.dev.json").read_text("utf-8"))
    assert {c["id"]: c["status"] for c in doc["cases"]} == {
        "broken": "error",
        "flaky": "passed",
        "steady": "passed",
    }
    assert doc["metrics"]["case_count"] == 3
