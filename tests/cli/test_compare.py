"""Baseline comparison: ``core-verify compare OLD NEW`` and ``pytest --lane-baseline DIR``."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from pytest_core_verify._results.compare import (
    ResultsError,
    case_statuses,
    compare_documents,
    load_results,
)
from pytest_core_verify.cli import main as core_verify
from tests.helpers import MakeLane

LANE = """
import pytest
from pytest_core_verify import metric

pytestmark = [pytest.mark.threshold("correct", min=0.5)]

def run(case, workdir):
    return {"double": case["x"] * 2}

@metric
def correct(case, result):
    return result["double"] == case["expect"]
"""

#: The same lane, whose result for x == 3 now carries one more key (its pin changes).
LANE_CHANGED = LANE.replace(
    'return {"double": case["x"] * 2}',
    'return {"double": case["x"] * 2, **({"note": "three"} if case["x"] == 3 else {})}',
)

OLD_CASES = [
    {"id": "a", "x": 1, "expect": 2},
    {"id": "b", "x": 2, "expect": 4},
    {"id": "c", "x": 3, "expect": 6},
    {"id": "d", "x": 4, "expect": 0},
    {"id": "gone", "x": 5, "expect": 10},
]
# b flips pass -> fail, d flips fail -> pass, gone is removed, new is added, c passes on
# both sides with a changed pin.
NEW_CASES = [
    {"id": "a", "x": 1, "expect": 2},
    {"id": "b", "x": 2, "expect": 5},
    {"id": "c", "x": 3, "expect": 6},
    {"id": "d", "x": 4, "expect": 8},
    {"id": "new", "x": 6, "expect": 12},
]


def _baseline(pytester: pytest.Pytester, make_lane: MakeLane) -> Path:
    """Run the old lane with --results old/, then switch the project to the new lane."""
    make_lane("demo", code=LANE, dev=OLD_CASES)
    old = pytester.runpytest("--lane", "demo", "--snapshot-update", "--results", "old")
    old.assert_outcomes(passed=6)
    make_lane("demo", code=LANE_CHANGED, dev=NEW_CASES)
    return pytester.path / "old"


def test_compare_command_lines(
    pytester: pytest.Pytester, make_lane: MakeLane, capsys: pytest.CaptureFixture[str]
) -> None:
    _baseline(pytester, make_lane)
    pytester.runpytest("--lane", "demo", "--snapshot-update", "--results", "new")
    capsys.readouterr()
    code = core_verify(["compare", "old", "new", "--fail-on-regression", "--markdown", "c.md"])
    captured = capsys.readouterr()
    assert code == 1
    assert "1 regression(s); failing (--fail-on-regression)" in captured.err
    assert captured.out.splitlines()[1:] == [
        "demo/dev:",
        "  pass -> fail (1): b (missed correct)",
        "    by cause: 1 missed a threshold",
        "  fail -> pass (1): d",
        "  added (1): new",
        "  removed (1): gone",
        "  trace_hash changed, still passing (1): c",
        "regressions (1, tolerance 0):",
        "  demo/dev: 1 case(s) flipped pass -> fail",
    ]
    markdown = (pytester.path / "c.md").read_text(encoding="utf-8")
    assert "**1 regression(s)** (tolerance 0):" in markdown
    assert "- pass → fail (1): b (missed correct)" in markdown
    assert "| correct | 0.8 | 0.8 | 0 |  |" in markdown

    assert core_verify(["compare", "old", "new", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    (lane,) = data["lanes"]
    assert [f["id"] for f in lane["flipped_to_fail"]] == ["b"]
    assert [f["id"] for f in lane["flipped_to_pass"]] == ["d"]
    assert (lane["added"], lane["removed"], lane["trace_hash_changed"]) == (
        ["new"],
        ["gone"],
        ["c"],
    )
    assert data["regressions"] == ["demo/dev: 1 case(s) flipped pass -> fail"]


def test_compare_command_bad_input(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert core_verify(["compare", str(tmp_path / "nope"), str(tmp_path)]) == 2
    assert "nope: no such file or directory" in capsys.readouterr().err
    assert core_verify(["compare", str(tmp_path), str(tmp_path)]) == 2
    assert "holds no results files" in capsys.readouterr().err
    (tmp_path / "x.json").write_text("{broken", encoding="utf-8")
    assert core_verify(["compare", str(tmp_path / "x.json"), str(tmp_path)]) == 2
    assert "x.json: not a results file (invalid JSON at line 1" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        core_verify(["compare", "a", "b", "--tolerance", "-1"])
    assert "the tolerance must be a finite number >= 0" in capsys.readouterr().err


@pytest.mark.parametrize("xdist", [[], ["-n", "2"]], ids=["serial", "xdist"])
def test_lane_baseline_option(
    pytester: pytest.Pytester,
    make_lane: MakeLane,
    xdist: list[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    old = _baseline(pytester, make_lane)
    pytester.runpytest("--lane", "demo", "--snapshot-update").assert_outcomes(passed=6)
    summary = pytester.path / "summary.md"
    monkeypatch.setenv("GITHUB_STEP_SUMMARY", str(summary))
    result = pytester.runpytest("--lane", "demo", "--lane-baseline", str(old), *xdist)
    # The threshold still holds: a report, not a failure, without --lane-baseline-fail.
    assert result.ret == 0
    result.stdout.fnmatch_lines(
        [
            "*= core-verify baseline =*",
            f"baseline: {old}",
            "demo/dev:",
            "  pass -> fail (1): b (missed correct)",
            "    by cause: 1 missed a threshold",
            "  fail -> pass (1): d",
            "  added (1): new",
            "  removed (1): gone",
            "  trace_hash changed, still passing (1): c",
            "regressions (1, tolerance 0):",
        ]
    )
    assert "## core-verify: changes since the baseline" in summary.read_text(encoding="utf-8")

    failing = pytester.runpytest(
        "--lane", "demo", "--lane-baseline", str(old), "--lane-baseline-fail", *xdist
    )
    assert failing.ret == 1
    failing.stdout.fnmatch_lines(["*6 passed, 1 baseline regressions*"])


def test_lane_baseline_partial_run_reports_no_removed_cases(
    pytester: pytest.Pytester, make_lane: MakeLane
) -> None:
    old = _baseline(pytester, make_lane)
    result = pytester.runpytest(
        "--lane",
        "demo",
        "--lane-baseline",
        str(old),
        "--snapshot-update",
        "lanes/demo/dev/cases.jsonl::a",
        "lanes/demo/dev/cases.jsonl::b",
    )
    result.stdout.fnmatch_lines(
        [
            "demo/dev: (new side partial)",
            "  correct       0.8 -> 0.5           -0.3  (partial)",
            "  pass -> fail (1): b (missed correct)",
            "regressions (1, tolerance 0):",
            "  demo/dev: 1 case(s) flipped pass -> fail",
        ]
    )
    result.stdout.no_fnmatch_line("  removed*")


def test_lane_baseline_usage_errors(pytester: pytest.Pytester, make_lane: MakeLane) -> None:
    make_lane("demo", code=LANE, dev=OLD_CASES)
    result = pytester.runpytest("--lane", "demo", "--lane-baseline", "missing")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines(["*--lane-baseline missing: no such file or directory*"])
    result = pytester.runpytest("--lane", "demo", "--lane-baseline-fail")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines(["*need --lane-baseline DIR*"])
    result = pytester.runpytest(
        "--lane", "demo", "--lane-baseline", ".", "--lane-baseline-tolerance", "x"
    )
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines(["*--lane-baseline-tolerance 'x' is not a number*"])


# -- the pure comparison ----------------------------------------------------------------


def _doc(
    metrics: dict[str, Any],
    cases: list[dict[str, Any]],
    thresholds: dict[str, Any] | None = None,
    **extra: Any,
) -> dict[str, Any]:
    return {
        "lane": "l",
        "split": "dev",
        "version": None,
        "thresholds": thresholds or {},
        "metrics": {**metrics, "case_count": len(cases), "overall_pass": True},
        "cases": cases,
        **extra,
    }


def _case(case_id: str, passed: bool = True, **metrics: Any) -> dict[str, Any]:
    return {"id": case_id, "passed": passed, "trace_hash": "h", "metrics": metrics}


KEY = ("l", "dev", None)


def test_tolerance_and_direction() -> None:
    thresholds = {"recall": {"min": 0.5}, "errors": {"max": 0.3}}
    old = _doc({"recall": 0.9, "errors": 0.1, "free": 0.5}, [], thresholds)
    new = _doc({"recall": 0.85, "errors": 0.2, "free": 0.4}, [], thresholds)
    loose = compare_documents({KEY: old}, {KEY: new}, tolerance=0.06)
    assert loose.regressions == [
        "l/dev: errors 0.1 -> 0.2 (+0.1)",
        "l/dev: free 0.5 -> 0.4 (-0.1)",
    ]
    strict = compare_documents({KEY: old}, {KEY: new})
    assert len(strict.regressions) == 3
    # Lower is better for a metric gated only by max: going down is an improvement.
    better = compare_documents({KEY: new}, {KEY: old})
    assert better.regressions == []
    with pytest.raises(ValueError, match="tolerance"):
        compare_documents({}, {}, tolerance=-0.1)


def test_verdict_changes_and_lanes_added_or_removed() -> None:
    thresholds = {"recall": {"min": 0.5}}
    old = _doc({"recall": 0.6}, [_case("a", recall=True)], thresholds)
    new = _doc({"recall": 0.4}, [_case("a", recall=True)], thresholds)
    new["metrics"]["overall_pass"] = False
    other = ("m", "public", "v1")
    comparison = compare_documents({KEY: old, other: old}, {KEY: new, ("n", "dev", None): new})
    (lane,) = comparison.lanes
    assert [(v.name, v.old, v.new) for v in lane.verdicts] == [
        ("recall", "PASS", "FAIL"),
        ("overall", "PASS", "FAIL"),
    ]
    assert comparison.added_lanes == ["n/dev"]
    assert comparison.removed_lanes == ["m/public/v1"]
    assert "m/public/v1: removed (only in the baseline)" in comparison.terminal_lines()
    assert compare_documents({other: old}, {KEY: new}, only_new_lanes=True).removed_lanes == []


def test_case_statuses() -> None:
    doc = _doc(
        {},
        [
            _case("ok", recall=True),
            _case("miss", recall=0.2),
            {**_case("err", passed=False), "error": "run() raised ValueError"},
            {**_case("known", passed=False), "xfail": {"reason": "r", "outcome": "xfailed"}},
            _case("na", recall=None),
        ],
        {"recall": {"min": 0.5}},
    )
    assert case_statuses(doc) == {
        "ok": ("pass", ""),
        "miss": ("fail", "missed recall"),
        "err": ("fail", "run() raised ValueError"),
        "known": ("xfail", "known failure"),
        "na": ("pass", ""),
    }


def test_load_results_errors(tmp_path: Path) -> None:
    (tmp_path / "other.json").write_text("[1, 2]", encoding="utf-8")
    with pytest.raises(ResultsError, match="holds no results files"):
        load_results(tmp_path)
    with pytest.raises(ResultsError, match=r"other\.json: not a results file"):
        load_results(tmp_path / "other.json")
    doc = _doc({}, [])
    (tmp_path / "one.json").write_text(json.dumps(doc), encoding="utf-8")
    (tmp_path / "two.json").write_text(json.dumps(doc), encoding="utf-8")
    with pytest.raises(ResultsError, match="a second results file for l/dev"):
        load_results(tmp_path)
