"""The byte-level prefilter: fast, and never a different answer.

The fast path may only skip what the exact rules would reject, so every test here
compares it with the exact whole-file scan (``engine="exact"``) on the same file: the
same error, the same hits, at the same line and column. Each installed engine is
compared (hyperscan, RE2, "auto" which picks one of them per window, and Python's ``re``
running the same byte patterns).
"""

from __future__ import annotations

import os
import pathlib
import tempfile
import unicodedata

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from pytest_core_verify.systems.evidence import _prefilter, _regions, _scan, check_claim
from pytest_core_verify.systems.evidence._check import _parse_value
from pytest_core_verify.systems.evidence._numbers import NumberValue
from pytest_core_verify.systems.evidence._scan import FileScan, scan_fd
from pytest_core_verify.systems.evidence._text import TextValue
from tests.helpers import examples

ENGINES = _prefilter.available_engines()
SETTINGS = settings(
    max_examples=int(os.environ.get("EVIDENCE_PREFILTER_EXAMPLES", examples(200))),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)

VALUES = [
    "0", "1", "7", "-7", "73", "73.2", "-0.5", "0.5", "5", "1000", "1,000", "1234.5",
    "73%", "5%", "7.3e1", "100", "0.0", "acc 73", "acc 73.2", "nan", "0 1", "F1 = 0.5",
    "73.", ".5 seeds", "-1 loss", "v1", "resnet50", "fi", "a_b", "x", "10²",
]  # fmt: skip
# Pieces a file is built from: near misses of every rule, look-alikes and producers.
PIECES = [
    " ", " ", "\n", "\t", "0", "1", "5", "7", "3", "2", "10", "73", "1.5", "7.3", ".",
    ",", "-", "+", "e", "E", "e-1", "%", "acc", "nan", "ba", "x", "v", "_", "seeds",
    "loss", "=", "(", ")", "{", "}", "^", "*", "\\%", "\\SI{", "}{\\percent}", "/",
    ":", "'", "\u2019", "\u2212", "\u2010", "\u2013", "\uff0d", "\ufe63", "\uff05",
    "\ufe6a", "\u066a", "\u2030", "\u00b7", "\u066b", "\uff0e", "\u2024", "\u2026",
    "\uff0c", "\u3001", "\u3002", "\u7b2c", "\u7ae0", "\u7cbe", "\u200b", "\u00ad",
    "\u2060", "\u0301", "e\u0301", "\u00e9", "\u202f", "\u00a0", "\u3000", "\U0001d7d5",
    "\U0001d7d1", "\uff17", "\uff13", "\uff41", "\u00b2", "\u2075", "\u2460", "\ufb01",
    "\u212a", "\u00d7", "10^3", "\\times", "\u2153", "\ufeff", "\U000e0001",
    "\u1100\u1161", "0.73", "73.20", "073", "7.30e1", "1e3", "1,000", "1.000,5",
]  # fmt: skip


def _scan_with(path: pathlib.Path, value: str, chunk: int, engine: str) -> FileScan:
    assert isinstance(_parse_value(value), NumberValue | TextValue), value
    return _scan_many(path, [value], chunk, engine)


def _same(path: pathlib.Path, value: object, chunk: int) -> None:
    want = _scan_with(path, value, chunk, "exact")
    for engine in ENGINES:
        got = _scan_with(path, value, chunk, engine)
        assert (got.error, got.hits) == (want.error, want.hits), (engine, value)


@SETTINGS
@given(
    value=st.sampled_from(VALUES),
    pieces=st.lists(st.sampled_from(PIECES), max_size=40),
    at=st.integers(min_value=0, max_value=40),
    chunk=st.sampled_from([1, 3, 8, 64, 4096]),
)
@example(value="0", pieces=["10 "] * 3, at=0, chunk=3)
@example(value="73", pieces=["0.73", "\u3002", "73.2", "\uff05"], at=4, chunk=8)
def test_fast_path_answers_as_the_exact_scan(
    value: str, pieces: list[str], at: int, chunk: int
) -> None:
    # The value itself is put somewhere among the pieces (so hits happen), with random
    # neighbours that may or may not make it a token.
    pieces = [*pieces[:at], value, *pieces[at:]]
    with tempfile.TemporaryDirectory() as tmp:
        path = pathlib.Path(tmp) / "f.txt"
        path.write_bytes("".join(pieces).encode("utf-8", "surrogatepass"))
        _same(path, value, chunk)


