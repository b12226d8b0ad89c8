"""Hypothesis against the harness's pure modules: the inputs they must refuse.

Case parsing (``_cases``), canonical JSON (``_canonical``) and metric aggregation
(``_aggregate``) sit under every lane: a
line they cannot read must be one problem naming its line, never an exception and never
a lost neighbour; a result they cannot pin must be a ``NotCanonicalError`` naming where,
with a message that itself can be printed and written as UTF-8.
"""

from __future__ import annotations

import json
import math
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pytest_core_verify._core.aggregate import CaseOutcome, Threshold, aggregate
from pytest_core_verify._core.canonical import NotCanonicalError, canonical_bytes
from pytest_core_verify._core.cases import parse_cases
from pytest_core_verify._core.lanes import CaseFileKey
from tests.helpers import case_outcomes, examples

# -- values a lane might return ----------------------------------------------------------

#: Text with lone surrogates allowed (Hypothesis leaves them out by default).
ANY_TEXT = st.text(st.characters(codec=None, exclude_categories=()), max_size=8)
JSON_LEAVES = st.none() | st.booleans() | st.integers() | st.floats() | ANY_TEXT
NOT_JSON_LEAVES = st.sampled_from(
    [
        math.nan,
        math.inf,
        -math.inf,
        b"bytes",
        {1, 2},
        object(),
        complex(1, 2),
    ]
) | st.builds(lambda: 10**5000)  # built, not sampled: repr() cannot print it


def _containers(children: st.SearchStrategy[Any]) -> st.SearchStrategy[Any]:
    keys = ANY_TEXT | st.integers() | st.none() | st.booleans()
    return (
        st.lists(children, max_size=4)
        | st.lists(children, max_size=3).map(tuple)
        | st.dictionaries(keys, children, max_size=4)
    )


RESULTS = st.recursive(JSON_LEAVES | NOT_JSON_LEAVES, _containers, max_leaves=20)


def _printable(message: str) -> None:
    message.encode("utf-8")  # a terminal, JUnit XML and results files must take it


@settings(max_examples=examples(400), suppress_health_check=[HealthCheck.too_slow])
@given(RESULTS)
def test_canonical_bytes_round_trips_or_names_where_it_cannot(value: Any) -> None:
    try:
        data = canonical_bytes(value)
    except NotCanonicalError as exc:
        assert exc.path.startswith("$")
        assert exc.reason
        _printable(str(exc))
        return
    text = data.decode("utf-8")  # strict: whole characters only
    assert canonical_bytes(json.loads(text)) == data  # the pin reads back to itself


def test_a_lone_surrogate_anywhere_is_named_with_its_path() -> None:
    for value, path in [
        ("\ud800", "$"),
        ({"a": ["ok", "x\udfff"]}, "$.a[1]"),
        ({"k\udc80": 1}, "$.k\\udc80 (the key)"),
    ]:
        try:
            canonical_bytes(value)
        except NotCanonicalError as exc:
            assert exc.path == path
            assert "lone surrogate" in exc.reason
            _printable(str(exc))
        else:
            raise AssertionError(f"{value!r} was pinned")


# -- lines of a case file --------------------------------------------------------------

GOOD_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-(10**30), 10**30) | st.text(max_size=6),
    lambda children: (
        st.lists(children, max_size=3) | st.dictionaries(st.text(max_size=4), children, max_size=3)
    ),
    max_leaves=8,
)
BAD_LINES = st.one_of(
    st.binary(max_size=24),
    st.text(max_size=24).map(lambda t: t.encode("utf-8", "surrogatepass")),
    st.sampled_from(
        [
            b"[1, 2]",
            b'"just a string"',
            b'{"x": 1}',
            b'{"id": 7}',
            b'{"id": ""}',
            b'{"id": "a::b"}',
            b'{"id": "line 3"}',
            b'{"id": "d", "id": "d"}',
            b'{"id": "n", "x": NaN}',
            b'{"id": "s\\ud800"}',
            b'{"id": "t", "x": "\\udfff"}',
            b'{"id": "t", "x": {"\\ud83d": 1}}',
            b'{"id": "x", "xfail": ""}',
            b'{"id": "big", "x": ' + b"9" * 5000 + b"}",
            b'{"id": "deep", "x": ' + b"[" * 5000 + b"]" * 5000 + b"}",
            b"\xff\xfe{}",
            b"{",
        ]
    ),
)


