# ruff: noqa: RUF002 - the set is made of look-alike characters
"""A second held-out set for the evidence check: numbers one step past what the first pins.

Written before this round's fixes, from an outsider's list of number spellings, not from
the code: other digit scripts and separators (Arabic-Indic digits, U+066B/U+066C,
apostrophe and U+2019 grouping, U+202F, Indian grouping ``12,34,567``, spacing marks that
NFKC turns into a space and a combining mark), the quoting of RTF, XML, YAML, TOML and INI
files, comments, processing instructions and CDATA between digits, LaTeX ``\\mathrm{}`` and
``\\text{}`` around parts of a number, siunitx's input syntax, scientific forms, fractions
and mixed numbers, ranges, CSV's accounting negatives, superscript digits and ordinals.
Items, expectations and the measurement are those of ``adversarial.py`` (``not_verified``:
anything but ``verified`` is right; ``verified``: a control, anything else is a false
refusal).

Figures (``measure``, 412 items): on main at ``0034bb9``, before any change of this round,
**64 false ``verified``**, 4 false refusals, 0 crashes. By class: spacing accents and
symbols between digits 24 (``49˙318``, the cedilla ``49¸318``, ``¨`` ``¯`` ``˘`` ``˚`` ``˛``
``˜`` ``˝`` ``᾿``, the decimal separator key ``⎖``), siunitx 12 (``\\num{49(27)}``,
``\\num{49 \\pm 27}``, ``\\qty{49 318}``, ``\\SI{49 318}``, ``\\tablenum{49 318}``,
``\\num[...]{49}``), CSV 8 (``(49)`` filling a cell, ``"(49,318)"``, ``49-`` before a
cell's end), fractions 6 (mixed numbers ``49 ½``, ``49\u2009½``, ``49 1⁄27``), XML
processing instructions 4 (``49<?pi x?>318``), scientific 4 (``49⏨27``, ``49 E27``),
RTF 2 (``\\u8722?49``), INI 2 (``49\\`` before a line break), ranges 2 (``49→27``);
the false refusals are XML: ``<v>49</v><w>318</w>`` (unknown tags are invisible, so the
digits join) and ``<v n="49"/>`` (an attribute is inside its tag).

After this round's fixes: **4 false ``verified``**, 4 false refusals, 0 crashes. Left on
purpose: ``49 E27`` (a space before an exponent letter: no notation this reader knows
writes it so, and refusing a number before any word starting ``E`` and digits would refuse
labels) and ``49→27`` (an arrow between two numbers states both, "from 49 to 27"); the
false refusals are those above.

Run::

    python tests/systems/evidence/heldout2.py generate > /tmp/evidence-heldout2.jsonl
    PYTHONPATH=<checkout> python tests/systems/evidence/heldout2.py measure /tmp/evidence-heldout2.jsonl

"""

from __future__ import annotations

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from typing import Any

import adversarial as adv

NV, V, _t = adv.NV, adv.V, adv._t

# Characters between the digits of {a} and {c} (one number in some locale or typesetting):
# the claim of either part alone must not verify.
_SEPARATORS = [
    "\u066b",  # Arabic decimal separator
    "\u066c",  # Arabic thousands separator
    "'",
    "\u2019",
    "\u02bc",  # modifier letter apostrophe
    "\uff07",  # full-width apostrophe
    "\u202f",
    "\u2009",
    "\u02d9",  # dot above (NFKC: space + U+0307)
    "\u00b8",  # cedilla (NFKC: space + U+0327), drawn as a comma
    "\u00a8",  # diaeresis (NFKC: space + U+0308)
    "\u00af",  # macron (NFKC: space + U+0304)
    "\u02d8",  # breve
    "\u02da",  # ring above
    "\u02db",  # ogonek
    "\u02dc",  # small tilde
    "\u02dd",  # double acute
    "\u1fbf",  # Greek psili
    "\u1fef",  # Greek varia
    "\u0307",  # combining dot above, bare
    "\u0326",  # combining comma below, bare
    "\u02cc",  # modifier low vertical line
    "\u2396",  # decimal separator key symbol
    "\u2e41",  # reversed comma
    "\u3001",  # ideographic comma
    "\ufe50",  # small comma
    "\ufe52",  # small full stop
    "\u00b7",
]


