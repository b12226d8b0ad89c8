"""``GITHUB_STEP_SUMMARY``: the lane table is appended to it as Markdown."""

from __future__ import annotations

import pytest

from tests.helpers import MakeLane

CASES = [{"id": f"c{i}", "x": i, "expect": 2 * i if i < 2 else 0} for i in range(4)]


def test_the_table_is_appended_as_markdown(
    pytester: pytest.Pytester, make_lane: MakeLane, monkeypatch: pytest.MonkeyPatch
) -> None:
    make_lane(dev=CASES, public={"v1": [{"id": "p1", "x": 1, "expect": 2}]})
    summary = pytester.path / "summary.md"
    summary.write_text("# earlier step\n", encoding="utf-8")
    monkeypatch.setenv("GITHUB_STEP_SUMMARY", str(summary))
    result = pytester.runpytest("--snapshot-update")
    assert result.ret == pytest.ExitCode.OK
    text = summary.read_text(encoding="utf-8")
    assert text.startswith("# earlier step\n## core-verify lane results\n")
    lines = text.splitlines()
    start = lines.index("### demo/dev: 4 case(s)")
    assert lines[start : start + 7] == [
        "### demo/dev: 4 case(s)",
        "",
        "| metric | value | threshold | result | missed by |",
        "| --- | ---: | --- | --- | --- |",
        "| correct | 0.5000 | >= 0.5 | PASS |  |",
        "| replay_determinism | 1.0000 | - | - |  |",
        "",
    ]
    assert "**overall: PASS**" in lines
    assert "### demo/public/v1: 1 case(s)" in lines

    # A second run (another CI step) appends; it does not overwrite.
    pytester.runpytest()
    assert summary.read_text(encoding="utf-8").count("## core-verify lane results") == 2


def test_a_pipe_in_a_case_id_does_not_break_the_table(
    pytester: pytest.Pytester, make_lane: MakeLane, monkeypatch: pytest.MonkeyPatch
) -> None:
    make_lane(dev=[{"id": "a|b", "x": 1, "expect": 0}])
    summary = pytester.path / "summary.md"
    monkeypatch.setenv("GITHUB_STEP_SUMMARY", str(summary))
    result = pytester.runpytest("--snapshot-update")
    assert result.ret == pytest.ExitCode.TESTS_FAILED
    assert "| correct | 0.0000 | >= 0.5 | FAIL | a\\|b |" in summary.read_text(encoding="utf-8")


def test_written_once_under_xdist_and_not_without_the_variable(
    pytester: pytest.Pytester, make_lane: MakeLane, monkeypatch: pytest.MonkeyPatch
) -> None:
    make_lane(dev=CASES)
    summary = pytester.path / "summary.md"
    monkeypatch.delenv("GITHUB_STEP_SUMMARY", raising=False)
    assert pytester.runpytest("--snapshot-update").ret == pytest.ExitCode.OK
    assert not summary.exists()

    monkeypatch.setenv("GITHUB_STEP_SUMMARY", str(summary))
    result = pytester.runpytest_subprocess("-n", "2")
    result.assert_outcomes(passed=5)
    text = summary.read_text(encoding="utf-8")
    # Only the controller writes: the workers add nothing.
    assert text.count("## core-verify lane results") == 1
    assert "| correct | 0.5000 | >= 0.5 | PASS |  |" in text
