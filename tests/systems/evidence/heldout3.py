# ruff: noqa: RUF002 - the set is made of look-alike characters
"""A third held-out set for the evidence check: one step past the classes the contract lists.

Written before this round's fixes, from the contract's list of what the check reads and an
outsider's list of number spellings, not from the code: digits of other scripts and other
minus and space characters; escapes of syntaxes the check does not list (CSS ``\\2212``,
URL ``%2E``, quoted-printable ``=2E``, JavaScript ``\\x2e`` and ``\\u{2e}``, octal
escapes, legacy HTML references without their ``;``, entities a DTD declares); numbers
split across markup (``49<b>318</b>``, MathML, template tags, Markdown escapes);
footnote markers; ranges; versions, dates and times; ratios; fractions; scientific forms
in other spellings (``1.5·10³``, ``1.5 x 10^3``, ``1.5*10**3``, a space before ``E``);
currency attached; signs; other locales' thousands separators; TeX spacing commands,
degree signs and siunitx ranges; and controls that must verify (a false refusal counts
too). Items, expectations and the measurement are those of ``adversarial.py``
(``not_verified``: anything but ``verified`` is right; ``verified``: a control, anything
else is a false refusal).

Figures (``measure``, 821 items): on main at ``539d779``, before any change of this round,
**67 false ``verified``**, 22 false refusals, 0 crashes. (Four templates first expected a
plus sign to refuse the number it signs; ``+49`` is 49, so they are controls: corrected
after that first measurement, before any change to the code. Three arrow templates were
then made controls too, as the contract states and the first set pins with ``12→6``: an
arrow separates, it states both numbers; with them, main gives 61 false ``verified``.)
By class (the first count): spaced exponent
letters 10 (``49 E+27``, ``49.27 e-3``, ``49 e27``), signs 4 (U+2238 ``∸49``, U+229F
``⊟49``), joiners 8 (U+2236 ratio ``49∶318``, U+2981 spot ``49⦁318``) and 2 more ratios,
arrows 6 (``49⟶27``, ``49->27``, ``49⇒27``), percent spellings 8 (``p.c.``, ``percents``,
``Prozentpunkte``, ``pro cent``), markup the reader does not know 12 (a custom or
namespaced tag ``49<custom-el>318``, ``49<x:b>318``, template tags ``49<%= x %>318`` and
``49{{ x }}318``), quoted-printable 6 (``49=2E27``, a soft line break ``49=``), Markdown
highlight 2 (``==49==318``), YAML 2 (``'49''318'``), TeX 4 (the control space ``49\\ 318``,
``49\\,\\mathrm{e}{-27}``), CSS 2 (``\\2212 49``), math monospace digits 1 (``𝟺𝟿``). False
refusals: degree and prime signs in TeX 14 (``49^{\\circ}``, ``49^\\circ``,
``49$^\\circ$``, ``49\\textdegree``, ``49^{\\prime}``), ``\\footnotemark`` 2, ``№49`` 2,
whitespace escapes in JSON and YAML strings 4 (``"49\\n318"``, ``"49\\t318"``).

After this round's fixes: **7 false ``verified``**, 18 false refusals, 0 crashes. Left:
quoted-printable 6 (``49=2E27`` and a soft line break in a mail file: the check reads no
mail encoding, and ``=`` separates in every other file), math monospace
digits 1 (``𝟺𝟿``: NFKC folds them to ASCII digits); the false refusals of a degree or
prime sign after a caret (``49^{\\circ}``: the plain rules and the prefilter refuse a
caret after a number before markup is decoded), ``№49`` (NFKC makes ``No49``) and the
whitespace escapes.

Run::

    python tests/systems/evidence/heldout3.py generate > /tmp/evidence-heldout3.jsonl
    PYTHONPATH=<checkout> python tests/systems/evidence/heldout3.py measure /tmp/evidence-heldout3.jsonl

"""

from __future__ import annotations

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from typing import Any

import adversarial as adv

NV, V = adv.NV, adv.V


def _t(split: str, name: str, content: str, value: str, expect: str = NV) -> adv.Template:
    """A template over ``{a}`` ``{b}`` ``{c}``, filled by replacement (TeX and JSON keep
    their braces as written)."""

    def fill(text: str, a: int, b: int, c: int) -> str:
        return text.replace("{a}", str(a)).replace("{b}", str(b)).replace("{c}", str(c))

    return (split, name, lambda a, b, c: (fill(content, a, b, c), fill(value, a, b, c), expect))


# Characters between the digits of {a} and {c}: one number (or one token) in some script,
# typesetting or locale; neither part alone is in the file.
_BETWEEN = [
    "\u205f",  # medium mathematical space
    "\u1680",  # ogham space mark
    "\u180e",  # Mongolian vowel separator (Cf)
    "\ufeff",  # zero-width no-break space
    "\u2062",  # invisible times
    "\u2064",  # invisible plus
    "\u034f",  # combining grapheme joiner
    "\u061c",  # Arabic letter mark
    "\u3164",  # Hangul filler
    "\u02b9",  # modifier letter prime
    "\u2018",  # left single quotation mark (a group separator)
    "\u02d0",  # modifier letter triangular colon
    "\ua789",  # modifier letter colon
    "\u2236",  # ratio
    "\ufe13",  # presentation form colon
    "\u2027",  # hyphenation point
    "\u2e31",  # word separator middle dot
    "\u0387",  # Greek ano teleia
    "\u2219",  # bullet operator
    "\u2981",  # z notation spot
]

