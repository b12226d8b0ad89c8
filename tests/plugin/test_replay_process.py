"""Process-level replay (run B in the helper interpreter), the per-run time limit, and
workdirs that a process left behind writes into."""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path

import pytest

from tests.helpers import MakeLane

WORDS = [f"word{i:02d}" for i in range(40)]

# Each runner passes both runs in one interpreter (replay = inprocess) and is caught by
# the default process mode, with the JSON path named.
PROCESS_ONLY = {
    "hash_seed": (
        f"def run(case, workdir):\n    return {{'order': list(set({WORDS!r}))}}\n",
        "$.order",
    ),
    "clock_seconds": (
        "import time\n\ndef run(case, workdir):\n    return {'day': int(time.time()) // 86400}\n",
        "$.day",
    ),
    "datetime_today": (
        "import datetime\n\ndef run(case, workdir):\n    return {'today': datetime.date.today().isoformat()}\n",
        "$.today",
    ),
    "home": (
        "import os\n\ndef run(case, workdir):\n    return {'home': os.environ.get('HOME')}\n",
        "$.home",
    ),
    "path": (
        "import os\n\ndef run(case, workdir):\n    return {'path': os.environ.get('PATH', '').split(os.pathsep)[0]}\n",
        "$.path",
    ),
    "tmpdir": (
        "import tempfile\n\ndef run(case, workdir):\n    return {'tmp': tempfile.gettempdir()}\n",
        "$.tmp",
    ),
}


def test_a_lane_using_numpy_runs_in_the_helper(
    pytester: pytest.Pytester, make_lane: MakeLane
) -> None:
    """NumPy's C core loads the datetime C API from ``datetime``, which is the pure-Python
    module in the helper: without the capsule beside it, every case failed in run B with
    "cannot load module more than once per process"."""
    # Never imported into this process: pytester's in-process sessions drop the modules
    # they imported, and NumPy cannot be imported twice into one process.
    if importlib.util.find_spec("numpy") is None:
        pytest.skip("numpy is not installed")
    make_lane(
        code="""
        def run(case, workdir):
            import numpy

            day = numpy.datetime64("2026-01-01") + numpy.timedelta64(case["x"], "D")
            return {"sum": int(numpy.arange(case["x"]).sum()), "day": str(day)}
        """,
        dev=[{"id": "a", "x": 3}, {"id": "b", "x": 40}],
    )
    result = pytester.runpytest_subprocess("--snapshot-update", "-p", "no:xdist")
    result.assert_outcomes(passed=3)


#: A lane with a subclass of the C ``datetime`` class, made as a C extension makes one
#: (from the type in the ``datetime_CAPI`` capsule), as pandas' ``Timestamp`` and
#: ``NaTType`` are: under the helper's pure-Python ``datetime`` it is not a
#: ``datetime.datetime``.
C_DATETIME_SUBCLASS = """
import ctypes, datetime

get_pointer = ctypes.pythonapi.PyCapsule_GetPointer
get_pointer.restype = ctypes.c_void_p
get_pointer.argtypes = [ctypes.py_object, ctypes.c_char_p]
api = get_pointer(datetime.datetime_CAPI, b"datetime.datetime_CAPI")
c_datetime = ctypes.cast(ctypes.c_void_p.from_address(api + ctypes.sizeof(ctypes.c_void_p)).value, ctypes.py_object).value

class Stamp(c_datetime):
    pass

def run(case, workdir):
    stamp = Stamp(2026, 1, case["day"])
    return {"is_datetime": isinstance(stamp, datetime.datetime), "day": stamp.isoformat()}
"""


