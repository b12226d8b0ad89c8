# ruff: noqa: RUF001, RUF002 - the set is made of look-alike characters
"""An adversarial set for the evidence check: numbers that a file holds only as part of something else.

Each item is a small project (files, and symlinks the measurement makes), one claim and
the status a sound check gives it, known by construction:

- ``not_verified``: the claim's digits or words stand in the file only inside an escape,
  an entity, markup, a power, a percentage, a range, a date or version, a longer number
  (another locale's grouping, a fraction, a superscript), another CSV cell, or the value
  is only in another file than the one the path names as the OS resolves it. Anything but
  ``verified`` is right (``value_not_found``, ``path_missing``, ...); ``verified`` is a
  false ``verified``;
- ``verified``: a control: the value stands alone beside the same markup; any other status
  is a false refusal (counted, never traded against soundness);
- ``status``: the exact status is known (``path_missing``, ``unparseable``, ...).

A claim whose check raises, or a batch that dies, is a crash. Items are drawn by
Hypothesis strategies (derandomized, so the set is the same on every run) from templates
per format the check reads (HTML/XML, JSON, TeX and Markdown, CSV/TSV, plain text) and
per class (``split``): entities, JSON escapes, TeX, signs, percent and its relatives,
ranges and dates, locales, fractions and scripts, prefixes and suffixes, CSV, Markdown,
paths, values. The templates were written one step away from the classes the earlier
rounds' tests pin (other entities, leading zeros, other spacing commands, other
separators), before any fix of this round.

Figures (``measure``): 790 items (721 over templates, 69 paths and values). On the code as
it stood at ``5037c24``, before this round's fixes: **52 false ``verified``**, 0 crashes,
3 false refusals (``68^{\\circ}``), 0 other wrong statuses. By class: percent and its
relatives 11 (``pp``, ``p.p.``, ``vH``, ``v. H.``, ``per hundred``, ``basis points``,
``prosenttia``, ``százalék``), TeX signs 7 (``$-\\,7$``, the en dash ``52--61``), Markdown 6
(``**25**,783``, `` `25`.4 ``, ``[19](x)263``), signs 5 (U+2043 ``⁃12.6``, U+2053
``⁓96.1``), HTML markup 4 (CDATA: ``38<![CDATA[249]]>``, ``<![CDATA[1]]>.6``), TeX
fractions 4 (``{35 \\over 96}``, ``\\sqrt[31]{68}``), entity powers 3 (``&bull;``,
``&lowast;`` before ``10^n``), locale grouping 3 (U+05F3 ``25׳783``, U+02D9 ``49˙318``),
TeX text 3 (``\\label{eq:58}``, ``\\includegraphics[scale=0.6]``), TeX siunitx 2
(``\\SI{1}{\\per\\cent}``, ``\\num{91 364}``), paths 2 (``x.txt/`` and ``x.txt/.`` read the
file ``x.txt``), fractions 1 (U+2216 ``19∖8``), JSON 1 (``"\\\\frac{19}{8}"``).

After this round's fixes (``694f116``): **2 false ``verified``**, 0 crashes, 3 false
refusals. Left: U+02D9 ``49˙318`` (NFKC folds the dot above to a space and a combining
mark, so the fold separates the digits) and ``\\num{91 364}`` (siunitx drops the spaces
inside ``\\num``; the reader keeps them as spaces); the false refusals are ``68^{\\circ}``
(the plain rules refuse a caret after a number before markup is decoded: accepting it
would need the prefilter to accept it too).

After the next round's fixes (``evidence6``): **0 false ``verified``**, 0 crashes, the same
3 false refusals. (``heldout2.py`` is the set written for that round.)

Run (the measurement imports only ``check_claim``, so it runs against any checkout)::

    python tests/systems/evidence/adversarial.py generate > /tmp/evidence-adv.jsonl
    PYTHONPATH=<checkout> python tests/systems/evidence/adversarial.py measure /tmp/evidence-adv.jsonl

"""

from __future__ import annotations

import json
import os
import sys
import tempfile
from collections import Counter
from collections.abc import Callable
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

NV, V = "not_verified", "verified"

#: A template: (split, file name, builder(a, b, c) -> (content, value, expect)). ``a`` and
#: ``b`` are integers 1..99 with no zero digit, ``c`` a three-digit group 100..999.
Template = tuple[str, str, Callable[[int, int, int], tuple[str, Any, str]]]


def _t(split: str, name: str, content: str, value: str, expect: str = NV) -> Template:
    """A template whose content and value are format strings over a, b, c."""
    return (
        split,
        name,
        lambda a, b, c: (content.format(a=a, b=b, c=c), value.format(a=a, b=b, c=c), expect),
    )


_ENTITY_SIGNS = ["&minus;", "&ndash;", "&mdash;", "&#8722;", "&#x2212;", "&#08722;", "&#x02212;"]
_ENTITY_SIGNS += [
    "&#X2212;",
    "&hyphen;",
    "&dash;",
    "&#8208;",
    "&#x2012;",
    "&#65293;",
    "&MinusPlus;",
]
_ENTITY_GROUPS = ["&nbsp;", "&thinsp;", "&#160;", "&#xA0;", "&#x00a0;", "&#8201;", "&#x202F;"]
_ENTITY_GROUPS += ["&ensp;", "&emsp;", "&numsp;", "&puncsp;", "&hairsp;", "&NonBreakingSpace;"]
_ENTITY_GROUPS += ["&ThinSpace;", "&#44;", "&#x2c;", "&comma;", "&period;", "&#46;", "&apos;"]
_ENTITY_GROUPS += ["&#39;", "&rsquo;", "&middot;", "&centerdot;", "&sol;", "&colon;", "&#47;"]
_ENTITY_PCT = ["&percnt;", "&#37;", "&#037;", "&#x25;", "&#x0025;", "&#X25;", "&permil;"]
_ENTITY_PCT += ["&#8240;", "&#x2030;", "&pertenk;", "&#x2031;", "&#1642;", "&#xFF05;"]
_ENTITY_TIMES = ["&times;", "&#215;", "&#0215;", "&#xD7;", "&#x00d7;", "&sdot;", "&middot;"]
_ENTITY_TIMES += ["&#8901;", "&lowast;", "&#42;", "&ast;", "&midast;", "&bull;", "&cdot;"]
_ENTITY_SUP = ["&sup2;", "&sup3;", "&sup1;", "&#178;", "&#xB2;", "&#8308;", "&#x2075;", "&#x2082;"]
_ENTITY_GLUE = ["&shy;", "&#173;", "&#x200B;", "&zwj;", "&zwnj;", "&#8288;", "&NoBreak;", "&lrm;"]
_ENTITY_FRAC = ["&frac12;", "&half;", "&frac34;", "&#189;", "&#x215B;", "&frac18;"]


