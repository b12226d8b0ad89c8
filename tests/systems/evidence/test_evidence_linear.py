"""The linear prefilter patterns Python's ``re`` runs when neither Hyperscan nor RE2 is
installed (see ``_linear``): their structure bounds a match attempt's work, and the
scan with them gives the exact scan's answers (``test_evidence_prefilter`` compares
the "re" engine on generated files; here the installation without either engine)."""

from __future__ import annotations

import pathlib
import re
import tempfile
from typing import Any

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from pytest_core_verify.systems.evidence import _prefilter, check_claim
from pytest_core_verify.systems.evidence._check import _parse_value
from pytest_core_verify.systems.evidence._numbers import MAX_TOKEN_CHARS, NumberValue
from pytest_core_verify.systems.evidence._text import MAX_GAP, TextValue
from tests.helpers import examples
from tests.systems.evidence.test_evidence_prefilter import PIECES, VALUES, _scan_many

try:  # Python 3.11 renamed the module
    from re import _parser as sre_parse  # type: ignore[attr-defined]
except ImportError:  # pragma: no cover - Python 3.10
    import sre_parse  # type: ignore[import-not-found,no-redef]

_REPEATS = {sre_parse.MAX_REPEAT, sre_parse.MIN_REPEAT}
_BOUND = max(MAX_TOKEN_CHARS, 4 * MAX_GAP)


def _walk(items: Any, in_repeat: bool, problems: list[str]) -> None:
    """Every repeat bounded, none inside another, and no two repeats in a row."""
    last_repeat = False
    for op, av in items:
        if op in _REPEATS:
            _lo, hi, sub = av
            if hi == sre_parse.MAXREPEAT or hi > _BOUND:
                problems.append("unbounded repeat")
            if in_repeat:
                problems.append("a repeat inside a repeat")
            if last_repeat:
                problems.append("two repeats in a row")
            _walk(sub, True, problems)
            last_repeat = True
            continue
        last_repeat = False
        if op is sre_parse.BRANCH:
            for alt in av[1]:
                _walk(alt, in_repeat, problems)
        elif op is sre_parse.SUBPATTERN:
            _walk(av[-1], in_repeat, problems)
        elif op in (sre_parse.ASSERT, sre_parse.ASSERT_NOT):
            _walk(av[1], in_repeat, problems)


def _problems(pattern: bytes) -> list[str]:
    re.compile(pattern)  # every lookbehind is of fixed width
    problems: list[str] = []
    _walk(sre_parse.parse(pattern), False, problems)
    return problems


numbers = st.one_of(
    st.integers(-(10**12), 10**12).map(str),
    st.decimals(allow_nan=False, allow_infinity=False, places=4).map(str),
    st.sampled_from(["0", "0.0", "1,000", "73%", "7.3e1", "1e-9", "-0.5", "1.5e3", "5\u2030"]),
)
texts = st.lists(
    st.text(st.sampled_from("ab1\uff15\u7cbe\u5ea6._%-"), min_size=1, max_size=4),
    min_size=1,
    max_size=4,
).map(" ".join)


@settings(max_examples=examples(300), deadline=None)
@given(value=st.one_of(numbers, texts), commas=st.booleans())
def test_the_linear_patterns_bound_each_attempt(value: str, commas: bool) -> None:
    # What bounds a backtracking engine's work: a repeat of one class at most so long,
    # never inside another, never right after another (so no bytes split two ways).
    parsed = _parse_value(value)
    if isinstance(parsed, NumberValue):
        pf = _prefilter.number_prefilter(parsed, commas)
    elif isinstance(parsed, TextValue):
        pf = _prefilter.text_prefilter(parsed.folded, MAX_GAP)
    else:
        return
    if pf is None:
        return
    assert pf.linear is not None
    assert _problems(pf.linear) == [], (value, pf.linear)


def test_a_number_that_follows_quotes_has_no_linear_pattern() -> None:
    # The walks through JSON strings and CSV cells nest repeats: Python's re would try
    # the bytes of a cell many ways, so such a value takes the exact path instead.
    value = _parse_value("5")
    assert isinstance(value, NumberValue)
    for quoting in ("json", "csv"):
        pf = _prefilter.number_prefilter(value, True, quoting)
        assert pf is not None and pf.starts and pf.linear is None


