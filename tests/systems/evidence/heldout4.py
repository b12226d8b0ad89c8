# ruff: noqa: RUF002 - the set is made of look-alike characters
"""A fourth held-out set for the evidence check: one step past what the first three tried.

Written before any fix of its round, from the classes of issue 35 (entities and escapes
in every format, power forms with any spacing and markup, percent and per mille in any
spelling, minus-like signs, CSV as RFC 4180 reads it, paths as the OS resolves them,
long text values, non-ASCII) and controls that must verify, not from the code. Items,
expectations and the measurement are those of ``adversarial.py`` (``not_verified``:
anything but ``verified`` is right; ``verified``: a control, anything else is a false
refusal; ``status``: the exact status).

Figures (``measure``, 1,010 items: 983 over templates with three fixed triples, 27
paths and long values): on main at ``96af002``, before any change, **33 false
``verified``**, 30 false refusals, 0 crashes. By class: template markup 21 (a Jinja
comment ``49{# note #}318``, ``{{`` followed by a digit, a quote or a parenthesis
``49{{ 7 }}318`` ``49{{"x"}}318`` ``49{{ (x) }}318``, PHP's short echo ``49<?= $x ?>318``,
a FreeMarker comment ``49<#-- x -->318``), TeX 6 (two thin spaces ``49\\,\\,318``, a sign
set off by a tie ``$-~49$``), power 3 (a zero-width space after the sign ``49.27×⟨ZWSP⟩10³``),
mathematical digits 3 (bold, double-struck, sans-serif: NFKC folds them to ASCII). False
refusals: a numeric reference before a number ``&#x2212;49`` as ``-49`` 15 (decoding only
refuses), ``^{\\circ}`` and ``^\\circ`` 6, ``49~km`` 3, ``\\u0022`` quotes in JSON 3,
a quote inside an unquoted CSV field before a comma ``x "49,318" y`` 3.

Run::

    python tests/systems/evidence/heldout4.py generate > /tmp/evidence-heldout4.jsonl
    PYTHONPATH=<checkout> python tests/systems/evidence/heldout4.py measure /tmp/evidence-heldout4.jsonl

"""

from __future__ import annotations

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from typing import Any

import adversarial as adv
import heldout3 as h3

NV, V = adv.NV, adv.V
_t = h3._t

# Entities between the digits of {a} and {c}, in every format (every file decodes them).
_ENT_JOIN = ["&shy;", "&ZeroWidthSpace;", "&InvisibleComma;", "&ic;", "&af;", "&it;"]
_ENT_JOIN += ["&#8203;", "&#x200b;", "&#X2060;", "&#0173;", "&NoBreak;", "&wbr;"]
_ENT_SIGN = ["&#x2052;", "&#8274;", "&minusd;", "&minusb;", "&ominus;", "&mnplus;"]
_ENT_SIGN += ["&pm;", "&#177;", "&#x2013;", "&#X2212;", "&#00045;&#x2009;"]
_ENT_PCT = ["&#65285;", "&#x066A;", "&#x2030;", "&#8241;", "&#x0609;", "&nbsp;&percnt;"]
_ENT_PCT += ["&thinsp;&#37;", "&#x20;&#x25;"]
_FORMATS = [("t.html", "<p>{x}</p>"), ("n.txt", "{x}\n"), ("r.md", "{x}\n")]
_FORMATS += [("p.tex", "{x}\n"), ("d.csv", "a,b\n{x},1\n")]

_TEMPLATES: list[tuple[str, str, str, str] | tuple[str, str, str, str, str]] = []
for name, wrap in _FORMATS:
    for e in _ENT_JOIN:
        _TEMPLATES.append(("h4_entjoin", name, wrap.replace("{x}", "n {a}" + e + "{c} n"), "{a}"))
    for e in _ENT_SIGN:
        _TEMPLATES.append(("h4_entsign", name, wrap.replace("{x}", "n " + e + "{a} n"), "{a}"))
    for e in _ENT_PCT:
        _TEMPLATES.append(("h4_entpct", name, wrap.replace("{x}", "n {a}" + e + " n"), "{a}"))
    _TEMPLATES.append(("h4_entok", name, wrap.replace("{x}", "n &lt;{a}&gt; n"), "{a}", V))
    _TEMPLATES.append(("h4_entok", name, wrap.replace("{x}", "n {a}&deg;C n"), "{a}", V))
    _TEMPLATES.append(("h4_entok", name, wrap.replace("{x}", "n &#x2212;{a} n"), "-{a}", V))