def _separator_templates() -> list[adv.Template]:
    out: list[adv.Template] = []
    for s in _SEPARATORS:
        out.append(_t("h2_separator", "n.txt", "total {a}" + s + "{c} runs\n", "{a}"))
        out.append(_t("h2_separator", "n.txt", "total {a}" + s + "{c} runs\n", "{c}"))
    return out


_SCRIPTS = [
    # Other digit scripts, alone and mixed with ASCII digits.
    ("h2_script", "n.txt", "total \u0664\u0669 runs\n", "49"),
    ("h2_script", "n.txt", "total \u06f4\u06f9 runs\n", "49"),
    ("h2_script", "n.txt", "total \u096a\u096f runs\n", "49"),
    ("h2_script", "n.txt", "total {a}\u0669 runs\n", "{a}"),
    ("h2_script", "n.txt", "total \u0664{a} runs\n", "{a}"),
    ("h2_script", "n.txt", "total {a}\u066b\u0665 runs\n", "{a}"),
    ("h2_script", "n.txt", "total {a}\u0e52 runs\n", "{a}"),
    ("h2_script", "n.txt", "total {a}\uff15 runs\n", "{a}"),
    ("h2_script", "n.txt", "total {a}\U0001d7d3 runs\n", "{a}"),
    # Superscript, subscript digits and ordinals.
    ("h2_script", "n.txt", "area {a}\u00b2 m\n", "{a}"),
    ("h2_script", "n.txt", "x\u2074\u2079 here\n", "49"),
    ("h2_script", "n.txt", "x{a}\u2079 here\n", "{a}"),
    ("h2_script", "n.txt", "H\u2082O {a}\u2083 here\n", "{a}"),
    ("h2_script", "n.txt", "the {a}st run\n", "{a}"),
    ("h2_script", "n.txt", "the {a}\u02e2\u1d57 run\n", "{a}"),
    ("h2_script", "n.txt", "the {a}\u00ba run\n", "{a}"),
    ("h2_script", "n.txt", "the {a}\u00aa run\n", "{a}"),
    ("h2_script", "t.html", "<p>the {a}<sup>st</sup> run</p>", "{a}"),
    ("h2_script", "p.tex", "the {a}\\textsuperscript{{nd}} run\n", "{a}"),
    ("h2_script", "p.tex", "the {a}$^{{\\text{{rd}}}}$ run\n", "{a}"),
    ("h2_script", "n.txt", "the {a}. run\n", "{a}", V),
    ("h2_script", "n.txt", "score {a} runs\n", "{a}", V),
]