def test_process_real_clock_runs_a_lane_whose_library_subclasses_the_c_datetime(
    pytester: pytest.Pytester, make_lane: MakeLane
) -> None:
    """``process`` mode gives the helper the pure-Python ``datetime`` (to shift its
    clock), where a C extension's subclass of the C class is no ``datetime.datetime``;
    ``process-real-clock`` keeps the C module, and still varies the rest."""
    make_lane(code=C_DATETIME_SUBCLASS, dev=[{"id": "a", "day": 2}])
    caught = pytester.runpytest_subprocess("--snapshot-update", "-p", "no:xdist")
    caught.assert_outcomes(failed=1, passed=1)
    caught.stdout.fnmatch_lines(["*differing JSON paths: $.is_datetime*"])
    for args in (
        ["--replay", "process-real-clock"],
        ["-o", "core_verify_replay=process-real-clock"],
    ):
        pytester.runpytest_subprocess("--snapshot-update", "-p", "no:xdist", *args).assert_outcomes(
            passed=2
        )
    # The rest of the helper's variation is still there: another hash seed.
    code, path = PROCESS_ONLY["hash_seed"]
    make_lane(code=code + "\nreplay = 'process-real-clock'\n", dev=[{"id": "a"}])
    for args in (["-p", "no:xdist"], ["-n", "2"]):
        caught = pytester.runpytest_subprocess("--snapshot-update", *args)
        caught.assert_outcomes(failed=1, passed=1)
        caught.stdout.fnmatch_lines([f"*differing JSON paths: {path}*"])


def test_a_pandas_lane_is_told_to_use_process_real_clock(
    pytester: pytest.Pytester, make_lane: MakeLane
) -> None:
    if importlib.util.find_spec("pandas") is None:  # (never imported here: as NumPy)
        pytest.skip("pandas is not installed")
    code = """
        import pandas

        def run(case, workdir):
            day = pandas.Timestamp("2026-01-01") + pandas.Timedelta(days=case["x"])
            return {"day": day.isoformat(), "total": int(pandas.Series(range(case["x"])).sum())}
        """
    make_lane(code=code, dev=[{"id": "a", "x": 3}])
    told = pytester.runpytest_subprocess("--snapshot-update", "-p", "no:xdist")
    told.assert_outcomes(failed=2)  # the case, and the gate (a case with an error)
    told.stdout.fnmatch_lines(
        ["*replay helper cannot import the lane*set replay = 'process-real-clock'*"]
    )
    make_lane(code=code + "\n        replay = 'process-real-clock'\n", dev=[{"id": "a", "x": 3}])
    pytester.runpytest_subprocess("--snapshot-update", "-p", "no:xdist").assert_outcomes(passed=2)


@pytest.mark.parametrize("runner", sorted(PROCESS_ONLY))
def test_process_replay_catches_what_one_interpreter_cannot(
    pytester: pytest.Pytester, make_lane: MakeLane, runner: str
) -> None:
    code, path = PROCESS_ONLY[runner]
    make_lane(code=code, dev=[{"id": "a"}])
    caught = pytester.runpytest("--snapshot-update")
    caught.assert_outcomes(failed=1, passed=1)  # the lane's gate passes: no threshold
    caught.stdout.fnmatch_lines(
        [
            "*the two runs of this case differ (replay_determinism = 0)*",
            f"*differing JSON paths: {path}*",
        ]
    )
    assert not (pytester.path / "snapshots" / "demo" / "dev" / "a.json").exists()
    # The same lane in one interpreter: these differences are invisible there.
    if runner not in ("clock_seconds", "datetime_today"):  # (unless midnight passes)
        pytester.runpytest("--snapshot-update", "--replay", "inprocess").assert_outcomes(passed=2)


RUN_B_ONLY_FAILURE = """
import os

def run(case, workdir):
    if os.environ.get("TZ") != "UTC":
        raise RuntimeError("expects UTC")
    return {"ok": True}
"""


