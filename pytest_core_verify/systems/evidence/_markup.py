"""The markup a file's format defines, decoded around a number before its edges are judged.

A file's escapes and markup are its syntax, not its text: ``&minus;3.1`` is minus 3.1,
``1&nbsp;234`` is 1 234, ``"1\\u002e5"`` in JSON is 1.5, ``1\\,234`` and ``0{,}5`` in
LaTeX are 1 234 and 0,5. Where a number candidate has markup near it, the text around it
is decoded here (a bounded window, with a map back to the folded text, so that the hit's
line and column are those of the file as written) and the number rules judge the decoded
text. What the reader does not know becomes :data:`UNKNOWN`, and a number that touches it
is refused: never read the digits alone.

What is decoded, by kind of file:

- every file: HTML and XML character references (every HTML5 named entity of
  :data:`html.entities.html5`, decimal and hexadecimal numeric references, as
  :func:`html.unescape` reads them; an ``&name;`` it does not know is unknown markup)
  and HTML tags (``<sup>``/``<sub>`` stay as written: the power rules read them; block
  tags such as ``<td>`` and ``<br>`` separate; inline tags such as ``<b>`` and ``<span>``,
  comments and processing instructions are invisible, so ``1<b>5</b>`` is 15);
- JSON (``.json``, ``.jsonl``, ``.ndjson``): string escapes (``\\uXXXX`` with surrogate
  pairs, ``\\"``, ``\\\\``, ``\\/``, ``\\b \\f \\n \\r \\t``); any other backslash is
  unknown;
- every other file: TeX. Grouping braces and math shifts are invisible (``0{,}5`` is
  ``0,5``, ``$\\times$`` is ``\\times``), spacing commands are spaces that group digits
  (``\\,`` ``\\;`` ``\\:`` ``\\quad`` ...), ``\\!`` ``\\-`` ``\\/`` are nothing, the
  commands of :data:`COMMANDS` are what they typeset (``\\times`` a multiplication
  sign, ``\\percent`` %, ``\\permil`` ‰, ``\\SI`` and ``\\num`` their argument, units
  a word), escaped characters are themselves (``\\%`` ``\\$`` ``\\_`` ...); any other
  command or control symbol is unknown.

A backslash left in the decoded text (a JSON string holding TeX, ``&bsol;``) is unknown
markup as well: it is not decoded twice.
"""

from __future__ import annotations

import bisect
import html
import html.entities
import re
from dataclasses import dataclass
from typing import Literal

from pytest_core_verify.systems.evidence._chars import GROUP_SPACES, fold_file

__all__ = ["COMMANDS", "UNKNOWN", "Decoded", "MarkupKind", "decode", "has_markup"]

MarkupKind = Literal["json", "tex"]

#: Stands for markup the reader does not know: a number touching it is never read.
UNKNOWN = "\ufffc"
#: Spacing through which unknown markup still touches a number: it groups digits.
_GROUPING = GROUP_SPACES + "~"

_THIN = "\u2009"  # \, : a thin space (groups digits: 1\,234 is one number)
_MEDIUM = "\u205f"  # \: \; \> : a medium mathematical space
_EM = "\u2003"  # \quad and wider

