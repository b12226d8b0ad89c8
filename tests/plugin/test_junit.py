"""``--junitxml``: each case carries its metrics and trace hashes as properties."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from tests.helpers import MakeLane

CASES = [
    {"id": "ok-1", "x": 1, "expect": 2},
    {"id": "miss", "x": 2, "expect": 5},
    {"id": "ok-3", "x": 3, "expect": 6},
]
PUBLIC = {"v1": [{"id": "p", "x": 4, "expect": 8}]}


def case_properties(path: Path) -> dict[str, dict[str, str]]:
    """By test name: the testcase's properties."""
    root = ET.parse(path).getroot()
    found = {}
    for case in root.iter("testcase"):
        props = {p.get("name", ""): p.get("value", "") for p in case.iter("property")}
        if case.get("name") != "gate":
            found[f"{case.get('classname')}::{case.get('name')}"] = props
    return found


def test_junit_properties_serial_and_under_xdist(
    pytester: pytest.Pytester, make_lane: MakeLane
) -> None:
    make_lane(dev=CASES, public=PUBLIC)
    serial = pytester.runpytest(
        "-p", "no:xdist", "--snapshot-update", "--junitxml=serial.xml", "--results", "out"
    )
    serial.assert_outcomes(passed=6)
    props = case_properties(pytester.path / "serial.xml")
    assert len(props) == 4

    results = json.loads((pytester.path / "out" / "demo.dev.json").read_text(encoding="utf-8"))
    for case in results["cases"]:
        [mine] = [p for name, p in props.items() if name.endswith(f"::{case['id']}")]
        assert mine["trace_hash"] == case["trace_hash"]
        assert mine["trace_hash_replay"] == case["trace_hash_replay"]
        assert {k: v for k, v in mine.items() if k.startswith("metric:")} == {
            f"metric:{name}": json.dumps(value) for name, value in case["metrics"].items()
        }
    # JSON values, not Python reprs (True, None).
    miss = next(p for name, p in props.items() if name.endswith("::miss"))
    assert (miss["metric:correct"], miss["metric:replay_determinism"]) == ("false", "true")

    xdist = pytester.runpytest_subprocess("-n", "2", "--junitxml=xdist.xml")
    xdist.assert_outcomes(passed=6)
    assert case_properties(pytester.path / "xdist.xml") == props


def test_a_case_whose_run_fails_has_no_trace_hash(
    pytester: pytest.Pytester, make_lane: MakeLane
) -> None:
    make_lane(
        code="""
        def run(case, workdir):
            raise RuntimeError("broken system")
        """,
        dev=[{"id": "boom"}],
    )
    result = pytester.runpytest("--junitxml=out.xml")
    result.assert_outcomes(failed=2)
    [props] = case_properties(pytester.path / "out.xml").values()
    assert "trace_hash" not in props


def test_every_failed_or_erroring_item_has_a_reason_line_for_summaries(
    pytester: pytest.Pytester, make_lane: MakeLane
) -> None:
    """pytest before 9.0 shows a report's reason in the short summary only from a
    ``reprcrash``: every failed case, bad line and gate report has one, whose message
    is the whole text (its first line is what a summary shows)."""
    make_lane(
        code="""
        def run(case, workdir):
            if case["x"] < 0:
                raise ValueError("negative")
            return {"double": case["x"] * 2}
        """,
        dev=[{"id": "good", "x": 1}, {"id": "bad", "x": -1}, "{not json"],
    )
    reprec = pytester.inline_run("--snapshot-update", "-p", "no:xdist")
    failed = [r for r in reprec.getreports("pytest_runtest_logreport") if r.failed]
    reasons = {r.nodeid.rsplit("::", 1)[-1]: r.longrepr.reprcrash.message for r in failed}
    assert sorted(reasons) == ["bad", "gate", "line 3"]
    assert reasons["line 3"].startswith("lanes/demo/dev/cases.jsonl:3: invalid JSON")
    assert reasons["gate"].startswith("FAIL (")
    assert "ValueError" in reasons["bad"]
    result = pytester.runpytest("-n", "2", "-rA")
    result.stdout.fnmatch_lines(
        [
            "ERROR lanes/demo/dev/cases.jsonl::line 3 - lanes/demo/dev/cases.jsonl:3: *",
            "FAILED lanes/demo/dev/cases.jsonl::bad - *ValueError: negative*",
        ]
    )
