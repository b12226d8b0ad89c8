"""What the terminal says about a run: the header names the lanes selected, and the
determinism report names set or hash order when that is the whole difference."""

from __future__ import annotations

import pytest

from tests.helpers import MakeLane

CASES = [{"id": "a", "x": 1, "expect": 2}]


def test_the_header_lists_only_the_selected_lanes(
    pytester: pytest.Pytester, make_lane: MakeLane
) -> None:
    for name in ("alpha", "beta", "gamma"):
        make_lane(name, dev=CASES)
    selected = pytester.runpytest("--lane", "beta", "--snapshot-update")
    selected.stdout.fnmatch_lines(["core-verify: lanes beta under lanes/ *"])
    every = pytester.runpytest("--snapshot-update")
    every.stdout.fnmatch_lines(["core-verify: lanes alpha, beta, gamma under lanes/ *"])


SET_ORDER_LANE = """
def run(case, workdir):
    return {"words": list({"alpha", "beta", "gamma", "delta", "epsilon", "zeta", "eta"})}
"""


def test_a_difference_in_set_order_names_the_hash_seed(
    pytester: pytest.Pytester, make_lane: MakeLane, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A fixed seed here: run B (in the replay helper) gets another one, so the set's
    # order differs between the runs for almost every pair of seeds.
    monkeypatch.setenv("PYTHONHASHSEED", "1")
    make_lane(code=SET_ORDER_LANE, dev=[{"id": "s"}])
    result = pytester.runpytest_subprocess("--snapshot-update", "--replay", "process")
    result.stdout.fnmatch_lines(
        [
            "*differing JSON paths: $.words*",
            "hint: the runs differ only in the order of the items at $.words: iterating a set "
            "(or a dict or list built from one) follows the string hash seed, and run B runs "
            "under another PYTHONHASHSEED; sort them before returning",
        ]
    )