#: TeX and LaTeX commands (siunitx included) the reader knows, with what they typeset.
#: A command whose value is "" is transparent: its argument, in braces that are
#: themselves invisible, is what it shows (``\SI{85}{\percent}`` is 85%). A unit is a
#: word after a space (``\SI{1.5}{\metre}`` is 1.5 metre).
COMMANDS: dict[str, str] = {
    # spacing
    "thinspace": _THIN,
    "medspace": _MEDIUM,
    "thickspace": _MEDIUM,
    "enspace": _EM,
    "quad": _EM,
    "qquad": _EM,
    "nobreakspace": "\u00a0",
    "space": " ",
    "negthinspace": "",
    "negmedspace": "",
    "negthickspace": "",
    "relax": "",
    "displaystyle": "",
    "textstyle": "",
    "scriptstyle": "",
    "left": "",
    "right": "",
    # operators and signs
    "times": "\u00d7",
    "cdot": "\u22c5",
    "div": "\u00f7",
    "ast": "\u2217",
    "pm": "\u00b1",
    "mp": "\u2213",
    "minus": "\u2212",
    "textminus": "\u2212",
    "textpm": "\u00b1",
    "texttimes": "\u00d7",
    "textdiv": "\u00f7",
    "textendash": "\u2013",
    "textemdash": "\u2014",
    "textasciicircum": "^",
    "textunderscore": "_",
    "textasciitilde": "~",
    "textdegree": "\u00b0",
    # percent and per mille
    "percent": "%",
    "textpercent": "%",
    "permil": "\u2030",
    "permille": "\u2030",
    "textperthousand": "\u2030",
    "textpertenthousand": "\u2031",
    # commands that show their argument
    "num": "",
    "SI": "",
    "si": "",
    "qty": "",
    "unit": "",
    "tablenum": "",
    "text": "",
    "textrm": "",
    "textnormal": "",
    "textbf": "",
    "textit": "",
    "textsf": "",
    "texttt": "",
    "emph": "",
    "mathrm": "",
    "mathit": "",
    "mathbf": "",
    "mathsf": "",
    "mathtt": "",
    "mathnormal": "",
    "boldsymbol": "",
    "ensuremath": "",
    "mbox": "",
    "hbox": "",
    "underline": "",
    "textsc": "",
    # references, notes and structure: they stand apart from what is around them
    **dict.fromkeys(
        (
            *("cite", "citep", "citet", "citeauthor", "citeyear", "ref", "eqref", "autoref"),
            *("cref", "Cref", "pageref", "label", "footnote", "url", "href", "item", "hline"),
            *("toprule", "midrule", "bottomrule", "cmidrule", "newline", "linebreak", "par"),
            *("noindent", "centering", "caption", "section", "subsection", "subsubsection"),
            *("paragraph", "chapter", "vspace", "medskip", "smallskip", "bigskip"),
            *("footnotemark", "footnotetext", "thanks"),
        ),
        "\n",
    ),
    # units (siunitx): a word of their own
    **{
        u: " " + u
        for u in (  # noqa: SIM905 - a list of words reads best as words
            "metre meter gram second ampere kelvin mole candela hertz newton pascal joule"
            " watt coulomb volt farad ohm siemens weber tesla henry lumen lux becquerel"
            " gray sievert litre liter tonne hour minute day byte bit degreeCelsius celsius"
            " electronvolt decibel kilo mega giga tera peta milli micro nano pico femto"
            " centi deci kibi mebi gibi tebi per square cubic squared cubed degree"
            " arcminute arcsecond cent"
        ).split()
    },
}

#: References, labels, links and lengths: their argument is a name or a dimension, never
#: shown as text (\\label{eq:58} holds no 58).
_HIDDEN_ARGUMENT = frozenset(
    {
        *("cite", "citep", "citet", "citeauthor", "citeyear", "ref", "eqref", "autoref"),
        *("cref", "Cref", "pageref", "label", "url", "href", "vspace"),
    }
)

#: Control symbols (a backslash and one non-letter) and what they typeset.
_SYMBOLS: dict[str, str] = {
    ",": _THIN,
    ":": _MEDIUM,
    ";": _MEDIUM,
    ">": _MEDIUM,
    # TeX's control space: between digits it groups them, as the contract's other
    # spacing does (49\ 318 is one number).
    " ": "\u00a0",
    # A backslash before a line break is unknown: TeX's control space, but a line
    # continuation in the INI, properties and shell files read here too (49\ and 318 on
    # the next line are 49318 there).
    "\t": " ",
    "!": "",
    "-": "",  # a discretionary hyphen: 1\-000 is 1000
    "/": "",  # an italic correction
    "(": "",
    ")": "",
    "[": "",
    "]": "",
    "%": "%",
    "$": "$",
    "#": "#",
    "&": "&",
    "_": "_",
    "{": "{",
    "}": "}",
    "*": "*",  # a discretionary product (TeX), an escaped star (Markdown)
    "\\": "\n",
}