_SCRIPTS = [
    ("h3_script", "n.txt", "total \u1814\u1819 runs\n", "49"),  # Mongolian
    ("h3_script", "n.txt", "total \u0f24\u0f29 runs\n", "49"),  # Tibetan
    ("h3_script", "n.txt", "total \u07c4\u07c9 runs\n", "49"),  # N'Ko
    ("h3_script", "n.txt", "total \u09ea\u09ef runs\n", "49"),  # Bengali
    ("h3_script", "n.txt", "total \U0001d7fa\U0001d7ff runs\n", "49"),  # math monospace
    ("h3_script", "n.txt", "total \uff14\uff19 runs\n", "49"),  # full-width
    ("h3_script", "n.txt", "total \u2463\u2468 runs\n", "49"),  # circled
    ("h3_script", "n.txt", "total \u248b\u2490 runs\n", "49"),  # digit full stop
    ("h3_script", "n.txt", "total {a}\u0c6a runs\n", "{a}"),  # Telugu digit after
    ("h3_script", "n.txt", "total \u1040{a} runs\n", "{a}"),  # Myanmar digit before
    ("h3_script", "n.txt", "total {a}\U0001d7ce runs\n", "{a}"),  # math bold zero
    ("h3_script", "n.txt", "total {a}\u20e3 runs\n", "{a}"),  # keycap
    ("h3_script", "n.txt", "total {a}\u2070 runs\n", "{a}"),  # superscript zero
    ("h3_script", "n.txt", "total {a}\u207a runs\n", "{a}"),  # superscript plus
    ("h3_script", "n.txt", "total {a}\u1d49 runs\n", "{a}"),  # French ordinal e
    ("h3_script", "n.txt", "total {a}\u02b3\u1d48 runs\n", "{a}"),
    ("h3_script", "n.txt", "see \u2116{a} here\n", "{a}", V),  # numero sign
    ("h3_script", "n.txt", "see \u2116 {a} here\n", "{a}", V),
    ("h3_script", "n.txt", "total {a}\u3000{c} runs\n", "{a}", V),  # ideographic space
    ("h3_script", "n.txt", "total {a}\x0c{c} runs\n", "{c}", V),  # form feed
]

_SIGNS = [
    ("h3_sign", "n.txt", "delta \u02d7{a} here\n", "{a}"),  # modifier minus
    ("h3_sign", "n.txt", "delta \u208b{a} here\n", "{a}"),  # subscript minus
    ("h3_sign", "n.txt", "delta \u207b{a} here\n", "{a}"),  # superscript minus
    ("h3_sign", "n.txt", "delta \u2238{a} here\n", "{a}"),  # dot minus
    ("h3_sign", "n.txt", "delta \u229f{a} here\n", "{a}"),  # squared minus
    ("h3_sign", "n.txt", "delta \u2e3a{a} here\n", "{a}"),  # two-em dash
    ("h3_sign", "n.txt", "delta \u2013{a} here\n", "{a}"),  # en dash
    ("h3_sign", "n.txt", "delta \u2011{a} here\n", "{a}"),  # non-breaking hyphen
    ("h3_sign", "n.txt", "delta \ufe62{a} here\n", "{a}", V),  # small plus
    ("h3_sign", "n.txt", "delta \uff0b{a} here\n", "{a}", V),  # full-width plus
    ("h3_sign", "n.txt", "delta +{a} here\n", "{a}", V),
    ("h3_sign", "n.txt", "delta \u2213{a} here\n", "{a}"),  # minus-or-plus
    ("h3_sign", "n.txt", "delta \u2212\u200a{a} here\n", "{a}"),  # hair space
    ("h3_sign", "n.txt", "delta \u2212\u205f{a} here\n", "{a}"),
    ("h3_sign", "n.txt", "delta -\u00a0{a} here\n", "{a}"),
    ("h3_sign", "n.txt", "delta \u2212\u2060{a} here\n", "{a}"),  # word joiner
    ("h3_sign", "n.txt", "delta -\u00ad{a} here\n", "{a}"),  # soft hyphen
    ("h3_sign", "n.txt", "delta \u2212{a} here\n", "-{a}", V),
    ("h3_sign", "n.txt", "a {a}-year-old run\n", "{a}", V),
]

_ESCAPES = [
    # CSS escapes (a hex code point, an optional space after it).
    ("h3_css", "s.css", 'p::after { content: "\\2212 {a}"; }\n', "{a}"),
    ("h3_css", "s.css", 'p::after { content: "{a}\\2e {b}"; }\n', "{a}"),
    ("h3_css", "s.css", 'p::after { content: "{a}\\00a0{c}"; }\n', "{c}"),
    ("h3_css", "s.css", 'p::after { content: "{a}\\25"; }\n', "{a}"),
    ("h3_css", "s.css", "p { width: {a}px; }\n", "{a}"),
    # URL percent-encoding.
    ("h3_url", "n.txt", "see https://x.test/?n={a}%2E{b} here\n", "{a}"),
    ("h3_url", "n.txt", "see https://x.test/?n={a}%2C{c} here\n", "{c}"),
    ("h3_url", "n.txt", "see https://x.test/?n=%2D{a} here\n", "{a}"),
    ("h3_url", "n.txt", "see https://x.test/?n=%E2%88%92{a} here\n", "{a}"),
    ("h3_url", "n.txt", "see https://x.test/?n={a}%C2%A0{c} here\n", "{c}"),
    ("h3_url", "t.html", '<a href="?n={a}%2E{b}">x</a>', "{b}"),
    # Quoted-printable mail.
    (
        "h3_qp",
        "m.eml",
        "Content-Transfer-Encoding: quoted-printable\n\ntotal {a}=2E{b} runs\n",
        "{a}",
    ),
    (
        "h3_qp",
        "m.eml",
        "Content-Transfer-Encoding: quoted-printable\n\ntotal {a}=\n{c} runs\n",
        "{a}",
    ),
    (
        "h3_qp",
        "m.eml",
        "Content-Transfer-Encoding: quoted-printable\n\ntotal =E2=88=92{a} runs\n",
        "{a}",
    ),
    ("h3_qp", "m.eml", "Content-Transfer-Encoding: quoted-printable\n\ntotal {a}=25\n", "{a}"),
    # JavaScript, Python, C and Java string escapes.
    ("h3_js", "a.js", 'const n = "{a}\\x2e{b}";\n', "{a}"),
    ("h3_js", "a.js", 'const n = "\\x2d{a}";\n', "{a}"),
    ("h3_js", "a.js", 'const n = "{a}\\u{2e}{b}";\n', "{b}"),
    ("h3_js", "a.js", 'const n = "{a}\\u00b2";\n', "{a}"),
    ("h3_js", "a.js", "const n = `{a}${x}{c}`;\n", "{a}"),
    ("h3_js", "a.py", "n = '{a}\\N{FULL STOP}{b}'\n", "{a}"),
    ("h3_js", "a.py", "n = '{a}\\056{b}'\n", "{a}"),
    ("h3_js", "a.c", 'char *n = "{a}\\56{b}";\n', "{b}"),
    ("h3_js", "A.java", 'String n = "{a}\\u002E{b}";\n', "{a}"),
    ("h3_js", "a.js", "const n = {a};\n", "{a}", V),
    ("h3_js", "a.js", 'const n = "{a}";\n', "{a}", V),
]

