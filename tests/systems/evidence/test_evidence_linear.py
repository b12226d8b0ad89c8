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

from pytest_core_verify.systems.evidence import _linear, _prefilter, _quotes, _regions, check_claim
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


def _prefilter_of(value: str, commas: bool) -> _prefilter.Prefilter | None:
    """The prefilter of a claimed value (a number's where commas may separate or not)."""
    parsed = _parse_value(value)
    if isinstance(parsed, NumberValue):
        return _prefilter.number_prefilter(parsed, commas)
    if isinstance(parsed, TextValue):
        return _prefilter.text_prefilter(parsed.folded, MAX_GAP)
    return None


@settings(max_examples=examples(300), deadline=None)
@given(value=st.one_of(numbers, texts), commas=st.booleans())
def test_the_linear_patterns_bound_each_attempt(value: str, commas: bool) -> None:
    # What bounds a backtracking engine's work: a repeat of one class at most so long,
    # never inside another, never right after another (so no bytes split two ways).
    pf = _prefilter_of(value, commas)
    if pf is None:
        return
    assert pf.linear is not None
    assert _problems(pf.linear) == [], (value, pf.linear)


def test_a_number_that_follows_quotes_has_no_linear_pattern() -> None:
    # The walks through JSON strings and CSV cells nest repeats: Python's re would try
    # the bytes of a cell many ways, so such a value is searched by _regions._QuotedFinder.
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


#: ASCII bytes of numbers and their contexts (no e or E: where the plain patterns serve).
_BARE = st.sampled_from([*"0123456789.,-+:/'~^%_ x\n\"", "10", "0.", "1,0", "1.5"])


def _matches(rx: re.Pattern[bytes], buf: bytes) -> list[int]:
    return [p for p in range(len(buf) + 1) if rx.match(buf, p)]