_NUMBERS = [
    # Indian grouping, other grouping.
    ("h2_group", "n.txt", "total {a},{b},{c} runs\n", "{a}"),
    ("h2_group", "n.txt", "total {a},{b},{c} runs\n", "{b},{c}"),
    ("h2_group", "n.txt", "total {a},{b},{c} runs\n", "{c}"),
    ("h2_group", "n.txt", "total 1,{b},{c} runs\n", "{b}"),
    ("h2_group", "n.txt", "total {a}_{c} runs\n", "{a}"),
    ("h2_group", "n.txt", "total {a} {c} runs\n", "{a}", V),
    # Scientific forms.
    ("h2_sci", "n.txt", "n = {a}e3\n", "{a}"),
    ("h2_sci", "n.txt", "n = {a}E+03\n", "{a}"),
    ("h2_sci", "n.txt", "n = {a}E+03\n", "03"),
    ("h2_sci", "n.txt", "n = {a}E+03\n", "{a}000", V),
    ("h2_sci", "n.txt", "n = {a}.{b}E-0{b}\n", "{a}.{b}"),
    ("h2_sci", "n.txt", "n = {a}e\u2212{b}\n", "{a}"),
    ("h2_sci", "n.txt", "n = {a}d{b}\n", "{a}"),
    ("h2_sci", "n.txt", "n = {a} E{b}\n", "{a}"),
    ("h2_sci", "n.txt", "n = {a}\u00d710\u207b\u00b3\n", "{a}"),
    ("h2_sci", "n.txt", "n = {a}\u23e8{b}\n", "{a}"),
    ("h2_sci", "n.txt", "n = 0x{a}\n", "{a}"),
    ("h2_sci", "n.txt", "n = 0b{a}\n", "{a}"),
    ("h2_sci", "n.txt", "n = #{c}\n", "{c}", V),
    # Fractions and mixed numbers.
    ("h2_frac", "n.txt", "take {a}/{b} cups\n", "{a}"),
    ("h2_frac", "n.txt", "take {a}/{b} cups\n", "{b}"),
    ("h2_frac", "n.txt", "take {a}\u00bd cups\n", "{a}"),
    ("h2_frac", "n.txt", "take {a} \u00bd cups\n", "{a}"),
    ("h2_frac", "n.txt", "take {a}\u2009\u00bd cups\n", "{a}"),
    ("h2_frac", "n.txt", "take {a} 1\u2044{b} cups\n", "{a}"),
    ("h2_frac", "n.txt", "take {a}\u2044{b} cups\n", "{b}"),
    ("h2_frac", "n.txt", "take \u00b9\u2044{b} cups\n", "{b}"),
    ("h2_frac", "n.txt", "take {a}\u2215{b} cups\n", "{a}"),
    ("h2_frac", "n.txt", "take {a}:{b} odds\n", "{a}"),
    # Ranges.
    ("h2_range", "n.txt", "pages {a}-{b} here\n", "{a}"),
    ("h2_range", "n.txt", "pages {a}\u2013{b} here\n", "{b}"),
    ("h2_range", "n.txt", "pages {a}\u2014{b} here\n", "{a}"),
    ("h2_range", "n.txt", "pages {a} \u2013 {b} here\n", "{a}"),
    ("h2_range", "n.txt", "pages {a} \u2013 {b} here\n", "{b}"),
    ("h2_range", "n.txt", "pages {a}~{b} here\n", "{a}"),
    ("h2_range", "n.txt", "pages {a}\u301c{b} here\n", "{a}"),
    ("h2_range", "n.txt", "pages {a}\uff5e{b} here\n", "{b}"),
    ("h2_range", "n.txt", "pages {a}..{b} here\n", "{a}"),
    ("h2_range", "n.txt", "pages {a}...{b} here\n", "{b}"),
    ("h2_range", "n.txt", "pages {a}\u2026{b} here\n", "{a}"),
    ("h2_range", "n.txt", "pages {a}\u2192{b} here\n", "{a}"),
    ("h2_range", "n.txt", "pages {a} to {b} here\n", "{a}", V),
    ("h2_range", "n.txt", "in {a}\u2013{b} here\n", "{a}\u2013{b}", V),
]

