"""``--results-history FILE``: every lane split's run appended as one compact JSON line
(what the report's trends read of its results document; nothing of its cases)."""

from __future__ import annotations

import json

import pytest

from pytest_core_verify._results.history import history_line
from tests.helpers import MakeLane

CASES = [{"id": "a", "x": 1, "expect": 2}, {"id": "b", "x": 2, "expect": 5}]


@pytest.mark.parametrize("xdist", [[], ["-n", "2"]], ids=["serial", "xdist"])
def test_history_lines_are_the_results_files_compacted(
    pytester: pytest.Pytester, make_lane: MakeLane, xdist: list[str]
) -> None:
    make_lane("demo", dev=CASES, public={"v1": CASES[:1]})
    args = ["--lane", "demo", "--snapshot-update", "--results-history", "log/h.jsonl", *xdist]
    pytester.runpytest(*args, "--results", "one").assert_outcomes(passed=5)
    pytester.runpytest(*args, "--results", "two").assert_outcomes(passed=5)
    lines = (pytester.path / "log" / "h.jsonl").read_text(encoding="utf-8").splitlines()
    assert len(lines) == 4
    docs = [json.loads(line) for line in lines]
    assert [(d["lane"], d["split"], d["version"]) for d in docs] == [
        ("demo", "dev", None),
        ("demo", "public", "v1"),
    ] * 2
    for doc, name in zip(
        docs,
        ["one/demo.dev", "one/demo.public.v1", "two/demo.dev", "two/demo.public.v1"],
        strict=True,
    ):
        full = json.loads((pytester.path / f"{name}.json").read_text(encoding="utf-8"))
        assert doc == history_line(full)
        assert doc["timestamp"] == full["timestamp"] and "cases" not in doc


def test_history_not_writable_fails_the_run(pytester: pytest.Pytester, make_lane: MakeLane) -> None:
    make_lane("demo", dev=CASES)
    (pytester.path / "afile").write_text("", encoding="utf-8")
    result = pytester.runpytest(
        "--lane", "demo", "--snapshot-update", "--results-history", "afile/h.jsonl"
    )
    assert result.ret == 1
    result.stdout.fnmatch_lines(["--results-history */afile/h.jsonl: cannot append: *"])


def test_no_history_for_collect_only(pytester: pytest.Pytester, make_lane: MakeLane) -> None:
    make_lane("demo", dev=CASES)
    pytester.runpytest("--lane", "demo", "--collect-only", "--results-history", "h.jsonl")
    assert not (pytester.path / "h.jsonl").exists()
