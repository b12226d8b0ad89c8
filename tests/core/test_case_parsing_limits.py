"""Case lines the harness cannot carry are refused when the file is read (pure)."""

from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from pytest_core_verify._core.cases import MAX_CASE_DEPTH, parse_cases
from tests.helpers import examples


@settings(max_examples=examples(200))
@given(
    mantissa=st.integers(min_value=1, max_value=9),
    exponent=st.integers(min_value=309, max_value=100_000),
    sign=st.sampled_from(["", "-"]),
    key=st.from_regex(r"k[a-z]{0,7}", fullmatch=True),  # never "id"
)
def test_a_number_past_float_range_is_its_lines_error_naming_the_field(
    mantissa: int, exponent: int, sign: str, key: str
) -> None:
    literal = f"{sign}{mantissa}e{exponent}"
    parsed = parse_cases(f'{{"id": "a", "{key}": [0, {literal}]}}\n{{"id": "b"}}\n'.encode())
    assert [c.case_id for c in parsed.cases] == ["b"]
    (problem,) = parsed.errors
    assert problem.line == 1
    assert problem.message.startswith(f"$.{key}[1]: the number {literal[:40]} is past")


@given(depth=st.integers(min_value=1, max_value=MAX_CASE_DEPTH + 50))
def test_nesting_is_refused_past_the_one_case_depth_limit(depth: int) -> None:
    inner = depth - 1
    line = '{"id": "a", "v": ' + "[" * inner + "]" * inner + "}"
    if depth == 1:
        line = '{"id": "a"}'
    parsed = parse_cases(line.encode() + b"\n")
    if depth <= MAX_CASE_DEPTH:
        assert [c.case_id for c in parsed.cases] == ["a"] and not parsed.errors
    else:
        assert f"nested more than {MAX_CASE_DEPTH} levels deep" in parsed.errors[0].message


@given(st.lists(st.integers(min_value=0, max_value=10**6), min_size=1, max_size=20))
def test_cr_only_files_are_split_at_cr_and_warned_as_cr(values: list[int]) -> None:
    data = "".join(json.dumps({"id": f"c{i}", "x": v}) + "\r" for i, v in enumerate(values))
    parsed = parse_cases(data.encode())
    assert [c.data["x"] for c in parsed.cases] == values
    (warning,) = parsed.warnings
    assert "end in CR alone" in warning.message and "CRLF" not in warning.message
