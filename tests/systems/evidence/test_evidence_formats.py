"""A file is read in its format: escapes and markup are syntax, and unknown markup refuses.

For every format the check reads (HTML and XML entities in any file, JSON string
escapes, TeX in prose files, CSV as Python's ``csv`` reads it), a Hypothesis strategy
writes a number whose digits the format's markup joins to something (a decimal point, a
group space, a sign, a percent, another number) and asserts the claim of its digits
alone is never ``verified``. Each property has a control that does verify, so that a
checker that refuses everything fails it. The named examples are the forms found by
adversarial runs; each stands for its class.
"""

from __future__ import annotations

import csv
import html.entities
import io
import json
import os
import pathlib
import tempfile
from collections.abc import Iterator

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from pytest_core_verify.systems.evidence import _prefilter, check_batch, check_claim
from pytest_core_verify.systems.evidence._markup import COMMANDS
from tests.helpers import examples

SETTINGS = settings(
    max_examples=examples(100), deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
ENGINES = [e for e in _prefilter.available_engines() if e != "auto"] + ["exact"]


@pytest.fixture(scope="module")
def workspace() -> Iterator[pathlib.Path]:
    with tempfile.TemporaryDirectory() as d:
        yield pathlib.Path(d)


def _status(
    workspace: pathlib.Path, text: str, value: object, name: str = "f.txt", engine: str = ""
) -> str:
    root = pathlib.Path(tempfile.mkdtemp(dir=workspace))
    (root / name).write_text(text, encoding="utf-8")
    if not engine:
        return str(check_claim(value, name, root)["status"])
    old = _prefilter.DEFAULT_ENGINE
    _prefilter.DEFAULT_ENGINE = None if engine == "exact" else engine
    try:
        return str(check_claim(value, name, root)["status"])
    finally:
        _prefilter.DEFAULT_ENGINE = old


def _statuses(workspace: pathlib.Path, text: str, value: object, name: str = "f.txt") -> set[str]:
    """The status under every prefilter engine and the exact scan (they must agree)."""
    return {_status(workspace, text, value, name, e) for e in ENGINES}


# --- Named examples: each form read wrongly before, one line per class. -----------------

NOT_VERIFIED = [
    # HTML and XML character references, in any file
    ("x &minus;3.1 y", "3.1", "f.txt"),
    ("x 1&nbsp;234 y", "1", "f.html"),
    ("x 1&nbsp;234 y", "234", "f.md"),
    ("x 2.4&#215;10^3 y", "2.4", "f.txt"),
    ("x 2.4&times;10^3 y", "2.4", "f.html"),
    ("x 66&#37; y", "66", "f.html"),
    ("x 66&#x25; y", "66", "f.html"),
    ("x 0&period;5 y", "5", "f.html"),
    ("x 7&permil; y", "7", "f.html"),
    ("x &unknownentity;5 y", "5", "f.html"),
    ("x 5&unknownentity; y", "5", "f.html"),
    ("x 1<b>5</b> y", "1", "f.html"),
    ("x 1<wbr>000 y", "1", "f.html"),
    # JSON string escapes, read in the raw bytes
    ('{"a": "1\\u002e5"}\n', "1", "f.json"),
    ('{"a": "86\\u0025"}\n', "86", "f.json"),
    ('{"a": "\\u22123.5"}\n', "3.5", "f.json"),
    ('{"a": "1\\u00a0234"}\n', "234", "f.json"),
    ('{"a": "1\\\\,234"}\n', "234", "f.json"),
    ('{"a": "5\\q"}\n', "5", "f.json"),
    # TeX spacing, grouping and commands
    ("x 1\\,234 y", "1", "f.tex"),
    ("x 1\\,234 y", "234", "f.tex"),
    ("x 0{,}5 y", "5", "f.tex"),
    ("x 77{.}6 y", "77", "f.tex"),
    ("x 1\\!234 y", "1", "f.tex"),
    ("x 5\\unknowncommand y", "5", "f.tex"),
    ("x \\unknowncommand5 y", "5", "f.tex"),
    ("x \\SI{1.5}{\\unknownunit} y", "1.5", "f.tex"),
    # power forms: any spacing, markup around the sign, whitespace inside the exponent
    ("1.5\u2009\u00d7\u200910\u00b3", "1.5", "f.txt"),
    ("1.5\u00a0\u00d7\u00a010\u00b3", "1.5", "f.txt"),
    ("1.5   \u00d7   10^3", "1.5", "f.txt"),
    ("1.5\n\\times 10^{3}", "1.5", "f.tex"),
    ("1.5 {\\times} 10^{3}", "1.5", "f.tex"),
    ("1.5 \\times\\! 10^{3}", "1.5", "f.tex"),
    ("1.5 $\\times$ 10^{3}", "1.5", "f.tex"),
    ("x 21^ 3 y", "3", "f.txt"),
    ("x $10^{ 13}$ y", "13", "f.tex"),
    ("x CO<sub> 48 </sub> y", "48", "f.html"),
    ("x 10<sup>\n5 </sup> y", "5", "f.html"),
    ("x 21 ^3 y", "21", "f.txt"),
    # percentages in any spelling, per mille spelled out
    ("x 66 Percent y", "66", "f.txt"),
    ("x 66 PERCENT y", "66", "f.txt"),
    ("x 66 Pct y", "66", "f.txt"),
    ("x 66 per-cent y", "66", "f.txt"),
    ("x 66  % y", "66", "f.txt"),
    ("x 66\n% y", "66", "f.txt"),
    ("x 66\\textpercent y", "66", "f.tex"),
    ("x 66 \\si{\\percent} y", "66", "f.tex"),
    ("x 66 Prozent y", "66", "f.txt"),
    ("x 136 Per Mille y", "136", "f.txt"),
    ("x 136 PROMILLE y", "136", "f.txt"),
    ("x 136 per thousand y", "136", "f.txt"),
    # U+2052 commercial minus
    ("x \u20527 y", "7", "f.txt"),
    # CSV: a quote inside an unquoted field opens no quoted cell
    ('item,qty,price\nmonitor 27",1,080\n', "1080", "f.csv"),
    ('a,b,c\nq"x,1,234\n', "1234", "f.csv"),
]

VERIFIED = [
    ("<td>85</td>", "85", "f.html"),
    ("x 12&amp; y", "12", "f.html"),
    ("x 5&nbsp;kg y", "5", "f.html"),
    ('{"a": "5\\n"}\n', "5", "f.json"),
    ("\\SI{85}{\\percent}", "85%", "f.tex"),
    ("\\SI{1.5}{\\metre}", "1.5", "f.tex"),
    ("\\num{42}", "42", "f.tex"),
    ("x 66 Percent y", "66%", "f.txt"),
    ("x 66\n% y", "66%", "f.txt"),
    ("x \u20527 y", "-7", "f.txt"),
    ("x 5 \\cite{a} y", "5", "f.tex"),
    ('item,qty,price\nmonitor 27",1,080\n', "1", "f.csv"),
    ('a,b\n"x ""1,234"" y",5\n', "1234", "f.csv"),
    ('a,b\n"1,234",5\n', "1,234", "f.csv"),
]


@pytest.mark.parametrize(("text", "value", "name"), NOT_VERIFIED)
def test_a_number_joined_by_the_formats_markup_is_not_verified_alone(
    workspace: pathlib.Path, text: str, value: str, name: str
) -> None:
    assert "verified" not in _statuses(workspace, text, value, name)


@pytest.mark.parametrize(("text", "value", "name"), VERIFIED)
def test_a_number_the_markup_leaves_standing_is_verified(
    workspace: pathlib.Path, text: str, value: str, name: str
) -> None:
    assert _statuses(workspace, text, value, name) == {"verified"}


# --- Properties: per format, a number inside its markup. ------------------------------

#: Characters that, between or beside digits, make them part of another number.
JOINERS = [".", ",", "\u2212", "\u00d7", "\u00a0", "\u2009", "'", "/", ":", "%", "\u2030", "^"]
_BY_CHAR: dict[str, list[str]] = {}
for _name, _char in sorted(html.entities.html5.items()):
    if _name.endswith(";") and len(_char) == 1:
        _BY_CHAR.setdefault(_char, []).append(_name)


@st.composite
def html_reference(draw: st.DrawFn, char: str) -> str:
    """``char`` as an HTML character reference: named (any HTML5 name for it), decimal
    or hexadecimal (any case, leading zeros)."""
    forms = ["dec", "hex"] + (["named"] if char in _BY_CHAR else [])
    form = draw(st.sampled_from(forms))
    zeros = "0" * draw(st.integers(0, 2))
    if form == "named":
        return "&" + draw(st.sampled_from(_BY_CHAR[char]))
    if form == "dec":
        return f"&#{zeros}{ord(char)};"
    x = draw(st.sampled_from("xX"))
    h = f"{ord(char):x}"
    return f"&#{x}{zeros}{draw(st.sampled_from([h, h.upper()]))};"


DIGITS = st.text("123456789", min_size=1, max_size=3)
AROUND = st.sampled_from([("x ", " y"), ("", ""), ("(", ")"), ("acc ", "\n")])


@SETTINGS
@given(
    st.data(),
    DIGITS,
    DIGITS,
    st.sampled_from(JOINERS),
    AROUND,
    st.sampled_from(["f.html", "f.xml", "f.txt", "f.md"]),
)
def test_html_references_joining_digits_never_verify_them_alone(
    workspace: pathlib.Path,
    data: st.DataObject,
    a: str,
    b: str,
    joiner: str,
    around: tuple[str, str],
    name: str,
) -> None:
    assume(a != b)  # b stands alone after a percent sign: a claim of it is right
    ref = data.draw(html_reference(joiner))
    text = f"{around[0]}{a}{ref}{b}{around[1]}"
    # A percent or per-mille sign binds the number before it only.
    for value in (a,) if joiner in "%\u2030" else (a, b):
        assert _status(workspace, text, value, name) != "verified", (text, value)
    # Control: the same digits with a space between stand alone.
    assert _status(workspace, f"{around[0]}{a} {b}{around[1]}", a, name) == "verified"


@SETTINGS
@given(DIGITS, DIGITS, st.sampled_from(JOINERS), st.booleans(), st.booleans())
def test_json_escapes_joining_digits_never_verify_them_alone(
    workspace: pathlib.Path, a: str, b: str, joiner: str, upper: bool, key_side: bool
) -> None:
    assume(a != b)
    h = f"{ord(joiner):04x}"
    escape = "\\u" + (h.upper() if upper else h)
    string = f"{a}{escape}{b}"
    doc = f'{{"note": "{string}", "n": 0}}\n' if key_side else f'["{string}"]\n'
    assert json.loads(doc)  # the file is valid JSON, the string holds a joined number
    for value in (a,) if joiner in "%\u2030" else (a, b):
        assert _status(workspace, doc, value, "f.json") != "verified", (doc, value)
    assert _status(workspace, f'{{"note": "{a} {b}"}}\n', a, "f.json") == "verified"


#: TeX spellings of a joiner between two digits (or of nothing: the digits join).
TEX_JOINS = [
    "\\,",
    "\\;",
    "\\:",
    "\\!",
    "\\-",
    "{,}",
    "{.}",
    "{}",
    "\\thinspace ",
    "\\times",
    "{\\times}",
    "$\\times$",
    "\\cdot",
    "~",
    "{'}",
    "\\textminus ",
]
_TEX_WORDS = [w for w in ("foo", "bar", "frac", "hspace", "kern", "ldots") if w not in COMMANDS]


@SETTINGS
@given(
    DIGITS,
    DIGITS,
    st.one_of(
        st.sampled_from(TEX_JOINS),
        st.sampled_from(_TEX_WORDS).map(lambda w: "\\" + w),
    ),
    AROUND,
    st.sampled_from(["f.tex", "f.md", "f.txt"]),
)
def test_tex_markup_joining_digits_never_verifies_them_alone(
    workspace: pathlib.Path, a: str, b: str, join: str, around: tuple[str, str], name: str
) -> None:
    assume(a != b)
    text = f"{around[0]}{a}{join}{b}{around[1]}"
    for value in (a, b):
        assert _status(workspace, text, value, name) != "verified", (text, value)
    assert _status(workspace, f"{around[0]}{a} {b}{around[1]}", b, name) == "verified"


@SETTINGS
@given(
    DIGITS,
    st.sampled_from(
        [
            "%",
            " %",
            "  %",
            "\n%",
            "\\%",
            "\\,\\%",
            "&#37;",
            "\\textpercent",
            "\\si{\\percent}",
            "\u2030",
            "\\permil",
        ]
        + [
            sep + word
            for word in ("percent", "per cent", "pct", "per mille", "promille")
            for sep in (" ", "  ", "\n")
        ]
    ),
    st.sampled_from([str.lower, str.upper, str.title]),
    st.sampled_from(["f.txt", "f.tex", "f.md", "f.html"]),
)
def test_a_percentage_in_any_spelling_is_not_its_bare_number(
    workspace: pathlib.Path, digits: str, sign: str, case: object, name: str
) -> None:
    assert callable(case)
    spelled = sign if "\\" in sign or "&" in sign else case(sign)
    text = f"score {digits}{spelled} on test\n"
    assert _status(workspace, text, digits, name) != "verified", text


@SETTINGS
@given(
    st.text(st.sampled_from('ab 7"'), min_size=1, max_size=6),
    st.text("123456789", min_size=1, max_size=3),
    st.text("0123456789", min_size=3, max_size=3),
    st.integers(0, 2),
)
def test_csv_numbers_are_the_cells_pythons_csv_reads(
    workspace: pathlib.Path, head: str, a: str, b: str, extra: int
) -> None:
    # A row whose first field may hold quotes: the number a comma-joined reading of the
    # next two cells would make is verified only if csv reads those digits as one cell.
    assume(not head.startswith('"'))
    row = f"{head},{a},{b}" + ",z" * extra
    text = f"item,qty,price\n{row}\n"
    cells = [c for r in csv.reader(io.StringIO(text)) for c in r]
    joined = f"{a},{b}"
    status = _status(workspace, text, a + b, "f.csv")
    if joined not in " ".join(cells):
        assert status != "verified", (text, cells)
    # Control: the cell a is there on its own.
    if a in cells:
        assert _status(workspace, text, a, "f.csv") == "verified", (text, cells)


# --- Paths as the operating system resolves them. ------------------------------------


def test_dotdot_after_a_symlink_is_resolved_from_the_links_target(tmp_path: pathlib.Path) -> None:
    (tmp_path / "dd" / "a").mkdir(parents=True)
    (tmp_path / "dd" / "b" / "sub").mkdir(parents=True)
    (tmp_path / "dd" / "a" / "x.txt").write_text("value 11\n", encoding="utf-8")
    (tmp_path / "dd" / "b" / "x.txt").write_text("value 22\n", encoding="utf-8")
    os.symlink("../b/sub", tmp_path / "dd" / "a" / "link")
    source = "dd/a/link/../x.txt"
    assert (tmp_path / source).read_text(encoding="utf-8") == "value 22\n"  # as the OS reads it
    assert check_claim("11", source, tmp_path)["status"] == "value_not_found"
    assert check_claim("22", source, tmp_path)["status"] == "verified"
    # A symlink to a directory outside root, then '..': outside root, never a decoy inside.
    (tmp_path / "root").mkdir()
    (tmp_path / "root" / "x.txt").write_text("value 33\n", encoding="utf-8")
    (tmp_path / "out" / "deep").mkdir(parents=True)
    os.symlink("../out/deep", tmp_path / "root" / "away")
    assert check_claim("33", "away/../x.txt", tmp_path / "root")["status"] == "outside_root"
    # The same path spelled with './' and '//' is the same file.
    assert check_claim("22", "./dd//a/link/../x.txt", tmp_path)["status"] == "verified"


def test_whitespace_in_a_source_is_part_of_the_name(tmp_path: pathlib.Path) -> None:
    (tmp_path / "b.txt").write_text("value 1\n", encoding="utf-8")
    (tmp_path / "b.txt ").write_text("value 2\n", encoding="utf-8")
    (tmp_path / "r.json").write_text('{"f1": 0.5, "f1 ": 0.7}', encoding="utf-8")
    assert check_claim("1", "b.txt ", tmp_path)["status"] == "value_not_found"
    assert check_claim("2", "b.txt ", tmp_path)["status"] == "verified"
    assert check_claim("1", " b.txt", tmp_path)["status"] == "path_missing"
    assert check_claim(0.5, "r.json#/f1 ", tmp_path)["status"] == "value_not_found"
    assert check_claim(0.7, "r.json#/f1 ", tmp_path)["status"] == "verified"


# --- Crashes: every claim gets a status, a batch never dies for one claim. -------------


def test_a_long_text_value_in_a_non_ascii_file_gets_a_status(tmp_path: pathlib.Path) -> None:
    words = " ".join(f"w{i}" for i in range(700))
    (tmp_path / "f.txt").write_text(f"h\u00e9llo {words} end\n", encoding="utf-8")
    out = check_batch(
        [{"value": words, "source": "f.txt"}, {"value": words + " x", "source": "f.txt"}],
        tmp_path,
    )
    assert [r["status"] for r in out["results"]] == ["verified", "value_not_found"]


@pytest.mark.parametrize("surrogate", ["\ud800", "\udfff", "\udbff\udc00x"])
def test_a_lone_surrogate_in_a_source_is_unparseable_and_the_batch_goes_on(
    tmp_path: pathlib.Path, surrogate: str
) -> None:
    (tmp_path / "f.txt").write_text("value 5\n", encoding="utf-8")
    out = check_batch(
        [{"value": "5", "source": f"f{surrogate}.txt"}, {"value": "5", "source": "f.txt"}],
        tmp_path,
    )
    first, second = out["results"]
    assert first["status"] == "unparseable" and "surrogate" in first["detail"]
    assert second["status"] == "verified"


def _csv_reference(text: str, inside: bool = False, opens: bool = True) -> tuple[bool, bool]:
    """Python's csv reader's states, one character at a time: (inside a quoted cell, a
    quote here would open one)."""
    for ch in text:
        if inside:
            if ch == '"':
                inside, opens = False, True
        elif ch == '"':
            inside, opens = opens, False
        else:
            opens = ch in ",\r\n"
    return inside, opens


@SETTINGS
@given(st.text(st.sampled_from('a1,"\n\r'), max_size=30), st.lists(st.integers(0, 30), max_size=4))
def test_the_csv_quote_walk_agrees_with_a_char_by_char_reader_wherever_it_is_cut(
    text: str, cuts: list[int]
) -> None:
    from pytest_core_verify.systems.evidence._quotes import csv_advance

    state, prev = (False, True), 0
    for cut in [*sorted(min(c, len(text)) for c in cuts), len(text)]:
        state = csv_advance(text, prev, cut, *state)
        prev = cut
    assert state == _csv_reference(text)
    assert csv_advance(text.encode(), 0, len(text), False, True) == state


_CSV_ENGINES = [
    pytest.param(name, marks=pytest.mark.skipif(mod is None, reason=f"{name} is not installed"))
    for name, mod in (("hyperscan", _prefilter._hs), ("re2", _prefilter._re2))
]


@pytest.mark.parametrize("engine", _CSV_ENGINES)
@settings(max_examples=examples(300), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.binary(max_size=300).map(lambda b: bytes(b'a",\r\n\xe4 ""'[x % 9] for x in b)),
    st.integers(0, 300),
    st.integers(0, 300),
    st.sampled_from([(False, True), (False, False), (True, False)]),
)
def test_the_csv_automaton_reaches_the_state_the_quote_steps_reach(
    engine: str, raw: bytes, a: int, b: int, start: tuple[bool, bool]
) -> None:
    # A long range is read by an automaton (fields and cells as units), a short one
    # quote by quote: with either engine, from every start state, over every cut of the
    # bytes, the two agree (and agree with a reader that takes one character at a time).
    from pytest_core_verify.systems.evidence._quotes import _csv_advance_fast, _csv_advance_steps

    lo, hi = sorted((min(a, len(raw)), min(b, len(raw))))
    want = _csv_advance_steps(raw, lo, hi, *start)
    assert want == _csv_reference(raw[lo:hi].decode("latin-1"), *start)
    saved = _prefilter._hs, _prefilter._re2
    _prefilter._hs = saved[0] if engine == "hyperscan" else None
    _prefilter._re2 = saved[1] if engine == "re2" else None
    try:
        assert _csv_advance_fast(raw, lo, hi, *start) == want
    finally:
        _prefilter._hs, _prefilter._re2 = saved
