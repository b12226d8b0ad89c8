"""Sealed holdouts: run only with a key, and leak nothing.

The main test seals a cases file that carries a random canary (in the case, echoed
into the result, printed to sys and fd 1/2, logged, warned, written into the workdir,
raised in an exception, in __del__ and in a thread, used as a result key, given as a
skip/xfail reason, quoted by a schema error), runs it every way a user or CI would,
and then searches every file under the test's directory (the pytest cache, JUnit XML,
results, snapshots, basetemp) and every line of captured output for the canary.
"""

from __future__ import annotations

import json
import os
import re
import secrets
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET
from collections import Counter
from pathlib import Path

import pyrage
import pytest

from pytest_core_verify._core.holdout import load_recipients
from pytest_core_verify.cli import main as core_verify
from tests.helpers import MakeLane

REPO = Path(__file__).resolve().parents[2]
SKIP_REASON = "sealed: set CORE_VERIFY_HOLDOUT_KEY to run"

# The lane never contains the canary itself: it only ever gets it from the sealed case.
CANARY_LANE = """
import logging
import os
import sys
import threading
import warnings

import pytest
from pytest_core_verify import metric

pytestmark = [pytest.mark.threshold("echoed", min=0.5)]

_CALLS = {}


class _RaisesWhenDropped:
    def __init__(self, text):
        self.text = text

    def __del__(self):
        raise ValueError("__del__ says " + self.text)


def _thread(text):
    raise RuntimeError("a thread says " + text)


def run(case, workdir):
    secret = case["secret"]
    if case["id"].startswith("H-"):  # uncatchable exceptions: only the sealed cases
        _RaisesWhenDropped(secret)
        thread = threading.Thread(target=_thread, args=(secret,))
        thread.start()
        thread.join()
    print("stdout says", secret)
    print("stderr says", secret, file=sys.stderr)
    os.write(1, ("fd 1 says " + secret + "\\n").encode())
    os.write(2, ("fd 2 says " + secret + "\\n").encode())
    logging.getLogger("canary_lane").warning("log says %s", secret)
    warnings.warn("warning says " + secret)
    sys.__stdout__.write("real stdout says " + secret + "\\n")
    (workdir / "note.txt").write_text(secret, encoding="utf-8")
    kind = case.get("kind")
    if kind == "skip":
        pytest.skip("skipped on " + secret)
    if kind == "xfail":
        pytest.xfail("xfailed on " + secret)
    if kind == "raise":
        raise ValueError("run failed on " + secret)
    if kind == "nondet":
        _CALLS[case["id"]] = _CALLS.get(case["id"], 0) + 1
        return {"echo": secret, "call": _CALLS[case["id"]]}
    if kind == "notjson":
        return {secret: float("nan")}
    return {"echo": secret}


@metric
def echoed(case, result):
    if case.get("kind") == "metric_raises":
        raise KeyError(case["secret"])
    return result.get("echo") == case["secret"]
"""

KINDS = {
    "H-PASS": None,
    "H-RAISE": "raise",
    "H-NONDET": "nondet",
    "H-SNAP": None,  # its pin is tampered with below: a snapshot mismatch
    "H-NOTJSON": "notjson",
    "H-METRIC": "metric_raises",
    "H-SKIP": "skip",
    "H-XFAIL": "xfail",
}


def _identity_file(path: Path) -> pyrage.x25519.Identity:
    identity = pyrage.x25519.Identity.generate()
    path.write_text(f"# throwaway test key\n{identity}\n", encoding="utf-8")
    return identity


def _files_containing(root: Path, needle: str) -> list[str]:
    """Every file under ``root`` whose path or content holds ``needle``."""
    hits = []
    for dirpath, dirnames, filenames in os.walk(root):
        for name in dirnames + filenames:
            path = Path(dirpath, name)
            if needle in name or (
                name in filenames and not path.is_symlink() and needle.encode() in path.read_bytes()
            ):
                hits.append(str(path))
    return hits


