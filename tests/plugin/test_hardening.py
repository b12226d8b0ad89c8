"""Hardening: the defects an adversarial run found, one regression test (or more) each.

Each test is named after the issue's item number, so a failure says which promise broke.
Items 6, 7 and 13 (the run machinery: replay, late writes, timeouts) are tested beside
that machinery.
"""

from __future__ import annotations

import importlib.util
import json
import os
import secrets
import signal
import subprocess
import sys
import time
from pathlib import Path

import pyrage
import pytest

from pytest_core_verify.cli import main as core_verify
from tests.helpers import DOUBLING_LANE, MakeLane, write_cases

GOOD = {"id": "good", "x": 1, "expect": 2}
#: A JSON line nested 10,000 deep: past what Python's parser takes.
DEEP = '{"id": "deep", "x": ' + "[" * 10_000 + "]" * 10_000 + "}"


@pytest.fixture(autouse=True)
def _wide_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "300")


def _seal(path: Path, plaintext: bytes, recipient: pyrage.x25519.Recipient) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(bytes(pyrage.encrypt(plaintext, [recipient])))
    return path


def _output(result: pytest.RunResult) -> str:
    return result.stdout.str() + "\n" + result.stderr.str()


# -- 1-3: sealed content and secrets ---------------------------------------------------


def test_item01_a_key_file_that_is_not_utf8_is_one_error_per_file_never_echoed(
    pytester: pytest.Pytester,
    make_lane: MakeLane,
    monkeypatch: pytest.MonkeyPatch,
    capfd: pytest.CaptureFixture[str],
) -> None:
    make_lane(dev=[GOOD])
    make_lane("other", dev=[{"id": "o", "x": 2, "expect": 4}])
    identity = pyrage.x25519.Identity.generate()
    for version in ("v1", "v2"):
        _seal(
            pytester.path / "holdouts" / "demo" / version / "cases.jsonl.age",
            b'{"id": "h", "x": 1, "expect": 2}\n',
            identity.to_public(),
        )
    key = pytester.path / "holdout.key"
    key.write_bytes(str(identity).encode() + b"\n# comment \xff\n")
    monkeypatch.setenv("CORE_VERIFY_HOLDOUT_KEY", str(key))
    for flags in ((), ("-l", "--tb=long"), ("--full-trace", "-l")):
        result = pytester.runpytest("--split", "all", "--snapshot-update", "-rA", *flags)
        result.assert_outcomes(passed=4, errors=2)
        result.stdout.fnmatch_lines(
            [
                "ERROR holdouts/demo/v1/cases.jsonl.age::sealed - CORE_VERIFY_HOLDOUT_KEY=*"
                "holdout.key: line 2 is not UTF-8 (byte *); save the identity file as UTF-8*",
                "ERROR holdouts/demo/v2/cases.jsonl.age::sealed - *holdout.key: line 2 *",
            ]
        )
        output = _output(result) + "".join(capfd.readouterr())
        assert str(identity) not in output
        assert str(identity)[len("AGE-SECRET-KEY-1") :][:20] not in output
        assert "comment" not in output

    # The recipients list is read the same way: `core-verify seal` names it, quotes nothing.
    recipients = pytester.path / "recipients.txt"
    recipients.write_bytes(f"{identity.to_public()}\n# note \xff\n".encode("latin-1"))
    plain = write_cases(pytester.path / "plain" / "cases.jsonl", [GOOD])
    assert core_verify(["seal", str(plain), "--recipients", str(recipients)]) == 2
    err = capfd.readouterr().err
    assert "recipients.txt: line 2 is not UTF-8" in err
    assert "note" not in err


def test_item02_a_deep_sealed_line_is_one_withheld_error_even_with_locals(
    pytester: pytest.Pytester,
    make_lane: MakeLane,
    monkeypatch: pytest.MonkeyPatch,
    capfd: pytest.CaptureFixture[str],
) -> None:
    make_lane(dev=[GOOD])
    canary = f"CANARY{secrets.token_hex(8)}"
    identity = pyrage.x25519.Identity.generate()
    lines = [
        json.dumps({"id": "h1", "x": 1, "expect": 2, "note": canary}),
        '{"id": "deep", "note": "' + canary + '", "x": ' + "[" * 10_000 + "]" * 10_000 + "}",
        json.dumps({"id": "h3", "x": 3, "expect": 6, "note": canary}),
    ]
    _seal(
        pytester.path / "holdouts" / "demo" / "v1" / "cases.jsonl.age",
        ("\n".join(lines) + "\n").encode(),
        identity.to_public(),
    )
    key = pytester.path / "holdout.key"
    key.write_text(f"{identity}\n", encoding="utf-8")
    monkeypatch.setenv("CORE_VERIFY_HOLDOUT_KEY", str(key))
    result = pytester.runpytest(
        "--split", "all", "--snapshot-update", "-rA", "-l", "--tb=long", "--full-trace"
    )
    # The split's gate fails on the broken line.
    result.assert_outcomes(passed=4, failed=1, errors=1)
    result.stdout.fnmatch_lines(
        [
            "ERROR holdouts/demo/v1/cases.jsonl.age::line 2 - holdouts/demo/v1/cases.jsonl.age:2:"
            " invalid case (details withheld: the file is sealed)"
        ]
    )
    assert canary not in _output(result) + "".join(capfd.readouterr())