def test_a_failure_of_run_b_says_how_to_debug_it_in_this_process(
    pytester: pytest.Pytester, make_lane: MakeLane
) -> None:
    make_lane(code=RUN_B_ONLY_FAILURE, dev=[{"id": "a"}])
    result = pytester.runpytest("-p", "no:xdist")
    result.assert_outcomes(failed=2)  # the case, and the gate of a lane with an error
    result.stdout.fnmatch_lines(
        [
            "run B (in the replay helper) raised RuntimeError:",
            "*RuntimeError: expects UTC",
            "hint: run B ran in the replay helper, another interpreter; to debug it here "
            "(--pdb, breakpoint()), add --replay inprocess*",
        ]
    )
    # And there, --pdb stops in run() itself, at the line that raised.
    child = pytester.run(
        sys.executable,
        "-m",
        "pytest",
        "-p",
        "no:xdist",
        "--replay",
        "inprocess",
        "--pdb",
        stdin=b"c\nc\n",
        timeout=120,
    )
    child.stdout.fnmatch_lines(["*entering PDB*", "*lane.py(6)run()*", "*raise RuntimeError*"])


def test_the_process_mode_environment(pytester: pytest.Pytester, make_lane: MakeLane) -> None:
    """Run B sees everything of run B in-process too, plus its own interpreter; the
    SOURCE_DATE_EPOCH stays the same."""
    make_lane(
        code="""
        import os, sys, time

        def run(case, workdir):
            return {"tz": os.environ["TZ"], "lang": os.environ["LANG"],
                    "epoch": os.environ["SOURCE_DATE_EPOCH"], "pid": os.getpid() == case["pid"],
                    "umask": oct(os.umask(0o022)), "cwd_is_workdir": os.getcwd() == str(workdir)}
        """,
        dev=[{"id": "a", "pid": __import__("os").getpid()}],
    )
    result = pytester.runpytest("--snapshot-update")
    result.assert_outcomes(failed=1, passed=1)
    result.stdout.fnmatch_lines(
        ["*differing JSON paths: $.cwd_is_workdir, $.lang, $.pid, $.tz, $.umask*"]
    )


def test_state_kept_between_calls_is_still_caught_in_process_mode(
    pytester: pytest.Pytester, make_lane: MakeLane
) -> None:
    make_lane(
        code="CALLS = []\n\ndef run(case, workdir):\n    CALLS.append(1)\n    return {'calls': len(CALLS)}\n",
        dev=[{"id": f"c{i}"} for i in range(3)],
    )
    for args in ([], ["-n", "2"]):
        result = pytester.runpytest_subprocess("--snapshot-update", *args)
        result.assert_outcomes(failed=3, passed=1)
        result.stdout.fnmatch_lines(["*differing JSON paths: $.calls*"])


def test_a_run_that_changes_the_variables_does_not_change_the_next_runs(
    pytester: pytest.Pytester, make_lane: MakeLane
) -> None:
    """The helper sets run B's variables again only after an ``os.putenv`` event: a run
    that sets, or drops, one of them must not be seen by the next call there (the
    warm-up's change by run B, a case's by the next case)."""
    make_lane(
        code="""
        import os

        def run(case, workdir):
            seen = {name: os.environ.get(name) for name in ("TZ", "LANG", "SOURCE_DATE_EPOCH")}
            os.environ["TZ"] = "Europe/Paris"
            os.environ.pop("LANG", None)
            os.environ["SOURCE_DATE_EPOCH"] = "1"
            return {"tz_is_a_run_s": seen["TZ"] in ("UTC", "Pacific/Kiritimati"),
                    "lang_set": seen["LANG"] is not None, "epoch": seen["SOURCE_DATE_EPOCH"]}
        """,
        dev=[{"id": f"c{i}"} for i in range(4)],
    )
    for args in ([], ["-n", "2"]):
        result = pytester.runpytest_subprocess("--snapshot-update", *args)
        result.assert_outcomes(passed=5)
    pin = json.loads((pytester.path / "snapshots/demo/dev/c3.json").read_text("utf-8"))
    assert pin["epoch"] != "1"  # the ini's SOURCE_DATE_EPOCH, not the one a run set
    assert pin["lang_set"] is True and pin["tz_is_a_run_s"] is True