_HTML = [
    # Numbers split by inline tags, known and unknown.
    ("h3_split", "t.html", "<p>total {a}<b>{c}</b> runs</p>", "{a}"),
    ("h3_split", "t.html", "<p>total {a}<i>{c}</i> runs</p>", "{c}"),
    ("h3_split", "t.html", '<p>total {a}<span class="x">{c}</span> runs</p>', "{a}"),
    ("h3_split", "t.html", '<p>total {a}<a href="#f">{c}</a> runs</p>', "{a}"),
    ("h3_split", "t.html", "<p>total {a}<custom-el>{c}</custom-el> runs</p>", "{a}"),
    ("h3_split", "t.html", "<p>total {a}<B>{c}</B> runs</p>", "{a}"),
    ("h3_split", "t.html", "<p>total {a}<b\n>{c}</b> runs</p>", "{a}"),
    ("h3_split", "t.html", "<p>total {a}<span>.</span>{b} runs</p>", "{a}"),
    ("h3_split", "t.html", "<p>total {a}<span>,</span>{c} runs</p>", "{c}"),
    ("h3_split", "t.html", "<p>total {a}<del>{c}</del> runs</p>", "{a}"),
    ("h3_split", "t.html", "<p>total {a}<x/>{c} runs</p>", "{a}"),
    ("h3_split", "t.html", "<p>total {a}<?php echo 1; ?>{c} runs</p>", "{a}"),
    ("h3_split", "t.html", "<p>total {a}<%= x %>{c} runs</p>", "{a}"),
    ("h3_split", "t.html", "<p>total {a}{{ x }}{c} runs</p>", "{a}"),
    ("h3_split", "d.xml", "<v>{a}<x:b>{c}</x:b></v>", "{a}"),
    ("h3_split", "t.html", "<p>total {a}<br>{c} runs</p>", "{a}", V),
    ("h3_split", "t.html", "<table><tr><td>{a}</td><td>{c}</td></tr></table>", "{c}", V),
    ("h3_split", "t.html", "<p>total <b>{a}</b> runs</p>", "{a}", V),
    ("h3_split", "d.xml", "<v>{a}&amp;{c}</v>", "{a}", V),
    # Entities one step from the listed ones.
    ("h3_entity", "t.html", "<p>total {a}&comma;{c} runs</p>", "{a}"),
    ("h3_entity", "t.html", "<p>total {a}&period;{b} runs</p>", "{a}"),
    ("h3_entity", "t.html", "<p>total {a}&apos;{c} runs</p>", "{c}"),
    ("h3_entity", "t.html", "<p>total {a}&rsquo;{c} runs</p>", "{a}"),
    ("h3_entity", "t.html", "<p>total {a}&colon;{b} runs</p>", "{a}"),
    ("h3_entity", "t.html", "<p>total {a}&sol;{b} runs</p>", "{b}"),
    ("h3_entity", "t.html", "<p>total {a}&plus;{b} runs</p>", "{a}"),
    ("h3_entity", "t.html", "<p>total {a}&Hat;{b} runs</p>", "{b}"),
    ("h3_entity", "t.html", "<p>total {a}&hyphen;{b} runs</p>", "{a}"),
    ("h3_entity", "t.html", "<p>total {a}&nbsp{c} runs</p>", "{a}"),  # no semicolon
    ("h3_entity", "t.html", "<p>total {a}&sup2 runs</p>", "{a}"),
    ("h3_entity", "t.html", "<p>total {a}&#48 runs</p>", "{a}"),
    ("h3_entity", "t.html", "<p>total {a}&#x2c{c} runs</p>", "{c}"),
    ("h3_entity", "t.html", "<p>n = {a}.{b}&times10^3</p>", "{a}.{b}"),
    ("h3_entity", "t.html", "<p>total &minus{a} runs</p>", "{a}"),
    ("h3_entity", "d.xml", '<!DOCTYPE v [<!ENTITY d "5">]><v>{a}&d;</v>', "{a}"),
    ("h3_entity", "d.xml", '<!DOCTYPE v [<!ENTITY s ".">]><v>{a}&s;{b}</v>', "{b}"),
    ("h3_entity", "t.html", "<p>temp {a}&deg; here</p>", "{a}", V),
    ("h3_entity", "t.html", "<p>temp {a}&deg here</p>", "{a}", V),
    # MathML.
    ("h3_mathml", "m.html", "<math><mn>{a}</mn><mo>.</mo><mn>{b}</mn></math>", "{a}"),
    ("h3_mathml", "m.html", "<math><msup><mn>{a}</mn><mn>{b}</mn></msup></math>", "{a}"),
    ("h3_mathml", "m.html", "<math><mfrac><mn>{a}</mn><mn>{b}</mn></mfrac></math>", "{b}"),
    ("h3_mathml", "m.html", "<math><mo>&minus;</mo><mn>{a}</mn></math>", "{a}"),
    ("h3_mathml", "m.html", "<math><mn>{a}</mn><mo>%</mo></math>", "{a}"),
    (
        "h3_mathml",
        "m.html",
        "<math><mn>{a}</mn><mo>&times;</mo><msup><mn>10</mn><mn>3</mn></msup></math>",
        "{a}",
    ),
    # Footnote markers.
    ("h3_foot", "t.html", "<p>total {a}<sup>1</sup> runs</p>", "{a}"),
    ("h3_foot", "t.html", '<p>total {a}<sup><a href="#f">1</a></sup> runs</p>', "{a}"),
    ("h3_foot", "n.txt", "total {a}\u00b9 runs\n", "{a}"),
    ("h3_foot", "n.txt", "total {a}\u207d\u00b9\u207e runs\n", "{a}"),
    ("h3_foot", "n.txt", "total {a}^1 runs\n", "{a}"),
    ("h3_foot", "n.txt", "total {a}[1] runs\n", "{a}", V),
    ("h3_foot", "n.txt", "total {a}\u2020 runs\n", "{a}", V),
    ("h3_foot", "n.txt", "total {a}* runs\n", "{a}", V),
    ("h3_foot", "r.md", "total {a}[^1] runs\n\n[^1]: a note\n", "{a}", V),
    ("h3_foot", "p.tex", "total {a}\\footnote{a note} runs\n", "{a}", V),
]

