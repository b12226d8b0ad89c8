# ruff: noqa: RUF002 - the tests are made of look-alike characters
"""The classes the second held-out set (``heldout2.py``) found: each test fails on the code
before this round's fixes.

- spacing accents and modifier symbols (Unicode Sk, and what NFKC makes a space and a
  combining mark of) touching digits: ``49˙318``, ``49¸318``, ``49¨``;
- siunitx's number arguments read as siunitx reads them, or refused: ``\\num{91 364}``
  is 91364, ``\\num{49,5}`` is 49.5, ``\\num{49(3)}`` and ``\\num{49 \\pm 3}`` carry an
  uncertainty, an option may change the reading;
- a whole number before a fraction is a mixed number (``4 ½``, ``4 1⁄2``), a table's
  negative in parentheses (``(12)`` filling a cell) and a trailing minus (``12-``) are
  negatives;
- markup around digits: XML processing instructions, an RTF ``\\uN`` escape with its
  fallback character, a backslash before a line break, the decimal separator key and
  the decimal exponent symbol.
"""

from __future__ import annotations

import unicodedata

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.systems.evidence._claims import PAIRS, SETTINGS
from tests.systems.evidence._claims import status as _status


def _spacing_marks() -> list[str]:
    """Every BMP modifier symbol but the ASCII ones, and every character NFKC makes a
    space and combining marks of: computed here from the Unicode database, not from the
    checker's tables."""
    out = []
    for cp in range(0x80, 0x10000):
        ch = chr(cp)
        nfkc = unicodedata.normalize("NFKC", ch)
        spaced = (
            len(nfkc) > 1
            and nfkc[0] == " "
            and all(unicodedata.category(c)[0] == "M" for c in nfkc[1:])
        )
        if unicodedata.category(ch) == "Sk" or spaced:
            out.append(ch)
    return out


SPACING = _spacing_marks()
#: The acute, the double acute and the ring above: drawn as primes and a degree sign,
#: they join two digits and stand apart after one.
PRIME_LIKE = ["\u00b4", "\u02dd", "\u02da"]
GLUING = [c for c in SPACING if c not in PRIME_LIKE]


def test_spacing_marks_are_many() -> None:
    assert {"\u02d9", "\u00b8", "\u00a8", "\u00af", "\u02dc", "\u203e"} <= set(SPACING)
    assert len(SPACING) > 100


@SETTINGS
@given(st.sampled_from(SPACING), PAIRS, st.booleans())
def test_spacing_mark_between_digits_holds_neither_part(
    mark: str, pair: tuple[str, str], left: bool
) -> None:
    a, c = pair
    assert _status(f"total {a}{mark}{c} runs\n", a if left else c) != "verified"


@SETTINGS
@given(st.sampled_from(GLUING), PAIRS)
def test_spacing_mark_touching_a_number_refuses_it(mark: str, pair: tuple[str, str]) -> None:
    a, _ = pair
    assert _status(f"total {a}{mark} runs\n", a) != "verified"
    assert _status(f"total {mark}{a} runs\n", a) != "verified"


@SETTINGS
@given(st.sampled_from(SPACING), PAIRS)
def test_spacing_mark_as_written_is_found_as_written(mark: str, pair: tuple[str, str]) -> None:
    a, c = pair
    assert _status(f"total {a}{mark}{c} runs\n", f"{a}{mark}{c}") == "verified"
    assert _status(f"total {a} {mark} runs\n", a) == "verified"


@pytest.mark.parametrize("mark", PRIME_LIKE)
def test_prime_like_accents_join_digits_and_end_a_number(mark: str) -> None:
    assert _status(f"total 49{mark}318 runs\n", "49") != "verified"
    assert _status(f"total 49{mark}318 runs\n", "318") != "verified"
    assert _status(f"total 49{mark} runs\n", "49") == "verified"


# siunitx arguments the plain reader would read short: (argument, claim of a part).
SI_BODIES = [
    ("{a} {c}", "{a}"),  # siunitx drops the space: {a}{c}
    ("{a} {c}", "{c}"),
    ("{a}\\,{c}", "{a}"),
    ("{a}~{c}", "{c}"),
    ("{a},{c}", "{a}"),  # a comma is a decimal marker: {a}.{c}
    ("{a},{c}", "{a}{c}"),
    ("{a}({c})", "{c}"),  # an uncertainty
    ("{a}+-{c}", "{a}"),
    ("{a} \\pm {c}", "{c}"),
    ("{a}d{c}", "{a}"),  # an exponent marker
    ("{a}x{c}", "{a}"),  # a product
]
SI_COMMANDS = ["\\num{{{body}}}", "\\SI{{{body}}}{{\\metre}}", "\\qty{{{body}}}{{\\metre}}"]
SI_COMMANDS += ["\\tablenum{{{body}}}", "\\num[group-digits=none]{{{body}}}"]


