"""Pin review: pending results written by a run, ``core-verify review`` walks them."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from pytest_core_verify._results.review import Change, json_changes, render_changes
from pytest_core_verify.cli import main as core_verify
from tests.helpers import MakeLane

LANE = """
def run(case, workdir):
    return {"double": case["x"] * 2, "items": list(range(case["x"])), "tag": case.get("tag", "t")}
"""
CASES = [{"id": "a", "x": 1}, {"id": "b", "x": 2}, {"id": "c", "x": 3}]
CHANGED = [
    {"id": "a", "x": 1},
    {"id": "b", "x": 3},
    {"id": "c", "x": 3, "tag": "u"},
    {"id": "n/1", "x": 0},
]
PENDING = Path(".pytest_cache/d/core_verify_pending/demo/dev")


def _pins(root: Path) -> dict[str, object]:
    return {
        p.name: json.loads(p.read_text(encoding="utf-8"))
        for p in sorted((root / "snapshots/demo/dev").glob("*.json"))
    }


def _changed_project(
    pytester: pytest.Pytester, make_lane: MakeLane, *xdist: str
) -> dict[str, object]:
    make_lane("demo", code=LANE, dev=CASES)
    pytester.runpytest("--lane", "demo", "--snapshot-update").assert_outcomes(passed=4)
    before = _pins(pytester.path)
    make_lane("demo", code=LANE, dev=CHANGED)
    result = pytester.runpytest("--lane", "demo", *xdist)
    result.assert_outcomes(passed=2, failed=3)  # a, and the lane's gate
    result.stdout.fnmatch_lines(
        ["*`core-verify review` shows this change and accepts or rejects it*"]
    )
    assert sorted(p.name for p in (pytester.path / PENDING).iterdir()) == [
        "b.json",
        "c.json",
        "n%2F1.json",
    ]
    assert _pins(pytester.path) == before  # a run never changes a pin by itself
    return before


@pytest.mark.parametrize("xdist", [[], ["-n", "2"]], ids=["serial", "xdist"])
def test_interactive_review_writes_only_accepted_pins(
    pytester: pytest.Pytester, make_lane: MakeLane, xdist: list[str]
) -> None:
    before = _changed_project(pytester, make_lane, *xdist)
    review = subprocess.run(
        [sys.executable, "-m", "pytest_core_verify.cli", "review"],
        input="a\nwhat\nr\ns\n",
        capture_output=True,
        text=True,
        cwd=pytester.path,
        check=True,
    )
    out = review.stdout
    assert "[1/3] demo/dev :: b  (snapshots/demo/dev/b.json: 2 change(s))" in out
    assert "  ~ $.double: 4 -> 6" in out
    assert "  + $.items[2]: 2" in out
    assert "[2/3] demo/dev :: c  (snapshots/demo/dev/c.json: 1 change(s))" in out
    assert '  ~ $.tag: "t" -> "u"' in out
    assert "'what': answer a, r, s or q" in out
    assert "[3/3] demo/dev :: n/1  (new pin snapshots/demo/dev/n%2F1.json)" in out
    assert "1 accepted, 1 rejected, 1 skipped" in out
    after = _pins(pytester.path)
    assert after["b.json"] == {"double": 6, "items": [0, 1, 2], "tag": "t"}
    assert after["c.json"] == before["c.json"]
    assert "n%2F1.json" not in after
    # Accepted and rejected pending results are gone; the skipped one waits.
    assert [p.name for p in (pytester.path / PENDING).iterdir()] == ["n%2F1.json"]
    # b now passes; c still differs (rejected: it fails again, and is pending again).
    result = pytester.runpytest("--lane", "demo", *xdist)
    result.assert_outcomes(passed=3, failed=2)
    assert sorted(p.name for p in (pytester.path / PENDING).iterdir()) == ["c.json", "n%2F1.json"]


def test_accept_all_with_filters(
    pytester: pytest.Pytester, make_lane: MakeLane, capsys: pytest.CaptureFixture[str]
) -> None:
    before = _changed_project(pytester, make_lane)
    capsys.readouterr()
    assert core_verify(["review", "--accept-all", "--case", "c", "--case", "n*"]) == 0
    out = capsys.readouterr().out
    assert "accepted: wrote snapshots/demo/dev/c.json" in out
    assert "2 accepted, 0 rejected, 0 skipped" in out
    after = _pins(pytester.path)
    assert after["b.json"] == before["b.json"]
    assert after["c.json"] == {"double": 6, "items": [0, 1, 2], "tag": "u"}
    assert after["n%2F1.json"] == {"double": 0, "items": [], "tag": "t"}
    assert core_verify(["review", "--accept-all", "--lane", "other"]) == 0
    assert "0 accepted, 0 rejected, 0 skipped" in capsys.readouterr().out
    # A passing run removes the pending result of a case that matches its pin again.
    make_lane("demo", code=LANE, dev=[*CASES[:1], {"id": "b", "x": 2}, *CHANGED[2:]])
    pytester.runpytest("--lane", "demo").assert_outcomes(passed=5)
    assert not list((pytester.path / PENDING).iterdir())
    assert core_verify(["review"]) == 0
    assert "nothing to review" in capsys.readouterr().out


def test_review_run_option_finds_the_differences(
    pytester: pytest.Pytester, make_lane: MakeLane, capsys: pytest.CaptureFixture[str]
) -> None:
    make_lane("demo", code=LANE, dev=CASES)
    pytester.runpytest("--lane", "demo", "--snapshot-update").assert_outcomes(passed=4)
    make_lane("demo", code=LANE, dev=CHANGED[:2])
    capsys.readouterr()
    assert core_verify(["review", "--run", "--lane", "demo", "--reject-all"]) == 0
    out = capsys.readouterr().out
    assert "~ $.double: 4 -> 6" in out
    assert "0 accepted, 1 rejected, 0 skipped" in out


def test_json_changes_paths() -> None:
    old = {"a": 1, "b": [1, 2, 3], "c": {"d": True, "e x": None}, "f": 1}
    new = {"a": 2, "b": [1, 2], "c": {"d": 1, "e x": None, "g": "h"}, "f": 1}
    assert json_changes(old, new) == [
        Change("changed", "$.a", 1, 2),
        Change("removed", "$.b[2]", old=3),
        Change("changed", "$.c.d", True, 1),
        Change("added", "$.c.g", new="h"),
    ]
    assert render_changes(json_changes(old, new)) == [
        "~ $.a: 1 -> 2",
        "- $.b[2]: 3",
        "~ $.c.d: true -> 1",
        '+ $.c.g: "h"',
    ]
    assert json_changes({"k": [1]}, {"k": {"0": 1}}) == [Change("changed", "$.k", [1], {"0": 1})]
    assert json_changes({"e x": 1}, {"e x": 2})[0].path == '$["e x"]'
    assert json_changes([1, {"a": 1}], [1, {"a": 1}]) == []