_JSON = [
    ("h3_json", "d.json", '{"n": "{a}\\u002C{c}"}', "{a}"),
    ("h3_json", "d.json", '{"n": "{a}\\u0027{c}"}', "{c}"),
    ("h3_json", "d.json", '{"n": "\\u002d{a}"}', "{a}"),
    ("h3_json", "d.json", '{"n": "\\u2212{a}"}', "{a}"),
    ("h3_json", "d.json", '{"n": "{a}\\u00a0{c}"}', "{a}"),
    ("h3_json", "d.json", '{"n": "{a}\\u2009{c}"}', "{c}"),
    ("h3_json", "d.json", '{"n": "{a}\\u00b2"}', "{a}"),
    ("h3_json", "d.json", '{"n": "{a}\\u00bd"}', "{a}"),
    ("h3_json", "d.json", '{"n": "{a}\\u0030"}', "{a}"),
    ("h3_json", "d.json", '{"n": "{a}\\/{b}"}', "{a}"),
    ("h3_json", "d.json", '{"n": "{a}\\u00D7{b}"}', "{a}"),
    ("h3_json", "d.json", '{"n": "{a}\\u200b{c}"}', "{a}"),
    ("h3_json", "d.json", '{"n": {a}e3}', "{a}"),
    ("h3_json", "d.json", '{"n": {a}.{b}E-2}', "{a}.{b}"),
    ("h3_json", "d.json", '{"n": -{a}}', "{a}"),
    ("h3_json", "d.json", '{"k{a}": 1}', "{a}"),
    ("h3_json", "d.json", '{"n": "{a}.{b}e3"}', "{a}.{b}"),
    ("h3_json", "d.jsonl", '{"n": "{a}\\u066b{b}"}\n{"m": 1}\n', "{a}"),
    ("h3_json", "d.ndjson", '{"n": "{a}\\u0025"}\n', "{a}"),
    ("h3_json", "d.json", '{"n": "{a}\\t{c}"}', "{a}", V),
    ("h3_json", "d.json", '{"n": "{a}\\n{c}"}', "{c}", V),
    ("h3_json", "d.json", "[{a},{c}]", "{a}", V),
    ("h3_json", "d.json", '{"n": -{a}}', "-{a}", V),
    ("h3_json", "d.json", '{"n": {a}e3}', "{a}000", V),
    ("h3_json", "d.jsonl", '{"n":{a}}\n{"n":{c}}\n', "{c}", V),
    ("h3_json", "d.json", '{"n": "{a}%"}', "{a}%", V),
]

_CSV = [
    ("h3_csv", "d.csv", 'a,b\n"{a},{c}",1\n', "{a}"),
    ("h3_csv", "d.csv", "a|b\n{a},{c}|1\n", "{a}"),
    ("h3_csv", "d.csv", "sep=;\na;b\n{a},{b};1\n", "{b}"),
    ("h3_csv", "d.csv", 'a,b\n"-{a}",1\n', "{a}"),
    ("h3_csv", "d.csv", "a,b\n{a}E+03,1\n", "{a}"),
    ("h3_csv", "d.csv", "a,b\n{a}%,1\n", "{a}"),
    ("h3_csv", "d.csv", "a,b\n{a}\u00a0{c},1\n", "{a}"),
    ("h3_csv", "d.csv", 'a,b\n"(${a})",1\n', "{a}"),
    ("h3_csv", "d.tsv", "a\tb\n{a}.{b}\t1\n", "{a}"),
    ("h3_csv", "d.tsv", "a\tb\n({a})\t1\n", "{a}"),
    ("h3_csv", "d.csv", "a,b\n{a}, {c}\n", "{a}", V),
    ("h3_csv", "d.csv", "a,b\n{a}.{b},{c}\n", "{a}.{b}", V),
    ("h3_csv", "d.tsv", "a\tb\n{a}\t{c}\n", "{c}", V),
    ("h3_csv", "d.csv", 'a,b\n"{a}",{c}\n', "{a}", V),
]