#: HTML elements that break a line or a cell: they separate what is on either side.
_BLOCK_TAGS = frozenset(
    {
        *("address", "article", "aside", "blockquote", "body", "br", "caption", "dd"),
        *("details", "dialog", "div", "dl", "dt", "fieldset", "figcaption", "figure"),
        *("footer", "form", "h1", "h2", "h3", "h4", "h5", "h6", "head", "header", "hr"),
        *("html", "li", "main", "nav", "ol", "option", "p", "pre", "section", "summary"),
        *("table", "tbody", "td", "tfoot", "th", "thead", "title", "tr", "ul"),
    }
)
#: Tags kept as written: the power and index rules read them.
_KEPT_TAGS = frozenset({"sup", "sub"})

_JSON_ESCAPES = {'"': '"', "\\": "\\", "/": "/", "b": "\b", "f": "\f", "n": "\n", "r": "\r"}
_JSON_ESCAPES["t"] = "\t"

_COMMON = (
    r"(?P<ent>&(?:\#[0-9]{1,10};?|\#[xX][0-9A-Fa-f]{1,8};?|[A-Za-z][A-Za-z0-9]{0,40};?))"
    r"|(?P<comment><!--[\s\S]{0,4096}?-->"
    # An XML processing instruction is markup too: 49<?pi x?>318 is 49318.
    r"|<\?[A-Za-z_][\s\S]{0,4096}?\?>)"
    # A CDATA section's markers are markup, its content text: 38<![CDATA[249]]> is 38249.
    r"|(?P<cdata><!\[CDATA\[|\]\]>)"
    # Template tags (ERB, JSP and ASP ``<% %>``, Jinja, Liquid and Mustache ``{{ }}`` and
    # ``{% %}``) are filled in when the page is made: unknown markup, 49<%= x %>318 holds
    # no 49.
    r"|(?P<tmpl><%[\s\S]{0,512}?%>|\{\{[ \t]*[A-Za-z_.$][^{}\n]{0,256}?\}\}"
    r"|\{%[\s\S]{0,512}?%\})"
    # A tag's name is an XML name: custom elements and namespaces (<custom-el>, <x:b>).
    r"|(?P<tag></?(?P<tagname>[A-Za-z_][A-Za-z0-9_.:\-]{0,40})(?:\s[^<>]{0,512})?/?>)"
)
_RXS = {
    "json": re.compile(
        _COMMON
        + r"|(?P<ju>\\u[0-9A-Fa-f]{4}(?:\\u[0-9A-Fa-f]{4})?)"
        # An escaped backslash before a letter: a TeX command inside a string ("\\frac"),
        # markup the reader does not know.
        + r"|(?P<jtex>\\\\[A-Za-z]+)"
        + r"|(?P<jesc>\\[\s\S]?)"
    ),
    "tex": re.compile(
        _COMMON
        + r"|(?P<keep>\\textsu(?:per|b)script\{)"
        # An infix fraction takes the spaces around it: {35 \\over 96} holds no 35.
        + r"|(?P<infix>[ \t]*\\(?:over|atop|above|choose|brace|brack)(?![A-Za-z])[ \t]*)"
        # TeX skips the spaces after a control word (1\\textminus 1 is 1, minus, 1). An
        # unknown command takes its argument or dimension with it (\\kern1pt 883: the
        # space after a dimension is part of it), so nothing of it is read as text.
        + r"|(?P<cmd>\\(?P<cname>[A-Za-z]+)\*?[ \t]*)"
        # Optional arguments are the command's, never text (\\sqrt[3]{8}, [scale=0.6]).
        + r"(?P<copt>(?:\[[^\[\]{}\n]{0,64}\][ \t]*){0,4})"
        + r"(?P<carg>\{[^{}\n]{0,64}\}[ \t]*"
        + r"|[+\-]?[0-9]*\.?[0-9]+[ \t]*(?:pt|em|ex|mm|cm|in|bp|pc|sp|mu|dd|cc)[ \t]?"
        # A control word with an integer parameter, as RTF writes them (\fs24, \rtf1),
        # and its delimiter: a space, or the character \uN falls back to (\u8722?49 is
        # -49, so the 49 touches the unknown markup).
        + r"|-?[0-9]{1,10}(?:[ ]|[^\sA-Za-z0-9\\{}])?)?"
        # A backslash and hex digits (a CSS escape, \2212 with the space that ends it):
        # no TeX control symbol is a digit, so unknown markup as a whole.
        + r"|(?P<hexesc>\\[0-9][0-9A-Fa-f]{0,5}[ \t]?)"
        + r"|(?P<sym>\\[\s\S]?)"
        + r"|(?P<group>[{}$])"
        # -- and --- typeset an en and an em dash: 52--61 is a range.
        + r"|(?P<dash>-{2,3})"
        # Markdown's emphasis and code markers and a link's target are invisible:
        # **25**,783 is 25,783 and [19](x)263 is 19263.
        + r"|(?P<md>\*{1,3}|`{1,3}|\]\([^()\s]{0,256}\))"
    ),
}
_TRIGGERS = {"json": re.compile(r"[&\\<]"), "tex": re.compile(r"[&\\<{}$*`]|--|\]\(")}


