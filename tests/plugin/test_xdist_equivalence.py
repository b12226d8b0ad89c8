"""pytest-xdist gives the serial run's lane table, results files and snapshots.

The serial baseline runs in-process with ``-p no:xdist``; each distributed run is a
subprocess (``--dist load``, ``loadfile``, ``loadscope``, and two hosts with
``--tx 2*popen``), pinning from scratch with ``--snapshot-update``.
"""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path
from typing import Any

import pytest

from tests.helpers import MakeLane

SECOND_LANE = """
import pytest
from pytest_core_verify import metric

pytestmark = [pytest.mark.threshold("short", min=0.9), pytest.mark.threshold("length", max=5)]

def run(case, workdir):
    (workdir / "echo.txt").write_text(case["text"], encoding="utf-8")
    return {"text": case["text"], "length": len(case["text"])}

@metric
def short(case, result):
    return result["length"] < 4

@metric
def length(case, result):
    return result["length"]
"""


def doubling(n: int, start: int = 0) -> list[dict[str, Any]]:
    # Every third case misses "correct", so the table names misses.
    return [{"id": f"d{i:02d}", "x": i, "expect": i * 2 if i % 3 else -1} for i in range(start, n)]


CASES = 9 + 4 + 5 + 3


def build(make_lane: MakeLane) -> None:
    make_lane("demo", dev=doubling(9), public={"v1": doubling(4), "v2": doubling(10, 5)})
    make_lane("words", code=SECOND_LANE, dev=[{"id": w, "text": w} for w in ("a", "bb", "dddd")])


def lane_section(lines: list[str]) -> list[str]:
    """The "core-verify lanes" section, without the lines naming the results directory."""
    start = next(i for i, line in enumerate(lines) if "= core-verify lanes =" in line)
    section = []
    for line in lines[start + 1 :]:
        if line.startswith(("===", "---")):
            break
        if not line.startswith("results: "):
            section.append(line)
    return section


def final_counts(lines: list[str]) -> str:
    """The final summary line without its separators and duration."""
    line = next(line for line in reversed(lines) if line.strip())
    return re.sub(r" in [\d.]+s.*$", "", line.strip("= "))


def results(directory: Path) -> dict[str, Any]:
    docs = {}
    for path in sorted(directory.iterdir()):
        doc = json.loads(path.read_text(encoding="utf-8"))
        doc.pop("timestamp")
        docs[path.name] = doc
    return docs


def tree(directory: Path) -> dict[str, bytes]:
    return {
        p.relative_to(directory).as_posix(): p.read_bytes()
        for p in sorted(directory.rglob("*"))
        if p.is_file()
    }


@pytest.mark.parametrize(
    "dist_args",
    [
        ["-n", "2", "--dist", "load"],
        ["-n", "2", "--dist", "loadfile"],
        ["-n", "2", "--dist", "loadscope"],
        ["--tx", "2*popen", "--dist", "load"],
    ],
    ids=["load", "loadfile", "loadscope", "tx-2-popen"],
)
def test_distributed_run_matches_serial(
    pytester: pytest.Pytester, make_lane: MakeLane, dist_args: list[str]
) -> None:
    build(make_lane)
    serial = pytester.runpytest("-p", "no:xdist", "--snapshot-update", "--results", "serial")
    assert serial.ret == pytest.ExitCode.TESTS_FAILED  # thresholds are missed on purpose
    # Two lanes, four splits: four gates, one of them failed.
    serial.assert_outcomes(failed=1, passed=CASES + 3)
    serial_pins = tree(pytester.path / "snapshots")
    assert len(serial_pins) == CASES
    shutil.rmtree(pytester.path / "snapshots")

    dist = pytester.runpytest_subprocess(*dist_args, "--snapshot-update", "--results", "dist")
    assert dist.ret == serial.ret
    dist.assert_outcomes(failed=1, passed=CASES + 3)
    assert lane_section(dist.outlines) == lane_section(serial.outlines)
    assert final_counts(dist.outlines) == final_counts(serial.outlines)
    assert "1 failed" in final_counts(dist.outlines)
    assert results(pytester.path / "dist") == results(pytester.path / "serial")
    # Pinned by the workers, byte for byte what the serial run pinned (so either kind of
    # run accepts the other's pins).
    assert tree(pytester.path / "snapshots") == serial_pins