def test_the_structure_check_sees_what_backtracks() -> None:
    assert _problems(rb"1[0.]*[0,]*[eE]") == ["unbounded repeat"] * 2 + ["two repeats in a row"]
    assert _problems(rb"(?:a[0-9]{0,9})*") != []


@pytest.fixture
def fallback(monkeypatch: pytest.MonkeyPatch) -> None:
    """The installation without Hyperscan and RE2."""
    monkeypatch.setattr(_prefilter, "_hs", None)
    monkeypatch.setattr(_prefilter, "_re2", None)
    monkeypatch.setattr(_prefilter, "DEFAULT_ENGINE", _prefilter.default_engine())


def test_without_either_engine_python_re_is_the_default(fallback: None) -> None:
    assert _prefilter.DEFAULT_ENGINE == "re"


@pytest.mark.parametrize(
    ("name", "text", "value", "status"),
    [
        ("a.txt", "10 10 10 0\n", "0", "verified"),
        ("a.txt", "10 10 10 00.0\n", "0", "verified"),
        ("a.txt", "1,5;2,25;1\n", "1", "verified"),
        ("a.txt", "1,5;2,25;10,0\n", "1", "value_not_found"),
        ("a.txt", "\u51c6\u786e\u7387\u4e3a73.2\uff05\n", "73.2", "value_not_found"),
        ("a.txt", "\u51c6\u786e\u7387\u4e3a73.2\n", "73.2", "verified"),
        ("a.txt", "x \U0001d7d5\U0001d7d1 y\n", "73", "verified"),
        ("a.txt", "acc  \n 73.2\n", "acc 73.2", "verified"),
        ("a.txt", "acc 73.25\n", "acc 73.2", "value_not_found"),
        ("a.json", '{"a": "1,5", "b": 5}\n', "5", "verified"),
        ("a.json", '{"a": "1,5"}\n', "5", "value_not_found"),
    ],
)
def test_without_either_engine_the_answers_are_the_exact_ones(
    fallback: None, tmp_path: pathlib.Path, name: str, text: str, value: str, status: str
) -> None:
    (tmp_path / name).write_text(text * 50, encoding="utf-8")
    assert check_claim(value, name, tmp_path)["status"] == status


@settings(
    max_examples=examples(200),
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(
    value=st.sampled_from([*VALUES, "-7", "1,5", "\u7cbe\u5ea6", "\u51c6\u786e\u7387\u4e3a73.2"]),
    line=st.lists(st.sampled_from([*PIECES, '"', "\\", ";", "\r\n"]), min_size=1, max_size=10),
    repeat=st.integers(min_value=1, max_value=400),
    at=st.integers(min_value=0, max_value=10),
    suffix=st.sampled_from([".txt", ".json", ".csv"]),
    chunk=st.sampled_from([3, 64, 4096]),
)
@example(value="1", line=["1,5;2,25;10,0\n"], repeat=50, at=0, suffix=".csv", chunk=64)
@example(value="0", line=["0.", "0", "."], repeat=300, at=3, suffix=".txt", chunk=4096)
def test_without_either_engine_dense_files_read_as_the_exact_scan(
    fallback: None,
    value: str,
    line: list[str],
    repeat: int,
    at: int,
    suffix: str,
    chunk: int,
) -> None:
    # Dense near misses (a line repeated), the value somewhere in one copy of it, and
    # every kind of file the scan tells apart: the fallback's answers are the exact ones.
    text = "".join(line) * repeat
    text = text[: at * 7] + value + text[at * 7 :]
    with tempfile.TemporaryDirectory() as tmp:
        path = pathlib.Path(tmp) / ("f" + suffix)
        path.write_bytes(text.encode("utf-8", "surrogatepass"))
        want = _scan_many(path, [value], chunk, "exact")
        got = _scan_many(path, [value], chunk, _prefilter.DEFAULT_ENGINE or "exact")
        assert (got.error, got.hits) == (want.error, want.hits)
