"""A case line the harness cannot carry is that line's error, named at parse time: a
number past what a float holds, nesting deeper than the one limit the harness carries
through both runs; CR-only line ends are reported as CR. The other cases run."""

from __future__ import annotations

import json

import pytest

from pytest_core_verify._core.cases import MAX_CASE_DEPTH as MAX_DEPTH
from tests.helpers import MakeLane, write_cases

LANE = """
def run(case, workdir):
    return {"seen": sorted(case)}
"""


def _nested(depth: int) -> str:
    """A case whose deepest container is ``depth`` levels down (the case itself is 1)."""
    inner = depth - 1
    return f'{{"id": "d{depth}", "v": {"[" * inner}{"]" * inner}}}'


@pytest.mark.parametrize(
    ("replay", "xdist"),
    [("process", []), ("inprocess", []), ("process", ["-n", "2"]), ("inprocess", ["-n", "2"])],
)
def test_past_float_range_and_too_deep_lines_are_line_errors_naming_the_field(
    pytester: pytest.Pytester, make_lane: MakeLane, replay: str, xdist: list[str]
) -> None:
    make_lane(
        code=LANE,
        dev=[
            {"id": "ok", "x": 1},
            '{"id": "big", "x": {"y": [1, 1e400]}}',
            _nested(MAX_DEPTH),
            _nested(MAX_DEPTH + 1),
            '{"id": "neg", "x": -2E+999}',
        ],
    )
    result = pytester.runpytest("--snapshot-update", "-rA", "--replay", replay, *xdist)
    # The split's gate fails: three of its lines are not cases.
    result.assert_outcomes(passed=2, failed=1, errors=3)
    result.stdout.fnmatch_lines_random(
        [
            "*cases.jsonl:2: $.x.y[[]1]: the number 1e400 is past what a float holds (about "
            "1.8e308); write it as a string, or a smaller number",
            f"*cases.jsonl:4: $.v*: nested more than {MAX_DEPTH} levels deep (the most the "
            "harness carries through both runs); flatten it",
            "*cases.jsonl:5: $.x: the number -2E+999 is past what a float holds*",
            f"PASSED *::d{MAX_DEPTH}",
            "*overall: FAIL (3 line(s) of the cases file are not valid cases: each is an "
            "error above; fix them)",
        ]
    )
    assert "RecursionError" not in result.stdout.str()
    assert "inf" not in json.dumps(sorted(p.name for p in pytester.path.rglob("*.json")))


def test_cr_only_line_ends_are_reported_as_cr_and_the_cases_run(
    pytester: pytest.Pytester, make_lane: MakeLane
) -> None:
    lane = make_lane(code=LANE)
    cases = lane / "dev" / "cases.jsonl"
    write_cases(cases, [])
    cases.write_bytes(b'{"id": "a", "x": 1}\r{"id": "b", "x": 2}\r')
    result = pytester.runpytest("--snapshot-update", "-rA")
    result.assert_outcomes(passed=3)
    result.stdout.fnmatch_lines(
        ["*cases.jsonl:1: 2 line(s) end in CR alone (not LF); convert the file to LF line ends*"]
    )
    assert "CRLF" not in result.stdout.str()
