"""The false-"verified" classes of the false-verified classes, each generated many ways by Hypothesis.

Most properties build a file around a value so that the value is *not* a whole token
there, and assert that the check never says ``verified``; each also checks a control
(the whole token does verify), so that a checker that refuses everything fails them.
"""

from __future__ import annotations

import json
import pathlib
import tempfile
import unicodedata
from collections.abc import Iterator

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from pytest_core_verify.systems.evidence import check_claim
from pytest_core_verify.systems.evidence._chars import fold_value
from pytest_core_verify.systems.evidence._check import _parse_value
from pytest_core_verify.systems.evidence._numbers import _VALUE_RX, NumberValue
from tests.helpers import examples

SETTINGS = settings(
    max_examples=examples(200), deadline=None, suppress_health_check=[HealthCheck.too_slow]
)

MINUSES = ["-", "\u2212", "\uff0d", "\ufe63", "\u2010", "\u2011", "\u2013", "\u2014"]
SIGNS = ["", "+", "\u00b1", *MINUSES]
GROUPERS = [",", ".", "'", "\u2019", "\u202f", "\u00a0", "\u2009", "\u066c", "\uff0c", "_"]
DECIMALS = [".", ",", "\u00b7", "\u066b", "\u2024", "\uff0e", "\ufe52"]
FORMATS = ["\u200b", "\u00ad", "\u2060", "\u200d", "\u200c", "\ufeff", "\u2063"]
EXPONENTS = ["e-3", "E+2", "e5", "\u207b\u00b3", "\u00b2", "\u2075", "^3", "^{3}", "**3"]
PERCENTS = ["%", "\uff05", "\u066a", "\ufe6a", "\u2030", "\u2031", " %", "\\%", "\\,\\%", "{\\%}"]
PREFIXES = ["acc ", "F1 = ", "\u7cbe\u5ea6\u4e3a", "(", "score: ", "| ", "$", ""]
SUFFIXES = [" on test", "\u3002", ")", " runs", " |", "$", "", "\n"]
NAMES = ["f.txt", "f.md", "f.tex", "f.log"]
DIGITS = st.text("0123456789", min_size=1, max_size=4)


@pytest.fixture(scope="module")
def workspace() -> Iterator[pathlib.Path]:
    with tempfile.TemporaryDirectory() as d:
        yield pathlib.Path(d)


def _status(workspace: pathlib.Path, text: str, value: object, name: str = "f.txt") -> str:
    root = pathlib.Path(tempfile.mkdtemp(dir=workspace))
    (root / name).write_text(text, encoding="utf-8")
    return str(check_claim(value, name, root)["status"])


@st.composite
def tokens(draw: st.DrawFn) -> str:
    """One number token as people write it, joined by any script's joiners: a sign,
    grouped digits, a decimal part, an exponent, a percent, format characters inside."""
    out = draw(st.sampled_from(SIGNS)) + draw(DIGITS)
    if draw(st.booleans()):
        out += draw(st.sampled_from(GROUPERS)) + draw(st.text("0123456789", min_size=3, max_size=3))
    if draw(st.booleans()):
        out += draw(st.sampled_from(DECIMALS)) + draw(DIGITS)
    if draw(st.booleans()):
        out += draw(st.sampled_from(EXPONENTS))
    if draw(st.booleans()):
        out += draw(st.sampled_from(PERCENTS))
    if draw(st.booleans()):
        digits = [i for i in range(1, len(out)) if out[i - 1].isdigit() and out[i].isdigit()]
        if digits:
            i = draw(st.sampled_from(digits))
            out = out[:i] + draw(st.sampled_from(FORMATS)) + out[i:]
    return out