class Project:
    """A pytester project: lane ``canary_lane`` with one public dev case and a sealed v1
    holdout whose every case carries the canary."""

    def __init__(self, pytester: pytest.Pytester, make_lane: MakeLane) -> None:
        self.pytester = pytester
        self.root = pytester.path
        self.canary = f"CANARY{secrets.token_hex(12)}"
        self.outputs: list[str] = []
        make_lane(
            "canary_lane",
            code=CANARY_LANE,
            dev=[{"id": "D-1", "secret": "public"}],
            schema={"type": "object", "properties": {"kind": {"enum": [None, *KINDS.values()]}}},
        )
        keys = self.root / "keys"
        keys.mkdir()
        self.key = keys / "holdout.key"
        self.wrong_key = keys / "wrong.key"
        identity = _identity_file(self.key)
        self.secret_keys = [str(identity), str(_identity_file(self.wrong_key))]
        (self.root / "holdouts").mkdir()
        (self.root / "holdouts" / "recipients.txt").write_text(
            f"# test recipients\n{identity.to_public()}\n", encoding="utf-8"
        )
        self.sealed = self._seal()

    def _seal(self) -> Path:
        """Seal through ``core-verify seal`` as a user would, then delete the plaintext."""
        plain = self.root / "holdouts" / "canary_lane" / "v1" / "cases.jsonl"
        plain.parent.mkdir(parents=True)
        lines = [
            json.dumps({"id": case_id, "kind": kind, "secret": f"{case_id} {self.canary}"})
            for case_id, kind in KINDS.items()
        ]
        # Line 9 breaks the lane's schema with the canary: the schema error would quote it.
        lines.append(json.dumps({"id": "H-BROKEN", "kind": self.canary, "secret": "x"}))
        plain.write_text("\n".join(lines) + "\n", encoding="utf-8")
        with pytest.MonkeyPatch.context() as mp:
            mp.chdir(self.root)
            assert core_verify(["seal", "holdouts/canary_lane/v1/cases.jsonl"]) == 0
        # The search must be able to find the canary: prove it on the plaintext.
        assert _files_containing(self.root, self.canary) == [str(plain)]
        plain.unlink()
        return plain.with_name("cases.jsonl.age")

    def run(self, *args: str, key: Path | None = None, xdist: bool = False) -> pytest.RunResult:
        """``pytest --split all ARGS`` with basetemp inside the project (so it is searched)."""
        with pytest.MonkeyPatch.context() as mp:
            if key is None:
                mp.delenv("CORE_VERIFY_HOLDOUT_KEY", raising=False)
            else:
                mp.setenv("CORE_VERIFY_HOLDOUT_KEY", str(key))
            mp.setenv("GITHUB_STEP_SUMMARY", str(self.root / "step_summary.md"))
            run = self.pytester.runpytest_subprocess if xdist else self.pytester.runpytest
            result = run(f"--basetemp={self.root / 'basetemp'}", "--split", "all", *args)
        self.outputs += [result.stdout.str(), result.stderr.str()]
        return result

    def assert_no_leak(self, capfd: pytest.CaptureFixture[str]) -> None:
        captured = capfd.readouterr()  # fd-level output of the in-process runs lands here
        self.outputs += [captured.out, captured.err]
        leaks = [line for text in self.outputs for line in text.splitlines() if self.canary in line]
        assert not leaks, "\n".join(sorted(set(leaks)))
        assert _files_containing(self.root, self.canary) == []
        assert not any(key in text for key in self.secret_keys for text in self.outputs)


@pytest.fixture
def project(pytester: pytest.Pytester, make_lane: MakeLane) -> Project:
    return Project(pytester, make_lane)


NODE = "holdouts/canary_lane/v1/cases.jsonl.age"


@pytest.fixture(autouse=True)
def _wide_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    """Wide enough that pytest before 9 does not cut the short summary lines matched here."""
    monkeypatch.setenv("COLUMNS", "400")