CYCLE_LANE = """
import gc

from pytest_core_verify import metric


class Cycle:
    def __init__(self, text):
        self.text = text
        self.me = self  # only the garbage collector frees it

    def __del__(self):
        raise ValueError("__del__ says " + self.text)


def run(case, workdir):
    # A later case frees what an earlier one left in cycles (as any automatic collection
    # would): the public case runs after the sealed ones.
    gc.collect()
    if case["note"] != "public":
        Cycle(case["note"])
    if case.get("raise"):
        raise RuntimeError("run failed")
    return {"double": case["x"] * 2}


@metric
def correct(case, result):
    return result["double"] == case["expect"]
"""


def test_item03_del_of_a_cycle_after_a_sealed_case_prints_nothing(
    pytester: pytest.Pytester,
    make_lane: MakeLane,
    monkeypatch: pytest.MonkeyPatch,
    capfd: pytest.CaptureFixture[str],
) -> None:
    make_lane(code=CYCLE_LANE, dev=[{"id": "d", "x": 1, "expect": 2, "note": "public"}])
    canary = f"CANARY{secrets.token_hex(8)}"
    identity = pyrage.x25519.Identity.generate()
    cases = [
        {"id": "h1", "x": 1, "expect": 2, "note": canary},
        {"id": "h2", "x": 2, "expect": 4, "note": canary, "raise": True},
    ]
    _seal(
        pytester.path / "holdouts" / "demo" / "v1" / "cases.jsonl.age",
        "".join(json.dumps(c) + "\n" for c in cases).encode(),
        identity.to_public(),
    )
    key = pytester.path / "holdout.key"
    key.write_text(f"{identity}\n", encoding="utf-8")
    monkeypatch.setenv("CORE_VERIFY_HOLDOUT_KEY", str(key))
    # In a subprocess: the public case's cycle must not be freed in this test session.
    result = pytester.runpytest_subprocess(
        "--split", "all", "--snapshot-update", "-rA", "-W", "default"
    )
    result.assert_outcomes(passed=3, failed=2)
    output = _output(result) + "".join(capfd.readouterr())
    assert "__del__ says" not in output
    assert canary not in output


# -- 4, 5: wrong passes and lost data ---------------------------------------------------


def test_item04_a_lane_name_with_a_dot_is_refused_so_results_files_never_collide(
    pytester: pytest.Pytester, make_lane: MakeLane
) -> None:
    make_lane("a.public", dev=[GOOD])
    make_lane("a", public={"dev": [GOOD, {"id": "second", "x": 2, "expect": 4}]})
    result = pytester.runpytest("--snapshot-update", "--results", "out", "-rA")
    result.assert_outcomes(passed=3, errors=1)
    result.stdout.fnmatch_lines(
        [
            "ERROR lanes/a.public/dev/cases.jsonl::lane.py - lane 'a.public': a lane name must "
            "not contain '.' (results files are named <lane>.<split>*"
        ]
    )
    written = sorted(p.name for p in (pytester.path / "out").iterdir())
    assert written == ["a.public.dev.json"]
    document = json.loads((pytester.path / "out" / "a.public.dev.json").read_text())
    assert (document["lane"], document["split"], document["version"]) == ("a", "public", "dev")


def test_item05_two_thresholds_for_one_metric_in_one_place_are_a_usage_error(
    pytester: pytest.Pytester, make_lane: MakeLane
) -> None:
    code = DOUBLING_LANE.replace(
        'pytestmark = [pytest.mark.threshold("correct", min=0.5)]',
        'pytestmark = [pytest.mark.threshold("correct", min=0.0), '
        'pytest.mark.threshold("correct", min=2.0)]',
    )
    make_lane(code=code, dev=[GOOD])
    result = pytester.runpytest("--snapshot-update")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines(
        [
            "*lane 'demo': two threshold markers for metric 'correct' in one place, "
            "threshold('correct', min=0.0) and threshold('correct', min=2.0); keep one*"
        ]
    )
    # The same from a conftest that adds both to the items.
    make_lane(dev=[GOOD])
    pytester.makeconftest(
        """
        import pytest

        def pytest_collection_modifyitems(items):
            for item in items:
                item.add_marker(pytest.mark.threshold("correct", min=0.0))
                item.add_marker(pytest.mark.threshold("correct", max=0.1))
        """
    )
    result = pytester.runpytest("--snapshot-update")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines(["*two threshold markers for metric 'correct' in one place*"])