def has_markup(text: str, lo: int, hi: int, kind: MarkupKind) -> bool:
    """Whether ``text[lo:hi]`` holds a character that may begin markup of ``kind``."""
    return _TRIGGERS[kind].search(text, lo, hi) is not None


@dataclass(frozen=True)
class Decoded:
    """Decoded text and its map back to the text it came from.

    ``segments`` are (decoded start, raw start, raw end, verbatim) in order; a verbatim
    segment maps character for character, a decoded one is one unit of markup."""

    text: str
    segments: list[tuple[int, int, int, bool]]

    def to_decoded(self, raw: int) -> int | None:
        """The decoded index of raw index ``raw``, or None when ``raw`` lies inside a
        unit of markup (not at its start: the digits of ``&#215;`` are no digits)."""
        keys = [s[1] for s in self.segments]
        k = bisect.bisect_right(keys, raw) - 1
        if k < 0:
            return None
        dstart, rstart, rend, verbatim = self.segments[k]
        if raw == rstart:
            return dstart
        if verbatim and raw < rend:
            return dstart + (raw - rstart)
        if raw == rend:
            nxt = self.segments[k + 1][0] if k + 1 < len(self.segments) else len(self.text)
            return nxt
        return None

    def to_raw(self, dec: int) -> int:
        """The raw index a decoded index came from (a unit's start for decoded text)."""
        keys = [s[0] for s in self.segments]
        k = bisect.bisect_right(keys, dec) - 1
        if k < 0:
            return self.segments[0][1] if self.segments else 0
        dstart, rstart, rend, verbatim = self.segments[k]
        if verbatim:
            return min(rstart + (dec - dstart), rend)
        return rstart


def _entity(raw: str) -> str:
    if raw.endswith(";") and not raw.startswith("&#") and raw[1:] not in html.entities.html5:
        # A name closed by ';' that HTML5 does not define is unknown markup, even where
        # a legacy prefix of it would decode (&notanentity; is no ¬).
        return UNKNOWN
    out = html.unescape(raw)
    if out == raw:
        # A reference html.unescape leaves alone: unknown markup if it is closed by ';',
        # else a plain ampersand ("R&D").
        return UNKNOWN if raw.endswith(";") else raw
    return fold_file(out)


def _json_unicode(raw: str) -> str:
    units = [int(raw[i + 2 : i + 6], 16) for i in range(0, len(raw), 6)]
    if len(units) == 2 and 0xD800 <= units[0] < 0xDC00 <= units[1] < 0xE000:
        cp = 0x10000 + ((units[0] - 0xD800) << 10) + (units[1] - 0xDC00)
        return fold_file(chr(cp))
    out = []
    for u in units:
        out.append(UNKNOWN if 0xD800 <= u < 0xE000 else fold_file(chr(u)))
    return "".join(out)


#: siunitx's commands whose (first) argument is a number in siunitx's input syntax.
_SI_NUMBER = frozenset({"num", "SI", "qty", "tablenum"})
#: The input siunitx reads as the plain reader does: a sign, ASCII digits with one
#: decimal point, an e-exponent, spaces around. Anything else in the argument (spaces
#: or ``\,`` between digits, which siunitx drops: ``\num{91 364}`` is 91364; a comma,
#: which it reads as a decimal marker; an uncertainty ``49(3)``, ``\pm``; the exponent
#: markers ``d`` ``D``; a product ``x``) and any option (``\num[...]``, which may change
#: how the input is read) make the whole command unknown markup.
_SI_PLAIN = re.compile(
    r"\{[ \t]*[+\-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][+\-]?[0-9]+)?[ \t]*\}[ \t]*"
)