def _html_templates() -> list[Template]:
    out: list[Template] = []
    for ext in (".html", ".xml", ".txt"):
        for s in _ENTITY_SIGNS:
            out.append(
                _t("entity_sign", "doc" + ext, "<p>loss " + s + "{a}.{b} here</p>", "{a}.{b}")
            )
        for g in _ENTITY_GROUPS:
            out.append(_t("entity_group", "doc" + ext, "<td>{a}" + g + "{c}</td>", "{a}"))
            out.append(_t("entity_group", "doc" + ext, "<td>{a}" + g + "{c}</td>", "{c}"))
        for p in _ENTITY_PCT:
            out.append(_t("entity_percent", "doc" + ext, "<td>{a}" + p + "</td>", "{a}"))
            out.append(_t("entity_percent", "doc" + ext, "<td>{a} " + p + "</td>", "{a}"))
        for x in _ENTITY_TIMES:
            out.append(_t("entity_power", "doc" + ext, "<p>{a}.{b}" + x + "10^{b}</p>", "{a}.{b}"))
            out.append(
                _t(
                    "entity_power",
                    "doc" + ext,
                    "<p>{a}.{b} " + x + " 10<sup>{b}</sup></p>",
                    "{a}.{b}",
                )
            )
        for sup in _ENTITY_SUP:
            out.append(_t("entity_script", "doc" + ext, "<p>area {a}" + sup + " m</p>", "{a}"))
        for z in _ENTITY_GLUE:
            out.append(_t("entity_glue", "doc" + ext, "<p>n = {a}" + z + "{c}</p>", "{a}"))
        for f in _ENTITY_FRAC:
            out.append(_t("entity_fraction", "doc" + ext, "<p>{a}" + f + " cups</p>", "{a}"))
    # Inside markup: a comment, CDATA, attributes, a tag between digits, scripts.
    out += [
        _t("html_markup", "t.html", "<p>{a}<!-- x -->{c}</p>", "{a}"),
        _t("html_markup", "t.html", "<p>{a}<!---->{c}</p>", "{c}"),
        _t("html_markup", "t.xml", "<v>{a}<![CDATA[{c}]]></v>", "{a}"),
        _t("html_markup", "t.xml", "<v><![CDATA[{a}]]>{c}</v>", "{c}"),
        _t("html_markup", "t.xml", "<v><![CDATA[{a}]]>.{b}</v>", "{a}"),
        _t("html_markup", "t.html", "<p>{a}<wbr>{c}</p>", "{a}"),
        _t("html_markup", "t.html", "<p>{a}<WBR/>{c}</p>", "{c}"),
        _t("html_markup", "t.html", "<p>{a}<span class='x'>{c}</span></p>", "{a}"),
        _t("html_markup", "t.html", "<p><b>{a}</b>,{c}</p>", "{a}"),
        _t("html_markup", "t.html", "<p>{a}<i\n>.{b}</i></p>", "{a}"),
        _t("html_markup", "t.html", "<p>10<SUP class=x>{b}</SUP></p>", "10"),
        _t("html_markup", "t.html", "<p>10<sup\n>{b}</sup></p>", "{b}"),
        _t("html_markup", "t.html", "<p>H<sub >{b}</sub>O</p>", "{b}"),
        _t("html_markup", "t.html", "<p>10<sup><b>{b}</b></sup></p>", "{b}"),
        _t("html_markup", "t.html", "<p>10<sup><!-- -->{b}</sup></p>", "{b}"),
        _t("html_markup", "t.html", "<p>{a}<sup>&minus;{b}</sup></p>", "{a}"),
        _t("html_markup", "t.html", "<p>{a}<sup>{b}</sup></p>", "{b}"),
        _t("html_markup", "t.html", "<p>{a}<span>%</span></p>", "{a}"),
        _t("html_markup", "t.html", "<p>{a}<span> %</span></p>", "{a}"),
        _t("html_markup", "t.html", "<p>{a}<b>&#37;</b></p>", "{a}"),
        _t("html_markup", "t.html", "<p><span>&minus;</span>{a}</p>", "{a}"),
        _t("html_markup", "t.html", "<p>{a}&#x2D;{b}</p>", "{a}"),
        _t("html_markup", "t.html", "<p>{a}&#45;{b}</p>", "{b}"),
        _t("html_markup", "t.html", "<p>{a}&#8211;{b}</p>", "{a}"),
        _t("html_markup", "t.html", "<p>{a}&foo;{b}</p>", "{a}"),
        _t("html_markup", "t.html", "<p>&madeup;{a}</p>", "{a}"),
        _t("html_markup", "t.html", "<p>{a}&amp;minus;</p>", "{a}", V),
        _t("html_markup", "t.html", "<td>{a}</td><td>{c}</td>", "{a}", V),
        _t("html_markup", "t.html", "<li>{a}.{b}</li>", "{a}.{b}", V),
        _t("html_markup", "t.html", "<p>&minus;{a}</p>", "-{a}", NV),  # fail closed
        _t("html_markup", "t.html", "<p>x &amp; {a} y</p>", "{a}", V),
        _t("html_markup", "t.html", "<p>R&D {a} y</p>", "{a}", V),
    ]
    return out


_JSON_IN_STRING = [
    ("json_escape", '"{a}\\u002e{b}"', "{a}"),
    ("json_escape", '"{a}\\u002E{b}"', "{b}"),
    ("json_escape", '"{a}\\u002c{c}"', "{a}"),
    ("json_escape", '"{a}\\u0025"', "{a}"),
    ("json_escape", '"{a} \\u0025"', "{a}"),
    ("json_escape", '"{a}\\u066a"', "{a}"),
    ("json_escape", '"{a}\\u2030"', "{a}"),
    ("json_escape", '"{a}\\uFF05"', "{a}"),
    ("json_escape", '"\\u2212{a}"', "{a}"),
    ("json_escape", '"\\u2012{a}"', "{a}"),
    ("json_escape", '"\\u002d{a}"', "{a}"),
    ("json_escape", '"\\uff0d{a}"', "{a}"),
    ("json_escape", '"{a}\\u00a0{c}"', "{a}"),
    ("json_escape", '"{a}\\u202f{c}"', "{c}"),
    ("json_escape", '"{a}\\u2009{c}"', "{a}"),
    ("json_escape", '"{a}\\u0027{c}"', "{a}"),
    ("json_escape", '"{a}\\u200b{c}"', "{a}"),
    ("json_escape", '"{a}\\u00ad{c}"', "{c}"),
    ("json_escape", '"{a}\\u00b2"', "{a}"),
    ("json_escape", '"{a}\\u00B3"', "{a}"),
    ("json_escape", '"{a}\\u00d710^{b}"', "{a}"),
    ("json_escape", '"{a}\\u00d7 10\\u00b3"', "{a}"),
    ("json_escape", '"{a}\\/{b}"', "{a}"),
    ("json_escape", '"{a}\\/{b}"', "{b}"),
    ("json_escape", '"{a}\\u002f{b}"', "{a}"),
    ("json_escape", '"{a}\\u003a{b}"', "{b}"),
    ("json_escape", '"{a}\\u00bd"', "{a}"),
    ("json_escape", '"{a}\\u0030"', "{a}"),
    ("json_escape", '"\\u0031{a}"', "{a}"),
    ("json_escape", '"{a}\\ud835\\udfce"', "{a}"),
    ("json_escape", '"\\ud835\\udfcf{a}"', "{a}"),
    ("json_escape", '"{a}\\ud83d\\ude00{c}"', "{a}"),
    ("json_escape", '"{a}\\ud800"', "{a}"),
    ("json_escape", '"{a}\\\\u0025"', "{a}"),
    ("json_escape", '"{a}\\\\,{c}"', "{a}"),
    ("json_escape", '"{a}\\\\%"', "{a}"),
    ("json_escape", '"\\\\frac{{{a}}}{{{b}}}"', "{a}"),
    ("json_escape", '"{a}\\x25"', "{a}"),
    ("json_escape", '"{a}\\U0025"', "{a}"),
    ("json_escape", '"{a}\\u00"', "{a}"),
    ("json_escape", '"&minus;{a}"', "{a}"),
    ("json_escape", '"{a}&#37;"', "{a}"),
    ("json_escape", '"{a}\\u0026#37;"', "{a}"),
    ("json_escape", '"{a}\\u0026percnt;"', "{a}"),
    ("json_escape", '"{a}\\u005c%"', "{a}"),
    ("json_escape", '"{a}\\n{c}"', "{a}", V),
    ("json_escape", '"{a}\\t{c}"', "{c}", V),
    ("json_escape", '"x\\"{a}\\" y"', "{a}", V),
    ("json_escape", '"\\u0041 {a}"', "{a}", V),
]


