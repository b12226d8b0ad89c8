"""An unwritable ``GITHUB_STEP_SUMMARY`` is a warning: every path that appends to it
(the lane tables, ``--lane-baseline``, ``core-verify compare``) keeps its outcome."""

from __future__ import annotations

from pathlib import Path

import pytest

from pytest_core_verify.cli import main as core_verify
from tests.helpers import MakeLane


def _unwritable(root: Path) -> dict[str, str]:
    (root / "a-directory").mkdir(exist_ok=True)
    targets = {
        "a directory": str(root / "a-directory"),
        "in a missing directory": str(root / "missing" / "summary.md"),
    }
    if Path("/dev/full").exists():
        targets["a full disk"] = "/dev/full"
    return targets


def test_pytest_with_a_baseline_passes_with_an_unwritable_step_summary(
    pytester: pytest.Pytester, make_lane: MakeLane, monkeypatch: pytest.MonkeyPatch
) -> None:
    make_lane("demo", dev=[{"id": "a", "x": 1, "expect": 2}])
    monkeypatch.delenv("GITHUB_STEP_SUMMARY", raising=False)
    pytester.runpytest("--snapshot-update", "--results=base").assert_outcomes(passed=2)
    for what, target in _unwritable(pytester.path).items():
        monkeypatch.setenv("GITHUB_STEP_SUMMARY", target)
        result = pytester.runpytest("--lane-baseline=base", "--lane-baseline-fail")
        result.assert_outcomes(passed=2)
        assert result.ret == pytest.ExitCode.OK, what
        result.stdout.fnmatch_lines(
            [
                f"GITHUB_STEP_SUMMARY={target}: cannot append the lane tables (*); skipped",
                f"GITHUB_STEP_SUMMARY={target}: cannot append the baseline comparison (*); skipped",
            ]
        )
        assert "Traceback" not in result.stdout.str() + result.stderr.str()


def test_compare_keeps_its_exit_status_with_an_unwritable_step_summary(
    pytester: pytest.Pytester,
    make_lane: MakeLane,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    make_lane("demo", dev=[{"id": "a", "x": 1, "expect": 2}])
    monkeypatch.delenv("GITHUB_STEP_SUMMARY", raising=False)
    pytester.runpytest("--snapshot-update", "--results=base").assert_outcomes(passed=2)
    base = str(pytester.path / "base")
    capsys.readouterr()
    for what, target in _unwritable(pytester.path).items():
        monkeypatch.setenv("GITHUB_STEP_SUMMARY", target)
        assert core_verify(["compare", "--fail-on-regression", base, base]) == 0, what
        captured = capsys.readouterr()
        assert "no change" in captured.out
        assert (
            f"core-verify compare: warning: GITHUB_STEP_SUMMARY={target}: cannot append the "
            "comparison (" in captured.err
        ), what