CRASHING_LANE = """
import os

def run(case, workdir):
    if case["id"] == "crash" and os.environ["TZ"] == "Pacific/Kiritimati":
        print("about to die")
        os._exit(3)
    return {"x": case["x"]}
"""


@pytest.mark.parametrize("xdist", [False, True], ids=["serial", "xdist"])
def test_a_crashed_helper_fails_only_its_case(
    pytester: pytest.Pytester, make_lane: MakeLane, xdist: bool
) -> None:
    make_lane(
        code=CRASHING_LANE,
        dev=[{"id": "before", "x": 1}, {"id": "crash", "x": 2}, {"id": "after", "x": 3}],
    )
    args = ["-n", "2"] if xdist else ["-p", "no:xdist"]
    result = pytester.runpytest_subprocess("--snapshot-update", "--results", "results", *args)
    result.assert_outcomes(passed=2, failed=2)  # the case, and the lane's gate
    result.stdout.fnmatch_lines(
        [
            "*run B: the replay helper died (exit status 3) while running this case;*",
            "*about to die*",
        ]
    )
    data = json.loads((pytester.path / "results" / "demo.dev.json").read_text())
    errors = {case["id"]: case.get("error") for case in data["cases"]}
    assert errors["crash"] == "replay helper died (run B)"
    assert errors["before"] is None and errors["after"] is None


HANGING_LANE = """
import os, time

def run(case, workdir):
    where = case.get("hang")
    if where == "A" and os.environ["TZ"] == "UTC" or where == "B" and os.environ["TZ"] != "UTC":
        time.sleep(60)
    if where == "swallow" and os.environ["TZ"] == "UTC":
        for _ in range(4):  # each raise is swallowed; the limit stays exceeded
            try:
                time.sleep(60)
            except BaseException:
                pass
    return {"x": case["x"]}
"""


@pytest.mark.parametrize("xdist", [False, True], ids=["serial", "xdist"])
def test_a_run_over_the_time_limit_fails_its_case_and_the_session_goes_on(
    pytester: pytest.Pytester, make_lane: MakeLane, xdist: bool
) -> None:
    make_lane(
        code=HANGING_LANE,
        dev=[
            {"id": "ok-1", "x": 1},
            {"id": "hang-a", "x": 2, "hang": "A"},
            {"id": "hang-b", "x": 3, "hang": "B"},
            {"id": "swallow", "x": 4, "hang": "swallow"},
            {"id": "ok-2", "x": 5},
        ],
    )
    args = ["-n", "2"] if xdist else ["-p", "no:xdist"]
    result = pytester.runpytest_subprocess(
        "--snapshot-update", "--run-timeout", "1", "--results", "results", *args
    )
    result.assert_outcomes(passed=2, failed=4)  # three cases, and the lane's gate
    result.stdout.fnmatch_lines_random(
        [
            "FAILED *::hang-a - run() exceeded 1s (run A)",
            "FAILED *::hang-b - run() exceeded 1s (run B)",
            "FAILED *::swallow - run() exceeded 1s (run A)",
        ]
    )
    result.stdout.no_fnmatch_line("*never reported*")
    data = json.loads((pytester.path / "results" / "demo.dev.json").read_text())
    assert data["metrics"]["case_count"] == 5
    errors = {case["id"]: case.get("error") for case in data["cases"]}
    assert errors == {
        "ok-1": None,
        "hang-a": "run() exceeded 1s (run A)",
        "hang-b": "run() exceeded 1s (run B)",
        "swallow": "run() exceeded 1s (run A)",
        "ok-2": None,
    }


def test_the_time_limit_in_process_mode_inprocess(
    pytester: pytest.Pytester, make_lane: MakeLane
) -> None:
    make_lane(code=HANGING_LANE, dev=[{"id": "hang-b", "x": 3, "hang": "B"}, {"id": "ok", "x": 1}])
    result = pytester.runpytest(
        "--snapshot-update", "--run-timeout", "0.5", "--replay", "inprocess"
    )
    result.assert_outcomes(passed=1, failed=2)
    result.stdout.fnmatch_lines(["FAILED *::hang-b - run() exceeded 0.5s (run B)"])