def _json_templates() -> list[Template]:
    out: list[Template] = []
    for ext in (".json", ".jsonl"):
        for split, s, value, *exp in _JSON_IN_STRING:
            out.append(_t(split, "r" + ext, '{{"k": ' + s + "}}\n", value, exp[0] if exp else NV))
    out += [
        _t("json_number", "r.json", '{{"n": {a}e3}}', "{a}"),
        _t("json_number", "r.json", '{{"n": {a}E+3}}', "{a}"),
        _t("json_number", "r.json", '{{"n": {a}.{b}e-2}}', "{a}.{b}"),
        _t("json_number", "r.json", '{{"n": -{a}}}', "{a}"),
        _t("json_number", "r.json", '{{"n": [{a},{c}]}}', "{a},{c}"),
        _t("json_number", "r.json", '{{"n": {a}e3}}', "{a}000", V),
        _t("json_number", "r.json", '{{"n": [{a},{c}]}}', "{c}", V),
        _t("json_number", "r.json", '{{"{a}.{b}": 1}}', "{a}", NV),
        _t("json_number", "r.json", '{{"k": "{a},{c}"}}', "{c}"),
        _t("json_number", "r.json", '{{"k": "{a}\\",{c}"}}', "{c}", V),
        _t("json_number", "r.json", '{{"k": "a\\\\", "n": {a}}}', "{a}", V),
    ]
    return out


