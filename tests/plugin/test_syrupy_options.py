"""syrupy's own options keep their meaning for case pins."""

from __future__ import annotations

import pytest

from tests.helpers import MakeLane

LANE = """
def run(case, workdir):
    return {"double": case["x"] * 2, "note": case.get("note", "a")}
"""
CASES = [{"id": "a", "x": 1}, {"id": "b", "x": 2}, {"id": "gone", "x": 3}]


def _pinned(pytester: pytest.Pytester, make_lane: MakeLane) -> None:
    make_lane(code=LANE, dev=CASES)
    pytester.runpytest("--snapshot-update", "-p", "no:xdist").assert_outcomes(passed=4)
    make_lane(code=LANE, dev=CASES[:2])  # "gone" is no case any more: its pin is unused


@pytest.mark.parametrize("xdist", [["-p", "no:xdist"], ["-n", "2"]], ids=["serial", "xdist"])
def test_unused_pins_fail_the_run_and_the_final_line_counts_them(
    pytester: pytest.Pytester, make_lane: MakeLane, xdist: list[str]
) -> None:
    _pinned(pytester, make_lane)
    result = pytester.runpytest(*xdist)
    assert result.ret == pytest.ExitCode.TESTS_FAILED
    result.stdout.fnmatch_lines(
        ["*1 case snapshot(s) unused:*", "*= 3 passed, 1 snapshots unused in *"]
    )
    warned = pytester.runpytest("--snapshot-warn-unused", *xdist)
    assert warned.ret == pytest.ExitCode.OK
    warned.stdout.fnmatch_lines(["*= 3 passed, 1 snapshots unused in *"])


def test_snapshot_update_deletes_them_and_says_so_in_the_final_line(
    pytester: pytest.Pytester, make_lane: MakeLane
) -> None:
    _pinned(pytester, make_lane)
    pin = pytester.path / "snapshots/demo/dev/gone.json"
    result = pytester.runpytest("--snapshot-update", "-p", "no:xdist")
    assert result.ret == pytest.ExitCode.OK and not pin.exists()
    result.stdout.fnmatch_lines(
        ["*1 case snapshot(s) deleted:*", "*= 3 passed, 1 snapshots deleted in *"]
    )


def test_snapshot_no_cleanup_keeps_unused_pins(
    pytester: pytest.Pytester, make_lane: MakeLane
) -> None:
    _pinned(pytester, make_lane)
    pin = pytester.path / "snapshots/demo/dev/gone.json"
    result = pytester.runpytest("--snapshot-update", "--snapshot-no-cleanup", "-p", "no:xdist")
    assert result.ret == pytest.ExitCode.OK
    assert pin.exists()
    result.stdout.fnmatch_lines(["*1 case snapshot(s) unused:*", "*(kept: --snapshot-no-cleanup)*"])


def test_snapshot_disable_unused_skips_the_check(
    pytester: pytest.Pytester, make_lane: MakeLane
) -> None:
    _pinned(pytester, make_lane)
    result = pytester.runpytest("--snapshot-disable-unused", "-p", "no:xdist")
    if result.ret == pytest.ExitCode.USAGE_ERROR and "unrecognized" in result.stderr.str():
        pytest.skip("this syrupy has no --snapshot-disable-unused")
    assert result.ret == pytest.ExitCode.OK
    assert "unused" not in "\n".join(
        line for line in result.stdout.lines if "case snapshot" in line
    )


def test_snapshot_diff_mode_disabled_prints_no_diff(
    pytester: pytest.Pytester, make_lane: MakeLane
) -> None:
    make_lane(code=LANE, dev=CASES[:1])
    pytester.runpytest("--snapshot-update", "-p", "no:xdist").assert_outcomes(passed=2)
    make_lane(code=LANE, dev=[{"id": "a", "x": 1, "note": "changed-note"}])
    detailed = pytester.runpytest("-p", "no:xdist")
    assert "changed-note" in detailed.stdout.str()
    quiet = pytester.runpytest("--snapshot-diff-mode=disabled", "-p", "no:xdist")
    quiet.assert_outcomes(failed=1, passed=1)
    quiet.stdout.fnmatch_lines(["*the result differs from its snapshot*"])
    assert "changed-note" not in quiet.stdout.str()
