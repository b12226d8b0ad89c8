"""``--results DIR``: one JSON file per lane, split and version that matches the table."""

from __future__ import annotations

import json
import math
import re
import shutil
from pathlib import Path
from typing import Any

import pytest

from tests.helpers import MakeLane

REPO = Path(__file__).resolve().parents[2]
# One shipped lane is enough to show the files match a real lane's table (the others
# run in CI); symbolic_logic is the quickest.
SHIPPED_LANE = "symbolic_logic"
HEX64 = re.compile(r"[0-9a-f]{64}")

LANE = """
import pytest
from pytest_core_verify import metric

pytestmark = [pytest.mark.threshold("correct", min=0.6)]

def run(case, workdir):
    return {"double": case["x"] * 2}

@metric
def correct(case, result):
    return result["double"] == case["expect"]

@metric
def size(case, result):
    # None: no value for this case (it does not count in the mean).
    return None if case["x"] == 0 else case["x"]
"""


def lane_table(lines: list[str]) -> dict[str, dict[str, Any]]:
    """The "core-verify lanes" section, parsed: label -> count, rows and overall verdict."""
    start = next(i for i, line in enumerate(lines) if "= core-verify lanes =" in line)
    table: dict[str, dict[str, Any]] = {}
    block: dict[str, Any] = {}
    for line in lines[start + 1 :]:
        if line.startswith(("===", "---")):
            break
        heading = re.fullmatch(r"(\S+): (\d+) case\(s\)", line)
        row = re.fullmatch(r"  ([\w:]+) +(\S+)  (.+?) +(PASS|FAIL|n/a|-)(?:  +(.*))?", line)
        if heading:
            block = table[heading.group(1)] = {"count": int(heading.group(2)), "rows": {}}
        elif line.startswith("  overall: "):
            block["overall"] = line.split(": ", 1)[1].split(" ", 1)[0]
        elif row and row.group(1) != "metric":
            block["rows"][row.group(1)] = row.group(2, 3, 4, 5)
    return table


def describe(bounds: dict[str, float] | None) -> str:
    if not bounds:
        return "-"
    low, high = bounds.get("min"), bounds.get("max")
    if low is not None and high is not None:
        return f"in [{low:.4g}, {high:.4g}]"
    return f">= {low:.4g}" if low is not None else f"<= {high:.4g}"


def label_of(doc: dict[str, Any]) -> str:
    return "/".join(p for p in (doc["lane"], doc["split"], doc["version"]) if p)


def assert_matches_table(docs: list[dict[str, Any]], table: dict[str, Any]) -> None:
    """Every number, bound, verdict and miss of each file is the one the terminal showed."""
    assert sorted(label_of(d) for d in docs) == sorted(table)
    for doc in docs:
        block = table[label_of(doc)]
        metrics = dict(doc["metrics"])
        assert metrics.pop("case_count") == len(doc["cases"]) == block["count"]
        overall = metrics.pop("overall_pass")
        assert block["overall"] == ("PASS" if overall else "FAIL")
        assert sorted(metrics) == sorted(block["rows"])
        for name, value in metrics.items():
            shown, threshold, verdict, missed = block["rows"][name]
            bounds = doc["thresholds"].get(name)
            assert shown == ("n/a" if value is None else f"{value:.4f}"), name
            assert threshold == describe(bounds), name
            if bounds and value is not None:
                holds = bounds.get("min", -math.inf) <= value <= bounds.get("max", math.inf)
                assert verdict == ("PASS" if holds else "FAIL"), name
            # The table names the ids on FAIL rows only; the file has them all.
            misses = doc["misses"].get(name, []) if verdict == "FAIL" else []
            assert (missed.split(" (+")[0].split(", ") if missed else []) == misses[:10], name
            if len(misses) > 10:
                assert missed.endswith(f" (+{len(misses) - 10} more)"), name