_TEX = [
    ("tex_space", "{a}\\,{c}", "{a}"),
    ("tex_space", "{a}\\;{c}", "{c}"),
    ("tex_space", "{a}\\:{c}", "{a}"),
    ("tex_space", "{a}\\>{c}", "{a}"),
    ("tex_space", "{a}~{c}", "{a}"),
    ("tex_space", "{a}\\!{c}", "{a}"),
    ("tex_space", "{a}\\thinspace {c}", "{a}"),
    ("tex_space", "{a}\\thinspace{{}}{c}", "{c}"),
    ("tex_space", "{a}{{\\,}}{c}", "{a}"),
    ("tex_space", "{a}\\hspace{{1pt}}{c}", "{a}"),
    ("tex_space", "{a}\\hspace*{{0.2em}}{c}", "{c}"),
    ("tex_space", "{a}\\kern.1em{c}", "{a}"),
    ("tex_space", "{a}\\mkern2mu {c}", "{a}"),
    ("tex_space", "{a}\\hskip 1pt {c}", "{a}"),
    ("tex_space", "{a}\\nobreak\\,{c}", "{a}"),
    ("tex_space", "{a}\\hphantom{{0}}{c}", "{a}"),
    ("tex_space", "{a}\\phantom{{0}}{c}", "{c}"),
    ("tex_space", "{a}\\allowbreak {c}", "{a}"),
    ("tex_space", "{a}\\quad{c}", "{a}"),
    ("tex_group", "{a}{{,}}{c}", "{c}"),
    ("tex_group", "{a}{{.}}{b}", "{a}"),
    ("tex_group", "{{{a}}}{{{c}}}", "{a}"),
    ("tex_group", "${a}$${c}$", "{a}"),
    ("tex_group", "\\({a}\\){c}", "{a}"),
    ("tex_group", "{a}\\mathord{{,}}{c}", "{a}"),
    ("tex_group", "{a}\\mathpunct{{.}}{c}", "{c}"),
    ("tex_group", "{a}\\decimalsep{c}", "{a}"),
    ("tex_group", "{a}\\text{{.}}{b}", "{a}"),
    ("tex_group", "{a}\\textbf{{,}}{c}", "{c}"),
    ("tex_si", "\\num{{{a}.{b}e3}}", "{a}.{b}"),
    ("tex_si", "\\num{{{a}e{b}}}", "{a}"),
    ("tex_si", "\\num[group-separator={{,}}]{{{a}{c}}}", "{c}"),
    ("tex_si", "\\num{{{a} {c}}}", "{a}"),
    ("tex_si", "\\SI{{{a}}}{{\\percent}}", "{a}"),
    ("tex_si", "\\SI{{{a}}}{{\\per\\cent}}", "{a}"),
    ("tex_si", "\\qty{{{a}}}{{\\percent}}", "{a}"),
    ("tex_si", "\\SI{{{a}}}{{\\permille}}", "{a}"),
    ("tex_si", "\\SI{{{a}.{b}e3}}{{\\metre}}", "{a}.{b}"),
    ("tex_si", "\\SI{{{a}x10^{b}}}{{\\metre}}", "{a}"),
    ("tex_si", "\\SIrange{{{a}}}{{{b}}}{{\\metre}}", "{a}"),
    ("tex_si", "\\numrange{{{a}}}{{{b}}}", "{b}"),
    ("tex_si", "\\numlist{{{a};{b}}}", "{a}"),
    ("tex_si", "\\ang{{{a};{b};0}}", "{a}"),
    ("tex_si", "\\SI{{{a}}}{{\\metre}}", "{a}", V),
    ("tex_frac", "\\frac{{{a}}}{{{b}}}", "{a}"),
    ("tex_frac", "\\frac{{{a}}}{{{b}}}", "{b}"),
    ("tex_frac", "\\tfrac{a}{b}", "{b}"),
    ("tex_frac", "\\frac {a}{b}", "{a}"),
    ("tex_frac", "\\dfrac{{{a}}}{{{b}}}", "{a}"),
    ("tex_frac", "\\nicefrac{{{a}}}{{{b}}}", "{b}"),
    ("tex_frac", "\\sfrac{{{a}}}{{{b}}}", "{a}"),
    ("tex_frac", "{{{a} \\over {b}}}", "{a}"),
    ("tex_frac", "{a}\\over{b}", "{b}"),
    ("tex_frac", "\\binom{{{a}}}{{{b}}}", "{a}"),
    ("tex_frac", "{{{a} \\choose {b}}}", "{b}"),
    ("tex_frac", "\\sqrt{{{a}}}", "{a}"),
    ("tex_frac", "\\sqrt[{b}]{{{a}}}", "{b}"),
    ("tex_frac", "\\sqrt[{b}]{{{a}}}", "{a}"),
    ("tex_frac", "\\sqrt {a}", "{a}"),
    ("tex_frac", "\\log_{b} {a}", "{b}"),
    ("tex_frac", "\\overline{{{a}}}", "{a}"),
    ("tex_frac", "\\hat{{{a}}}", "{a}"),
    ("tex_frac", "\\cancel{{{a}}}", "{a}"),
    ("tex_script", "x^{{{a}}}", "{a}"),
    ("tex_script", "x^ {{{a}}}", "{a}"),
    ("tex_script", "x^{{ {a} }}", "{a}"),
    ("tex_script", "x^\\text{{{a}}}", "{a}"),
    ("tex_script", "x^{{\\,{a}}}", "{a}"),
    ("tex_script", "x^{{\\mathrm{{{a}}}}}", "{a}"),
    ("tex_script", "x_{{{a}}}", "{a}"),
    ("tex_script", "x_\\text{{{a}}}", "{a}"),
    ("tex_script", "10^{{-{a}}}", "{a}"),
    ("tex_script", "10^{{-{a}}}", "-{a}"),
    ("tex_script", "{a}^\\circ", "{a}", V),
    ("tex_script", "{a}^{{\\circ}}", "{a}", V),
    ("tex_script", "10\\textsuperscript {{{a}}}", "{a}"),
    ("tex_script", "{a}\\sp{{{b}}}", "{a}"),
    ("tex_script", "{a}\\sb{{{b}}}", "{b}"),
    ("tex_script", "{{}}^{{{a}}}\\mathrm{{C}}", "{a}"),
    ("tex_power", "{a}.{b}\\times 10^{b}", "{a}.{b}"),
    ("tex_power", "{a}.{b}\\,\\times\\,10^{{{b}}}", "{a}.{b}"),
    ("tex_power", "{a}.{b}{{\\times}}10^{{{b}}}", "{a}.{b}"),
    ("tex_power", "{a}.{b}\\times\\!10^{{{b}}}", "{a}.{b}"),
    ("tex_power", "{a}.{b}\\cdot 10^{{{b}}}", "{a}.{b}"),
    ("tex_power", "{a}.{b}\\times\n10^{{{b}}}", "{a}.{b}"),
    ("tex_power", "{a}.{b}~\\times~10^{{{b}}}", "{a}.{b}"),
    ("tex_power", "{a}.{b}\\times10^\\text{{{b}}}", "{a}.{b}"),
    ("tex_power", "{a}.{b}\\times{{10}}^{{{b}}}", "{a}.{b}"),
    ("tex_power", "{a}.{b}\\times 10\\textsuperscript{{{b}}}", "{a}.{b}"),
    ("tex_power", "{a}.{b}\\texttimes 10^{{{b}}}", "{a}.{b}"),
    ("tex_power", "{a}.{b}$\\times$10$^{{{b}}}$", "{a}.{b}"),
    ("tex_power", "{a}.{b}\\ensuremath{{\\times}}10^{{{b}}}", "{a}.{b}"),
    ("tex_power", "{a}.{b}\\times\\mathrm{{10}}^{{{b}}}", "{a}.{b}"),
    ("tex_power", "{a}.{b}\\mathrm{{e}}{b}", "{a}.{b}"),
    ("tex_power", "{a}.{b}\\mathrm{{E}}{{-{b}}}", "{a}.{b}"),
    ("tex_percent", "{a}\\%", "{a}"),
    ("tex_percent", "{a}\\,\\%", "{a}"),
    ("tex_percent", "{a}~\\%", "{a}"),
    ("tex_percent", "{a}\\ \\%", "{a}"),
    ("tex_percent", "{a}\\thinspace\\%", "{a}"),
    ("tex_percent", "{a}{{\\%}}", "{a}"),
    ("tex_percent", "${a}\\%$", "{a}"),
    ("tex_percent", "${a}$\\%", "{a}"),
    ("tex_percent", "{a}\\textpercent{{}}", "{a}"),
    ("tex_percent", "{a}\\,\\textperthousand", "{a}"),
    ("tex_percent", "{a}\\si{{\\percent}}", "{a}"),
    ("tex_percent", "{a}\\,\\si{{\\percent}}", "{a}"),
    ("tex_percent", "{a}\\unit{{\\percent}}", "{a}"),
    ("tex_percent", "{a}\\mbox{{\\%}}", "{a}"),
    ("tex_percent", "{a}\\text{{\\%}}", "{a}"),
    ("tex_percent", "{a}\\textrm{{ \\%}}", "{a}"),
    ("tex_percent", "{a}\\pct", "{a}"),
    ("tex_percent", "{a}\\permil", "{a}"),
    ("tex_percent", "{a}\\perthousand", "{a}"),
    ("tex_sign", "$-{a}$", "{a}"),
    ("tex_sign", "$\\minus{a}$", "{a}"),
    ("tex_sign", "\\textminus{a}", "{a}"),
    ("tex_sign", "\\textminus {a}", "{a}"),
    ("tex_sign", "$\\pm{a}$", "{a}"),
    ("tex_sign", "$\\pm {a}$", "{a}"),
    ("tex_sign", "$\\mp{a}$", "{a}"),
    ("tex_sign", "\\textpm{{}}{a}", "{a}"),
    ("tex_sign", "$-\\,{a}$", "{a}"),
    ("tex_sign", "$-{{{a}}}$", "{a}"),
    ("tex_sign", "{{-}}{a}", "{a}"),
    ("tex_sign", "\\({{-}}{a}\\)", "{a}"),
    ("tex_sign", "\\textendash{a}", "{a}"),
    ("tex_sign", "{a}\\textendash{b}", "{a}"),
    ("tex_sign", "{a}--{b}", "{a}"),
    ("tex_sign", "{a}---{b}", "{b}"),
    ("tex_sign", "$-{a}$", "-{a}", V),
    ("tex_sign", "$\\,{a}$", "{a}", V),
    ("tex_text", "\\text{{{a}}}{c}", "{a}"),
    ("tex_text", "\\mathrm{{{a}}}.{b}", "{a}"),
    ("tex_text", "\\textbf{{{a}}}{{,}}{c}", "{a}"),
    ("tex_text", "\\emph{{{a}}}\\,{c}", "{a}"),
    ("tex_text", "\\underline{{{a}}}{c}", "{c}"),
    ("tex_text", "\\textcolor{{red}}{{{a}}}{c}", "{a}"),
    ("tex_text", "\\color{{red}}{a}", "{a}"),
    ("tex_text", "\\footnotesize{a}", "{a}"),
    ("tex_text", "\\textsuperscript{{{a}}}{c}", "{a}"),
    ("tex_text", "\\textbf{{{a}}} runs", "{a}", V),
    ("tex_text", "\\cite{{x}} {a} runs", "{a}", V),
    ("tex_text", "\\ref{{fig{a}}} shows", "{a}"),
    ("tex_text", "\\label{{eq:{a}}}", "{a}"),
    ("tex_text", "\\cite{{p{a}}}", "{a}"),
    ("tex_text", "\\includegraphics[width={a}cm]{{f}}", "{a}"),
    ("tex_text", "\\includegraphics[scale=0.{b}]{{f}}", "0.{b}"),
    ("tex_text", "\\setcounter{{page}}{{{a}}}", "{a}"),
    ("tex_text", "\\vspace{{{a}pt}}", "{a}"),
    ("tex_text", "\\begin{{tabular}}{{p{{{a}cm}}}}", "{a}"),
    ("tex_text", "%  {a} hidden comment\nx", "{a}", V),
]


def _tex_templates() -> list[Template]:
    out: list[Template] = []
    for ext in (".tex", ".md", ".txt"):
        for split, body, value, *exp in _TEX:
            out.append(
                _t(split, "p" + ext, "We got " + body + " here.\n", value, exp[0] if exp else NV)
            )
    return out


# Signs and dashes as characters (not markup) before a number, and a percent/per mille/bps.
_SIGNS = ["\u2212", "\u2012", "\u2013", "\u2014", "\u2015", "\uff0d", "\ufe63", "\u2796", "\u2011"]
_SIGNS += ["\u02d7", "\u2e3a", "\u2053", "\u301c", "\u00ad", "\u207b", "\u208b", "\u2010", "\u2052"]
_SIGNS += ["\u1806", "\u058a", "\u05be", "\u2e17", "\u2e40", "\u30a0", "\ufe58", "\ufe31", "\u2043"]
_PCT_WORDS = ["Percent", "PERCENT", "per cent", "per-cent", "Pct", "pct.", "PCT", "per centum"]
_PCT_WORDS += ["percentage points", "pp", "p.p.", "%-points", "% points", "pct pts", "vH", "v. H."]
_PCT_WORDS += ["Prozent", "procent", "por ciento", "pour cent", "percento", "Prozentpunkte"]
_PCT_WORDS += ["por cento", "procento", "prosent", "prosenttia", "százalék", "процентов", "％"]
_PCT_WORDS += ["per mille", "Per Mille", "PER MILLE", "promille", "per mil", "per thousand", "‰"]
_PCT_WORDS += ["basis points", "bps", "basis point", "per ten thousand", "‱", "bp", "pips"]
_PCT_WORDS += ["per hundred"]


