"""Nothing of a sealed case but its id, hashes and metrics reaches any output.

A sealed file whose cases carry a random canary in every place a case has text (its
fields, its ``xfail`` reason, what ``run()`` prints, raises and returns) is run at every
terminal verbosity, with JUnit XML, results, a results history, a step summary and a
baseline; then the commands that read those outputs (``report``, ``compare``,
``review``) run on them. Every line printed and every file under the project (basetemp,
the pytest cache, pins) is searched for the canary.
"""

from __future__ import annotations

import importlib.util
import json
import os
import secrets
import subprocess
import sys
from pathlib import Path

import pyrage
import pytest

from pytest_core_verify.cli import main as core_verify
from tests.helpers import MakeLane

_CLI = "import sys; from pytest_core_verify.cli import main; sys.exit(main(sys.argv[1:]))"

LANE = """
import pytest
from pytest_core_verify import metric

pytestmark = [pytest.mark.threshold("echoed", min=0.5)]

def run(case, workdir):
    print("stdout says", case["secret"])
    (workdir / "note.txt").write_text(case["secret"], encoding="utf-8")
    if case.get("kind") == "raise":
        raise ValueError("run failed on " + case["secret"])
    return {"echo": case["secret"]}

@metric
def echoed(case, result):
    return case.get("kind") != "miss"
"""


def _files_containing(root: Path, needle: str) -> list[str]:
    hits = []
    for dirpath, dirnames, filenames in os.walk(root):
        for name in dirnames + filenames:
            path = Path(dirpath, name)
            if needle in name or (
                name in filenames and not path.is_symlink() and needle.encode() in path.read_bytes()
            ):
                hits.append(str(path))
    return hits


@pytest.fixture(autouse=True)
def _wide_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "400")


@pytest.mark.parametrize("workers", [None, "2"], ids=["serial", "xdist"])
def test_a_sealed_case_reaches_no_output_but_its_id_hashes_and_metrics(
    pytester: pytest.Pytester,
    make_lane: MakeLane,
    capfd: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    workers: str | None,
) -> None:
    root = pytester.path
    canary = f"CANARY{secrets.token_hex(12)}"
    make_lane("sealed_lane", code=LANE, dev=[{"id": "D-1", "secret": "public"}])
    identity = pyrage.x25519.Identity.generate()
    key = root / "holdout.key"
    key.write_text(f"# throwaway test key\n{identity}\n", encoding="utf-8")
    (root / "holdouts").mkdir()
    (root / "holdouts" / "recipients.txt").write_text(f"{identity.to_public()}\n")
    plain = root / "holdouts" / "sealed_lane" / "v1" / "cases.jsonl"
    plain.parent.mkdir(parents=True)
    cases = [
        {"id": "H-PASS", "secret": canary},
        # A known failure that fails as expected, and one that passes (XPASS(strict)).
        {"id": "H-XFAILED", "kind": "miss", "secret": canary, "xfail": f"reason {canary}"},
        {"id": "H-XPASSED", "secret": canary, "xfail": f"reason {canary}"},
        {"id": "H-RAISED", "kind": "raise", "secret": canary, "xfail": f"why {canary}"},
    ]
    plain.write_text("".join(json.dumps(c) + "\n" for c in cases), encoding="utf-8")
    monkeypatch.chdir(root)
    assert core_verify(["seal", "holdouts/sealed_lane/v1/cases.jsonl"]) == 0
    plain.unlink()
    assert _files_containing(root, canary) == []

    monkeypatch.setenv("CORE_VERIFY_HOLDOUT_KEY", str(key))
    monkeypatch.setenv("GITHUB_STEP_SUMMARY", str(root / "step_summary.md"))
    outputs: list[str] = []
    common = [f"--basetemp={root / 'basetemp'}", "--split", "all", "-p", "no:randomly"]
    if workers:
        common += ["-n", workers]
    runs = [
        ["--snapshot-update", "--results=baseline"],
        ["-q"],
        [],
        ["-v"],
        ["-vv", "-rA", "--tb=long", "-l"],
        [
            "-rA",
            "--junitxml=junit.xml",
            "-o",
            "junit_logging=all",
            "--results=results",
            "--results-history=history.jsonl",
            "--lane-baseline=baseline",
        ],
    ]
    for args in runs:
        result = pytester.runpytest_subprocess(*common, *args)
        outputs += [result.stdout.str(), result.stderr.str()]
        if args and args[0] == "-rA":
            result.assert_outcomes(passed=3, failed=2, xfailed=2)
            # The known failures are reported by id, with the reason withheld.
            result.stdout.fnmatch_lines_random(
                [
                    "*XPASS(strict)*holdout case H-XPASSED (details withheld: the case is sealed)*",
                    "*known failures*H-XFAILED*",
                ]
            )
    results = json.loads((root / "results" / "sealed_lane.holdout.v1.json").read_text())
    xfails = {c["id"]: c.get("xfail") for c in results["cases"]}
    assert xfails["H-XFAILED"] == {
        "reason": "holdout case H-XFAILED (details withheld: the case is sealed)",
        "outcome": "xfailed",
        "strict": True,
    }
    assert (root / "junit.xml").is_file() and (root / "history.jsonl").is_file()
    assert "sealed_lane" in (root / "step_summary.md").read_text()

    # The commands that read the outputs: their output and files too. In a child
    # process each, as a user runs them (matplotlib does not survive pytester's restore
    # of sys.modules between in-process runs).
    # The report needs the report extra (jinja2, matplotlib): walked when it is installed.
    report = importlib.util.find_spec("jinja2") and importlib.util.find_spec("matplotlib")
    for argv in (
        *(
            [["report", "results", "-o", "report.html", "--results-history", "history.jsonl"]]
            if report
            else []
        ),
        ["compare", "baseline", "results", "--markdown", "compare.md"],
        ["compare", "--json", "baseline", "results"],
        ["review", "--reject-all"],
    ):
        done = subprocess.run(
            [sys.executable, "-c", _CLI, *argv], capture_output=True, text=True, check=False
        )
        assert done.returncode in (0, 1), (argv, done.stderr)
        outputs += [done.stdout, done.stderr]
    captured = capfd.readouterr()
    outputs += [captured.out, captured.err]
    assert (root / "report.html").is_file() or not report

    leaks = sorted({line for text in outputs for line in text.splitlines() if canary in line})
    assert leaks == []
    assert _files_containing(root, canary) == []