@SETTINGS
@given(
    token=tokens(),
    prefix=st.sampled_from(PREFIXES),
    suffix=st.sampled_from(SUFFIXES),
    name=st.sampled_from(NAMES),
    data=st.data(),
)
def test_a_value_cut_out_of_a_token_is_never_verified(
    workspace: pathlib.Path, token: str, prefix: str, suffix: str, name: str, data: st.DataObject
) -> None:
    """Classes 1, 3, 4, 5, 7: the value starts or ends strictly inside one token."""
    text = f"intro line\n{prefix}{token}{suffix}\nlast line\n"
    t0 = text.index(token)
    t1 = t0 + len(token)
    i = data.draw(st.integers(t0 - len(prefix), t1 - 1), label="start")
    j = data.draw(st.integers(i + 1, t1 + len(suffix)), label="end")
    assume(t0 < i < t1 or t0 < j < t1)  # at least one edge strictly inside the token
    value = text[i:j]
    assume(value == value.strip() and any(c.isdigit() for c in value))
    for edge in (i, j):
        if t0 < edge < t1:  # the edge cuts the token, not a space inside it (73 %)
            assume(not text[edge - 1].isspace() and not text[edge].isspace())
    # Dropping a plus sign or leading zeros, or trailing zeros of a fraction, leaves
    # the same number: that is the token, not a cut of it.
    assume(not (i > t0 and j >= t1 and set(text[t0:i]) <= set("+0")))
    # A zero has no sign: -0 is 0 (numbers compare by value), so "0" there is the token.
    # (The exponent's digits do not count: +0e-3 is a zero.)
    mantissa = text[t0:t1].replace("E", "e").split("e", 1)[0]
    zero = not any(c in "123456789" for c in mantissa)
    signs = set(unicodedata.normalize("NFKC", text[t0:i]))
    assume(not (zero and i > t0 and j >= t1 and signs <= set("+0-\u2212\u2010")))
    # Nor an exponent or a group: +0e-3 and +0,000.0% are zero, so "+0" or "000.0%" cut
    # from them is that number (numbers compare by value), not a part of another.
    assume(not (zero and not any(c in "123456789" for c in value)))
    fractional = any(d in value for d in DECIMALS)
    assume(not (j < t1 and i <= t0 and fractional and set(text[j:t1]) <= set("0")))
    assume(text.count(value) == 1)
    assert _status(workspace, text, value, name) != "verified", (text, value)
    # Control: the whole token, in its context, is there.
    whole = text[t0 - len(prefix) : t1 + len(suffix)].strip()
    assert _status(workspace, text, whole, name) == "verified", (text, whole)


@SETTINGS
@given(
    whole=st.text("0123456789", min_size=1, max_size=3),
    group=st.text("0123456789", min_size=3, max_size=3),
    joiner=st.sampled_from([*GROUPERS, *DECIMALS, ":", "/", "-", "\u2013", "~", "^", "\u00d7"]),
    side=st.booleans(),
    prefix=st.sampled_from(PREFIXES),
    suffix=st.sampled_from(SUFFIXES),
)
def test_a_number_inside_a_larger_number_is_never_verified(
    workspace: pathlib.Path,
    whole: str,
    group: str,
    joiner: str,
    side: bool,
    prefix: str,
    suffix: str,
) -> None:
    """Classes 3 and 5: any script's decimal point or digit grouping joins digits."""
    if joiner == "\u00d7":
        text = (
            f"{prefix}{whole}{joiner}10^{group}{suffix}"  # 1.5 x 10^3 with the multiplication sign
        )
        value: object = whole
    else:
        text = f"{prefix}{whole}{joiner}{group}{suffix}"
        value = group if side else whole
        point = unicodedata.normalize("NFKC", joiner) == "."
        assume(side or not point or set(group) != {"0"})  # 1.000 is 1, written so
        assume(set(whole + group) != {"0"})  # 0,000 is 0 either way
    assume(text.count(str(value)) == 1)
    assert _status(workspace, text, value) != "verified", (text, value)
    assert _status(workspace, text, int(str(value))) != "verified", (text, value)


