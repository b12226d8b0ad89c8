"""Garbled results, history and pending files are usage errors (exit 2) naming the file,
the field and the problem, in every command that reads them; real runs read back whole."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from pytest_core_verify.cli import main as core_verify
from tests.helpers import GARBLED, MakeLane, results_document_example

_CLI = "import sys; from pytest_core_verify.cli import main; sys.exit(main(sys.argv[1:]))"


def _cli(*argv: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    """A command in a child process, as a user runs it (matplotlib is imported there)."""
    return subprocess.run(
        [sys.executable, "-c", _CLI, *argv], capture_output=True, text=True, cwd=cwd, check=False
    )


@pytest.mark.parametrize("kind", sorted(GARBLED))
def test_compare_and_report_refuse_a_garbled_results_file_with_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], kind: str
) -> None:
    garble, expected = GARBLED[kind]
    good = tmp_path / "good"
    good.mkdir()
    (good / "demo.public.v1.json").write_text(
        json.dumps(results_document_example()), encoding="utf-8"
    )
    bad = tmp_path / "bad"
    bad.mkdir()
    (bad / "demo.public.v1.json").write_text(garble(results_document_example()), encoding="utf-8")
    for argv in (
        ["compare", str(good), str(bad)],
        ["compare", str(bad / "demo.public.v1.json"), str(good)],
        ["report", str(bad), "-o", str(tmp_path / "r.html")],
        ["report", str(good), "-o", str(tmp_path / "r.html"), "--history", str(tmp_path)],
    ):
        if kind == "a list, not an object" and str(bad / "demo.public.v1.json") not in argv:
            continue  # in a directory, JSON that is not an object is some other file
        assert core_verify(argv) == 2, argv
        err = capsys.readouterr().err
        assert "demo.public.v1.json: not a results file (" in err, (argv, err)
        assert expected in err and "Traceback" not in err, (argv, err)
    log = tmp_path / "h.jsonl"
    log.write_text(
        json.dumps(results_document_example()) + "\n" + garble(results_document_example()) + "\n",
        encoding="utf-8",
    )
    assert (
        core_verify(
            ["report", str(good), "-o", str(tmp_path / "r.html"), "--results-history", str(log)]
        )
        == 2
    )
    assert f"{log}:2: not a results file (" in capsys.readouterr().err
    assert not (tmp_path / "r.html").exists()


def test_lane_baseline_refuses_a_garbled_results_file_as_a_usage_error(
    pytester: pytest.Pytester, make_lane: MakeLane
) -> None:
    make_lane("demo", dev=[{"id": "a", "x": 1, "expect": 2}])
    baseline = pytester.path / "baseline"
    baseline.mkdir()
    (baseline / "demo.dev.json").write_text(
        json.dumps(results_document_example(lane="demo", split="dev", version=None, thresholds=[1]))
    )
    result = pytester.runpytest("--lane-baseline", str(baseline))
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines(
        [
            "*--lane-baseline *demo.dev.json: not a results file (thresholds: is [[]1]; expected object)*"
        ]
    )
    assert "Traceback" not in result.stderr.str()


SKIPPING_LANE = """
import pytest
from pytest_core_verify import metric

def run(case, workdir):
    if case.get("skip"):
        pytest.skip("not today")
    return {"double": case["x"] * 2}

@metric
def correct(case, result):
    return result["double"] == case.get("expect")
"""


def test_report_reads_a_real_run_with_a_skipped_case_and_its_history(
    pytester: pytest.Pytester, make_lane: MakeLane
) -> None:
    pytest.importorskip("jinja2", reason="the report extra is not installed")
    pytest.importorskip("matplotlib", reason="the report extra is not installed")
    make_lane(
        "demo",
        code=SKIPPING_LANE,
        dev=[{"id": "a", "x": 1, "expect": 2}, {"id": "s", "x": 1, "skip": True}],
    )
    for _ in range(2):
        result = pytester.runpytest(
            "--snapshot-update", "--results=results", "--results-history=history.jsonl"
        )
        result.assert_outcomes(passed=2, skipped=1)
    done = _cli(
        "report",
        "results",
        "-o",
        "report.html",
        "--results-history",
        "history.jsonl",
        cwd=pytester.path,
    )
    assert done.returncode == 0, done.stderr
    html = (pytester.path / "report.html").read_text(encoding="utf-8")
    assert 'class="skipped"' in html and ">s<" in html


def test_a_full_disk_fails_the_history_and_the_final_line_says_why(
    pytester: pytest.Pytester, make_lane: MakeLane
) -> None:
    if not Path("/dev/full").exists():
        pytest.skip("needs /dev/full (Linux)")
    make_lane("demo", dev=[{"id": "a", "x": 1, "expect": 2}])
    result = pytester.runpytest("--snapshot-update", "--results-history=/dev/full")
    assert result.ret == pytest.ExitCode.TESTS_FAILED
    result.stdout.fnmatch_lines(
        [
            "--results-history /dev/full: cannot append (No space left on device;*"
            "is full: free space there",
            "*2 passed, 1 results history not written*",
        ]
    )
    assert "writable" not in result.stdout.str()


def test_review_writes_the_pin_its_lane_split_version_and_id_name(
    pytester: pytest.Pytester, make_lane: MakeLane
) -> None:
    """Whatever a pending file's ``snapshot`` field says (``../x``, an absolute path),
    the accepted pin is written under the snapshots directory, where the run reads it."""
    make_lane("demo", dev=[{"id": "a", "x": 1, "expect": 2}])
    pytester.runpytest("--snapshot-update").assert_outcomes(passed=2)
    make_lane("demo", dev=[{"id": "a", "x": 2, "expect": 4}])
    pytester.runpytest().assert_outcomes(passed=1, failed=1)
    pending = pytester.path / ".pytest_cache/d/core_verify_pending/demo/dev/a.json"
    outside = pytester.path.parent / f"{pytester.path.name}-outside.json"
    data = json.loads(pending.read_text())
    for target in ("../" + outside.name, str(outside)):
        pending.write_text(json.dumps({**data, "snapshot": target}))
        assert core_verify(["review", "--rootdir", str(pytester.path), "--accept-all"]) == 0
        assert not outside.exists()
        pin = pytester.path / "snapshots/demo/dev/a.json"
        assert json.loads(pin.read_text()) == {"double": 4}
        pin.write_text(json.dumps({"double": 2}))
    pytester.runpytest("--snapshot-update").assert_outcomes(passed=2)


@pytest.mark.parametrize(
    ("content", "expected"),
    [
        ("{broken", "invalid JSON at line 1"),
        ('{"lane": "demo"}', "split: missing"),
        (
            '{"lane": "../..", "split": "dev", "version": null, "case_id": "a", "result": 1}',
            'lane: is "../.."',
        ),
        ("[" * 5000 + "]" * 5000, "nested deeper than 100"),
    ],
)
def test_review_refuses_a_garbled_pending_file_by_name(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], content: str, expected: str
) -> None:
    pending = tmp_path / ".pytest_cache/d/core_verify_pending/demo/dev"
    pending.mkdir(parents=True)
    (pending / "a.json").write_text(content, encoding="utf-8")
    assert core_verify(["review", "--rootdir", str(tmp_path), "--accept-all"]) == 2
    err = capsys.readouterr().err
    assert f"{pending / 'a.json'}: not a pending result (" in err and expected in err, err
    assert "delete it, or run the lane again" in err