_TEX = [
    # Spacing commands one step from \, \; \quad.
    ("h3_texspace", "p.tex", "n = {a}\\thinspace{c}\n", "{a}"),
    ("h3_texspace", "p.tex", "n = {a}\\thinspace {c}\n", "{c}"),
    ("h3_texspace", "p.tex", "n = {a}\\medspace{c}\n", "{a}"),
    ("h3_texspace", "p.tex", "n = {a}\\nobreakspace{c}\n", "{a}"),
    ("h3_texspace", "p.tex", "n = {a}\\hphantom{0}{c}\n", "{a}"),
    ("h3_texspace", "p.tex", "n = {a}\\phantom{0}{c}\n", "{c}"),
    ("h3_texspace", "p.tex", "n = {a}\\kern.1em{c}\n", "{a}"),
    ("h3_texspace", "p.tex", "n = {a}\\mkern2mu{c}\n", "{a}"),
    ("h3_texspace", "p.tex", "n = {a}{\\,}{c}\n", "{a}"),
    ("h3_texspace", "p.tex", "n = {a}\\ {c}\n", "{c}"),
    ("h3_texspace", "p.tex", "n = {a}\\nobreak{c}\n", "{a}"),
    ("h3_texspace", "p.tex", "n = {a}\\allowbreak{c}\n", "{a}"),
    # Decimal points and group marks as commands.
    ("h3_texpoint", "p.tex", "n = {a}\\ldotp{b}\n", "{a}"),
    ("h3_texpoint", "p.tex", "n = {a}\\cdotp{b}\n", "{b}"),
    ("h3_texpoint", "p.tex", "n = ${a}\\mathord{.}{b}$\n", "{a}"),
    ("h3_texpoint", "p.tex", "n = ${a}\\mathpunct{,}{c}$\n", "{a}"),
    ("h3_texpoint", "p.tex", "n = {a}\\textquoteright{c}\n", "{a}"),
    ("h3_texpoint", "p.tex", "n = {a}\\textperiodcentered{b}\n", "{a}"),
    ("h3_texpoint", "p.tex", "n = {a}'{c}\n", "{a}"),
    # Signs in TeX.
    ("h3_texsign", "p.tex", "n = $\\mp{a}$\n", "{a}"),
    ("h3_texsign", "p.tex", "n = $\\pm {a}$\n", "{a}"),
    ("h3_texsign", "p.tex", "n = \\(-{a}\\)\n", "{a}"),
    ("h3_texsign", "p.tex", "n = $\\text{-}{a}$\n", "{a}"),
    ("h3_texsign", "p.tex", "n = {-}{a}\n", "{a}"),
    ("h3_texsign", "p.tex", "n = \\textendash{a}\n", "{a}"),
    ("h3_texsign", "p.tex", "n = $-$\\,{a}\n", "{a}"),
    ("h3_texsign", "p.tex", "n = $-{a}$\n", "-{a}", V),
    # Powers and scientific forms in TeX.
    ("h3_texsci", "p.tex", "n = ${a}\\cdot 10^{3}$\n", "{a}"),
    ("h3_texsci", "p.tex", "n = ${a}\\!\\cdot\\!10^{3}$\n", "{a}"),
    ("h3_texsci", "p.tex", "n = ${a}\\times10^3$\n", "{a}"),
    ("h3_texsci", "p.tex", "n = ${a}\\ast 10^{3}$\n", "{a}"),
    ("h3_texsci", "p.tex", "n = ${a}\\bullet 10^{3}$\n", "{a}"),
    ("h3_texsci", "p.tex", "n = ${a}\\times\\mathrm{10}^{3}$\n", "{a}"),
    ("h3_texsci", "p.tex", "n = ${a}\\mathrm{e}{b}$\n", "{a}"),
    ("h3_texsci", "p.tex", "n = ${a}\\,\\mathrm{e}{-{b}}$\n", "{a}"),
    ("h3_texsci", "p.tex", "n = \\num{{a}e{b}}\n", "{a}"),
    ("h3_texsci", "p.tex", "n = ${a}^{-{b}}$\n", "{a}"),
    ("h3_texsci", "p.tex", "n = ${a}^{\\prime}$\n", "{a}", V),
    # Percent and per mille in TeX.
    ("h3_texpct", "p.tex", "n = {a}\\,\\%\n", "{a}"),
    ("h3_texpct", "p.tex", "n = {a}~\\%\n", "{a}"),
    ("h3_texpct", "p.tex", "n = {a}\\textperthousand\n", "{a}"),
    ("h3_texpct", "p.tex", "n = {a}\\textpertenthousand\n", "{a}"),
    ("h3_texpct", "p.tex", "n = {a}\\unit{\\percent}\n", "{a}"),
    ("h3_texpct", "p.tex", "n = \\SI{{a}}{\\%}\n", "{a}"),
    ("h3_texpct", "p.tex", "n = \\qty{{a}}{\\percent}\n", "{a}"),
    ("h3_texpct", "p.tex", "n = {a}$\\%$\n", "{a}"),
    ("h3_texpct", "p.tex", "n = {a}\\mbox{\\%}\n", "{a}"),
    ("h3_texpct", "p.tex", "n = {a}\\ \\%\n", "{a}"),
    ("h3_texpct", "p.tex", "n = {a}\\,\\%\n", "{a}%", V),
    # Degrees (controls: a degree sign ends a number).
    ("h3_texdeg", "p.tex", "t = {a}^{\\circ}\n", "{a}", V),
    ("h3_texdeg", "p.tex", "t = {a}^\\circ\n", "{a}", V),
    ("h3_texdeg", "p.tex", "t = {a}$^\\circ$\n", "{a}", V),
    ("h3_texdeg", "p.tex", "t = ${a}^{\\circ}$C\n", "{a}", V),
    ("h3_texdeg", "p.tex", "t = {a}\\,^{\\circ}C\n", "{a}", V),
    ("h3_texdeg", "p.tex", "t = {a}\\textdegree\n", "{a}", V),
    ("h3_texdeg", "p.tex", "t = {a}\u00b0 here\n", "{a}", V),
    ("h3_texdeg", "p.tex", "t = {a}^{\\circ}{c}\n", "{a}"),
    # Ranges, fractions and structure in TeX.
    ("h3_texrange", "p.tex", "n = {a}\\textendash{b}\n", "{a}"),
    ("h3_texrange", "p.tex", "n = {a}\\textemdash{b}\n", "{b}"),
    ("h3_texrange", "p.tex", "n = {a}\\,--\\,{b}\n", "{a}"),
    ("h3_texrange", "p.tex", "n = {a}$-${b}\n", "{a}"),
    ("h3_texrange", "p.tex", "n = \\numrange{{a}}{{b}}\n", "{a}"),
    ("h3_texrange", "p.tex", "n = \\SIrange{{a}}{{b}}{\\metre}\n", "{b}"),
    ("h3_texrange", "p.tex", "n = \\qtyrange{{a}}{{b}}{\\metre}\n", "{a}"),
    ("h3_texfrac", "p.tex", "n = $\\frac{{a}}{{b}}$\n", "{a}"),
    ("h3_texfrac", "p.tex", "n = $\\tfrac{{a}}{{b}}$\n", "{b}"),
    ("h3_texfrac", "p.tex", "n = $\\dfrac{{a}}{{b}}$\n", "{a}"),
    ("h3_texfrac", "p.tex", "n = \\nicefrac{{a}}{{b}}\n", "{a}"),
    ("h3_texfrac", "p.tex", "n = \\sfrac{{a}}{{b}}\n", "{b}"),
    ("h3_texfrac", "p.tex", "n = ${a}\\frac{1}{2}$\n", "{a}"),
    ("h3_texfrac", "p.tex", "n = ${a}\\tfrac12$\n", "{a}"),
    ("h3_texfrac", "p.tex", "n = $\\binom{{a}}{{b}}$\n", "{a}"),
    ("h3_texfrac", "p.tex", "n = \\textbf{{a}} runs\n", "{a}", V),
    ("h3_texfrac", "p.tex", "n = {a}\\footnotemark{} runs\n", "{a}", V),
]