@SETTINGS
@given(
    number=st.text("0123456789", min_size=1, max_size=4).filter(lambda s: s[0] != "0"),
    sign=st.sampled_from([*MINUSES[1:], "\u00b1"]),
    percent=st.sampled_from(PERCENTS),
    name=st.sampled_from(NAMES),
)
def test_signs_and_percents_of_any_script_count(
    workspace: pathlib.Path, number: str, sign: str, percent: str, name: str
) -> None:
    """Class 3 and 4: a minus or percent in any script or markup is not absent."""
    assert _status(workspace, f"delta {sign}{number} here", int(number), name) != "verified"
    assert _status(workspace, f"acc {number}{percent} here", int(number), name) != "verified"
    assert _status(workspace, f"acc \\SI{{{number}}}{{\\percent}}", int(number), name) != (
        "verified"
    )
    is_percent = unicodedata.normalize("NFKC", percent).strip(" \\,{}") in ("%", "\u066a")
    expected = "verified" if is_percent else "value_not_found"
    assert _status(workspace, f"acc {number}{percent} here", f"{number}%", name) == expected


@SETTINGS
@given(
    digits=st.text("0123456789", min_size=2, max_size=5),
    form=st.sampled_from(["super", "sub", "circle"]),
    at=st.integers(0, 4),
    words=st.sampled_from([("", ""), ("items ", ""), ("", " trials"), ("n = ", " runs")]),
)
def test_nfkc_never_folds_a_number_into_another(
    workspace: pathlib.Path, digits: str, form: str, at: int, words: tuple[str, str]
) -> None:
    """Class 8: superscripts, subscripts and enclosed digits are not plain digits."""
    table = {
        "super": "\u2070\u00b9\u00b2\u00b3\u2074\u2075\u2076\u2077\u2078\u2079",
        "sub": "".join(chr(0x2080 + i) for i in range(10)),
        "circle": "\u24ea" + "".join(chr(0x2460 + i) for i in range(9)),
    }[form]
    k = 1 + at % (len(digits) - 1)  # at least one plain digit, at least one changed
    written = digits[:k] + "".join(table[int(d)] for d in digits[k:])
    before, after = words
    text = f"{before}{written}{after}\n"
    plain = f"{before}{digits}{after}".strip()
    assert unicodedata.normalize("NFKC", written) == digits  # what NFKC would make of it
    assert _status(workspace, text, plain) != "verified", (text, plain)
    assert _status(workspace, text, int(digits)) != "verified", (text, digits)
    assert _status(workspace, text, int(digits[:k])) != "verified", (text, digits[:k])
    assert _status(workspace, text, f"{before}{written}{after}".strip()) == "verified"


@SETTINGS
@given(
    left=st.sampled_from(["1", "ba", "x", "12", "\u00e9", "7"]),
    core=st.sampled_from(["73.2", "nan", "3 seeds", "0.5", "acc"]),
    right=st.sampled_from(["", "a", "5", "9 x", "\u00e9"]),
    fmt=st.sampled_from(FORMATS),
    where=st.sampled_from(["left", "right", "both"]),
)
def test_format_characters_join(
    workspace: pathlib.Path, left: str, core: str, right: str, fmt: str, where: str
) -> None:
    """Class 7: a format character (Cf) between two characters joins them."""
    lf = fmt if where in ("left", "both") else " "
    rf = fmt if where in ("right", "both") and right else ""
    text = f"start {left}{lf}{core}{rf}{right} end\n"
    assume(text.count(core) == 1)
    if where == "right" and not right:
        return
    assert _status(workspace, text, core) != "verified", (text, core)