def test_results_files_load_and_match_the_table(
    pytester: pytest.Pytester, make_lane: MakeLane
) -> None:
    make_lane(
        dev=[
            {"id": "d0", "x": 0, "expect": 0},
            {"id": "d1", "x": 1, "expect": 9},
            {"id": "d2", "x": 2, "expect": 4},
        ],
        public={
            "v1": [{"id": "p1", "x": 1, "expect": 2}],
            "v2": [{"id": "q", "x": 3, "expect": 6}],
        },
        code=LANE,
    )
    result = pytester.runpytest("--snapshot-update", "--results", "out")
    assert result.ret == pytest.ExitCode.OK
    out = pytester.path / "out"
    assert sorted(p.name for p in out.iterdir()) == [
        "demo.dev.json",
        "demo.public.v1.json",
        "demo.public.v2.json",
    ]  # and no temporary file left behind by the atomic writes
    docs = [json.loads(p.read_text(encoding="utf-8")) for p in sorted(out.iterdir())]
    assert_matches_table(docs, lane_table(result.outlines))
    result.stdout.fnmatch_lines(["results: out/demo.dev.json", "results: out/demo.public.v2.json"])

    dev = docs[0]
    assert dev["schema_version"] == 1
    assert (dev["lane"], dev["split"], dev["version"]) == ("demo", "dev", None)
    assert re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ", dev["timestamp"])
    assert dev["thresholds"] == {"correct": {"min": 0.6}}
    assert dev["metrics"]["correct"] == pytest.approx(2 / 3)
    assert dev["metrics"]["size"] == 1.5  # d0's None does not count
    assert dev["metrics"]["case_count"] == 3
    assert dev["metrics"]["overall_pass"] is True
    assert (dev["complete"], dev["missing"], dev["misses"]) == (True, [], {"correct": ["d1"]})
    assert [c["id"] for c in dev["cases"]] == ["d0", "d1", "d2"]
    for case in dev["cases"]:
        assert HEX64.fullmatch(case["trace_hash"])
        assert case["trace_hash_replay"] == case["trace_hash"]
        assert case["passed"] is True
    assert dev["cases"][1]["metrics"] == {"correct": False, "replay_determinism": True, "size": 1}
    assert dev["cases"][0]["metrics"]["size"] is None


def test_a_failing_lane_says_so_in_its_file(pytester: pytest.Pytester, make_lane: MakeLane) -> None:
    make_lane(code=LANE, dev=[{"id": "a", "x": 1, "expect": 2}, {"id": "b", "x": 1, "expect": 0}])
    result = pytester.runpytest("--snapshot-update", "--results", "out", "-p", "no:xdist")
    assert result.ret == pytest.ExitCode.TESTS_FAILED
    doc = json.loads((pytester.path / "out" / "demo.dev.json").read_text(encoding="utf-8"))
    assert doc["metrics"]["correct"] == 0.5
    assert doc["metrics"]["overall_pass"] is False
    assert doc["misses"] == {"correct": ["b"]}
    assert_matches_table([doc], lane_table(result.outlines))


def test_timestamp_comes_from_source_date_epoch_when_set(
    pytester: pytest.Pytester, make_lane: MakeLane, monkeypatch: pytest.MonkeyPatch
) -> None:
    make_lane(code=LANE, dev=[{"id": "a", "x": 1, "expect": 2}])
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1767225600")
    pytester.runpytest("--snapshot-update", "--results", "out")
    doc = json.loads((pytester.path / "out" / "demo.dev.json").read_text(encoding="utf-8"))
    assert doc["timestamp"] == "2026-01-01T00:00:00Z"


def test_no_results_without_the_option(pytester: pytest.Pytester, make_lane: MakeLane) -> None:
    make_lane(code=LANE, dev=[{"id": "a", "x": 1, "expect": 2}])
    result = pytester.runpytest("--snapshot-update")
    assert result.ret == pytest.ExitCode.OK
    assert not list(pytester.path.rglob("demo.dev.json"))
    assert not [line for line in result.outlines if line.startswith("results:")]


def test_shipped_lane_results_match_the_table(pytester: pytest.Pytester) -> None:
    """``pytest --lane <shipped lane> --results out/`` on a copy of the lane.

    ``--snapshot-update`` keeps this about the results files, not about whether the
    lane's pins are current (its own CI run checks those).
    """
    lane = SHIPPED_LANE
    shutil.copytree(REPO / "lanes" / lane, pytester.path / "lanes" / lane)
    pytester.makeini("[pytest]\n")
    result = pytester.runpytest("--lane", lane, "--results", "out/", "--snapshot-update")
    assert result.ret in (pytest.ExitCode.OK, pytest.ExitCode.TESTS_FAILED), result.stdout.str()
    files = sorted((pytester.path / "out").iterdir())
    assert files, result.stdout.str()
    docs = []
    for path in files:
        with path.open(encoding="utf-8") as handle:
            docs.append(json.load(handle))
    assert_matches_table(docs, lane_table(result.outlines))
    assert all(doc["lane"] == lane and doc["complete"] for doc in docs)


def test_an_unwritable_results_dir_fails_the_run_cleanly(
    pytester: pytest.Pytester, make_lane: MakeLane
) -> None:
    make_lane(code=LANE, dev=[{"id": "a", "x": 1, "expect": 2}])
    (pytester.path / "out").write_text("a file, not a directory\n", encoding="utf-8")
    result = pytester.runpytest("--snapshot-update", "--results", "out")
    result.assert_outcomes(passed=2)
    assert result.ret == pytest.ExitCode.TESTS_FAILED
    result.stdout.fnmatch_lines(["--results */out: cannot write the results files: *"])
    assert "INTERNALERROR" not in result.stdout.str()