def test_the_time_limit_from_ini_lane_and_command_line(
    pytester: pytest.Pytester, make_lane: MakeLane
) -> None:
    slow = "import time\ntimeout = 0.3\n\ndef run(case, workdir):\n    time.sleep(case['s'])\n    return {}\n"
    make_lane(code=slow, dev=[{"id": "slow", "s": 0.6}])
    # lane.py's timeout = 0.3 wins over the ini default (60)
    pytester.runpytest().stdout.fnmatch_lines(["FAILED *::slow - run() exceeded 0.3s (run A)"])
    # the command line wins over lane.py; 0 disables
    pytester.runpytest("--snapshot-update", "--run-timeout", "0").assert_outcomes(passed=2)
    # the ini key when the lane sets none
    make_lane(code=slow.replace("timeout = 0.3\n", ""), dev=[{"id": "slow", "s": 0.6}])
    pytester.makeini("[pytest]\ncore_verify_timeout = 0.2\n")
    pytester.runpytest().stdout.fnmatch_lines(["FAILED *::slow - run() exceeded 0.2s (run A)"])


@pytest.mark.parametrize(
    ("args", "ini", "message"),
    [
        (
            ["--run-timeout", "soon"],
            "",
            "*--run-timeout = 'soon': must be a number of seconds, 0 or more*",
        ),
        (["--run-timeout", "-1"], "", "*--run-timeout = '-1': must be a number of seconds*"),
        (
            [],
            "core_verify_timeout = nan\n",
            "*ini key core_verify_timeout = 'nan': must be a number*",
        ),
        (
            ["--replay", "thread"],
            "",
            "*--replay = 'thread': not a replay mode; use process (the default), process-real-clock or inprocess*",
        ),
        (
            [],
            "core_verify_replay = fork\n",
            "*ini key core_verify_replay = 'fork': not a replay mode*",
        ),
    ],
)
def test_bad_timeout_and_replay_settings_are_usage_errors(
    pytester: pytest.Pytester, make_lane: MakeLane, args: list[str], ini: str, message: str
) -> None:
    make_lane(dev=[{"id": "a", "x": 1}])
    pytester.makeini("[pytest]\n" + ini)
    result = pytester.runpytest(*args)
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines([message])


@pytest.mark.parametrize(
    ("setting", "message"),
    [
        ("timeout = 'long'", "*sets timeout = 'long'; it must be a number of seconds per run*"),
        ("timeout = True", "*sets timeout = True; it must be a number*"),
        (
            "replay = 'thread'",
            "*sets replay = 'thread'; use 'process', 'process-real-clock', 'inprocess'*",
        ),
    ],
)
def test_bad_lane_settings_are_lane_errors(
    pytester: pytest.Pytester, make_lane: MakeLane, setting: str, message: str
) -> None:
    make_lane(code=f"{setting}\n\ndef run(case, workdir):\n    return {{}}\n", dev=[{"id": "a"}])
    result = pytester.runpytest()
    result.assert_outcomes(errors=1)
    result.stdout.fnmatch_lines([message])


SPAWNER_LANE = """
import subprocess, time

def run(case, workdir):
    if case["id"] == "spawner":
        subprocess.Popen(["sh", "-c", "sleep 1; echo late > late.txt"])
    time.sleep(case.get("sleep", 0))
    return {"id": case["id"]}
"""