def test_with_the_key_holdout_cases_run_and_leak_nothing(
    project: Project, capfd: pytest.CaptureFixture[str], caplog: pytest.LogCaptureFixture
) -> None:
    root = project.root
    project.run("--snapshot-update", key=project.key).assert_outcomes(
        passed=4, failed=5, errors=1, skipped=1, xfailed=1
    )
    pins = root / "snapshots" / "canary_lane" / "holdout" / "v1"
    assert sorted(p.name for p in pins.iterdir()) == ["H-PASS.json", "H-SNAP.json"]
    for pin in pins.iterdir():
        assert list(json.loads(pin.read_text())) == ["trace_hash"]
    # A pin that no longer matches: a snapshot mismatch for H-SNAP.
    (pins / "H-SNAP.json").write_text(json.dumps({"trace_hash": "0" * 64}, indent=2) + "\n")

    # Every channel a report can take: -rA, long tracebacks with locals, JUnit with
    # captured output, results, the GitHub step summary, and the --lf cache.
    result = project.run(
        "-rA",
        "--tb=long",
        "-l",
        "-vv",
        "--junitxml=junit.xml",
        "-o",
        "junit_logging=all",
        "-o",
        "junit_log_passing_tests=true",
        "--results=results",
        key=project.key,
    )
    result.assert_outcomes(passed=3, failed=6, errors=1, skipped=1, xfailed=1)
    result.stdout.fnmatch_lines_random(
        [
            f"PASSED {NODE}::H-PASS",
            # pytest < 9 shows a text failure's message in its section, not on this line.
            *(f"FAILED {NODE}::H-{name}*" for name in ("RAISE", "METRIC", "NONDET", "NOTJSON")),
            "*holdout case H-RAISE: run() raised ValueError (details withheld: the case is sealed)",
            "*holdout case H-METRIC: metric 'echoed' raised KeyError *",
            "*holdout case H-NONDET: the two runs differ (trace_hash *",
            "*holdout case H-NOTJSON: run() returned a result that is not canonical JSON "
            "(details withheld: the case is sealed)",
            f"FAILED {NODE}::H-SNAP*",
            # pytest < 9 puts an error's message in the ERRORS section, not on this line.
            f"ERROR {NODE}::line 9*",
            f"*{NODE}:9: invalid case (details withheld: the file is sealed)",
            "SKIPPED [[]1] *: holdout case H-SKIP (details withheld: the case is sealed)",
            f"XFAIL {NODE}::H-XFAIL - holdout case H-XFAIL (details withheld: the case is sealed)",
            "canary_lane/holdout/v1: * case(s)*",
        ]
    )
    results = json.loads((root / "results" / "canary_lane.holdout.v1.json").read_text())
    statuses = {case["id"]: case["status"] for case in results["cases"]}
    assert statuses == {
        "H-PASS": "passed",
        "H-RAISE": "error",
        "H-NONDET": "failed",
        "H-SNAP": "failed",
        "H-NOTJSON": "error",
        "H-METRIC": "error",
        "H-SKIP": "skipped",
        "H-XFAIL": "skipped",
    }
    assert (root / "junit.xml").read_text().count(
        "<testcase"
    ) == 12  # 8 cases, line 9, D-1, 2 gates
    # One classname per split, the sealed one too: JUnit viewers group testcases by it.
    junit_cases = ET.parse(root / "junit.xml").getroot().iter("testcase")
    assert Counter(c.get("classname") for c in junit_cases) == {
        "lanes.canary_lane.holdout.v1": 10,
        "lanes.canary_lane.dev": 2,
    }
    assert "canary_lane" in (root / "step_summary.md").read_text()
    # Only the public dev case's workdirs (runs A and B) still hold their note.txt.
    notes = sorted(p.parent.name for p in (root / "basetemp").rglob("note.txt"))
    assert notes == ["a", "b"]

    # --lf: the cache holds the failures (as node ids) and reruns exactly them.
    last_failed = project.run("--lf", "-rA", key=project.key)
    last_failed.assert_outcomes(failed=5, errors=1)
    last_failed.stdout.fnmatch_lines(["*run-last-failure: rerun previous 6 failures*"])

    # -s and live logs: nothing is captured, so a sealed case must print nothing at all.
    # Under -W error the public D-1 fails on its warning; a sealed case's warnings are
    # dropped (its message is content), so H-PASS still passes.
    uncaptured = project.run("-s", "-o", "log_cli=true", "-W", "error", "-rA", key=project.key)
    uncaptured.assert_outcomes(passed=1, failed=8, errors=1, skipped=1, xfailed=1)
    uncaptured.stdout.fnmatch_lines_random([f"PASSED {NODE}::H-PASS", "FAILED *::D-1 - *"])

    # Under xdist the reports travel between processes: the same results, no leak.
    xdist = project.run(
        "-n",
        "2",
        "-rA",
        "--tb=long",
        "-l",
        "--junitxml=junit-xdist.xml",
        "--results=results-xdist",
        key=project.key,
        xdist=True,
    )
    xdist.assert_outcomes(passed=3, failed=6, errors=1, skipped=1, xfailed=1)
    xdist_results = root / "results-xdist" / "canary_lane.holdout.v1.json"
    assert json.loads(xdist_results.read_text())["cases"] == results["cases"]

    assert (root / ".pytest_cache" / "v" / "cache" / "lastfailed").is_file()
    # In-process runs log into this process too: a sealed case must not have logged.
    assert "log says public" in caplog.text
    project.outputs.append(caplog.text)
    project.assert_no_leak(capfd)


