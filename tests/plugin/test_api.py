"""``pytest_core_verify.run_lanes``: lanes run in-process, ``LaneResult``s returned."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

import pytest_core_verify
from pytest_core_verify import LaneResult, LaneRunError, run_lanes
from tests.helpers import MakeLane

CASES = [
    {"id": "a", "x": 1, "expect": 2},
    {"id": "b", "x": 2, "expect": 5},
    {"id": "c", "x": 3, "expect": 6},
]


@pytest.mark.parametrize("xdist", [[], ["-n", "2"]], ids=["serial", "xdist"])
def test_run_lanes_returns_what_the_results_files_hold(
    pytester: pytest.Pytester, make_lane: MakeLane, xdist: list[str]
) -> None:
    make_lane("demo", dev=CASES, public={"v1": CASES[:2]})
    make_lane("other", dev=CASES[:1])
    pytester.makepyfile(test_ordinary="def test_x():\n    raise AssertionError('never run')\n")
    results = run_lanes(
        lanes=["demo"],
        rootdir=pytester.path,
        extra_args=["-q", "--snapshot-update", "--results", "out", *xdist],
    )
    assert all(isinstance(r, LaneResult) for r in results)
    assert [r.key.label for r in results] == ["demo/dev", "demo/public/v1"]
    dev = results[0]
    assert dev.metrics["correct"].value == pytest.approx(2 / 3)
    assert dev.metrics["correct"].misses == ["b"]
    assert dev.overall_pass
    for result in results:
        name = ".".join(p for p in (result.key.lane, result.key.split, result.key.version) if p)
        on_disk = json.loads((pytester.path / "out" / f"{name}.json").read_text("utf-8"))
        assert result.to_json() == on_disk


def test_run_lanes_every_lane_and_splits(pytester: pytest.Pytester, make_lane: MakeLane) -> None:
    make_lane("demo", dev=CASES, public={"v1": CASES[:2]})
    make_lane("other", dev=CASES[:1])
    pytester.makepyfile(test_ordinary="def test_x():\n    raise AssertionError('never run')\n")
    results = run_lanes(rootdir=pytester.path, splits=["dev"], extra_args=["--snapshot-update"])
    assert [r.key.label for r in results] == ["demo/dev", "other/dev"]
    # A failed threshold is a result like any other, not an exception.
    make_lane("other", dev=[{"id": "z", "x": 1, "expect": 0}])
    (failed,) = run_lanes(["other"], rootdir=pytester.path, extra_args=["--snapshot-update"])
    assert not failed.overall_pass
    assert failed.to_json()["metrics"]["overall_pass"] is False


def test_run_lanes_errors(pytester: pytest.Pytester, make_lane: MakeLane) -> None:
    make_lane("demo", dev=CASES)
    with pytest.raises(LaneRunError, match="exit code 4") as excinfo:
        run_lanes(["nope"], rootdir=pytester.path)
    assert excinfo.value.exit_code == 4
    with pytest.raises(TypeError, match="list of lane names"):
        run_lanes("demo", rootdir=pytester.path)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="not a directory"):
        run_lanes(["demo"], rootdir=pytester.path / "missing")


def test_package_root_does_not_import_pytest_for_the_api() -> None:
    code = (
        "import sys, pytest_core_verify; print('pytest' in sys.modules, '_pytest' in sys.modules)"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    assert result.stdout.split() == ["False", "False"]
    assert "run_lanes" in pytest_core_verify.__all__


def test_run_lanes_is_quiet_by_default_and_shows_output_on_request(
    pytester: pytest.Pytester, make_lane: MakeLane
) -> None:
    """From a script: no pytest log and no assert-rewrite warning unless asked for."""
    make_lane("demo", dev=CASES)
    script = (
        "import sys\n"
        "from pytest_core_verify import run_lanes\n"
        "show = sys.argv[1] == 'show'\n"
        "results = run_lanes(['demo'], extra_args=['--snapshot-update'], show_output=show)\n"
        "print('RESULT', results[0].key.label, results[0].overall_pass)\n"
    )
    pytester.makepyfile(script=script)
    quiet = subprocess.run(
        [sys.executable, "script.py", "quiet"], capture_output=True, text=True, cwd=pytester.path
    )
    assert quiet.returncode == 0, quiet.stderr
    assert quiet.stdout == "RESULT demo/dev True\n"
    assert quiet.stderr == ""
    shown = subprocess.run(
        [sys.executable, "script.py", "show"], capture_output=True, text=True, cwd=pytester.path
    )
    assert "core-verify lanes" in shown.stdout and "RESULT demo/dev True" in shown.stdout
    assert "PytestAssertRewriteWarning" not in shown.stdout + shown.stderr


def test_a_run_that_cannot_start_says_why_in_its_message(
    pytester: pytest.Pytester, make_lane: MakeLane
) -> None:
    make_lane("demo", dev=CASES)
    with pytest.raises(LaneRunError) as excinfo:
        run_lanes(["nope"], rootdir=pytester.path)
    assert "--lane nope: no such lane" in str(excinfo.value)
    assert "--lane nope: no such lane" in excinfo.value.output