@pytest.mark.parametrize("mode", ["process", "inprocess"])
@pytest.mark.parametrize("xdist", [False, True], ids=["serial", "xdist"])
def test_a_late_write_is_never_blamed_on_another_case(
    pytester: pytest.Pytester, make_lane: MakeLane, mode: str, xdist: bool
) -> None:
    cases = [{"id": "spawner"}] + [{"id": f"innocent-{i}", "sleep": 0.4} for i in range(6)]
    make_lane(code=SPAWNER_LANE, dev=cases)
    # -n 2 with --dist loadfile keeps the file on one worker, in order.
    args = ["-n", "2", "--dist", "loadfile"] if xdist else ["-p", "no:xdist"]
    result = pytester.runpytest_subprocess("--snapshot-update", "--replay", mode, *args)
    result.assert_outcomes(passed=8, warnings=1)
    result.stdout.fnmatch_lines(
        [
            "*lanes/demo/dev/cases.jsonl::spawner: a process that this case started was still "
            "writing into its workdirs after run() returned (a/late.txt*"
        ]
    )
    result.stdout.no_fnmatch_line("*written in run A only*")


@pytest.mark.parametrize("xdist", [False, True], ids=["serial", "xdist"])
def test_cases_stopped_by_pytest_timeout_are_counted_as_failed(
    pytester: pytest.Pytester, make_lane: MakeLane, xdist: bool
) -> None:
    pytest.importorskip("pytest_timeout")
    make_lane(
        code=HANGING_LANE,
        dev=[{"id": "ok-1", "x": 1}, {"id": "hang-a", "x": 2, "hang": "A"}, {"id": "ok-2", "x": 5}],
    )
    args = ["-n", "2"] if xdist else ["-p", "no:xdist"]
    # pytest-timeout's alarm is due first: it stops the case, the lane counts it.
    result = pytester.runpytest_subprocess(
        "--snapshot-update",
        "--timeout",
        "5",
        "--timeout-method",
        "signal",
        "--results",
        "results",
        *args,
    )
    result.assert_outcomes(passed=2, failed=2)
    result.stdout.fnmatch_lines(["*Timeout (>5.0s) from pytest-timeout*"])
    result.stdout.no_fnmatch_line("*never reported*")
    data = json.loads((pytester.path / "results" / "demo.dev.json").read_text())
    errors = {case["id"]: case.get("error") for case in data["cases"]}
    assert errors == {"ok-1": None, "hang-a": "run() exceeded 5s (pytest-timeout)", "ok-2": None}
    # The built-in limit is due first: it stops the run, and pytest-timeout's alarm
    # (30 s) is left alone for the rest of the test, not fired early.
    result = pytester.runpytest_subprocess(
        "--timeout", "30", "--timeout-method", "signal", "--run-timeout", "1", *args
    )
    result.assert_outcomes(passed=2, failed=2)
    result.stdout.fnmatch_lines(["FAILED *::hang-a - run() exceeded 1s (run A)"])
    result.stdout.no_fnmatch_line("*Timeout (>30.0s)*")


# Run A (TZ=UTC, the pytest process) and run B (the helper) meet through files outside
# the workdirs: A waits for B's mark, so the case passes only if B runs while A runs.
OVERLAP_LANE = """
import os, time
from pathlib import Path

MEET = Path(os.environ["CV_TEST_MEET"])

def run(case, workdir):
    in_helper = os.environ["TZ"] != "UTC"
    if in_helper:
        with open(MEET / "helper-pids", "a") as handle:
            handle.write(f"{os.getpid()}\\n")
        (MEET / case["id"]).write_text("B was here")
    if case.get("fail_a") and not in_helper:
        raise ValueError("run A fails here only")
    if case.get("meet") and not in_helper:
        deadline = time.monotonic() + 20
        while not (MEET / case["id"]).exists():
            if time.monotonic() > deadline:
                raise AssertionError("run B never ran while run A was running")
            time.sleep(0.01)
    return {"x": case["x"]}
"""