_PLAIN = [
    # Scientific forms in other spellings.
    ("h3_sci", "n.txt", "n = {a}.{b}e3\n", "{a}.{b}"),
    ("h3_sci", "n.txt", "n = {a}.{b}e3\n", "{a}{b}0", V),
    ("h3_sci", "n.txt", "n = {a}.{b}E3\n", "3"),
    ("h3_sci", "n.txt", "n = {a}.{b}\u00b710\u00b3\n", "{a}.{b}"),
    ("h3_sci", "n.txt", "n = {a}.{b} \u00b7 10^3\n", "{a}.{b}"),
    ("h3_sci", "n.txt", "n = {a}.{b} x 10^3\n", "{a}.{b}"),
    ("h3_sci", "n.txt", "n = {a}.{b} X 10^3\n", "{a}.{b}"),
    ("h3_sci", "n.txt", "n = {a}.{b}*10**3\n", "{a}.{b}"),
    ("h3_sci", "n.txt", "n = {a}.{b} * 10 ** 3\n", "{a}.{b}"),
    ("h3_sci", "n.txt", "n = {a}.{b} \u00d7 10 ^ 3\n", "{a}.{b}"),
    ("h3_sci", "n.txt", "n = {a}.{b} x 10^(3)\n", "{a}.{b}"),
    ("h3_sci", "n.txt", "n = {a}.{b} \u2715 10\u00b3\n", "{a}.{b}"),
    ("h3_sci", "n.txt", "n = {a}.{b} \u2a09 10\u00b3\n", "{a}.{b}"),
    ("h3_sci", "n.txt", "n = {a}.{b} x10\u00b3\n", "{a}.{b}"),
    ("h3_sci", "n.txt", "n = {a}.{b}\u00d710\u207b\u00b3\n", "10"),
    ("h3_sci", "n.txt", "n = {a}.{b} E+03\n", "{a}.{b}"),
    ("h3_sci", "n.txt", "n = {a}.{b} e-3\n", "{a}.{b}"),
    ("h3_sci", "n.txt", "n = {a} E-{b}\n", "{a}"),
    ("h3_sci", "n.txt", "n = {a} E+{b}\n", "{a}"),
    ("h3_sci", "n.txt", "n = {a} e{b}\n", "{a}"),
    ("h3_sci", "n.txt", "n = {a}.{b}D3\n", "{a}.{b}"),
    ("h3_sci", "n.txt", "n = {a} Euro here\n", "{a}", V),
    ("h3_sci", "n.txt", "room {a} East here\n", "{a}", V),
    # Ratios, times, dates and versions.
    ("h3_ratio", "n.txt", "ratio {a}:{b} here\n", "{a}"),
    ("h3_ratio", "n.txt", "ratio {a}\u2236{b} here\n", "{b}"),
    ("h3_ratio", "n.txt", "ratio {a}\uff1a{b} here\n", "{a}"),
    ("h3_ratio", "n.txt", "scale 1:{c} here\n", "{c}"),
    ("h3_ratio", "n.txt", "ratio {a}:{b} here\n", "{a}:{b}", V),
    ("h3_date", "n.txt", "released 2019-08-17 here\n", "2019"),
    ("h3_date", "n.txt", "released 2019-08-17 here\n", "17"),
    ("h3_date", "n.txt", "released 2019-08-17 here\n", "2019-08"),
    ("h3_date", "n.txt", "released 17.08.2019 here\n", "17.08"),
    ("h3_date", "n.txt", "released 17.08.2019 here\n", "2019"),
    ("h3_date", "n.txt", "released 17/08/2019 here\n", "17"),
    ("h3_date", "n.txt", "released 2019-08-17T12:30:45Z here\n", "12:30"),
    ("h3_date", "n.txt", "released 2019-08-17T12:30:45Z here\n", "45"),
    ("h3_date", "n.txt", "released 20190817 here\n", "2019"),
    ("h3_date", "n.txt", "released 2019-08-17 here\n", "2019-08-17", V),
    ("h3_date", "n.txt", "released 2019\u5e748\u670817\u65e5 here\n", "2019", V),
    ("h3_date", "n.txt", "released 6 May 2019 here\n", "2019", V),
    ("h3_time", "n.txt", "at {a}:{b} here\n", "{b}"),
    ("h3_time", "n.txt", "at 12:{b}:{a}.5 here\n", "{a}.5"),
    ("h3_time", "n.txt", "at {a}h{b} here\n", "{a}"),
    ("h3_time", "n.txt", "at {a}\u02d0{b} here\n", "{a}"),
    ("h3_time", "n.txt", "at {a}'{b}\" here\n", "{b}"),
    ("h3_time", "n.txt", "at {a}\u2032{b}\u2033 here\n", "{a}"),
    ("h3_time", "n.txt", "at {a}:{b} here\n", "{a}:{b}", V),
    ("h3_version", "n.txt", "version {a}.{b}.{c} here\n", "{a}.{b}"),
    ("h3_version", "n.txt", "version {a}.{b}.{c} here\n", "{b}.{c}"),
    ("h3_version", "n.txt", "version {a}.{b}.{c} here\n", "{c}"),
    ("h3_version", "n.txt", "host {a}.{b}.{c}.1 here\n", "{b}"),
    ("h3_version", "n.txt", "version v{a}.{b} here\n", "{a}.{b}"),
    ("h3_version", "n.txt", "pin pkg=={a}.{b} here\n", "{a}.{b}", V),
    ("h3_version", "n.txt", "version {a}.{b}.{c} here\n", "{a}.{b}.{c}", V),
    # Ranges.
    ("h3_range", "n.txt", "pages {a}\u2012{b} here\n", "{a}"),  # figure dash
    ("h3_range", "n.txt", "pages {a}\u2e3a{b} here\n", "{b}"),
    ("h3_range", "n.txt", "pages {a}\ufe58{b} here\n", "{a}"),  # small em dash
    ("h3_range", "n.txt", "pages {a}\u2015{b} here\n", "{a}"),  # horizontal bar
    ("h3_range", "n.txt", "pages {a}\u27f6{b} here\n", "{a}", V),  # long arrow
    ("h3_range", "n.txt", "pages {a}->{b} here\n", "{b}", V),
    ("h3_range", "n.txt", "pages {a}\u21d2{b} here\n", "{a}", V),
    ("h3_range", "n.txt", "pages {a} to {b} here\n", "{b}", V),
    ("h3_range", "n.txt", "pages {a} and {b} here\n", "{a}", V),
    ("h3_range", "n.txt", "pages {a}\u2013{b} here\n", "{a}\u2013{b}", V),
    # Fractions.
    ("h3_frac", "n.txt", "take \u00bd cup and {a} more\n", "1"),
    ("h3_frac", "n.txt", "take {a}\u215f{b} cups\n", "{b}"),  # fraction numerator one
    ("h3_frac", "n.txt", "take {a}\u2153 cups\n", "{a}"),
    ("h3_frac", "n.txt", "take {a} \u215c cups\n", "{a}"),
    ("h3_frac", "n.txt", "take {a}\u00f7{b} cups\n", "{a}"),
    ("h3_frac", "n.txt", "take {a}/{b} cups\n", "{a}/{b}", V),
    ("h3_frac", "n.txt", "take \u00bd cup\n", "\u00bd", V),
    # Currency attached.
    ("h3_money", "n.txt", "price ${a}k here\n", "{a}"),
    ("h3_money", "n.txt", "price ${a}.{b}M here\n", "{a}.{b}"),
    ("h3_money", "n.txt", "price $-{a} here\n", "{a}"),
    ("h3_money", "n.txt", "price -${a} here\n", "{a}"),
    ("h3_money", "n.txt", "price \u20ac{a},{b} here\n", "{a}"),
    ("h3_money", "n.txt", "price R${a},{b} here\n", "{b}"),
    ("h3_money", "n.txt", "price USD{a} here\n", "{a}"),
    ("h3_money", "n.txt", "price ${a} here\n", "{a}", V),
    ("h3_money", "n.txt", "price {a}\u20ac here\n", "{a}", V),
    ("h3_money", "n.txt", "price \u00a3{a}.{b} here\n", "{a}.{b}", V),
    ("h3_money", "n.txt", "price {a}\u00a2 here\n", "{a}", V),
    ("h3_money", "n.txt", "price {a}\u5186 here\n", "{a}", V),
    ("h3_money", "n.txt", "price $-{a} here\n", "-{a}", V),
    # Other locales' grouping.
    ("h3_locale", "n.txt", "total 1.{c},5 runs\n", "{c},5"),
    ("h3_locale", "n.txt", "total 1.{c},5 runs\n", "1.{c}"),
    ("h3_locale", "n.txt", "total {a}.{c}.{c} runs\n", "{a}.{c}"),
    ("h3_locale", "n.txt", "total 1'{c}.5 runs\n", "{c}.5"),
    ("h3_locale", "n.txt", "total 1\u00a0{c},5 runs\n", "{c},5"),
    ("h3_locale", "n.txt", "total {a}\u00a0{c} runs\n", "{a}"),
    ("h3_locale", "n.txt", "total 1,00,{c} runs\n", "100"),
    ("h3_locale", "n.txt", "total \u0661\u066c{c} runs\n", "{c}"),
    ("h3_locale", "n.txt", "total {a} {c} runs\n", "{c}", V),
    # Percent spellings one step away.
    ("h3_pct", "n.txt", "rate {a}\u00a0% here\n", "{a}"),
    ("h3_pct", "n.txt", "rate {a}\u202f% here\n", "{a}"),
    ("h3_pct", "n.txt", "rate {a} p.c. here\n", "{a}"),
    ("h3_pct", "n.txt", "rate {a} percents here\n", "{a}"),
    ("h3_pct", "n.txt", "rate {a} Prozentpunkte here\n", "{a}"),
    ("h3_pct", "n.txt", "rate {a} %-points here\n", "{a}"),
    ("h3_pct", "n.txt", "rate {a} percentage-points here\n", "{a}"),
    ("h3_pct", "n.txt", "rate {a} pro cent here\n", "{a}"),
    ("h3_pct", "n.txt", "rate {a} \uff05 here\n", "{a}"),
    ("h3_pct", "n.txt", "rate {a} \u066a here\n", "{a}"),
    ("h3_pct", "n.txt", "rate {a}\u2030 here\n", "{a}%"),
    ("h3_pct", "n.txt", "rate {a} percent here\n", "{a}%", V),
    ("h3_pct", "n.txt", "rate {a} per capita here\n", "{a}", V),
]

