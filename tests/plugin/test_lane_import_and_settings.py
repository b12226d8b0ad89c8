"""A lane.py is the lane's own module: leaving at import is that lane's one error,
names that happen to be settings are not settings unless they are plain values, and
the children of spawn and forkserver pools can import it."""

from __future__ import annotations

import multiprocessing
import shutil
import tempfile

import pytest

from pytest_core_verify.cli import main as core_verify
from tests.helpers import DOUBLING_LANE, MakeLane

CASES = [{"id": "a", "x": 1, "expect": 2}]


@pytest.mark.parametrize(
    ("statement", "expected"),
    [
        ('import sys\nsys.exit("needs CUDA")', "SystemExit: needs CUDA (sys.exit() at import"),
        ("import sys\nsys.exit(3)", "SystemExit: 3 (sys.exit() at import, code 3)"),
        ("raise GeneratorExit('gone')", "GeneratorExit: gone"),
    ],
    ids=["exit-text", "exit-code", "generator-exit"],
)
@pytest.mark.parametrize("xdist", [[], ["-n", "2"]], ids=["serial", "xdist"])
def test_a_lane_that_exits_at_import_is_one_error_and_the_others_run(
    pytester: pytest.Pytester,
    make_lane: MakeLane,
    statement: str,
    expected: str,
    xdist: list[str],
) -> None:
    make_lane("broken", code=statement + "\n" + DOUBLING_LANE, dev=CASES)
    make_lane("fine", dev=CASES)
    result = pytester.runpytest("--snapshot-update", "-rA", *xdist)
    result.assert_outcomes(passed=2, errors=1)
    result.stdout.fnmatch_lines([f"*lane 'broken': importing *lane.py failed: {expected}*"])
    assert "INTERNALERROR" not in result.stdout.str() + result.stderr.str()


def test_review_run_survives_a_lane_that_exits_at_import(
    pytester: pytest.Pytester, make_lane: MakeLane, capsys: pytest.CaptureFixture[str]
) -> None:
    make_lane("broken", code='import sys\nsys.exit("needs CUDA")\n' + DOUBLING_LANE, dev=CASES)
    make_lane("fine", dev=CASES)
    code = core_verify(["review", "--rootdir", str(pytester.path), "--run", "--accept-all"])
    out = capsys.readouterr()
    assert code == 0, out.err
    assert "INTERNALERROR" not in out.out + out.err
    assert "lane 'broken': importing" in out.out
    assert "accepted: wrote snapshots/fine/dev/a.json" in out.out


NAMES_THAT_ARE_NOT_SETTINGS = (
    """
import socket
from asyncio import timeout

def replay(value):
    return value

class _Helper:
    pass

"""
    + DOUBLING_LANE
)


def test_names_that_happen_to_be_settings_are_the_lanes_own(
    pytester: pytest.Pytester, make_lane: MakeLane
) -> None:
    make_lane("imports", code=NAMES_THAT_ARE_NOT_SETTINGS, dev=CASES)
    make_lane("klass", code="import socket\ntimeout = socket.timeout\n" + DOUBLING_LANE, dev=CASES)
    result = pytester.runpytest("--snapshot-update", "-rA")
    result.assert_outcomes(passed=4)


@pytest.mark.parametrize(
    ("setting", "expected"),
    [
        ("timeout = -1", "sets timeout = -1; it must be a number of seconds"),
        ('timeout = "5"', "sets timeout = '5'; it must be a number of seconds"),
        (
            "replay = 'fork'",
            "sets replay = 'fork'; use 'process', 'process-real-clock', 'inprocess'",
        ),
        ("replay = True", "sets replay = True; use 'process', 'process-real-clock', 'inprocess'"),
    ],
)
def test_a_plain_value_of_the_wrong_type_is_still_a_bad_setting(
    pytester: pytest.Pytester, make_lane: MakeLane, setting: str, expected: str
) -> None:
    make_lane("bad", code=setting + "\n" + DOUBLING_LANE, dev=CASES)
    result = pytester.runpytest("-rA")
    result.assert_outcomes(errors=1)
    result.stdout.fnmatch_lines([f"*{expected}*"])


POOL_LANE = """
import multiprocessing

from . import helpers


def _square(value):
    return helpers.square(value)


def run(case, workdir):
    context = multiprocessing.get_context(case["start"])
    with context.Pool(2) as pool:
        return {"squares": pool.map(_square, range(case["n"]))}
"""


@pytest.mark.parametrize(
    "start",
    [m for m in ("spawn", "forkserver") if m in multiprocessing.get_all_start_methods()],
)
@pytest.mark.parametrize("replay", ["process", "inprocess"])
def test_children_of_spawn_and_forkserver_pools_import_the_lane(
    pytester: pytest.Pytester, make_lane: MakeLane, start: str, replay: str
) -> None:
    lane = make_lane("pooled", code=POOL_LANE, dev=[{"id": "p", "start": start, "n": 4}])
    (lane / "helpers.py").write_text("def square(value):\n    return value * value\n")
    # A short basetemp: run B's TMPDIR is under it, and a forkserver's socket path there
    # must fit in AF_UNIX's 108 bytes.
    basetemp = tempfile.mkdtemp(prefix="cv-")
    try:
        result = pytester.runpytest_subprocess(
            f"--basetemp={basetemp}/t", "--snapshot-update", "-rA", "--replay", replay
        )
    finally:
        shutil.rmtree(basetemp, ignore_errors=True)
    result.assert_outcomes(passed=2)
    pin = pytester.path / "snapshots" / "pooled" / "dev" / "p.json"
    assert '"squares"' in pin.read_text() and "9" in pin.read_text()