@pytest.fixture
def meet(pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Where OVERLAP_LANE's runs leave their marks, outside the workdirs."""
    path = pytester.path / "meet"
    path.mkdir()
    monkeypatch.setenv("CV_TEST_MEET", str(path))
    return path


def test_run_b_overlaps_run_a_and_a_failed_run_a_keeps_the_helper(
    pytester: pytest.Pytester, make_lane: MakeLane, meet: Path
) -> None:
    # Run B starts in the helper before run A, so the two overlap. When run A
    # fails, B's reply is taken and dropped: the helper stays in step and is not restarted.
    make_lane(
        code=OVERLAP_LANE,
        dev=[
            {"id": "meet", "x": 1, "meet": True},
            {"id": "fail", "x": 2, "fail_a": True},
            {"id": "after", "x": 3, "meet": True},
        ],
    )
    result = pytester.runpytest_subprocess("--snapshot-update", "-p", "no:xdist")
    result.assert_outcomes(passed=2, failed=2)  # "fail", and the lane's gate
    result.stdout.fnmatch_lines(["*ValueError: run A fails here only*"])
    pids = (meet / "helper-pids").read_text().split()
    assert len(pids) == 6  # two calls of run() per case in the helper
    assert len(set(pids)) == 1  # one helper for the whole session


def test_run_b_starts_at_the_end_of_setup_and_never_for_a_skipped_case(
    pytester: pytest.Pytester, make_lane: MakeLane, meet: Path
) -> None:
    # Run B is sent to the helper when the case's own setup ends, after skip markers and
    # setup hooks: a skipped case never runs there. When a later part of the setup fails,
    # B's reply is taken at teardown, so the helper stays in step for the next case.
    make_lane(
        code=OVERLAP_LANE,
        dev=[{"id": "skipped", "x": 1}, {"id": "setup-fails", "x": 2}, {"id": "after", "x": 3}],
    )
    pytester.makeconftest(
        """
        import pytest

        def pytest_collection_modifyitems(items):
            for item in items:
                if item.name == "skipped":
                    item.add_marker(pytest.mark.skip(reason="not today"))

        @pytest.hookimpl(wrapper=True)
        def pytest_runtest_setup(item):
            result = yield
            if item.name == "setup-fails":
                raise RuntimeError("a setup hook failed after the case's own setup")
            return result
        """
    )
    only = pytester.runpytest_subprocess("--setup-only", "-p", "no:xdist")
    assert sorted(p.name for p in meet.iterdir()) == []  # --setup-only runs nothing
    only.stdout.no_fnmatch_line("*INTERNALERROR*")
    result = pytester.runpytest_subprocess("--snapshot-update", "-p", "no:xdist", "-rs")
    # "after" passes; the gate fails, since a case whose setup errored never reported.
    result.assert_outcomes(passed=1, failed=1, skipped=1, errors=1)
    result.stdout.fnmatch_lines(["*RuntimeError: a setup hook failed after*"])
    assert "skipped" not in {p.name for p in meet.iterdir()}
    pids = (meet / "helper-pids").read_text().split()
    assert len(pids) == 4 and len(set(pids)) == 1  # setup-fails and after; one helper


def test_a_helper_that_cannot_start_fails_each_case_not_its_setup(
    pytester: pytest.Pytester, make_lane: MakeLane
) -> None:
    # The early start of run B must not turn a failure into a setup error (which the
    # lane would count as "never reported"): it is the case's failure, as before.
    make_lane(dev=[{"id": "c1", "x": 1, "expect": 2}, {"id": "c2", "x": 2, "expect": 4}])
    pytester.makeconftest(
        """
        from pytest_core_verify._replay import client

        def send_b(self, **kwargs):
            raise OSError("no helper today")

        client.ReplayHelper.send_b = send_b
        """
    )
    result = pytester.runpytest_subprocess("--snapshot-update", "-p", "no:xdist")
    result.assert_outcomes(failed=3, errors=0)  # both cases, and the lane's gate
    # runtest went on in the directories that setup made: none is left behind empty.
    cases_dir = pytester.path / "runpytest-0" / "cv-demo-dev-0"
    assert sorted(d.name for d in cases_dir.iterdir()) == ["000001-c1", "000002-c2"]
    result.stdout.fnmatch_lines(
        ["*OSError: no helper today*", "*overall: FAIL (2 case(s) with an error in run()*: c1, c2)"]
    )