@settings(max_examples=examples(300), deadline=None)
@given(
    value=st.one_of(numbers, texts),
    commas=st.booleans(),
    pieces=st.lists(_BARE, max_size=40),
)
def test_the_plain_patterns_match_where_the_linear_ones_do(
    value: str, commas: bool, pieces: list[str]
) -> None:
    # In ASCII bytes without e or E a number's plain pattern (no e-forms, the byte after
    # the literal tested first) and a text value's (ASCII digits only) match at the same
    # places as the linear pattern they stand for.
    pf = _prefilter_of(value, commas)
    if pf is None or pf.plain is None or pf.linear is None:
        return
    raw = "".join(pieces).encode()
    lit = value.encode("utf-8").lstrip(b"-")
    buf = b"\n" + raw[: len(raw) // 2] + lit + raw[len(raw) // 2 :] + b"\n"
    number = pf.plain_absent == b"eE"
    if not buf.isascii() or (number and (b"e" in buf or b"E" in buf)):
        return
    linear = _matches(re.compile(pf.linear), buf)
    plain = _matches(re.compile(pf.plain), buf)
    if number:
        assert plain == linear, (value, buf)
        return
    # A text value's linear pattern stops at a word that starts with a digit (its two
    # forms); the plain one reads every word: no more places, and every place of the
    # automaton pattern (its left edge is one or two bytes before the value).
    assert set(plain) <= set(linear), (value, buf)
    for m in re.finditer(pf.pattern, buf):
        assert {m.start() + 1, m.start() + 2} & set(plain), (value, buf, m)


@settings(max_examples=examples(300), deadline=None)
@given(
    value=st.sampled_from(["0", "-0", "+0.0", "0%", "1", "-7", "25", "acc 7"]),
    commas=st.booleans(),
    pieces=st.lists(st.one_of(_BARE, st.sampled_from(["e", "E", "1e5"])), max_size=60),
    pos=st.integers(min_value=0, max_value=200),
)
def test_the_gated_and_plain_search_finds_the_exact_first_match(
    value: str, commas: bool, pieces: list[str], pos: int
) -> None:
    # Python's re in an ASCII window: zero's gate (a translated byte search) skips only
    # places where no match starts, and the plain pattern serves only bytes without e or
    # E; the first match found is the linear pattern's first match (also with the gate's
    # search bounded before its next place, in a window longer than that bound).
    pf = _prefilter_of(value, commas)
    assert pf is not None and pf.linear is not None
    for repeat in (1, 200):
        buf = b"\n" + "".join(pieces).encode() * repeat + b"\n"
        start = min(pos, len(buf))
        m = re.compile(pf.linear).search(buf, start)
        want = None if m is None else m.start()
        bare = b"e" not in buf and b"E" not in buf
        found = _prefilter.finder(pf, "re").first(buf, start, True, 0, bare)
        assert (None if found is None else found[0]) == want, (value, buf[:80])
        if pf.gate is not None:
            at = pf.gate.skip(buf, start)
            assert want is None or (at is not None and start <= at <= want)


def test_the_zero_gate_is_the_first_byte_of_every_zero_match() -> None:
    # Every ASCII byte before zero's first byte (or its point): wherever the linear
    # pattern matches, the gate's first place is no later than the match.
    value = _parse_value("0")
    assert isinstance(value, NumberValue)
    for commas in (False, True):
        pf = _prefilter.number_prefilter(value, commas)
        assert pf is not None and pf.linear is not None and pf.gate is _linear.ZERO_GATE
        rx = re.compile(pf.linear)
        for a in range(128):
            for b in b"0.":
                buf = b"\n" + bytes([a, b]) + b" \n"
                m = rx.search(buf, 1)
                at = pf.gate.skip(buf, 1)
                assert m is None or (at is not None and at <= m.start()), buf


def test_a_text_context_ends_with_no_byte_of_its_quick_check() -> None:
    # TEXT_NOT_AFTER is tested before the contexts of a text value that starts with a
    # digit: no context may end with one of its bytes (every pair of ASCII bytes).
    quick = re.compile(_linear.TEXT_NOT_AFTER)
    for context in _linear.TEXT_BEFORE:
        rx = re.compile(context)
        for a in range(128):
            for b in range(128):
                if rx.fullmatch(bytes([a, b])) or rx.fullmatch(bytes([b])):
                    assert not quick.fullmatch(bytes([b])), (context, a, b)


@pytest.mark.parametrize("json", [True, False])
def test_without_either_engine_commas_inside_quotes_are_no_candidates(json: bool) -> None:
    # The dense files of the benchmark for the quoted finder: a token next to a comma
    # inside a string or quoted cell is no candidate, one outside is, from every quote
    # state a search may start in.
    line = (
        b'{"step": 10, "loss": 1.5, "lr": 3e-4, "note": "revenue 1,234 USD", "s": "1,5"}\n'
        if json
        else b'10,1.5,0.73,"about 1,234 runs"\n'
    )
    outside = b'{"n": 1,234}\n' if json else b"1,234,x\n"
    for raw in ("234", "1"):
        value = _parse_value(raw)
        assert isinstance(value, NumberValue)
        find = _regions._QuotedFinder(value, json)
        buf = b"\n" + line * 200
        bare = b"e" not in buf
        for start, state in ((0, 0), (buf.index(b'"') + 1, 1)):
            assert find.first(buf, start, True, state, bare) is None, (raw, state)
        hit = find.first(buf + outside, 0, True, 0, bare)
        assert hit is not None and hit[0] <= len(buf) + outside.index(raw.encode()) < hit[1]


@settings(max_examples=examples(500), deadline=None)
@given(
    raw=st.lists(st.sampled_from(['"', '""', ",", "\n", "\r", "a", "1", " "]), max_size=30),
    cut=st.integers(min_value=0, max_value=60),
    inside=st.booleans(),
    opens=st.booleans(),
)
def test_the_csv_state_before_a_token_is_the_quote_machines(
    raw: list[str], cut: int, inside: bool, opens: bool
) -> None:
    # The quoted finder's short step (one or two quotes in C) against the machine, up to
    # a token's first byte (no quote): the same inside flag, and the same state after
    # that byte whatever the second flag says.
    text = "".join(raw).encode()
    lo = min(cut, len(text))
    buf = text + b"1,x"
    hi = len(text)
    got = _quotes.csv_before_token(buf, lo, hi, inside, opens)
    want = _quotes.csv_advance(buf, lo, hi, inside, opens)
    assert got[0] == want[0], (buf, lo, inside, opens)
    assert _quotes.csv_advance(buf, hi, hi + 1, *got) == _quotes.csv_advance(buf, hi, hi + 1, *want)