def _plain_templates() -> list[Template]:
    out: list[Template] = []
    for s in _SIGNS:
        out.append(_t("sign", "n.txt", "delta " + s + "{a}.{b} pts\n", "{a}.{b}"))
    for w in _PCT_WORDS:
        for gap in (" ", "  ", "\n", "\u00a0", "\u2009", "\t", ""):
            if gap == "" and w[:1].isalpha():
                continue
            out.append(_t("percent", "n.txt", "share {a}" + gap + w + " of all\n", "{a}"))
    out += [
        _t("percent", "n.txt", "share {a} percent of all\n", "{a}%", V),
        _t("percent", "n.txt", "share {a}% of all\n", "{a}%", V),
        _t("percent", "n.txt", "share {a} percentile of all\n", "{a}", V),
        _t("percent", "n.txt", "share {a} per capita\n", "{a}", V),
    ]
    # Ranges, dates, times, versions, other digit strings.
    out += [
        _t("range", "n.txt", "took {a}-{b} days\n", "{a}"),
        _t("range", "n.txt", "took {a}\u2013{b} days\n", "{b}"),
        _t("range", "n.txt", "took {a} \u2013 {b} days\n", "{a}"),
        _t("range", "n.txt", "took {a}\u2014{b} days\n", "{a}"),
        _t("range", "n.txt", "took {a}..{b} days\n", "{a}"),
        _t("range", "n.txt", "took {a}...{b} days\n", "{b}"),
        _t("range", "n.txt", "took {a}\u2025{b} days\n", "{a}"),
        _t("range", "n.txt", "took {a}\u2026{b} days\n", "{a}"),
        _t("range", "n.txt", "took {a}~{b} days\n", "{a}"),
        _t("range", "n.txt", "took {a}\u301c{b} days\n", "{b}"),
        _t("range", "n.txt", "took {a}\uff5e{b} days\n", "{a}"),
        _t("range", "n.txt", "took {a}\u2192{b} days\n", "{a}", V),
        _t("date", "n.txt", "on 2024-0{a!s:.1}-1{b!s:.1} we ran\n", "0{a!s:.1}"),
        _t("date", "n.txt", "on 2024/0{a!s:.1}/1{b!s:.1} we ran\n", "0{a!s:.1}"),
        _t("date", "n.txt", "on 1{b!s:.1}.0{a!s:.1}.2024 we ran\n", "0{a!s:.1}"),
        _t("date", "n.txt", "at 10:{a!s:.1}0 we ran\n", "{a!s:.1}0"),
        _t("date", "n.txt", "at 1:30:{a!s:.1}5 we ran\n", "{a!s:.1}5"),
        _t("date", "n.txt", "at 2024-05-01T10:{a!s:.1}0Z we ran\n", "{a!s:.1}0"),
        _t("date", "n.txt", "version {a}.{b}.{a} shipped\n", "{a}.{b}"),
        _t("date", "n.txt", "version v{a}.{b} shipped\n", "{a}.{b}"),
        _t("date", "n.txt", "version {a}.{b}.x shipped\n", "{a}.{b}"),
        _t("date", "n.txt", "ip 10.{a}.{b}.1 here\n", "10.{a}"),
        _t("date", "n.txt", "isbn 978-{a}-{c}\n", "{c}"),
        _t("date", "n.txt", "call +1 {c} {c}-{a}{a}\n", "{c}", V),
        _t("locale", "n.txt", "total {a}\u00a0{c}\n", "{a}"),
        _t("locale", "n.txt", "total {a}\u202f{c}\n", "{c}"),
        _t("locale", "n.txt", "total {a}'{c}\n", "{a}"),
        _t("locale", "n.txt", "total {a}\u2019{c}\n", "{c}"),
        _t("locale", "n.txt", "total {a}\u02bc{c}\n", "{a}"),
        _t("locale", "n.txt", "total {a}\u055a{c}\n", "{a}"),
        _t("locale", "n.txt", "total {a}\u05f3{c}\n", "{a}"),
        _t("locale", "n.txt", "total {a}\uff07{c}\n", "{a}"),
        _t("locale", "n.txt", "total {a}\u02d9{c}\n", "{a}"),
        _t("locale", "n.txt", "total {a}\u066c{c}\n", "{a}"),
        _t("locale", "n.txt", "total {a}\u060c{c}\n", "{a}"),
        _t("locale", "n.txt", "total {a}\u2e41{c}\n", "{c}"),
        _t("locale", "n.txt", "total {a}.{c},{b}\n", "{c}"),
        _t("locale", "n.txt", "total {a}.{c},{b}\n", "{b}"),
        _t("locale", "n.txt", "total {a},{c},{c}\n", "{c}"),
        _t("locale", "n.txt", "total {a},{b},{c}\n", "{b}"),
        _t("locale", "n.txt", "total 1{a!s:.1},{b!s:.1}{b!s:.1},{c}\n", "{c}"),
        _t("locale", "n.txt", "total {a}_{c}\n", "{a}"),
        _t("locale", "n.txt", "total {a}\u2005{c}\n", "{a}"),
        _t("locale", "n.txt", "total {a}\u205f{c}\n", "{c}"),
        _t("locale", "n.txt", "total {a}\u3000{c}\n", "{a}", V),
        _t("locale", "n.txt", "total {a}\u0660{c}\n", "{a}"),
        _t("locale", "n.txt", "total {a}\u0967\n", "{a}"),
        _t("locale", "n.txt", "total {a}\U0001d7ce\n", "{a}"),
        _t("locale", "n.txt", "total \U0001d7cf{a}\n", "{a}"),
        _t("locale", "n.txt", "total {a}\uff11\n", "{a}"),
        _t("fraction", "n.txt", "add {a}\u00bd cups\n", "{a}"),
        _t("fraction", "n.txt", "add {a} \u00bd cups\n", "{a}"),
        _t("fraction", "n.txt", "add {a}\u2153 cups\n", "{a}"),
        _t("fraction", "n.txt", "add {a}\u2044{b} cups\n", "{a}"),
        _t("fraction", "n.txt", "add {a}\u2215{b} cups\n", "{b}"),
        _t("fraction", "n.txt", "add {a}\u2216{b} cups\n", "{b}"),
        _t("fraction", "n.txt", "add {a}/{b} cups\n", "{a}"),
        _t("fraction", "n.txt", "add {a}\u00b2 m\n", "{a}"),
        _t("fraction", "n.txt", "add {a}\u207b\u00b9 s\n", "{a}"),
        _t("fraction", "n.txt", "add {a}\u2070 s\n", "{a}"),
        _t("fraction", "n.txt", "add H\u2082O {a}\u2083\n", "{a}"),
        _t("fraction", "n.txt", "add {a}\u00b0 C\n", "{a}", V),
        _t("fraction", "n.txt", "add {a}\u2032 long\n", "{a}", V),
        _t("fraction", "n.txt", "add {a}\u2460 x\n", "{a}"),
        _t("fraction", "n.txt", "add \u216b {a}\n", "12", NV),
        _t("fraction", "n.txt", "add {a}\u2161 x\n", "{a}"),
        _t("affix", "n.txt", "reg 0x{a} set\n", "{a}"),
        _t("affix", "n.txt", "reg 0X{a}F set\n", "{a}"),
        _t("affix", "n.txt", "reg 0b{a} set\n", "{a}"),
        _t("affix", "n.txt", "reg #{a} set\n", "{a}", V),
        _t("affix", "n.txt", "reg {a}st set\n", "{a}"),
        _t("affix", "n.txt", "reg {a}\u00ba set\n", "{a}"),
        _t("affix", "n.txt", "reg {a}\u00aa set\n", "{a}"),
        _t("affix", "n.txt", "reg \u2116{a} set\n", "{a}"),
        _t("affix", "n.txt", "reg {a}e{b} set\n", "{a}"),
        _t("affix", "n.txt", "reg {a}.{b}e{b} set\n", "{a}.{b}"),
        _t("affix", "n.txt", "reg {a}.{b}E-{b} set\n", "{a}.{b}"),
        _t("affix", "n.txt", "reg {a}.{b}\u00d7 10\u207b\u00b3 set\n", "{a}.{b}"),
        _t("affix", "n.txt", "reg {a}.{b} \u00b7 10^{b} set\n", "{a}.{b}"),
        _t("affix", "n.txt", "reg {a}.{b} x 10^{b} set\n", "{a}.{b}"),
        _t("affix", "n.txt", "reg {a}.{b} X 10**{b} set\n", "{a}.{b}"),
        _t("affix", "n.txt", "reg {a}.{b}\u00a0\u00d7\u00a010^{b} set\n", "{a}.{b}"),
        _t("affix", "n.txt", "reg {a}.{b} \u2219 10^{b} set\n", "{a}.{b}"),
        _t("affix", "n.txt", "reg {a}.{b} \u2715 10^{b} set\n", "{a}.{b}"),
        _t("affix", "n.txt", "reg {a}.{b} \u00d7 10^({b}) set\n", "{a}.{b}"),
        _t("affix", "n.txt", "reg {a}.{b}E{b} set\n", "{a}.{b}e{b}", V),
        _t("affix", "n.txt", "reg {a}k set\n", "{a}"),
        _t("affix", "n.txt", "reg {a} k set\n", "{a}", V),
        _t("affix", "n.txt", "reg {a}\u00a0k set\n", "{a}", V),
    ]
    return out


