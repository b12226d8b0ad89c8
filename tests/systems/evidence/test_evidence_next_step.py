"""The classes one step past the pinned ones, found by ``adversarial.py`` (see its figures).

Each property writes a number that the file holds only as part of something else (in a
format's markup: Markdown emphasis and code, a CDATA section, TeX's infix fractions,
optional and hidden arguments and ``--``; a sign set off by a thin space; a rate word; a
dash or group mark Unicode does not class as one; a comma group that leads with 0) and
asserts the claim of its digits alone is never ``verified``, under every prefilter engine
and the exact scan. Controls verify, so a checker that refuses everything fails.
"""

from __future__ import annotations

import os
import pathlib
import tempfile
from collections.abc import Iterator

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pytest_core_verify.systems.evidence import _prefilter, check_claim
from tests.helpers import examples

SETTINGS = settings(
    max_examples=examples(20), deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
ENGINES = [e for e in _prefilter.available_engines() if e != "auto"] + ["exact"]
#: Two numbers that share no digit: neither stands in the file by chance.
PAIRS = st.tuples(st.integers(1, 999), st.integers(100, 999)).filter(
    lambda p: not set(str(p[0])) & set(str(p[1])) and "0" not in str(p[0]) + str(p[1])
)


@pytest.fixture(scope="module")
def workspace() -> Iterator[pathlib.Path]:
    with tempfile.TemporaryDirectory() as d:
        yield pathlib.Path(d)


def _statuses(workspace: pathlib.Path, text: str, value: object, name: str) -> set[str]:
    root = pathlib.Path(tempfile.mkdtemp(dir=workspace))
    (root / name).write_text(text, encoding="utf-8")
    out = set()
    old = _prefilter.DEFAULT_ENGINE
    try:
        for engine in ENGINES:
            _prefilter.DEFAULT_ENGINE = None if engine == "exact" else engine
            out.add(str(check_claim(value, name, root)["status"]))
    finally:
        _prefilter.DEFAULT_ENGINE = old
    return out


#: (file text with {a} and {c}, the claim, the file name): each holds the claim's digits
#: only inside something else.
FORMS = [
    # Markdown: emphasis, code spans and a link's target are invisible.
    ("total **{a}**,{c} runs", "{a}", "r.md"),
    ("total *{a}*.{c} runs", "{a}", "r.md"),
    ("total `{a}`.{c} runs", "{a}", "r.md"),
    ("total `{a}`,{c} runs", "{c}", "r.md"),
    ("total [{a}](x){c} runs", "{a}", "r.md"),
    ("total {a}***{c}*** runs", "{c}", "r.txt"),
    # XML: a CDATA section's markers are markup.
    ("<v>{a}<![CDATA[{c}]]></v>", "{a}", "t.xml"),
    ("<v><![CDATA[{a}]]>.{c}</v>", "{a}", "t.xml"),
    # TeX: infix fractions, optional arguments, hidden arguments, -- and ---.
    ("got {{{a} \\over {c}}} here", "{a}", "p.tex"),
    ("got {{{a}\\atop {c}}} here", "{c}", "p.tex"),
    ("got {{{a} \\choose {c}}} here", "{a}", "p.tex"),
    ("got \\sqrt[{a}]{{{c}}} here", "{a}", "p.tex"),
    ("got \\sqrt[{a}]{{{c}}} here", "{c}", "p.tex"),
    ("got \\includegraphics[scale={a}]{{f}} here", "{a}", "p.tex"),
    ("got \\label{{eq:{a}}} here", "{a}", "p.tex"),
    ("got \\eqref{{{a}}} here", "{a}", "p.tex"),
    ("got \\url{{x/{a}}} here", "{a}", "p.md"),
    ("got {a}--{c} here", "{a}", "p.tex"),
    ("got {a}---{c} here", "{c}", "p.txt"),
    ("got $-\\,{a}$ here", "{a}", "p.tex"),
    ("got $-\\;{a}$ here", "{a}", "p.tex"),
    ("got \\SI{{{a}}}{{\\per\\cent}} here", "{a}", "p.tex"),
    # JSON: a TeX command inside a string is markup the reader does not know.
    ('{{"k": "\\\\frac{{{a}}}{{{c}}}"}}', "{a}", "r.json"),
    ('{{"k": "\\\\sqrt{{{a}}}"}}', "{a}", "r.json"),
    # A sign set off by a thin or no-break space is the number's sign.
    ("delta \u2212\u2009{a} pts", "{a}", "n.txt"),
    ("delta -\u00a0{a} pts", "{a}", "n.txt"),
    # Dashes Unicode does not class as dashes.
    ("delta \u2043{a}.{c} pts", "{a}.{c}", "n.txt"),
    ("delta \u2053{a} pts", "{a}", "n.txt"),
    ("delta \u2500{a} pts", "{a}", "n.txt"),
    # Group marks and operators between digits.
    ("total {a}\u05f3{c}", "{a}", "n.txt"),
    ("total {a}\u2216{c}", "{c}", "n.txt"),
    ("total {a}\u2022{c}", "{a}", "n.txt"),
    # A product sign before a power: the bullet, the asterisk operator.
    ("m {a}.{c}\u202210^{c}", "{a}.{c}", "n.txt"),
    ("m {a}.{c} &bull; 10<sup>{c}</sup>", "{a}.{c}", "n.html"),
    ("m {a}.{c} &lowast; 10^{c}", "{a}.{c}", "n.xml"),
    # A comma group leads with 1-9 and takes no exponent.
    ("x (+000,{c}e-3 y", "000e-3", "n.txt"),
    ("x 0{a},{c} y", "0{a}", "n.txt"),
    ("x {a},{c}e3 y", "{a}", "n.txt"),
]

#: Rate words after which a number is neither n nor n%.
RATE_WORDS = ["pp", "p.p.", "PP", "basis points", "Basis Point", "bps", "vH", "v. H."]
RATE_WORDS += ["per hundred", "Per Centum", "prosenttia", "százalék", "процентов"]
GAPS = [" ", "  ", "\n", "\u00a0", "\u2009", "\t", "~"]


@SETTINGS
@given(st.sampled_from(FORMS), PAIRS)
def test_a_number_inside_markup_or_another_token_is_never_verified(
    workspace: pathlib.Path, form: tuple[str, str, str], pair: tuple[int, int]
) -> None:
    text, value, name = form
    a, c = pair
    text, value = text.format(a=a, c=c) + "\n", value.format(a=a, c=c)
    assert "verified" not in _statuses(workspace, text, value, name), (text, value)


@SETTINGS
@given(st.sampled_from(RATE_WORDS), st.sampled_from(GAPS), st.integers(1, 999))
def test_a_rate_is_neither_its_number_nor_a_percentage(
    workspace: pathlib.Path, word: str, gap: str, n: int
) -> None:
    text = f"share {n}{gap}{word} of all\n"
    for value in (str(n), f"{n}%"):
        assert "verified" not in _statuses(workspace, text, value, "n.txt"), (text, value)


CONTROLS = [
    ("total **{a}** runs", "{a}", "r.md"),
    ("total `{a}` runs and {c}", "{c}", "r.md"),
    ("see [{a}](x) and {c}", "{a}", "r.md"),
    ("<v><![CDATA[{a}]]></v>", "{a}", "t.xml"),
    ("got {{{a} \\over 2}} and {c}", "{c}", "p.tex"),
    ("got \\cite{{x}} {a} runs", "{a}", "p.tex"),
    ("got \\sqrt[3]{{x}} and {a}", "{a}", "p.tex"),
    ("got $-{a}$ here", "-{a}", "p.tex"),
    ("share {a} percent and {c} pp", "{a}%", "n.txt"),
    ("total {a},{c}", "{a}{c}", "n.txt"),
    ("delta \u2212{a}", "-{a}", "n.txt"),
]


@SETTINGS
@given(st.sampled_from(CONTROLS), PAIRS)
def test_the_same_markup_beside_a_number_still_verifies_it(
    workspace: pathlib.Path, form: tuple[str, str, str], pair: tuple[int, int]
) -> None:
    text, value, name = form
    a, c = pair
    text, value = text.format(a=a, c=c) + "\n", value.format(a=a, c=c)
    assert _statuses(workspace, text, value, name) == {"verified"}, (text, value)


@pytest.mark.parametrize("source", ["x.txt/", "x.txt/.", "x.txt/./", "d/x.txt/"])
def test_a_source_ending_in_a_slash_names_a_directory(tmp_path: pathlib.Path, source: str) -> None:
    (tmp_path / "d").mkdir()
    for rel in ("x.txt", "d/x.txt"):
        (tmp_path / rel).write_text("4242.5\n", encoding="utf-8")
    out = check_claim("4242.5", source, tmp_path)
    assert out["status"] == "path_missing", out
    assert "directory" in out["detail"]
    assert os.path.isfile(tmp_path / source.rstrip("/."))  # the file itself is there
    assert check_claim("4242.5", source.rstrip("/."), tmp_path)["status"] == "verified"