_TEMPLATES += [
    # JSON \\u escapes in keys and values.
    ("h4_json", "d.json", '{"{a}\\u002e{b}": 1}', "{a}"),
    ("h4_json", "d.json", '{"k{a}\\u00B2": 1}', "{a}"),
    ("h4_json", "d.json", '{"n": "{a}\\u00B7{b}"}', "{a}"),
    ("h4_json", "d.json", '{"n": "\\u2052{a}"}', "{a}"),
    ("h4_json", "d.json", '{"n": "\\uFF0D{a}"}', "{a}"),
    ("h4_json", "d.json", '{"n": "{a}\\u066A"}', "{a}"),
    ("h4_json", "d.json", '{"n": "{a}\\u2030"}', "{a}"),
    ("h4_json", "d.json", '{"n": "{a} \\u0025"}', "{a}"),
    ("h4_json", "d.json", '{"n": "{a}\\u00a0\\u0025"}', "{a}"),
    ("h4_json", "d.json", '{"n": "{a}\\\\u0025"}', "{a}"),
    ("h4_json", "d.json", '{"n": "{a}\\ud835\\udfce"}', "{a}"),
    ("h4_json", "d.json", '{"n": "{a}\\ud800{c}"}', "{a}"),
    ("h4_json", "d.json", '{"n": "{a}\\u200B{c}"}', "{c}"),
    ("h4_json", "d.json", '{"n": "{a}.{b}\\u00d710\\u00b3"}', "{a}.{b}"),
    ("h4_json", "d.json", '{"n": "{a}\\u00d710^{b}"}', "{b}"),
    ("h4_json", "d.json", '{"n": "\\u2212\\u00a0{a}"}', "{a}"),
    ("h4_json", "d.json", '{"n": "&minus;{a}"}', "{a}"),
    ("h4_json", "d.json", '{"n": "{a}\\u0020{c}"}', "{a}", V),
    ("h4_json", "d.json", '{"n": "\\u0022{a}\\u0022"}', "{a}", V),
    ("h4_json", "d.json", '{"k\\u0031": {a}}', "{a}", V),
    ("h4_json", "d.json", '{"n": "{a} percent"}', "{a}%", V),
    # LaTeX spacing, grouping and \\text{} one step away.
    ("h4_tex", "p.tex", "n = {a}\\text{,}{c}\n", "{a}"),
    ("h4_tex", "p.tex", "n = {a}\\text{.}{b}\n", "{a}"),
    ("h4_tex", "p.tex", "n = {a}\\mathrm{.}{b}\n", "{b}"),
    ("h4_tex", "p.tex", "n = {a}\\mbox{,}{c}\n", "{a}"),
    ("h4_tex", "p.tex", "n = {a}{}{c}\n", "{a}"),
    ("h4_tex", "p.tex", "n = {a}~{c}\n", "{a}"),
    ("h4_tex", "p.tex", "n = {a}\\!{c}\n", "{c}"),
    ("h4_tex", "p.tex", "n = {a}\\,\\,{c}\n", "{a}"),
    ("h4_tex", "p.tex", "n = {a}{,}\\!{c}\n", "{a}"),
    ("h4_tex", "p.tex", "n = {a}\\text{\\,}{c}\n", "{a}"),
    ("h4_tex", "p.tex", "n = {a}\\hspace*{1pt}{c}\n", "{a}"),
    ("h4_tex", "p.tex", "n = {a}\\protect\\,{c}\n", "{a}"),
    ("h4_tex", "p.tex", "n = {a}\\@{c}\n", "{a}"),
    ("h4_tex", "p.tex", "n = {a}\\/{c}\n", "{a}"),
    ("h4_tex", "p.tex", "n = {a}\\nolinebreak{c}\n", "{a}"),
    ("h4_tex", "p.tex", "n = \\text{\\textminus}{a}\n", "{a}"),
    ("h4_tex", "p.tex", "n = $\\ominus {a}$\n", "{a}"),
    ("h4_tex", "p.tex", "n = $-\\;{a}$\n", "{a}"),
    ("h4_tex", "p.tex", "n = $-\\!{a}$\n", "{a}"),
    ("h4_tex", "p.tex", "n = $-{}{a}$\n", "{a}"),
    ("h4_tex", "p.tex", "n = $-~{a}$\n", "{a}"),
    ("h4_tex", "p.tex", "n = \\SI{{a}}{\\kilo\\metre}\n", "{a}", V),
    ("h4_tex", "p.tex", "n = {a}~km\n", "{a}", V),
    ("h4_tex", "p.tex", "n = {a}\\%\n", "{a}%", V),
    # Power forms with any spacing and markup.
    ("h4_power", "n.txt", "n = {a}.{b}\u2009\u00d7\u200910\u00b3\n", "{a}.{b}"),
    ("h4_power", "n.txt", "n = {a}.{b}\u00d7\u200b10\u00b3\n", "{a}.{b}"),
    ("h4_power", "n.txt", "n = {a}.{b}\u00a0\u00d7\u00a010^{c}\n", "{c}"),
    ("h4_power", "p.tex", "n = {a}.{b}  \\times  10^{3}\n", "{a}.{b}"),
    ("h4_power", "p.tex", "n = {a}.{b}\\times\n10^3\n", "{a}.{b}"),
    ("h4_power", "p.tex", "n = {a}.{b}\\;\\cdot\\;10^{3}\n", "{a}.{b}"),
    ("h4_power", "p.tex", "n = {a}.{b} \\text{\u00d7} 10^3\n", "{a}.{b}"),
    ("h4_power", "p.tex", "n = {a}.{b}$\\times$10$^3$\n", "{a}.{b}"),
    ("h4_power", "p.tex", "n = 10^{\\,{b}}\n", "{b}"),
    ("h4_power", "p.tex", "n = 10^\\text{{b}}\n", "{b}"),
    ("h4_power", "p.tex", "n = {a}^\\mathrm{{b}}\n", "{b}"),
    ("h4_power", "p.tex", "n = {a}^{\n{b}}\n", "{b}"),
    ("h4_power", "t.html", "<p>{a}.{b} &times; 10<sup> 3</sup></p>", "{a}.{b}"),
    ("h4_power", "t.html", "<p>{a}.{b}&#xD7;10<sup>3</sup></p>", "{a}.{b}"),
    ("h4_power", "t.html", "<p>{a}.{b} &middot; 10<sup>3</sup></p>", "{a}.{b}"),
    ("h4_power", "t.html", "<p>{a}.{b}&sdot;10&sup3;</p>", "{a}.{b}"),
    ("h4_power", "t.html", "<p>10<sup>\n{b}</sup></p>", "{b}"),
    ("h4_power", "t.html", "<p>10<SUP>{b}</SUP></p>", "{b}"),
    ("h4_power", "t.html", '<p>10<sup class="x">{b}</sup></p>', "{b}"),
    ("h4_power", "t.html", "<p>{a}<sup>&nbsp;{b}</sup></p>", "{b}"),
    ("h4_power", "n.txt", "n = {a} ** {b}\n", "{b}"),
    ("h4_power", "n.txt", "n = {a}**\u00a0{b}\n", "{a}"),
    ("h4_power", "r.md", "n = {a}.{b} \u00d7 10^{c}^\n", "{a}.{b}"),
    ("h4_power", "d.csv", "a,b\n{a}.{b}\u00d710^3,1\n", "{a}.{b}"),
    ("h4_power", "n.txt", "n = {a}.{b}e3\n", "{a}{b}0", V),
    # Percent and per mille in any spelling.
    ("h4_pct", "n.txt", "rate {a} Per Cent here\n", "{a}"),
    ("h4_pct", "n.txt", "rate {a} PER CENT here\n", "{a}"),
    ("h4_pct", "n.txt", "rate {a} per-cent here\n", "{a}"),
    ("h4_pct", "n.txt", "rate {a}\tpercent here\n", "{a}"),
    ("h4_pct", "n.txt", "rate {a} pct. here\n", "{a}"),
    ("h4_pct", "n.txt", "rate {a} PCT here\n", "{a}"),
    ("h4_pct", "n.txt", "rate {a} per mil here\n", "{a}"),
    ("h4_pct", "n.txt", "rate {a} per mill here\n", "{a}"),
    ("h4_pct", "n.txt", "rate {a} permille here\n", "{a}"),
    ("h4_pct", "n.txt", "rate {a} Promille here\n", "{a}"),
    ("h4_pct", "n.txt", "rate {a} pro mille here\n", "{a}"),
    ("h4_pct", "n.txt", "rate {a}\u2009\u2030 here\n", "{a}"),
    ("h4_pct", "n.txt", "rate {a}\u0609 here\n", "{a}"),
    ("h4_pct", "n.txt", "rate {a}\u060a here\n", "{a}"),
    ("h4_pct", "n.txt", "rate {a}\r\n% here\n", "{a}"),
    ("h4_pct", "p.tex", "rate {a}{\\%}\n", "{a}"),
    ("h4_pct", "p.tex", "rate {a}$\\,\\%$\n", "{a}"),
    ("h4_pct", "p.tex", "rate {a}\\textpercent{}\n", "{a}"),
    ("h4_pct", "p.tex", "rate {a}\\text{\\%}\n", "{a}"),
    ("h4_pct", "p.tex", "rate {a}\\mathrm{\\%}\n", "{a}"),
    ("h4_pct", "p.tex", "rate {a} \\si{\\permille}\n", "{a}"),
    ("h4_pct", "p.tex", "rate \\SI{{a}}{\\permille}\n", "{a}"),
    ("h4_pct", "p.tex", "rate {a}\\,\\si{\\percent}\n", "{a}"),
    ("h4_pct", "r.md", "rate {a}\\% here\n", "{a}"),
    ("h4_pct", "d.csv", 'a,b\n"{a}\n%",1\n', "{a}"),
    ("h4_pct", "d.csv", "a,b\n{a} %,1\n", "{a}"),
    ("h4_pct", "n.txt", "rate {a} percent here\n", "{a}%", V),
    ("h4_pct", "n.txt", "rate {a} per se here\n", "{a}", V),
    # Minus-like signs.
    *[
        ("h4_sign", "n.txt", "delta " + s + "{a} here\n", "{a}")
        for s in "\u2796\ufe63\uff0d\u058a\u05be\u1400\u1806\u2e17\u2e1a\u2e40\u301c\u3030"
        "\u30a0\u2e3b\ufe58\u2012\u2010\u2052"
    ],
    ("h4_sign", "n.txt", "delta \u2052{a} here\n", "-{a}", V),
    ("h4_sign", "n.txt", "delta \u2010{a} here\n", "-{a}", V),
    ("h4_sign", "n.txt", "delta \u2212\u202f{a} here\n", "{a}"),
    ("h4_sign", "t.html", "<p>delta &minus;&nbsp;{a}</p>", "{a}"),
    # Markup the reader does not know, one step past the template tags.
    ("h4_tmpl", "t.html", "<p>total {a}{# note #}{c} runs</p>", "{a}"),
    ("h4_tmpl", "t.html", "<p>total {a}{{ 7 }}{c} runs</p>", "{a}"),
    ("h4_tmpl", "t.html", '<p>total {a}{{"x"}}{c} runs</p>', "{a}"),
    ("h4_tmpl", "t.html", "<p>total {a}{{ (x) }}{c} runs</p>", "{a}"),
    ("h4_tmpl", "t.html", "<p>total {a}{{ 'x' }}{c} runs</p>", "{c}"),
    ("h4_tmpl", "t.html", "<p>total {a}<?= $x ?>{c} runs</p>", "{a}"),
    ("h4_tmpl", "t.html", "<p>total {a}<#-- x -->{c} runs</p>", "{a}"),
    ("h4_tmpl", "t.html", "<p>total {a}<!---->{c} runs</p>", "{a}"),
    ("h4_tmpl", "t.html", "<p>total {a}<wbr/>{c} runs</p>", "{c}"),
    ("h4_tmpl", "t.html", "<p>total {a}<mn>{c}</mn> runs</p>", "{a}"),
    ("h4_tmpl", "r.md", "total {a}\\_{c} runs\n", "{a}"),
    ("h4_tmpl", "t.html", "<p>total {a}</p><p>{c} runs</p>", "{a}", V),
    # CSV as RFC 4180 reads it.
    ("h4_csv", "d.csv", 'a,b,c\nx "{a},{c}" y,1\n', "{a},{c}"),
    ("h4_csv", "d.csv", 'a,b,c\nx "{a},{c}" y,1\n', "{a}", V),
    ("h4_csv", "d.csv", 'a,b\n"""{a},{c}""",1\n', "{a}"),
    ("h4_csv", "d.csv", 'a,b\n"say ""{a},{c}"" ok",1\n', "{a}"),
    ("h4_csv", "d.csv", 'a,b\n"say ""{a},{c}"" ok",1\n', "{a},{c}", V),
    ("h4_csv", "d.csv", "a,b\r\n{a},{c}\r\n", "{a},{c}"),
    ("h4_csv", "d.csv", "a,b\r\n{a},{c}\r\n", "{a}", V),
    ("h4_csv", "d.csv", 'a,b\r\n"{a},{c}"\r\n', "{a}"),
    ("h4_csv", "d.csv", 'a,b\r\n"x\r\n{a},{c}",1\r\n', "{a}"),
    ("h4_csv", "d.csv", 'a,b\n"x\n{a},{c}",1\n', "{c}"),
    ("h4_csv", "d.csv", 'a,b,c\n"x\ny",{a},{c}\n', "{a},{c}"),
    ("h4_csv", "d.csv", 'a,b\n"x\n{a}",{c}\n', "{a}", V),
    ("h4_csv", "d.csv", 'a,b,c\n "{a},{c}",1\n', "{a},{c}"),
    ("h4_csv", "d.tsv", 'a\tb\n"{a},{c}"\t1\n', "{a}"),
    ("h4_csv", "d.csv", 'a,b\n"{a}.{b}",1\n', "{a}.{b}", V),
    # Non-ASCII digits and letters.
    ("h4_script", "n.txt", "total \U0001d7d2\U0001d7d7 runs\n", "49"),  # math bold
    ("h4_script", "n.txt", "total \U0001d7dc\U0001d7e1 runs\n", "49"),  # double-struck
    ("h4_script", "n.txt", "total \U0001d7e6\U0001d7eb runs\n", "49"),  # sans-serif
    ("h4_script", "t.html", "<p>total &#x1D7FA;&#x1D7FF; runs</p>", "49"),
    ("h4_script", "d.json", '{"n": "\\u0664\\u0669"}', "49"),
    ("h4_script", "n.txt", "total {a}\u00aa runs\n", "{a}"),
    ("h4_script", "n.txt", "total {a}\u00ba runs\n", "{a}"),
    ("h4_script", "n.txt", "total {a}\u1d57\u02b0 runs\n", "{a}"),
    ("h4_script", "n.txt", "total {a}km runs\n", "{a}"),
    ("h4_script", "n.txt", "total {a}\u00a0km runs\n", "{a}", V),
    ("h4_script", "n.txt", "total {a} \u00e9t\u00e9 runs\n", "{a}", V),
    # Controls beside the degree and prime signs (the prefilter's caret).
    ("h4_deg", "p.tex", "t = {a}^{\\circ}F\n", "{a}", V),
    ("h4_deg", "r.md", "t = {a}^\\circ here\n", "{a}", V),
    ("h4_deg", "p.tex", "t = {a}^{\\circ}{c}\n", "{c}"),
]