def _csv_templates() -> list[Template]:
    return [
        _t("csv", "d.csv", 'a,b\n"{a},{c}",{b}\n', "{a}"),
        _t("csv", "d.csv", 'a,b\r\n"{a},{c}",{b}\r\n', "{c}"),
        _t("csv", "d.csv", '\ufeff"{a},{c}",{b}\n', "{a}"),
        _t("csv", "d.csv", '\ufeffa,b\n"{a},{c}",{b}\n', "{c}"),
        _t("csv", "d.csv", 'a,b\n"x\n{a},{c}",{b}\n', "{a}"),
        _t("csv", "d.csv", 'a,b\n"x\r\n{a},{c}",{b}\n', "{c}"),
        _t("csv", "d.csv", 'a,b\n"x "",{a},{c}",{b}\n', "{a}"),
        _t("csv", "d.csv", 'a,b\n"x """,{a},{c}\n', "{a}", V),
        _t("csv", "d.csv", 'a,b\nmonitor {b}",{a},{c}\n', "{a}{c}"),
        _t("csv", "d.csv", 'a,b\nx"y"z,{a},{c}\n', "{a}{c}"),
        _t("csv", "d.csv", 'a,b\nx"y,{a},{c}\n', "{a}{c}"),
        _t("csv", "d.csv", 'a,b\nx"y,{a},{c}\n', "{c}", V),
        _t("csv", "d.csv", 'a,b\nx, "{a},{c}"\n', "{a}{c}"),
        _t("csv", "d.csv", "a;b\n{a},{c};{b}\n", "{a}"),
        _t("csv", "d.csv", "a;b\n{a},{c};{b}\n", "{c}"),
        _t("csv", "d.csv", "sep=;\n{a},{c};{b}\n", "{a}"),
        _t("csv", "d.csv", "a|b\n{a},{c}|{b}\n", "{c}"),
        _t("csv", "d.tsv", "a\tb\n{a},{c}\t{b}\n", "{a}"),
        _t("csv", "d.tsv", 'a\tb\n"{a}\t{c}"\t{b}\n', "{a}", V),
        _t("csv", "d.csv", "a,b\n{a},{c}\n", "{a}", V),
        _t("csv", "d.csv", "a,b\n{a},{c}\n", "{a},{c}"),
        _t("csv", "d.csv", 'a,b\n"{a}",{c}\n', "{a}", V),
        _t("csv", "d.csv", 'a,b\n"{a}""",{c}\n', "{a}", V),
        _t("csv", "d.csv", 'a,b\n"{a}.{b}",{c}\n', "{a}"),
        _t("csv", "d.csv", 'a,b\n"{a}",".{b}"\n', "{a}", V),
        _t("csv", "d.csv", "a,b\n{a}%,{c}\n", "{a}"),
        _t("csv", "d.csv", 'a,b\n"{a}\u00a0%",{c}\n', "{a}"),
        _t("csv", "d.csv", 'a,b\n="{a}",{c}\n', "{a}", V),
    ]


def _markdown_templates() -> list[Template]:
    return [
        _t("markdown", "r.md", "total **{a}**,{c} runs\n", "{a}"),
        _t("markdown", "r.md", "total *{a}*.{b} runs\n", "{a}"),
        _t("markdown", "r.md", "total _{a}_{c} runs\n", "{a}"),
        _t("markdown", "r.md", "total `{a}`,{c} runs\n", "{a}"),
        _t("markdown", "r.md", "total `{a}`.{b} runs\n", "{a}"),
        _t("markdown", "r.md", "total {a}`{c}` runs\n", "{a}"),
        _t("markdown", "r.md", "total {a}**{c}** runs\n", "{c}"),
        _t("markdown", "r.md", "total [{a}](x){c} runs\n", "{a}"),
        _t("markdown", "r.md", "total ~~{a}~~{c} runs\n", "{a}"),
        _t("markdown", "r.md", "total {a}\\.{b} runs\n", "{a}"),
        _t("markdown", "r.md", "total {a}\\%\n", "{a}"),
        _t("markdown", "r.md", "total {a}<br>{c}\n", "{a}", V),
        _t("markdown", "r.md", "total **{a}** runs\n", "{a}", V),
        _t("markdown", "r.md", "total `{a}` runs\n", "{a}", V),
        _t("markdown", "r.md", "| {a} | {c} |\n|---|---|\n", "{a}", V),
        _t("markdown", "r.md", "see [link](page{a}.html)\n", "{a}"),
        _t("markdown", "r.md", "see ![img](fig-{a}.png)\n", "{a}"),
        _t("markdown", "r.md", "<!-- {a} -->\nx\n", "{a}"),
        _t("markdown", "r.md", "total {a}^{b}^ runs\n", "{b}"),
        _t("markdown", "r.md", "total H~{b}~O runs\n", "{b}"),
    ]


