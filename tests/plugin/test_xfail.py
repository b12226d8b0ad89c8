"""``"xfail": "reason"`` in a case: a known failure, left out of the threshold means."""

from __future__ import annotations

import json

import pytest

from tests.helpers import MakeLane

LANE = """
import pytest
from pytest_core_verify import metric

pytestmark = [pytest.mark.threshold("correct", min=1.0)]

def run(case, workdir):
    if case["x"] < 0:
        raise ValueError("negative")
    return {"double": case["x"] * 2}

@metric
def correct(case, result):
    return result["double"] == case["expect"]
"""

CLOSED_SCHEMA = {
    "type": "object",
    "properties": {
        "id": {"type": "string"},
        "x": {"type": "integer"},
        "expect": {"type": "integer"},
    },
    "required": ["id", "x", "expect"],
    "additionalProperties": False,
}

CASES = [
    {"id": "a", "x": 1, "expect": 2},
    {"id": "b", "x": 2, "expect": 5, "xfail": "the doubler is off by one here"},
    {"id": "c", "x": -1, "expect": -2, "xfail": "negative input crashes"},
    {"id": "d", "x": 3, "expect": 6},
]


@pytest.mark.parametrize("xdist", [[], ["-n", "2"]], ids=["serial", "xdist"])
def test_known_failures_are_xfailed_and_left_out_of_the_means(
    pytester: pytest.Pytester, make_lane: MakeLane, xdist: list[str]
) -> None:
    make_lane("demo", code=LANE, dev=CASES, schema=CLOSED_SCHEMA)
    result = pytester.runpytest(
        "--lane", "demo", "--snapshot-update", "--results", "out", "-rx", *xdist
    )
    result.assert_outcomes(passed=3, xfailed=2)  # two cases and the lane's gate
    assert result.ret == 0
    result.stdout.fnmatch_lines(
        [
            "demo/dev: 4 case(s), 2 known failure(s)",
            "  correct               1.0000  >= 1       PASS",
            "  known failures: b (the doubler is off by one here), c (negative input crashes)",
            "  overall: PASS",
        ]
    )
    # Under xdist the short summary lists the two in the order they finished.
    result.stdout.fnmatch_lines(
        ["XFAIL lanes/demo/dev/cases.jsonl::b - the doubler is off by one here"]
    )
    result.stdout.fnmatch_lines(["XFAIL lanes/demo/dev/cases.jsonl::c - negative input crashes"])
    doc = json.loads((pytester.path / "out" / "demo.dev.json").read_text(encoding="utf-8"))
    assert doc["metrics"]["correct"] == 1.0
    assert doc["metrics"]["case_count"] == 4
    assert doc["known_failures"] == ["b", "c"]
    cases = {c["id"]: c for c in doc["cases"]}
    assert cases["b"]["xfail"] == {
        "reason": "the doubler is off by one here",
        "outcome": "xfailed",
        "strict": True,
    }
    assert cases["b"]["passed"] is False
    assert cases["c"]["error"] == "run() raised ValueError"
    assert "xfail" not in cases["a"]
    # The pin never sees the field: the result of b is pinned as run() returned it.
    pin = json.loads((pytester.path / "snapshots/demo/dev/b.json").read_text(encoding="utf-8"))
    assert pin == {"double": 4}


@pytest.mark.parametrize("xdist", [[], ["-n", "2"]], ids=["serial", "xdist"])
def test_a_known_failure_that_passes_fails_the_run(
    pytester: pytest.Pytester, make_lane: MakeLane, xdist: list[str]
) -> None:
    cases = [
        {"id": "a", "x": 1, "expect": 2},
        {"id": "fixed", "x": 2, "expect": 4, "xfail": "was broken"},
    ]
    make_lane("demo", code=LANE, dev=cases)
    result = pytester.runpytest("--lane", "demo", "--snapshot-update", "--results", "out", *xdist)
    result.assert_outcomes(passed=1, failed=2)  # the case and the lane's gate fail
    result.stdout.fnmatch_lines(
        [
            '  overall: FAIL (1 known failure(s) passed: fixed; remove their "xfail" field)',
            "*[[]XPASS(strict)[]] was broken*",
        ]
    )
    doc = json.loads((pytester.path / "out" / "demo.dev.json").read_text(encoding="utf-8"))
    assert doc["metrics"]["overall_pass"] is False
    assert doc["cases"][1]["xfail"]["outcome"] == "xpassed"
    # Once the field is removed, the case counts again and the run passes.
    make_lane(
        "demo", code=LANE, dev=[cases[0], {k: v for k, v in cases[1].items() if k != "xfail"}]
    )
    pytester.runpytest("--lane", "demo", *xdist).assert_outcomes(passed=3)


def test_not_strict_by_ini(pytester: pytest.Pytester, make_lane: MakeLane) -> None:
    make_lane("demo", code=LANE, dev=[{"id": "fixed", "x": 2, "expect": 4, "xfail": "was broken"}])
    pytester.makeini("[pytest]\ncore_verify_xfail_strict = false\n")
    result = pytester.runpytest("--lane", "demo", "--snapshot-update", "--results", "out")
    result.assert_outcomes(passed=1, xpassed=1)
    assert result.ret == 0
    doc = json.loads((pytester.path / "out" / "demo.dev.json").read_text(encoding="utf-8"))
    assert doc["cases"][0]["xfail"] == {
        "reason": "was broken",
        "outcome": "xpassed",
        "strict": False,
    }
    assert doc["cases"][0]["passed"] is True
    # An xpassed case is not a known failure: it counts in the means.
    assert doc["metrics"]["correct"] is None  # left out like every case with the field


def test_a_changed_pin_still_fails_a_known_failure(
    pytester: pytest.Pytester, make_lane: MakeLane
) -> None:
    make_lane("demo", code=LANE, dev=[{"id": "b", "x": 2, "expect": 5, "xfail": "off by one"}])
    pytester.runpytest("--lane", "demo", "--snapshot-update").assert_outcomes(passed=1, xfailed=1)
    make_lane(
        "demo",
        code=LANE.replace("* 2}", "* 2, 'v': 2}"),
        dev=[{"id": "b", "x": 2, "expect": 5, "xfail": "off by one"}],
    )
    result = pytester.runpytest("--lane", "demo")
    result.assert_outcomes(passed=1, failed=1)
    result.stdout.fnmatch_lines(["*the result differs from its snapshot*"])


@pytest.mark.parametrize(
    "value", ['""', "true", "null", '["x"]'], ids=["empty", "bool", "null", "list"]
)
def test_bad_xfail_field(pytester: pytest.Pytester, make_lane: MakeLane, value: str) -> None:
    make_lane("demo", code=LANE, dev=[f'{{"id": "a", "x": 1, "expect": 2, "xfail": {value}}}'])
    result = pytester.runpytest("--lane", "demo")
    result.assert_outcomes(errors=1)
    result.stdout.fnmatch_lines(
        [
            "*lanes/demo/dev/cases.jsonl:1: case 'a': \"xfail\" must be a non-empty string, the reason the case is a known failure, got *"
        ]
    )
