"""The suite passes on a real CI runner: coloured output forced, CI set, a step summary.

Runs a sample of the suite in a child pytest with ``FORCE_COLOR=1``, ``PY_COLORS=1``,
``CI=true`` and ``GITHUB_STEP_SUMMARY`` set: it must pass, and the summary file (the
real job summary on GitHub) must stay empty, since the inner runs' tables are not
the job's.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

#: Tests that read a child pytest's text, write a step summary, or depend on colour.
SAMPLE = (
    "tests/plugin/test_holdouts.py::test_the_shipped_holdouts_are_collected_and_skipped_without_a_key",
    "tests/plugin/test_github_summary.py",
    "tests/plugin/test_thresholds.py",
    "tests/plugin/test_adoption.py::test_a_failed_gate_is_a_failed_test_in_junit_and_rA",
    "tests/plugin/test_collection.py::test_reportinfo_points_at_the_case_line",
)


def test_a_sample_of_the_suite_passes_with_the_ci_environment(tmp_path: Path) -> None:
    summary = tmp_path / "step-summary.md"
    summary.write_text("", encoding="utf-8")
    env = {
        **os.environ,
        "FORCE_COLOR": "1",
        "PY_COLORS": "1",
        "CI": "true",
        "GITHUB_STEP_SUMMARY": str(summary),
    }
    env.pop("NO_COLOR", None)
    for name in ("PYTEST_XDIST_WORKER", "PYTEST_XDIST_WORKER_COUNT", "PYTEST_XDIST_TESTRUNUID"):
        env.pop(name, None)
    result = subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-q", *SAMPLE],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert result.returncode == 0, result.stdout[-6000:] + result.stderr[-3000:]
    assert " passed" in result.stdout
    assert summary.read_text(encoding="utf-8") == "", "inner runs wrote to the job summary"