def _source_items() -> list[dict[str, Any]]:
    """Paths as the OS resolves them: decoys hold the value where a wrong reading looks."""
    v = "4242.5"
    other = "nothing here\n"
    items = []

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
                "split": "path",
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
        "dotdot_after_link",
        {"d/a/x.txt": v, "d/b/sub/.keep": "", "d/b/x.txt": other},
        {"d/a/link": "../b/sub"},
        "d/a/link/../x.txt",
        NV,
    )
    item(
        "dotdot_after_link2",
        {"d/a/x.txt": v, "d/b/s/t/.k": "", "d/b/s/x.txt": other},
        {"d/a/l": "../b/s/t"},
        "d/a/l/./../x.txt",
        NV,
    )
    item(
        "dotdot_after_link3",
        {"x.txt": v, "y/.k": ""},
        {"y/up": "../.."},
        "y/up/x.txt",
        "status",
        "outside_root",
    )
    item(
        "dotdot_chain",
        {"a/x.txt": v, "b/c/.k": "", "b/x.txt": other},
        {"a/l1": "l2", "a/l2": "../b/c"},
        "a/l1/../x.txt",
        NV,
    )
    item("case", {"Data.txt": v}, {}, "data.txt", "status", "path_missing")
    item("case_dir", {"Dir/x.txt": v}, {}, "dir/x.txt", "status", "path_missing")
    item("trailing_dot", {"x.txt": v}, {}, "x.txt.", "status", "path_missing")
    item("trailing_space", {"x.txt": v}, {}, "x.txt ", "status", "path_missing")
    item("leading_space", {"x.txt": v}, {}, " x.txt", "status", "path_missing")
    item("trailing_tab", {"x.txt": v}, {}, "x.txt\t", "status", "path_missing")
    item("trailing_newline", {"x.txt": v}, {}, "x.txt\n", "status", "path_missing")
    item("trailing_slash", {"x.txt": v}, {}, "x.txt/", NV)
    item("trailing_slashdot", {"x.txt": v}, {}, "x.txt/.", NV)
    item("backslash", {"s/x.txt": v}, {}, "s\\x.txt", "status", "path_missing")
    item("percent_encoded", {"s/x.txt": v}, {}, "s%2Fx.txt", "status", "path_missing")
    item("tilde", {"x.txt": v}, {}, "~/x.txt", "status", "path_missing")
    item("nul", {"x.txt": v}, {}, "x.txt\x00", "status", "unparseable")
    item("nul_mid", {"x.txt": v}, {}, "x\x00.txt", "status", "unparseable")
    item("long_component", {"x.txt": v}, {}, "a" * 300 + ".txt", NV)
    item("long_path", {"x.txt": v}, {}, "a/" * 3000 + "x.txt", "status", "path_missing")
    item("surrogate", {"x.txt": v}, {}, "x\ud800.txt", "status", "unparseable")
    item("surrogate_pair_text", {"x.txt": v}, {}, "x\udc80.txt", "status", "path_missing")
    item("link_loop", {}, {"l1": "l2", "l2": "l1"}, "l1", NV)
    item("link_self", {}, {"me": "me"}, "me/x.txt", NV)
    item(
        "deep_links",
        {"x.txt": v},
        {f"k{i}": f"k{i + 1}" for i in range(60)} | {"k60": "x.txt"},
        "k0",
        NV,
    )
    item("glob_dotdot", {"a/x.txt": other, "x.txt": v}, {}, "a/*/../x.txt", NV)
    item("glob_star_dotdot", {"a/b.txt": other, "x.txt": v}, {}, "*/../x.txt", NV)
    item(
        "dotdot_out_decoy", {"x.txt": v, "a/.k": ""}, {}, "a/../../x.txt", "status", "outside_root"
    )
    item("dotdot_in", {"x.txt": v, "a/.k": ""}, {}, "a/../x.txt", V)
    item("abs", {"x.txt": v}, {}, "/x.txt", "status", "outside_root")
    item("pointer_space", {"r.json": '{"f1": 4242.5, "f1 ": 1}'}, {}, "r.json#/f1 ", NV)
    item("pointer_trailing_slash", {"r.json": '{"f1": 4242.5}'}, {}, "r.json#/f1/", NV)
    item("pointer_escape", {"r.json": '{"a/b": 4242.5, "a": {"b": 1}}'}, {}, "r.json#/a~1b", V)
    item("pointer_tilde", {"r.json": '{"a~b": 1, "a": 4242.5}'}, {}, "r.json#/a~2b", NV)
    item("pointer_percent", {"r.json": '{"a b": 4242.5}'}, {}, "r.json#/a%20b", V)
    item("pointer_pct_bad", {"r.json": '{"a": 4242.5}'}, {}, "r.json#/%zz", NV)
    item("pointer_index", {"r.json": '{"a": [1, 4242.5]}'}, {}, "r.json#/a/01", NV)
    item("pointer_index_plus", {"r.json": '{"a": [1, 4242.5]}'}, {}, "r.json#/a/+1", NV)
    item("pointer_index_uni", {"r.json": '{"a": [1, 4242.5]}'}, {}, "r.json#/a/\u0661", NV)
    item("pointer_key_number", {"r.json": '{"a": {"1": 4242.5}}'}, {}, "r.json#/a/1", V)
    item(
        "pointer_dup", {"r.json": '{"a": 4242.5, "a": 1}'}, {}, "r.json#/a", "status", "unreadable"
    )
    item("pointer_bom", {"r.json": '\ufeff{"a": 1}'}, {}, "r.json#/a", NV)
    item("pointer_big", {"r.json": '{"a": 1e400}'}, {}, "r.json#/a", NV, value="1e400x")
    # Values that are hard to read.
    long_words = " ".join(f"w{i}" for i in range(700))
    item(
        "long_text_nonascii", {"x.txt": long_words + " \u00e9\n"}, {}, "x.txt", V, value=long_words
    )
    item(
        "long_text_nonascii_miss",
        {"x.txt": long_words + " \u00e9\n"},
        {},
        "x.txt",
        NV,
        value=long_words + " zz",
    )
    item("long_text_cjk", {"x.txt": "\u7cbe" * 3000 + "\n"}, {}, "x.txt", V, value="\u7cbe" * 2500)
    item("huge_number", {"x.txt": "1" * 400 + "\n"}, {}, "x.txt", NV, value="1" * 300)
    item("regex_chars", {"x.txt": "a(b)[c]*+?{2}\n"}, {}, "x.txt", V, value="a(b)[c]*+?{2}")
    item("value_surrogate", {"x.txt": "a\n"}, {}, "x.txt", NV, value="a\ud800")
    item("value_combining", {"x.txt": "a\u0301\n"}, {}, "x.txt", NV, value="\u0301")
    item("value_cf_only", {"x.txt": "a\u200bb\n"}, {}, "x.txt", NV, value="\u200b")
    item("value_exp_big", {"x.txt": "1e999999999\n"}, {}, "x.txt", V, value="1e999999999")
    item(
        "value_exp_huge",
        {"x.txt": "1e9999999999\n"},
        {},
        "x.txt",
        "status",
        "unparseable",
        value="1e9999999999",
    )
    item("value_float_tiny", {"x.txt": "5e-324\n"}, {}, "x.txt", V, value=5e-324)
    item("value_bool", {"x.txt": "true\n"}, {}, "x.txt", "status", "unparseable", value=True)
    item("value_list", {"x.txt": "[1]\n"}, {}, "x.txt", "status", "unparseable", value=[1])
    item("value_backslash_end", {"x.txt": "(0\\,\\%\n"}, {}, "x.txt", NV, value="(0\\")
    item("value_ws", {"x.txt": "x 5 y\n"}, {}, "x.txt", V, value=" 5 ")
    item("value_crlf", {"x.txt": "a\r\nb\n"}, {}, "x.txt", V, value="a\nb")
    item("value_markup_text", {"x.txt": "acc 1&nbsp;234\n"}, {}, "x.txt", NV, value="acc 1")
    item(
        "value_markup_text2",
        {"r.json": '{"k": "score 86\\u0025"}'},
        {},
        "r.json",
        NV,
        value="score 86",
    )
    item("value_markup_text3", {"p.tex": "acc 1\\,234 here\n"}, {}, "p.tex", NV, value="acc 1")
    item("value_markup_text4", {"p.tex": "acc 5\\unknown here\n"}, {}, "p.tex", NV, value="acc 5")
    item("value_markup_text5", {"p.html": "acc &minus;5 here\n"}, {}, "p.html", NV, value="5 here")
    item("value_markup_text6", {"p.tex": "acc 5\\,\\% here\n"}, {}, "p.tex", NV, value="acc 5")
    item(
        "value_markup_text7",
        {"p.tex": "acc 5\\,\\textperthousand\n"},
        {},
        "p.tex",
        NV,
        value="acc 5",
    )
    item(
        "value_markup_text8", {"p.tex": "acc 1.5\\times10^{3}\n"}, {}, "p.tex", NV, value="acc 1.5"
    )
    item("value_markup_text9", {"p.tex": "x^{ 13} here\n"}, {}, "p.tex", NV, value="13 here")
    item("fifo", {}, {}, "fifo", "status", "unreadable")
    return items