@SETTINGS
@given(
    a=st.text("0123456789", min_size=1, max_size=3).filter(lambda s: s[0] != "0"),
    b=st.text("0123456789", min_size=1, max_size=3),
    words=st.sampled_from([("revenue ", " USD"), ("score ", ""), ("about ", " runs")]),
    container=st.sampled_from(["json", "jsonl", "csv-quoted", "csv-semicolon", "csv-tab"]),
)
def test_commas_inside_strings_and_cells_do_not_separate(
    workspace: pathlib.Path, a: str, b: str, words: tuple[str, str], container: str
) -> None:
    """Class 6: the comma rule of JSON and CSV applies at field boundaries only, and
    only when the comma is the file's delimiter."""
    cell = f"{words[0]}{a},{b}{words[1]}"
    if container == "json":
        name, text = "f.json", json.dumps({"note": cell, "ok": True}, ensure_ascii=False)
    elif container == "jsonl":
        name, text = "f.jsonl", json.dumps({"note": cell}) + "\n" + json.dumps({"x": 1}) + "\n"
    elif container == "csv-quoted":
        name, text = "f.csv", f'id,note\nr1,"{cell}"\n'
    elif container == "csv-semicolon":
        name, text = "f.csv", f"id;note\nr1;{cell}\n"
    else:
        name, text = "f.csv", f"id\tnote\nr1\t{cell}\n"
    for value in (a, b):
        # The number claimed is int(value) ("01" claims 1, which {"x": 1} may hold).
        if text.count(str(int(value))) == 1:
            assert _status(workspace, text, int(value), name) != "verified", (text, value)
    # Control: a comma between unquoted cells of a comma-delimited file does separate.
    control = f"id,x,y\nr1,{a},{b}\n"
    assert _status(workspace, control, int(b), "g.csv") == "verified", control


@SETTINGS
@given(
    stem=st.sampled_from(["a", "what", "run", "x"]),
    pattern=st.sampled_from(["[1]", "?", "*", "[!b]", "[a-z]"]),
    fill=st.sampled_from(["1", "X", "b0", "z"]),
)
def test_an_existing_literal_name_wins_over_a_glob(
    workspace: pathlib.Path, stem: str, pattern: str, fill: str
) -> None:
    """Class 2: the cited file exists literally; a file the pattern would match holds the
    value; the claim is checked against the literal file only."""
    root = pathlib.Path(tempfile.mkdtemp(dir=workspace))
    (root / "p").mkdir()
    literal = f"p/{stem}{pattern}.txt"
    (root / literal).write_text("nothing to see\n", encoding="utf-8")
    (root / f"p/{stem}{fill}.txt").write_text("value 8675.309 here\n", encoding="utf-8")
    r = check_claim(8675.309, literal, root)
    assert (r["status"], r["file"]) == ("value_not_found", literal), r
    (root / literal).unlink()
    r = check_claim(8675.309, literal, root)  # now it is a pattern, and says what matched
    if r["status"] == "verified":
        assert r["file"] == f"p/{stem}{fill}.txt", r


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("acc (0\\,\\% on test\n", "(0\\"),
        ("acc 73\\% on test\n", "acc 73\\"),
        ("x 5\\percent y\n", "5\\"),
        ("x 5\\\\ y\n", "x 5\\"),
    ],
)
def test_a_value_ending_in_a_backslash_does_not_cut_a_latex_escape(
    workspace: pathlib.Path, text: str, value: str
) -> None:
    # Found by test_a_value_cut_out_of_a_token_is_never_verified: "(0\" was verified in
    # "(0\,\%" (0 percent with a LaTeX thin space). A backslash escapes what follows it.
    assert _status(workspace, text, value) != "verified"
    # Control: with whitespace and a word after the backslash, the value is there.
    spaced = f"x {value} y\n"
    assert _status(workspace, spaced, value) == "verified", spaced


MARKUP_POWERS = [
    "{b}<sup>{e}</sup>",
    "{b}<SUP>{e}</SUP>",
    '{b}<sup class="exp">{e}</sup>',
    "{b}\\textsuperscript{{{e}}}",
    "{b}^({e})",
    "{b}**{e}",
    "{m}\u00d7{b}<sup>{e}</sup>",
    "{m} \\times {b}\\textsuperscript{{{e}}}",
    "{m}x{b}<sup>{e}</sup>",
    "H<sub>{e}</sub>O",
    "x\\textsubscript{{{e}}}",
    "x_({e})",
]