def test_without_a_key_the_holdout_is_skipped_cleanly(
    project: Project, capfd: pytest.CaptureFixture[str]
) -> None:
    result = project.run("-rs", "--snapshot-update", "--junitxml=junit.xml", "--results=results")
    result.assert_outcomes(passed=2, skipped=1)
    assert result.ret == pytest.ExitCode.OK
    skip_lines = [line for line in result.stdout.lines if line.startswith("SKIPPED")]
    assert len(skip_lines) == 1
    assert skip_lines[0].endswith(f": {SKIP_REASON}")
    assert "Traceback" not in result.stdout.str()
    results = sorted(p.name for p in (project.root / "results").iterdir())
    assert results == ["canary_lane.dev.json"]
    assert not (project.root / "snapshots" / "canary_lane" / "holdout").exists()
    project.assert_no_leak(capfd)


def test_a_wrong_key_a_corrupt_file_or_a_bad_key_file_fail_closed(
    project: Project, capfd: pytest.CaptureFixture[str]
) -> None:
    sealed = project.sealed.read_bytes()
    v2 = project.root / "holdouts" / "canary_lane" / "v2" / "cases.jsonl.age"
    v2.parent.mkdir()
    # One flipped byte in the payload: age authenticates each chunk, nothing decrypts.
    v2.write_bytes(sealed[:-40] + bytes([sealed[-40] ^ 0xFF]) + sealed[-39:])
    v3 = project.root / "holdouts" / "canary_lane" / "v3" / "cases.jsonl.age"
    v3.parent.mkdir()
    v3.write_bytes(sealed[: len(sealed) // 2])
    unreadable = "{}: not a readable age file (*); restore it from version control"

    # The right key: v1 runs; each broken file is one error naming it; no fallback.
    result = project.run("--snapshot-update", "-rA", "-vv", key=project.key)
    result.assert_outcomes(passed=4, failed=5, errors=3, skipped=1, xfailed=1)
    result.stdout.fnmatch_lines_random(
        [
            "ERROR holdouts/canary_lane/v2/cases.jsonl.age::sealed*",
            "ERROR holdouts/canary_lane/v3/cases.jsonl.age::sealed*",
            "*" + unreadable.format("*v2*"),
            "*" + unreadable.format("*v3*"),
        ]
    )
    assert result.ret == pytest.ExitCode.TESTS_FAILED

    # A wrong key: one error per sealed file, no case of them runs.
    result = project.run("-rA", "-vv", key=project.wrong_key)
    result.assert_outcomes(passed=2, errors=3)
    result.stdout.fnmatch_lines([f"*{NODE}: CORE_VERIFY_HOLDOUT_KEY holds no key this file *"])
    assert "H-PASS" not in result.stdout.str()
    assert result.ret == pytest.ExitCode.TESTS_FAILED

    # A key file that is not one, or is missing: the error names it (and the line).
    not_a_key = project.root / "keys" / "not-a-key"
    not_a_key.write_text("# a comment\nhello\n", encoding="utf-8")
    result = project.run("-rA", "-vv", key=not_a_key)
    result.assert_outcomes(passed=2, errors=3)
    result.stdout.fnmatch_lines(["*CORE_VERIFY_HOLDOUT_KEY=*not-a-key:2: not an age X25519*"])
    assert "hello" not in result.stdout.str()  # a key file's lines are never echoed
    result = project.run("-rA", key=project.root / "keys" / "absent")
    result.assert_outcomes(passed=2, errors=3)
    result.stdout.fnmatch_lines(["*CORE_VERIFY_HOLDOUT_KEY=*absent: cannot read the identity*"])
    project.assert_no_leak(capfd)


# -- the holdouts the project ships ----------------------------------------------------

SHIPPED = sorted((REPO / "holdouts").glob("*/*/cases.jsonl.age"))


def test_the_project_ships_sealed_holdouts_and_their_recipients() -> None:
    assert SHIPPED, "holdouts/<lane>/<version>/cases.jsonl.age"
    for path in SHIPPED:
        assert path.read_bytes().startswith(b"age-encryption.org/v1\n"), path
        assert (REPO / "lanes" / path.parent.parent.name / "lane.py").is_file(), path
    assert load_recipients(REPO / "holdouts" / "recipients.txt")


def test_the_shipped_holdouts_are_collected_and_skipped_without_a_key(tmp_path: Path) -> None:
    """As CI runs them: ``pytest --split all`` from the project root, with no key."""
    env = {
        k: v
        for k, v in os.environ.items()
        if k not in ("CORE_VERIFY_HOLDOUT_KEY", "PYTEST_ADDOPTS", "GITHUB_STEP_SUMMARY")
    }
    completed = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "--split",
            "all",
            "holdouts",
            "-rs",
            "-p",
            "no:cacheprovider",
            f"--basetemp={tmp_path / 'basetemp'}",
        ],
        cwd=REPO,
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    out = completed.stdout
    assert completed.returncode == 0, out + completed.stderr
    for path in SHIPPED:
        assert f"{path.relative_to(REPO).as_posix()} s" in out, out
    skipped = re.findall(rf"^SKIPPED \[(\d+)\] .*: {re.escape(SKIP_REASON)}$", out, re.M)
    assert sum(int(n) for n in skipped) == len(SHIPPED), out
    assert f"{len(SHIPPED)} skipped in" in out, out


def test_copies_of_the_shipped_holdouts_skip_without_a_key_and_fail_closed_with_another(
    pytester: pytest.Pytester, make_lane: MakeLane
) -> None:
    """The same files in a fresh project with a stand-in symbolic_logic lane."""
    lanes = {path.parent.parent.name for path in SHIPPED}
    for lane in lanes:
        make_lane(lane, dev=[{"id": "d", "x": 1, "expect": 2}])
    shutil.copytree(REPO / "holdouts", pytester.path / "holdouts")
    with pytest.MonkeyPatch.context() as mp:
        mp.delenv("CORE_VERIFY_HOLDOUT_KEY", raising=False)
        result = pytester.runpytest("--split", "all", "--snapshot-update", "-rs")
        # One case and one gate per lane.
        result.assert_outcomes(passed=2 * len(lanes), skipped=len(SHIPPED))
        assert result.ret == pytest.ExitCode.OK
        # A key that is not the project's: each sealed file is one clear error.
        _identity_file(pytester.path / "other.key")
        mp.setenv("CORE_VERIFY_HOLDOUT_KEY", str(pytester.path / "other.key"))
        result = pytester.runpytest("--split", "holdout", "-rA", "-vv")
    result.assert_outcomes(errors=len(SHIPPED))
    result.stdout.fnmatch_lines(
        [f"*{SHIPPED[0].relative_to(REPO).as_posix()}: CORE_VERIFY_HOLDOUT_KEY holds no key*"]
    )