# -- 8-12: crashes ----------------------------------------------------------------------


def test_item08_a_deep_line_is_one_line_error_and_the_session_goes_on(
    pytester: pytest.Pytester, make_lane: MakeLane
) -> None:
    make_lane(dev=[GOOD, DEEP, {"id": "after", "x": 2, "expect": 4}])
    make_lane("other", dev=[GOOD])
    result = pytester.runpytest("--snapshot-update", "-rA", "--results", "out")
    # The split's gate fails on the broken line.
    result.assert_outcomes(passed=4, failed=1, errors=1)
    result.stdout.fnmatch_lines(
        [
            "ERROR lanes/demo/dev/cases.jsonl::line 2 - lanes/demo/dev/cases.jsonl:2: invalid "
            "JSON: nested too deeply (Python's JSON parser stops near 1,000 levels); flatten it"
        ]
    )
    assert sorted(p.name for p in (pytester.path / "out").iterdir()) == [
        "demo.dev.json",
        "other.dev.json",
    ]


@pytest.mark.parametrize("depth", [400, 3_000])
def test_item08_a_deeply_nested_result_is_pinned_or_named_in_one_short_line(
    pytester: pytest.Pytester, make_lane: MakeLane, depth: int
) -> None:
    """A result nested 400 deep is pinned, matched and diffed like any other; one nested
    3,000 deep fails its case with the path's two ends, not 3,000 of its steps."""
    make_lane(
        code="""
        def run(case, workdir):
            value = case["x"]
            for _ in range(case["depth"]):
                value = [value]
            return {"v": value}
        """,
        dev=[{"id": "deep", "x": 1, "depth": depth}, {"id": "flat", "x": 1, "depth": 0}],
    )
    result = pytester.runpytest("--snapshot-update", "-n", "2")
    if depth == 3_000:
        result.assert_outcomes(passed=1, failed=2)
        result.stdout.re_match_lines(
            [
                r"run A: run\(\) returned a result that is not canonical JSON at "
                r"\$\.v(\[0\]){19}\.\.\.\(\d+ characters\)\.\.\.(\[0\]){20}: "
                r"nested more than 500 levels deep;"
            ]
        )
        return
    result.assert_outcomes(passed=3)
    assert pytester.runpytest("-p", "no:xdist").ret == 0
    lane = pytester.path / "lanes" / "demo" / "lane.py"
    lane.write_text(lane.read_text().replace('{"v": value}', '{"v": value, "new": 1}'))
    changed = pytester.runpytest("-n", "2")
    changed.assert_outcomes(passed=1, failed=2)
    changed.stdout.fnmatch_lines(["*the result differs from its snapshot*", '*+   "new": 1,*'])