@SETTINGS
@given(
    form=st.sampled_from(MARKUP_POWERS),
    base=st.sampled_from(["10", "2", "e", "7"]),
    exponent=st.sampled_from(["", "-", "+", "\u2212"]).flatmap(
        lambda sign: DIGITS.map(lambda d: sign + d)
    ),
    mantissa=st.sampled_from(["1.5", "3", "6.02", "0.5"]),
    prefix=st.sampled_from(PREFIXES),
    suffix=st.sampled_from(SUFFIXES),
    name=st.sampled_from(NAMES),
)
def test_markup_superscripts_and_subscripts_hold_none_of_their_numbers(
    workspace: pathlib.Path,
    form: str,
    base: str,
    exponent: str,
    mantissa: str,
    prefix: str,
    suffix: str,
    name: str,
) -> None:
    """Found hunting past class 4 (Hypothesis, values cut out of tokens): HTML and
    LaTeX superscripts were read as plain numbers, so 10 and 5 were verified against
    "10<sup>5</sup>", 1.5 and 3 against "1.5 times 10<sup>3</sup>", -3 against "10^(-3)" and
    10 against "10**-3". A power written in markup holds none of its parts, like
    10⁻³ and 10^{-3}; a subscript in markup is no number either (H<sub>2</sub>O)."""
    if "{m}" in form:
        base = "10"  # a mantissa times a power of ten (2 cubed is a factor of its own)
    power = form.format(b=base, e=exponent, m=mantissa)
    text = f"intro line\n{prefix}{power}{suffix}\nlast line\n"
    parts = {base, exponent, exponent.lstrip("+-\u2212"), mantissa} if "{m}" in form else set()
    parts |= {exponent, exponent.lstrip("+-\u2212")}
    if "{b}" in form:
        parts.add(base)
    for part in sorted(parts):
        if not any(c.isdigit() for c in part) or text.count(part) > 1:
            continue
        assert _status(workspace, text, part, name) != "verified", (text, part)
    # Control: the power itself, as text, is there.
    assert _status(workspace, text, power, name) == "verified", (text, power)


# Pieces of a word token: letters of several scripts, compatibility forms that fold to
# letters or digits, decomposed letters and lone marks, format characters, digits of
# several scripts, superscripts, subscripts and enclosed digits, jamo and syllables.
WORD_PIECES = [
    "a", "b", "e", "f", "i", "l", "n", "x", "z", "A", "K", "\u00e9", "\u00ef", "\u00df",
    "\u0130", "\u0131", "\ufb01", "\ufb00", "\uff45", "\U0001d41e", "\u212f", "\u212a",
    "\u212b", "e\u0301", "\u0301", "\u0308", "\u200b", "\u00ad", "\u2060", "\u200d", "0",
    "1", "5", "7", "3", "\u00b2", "\u2082", "\u2460", "\u00bd", "\u0663", "\u096d", "\u01c6",
    "\u01c4", "\u01c5", "\u2126", "\u03a9", "\u0439", "\u0438\u0306", "\u03b1", "\u03ac",
    "\u1fb3", "\uac00", "\uac01", "\u1100", "\u1161", "\u11a8", "\u3131", "_", "\U000e0001",
    "\ufe0f", "\u0345", "\u0149", "\ufb05", "\u216b", "\u217b", "\u338f", "\u2122", "\u2116",
]  # fmt: skip
WORD_EDGES = [
    " ", "\n", "\t", "\u3000", "\u00a0", ",", ".", ";", "(", ")", "\u3002", "\u300c",
    "\u300d", " - ", "/", "'", '"', "\u7cbe\u5ea6", "", "$", "{", "}", "~", "-",
]  # fmt: skip