@SETTINGS
@given(
    value=st.sampled_from(VALUES),
    line=st.lists(st.sampled_from(PIECES), min_size=1, max_size=12),
    repeat=st.integers(min_value=1, max_value=3000),
    tail=st.lists(st.sampled_from(PIECES), max_size=12),
)
def test_dense_files_answer_as_the_exact_scan(
    value: str, line: list[str], repeat: int, tail: list[str]
) -> None:
    # A line repeated (a dense file, spanning several chunks and regions), then the
    # value with random neighbours: the first hit is the same, wherever it is.
    text = "".join(line) * repeat + " " + value + "".join(tail)
    with tempfile.TemporaryDirectory() as tmp:
        path = pathlib.Path(tmp) / "f.log"
        path.write_text(text, encoding="utf-8")
        _same(path, value, 1 << 12)


def test_each_engine_finds_a_value_in_every_position_of_a_long_file(
    tmp_path: pathlib.Path,
) -> None:
    # Regions and chunk overlaps: the value at offsets around every chunk edge.
    filler = "10 1.5 0.73 \u7b2c73\u7ae0 acc 73.2\uff05 " * 400
    for shift in range(0, 40, 7):
        path = tmp_path / f"f{shift}.txt"
        path.write_text(filler[: 4096 - shift] + " 73 " + filler, encoding="utf-8")
        for chunk in (4096, 4099):
            _same(path, 73, chunk)
            _same(path, "acc 73", chunk)


def test_line_and_column_count_folded_characters(tmp_path: pathlib.Path) -> None:
    # The fast path computes line and column from the file for the hit alone; they
    # count characters of the folded line, as the exact scan does.
    (tmp_path / "f.txt").write_text(
        "\ufeffx\n" + "\ufb01 \u00e9 \u7b2c" * 3000 + " 73 done\n", encoding="utf-8"
    )
    r = check_claim(73, "f.txt", tmp_path)
    assert r["status"] == "verified"
    assert (r["line"], r["column"]) == (2, 3000 * 6 + 2)
    _same(tmp_path / "f.txt", 73, 1 << 12)