def _builds(templates: list[Template]) -> st.SearchStrategy[dict[str, Any]]:
    digits = st.integers(1, 99).filter(lambda n: "0" not in str(n))
    # a, b and c share no digit, so the value stands nowhere else in the file by chance.
    return st.builds(
        lambda k, abc: _item(templates[k], *abc),
        st.integers(0, len(templates) - 1),
        st.tuples(digits, digits, st.integers(100, 999)).filter(
            lambda abc: (
                len(set(str(abc[0])) | set(str(abc[1])) | set(str(abc[2])))
                == len(str(abc[0])) + len(str(abc[1])) + 3
                and "0" not in str(abc[2])
            )
        ),
    )


def _item(t: Template, a: int, b: int, c: int) -> dict[str, Any]:
    split, name, build = t
    content, value, expect = build(a, b, c)
    return {
        "split": split,
        "class": split,
        "files": {name: content},
        "links": {},
        "value": value,
        "source": name,
        "expect": expect,
        "status": None,
    }


def fixed_items(
    templates: list[Template], triples: list[tuple[int, int, int]], prefix: str
) -> list[dict[str, Any]]:
    """Every template instantiated with each of ``triples`` (a set written out in full,
    as the later held-out sets are), duplicates dropped, ids ``{prefix}-NNNN``."""
    items: list[dict[str, Any]] = []
    seen: set[str] = set()
    for t in templates:
        for a, b, c in triples:
            item = _item(t, a, b, c)
            key = repr((item["files"], item["value"]))
            if key not in seen:
                seen.add(key)
                items.append(item)
    for n, item in enumerate(items):
        item["id"] = f"{prefix}-{n:04d}"
    return items


def _collect(strategy: st.SearchStrategy[dict[str, Any]], count: int) -> list[dict[str, Any]]:
    found: dict[str, dict[str, Any]] = {}

    @given(strategy)
    @settings(
        max_examples=count * 6,
        derandomize=True,
        database=None,
        suppress_health_check=list(HealthCheck),
        deadline=None,
    )
    def draw(item: dict[str, Any]) -> None:
        key = json.dumps([item["files"], item["value"]], sort_keys=True)
        if len(found) < count:
            found.setdefault(key, item)

    draw()
    return sorted(found.values(), key=lambda i: json.dumps(i, sort_keys=True))


def generate() -> list[dict[str, Any]]:
    """The whole set: about 500 template items (by format) and the path and value items."""
    templates = [
        *_html_templates(),
        *_json_templates(),
        *_tex_templates(),
        *_plain_templates(),
        *_csv_templates(),
        *_markdown_templates(),
    ]
    by_split: dict[str, list[Template]] = {}
    for t in templates:
        by_split.setdefault(t[0], []).append(t)
    items: list[dict[str, Any]] = []
    # Each class gets up to 30 items (fewer where it has fewer templates): no class is
    # measured by a handful, none drowns the others.
    for split in sorted(by_split):
        group = by_split[split]
        items += _collect(_builds(group), min(30, max(6, len(group))))
    items += _source_items()
    for n, item in enumerate(items):
        item["id"] = f"adv-{n:04d}"
    return items


def _materialize(root: str, item: dict[str, Any]) -> None:
    for rel, content in item["files"].items():
        path = os.path.join(root, rel)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w", encoding="utf-8", newline="") as handle:
            handle.write(content)
    for rel, target in item["links"].items():
        path = os.path.join(root, rel)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        os.symlink(target, path)
    if item["class"] == "fifo":
        os.mkfifo(os.path.join(root, "fifo"))


def verdict(item: dict[str, Any]) -> tuple[str, str]:
    """(``ok`` | ``false_verified`` | ``false_refusal`` | ``wrong_status`` | ``crash``,
    the status or the error)."""
    from pytest_core_verify.systems.evidence import check_claim

    with tempfile.TemporaryDirectory() as tmp:
        root = os.path.join(tmp, "root")
        os.mkdir(root)
        # A decoy beside root: an escape from root would verify it.
        with open(os.path.join(tmp, "x.txt"), "w", encoding="utf-8") as handle:
            handle.write("4242.5\n")
        _materialize(root, item)
        try:
            status = check_claim(item["value"], item["source"], root)["status"]
        except Exception as exc:  # the measured crash
            return "crash", f"{type(exc).__name__}: {exc}"[:200]
    if item["expect"] == NV:
        return ("false_verified" if status == "verified" else "ok"), status
    if item["expect"] == V:
        return ("ok" if status == "verified" else "false_refusal"), status
    if status == item["status"]:
        return "ok", status
    return ("false_verified" if status == "verified" else "wrong_status"), status


def measure(items: list[dict[str, Any]]) -> dict[str, Counter[str]]:
    out: dict[str, Counter[str]] = {}
    for item in items:
        out.setdefault(item["split"], Counter())[verdict(item)[0]] += 1
    return out


def main(argv: list[str]) -> None:
    if argv[:1] == ["generate"]:
        for item in generate():
            print(json.dumps(item, sort_keys=True))
        return
    if argv[:1] == ["measure"] and len(argv) == 2:
        with open(argv[1], encoding="utf-8") as handle:
            items = [json.loads(line) for line in handle]
        total: Counter[str] = Counter()
        for split, counts in sorted(measure(items).items()):
            total += counts
            n = sum(counts.values())
            print(
                f"{split:>16} {n:>4}  " + "  ".join(f"{k} {v}" for k, v in sorted(counts.items()))
            )
        print(
            f"{'all':>16} {sum(total.values()):>4}  "
            + "  ".join(f"{k} {v}" for k, v in sorted(total.items()))
        )
        if "--failures" in sys.argv:
            for item in items:
                v, status = verdict(item)
                if v != "ok":
                    print(
                        v,
                        status,
                        item["class"],
                        repr(item["value"]),
                        repr(item["source"]),
                        repr(item["files"])[:160],
                    )
        return
    raise SystemExit("usage: adversarial.py generate | measure FILE [--failures]")


if __name__ == "__main__":
    main([a for a in sys.argv[1:] if a != "--failures"])