def _path_items() -> list[dict[str, Any]]:
    """Paths as the OS resolves them, and long text values."""
    v = "4242.5"
    other = "nothing here\n"
    items: list[dict[str, Any]] = []

    def item(
        cls: str,
        files: dict[str, str],
        links: dict[str, str],
        source: str,
        expect: str,
        status: str | None = None,
        value: Any = v,
    ) -> None:
        items.append(
            {
                "split": "h4_path",
                "class": cls,
                "files": files,
                "links": links,
                "value": value,
                "source": source,
                "expect": expect,
                "status": status,
            }
        )

    item(
        "dd_deep",
        {"d/x.txt": v, "e/f/g/.k": "", "e/f/x.txt": other},
        {"d/l": "../e/f/g"},
        "d/l/../x.txt",
        NV,
    )
    item(
        "dd_two",
        {"x.txt": v, "e/f/g/.k": "", "e/x.txt": other},
        {"d/l": "../e/f/g"},
        "d/l/../../x.txt",
        NV,
    )
    item("dd_target", {"x.txt": other, "e/x.txt": v, "e/f/.k": ""}, {"l": "e/f/.."}, "l/x.txt", V)
    item(
        "dd_slash",
        {"d/x.txt": v, "e/f/.k": "", "e/x.txt": other},
        {"d/l": "../e/f/"},
        "d/l/../x.txt",
        NV,
    )
    item(
        "dd_glob",
        {"d/x.txt": v, "e/f/.k": "", "e/x.txt": other},
        {"d/l": "../e/f"},
        "d/l/../x.t*t",
        NV,
    )
    item(
        "dd_out",
        {"x.txt": v, "a/.k": ""},
        {"a/up": "../.."},
        "a/up/root/x.txt",
        "status",
        "outside_root",
    )
    item("space_file", {"x.txt ": v, "x.txt": other}, {}, "x.txt ", V)
    item("space_file2", {"x.txt ": other, "x.txt": v}, {}, "x.txt ", NV)
    item("space_lead", {" x.txt": v, "x.txt": other}, {}, " x.txt", V)
    item("space_dir", {"d /x.txt": v, "d/x.txt": other}, {}, "d /x.txt", V)
    item("space_dir2", {"d /x.txt": other, "d/x.txt": v}, {}, "d /x.txt", NV)
    item("space_ptr", {"r.json": '{"f1 ": 4242.5, "f1": 1}'}, {}, "r.json#/f1 ", V)
    item("space_ptr2", {"r.json": '{"f1 ": 1, "f1": 4242.5}'}, {}, "r.json#/f1 ", NV)
    item("tab_ptr", {"r.json": '{"f1\\t": 1, "f1": 4242.5}'}, {}, "r.json#/f1\t", NV)
    item("surrogate_dir", {"x.txt": v}, {}, "\udcff/x.txt", NV)
    item("surrogate_glob", {"x.txt": v}, {}, "x\ud800*", NV)
    item("surrogate_ptr", {"r.json": '{"a": 4242.5}'}, {}, "r.json#/\ud800", NV)
    item("nfd_name", {"caf\u00e9.txt": v}, {}, "cafe\u0301.txt", NV)
    item("dot_slash", {"x.txt": v}, {}, "./x.txt", V)
    item("double_slash", {"d/x.txt": v}, {}, "d//x.txt", V)
    long_words = " ".join(f"w\u00e9{i}" for i in range(900))
    item("long_nonascii", {"x.txt": long_words + "\n"}, {}, "x.txt", V, value=long_words)
    item("long_edge", {"x.txt": long_words + "318\n"}, {}, "x.txt", NV, value=long_words)
    digits = " ".join(str(i) for i in range(1, 800))
    item("long_digits", {"x.txt": digits + "1 \u00e9\n"}, {}, "x.txt", NV, value=digits)
    item("long_digits_ok", {"x.txt": digits + " \u00e9\n"}, {}, "x.txt", V, value=digits)
    wrapped = long_words.replace(" ", "\n", 50)
    item("long_wrapped", {"x.txt": wrapped + "\n"}, {}, "x.txt", V, value=long_words)
    item(
        "long_cjk_miss",
        {"x.txt": "\u7cbe" * 4999 + "\u5ea6\n"},
        {},
        "x.txt",
        NV,
        value="\u7cbe" * 5000,
    )
    item(
        "long_entity",
        {"t.html": long_words.replace(" ", "&nbsp;", 3) + "\n"},
        {},
        "t.html",
        NV,
        value=long_words + " zz",
    )
    return items


def generate() -> list[dict[str, Any]]:
    """Every template with three fixed triples, then the path and value items."""
    temps = [_t(s, n, c, v, e[0] if e else NV) for s, n, c, v, *e in _TEMPLATES]
    items = adv.fixed_items(temps, [(49, 27, 318), (63, 82, 147), (64, 29, 718)], "h4")
    items += _path_items()
    for n, it in enumerate(items):
        it["id"] = f"h4-{n:04d}"
    return items


if __name__ == "__main__":
    adv.generate = generate
    adv.main([a for a in sys.argv[1:] if a != "--failures"])