def test_item08_every_json_reader_of_the_command_line_survives_a_deep_input(
    pytester: pytest.Pytester,
    make_lane: MakeLane,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    make_lane(dev=[GOOD, DEEP])
    monkeypatch.chdir(pytester.path)
    capsys.readouterr()
    assert core_verify(["lanes", "--json"]) == 0
    listing = json.loads(capsys.readouterr().out)
    assert listing["names"] == ["demo"]
    assert listing["lanes"][0]["splits"]["dev"] == {"cases": 1}
    assert core_verify(["lanes"]) == 0

    identity = pyrage.x25519.Identity.generate()
    recipients = pytester.path / "recipients.txt"
    recipients.write_text(f"{identity.to_public()}\n", encoding="utf-8")
    plain = pytester.path / "lanes" / "demo" / "dev" / "cases.jsonl"
    assert core_verify(["seal", str(plain), "--recipients", str(recipients)]) == 2
    assert "cases.jsonl:2: invalid JSON: nested too deeply" in capsys.readouterr().err

    payload = pytester.path / "deep.json"
    payload.write_text("[" * 10_000 + "]" * 10_000, encoding="utf-8")
    assert core_verify(["verify", str(payload)]) == 2  # unreadable payload, not "refused"
    assert "levels deep" in capsys.readouterr().err

    batch = pytester.path / "batch.jsonl"
    batch.write_text('{"value": "1", "source": "a.txt"}\n' + DEEP + "\n", encoding="utf-8")
    assert core_verify(["evidence", str(pytester.path), "--batch", str(batch)]) == 2
    assert "batch.jsonl:2: not valid JSON: nested too deeply to parse" in capsys.readouterr().err
    batch.write_text("[" * 10_000 + "]" * 10_000, encoding="utf-8")
    assert core_verify(["evidence", str(pytester.path), "--batch", str(batch)]) == 2
    assert "nested too deeply to parse" in capsys.readouterr().err

    # core-verify decide --problem: exit 2, its usage error, when the deductive system is here.
    if importlib.util.find_spec("pytest_core_verify.systems.deductive") is not None:
        assert core_verify(["decide", "--problem", str(payload)]) == 2
        assert "nested too deeply to parse" in capsys.readouterr().err


HUGE_METRIC_LANE = """
from pytest_core_verify import metric


def run(case, workdir):
    return {"x": case["x"]}


@metric
def big(case, result):
    return case["big"]


@metric
def huge(case, result):
    return 1.7e308
"""


def test_item09_a_metric_past_float_range_fails_its_case_and_sums_do_not_overflow(
    pytester: pytest.Pytester, make_lane: MakeLane
) -> None:
    make_lane(
        code=HUGE_METRIC_LANE.replace('case["big"]', 'int(case["big"])'),
        dev=[{"id": "fine", "x": 1, "big": "1"}, {"id": "over", "x": 2, "big": "1" + "0" * 400}],
    )
    result = pytester.runpytest("--snapshot-update", "-rA", "--results", "out")
    result.assert_outcomes(passed=1, failed=2)
    result.stdout.fnmatch_lines(
        [
            "FAILED lanes/demo/dev/cases.jsonl::over - metric 'big' of lane 'demo' returned "
            "'an int of 401 digits'; a metric returns a bool, a number a float holds*",
        ]
    )
    result.stdout.fnmatch_lines(["*core-verify lanes*", "demo/dev: 2 case(s)", "  big *1.0000*"])
    document = json.loads((pytester.path / "out" / "demo.dev.json").read_text())
    assert document["metrics"]["huge"] == 1.7e308  # two of them: the sum would overflow
    assert document["cases"][1]["error"].startswith("metric 'big' of lane 'demo' returned")


def test_item10_a_threshold_past_float_range_is_a_usage_error(
    pytester: pytest.Pytester, make_lane: MakeLane
) -> None:
    code = DOUBLING_LANE.replace("min=0.5)", "min=10**400)")
    make_lane(code=code, dev=[GOOD])
    result = pytester.runpytest()
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines(
        ["*marker threshold('correct', min=1000*) has min=1000*, which is not a finite number*"]
    )
    assert "INTERNALERROR" not in _output(result)


READ_ONLY_SNAPSHOTS = """
import pathlib
import tempfile

import pytest

_unlink = pathlib.Path.unlink
_mkstemp = tempfile.mkstemp


def _refused(path):
    return "snapshots" in pathlib.Path(path).parts


def unlink(self, missing_ok=False):
    if _refused(self):
        raise PermissionError(13, "Permission denied", str(self))
    return _unlink(self, missing_ok=missing_ok)


def mkstemp(*args, dir=None, **kwargs):
    if dir is not None and _refused(dir):
        raise PermissionError(13, "Permission denied", str(dir))
    return _mkstemp(*args, dir=dir, **kwargs)


# The tests run as root in CI, where chmod cannot make a directory read-only: refuse
# writes under snapshots/ the way the kernel would.
def pytest_configure(config):
    pathlib.Path.unlink = unlink
    tempfile.mkstemp = mkstemp


def pytest_unconfigure(config):
    pathlib.Path.unlink = _unlink
    tempfile.mkstemp = _mkstemp
"""


def test_item11_an_unused_pin_that_cannot_be_deleted_is_reported_and_results_are_written(
    pytester: pytest.Pytester, make_lane: MakeLane
) -> None:
    lane = make_lane(dev=[GOOD, {"id": "gone", "x": 2, "expect": 4}])
    assert pytester.runpytest("--snapshot-update").ret == pytest.ExitCode.OK
    write_cases(lane / "dev" / "cases.jsonl", [GOOD])
    pytester.makeconftest(READ_ONLY_SNAPSHOTS)
    result = pytester.runpytest("--snapshot-update", "--results", "out")
    assert result.ret == pytest.ExitCode.TESTS_FAILED
    result.stdout.fnmatch_lines(
        [
            "cannot delete the unused snapshot snapshots/demo/dev/gone.json: Permission denied; "
            "make its directory writable and run pytest with --snapshot-update again",
            "*2 passed, 1 unused snapshots not deleted in*",
        ]
    )
    assert (pytester.path / "out" / "demo.dev.json").is_file()
    assert (pytester.path / "snapshots" / "demo" / "dev" / "gone.json").is_file()


@pytest.mark.parametrize("target", ["a directory", "a file in a missing directory"])
def test_item12_an_unwritable_step_summary_warns_and_the_run_passes(
    pytester: pytest.Pytester, make_lane: MakeLane, monkeypatch: pytest.MonkeyPatch, target: str
) -> None:
    make_lane(dev=[GOOD])
    path = pytester.path / ("summary-dir" if target == "a directory" else "no/such/summary.md")
    if target == "a directory":
        path.mkdir()
    monkeypatch.setenv("GITHUB_STEP_SUMMARY", str(path))
    result = pytester.runpytest("--snapshot-update")
    assert result.ret == pytest.ExitCode.OK
    result.stdout.fnmatch_lines(
        [f"GITHUB_STEP_SUMMARY={path}: cannot append the lane tables (*); skipped"]
    )
    assert "Traceback" not in _output(result)


# -- 14-20: messages that hid the cause --------------------------------------------------

RAISING_LANE = """
from pytest_core_verify import metric


def run(case, workdir):
    return helper(case)


def helper(case):
    return {"v": 1 / case["x"]}


@metric
def fine(case, result):
    return True
"""


def test_item14_a_failing_run_shows_the_lanes_frames_only(
    pytester: pytest.Pytester, make_lane: MakeLane
) -> None:
    make_lane(code=RAISING_LANE, dev=[{"id": "zero", "x": 0}])
    result = pytester.runpytest("--snapshot-update")
    result.assert_outcomes(failed=2)  # the case, and its lane's gate
    failures = result.stdout.str().split("= FAILURES =")[1].split("gate")[0]
    assert "def run(case, workdir):" in failures
    assert "def helper(case):" in failures
    assert "ZeroDivisionError: division by zero" in failures
    for foreign in ("_pytest", "pluggy", "pytest_core_verify", "def runtest", "CallInfo"):
        assert foreign not in failures
    assert len(failures.splitlines()) < 30


def test_item14_a_setup_problem_of_every_case_is_shown_in_full_once(
    pytester: pytest.Pytester, make_lane: MakeLane
) -> None:
    make_lane(dev=[{"id": f"c{i}", "x": i, "expect": 2 * i} for i in range(12)])
    result = pytester.runpytest("-p", "no:syrupy", "-rN")
    result.assert_outcomes(failed=12, passed=1)  # the gate: every threshold holds
    output = result.stdout.str()
    assert output.count("do not disable it (-p no:syrupy) when running lanes") == 1
    assert output.count("(reported in full for lanes/demo/dev/cases.jsonl::c0)") == 11
    assert "Traceback" not in output and "def runtest" not in output
    assert len(result.stdout.lines) < 80


def test_item15_an_unreadable_pin_says_so_and_snapshot_update_replaces_it(
    pytester: pytest.Pytester, make_lane: MakeLane
) -> None:
    make_lane(dev=[GOOD])
    pin = pytester.path / "snapshots" / "demo" / "dev" / "good.json"
    pin.parent.mkdir(parents=True)
    pin.write_bytes(b"\x89PNG\r\n\x1a\n\x00\xff")
    result = pytester.runpytest("-rA")
    result.assert_outcomes(failed=1, passed=1)
    result.stdout.fnmatch_lines(
        [
            "FAILED *::good - the pin snapshots/demo/dev/good.json is unreadable (not UTF-8 "
            "text: byte 0 is 0x89); run pytest with --snapshot-update to replace it*"
        ]
    )
    assert "no snapshot yet" not in result.stdout.str()
    pytester.runpytest("--snapshot-update").assert_outcomes(passed=2)
    assert json.loads(pin.read_text(encoding="utf-8")) == {"double": 2}
    pytester.runpytest().assert_outcomes(passed=2)


def test_item16_long_case_ids_get_stable_distinct_file_names_that_fit(
    pytester: pytest.Pytester, make_lane: MakeLane
) -> None:
    ids = ["x" * 240, "x" * 239 + "y", "☃" * 90, "p/" * 120, "short"]
    make_lane(dev=[{"id": case_id, "x": n, "expect": 2 * n} for n, case_id in enumerate(ids)])
    result = pytester.runpytest("--snapshot-update", "--results", "out")
    result.assert_outcomes(passed=6)
    pins = sorted((pytester.path / "snapshots" / "demo" / "dev").iterdir())
    assert len(pins) == 5
    assert all(len(pin.name.encode()) <= 230 for pin in pins)
    assert "short.json" in {pin.name for pin in pins}
    for pin in pins:
        if pin.name != "short.json":
            stem = pin.name.removesuffix(".json")
            assert len(stem.rsplit("~", 1)[1]) == 32
    result = pytester.runpytest("--results", "out")
    result.assert_outcomes(passed=6)
    assert "unused" not in result.stdout.str()


def test_item17_an_unwritable_snapshot_directory_is_the_reason_given(
    pytester: pytest.Pytester, make_lane: MakeLane
) -> None:
    make_lane(dev=[GOOD])
    pytester.makeconftest(READ_ONLY_SNAPSHOTS)
    result = pytester.runpytest("--snapshot-update", "-rA")
    result.assert_outcomes(failed=1, passed=1)
    result.stdout.fnmatch_lines(
        [
            "FAILED *::good - cannot write the pin snapshots/demo/dev/good.json: Permission "
            "denied; make snapshots/demo/dev writable and run pytest with --snapshot-update*"
        ]
    )
    assert "no snapshot yet" not in result.stdout.str()


METRIC_ERROR_LANE = """
from pytest_core_verify import metric


def run(case, workdir):
    return {"double": case["x"] * 2}


@metric
def correct(case, result):
    if case["id"] == "raises":
        return case["missing"]
    if case["id"] == "text":
        return "yes"
    return result["double"] == case["expect"]
"""


def test_item18_a_metric_error_names_the_metric_and_keeps_the_run_hashes(
    pytester: pytest.Pytester, make_lane: MakeLane
) -> None:
    make_lane(
        code=METRIC_ERROR_LANE,
        dev=[GOOD, {"id": "raises", "x": 2, "expect": 4}, {"id": "text", "x": 3, "expect": 6}],
    )
    result = pytester.runpytest("--snapshot-update", "--results", "out", "-rA")
    result.assert_outcomes(passed=1, failed=3)
    result.stdout.fnmatch_lines(["*core-verify: metric 'correct' raised KeyError*"])
    cases = json.loads((pytester.path / "out" / "demo.dev.json").read_text())["cases"]
    by_id = {case["id"]: case for case in cases}
    assert by_id["raises"]["error"] == "metric 'correct' raised KeyError"
    assert by_id["text"]["error"].startswith("metric 'correct' of lane 'demo' returned a str")
    for case_id in ("raises", "text"):
        assert by_id[case_id]["status"] == "error"
        assert by_id[case_id]["trace_hash"] is not None
        assert by_id[case_id]["trace_hash"] == by_id[case_id]["trace_hash_replay"]


OUTCOME_LANE = """
import sys

import pytest
from pytest_core_verify import metric


def run(case, workdir):
    how = case.get("how")
    if how == "skip":
        pytest.skip("not this one")
    if how == "xfail":
        pytest.xfail("known bug")
    if how == "fail":
        pytest.fail("gave up")
    if how == "exit":
        sys.exit(3)
    return {"double": case["x"] * 2}


@metric
def correct(case, result):
    return result["double"] == case["expect"]
"""


def test_item19_skip_xfail_fail_and_exit_inside_run_are_accounted_for(
    pytester: pytest.Pytester, make_lane: MakeLane
) -> None:
    make_lane(
        code=OUTCOME_LANE,
        dev=[GOOD, *({"id": how, "x": 1, "expect": 2, "how": how} for how in ("skip", "xfail"))],
        public={
            "v1": [
                GOOD,
                *({"id": how, "x": 1, "expect": 2, "how": how} for how in ("fail", "exit")),
            ]
        },
    )
    for args in ((), ("-n", "2")):
        result = pytester.runpytest_subprocess("--snapshot-update", "--results", "out", *args)
        # Each split's gate is a test too: dev's passes, public/v1's fails.
        result.assert_outcomes(passed=3, skipped=1, xfailed=1, failed=3)
        output = result.stdout.str()
        assert "never reported" not in output and "incomplete" not in output
        result.stdout.fnmatch_lines_random(
            [
                "demo/dev: 3 case(s), 2 skipped",
                "  overall: PASS",
                "demo/public/v1: 3 case(s)",
                "  overall: FAIL (2 case(s) with an error in run() or a metric: fail, exit)",
            ]
        )
        dev = json.loads((pytester.path / "out" / "demo.dev.json").read_text())
        assert dev["skipped"] == ["skip", "xfail"]
        assert dev["metrics"]["correct"] == 1.0
        assert dev["metrics"]["overall_pass"] is True
        public = json.loads((pytester.path / "out" / "demo.public.v1.json").read_text())
        assert [(c["id"], c["status"], c.get("error")) for c in public["cases"]] == [
            ("good", "passed", None),
            ("fail", "error", "run() called pytest.fail()"),
            ("exit", "error", "run() raised SystemExit"),
        ]


def test_item20_a_result_that_contains_itself_or_a_huge_int_is_located(
    pytester: pytest.Pytester, make_lane: MakeLane
) -> None:
    code = """
def run(case, workdir):
    if case["id"] == "loop":
        result = {"ok": True}
        result["self"] = result
        return result
    return {"n": [1, {"big": 10 ** 5000}]}
"""
    make_lane(code=code, dev=[{"id": "loop"}, {"id": "big"}])
    result = pytester.runpytest("-rA")
    result.assert_outcomes(failed=3)  # two cases and their gate
    result.stdout.fnmatch_lines_random(
        [
            "FAILED *::loop - run A: run() returned a result that is not canonical JSON at "
            "$.self: the value contains itself (a circular reference)*",
            "FAILED *::big - run A: run() returned a result that is not canonical JSON at "
            "$.n[[]1[]].big: an int too long to write as decimal text*",
        ]
    )
    assert "RecursionError" not in result.stdout.str()
    assert len(result.stdout.lines) < 60


def test_item20_a_lone_surrogate_in_a_result_or_a_case_line_is_named_not_a_crash(
    pytester: pytest.Pytester, make_lane: MakeLane
) -> None:
    """Text that UTF-8 cannot hold (a lone surrogate, from a \\u escape or made by run())
    is a named problem in both places, in both replay modes; JUnit XML and the results
    file are still written."""
    code = """
def run(case, workdir):
    return {"echo": case["x"] + ("\\ud800" if case["id"] == "made" else "")}
"""
    make_lane(
        code=code,
        dev=['{"id": "ok", "x": "a"}', '{"id": "made", "x": "b"}', '{"id": "esc", "x": "\\udfff"}'],
    )
    for mode in ("process", "inprocess"):
        result = pytester.runpytest(
            "--snapshot-update", "--replay", mode, "-rA", "--junitxml=j.xml", "--results=out"
        )
        result.assert_outcomes(passed=1, failed=2, errors=1)  # made, its gate; esc's line
        result.stdout.fnmatch_lines_random(
            [
                "FAILED *::made - run A: run() returned a result that is not canonical JSON at "
                "$.echo: a string with a lone surrogate (U+D800)*",
                "ERROR *::line 3 - *cases.jsonl:3: invalid text at $.x: a string with a lone "
                "surrogate (U+DFFF)*",
            ]
        )
        assert "UnicodeEncodeError" not in result.stdout.str()
        assert (pytester.path / "out" / "demo.dev.json").is_file()
        assert (pytester.path / "j.xml").is_file()


# -- 21-27: small ones -------------------------------------------------------------------


def test_item21_a_control_character_message_says_at_once(
    pytester: pytest.Pytester, make_lane: MakeLane
) -> None:
    make_lane(dev=[GOOD, '{"id": "a\tb"}'])
    result = pytester.runpytest("--snapshot-update", "-rA")
    # The split's gate fails on the broken line.
    result.assert_outcomes(passed=1, failed=1, errors=1)
    result.stdout.fnmatch_lines(
        ["*cases.jsonl:2: invalid JSON: Invalid control character at column 10"]
    )
    assert "at at" not in result.stdout.str()


def test_item22_a_case_id_like_an_error_items_name_is_refused(
    pytester: pytest.Pytester, make_lane: MakeLane
) -> None:
    make_lane(dev=[GOOD, "{not json", {"id": "line 2", "x": 1, "expect": 2}])
    result = pytester.runpytest("--snapshot-update", "-rA")
    # The split's gate fails on the broken line.
    result.assert_outcomes(passed=1, failed=1, errors=2)
    result.stdout.fnmatch_lines_random(
        [
            "ERROR lanes/demo/dev/cases.jsonl::line 2 - *cases.jsonl:2: invalid JSON*",
            "ERROR lanes/demo/dev/cases.jsonl::line 3 - *cases.jsonl:3: \"id\" 'line 2' is "
            'reserved: the error item of a bad line is named "line N"; pick another id',
        ]
    )


def test_item23_temporaries_left_by_a_killed_write_are_removed_and_named(
    pytester: pytest.Pytester, make_lane: MakeLane
) -> None:
    make_lane(dev=[GOOD])
    assert pytester.runpytest("--snapshot-update").ret == pytest.ExitCode.OK
    pins = pytester.path / "snapshots" / "demo" / "dev"
    out = pytester.path / "out"
    out.mkdir()
    stale = [pins / ".good.json.k02572ab.tmp", out / ".demo.dev.json.x_9y8z7w.tmp"]
    for path in stale:
        path.write_text("{", encoding="utf-8")
        os.utime(path, (1_000_000_000, 1_000_000_000))
    keep = pins / "notes.tmp"  # not of our naming
    keep.write_text("mine", encoding="utf-8")
    result = pytester.runpytest("--results", "out")
    assert result.ret == pytest.ExitCode.OK
    result.stdout.fnmatch_lines(
        [
            "removed 2 temporary file(s) left by an interrupted write:",
            "  out/.demo.dev.json.x_9y8z7w.tmp",
            "  snapshots/demo/dev/.good.json.k02572ab.tmp",
        ]
    )
    assert not any(path.exists() for path in stale)
    assert keep.exists()


def test_item24_non_string_dict_keys_are_not_canonical_json(
    pytester: pytest.Pytester, make_lane: MakeLane
) -> None:
    make_lane(code="def run(case, workdir):\n    return {'a': [{1: 2}]}\n", dev=[{"id": "k"}])
    result = pytester.runpytest("--snapshot-update", "-rA")
    result.assert_outcomes(failed=2)  # the case and its gate
    result.stdout.fnmatch_lines(
        [
            "FAILED *::k - run A: run() returned a result that is not canonical JSON at "
            "$.a[[]0[]]: key 1 is an int, not a str (JSON would turn it into a string)*"
        ]
    )
    assert not (pytester.path / "snapshots").exists()


def test_item27_results_that_cannot_be_written_are_in_the_final_line(
    pytester: pytest.Pytester, make_lane: MakeLane
) -> None:
    make_lane(dev=[GOOD, {"id": "two", "x": 2, "expect": 4}])
    (pytester.path / "out").write_text("a file, not a directory", encoding="utf-8")
    result = pytester.runpytest("--snapshot-update", "--results", "out")
    assert result.ret == pytest.ExitCode.TESTS_FAILED
    result.stdout.fnmatch_lines(["*= 3 passed, 1 results files not written in *"])


CRASH_OR_BLOCK_LANE = """
import os
import time
from pathlib import Path

from pytest_core_verify import metric


def run(case, workdir):
    if case["id"] == os.environ.get("CV_CRASH"):
        os._exit(3)
    if case["id"] == os.environ.get("CV_BLOCK"):
        Path(os.environ["CV_MARKER"]).touch()
        time.sleep(120)
    return {"double": case["x"] * 2}


@metric
def correct(case, result):
    return result["double"] == case["expect"]
"""

MANY = [{"id": f"c{i:02d}", "x": i, "expect": 2 * i} for i in range(20)]


def test_item25_pins_written_before_a_worker_crash_are_counted(
    pytester: pytest.Pytester, make_lane: MakeLane, monkeypatch: pytest.MonkeyPatch
) -> None:
    make_lane(code=CRASH_OR_BLOCK_LANE, dev=MANY)
    monkeypatch.setenv("CV_CRASH", "c13")
    result = pytester.runpytest_subprocess("-n", "2", "--snapshot-update", "-p", "no:randomly")
    result.assert_outcomes(passed=19, failed=2)
    written = len(list((pytester.path / "snapshots" / "demo" / "dev").iterdir()))
    assert written == 19
    result.stdout.fnmatch_lines(["19 snapshots generated."])
    # Matched pins of a crashed worker count as passed too.
    result = pytester.runpytest_subprocess("-n", "2")
    result.assert_outcomes(passed=19, failed=2)
    result.stdout.fnmatch_lines(["19 snapshots passed."])


def test_item26_an_interrupted_xdist_run_does_not_blame_an_option_never_passed(
    pytester: pytest.Pytester, make_lane: MakeLane, monkeypatch: pytest.MonkeyPatch
) -> None:
    make_lane(code=CRASH_OR_BLOCK_LANE, dev=MANY)
    monkeypatch.delenv("CV_CRASH", raising=False)
    assert pytester.runpytest("--snapshot-update").ret == pytest.ExitCode.OK
    marker = pytester.path / "started"
    monkeypatch.setenv("CV_BLOCK", "c05")
    monkeypatch.setenv("CV_MARKER", str(marker))
    proc = pytester.popen(
        [sys.executable, "-m", "pytest", f"--basetemp={pytester.path / 'tmp'}", "-n", "2"],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        stdin=subprocess.DEVNULL,
        start_new_session=True,  # Ctrl-C reaches the whole group: controller and workers
    )
    try:
        deadline = time.monotonic() + 120  # a guard against hanging, not a timed assert
        while not marker.exists():
            assert proc.poll() is None, proc.communicate()[0].decode()
            assert time.monotonic() < deadline, "c05 never started"
            time.sleep(0.05)
        time.sleep(0.5)
        os.killpg(proc.pid, signal.SIGINT)
        output = proc.communicate(timeout=120)[0].decode()
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
    assert proc.returncode == pytest.ExitCode.INTERRUPTED, output
    assert "--snapshot-disable-unused" not in output
    assert "the run was interrupted: lanes are incomplete" in output