_MARKUP = [
    # XML: comments, processing instructions, CDATA, entities for digits.
    ("h2_xml", "d.xml", "<v>{a}<!--\n-->{c}</v>", "{a}"),
    ("h2_xml", "d.xml", "<v>{a}<?pi x?>{c}</v>", "{a}"),
    ("h2_xml", "d.xml", "<v>{a}<?pi x?>{c}</v>", "{c}"),
    ("h2_xml", "d.xml", "<v><![CDATA[{a}]]><![CDATA[{c}]]></v>", "{a}"),
    ("h2_xml", "d.xml", "<v>&#x34;{a}</v>", "{a}"),
    ("h2_xml", "d.xml", "<v>{a}&#x35;</v>", "{a}"),
    ("h2_xml", "d.xml", "<v>{a}&#53;</v>", "{a}"),
    ("h2_xml", "d.xml", '<v n="{a}.{b}"/>', "{a}"),
    ("h2_xml", "d.svg", "<text>{a}<tspan>{c}</tspan></text>", "{a}"),
    ("h2_xml", "d.html", "<p>{a}<!-- -->.<!-- -->{b}</p>", "{a}"),
    ("h2_xml", "d.html", "<p>{a}<span hidden>0</span>{c}</p>", "{c}"),
    ("h2_xml", "d.xml", "<v>{a}</v><w>{c}</w>", "{a}", V),
    ("h2_xml", "d.xml", '<v n="{a}"/>', "{a}", V),
    # RTF.
    ("h2_rtf", "d.rtf", "{{\\rtf1\\ansi total {a}\\'2c{c} runs\\par}}", "{a}"),
    ("h2_rtf", "d.rtf", "{{\\rtf1\\ansi total \\u8722?{a} runs\\par}}", "{a}"),
    ("h2_rtf", "d.rtf", "{{\\rtf1\\ansi total {a}\\~{c} runs\\par}}", "{a}"),
    ("h2_rtf", "d.rtf", "{{\\rtf1\\ansi total {a}\\'b7{c} runs\\par}}", "{c}"),
    ("h2_rtf", "d.rtf", "{{\\rtf1\\ansi total {a}\\u8201?{c} runs\\par}}", "{a}"),
    ("h2_rtf", "d.rtf", "{{\\rtf1\\ansi total {a}\\'25 runs\\par}}", "{a}"),
    ("h2_rtf", "d.rtf", "{{\\rtf1\\ansi total {a}\\_{c} runs\\par}}", "{a}"),
    ("h2_rtf", "d.rtf", "{{\\rtf1\\ansi\\deff0 total {a} runs\\par}}", "1"),
    # YAML.
    ("h2_yaml", "c.yaml", 'n: "{a}\\_{c}"\n', "{a}"),
    ("h2_yaml", "c.yaml", 'n: "\\x2d{a}"\n', "{a}"),
    ("h2_yaml", "c.yaml", 'n: "{a}\\x25"\n', "{a}"),
    ("h2_yaml", "c.yaml", 'n: "{a}\\u002e{b}"\n', "{a}"),
    ("h2_yaml", "c.yml", 'n: "\\u2212{a}"\n', "{a}"),
    ("h2_yaml", "c.yml", 'n: "{a}\\N{c}"\n', "{a}"),
    ("h2_yaml", "c.yaml", "n: 0o{a}\n", "{a}"),
    ("h2_yaml", "c.yaml", "n: 0x{a}\n", "{a}"),
    ("h2_yaml", "c.yaml", "n: {a}:{b}\n", "{a}"),
    ("h2_yaml", "c.yaml", "n: >\n  {a}\n  {c}\n", "{a}", V),
    ("h2_yaml", "c.yaml", "n: {a}  # {c}\n", "{a}", V),
    ("h2_yaml", "c.yaml", "n: '{a}'\n", "{a}", V),
    # TOML.
    ("h2_toml", "c.toml", "n = {a}_{c}\n", "{a}"),
    ("h2_toml", "c.toml", "n = 0o{a}\n", "{a}"),
    ("h2_toml", "c.toml", 'n = "{a}\\u0025"\n', "{a}"),
    ("h2_toml", "c.toml", 'n = "{a}\\U0000002E{b}"\n', "{a}"),
    ("h2_toml", "c.toml", 'n = "\\u2212{a}"\n', "{a}"),
    ("h2_toml", "c.toml", "n = {a}e{b}\n", "{a}"),
    ("h2_toml", "c.toml", "n = {a}\n", "{a}", V),
    ("h2_toml", "c.toml", "n = -{a}\n", "-{a}", V),
    # INI.
    ("h2_ini", "c.ini", "n = {a}%%\n", "{a}"),
    ("h2_ini", "c.ini", "n = {a}\\\n  {c}\n", "{a}"),
    ("h2_ini", "c.ini", "n = {a}\n", "{a}", V),
    ("h2_ini", "c.cfg", "[s]\nn = {a} ; {c}\n", "{a}", V),
    # LaTeX text commands around parts of a number.
    ("h2_tex", "p.tex", "n = {a}\\mathrm{{.}}{b}\n", "{a}"),
    ("h2_tex", "p.tex", "n = $\\mathrm{{{a}}}{c}$\n", "{a}"),
    ("h2_tex", "p.tex", "n = \\text{{{a}}}\\text{{{c}}}\n", "{c}"),
    ("h2_tex", "p.tex", "n = \\textrm{{{a}}}{{,}}{c}\n", "{a}"),
    ("h2_tex", "p.tex", "n = $\\mathbf{{{a}}}.{b}$\n", "{a}"),
    ("h2_tex", "p.tex", "n = $\\operatorname{{{a}}}{c}$\n", "{a}"),
    ("h2_tex", "p.tex", "n = $\\mathit{{{a}}}\\mathit{{{c}}}$\n", "{a}"),
    ("h2_tex", "p.tex", "n = {a}\\text{{\\,}}{c}\n", "{a}"),
    ("h2_tex", "p.tex", "n = {a}\\mbox{{.}}{b}\n", "{b}"),
    ("h2_tex", "p.tex", "n = {a}\\hbox{{,}}{c}\n", "{a}"),
    ("h2_tex", "p.tex", "n = \\textbf{{{a}}} runs\n", "{a}", V),
    ("h2_tex", "p.tex", "n = $\\mathrm{{{a}}}$ runs\n", "{a}", V),
    # siunitx's input syntax.
    ("h2_si", "p.tex", "n = \\num{{{a},{b}}}\n", "{a}"),
    ("h2_si", "p.tex", "n = \\num{{{a},{b}}}\n", "{a}{b}"),
    ("h2_si", "p.tex", "n = \\num{{{a}\\,{c}}}\n", "{a}"),
    ("h2_si", "p.tex", "n = \\num{{{a}~{c}}}\n", "{c}"),
    ("h2_si", "p.tex", "n = \\num{{{a}{{}}{c}}}\n", "{a}"),
    ("h2_si", "p.tex", "n = \\num{{{a}d{b}}}\n", "{a}"),
    ("h2_si", "p.tex", "n = \\num{{{a}({b})}}\n", "{b}"),
    ("h2_si", "p.tex", "n = \\num{{{a}+-{b}}}\n", "{b}"),
    ("h2_si", "p.tex", "n = \\num{{{a} \\pm {b}}}\n", "{a}"),
    ("h2_si", "p.tex", "n = \\num{{-{a}}}\n", "{a}"),
    ("h2_si", "p.tex", "n = \\num{{{a}x{b}}}\n", "{a}"),
    ("h2_si", "p.tex", "n = \\SI{{{a},{b}}}{{\\metre}}\n", "{a}"),
    ("h2_si", "p.tex", "n = \\qty{{{a} {c}}}{{\\metre}}\n", "{a}"),
    ("h2_si", "p.tex", "n = \\SI{{{a} {c}}}{{\\metre}}\n", "{c}"),
    ("h2_si", "p.tex", "n = \\tablenum{{{a} {c}}}\n", "{a}"),
    ("h2_si", "p.tex", "n = \\num[group-digits=none]{{{a}}}\n", "{a}"),
    ("h2_si", "p.tex", "n = \\num{{{a}}} runs\n", "{a}", V),
    ("h2_si", "p.tex", "n = \\num{{{a}.{b}}} runs\n", "{a}.{b}", V),
    ("h2_si", "p.tex", "n = \\SI{{{a}}}{{\\metre}} runs\n", "{a}", V),
    ("h2_si", "p.tex", "n = \\num{{{a}{c}}} runs\n", "{a}{c}", V),
]