@SETTINGS
@given(st.sampled_from(SI_BODIES), st.sampled_from(SI_COMMANDS), PAIRS)
def test_siunitx_argument_is_read_as_siunitx_reads_it(
    body: tuple[str, str], command: str, pair: tuple[str, str]
) -> None:
    a, c = pair
    text, claim = (part.format(a=a, c=c) for part in body)
    content = "n = " + command.format(body=text) + " here\n"
    assert _status(content, claim, "p.tex") != "verified"


@pytest.mark.parametrize(
    ("content", "value"),
    [
        ("n = \\num{49} here\n", "49"),
        ("n = \\num{ 49.27 } here\n", "49.27"),
        ("n = \\num{49318} here\n", "49318"),
        ("n = \\num{-49} here\n", "-49"),
        ("n = \\num{4.9e3} here\n", "4900"),
        ("n = \\SI{49}{\\metre} here\n", "49"),
        ("n = \\qty{0.5}{\\second} here\n", "0.5"),
    ],
)
def test_siunitx_plain_argument_still_verifies(content: str, value: str) -> None:
    assert _status(content, value, "p.tex") == "verified"


@SETTINGS
@given(
    st.sampled_from(["\u00bd", "\u00bc", "\u2153", "\u215e", "1\u2044{b}", "\u00b3\u2044{b}"]),
    st.sampled_from([" ", "  ", "\u2009", "\u00a0", "\t"]),
    PAIRS,
)
def test_whole_before_a_fraction_is_a_mixed_number(
    frac: str, gap: str, pair: tuple[str, str]
) -> None:
    a, c = pair
    assert _status(f"take {a}{gap}{frac.format(b=c)} cups\n", a) != "verified"


@pytest.mark.parametrize("name", ["d.csv", "d.tsv", "n.txt"])
@pytest.mark.parametrize(
    ("row", "value"),
    [
        ("({a}),{c}", "{a}"),
        ("{c},({a})", "{a}"),
        ('"({a},{c})",1', "{a}{c}"),
        ("{a}-,{c}", "{a}"),
        ("{c},{a}-", "{a}"),
        ("{c},{a}\u2212", "{a}"),
    ],
)
def test_table_negatives(name: str, row: str, value: str) -> None:
    row = row.replace(",", "\t") if name.endswith(".tsv") and '"' not in row else row
    content = "h1,h2\n" + row.format(a=49, c=318) + "\n"
    assert _status(content, value.format(a=49, c=318), name) != "verified"


@pytest.mark.parametrize(
    ("content", "value"),
    [
        ("see (49) here\n", "49"),
        ("h1,h2\n49,-318\n", "-318"),
        ("h1,h2\n49,318\n", "49"),
        ("take 49 cups, 1/2 left\n", "49"),
        ("pages 49-52\n", "49-52"),
    ],
)
def test_controls_beside_the_negatives_and_fractions(content: str, value: str) -> None:
    assert _status(content, value, "d.csv" if "," in content else "n.txt") == "verified"


@pytest.mark.parametrize(
    ("name", "content", "value"),
    [
        ("d.xml", "<v>49<?pi x?>318</v>", "49"),
        ("d.xml", "<v>49<?xml-stylesheet href='a'?>318</v>", "318"),
        ("d.rtf", "{\\rtf1\\ansi total \\u8722?49 runs\\par}", "49"),
        ("d.rtf", "{\\rtf1\\ansi total 49\\u8201?318 runs\\par}", "49"),
        ("c.ini", "n = 49\\\n  318\n", "49"),
        ("c.properties", "n = 49\\\n318\n", "318"),
        ("n.txt", "total 49\u2396318 runs\n", "49"),
        ("n.txt", "n = 49\u23e827\n", "49"),
    ],
)
def test_markup_and_symbols_between_digits(name: str, content: str, value: str) -> None:
    assert _status(content, value, name) != "verified"


@pytest.mark.parametrize(
    ("name", "content", "value"),
    [
        ("d.xml", "<?xml version='1.0'?><v>49</v>", "49"),
        ("d.rtf", "{\\rtf1\\ansi total 49 runs\\par}", "49"),
        ("p.tex", "a line \\\\\n49 here\n", "49"),
    ],
)
def test_controls_beside_the_markup(name: str, content: str, value: str) -> None:
    assert _status(content, value, name) == "verified"