_MARKDOWN = [
    ("h3_md", "r.md", "total {a}\\.{b} runs\n", "{a}"),
    ("h3_md", "r.md", "total \\-{a} runs\n", "{a}"),
    ("h3_md", "r.md", "total {a}\\*{c} runs\n", "{a}"),
    ("h3_md", "r.md", "total {a}^{b}^ runs\n", "{a}"),
    ("h3_md", "r.md", "total H~{b}~O runs\n", "{b}"),
    ("h3_md", "r.md", "total {a}**.**{b} runs\n", "{a}"),
    ("h3_md", "r.md", "total {a}``{c}`` runs\n", "{a}"),
    ("h3_md", "r.md", "total =={a}=={c} runs\n", "{a}"),
    ("h3_md", "r.md", "total {a}<sup>{b}</sup> runs\n", "{a}"),
    ("h3_md", "r.md", "total {a}{{ x }}{c} runs\n", "{a}"),
    ("h3_md", "r.md", "| n | m |\n|---|---|\n| {a}.{b} | 1 |\n", "{a}"),
    ("h3_md", "r.md", "| n | m |\n|---|---|\n| {a} | {c} |\n", "{c}", V),
    ("h3_md", "r.md", "total **{a}** runs\n", "{a}", V),
    ("h3_md", "r.md", "total `{a}` runs\n", "{a}", V),
]