@st.composite
def case_files(draw: st.DrawFn) -> tuple[bytes, dict[int, str]]:
    """A file of good cases (unique ids ``g<n>``) and bad lines, and the good ones' lines."""
    kinds = draw(st.lists(st.booleans(), min_size=1, max_size=12))
    lines: list[bytes] = []
    good: dict[int, str] = {}
    for number, is_good in enumerate(kinds, start=1):
        if is_good:
            case_id = f"g{number}"
            case = {"id": case_id, "data": draw(GOOD_VALUES)}
            lines.append(json.dumps(case, ensure_ascii=draw(st.booleans())).encode("utf-8"))
            good[number] = case_id
        else:
            bad = draw(BAD_LINES).replace(b"\n", b" ").replace(b"\r", b" ")
            lines.append(bad)
    ending = draw(st.sampled_from([b"\n", b"\r\n"]))
    return ending.join(lines) + ending, good


@settings(max_examples=examples(300), suppress_health_check=[HealthCheck.too_slow])
@given(case_files())
def test_a_case_file_never_raises_and_no_bad_line_hides_a_good_one(
    file_and_good: tuple[bytes, dict[int, str]],
) -> None:
    data, good = file_and_good
    parsed = parse_cases(data)
    by_line = {case.line: case for case in parsed.cases}
    for number, case_id in good.items():
        assert number in by_line and by_line[number].case_id == case_id
    error_lines = [problem.line for problem in parsed.errors]
    assert len(error_lines) == len(set(error_lines))  # one problem per line
    assert not set(error_lines) & set(by_line)
    # A UTF-8 byte order mark opening the file is not content (the reader drops it).
    text = data.removeprefix(b"\xef\xbb\xbf")
    non_blank = [
        number for number, raw in enumerate(text.split(b"\n"), start=1) if raw.rstrip(b"\r").strip()
    ]
    assert sorted([*by_line, *error_lines]) == non_blank  # every line is accounted for
    for problem in parsed.errors:
        assert problem.message
        _printable(problem.message)
    for case in parsed.cases:
        _printable(case.case_id)
        canonical_bytes(case.data)  # every case that runs can be pinned


# -- metric aggregation ------------------------------------------------------------------

METRIC_VALUES = st.none() | st.booleans() | st.floats(allow_nan=False, allow_infinity=False)


@settings(max_examples=examples(300))
@given(case_outcomes(METRIC_VALUES), st.randoms(use_true_random=False))
def test_aggregation_ignores_report_order_and_keeps_means_in_range(
    outcomes: list[CaseOutcome], shuffler: Any
) -> None:
    """Reports reach the controller in any order (xdist): the lane's numbers may not
    depend on it, and a mean of finite values is finite and between them, even where
    their sum passes the largest float."""
    key = CaseFileKey("lane", "dev")
    thresholds = {"m": Threshold("m", min=0.5)}
    first = aggregate(key, thresholds, ["m", "n"], outcomes)
    shuffled = list(outcomes)
    shuffler.shuffle(shuffled)
    second = aggregate(key, thresholds, ["m", "n"], shuffled)
    first.timestamp = second.timestamp = "2026-01-01T00:00:00Z"  # not the clock's
    assert first.to_json() == second.to_json()
    for name, summary in first.metrics.items():
        values = [
            float(value)
            for c in outcomes
            if c.xfail is None and (value := c.metrics[name]) is not None
        ]
        if not values:
            assert summary.value is None
            continue
        assert summary.value is not None and math.isfinite(summary.value)
        low, high = min(values), max(values)
        slack = 1e-9 * max(abs(low), abs(high), 1.0)
        assert low - slack <= summary.value <= high + slack