def test_a_region_is_read_twice_before_its_hit_is_served(
    tmp_path: pathlib.Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The region a hit came from is read again at the end: when the bytes differ (a
    # concurrent writer), the file is unreadable, never verified.
    if _prefilter.DEFAULT_ENGINE is None:
        pytest.skip("no prefilter engine installed: the exact scan's own second read")
    (tmp_path / "f.txt").write_text("x 73.2 y\n", encoding="utf-8")
    real = _regions._pread
    calls: list[int] = []

    def flaky(fd: int, n: int, offset: int) -> bytes:
        calls.append(offset)
        data = real(fd, n, offset)
        return data.replace(b"73.2", b"73.9") if len(calls) > 1 else data

    monkeypatch.setattr(_regions, "_pread", flaky)  # a region read, and read again
    monkeypatch.setattr(_scan, "_pread", flaky)
    r = check_claim(73.2, "f.txt", tmp_path)
    assert r["status"] == "unreadable" and "changed while read" in r["detail"], r


def test_ascii_next_to_a_mark_composes_only_into_letters_or_symbols() -> None:
    # The prefilter rejects a place because of an ASCII digit, letter, '_', '.', '+',
    # '-' or '%' next to it. That is sound only if folding never turns such a character
    # into something else: only letters (into letters) and <, =, > (into symbols)
    # compose with a following combining mark.
    marks = [chr(c) for c in range(0x300, 0x10000) if unicodedata.category(chr(c))[0] == "M"]
    for a in "0123456789_.+-%ABCXYZabcxyz<=>":
        for m in marks:
            folded = unicodedata.normalize("NFKC", a + m)
            if folded.startswith(a):
                continue
            assert a.isalpha() or a in "<=>", (a, hex(ord(m)), folded)
            assert folded[0].isalpha() or not a.isalpha(), (a, hex(ord(m)), folded)


def test_the_stored_producer_table_is_this_unicode_versions() -> None:
    from pytest_core_verify.systems.evidence import _producers_data

    if unicodedata.unidata_version != _producers_data.UNIDATA_VERSION:
        pytest.skip("another Unicode version: the table is computed at run time")
    assert _prefilter._producer_table() == _prefilter.compute_producer_table()
    assert _prefilter.dashes() == _prefilter.compute_dashes()
    # Spot checks: math digits fold to digits, the ligature to "fi", Kelvin to K.
    assert "\U0001d7d5" in _prefilter.producers("7")
    assert "\ufb01" in _prefilter.producers("f")
    assert "\u212a" in _prefilter.producers("K")
    assert "\u00e9" not in _prefilter.producers("e")  # NFKC keeps the accented letter


def test_a_value_no_token_can_equal_is_never_found(tmp_path: pathlib.Path) -> None:
    (tmp_path / "f.txt").write_text("1" * 300 + "\n", encoding="utf-8")
    assert check_claim("1" * 300, "f.txt", tmp_path)["status"] == "value_not_found"


@pytest.mark.parametrize("engine", [e for e in ENGINES if e != "auto"])
def test_every_engine_reads_the_patterns_alike(engine: str) -> None:
    # The three engines compile the same byte patterns; here each finds the same first
    # match in files where the answer is known.
    value = _parse_value("73")
    assert isinstance(value, NumberValue)
    pf = _prefilter.number_prefilter(value)
    assert pf is not None
    find = _prefilter.finder(pf, engine)
    assert find.first(b"\n10 1.5 0.73 173 73.5 73% 73\xef\xbc\x85\n", 0, False) is None
    hit = find.first(b"\nacc 73 \n", 0, True)
    assert hit is not None and hit[0] <= 5 <= hit[1]
    # A math digit folds to a digit: where one stands, a hit may be (checked exactly).
    made = find.first(b"\nacc 7\xf0\x9d\x9f\x91 \n", 0, False)
    assert made is not None and made[0] <= 5 <= made[1]


@pytest.mark.parametrize("chunk", [1, 2, 3, 4096])
def test_a_mark_after_a_chunk_edge_composes_with_the_letter_before(
    tmp_path: pathlib.Path, chunk: int
) -> None:
    # Found by the comparison above: the exact scan emitted an ASCII chunk whole, so an
    # "e" at its end never composed with the U+0301 that began the next chunk, and the
    # column (and a composed value's match) depended on the chunk size.
    path = tmp_path / "f.txt"
    path.write_text("e\u0301 0 caf\u00e9", encoding="utf-8")
    for engine in ["exact", *ENGINES]:
        hit = _scan_with(path, "0", chunk, engine).hits
        assert [(h.line, h.column) for h in hit.values()] == [(1, 3)], (engine, hit)
        assert _scan_with(path, "\u00e9", chunk, engine).hits, engine


def test_auto_picks_re2_for_small_ascii_windows_and_hyperscan_for_the_rest() -> None:
    big = _prefilter.AUTO_HYPERSCAN_BYTES
    assert _prefilter.engine_for("auto", True, 10 << 20) == "re2"
    assert _prefilter.engine_for("auto", False, 10 << 20) == "hyperscan"
    assert _prefilter.engine_for("auto", True, big) == "hyperscan"
    assert _prefilter.engine_for("re2", False, big) == "re2"
    # A prefilter that follows quotes is RE2's (Hyperscan compiles one slowly), and so
    # is a number's in a file under the threshold (its Hyperscan database takes longer
    # to compile than RE2 takes to scan 10 MB of CJK text).
    assert _prefilter.engine_for("auto", False, big, quoted=True) == "re2"
    assert _prefilter.engine_for("hyperscan", True, 10, quoted=True) == "hyperscan"
    assert _prefilter.engine_for("auto", False, 10 << 20, number=True) == "re2"
    assert _prefilter.engine_for("auto", False, big, number=True) == "hyperscan"


def test_threads_checking_at_once_answer_alike(tmp_path: pathlib.Path) -> None:
    # `core-verify serve` runs checks in worker threads: each thread compiles its own
    # prefilter (a Hyperscan database's scratch space is not to be shared).
    import concurrent.futures

    (tmp_path / "f.txt").write_text(("10 1.5 0.73 " * 20000) + "acc 73 end\n", encoding="utf-8")
    with concurrent.futures.ThreadPoolExecutor(4) as pool:
        results = list(pool.map(lambda _: check_claim(73, "f.txt", tmp_path), range(16)))
    assert {(r["status"], r["line"], r["column"]) for r in results} == {
        ("verified", 1, 20000 * 12 + 5)
    }


# --- Non-ASCII text values, compatibility forms, format characters, JSON and CSV. ------
#
# The fast path covers every value and every kind of file: a non-ASCII value's characters
# stand in the pattern as they are, and every raw character that can take part in making
# one of them in the folded text (the inverse of the fold: a compatibility form, a
# decomposed letter and its mark, a jamo, an astral format character) is a producer,
# so the place where it stands is checked exactly. JSON and CSV number values get the
# quote state at each region's start from the raw bytes.

NON_ASCII_VALUES = [
    "\u7cbe\u5ea6", "pr\u00e9cision", "\u51c6\u786e\u7387\u4e3a73.2", "\u00e9", "caf\u00e9",
    "\uac01", "\uac00", "\u1100", "\u2126", "\u03a9", "a\u200bb", "x\u2060y", "\u00c5",
    "\u7cbe\u5ea6 73", "\u00e9t\u00e9 2", "73\u00b2", "\uff17\uff13", "\u0301", "\u1e69",
    "\u00b7", "\u2014", "r\u00e9sultat: 0.91", "\u5927\u6a21\u578b", "\u00df", "\u0130",
]  # fmt: skip
NON_ASCII_PIECES = [
    "e\u0301", "\u0301", "\u00b4", "\u0323", "s\u0323\u0307", "s\u0307\u0323", "\ufa1d",
    "\u7cbe", "\u5ea6", "\u1100", "\u1161", "\u11a8", "\u1100\u1161", "\uac00", "\uac01",
    "\u3131", "\uffa1", "\u2126", "\u212b", "A\u030a", "\u00c5", "\u200b", "\u2060",
    "\U000e0001", "\U0001d16d", "\u00ad", "\u00e9", "\u00c9", "caf", "pr", "cision",
    "\u51c6\u786e\u7387\u4e3a", "73.2", "\uff05", "\u3002", "\ufb01", "\uff50", "\u2002",
    "\u3000", "\u00df", "ss", "\u1e9e", "I\u0307", "\u0130", "\u00b2", "\u2082", "\uff17",
    "\uff13", "\u00b7", "\u2014", "\u2013", "r\u00e9sultat", ": ", "0.91", "\u5927",
    "\u6a21\u578b", "\u00e9t\u00e9", "\ufe10", "\uff0c", "\u2024",
]  # fmt: skip
# Pieces of JSON and CSV files: quotes, escapes, delimiters, line ends.
STRUCTURE_PIECES = [
    '"', '"', '\\"', "\\\\", "\\", ",", ",", ";", "\t", "|", "\n", "\r\n", "{", "}", "[",
    "]", ": ", '"a": ', '"1,5"', '"x, 1"', "sep=;\n", "sep=,\n", "1,234", "1,5", "1.5",
    "0.91,0.93", '""', "null", "true", "0.12,5", "12345,5", "0.123,5", "73.0,5", "2,25;10,0",
]  # fmt: skip
SUFFIXES = [".txt", ".json", ".jsonl", ".csv", ".tsv"]
ALPHABET = "".join(
    sorted({c for p in NON_ASCII_PIECES + NON_ASCII_VALUES + PIECES for c in p} - {"\ufeff"})
)


def _is_checkable(value: str) -> bool:
    parsed = _parse_value(value)
    return isinstance(parsed, NumberValue | TextValue)


@SETTINGS
@given(
    value=st.sampled_from(NON_ASCII_VALUES + VALUES)
    | st.text(alphabet=ALPHABET, min_size=1, max_size=6).filter(_is_checkable),
    pieces=st.lists(st.sampled_from(NON_ASCII_PIECES + PIECES + STRUCTURE_PIECES), max_size=40),
    at=st.integers(min_value=0, max_value=40),
    suffix=st.sampled_from(SUFFIXES),
    chunk=st.sampled_from([1, 3, 8, 64, 4096]),
)
@example(value="\u00e9", pieces=["caf", "e\u0301", " "], at=3, suffix=".txt", chunk=3)
@example(value="\uac01", pieces=["\uac00", "\u11a8"], at=2, suffix=".txt", chunk=4096)
@example(value="\u7cbe\u5ea6", pieces=["\ufa1d", "\u5ea6"], at=2, suffix=".txt", chunk=8)
@example(value="x\u2060y", pieces=["x", "\U000e0001", "y "], at=3, suffix=".txt", chunk=8)
@example(value="\u2126", pieces=["\u03a9 "], at=1, suffix=".txt", chunk=8)
@example(value="234", pieces=['"revenue 1', ",", '234 USD"'], at=3, suffix=".json", chunk=3)
@example(value="5", pieces=["A;1", ",", "5\n"], at=3, suffix=".csv", chunk=3)
@example(value="5", pieces=["a,b\n", '"x', "\\", '"', ' 1,5"'], at=5, suffix=".json", chunk=3)
def test_every_value_and_kind_of_file_answers_as_the_exact_scan(
    value: str, pieces: list[str], at: int, suffix: str, chunk: int
) -> None:
    # Status and place (line and column) of the fast path equal the exact scan's for
    # non-ASCII values (compatibility forms, decomposed letters, jamo, format
    # characters in the file) and for JSON and CSV files (quotes, escapes, delimiters).
    pieces = [*pieces[:at], value, *pieces[at:]]
    with tempfile.TemporaryDirectory() as tmp:
        path = pathlib.Path(tmp) / f"f{suffix}"
        path.write_text("".join(pieces), encoding="utf-8")
        _same(path, value, chunk)


@SETTINGS
@given(
    value=st.sampled_from(NON_ASCII_VALUES + VALUES),
    line=st.lists(
        st.sampled_from(NON_ASCII_PIECES + PIECES + STRUCTURE_PIECES), min_size=1, max_size=12
    ),
    repeat=st.integers(min_value=1, max_value=3000),
    sep=st.sampled_from([" ", ",", "1,", "0.5,", '",', '"1,', ";", "\n1,", '\\",']),
    tail=st.lists(st.sampled_from(NON_ASCII_PIECES + STRUCTURE_PIECES), max_size=12),
    suffix=st.sampled_from(SUFFIXES),
)
@example(value="5", line=['"', "x" * 40], repeat=101, sep="1,", tail=[], suffix=".csv")
@example(value="5", line=['"', "x" * 40], repeat=101, sep="1,", tail=[], suffix=".json")
def test_dense_files_of_every_kind_answer_as_the_exact_scan(
    value: str, line: list[str], repeat: int, sep: str, tail: list[str], suffix: str
) -> None:
    # Many regions, chunk edges and quote states far from the file's start (a comma
    # right before the value separates or not, as the quotes before it say).
    text = "".join(line) * repeat + sep + value + "".join(tail)
    with tempfile.TemporaryDirectory() as tmp:
        path = pathlib.Path(tmp) / f"f{suffix}"
        path.write_text(text, encoding="utf-8")
        _same(path, value, 1 << 12)


@pytest.mark.parametrize("value", ["\uff17\uff13", "73 x", "x \uff17"])
def test_what_makes_either_form_of_a_digit_is_a_producer_of_a_text_value(
    tmp_path: pathlib.Path, value: str
) -> None:
    # A text value's digit matches both its forms (7 and U+FF17), and U+1D7D5 folds to 7:
    # each engine must check the place where it stands (here the first hit), not only
    # the later one written as the value is.
    made = value.replace("\uff17", "\U0001d7d5").replace("7", "\U0001d7d5")
    path = tmp_path / "f.txt"
    path.write_text(f"{made} {value}\n", encoding="utf-8")
    _same(path, value, 1 << 12)
    assert _scan_with(path, value, 1 << 12, "exact").hits[value].column == 1


def test_the_stored_unicode_data_is_this_unicode_versions() -> None:
    from pytest_core_verify.systems.evidence import _chars, _unicode_data

    if unicodedata.unidata_version != _unicode_data.UNIDATA_VERSION:
        pytest.skip("another Unicode version: the tables are computed at run time")
    assert _prefilter._inverse_table() == _prefilter.compute_inverse_table()
    assert _chars._tables() == _chars.compute_tables()
    # Spot checks: a decomposed letter's mark, a compatibility ideograph, a jamo.
    assert "\u0301" in _prefilter.producers("\u00e9")
    assert "\ufa1d" in _prefilter.producers("\u7cbe")
    assert {"\u11a8", "\uac00"} <= set(_prefilter.producers("\uac01"))
    assert _prefilter.producers("\u00b2") == ""  # kept as it is: only itself


def test_each_way_to_write_a_non_ascii_character_is_a_producer_of_it() -> None:
    # Checked against the fold itself: for every character c of the BMP that the fold
    # keeps, every short raw sequence of a non-ASCII character and a mark whose fold
    # holds c, where c is not written as itself, has a producer of c in it.
    from pytest_core_verify.systems.evidence._chars import fold_file

    marks = ["\u0301", "\u0300", "\u0308", "\u0323", "\u0307", "\u030a", "\u0327", "\u1161"]
    marks += ["\u11a8", "\u3099"]
    bases = [chr(c) for c in range(0x41, 0x7B) if chr(c).isalpha()]
    bases += [chr(c) for c in range(0xC0, 0x250)] + ["\u1100", "\u3131", "\uac00", "\u304b"]
    bases += ["\u03a9", "\u2126", "\u212b", "\u0391", "\u0415", "\u0418"]
    for base in bases:
        for mark in marks:
            for raw in (base + mark, base + mark + mark, base + "\u0323" + mark):
                for c in set(fold_file(raw)):
                    if c.isascii() or c in raw:
                        continue
                    made = set(_prefilter.producers(c))
                    assert made & set(raw), (raw, c, hex(ord(c)))


def test_csv_delimiter_is_decided_on_the_first_line_whatever_the_chunk_size(
    tmp_path: pathlib.Path,
) -> None:
    # Both scans decide a CSV file's delimiter on its first line, read once: a first
    # line longer than a chunk decides as a short one does.
    path = tmp_path / "f.csv"
    path.write_text("a;" * 3000 + "b\n1,5;2\n", encoding="utf-8")
    for chunk in (7, 4096, 1 << 20):
        for engine in ["exact", *ENGINES]:
            assert not _scan_with(path, "5", chunk, engine).hits, (chunk, engine)
    path.write_text("a," * 3000 + "b\n1,5,2\n", encoding="utf-8")
    for chunk in (7, 4096, 1 << 20):
        for engine in ["exact", *ENGINES]:
            hits = _scan_with(path, "5", chunk, engine).hits
            assert [(h.line, h.column) for h in hits.values()] == [(2, 3)], (chunk, engine)


@pytest.mark.parametrize("suffix", [".csv", ".json"])
def test_a_comma_far_inside_quotes_joins_and_one_outside_separates(
    tmp_path: pathlib.Path, suffix: str
) -> None:
    # The region around the hit starts far after the opening quote: its quote state
    # comes from the raw bytes before it (escaped quotes in JSON do not count).
    head = "a,b\n" if suffix == ".csv" else ""
    filler = 'x \\" ' * 2000 if suffix == ".json" else "x " * 3000
    inside = tmp_path / f"in{suffix}"
    inside.write_text(f'{head}"{filler} 1,5"\n', encoding="utf-8")
    outside = tmp_path / f"out{suffix}"
    outside.write_text(f'{head}"{filler}" 1,5\n', encoding="utf-8")
    for engine in ["exact", *ENGINES]:
        assert not _scan_with(inside, "5", 4096, engine).hits, engine
        assert _scan_with(outside, "5", 4096, engine).hits, engine


def _scan_many(path: pathlib.Path, values: list[str], chunk: int, engine: str) -> FileScan:
    parsed = [_parse_value(v) for v in values]
    fd = os.open(path, os.O_RDONLY)
    try:
        return scan_fd(
            fd,
            [p for p in parsed if isinstance(p, NumberValue)],
            [p for p in parsed if isinstance(p, TextValue)],
            suffix=path.suffix,
            max_bytes=1 << 30,
            chunk_size=chunk,
            engine=engine,
        )
    finally:
        os.close(fd)


@SETTINGS
@given(
    values=st.lists(
        st.sampled_from(NON_ASCII_VALUES + VALUES), min_size=1, max_size=10, unique=True
    ),
    pieces=st.lists(st.sampled_from(NON_ASCII_PIECES + PIECES + STRUCTURE_PIECES), max_size=60),
    placed=st.lists(st.integers(min_value=0, max_value=60), max_size=10),
    repeat=st.integers(min_value=1, max_value=400),
    suffix=st.sampled_from(SUFFIXES),
)
def test_a_batch_of_values_answers_as_the_exact_scan(
    values: list[str], pieces: list[str], placed: list[int], repeat: int, suffix: str
) -> None:
    # Many values of one file share one Hyperscan pass that says which of them can
    # match in a window (the others skip it): every value's hit is the exact scan's.
    values = [v for v in values if _is_checkable(v)]
    text = "".join(pieces) * repeat
    for value, at in zip(values, placed, strict=False):
        cut = min(at * 7, len(text))
        text = text[:cut] + " " + value + " " + text[cut:]
    with tempfile.TemporaryDirectory() as tmp:
        path = pathlib.Path(tmp) / f"f{suffix}"
        path.write_text(text, encoding="utf-8")
        want = _scan_many(path, values, 4096, "exact")
        for engine in ENGINES:
            got = _scan_many(path, values, 4096, engine)
            assert (got.error, got.hits) == (want.error, want.hits), engine


COMMA_TEXTS = [
    "0.91,0.93", "1,5", "0.5,3", "12345,5", "1.000,5", "1,000,000", "1,5;2,25;10,0",
    "0.12,5", "0.123,5", "1.5,25", "73.0,5", "x,5", "5,x", "0.5,", ",5", "1,000.5",
    "0.5,-3", "1,05", "0.5,05", "7.25,1000", "3,1000", "0.1234,5",
]  # fmt: skip
COMMA_VALUES = ["5", "0.93", "93", "1", "1000", "0.5", "3", "25", "1.5", "-3", "0.91", "73"]


@pytest.mark.parametrize("suffix", [".txt", ".csv", ".tsv", ".json"])
def test_commas_that_join_or_separate_answer_as_the_exact_scan(
    tmp_path: pathlib.Path, suffix: str
) -> None:
    # Where a comma never separates (prose, a semicolon CSV), the prefilter lets a comma
    # between digits stand only after a possible decimal fraction (0.91,0.93); a JSON
    # or comma-delimited file keeps every comma a possible separator.
    head = "a;b\n" if suffix == ".csv" else ""
    for i, text in enumerate(COMMA_TEXTS):
        path = tmp_path / f"f{i}{suffix}"
        path.write_text(f"{head}x {text} y\n", encoding="utf-8")
        for value in COMMA_VALUES:
            _same(path, value, 4096)


# --- Quotes followed inside the regex (JSON strings, quoted CSV cells). -----------------
#
# In a JSON or comma-delimited CSV file a comma joins digits inside a string or a quoted
# cell (as in prose) and may separate outside. The prefilter walks the quotes from the
# quote state where its search starts (counted by the scan from the raw bytes), so a
# comma inside quotes costs no exact check: these tests compare that walk with the exact
# scan on files built of every quoting construct, with windows and searches starting in
# every state (inside or outside, right after a backslash).

QUOTE_VALUES = ["1", "5", "234", "1,234", "0.5", "3", "-3", "1.5", "0", "73", "12", "5%"]
JSON_PIECES = [
    '"', '"', '"', '\\"', "\\\\", "\\", "\\n", "\\u00e9", ",", ", ", ":", ": ", "{", "}",
    "[", "]", "\n", "\n", " ", "x", "1", "5", "234", "1,5", "1,234", "0.5,3", "12345,5",
    "-3", ",-3", "1.5", ":5", "/", "'", "~", "e", "\u00e9", "\u7cbe", "\uff0c", "%", "null",
    "\U0001d7cf", "\U0001d7d1,234", "\u2024", "1\u2024234", "\uff0e5", "\uff12\uff13\uff14",
]  # fmt: skip
CSV_PIECES = [
    '"', '"', '""', '"', ",", ",", ";", "\t", "|", "\n", "\r\n", " ", "x", "1", "5", "234",
    "1,5", "1,234", "0.5,3", "12345,5", "-3", ",-3", "1.5", ":5", "/", "'", "~", "\\", "e",
    "\u00e9", "\u7cbe", "\uff0c", "%", '"about 1,234 runs"', '"1,5"', "\U0001d7cf",
    "\U0001d7d1,234", "\u2024", "1\u2024234", "\uff0e5", '"\U0001d7cf,234"',
]  # fmt: skip
CSV_HEADS = ["a,b\n", "a,b,c\n", "sep=,\n", "a;b\n", "sep=;\n", "a\tb\n", '"x,y";z\n', ""]


#: How the value is put into the file: bare, or in a string or cell of its own, or in
#: the middle of one, or between separators.
WRAPS = ["{}", " {} ", '"{}"', '" {} "', '"x {} y"', ",{},", '"a\n{} b"', '"{}\\" {}"']


def _quoted_file(
    suffix: str,
    head: str,
    rows: list[list[str]],
    value: str,
    placed: list[int],
    repeat: int,
    wrap: str = "{}",
) -> str:
    body = "".join("".join(row) for row in rows) * repeat
    for at in sorted(placed, reverse=True):
        cut = min(at * 13, len(body))
        body = body[:cut] + wrap.replace("{}", value) + body[cut:]
    return (head if suffix in (".csv", ".tsv") else "") + body


@SETTINGS
@given(
    value=st.sampled_from(QUOTE_VALUES),
    suffix=st.sampled_from([".json", ".jsonl", ".csv", ".tsv"]),
    head=st.sampled_from(CSV_HEADS),
    rows=st.lists(st.lists(st.sampled_from(JSON_PIECES + CSV_PIECES), max_size=10), max_size=8),
    placed=st.lists(st.integers(min_value=0, max_value=400), max_size=4),
    repeat=st.sampled_from([1, 2, 40, 400]),
    chunk=st.sampled_from([3, 64, 4096, 4099]),
    wrap=st.sampled_from(WRAPS),
)
@example(
    value="234", suffix=".jsonl", head="", rows=[['{"a": "x', "\\", '"', " 1,", '"}\n']],
    placed=[0], repeat=400, chunk=4096, wrap="{}",
)  # fmt: skip
@example(
    value="5", suffix=".csv", head="a,b\n", rows=[['"x', "\n", "1,", '"', ",1,"]], placed=[9],
    repeat=300, chunk=4096, wrap="{}",
)  # fmt: skip
@example(
    value="5", suffix=".csv", head="a,b\n", rows=[["1,", '"x,y"', "\n"]], placed=[3],
    repeat=2, chunk=4096, wrap='"x {} y"',
)  # fmt: skip
def test_quotes_of_json_and_csv_files_answer_as_the_exact_scan(
    value: str,
    suffix: str,
    head: str,
    rows: list[list[str]],
    placed: list[int],
    repeat: int,
    chunk: int,
    wrap: str,
) -> None:
    # Strings with escaped quotes and backslashes, commas in and out of them, doubled
    # quotes and multi-line cells in CSV, other delimiters; long files, so windows and
    # searches start far from the file's start in every quote state.
    text = _quoted_file(suffix, head, rows, value, placed, repeat, wrap)
    with tempfile.TemporaryDirectory() as tmp:
        path = pathlib.Path(tmp) / f"f{suffix}"
        path.write_text(text, encoding="utf-8")
        _same(path, value, chunk)


@pytest.mark.parametrize("suffix", [".jsonl", ".csv"])
def test_a_search_may_start_in_any_quote_state(tmp_path: pathlib.Path, suffix: str) -> None:
    # Windows start every 4096 bytes, an overlap before the next chunk; shifting one long
    # line (JSON) or cell (CSV) byte by byte over a whole unit puts the start of the
    # window that holds its end inside a string, outside one, on an escaped byte (an
    # escaped quote) and inside a multi-line cell. The end holds 1,234 outside quotes
    # (234 is there) or inside (it is not); lines without a hit follow, longer than the
    # overlap, so that no later window sees the end again.
    if suffix == ".jsonl":
        unit, head = '"x\\" 1,5 \\\\", 7, ', "["
        ends = ('"1,234"]\n', False), ("1,234]\n", True)
    else:
        unit, head = '"a ""1,5"" b\n1,5 c",1,5\n', "a,b\n"
        ends = ('"1,234"\n', False), ("1,234\n", True)
    for shift in range(len(unit)):
        for end, found in ends:
            path = tmp_path / f"f{shift}{found}{suffix}"
            pad = '\n"x"' * 1000 + "\n"
            path.write_text(head + "x" * shift + unit * 500 + end + pad, encoding="utf-8")
            for chunk in (4096, 4099):
                _same(path, "234", chunk)
                assert bool(_scan_with(path, "234", chunk, "exact").hits) is found


@pytest.mark.parametrize("engine", [e for e in ENGINES if e != "auto"])
def test_commas_inside_quotes_are_no_candidates(engine: str) -> None:
    # The dense files of the benchmark: every line has the value's digits next to a
    # comma inside a string or quoted cell, and no candidate is left for the exact
    # rules (the cost of a candidate is Python work); a token outside is one.
    json_line = (
        b'{"step": 10, "loss": 1.5, "acc": 0.73, "lr": 3e-4, '
        b'"note": "revenue 1,234 USD", "score": "1,5"}\n'
    )
    csv_line = b'10,1.5,0.73,"about 1,234 runs"\n'
    for quoting, line, outside in (
        ("json", json_line, b'{"n": 1,234}\n'),
        ("csv", csv_line, b"1,234,x\n"),
    ):
        for raw in ("234", "1"):
            value = _parse_value(raw)
            assert isinstance(value, NumberValue)
            pf = _prefilter.number_prefilter(value, True, quoting)
            assert pf is not None and pf.starts
            find = _prefilter.finder(pf, engine)
            buf = b"\n" + line * 200
            for state in (0, 1):
                start = 0 if state == 0 else buf.index(b'"') + 1  # inside a string
                assert find.first(buf, start, True, state) is None, (quoting, raw, state)
            hit = find.first(buf + outside, 0, True, 0)
            assert hit is not None and hit[0] <= len(buf) + outside.index(raw.encode()) < hit[1]


@pytest.mark.parametrize("chunk", [1, 2, 3, 4, 4096])
def test_a_byte_that_is_not_utf8_is_reported_where_it_stands(
    tmp_path: pathlib.Path, chunk: int
) -> None:
    # Also when the character it breaks began in the chunk before (the decoder held its
    # first bytes), and when the file ends inside one.
    for raw, offset in ((b"ab\xe4\xb8x 5\n", 2), (b"a 5 \xf0\x9d\x9f", 4), (b"5\xed\xa0\x80", 1)):
        path = tmp_path / "f.txt"
        path.write_bytes(raw)
        for engine in ["exact", *ENGINES]:
            got = _scan_with(path, "5", chunk, engine).error
            assert got == f"is not valid UTF-8 (byte offset {offset})", (raw, engine, got)


@pytest.mark.parametrize(
    ("suffix", "text", "where"),
    [
        (".csv", 'a,b\n"x 5 y",1\n', (2, 4)),
        (".csv", 'a,b\n1,"q\nr",x,"about 5 runs"\n', (3, 13)),
        (".csv", 'a,b\n"1,5",2,"x ""5"" 5 y"\n', (2, 14)),
        (".csv", 'a,b\n"x",5\n', (2, 5)),
        (".jsonl", '{"a": "x 5 y"}\n', (1, 10)),
        (".jsonl", '{"a": "q \\" 1,5", "b": "about 5 runs"}\n', (1, 31)),
        (".jsonl", '{"a": "q", "b": 5}\n', (1, 17)),
        (".jsonl", '{"a": "x 1,5"}\n{"b": "1,5", "c": 5}\n', (2, 19)),
        (".jsonl", '{"a": "x 1,5"}\n[1,5]\n', (2, 4)),
        (".jsonl", '{"a": "x\\" 1,5"}\n' * 3000 + '{"a": "y"}\n[1,5]\n', (3002, 4)),
    ],
)
def test_a_token_inside_quotes_after_others_is_found(
    tmp_path: pathlib.Path, suffix: str, text: str, where: tuple[int, int]
) -> None:
    # The walk passes whole strings and cells, and must still find a token in the
    # middle of a later one (inside quotes the prose rules apply: "1,5" holds no 5), and
    # one outside quotes that only the separator rules allow (1,5 outside holds 5), on
    # any line.
    path = tmp_path / f"f{suffix}"
    path.write_text(text, encoding="utf-8")
    for engine in ["exact", *ENGINES]:
        hits = _scan_with(path, "5", 4096, engine).hits
        assert [(h.line, h.column) for h in hits.values()] == [where], engine