_CSV = [
    ("h2_csv", "d.csv", "a,b\n({a}),{c}\n", "{a}"),
    ("h2_csv", "d.csv", 'a,b\n"({a},{c})",1\n', "{a}{c}"),
    ("h2_csv", "d.csv", "a,b\n{a}-,{c}\n", "{a}"),
    ("h2_csv", "d.csv", "a,b\n{a},{c}-\n", "{c}"),
    ("h2_csv", "d.csv", "a;b\n{a},{b};{c}\n", "{a}"),
    ("h2_csv", "d.csv", "a;b\n{a},{b};{c}\n", "{b}"),
    ("h2_csv", "d.tsv", "a\tb\n{a},{c}\t1\n", "{c}"),
    ("h2_csv", "d.csv", "a,b\n'{a},{c}\n", "{a}", V),
    ("h2_csv", "d.csv", "a,b\n{a},{c}\n", "{a}", V),
    ("h2_csv", "d.csv", "a,b\n{a},-{c}\n", "-{c}", V),
]


def _templates() -> list[adv.Template]:
    out = _separator_templates()
    for rows in (_SCRIPTS, _NUMBERS, _MARKUP, _CSV):
        for split, name, content, value, *exp in rows:
            out.append(_t(split, name, content, value, exp[0] if exp else NV))
    return out


def generate() -> list[dict[str, Any]]:
    """Every template, instantiated with two fixed triples (a, b, c share no digit)."""
    return adv.fixed_items(_templates(), [(49, 27, 318), (63, 85, 172)], "h2")


if __name__ == "__main__":
    adv.generate = generate  # the same measurement over this set
    adv.main([a for a in sys.argv[1:] if a != "--failures"])