_CONFIG = [
    ("h3_yaml", "c.yaml", 'n: "{a}\\x2c{c}"\n', "{a}"),
    ("h3_yaml", "c.yaml", 'n: "{a}\\u00a0{c}"\n', "{c}"),
    ("h3_yaml", "c.yaml", "n: '{a}''{c}'\n", "{a}"),
    ("h3_yaml", "c.yaml", "n: {a}:{b}:{c}\n", "{b}"),
    ("h3_yaml", "c.yaml", "n: !!float {a}e{b}\n", "{a}"),
    ("h3_yaml", "c.yaml", "n: |\n  {a}\n", "{a}", V),
    ("h3_yaml", "c.yaml", 'n: "{a}\\t{c}"\n', "{a}", V),
    ("h3_toml", "c.toml", "n = +{a}\n", "{a}", V),
    ("h3_toml", "c.toml", 'n = "\\u002b{a}"\n', "{a}"),
    ("h3_toml", "c.toml", "d = 1979-05-{a}\n", "{a}"),
    ("h3_toml", "c.toml", "t = 07:{a}:00\n", "{a}"),
    ("h3_toml", "c.toml", "n = 0b1_{a}\n", "{a}"),
    ("h3_toml", "c.toml", "n = {a}.{b}\n", "{a}.{b}", V),
    ("h3_ini", "c.ini", "[s]\nn={a}\n", "{a}", V),
    ("h3_ini", "c.ini", "[s]\nn = {a}\u00a0{c}\n", "{a}"),
    ("h3_rtf", "d.rtf", "{\\rtf1\\ansi total \\uc0\\u8722 {a} runs\\par}", "{a}"),
    ("h3_rtf", "d.rtf", "{\\rtf1\\ansi total \\u8722\\'3f{a} runs\\par}", "{a}"),
    ("h3_rtf", "d.rtf", "{\\rtf1\\ansi total {a}\\u8239?{c} runs\\par}", "{a}"),
    ("h3_rtf", "d.rtf", "{\\rtf1\\ansi total {a}\\endash {b} runs\\par}", "{a}"),
    ("h3_rtf", "d.rtf", "{\\rtf1\\ansi total {a}\\'b2 runs\\par}", "{a}"),
    ("h3_rtf", "d.rtf", "{\\rtf1\\ansi total {a}\\'bd runs\\par}", "{a}"),
    ("h3_rtf", "d.rtf", "{\\rtf1\\ansi total {a}\\'89 runs\\par}", "{a}"),
    ("h3_rtf", "d.rtf", "{\\rtf1\\ansi total {a}\\'92{c} runs\\par}", "{c}"),
    ("h3_rtf", "d.rtf", "{\\rtf1\\ansi total {a}\\'a0{c} runs\\par}", "{a}"),
    ("h3_rtf", "d.rtf", "{\\rtf1\\ansi total {a}{\\super {b}} runs\\par}", "{a}"),
    ("h3_rtf", "d.rtf", "{\\rtf1\\ansi total {a}{\\up6 {b}} runs\\par}", "{a}"),
    ("h3_rtf", "d.rtf", "{\\rtf1\\ansi total {a}\\-{c} runs\\par}", "{a}"),
    ("h3_rtf", "d.rtf", "{\\rtf1\\ansi total {a}\\enspace {c} runs\\par}", "{c}"),
]


def _between_templates() -> list[adv.Template]:
    out: list[adv.Template] = []
    for s in _BETWEEN:
        out.append(_t("h3_between", "n.txt", "total {a}" + s + "{c} runs\n", "{a}"))
        out.append(_t("h3_between", "n.txt", "total {a}" + s + "{c} runs\n", "{c}"))
    return out


def _templates() -> list[adv.Template]:
    out = _between_templates()
    for rows in (_SCRIPTS, _SIGNS, _ESCAPES, _HTML, _JSON, _CSV, _TEX, _PLAIN, _MARKDOWN, _CONFIG):
        for split, name, content, value, *exp in rows:
            out.append(_t(split, name, content, value, exp[0] if exp else NV))
    return out


def generate() -> list[dict[str, Any]]:
    """Every template, instantiated with two fixed triples (a, b, c share no digit, and
    none holds a 0 or a 5: templates use those as digits of their own)."""
    return adv.fixed_items(_templates(), [(49, 27, 318), (63, 82, 147)], "h3")


if __name__ == "__main__":
    adv.generate = generate  # the same measurement over this set
    adv.main([a for a in sys.argv[1:] if a != "--failures"])