def _unit(m: re.Match[str]) -> tuple[str | None, int]:
    """What one unit of markup stands for (None: keep it as written), and where it ends
    (a known command ends before the argument that an unknown one would take)."""
    if m.groupdict().get("cmd") is not None:
        name = m["cname"]
        if name in _SI_NUMBER and (
            m["copt"] or m["carg"] is None or _SI_PLAIN.fullmatch(m["carg"]) is None
        ):
            return UNKNOWN, m.end()
        if name in COMMANDS:
            if name in _HIDDEN_ARGUMENT and m["carg"] is not None:
                return COMMANDS[name], m.end()
            return COMMANDS[name], m.end("copt")
        return UNKNOWN, m.end()
    return _other_unit(m), m.end()


def _other_unit(m: re.Match[str]) -> str | None:
    kind = m.lastgroup
    raw = m.group()
    if kind == "ent":
        return _entity(raw)
    if kind == "comment":
        return ""
    if kind == "tag":
        name = m["tagname"].lower()
        if name in _KEPT_TAGS:
            return None
        return "\n" if name in _BLOCK_TAGS else ""
    if kind == "ju":
        return _json_unicode(raw)
    if kind == "jesc":
        return _JSON_ESCAPES.get(raw[1:], UNKNOWN)
    if kind == "keep":
        return None
    if kind == "cdata" or kind == "md":
        return ""
    if kind == "dash":
        return "\u2013" if len(raw) == 2 else "\u2014"
    if kind in ("infix", "jtex", "tmpl", "hexesc"):
        return UNKNOWN
    if kind == "sym":
        return _SYMBOLS.get(raw[1:], UNKNOWN)
    return ""  # a group brace or a math shift: invisible


def decode(text: str, lo: int, hi: int, kind: MarkupKind) -> Decoded:
    """Decode ``text[lo:hi]`` as markup of ``kind``. Raw indices in the result are
    indices of ``text``. Where ``lo`` > 0 or ``hi`` < len(text) the window may cut a
    unit in two; the result then starts (or ends) with :data:`UNKNOWN`, so no number
    rule ever takes a window's edge for the file's."""
    parts: list[str] = []
    segments: list[tuple[int, int, int, bool]] = []
    size = 0
    if lo > 0:
        parts.append(UNKNOWN)
        size = 1
        segments.append((0, lo, lo, False))
    last = lo
    rx = _RXS[kind]
    pos = lo
    while True:
        m = rx.search(text, pos, hi)
        if m is None:
            break
        out, stop = _unit(m)
        pos = stop
        if out is None:
            continue  # kept as written: part of the verbatim text around it
        if m.start() > last:
            segments.append((size, last, m.start(), True))
            parts.append(text[last : m.start()])
            size += m.start() - last
        segments.append((size, m.start(), stop, False))
        parts.append(out)
        size += len(out)
        last = stop
    if hi > last:
        segments.append((size, last, hi, True))
        parts.append(text[last:hi])
        size += hi - last
    if hi < len(text):
        segments.append((size, hi, hi, False))
        parts.append(UNKNOWN)
    return Decoded("".join(parts), segments)


def unknown_after(text: str, i: int) -> bool:
    """Whether unknown markup (or a backslash left over) starts at ``text[i]``, after
    nothing but spacing that would group digits."""
    j = i
    while j < len(text) and text[j] in _GROUPING + "{}":
        j += 1
    return text[j : j + 1] in (UNKNOWN, "\\")


def unknown_before(text: str, i: int) -> bool:
    """Whether unknown markup (or a backslash) ends right before ``text[i]``, before
    nothing but spacing that would group digits, or a backslash escapes the character
    right before it (a JSON string holding TeX: "1\\\\,234" is 1\\,234, one number)."""
    j = i
    while j > 0 and text[j - 1] in _GROUPING + "{}":
        j -= 1
    return (j > 0 and text[j - 1] in (UNKNOWN, "\\")) or (j > 1 and text[j - 2] == "\\")