@SETTINGS
@given(
    word=st.lists(st.sampled_from(WORD_PIECES), min_size=2, max_size=6),
    left=st.sampled_from(WORD_EDGES),
    right=st.sampled_from(WORD_EDGES),
    name=st.sampled_from([*NAMES, "f.json", "f.csv"]),
    data=st.data(),
)
def test_a_value_cut_out_of_a_word_is_never_verified(
    workspace: pathlib.Path,
    word: list[str],
    left: str,
    right: str,
    name: str,
    data: st.DataObject,
) -> None:
    """The hunt for the next class: a word of any script (compatibility forms, marks,
    format characters, digits of other scripts, jamo) with a value cut out of it at a
    piece boundary, so that at least one of the value's edges falls strictly inside the
    word. It is never verified: the value is part of a larger token."""
    token = "".join(word)
    text = f"intro\nsee {left}{token}{right} here\nend\n"
    t0 = text.index(token)
    t1 = t0 + len(token)
    bounds = [t0]
    for piece in word:
        bounds.append(bounds[-1] + len(piece))
    starts = [*bounds[:-1], *([t0 - len(left)] if left else [])]
    i = data.draw(st.sampled_from(starts), label="start")
    j = data.draw(st.sampled_from([b for b in [*bounds[1:], t1 + len(right)] if b > i]))
    assume(t0 < i < t1 or t0 < j < t1)
    value = text[i:j]
    assume(value.strip() == value and fold_value(value) != fold_value(token))
    # The same number written otherwise (00 for 0) is the token, not a cut of it.
    pv, pt = _parse_value(value), _parse_value(token)
    assume(not (isinstance(pv, NumberValue) and isinstance(pt, NumberValue) and pv == pt))
    assume(text.count(value) == 1 and fold_value(value))
    assert _status(workspace, text, value, name) != "verified", (text, value)


#: Every space of Unicode but the ASCII and the ideographic one: between two digits each
#: groups them (a typesetter's thin, hair, en or em space), taken from the database so
#: that a space the rules forgot fails here.
UNICODE_SPACES = sorted(
    c for c in map(chr, range(0x10000)) if unicodedata.category(c) == "Zs" and c not in " \u3000"
)
#: Apostrophes, accents and primes that stand for a group separator, the other commas
#: and dots of any script, and the signs of a product or a quotient.
TYPOGRAPHY_JOINERS = [
    *"`\u00b4\u2032\u2033\u2035\u201a\u201b\u02bb\u02bd\u02c8",
    *"\u060c\u2e31\u2e32\u2e33\u2e34\u2e41\u30fb\uff65\u2219\u22c5",
    *"*\u00d7\u00f7\u2217\u2715\u2a2f\u29f8",
]


@SETTINGS
@given(
    left=st.text("0123456789", min_size=1, max_size=4),
    right=st.text("0123456789", min_size=1, max_size=4),
    joiner=st.sampled_from(UNICODE_SPACES + TYPOGRAPHY_JOINERS),
    side=st.booleans(),
    prefix=st.sampled_from(PREFIXES),
    suffix=st.sampled_from(SUFFIXES),
    name=st.sampled_from(NAMES),
)
def test_any_space_group_mark_or_product_sign_between_digits_joins(
    workspace: pathlib.Path,
    left: str,
    right: str,
    joiner: str,
    side: bool,
    prefix: str,
    suffix: str,
    name: str,
) -> None:
    """Found beyond the issue's list: 1, U+00B4, 000 (a Swiss keyboard's acute accent),
    2 048 with a hair or en space, a prime, a times or division sign, 64*4, a katakana
    middle dot for a decimal point. Neither side of such a pair is a number of
    its own, as text or as a number; with an ASCII space between them, each is."""
    text = f"{prefix}{left}{joiner}{right}{suffix}"
    value = right if side else left
    assume(text.count(value) == 1)
    assert _status(workspace, text, value, name) != "verified", (text, value)
    assert _status(workspace, text, int(value), name) != "verified", (text, value)
    spaced = f"{prefix}{left} {joiner} {right}{suffix}"
    assume(spaced.count(value) == 1)
    assert _status(workspace, spaced, value, name) == "verified", (spaced, value)


