"""``core-verify review --split NAME``: review one split's pending results, leave the rest."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tests.helpers import MakeLane

LANE = """
def run(case, workdir):
    return {"double": case["x"] * 2}
"""
PENDING = Path(".pytest_cache/d/core_verify_pending/demo")


def _review(root: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "pytest_core_verify.cli", "review", "--accept-all", *args],
        capture_output=True,
        text=True,
        cwd=root,
        check=False,
    )


@pytest.mark.parametrize("xdist", [["-p", "no:xdist"], ["-n", "2"]], ids=["serial", "xdist"])
def test_review_of_one_split_accepts_only_that_splits_pins(
    pytester: pytest.Pytester, make_lane: MakeLane, xdist: list[str]
) -> None:
    make_lane("demo", code=LANE, dev=[{"id": "d", "x": 1}], public={"v1": [{"id": "p", "x": 1}]})
    pytester.runpytest("--lane", "demo", "--snapshot-update", *xdist).assert_outcomes(passed=4)
    make_lane("demo", code=LANE, dev=[{"id": "d", "x": 2}], public={"v1": [{"id": "p", "x": 2}]})
    # Both cases differ from their pins; the gates (no threshold here) pass.
    pytester.runpytest("--lane", "demo", *xdist).assert_outcomes(failed=2, passed=2)
    assert (pytester.path / PENDING / "dev" / "d.json").exists()
    assert (pytester.path / PENDING / "public" / "v1" / "p.json").exists()

    done = _review(pytester.path, "--split", "public")
    assert done.returncode == 0, done.stderr
    assert "demo/public/v1 :: p" in done.stdout and "demo/dev" not in done.stdout
    assert "1 accepted, 0 rejected, 0 skipped" in done.stdout
    public_pin = pytester.path / "snapshots/demo/public/v1/p.json"
    dev_pin = pytester.path / "snapshots/demo/dev/d.json"
    assert json.loads(public_pin.read_text(encoding="utf-8")) == {"double": 4}
    assert json.loads(dev_pin.read_text(encoding="utf-8")) == {"double": 2}  # untouched

    rest = _review(pytester.path, "--split", "dev")
    assert "demo/dev :: d" in rest.stdout and "1 accepted" in rest.stdout
    assert json.loads(dev_pin.read_text(encoding="utf-8")) == {"double": 4}


def test_an_unknown_split_is_a_usage_error_naming_the_choices(pytester: pytest.Pytester) -> None:
    done = _review(pytester.path, "--split", "train")
    assert done.returncode == 2
    assert "--split: invalid choice: 'train'" in done.stderr
    assert "dev" in done.stderr and "holdout" in done.stderr