@pytest.mark.parametrize("written", [" pct", " percentage points", " percentage point"])
def test_percent_words_make_a_percentage(workspace: pathlib.Path, written: str) -> None:
    text = f"accuracy rose 12{written} on test\n"
    assert _status(workspace, text, 12) == "value_not_found"
    assert _status(workspace, text, "12%") == "verified"


@SETTINGS
@given(
    value=st.from_regex(_VALUE_RX, fullmatch=True).filter(lambda v: v.isascii() and len(v) < 24),
    name=st.sampled_from(NAMES),
)
def test_every_number_a_value_may_be_is_found_as_written_or_refused_by_name(
    workspace: pathlib.Path, value: str, name: str
) -> None:
    # A value that reads as a number is searched for as one: each form the value parser
    # accepts must be one that the file's reader finds (2.2e-308, 4E443), or text
    # (0,111 and 1,600E9, which no file's token reads as that number), or refused with
    # its reason (an exponent of more than 9 digits), never just "not found".
    text = f"intro line\n{value}\nlast line\n"
    root = pathlib.Path(tempfile.mkdtemp(dir=workspace))
    (root / name).write_text(text, encoding="utf-8")
    result = check_claim(value, name, root)
    if result["status"] != "verified":
        assert result["status"] == "unparseable", (value, result)
        assert "exponent has more than" in result["detail"], (value, result)


@pytest.mark.parametrize("token", ["2.2e-308", "4E443", "-1.5e-300", "1,600E9", "+64,060e4"])
def test_a_large_exponent_and_a_grouped_mantissa_are_found_as_written(
    workspace: pathlib.Path, token: str
) -> None:
    text = f"intro line\n{token}\nlast line\n"
    assert _status(workspace, text, token) == "verified"
    assert _status(workspace, text, token.replace("e", "e1").replace("E", "E1")) != "verified"


@pytest.mark.parametrize("token", ["0,111", "00,111", "-0,111", "0,111.5", "0,205"])
def test_a_group_that_leads_with_zero_is_text_and_its_digits_are_a_cut(
    workspace: pathlib.Path, token: str
) -> None:
    # In a file, "0,111" is 0 and 111 joined by a comma (no grouped number leads with
    # 0): so as a value it is text, found as written, and 111 cut from it never holds.
    text = f"intro line\n{token}\nlast line\n"
    assert not isinstance(_parse_value(token), NumberValue)
    assert _status(workspace, text, token) == "verified"
    assert _status(workspace, text, token.rsplit(",", 1)[1]) != "verified"


def _fold_alphabet() -> list[str]:
    """Characters of every class the fold treats apart: protected ones, astral format
    characters and marks, letters that compose with a mark, the marks, CJK, ASCII."""
    from pytest_core_verify.systems.evidence._chars import _tables

    tables = _tables()
    picked = [*tables["protected"][:40:3], *tables["astral"][:20:2]]
    return [*picked, "e", "1", " ", "\u0301", "\u00e9", "\uff11", "\ufb01", "\u6a21", "\u2460"]


@SETTINGS
@given(st.lists(st.sampled_from(_fold_alphabet()), max_size=300).map("".join))
def test_a_short_text_folds_by_sets_as_a_long_one_folds_by_regexes(text: str) -> None:
    # Short texts (a claim's value) are folded with sets of the classes, long ones with
    # their regexes (compiled once): the two folds are one function.
    from pytest_core_verify.systems.evidence._chars import _fold_long, _fold_short

    assume(not text.isascii())
    assert _fold_short(text) == _fold_long(text)
