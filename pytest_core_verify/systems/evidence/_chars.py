"""Character classes shared by the number and text rules, and the fold both sides get.

The fold is NFKC with exceptions: characters whose NFKC form would change what a number
means keep their own form (superscripts and subscripts, enclosed and parenthesised digits,
vulgar fractions: ``10²`` must not become ``102``), and so do the group spaces (no-break,
narrow no-break, thin, figure and punctuation space: between digits they group, ``1 000``)
and the full-width comma, quote and backslash (they must not turn into a CSV or JSON
separator, quote or escape). Format characters (Unicode category Cf: zero-width space,
soft hyphen, word joiner, ...) are kept: they join what is on either side.

Everything here is computed once, lazily, from the running Python's Unicode database.
"""

from __future__ import annotations

import functools
import itertools
import re
import unicodedata

__all__ = [
    "CJK",
    "FULLWIDTH_DIGITS",
    "GAP",
    "GROUP_SPACES",
    "MARKUP_AFTER",
    "MARKUP_BEFORE",
    "MINUS_SIGNS",
    "MULTIPLY_POWER",
    "PERCENT",
    "PER_MILLE",
    "SPACED_EXPONENT",
    "binders",
    "compute_tables",
    "fold_file",
    "fold_value",
    "format_chars",
    "glue_class",
    "is_glue",
    "number_joiners",
    "range_dashes",
    "sign_like",
]

#: Characters that group digits when they stand between two digits (1 000, 1'000): every
#: space of Unicode but the ASCII one and the ideographic one (no-break, narrow no-break,
#: thin, hair, figure, punctuation, en, em and the other fixed-width spaces, the medium
#: mathematical space, the Ogham space mark).
GROUP_SPACES = (
    "\u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u202f\u205f"
)
#: Full-width digits U+FF10..U+FF19, in order.
FULLWIDTH_DIGITS = "".join(chr(0xFF10 + i) for i in range(10))
#: Written signs that the number path reads as a minus in front of digits (U+2052, the
#: commercial minus sign, is a minus in German and Scandinavian typesetting).
MINUS_SIGNS = "-\u2212\u2010\u2052"
#: Han, kana and CJK marks: scripts written without spaces. Such a character never joins a
#: neighbour into one token (each is a token of its own), so 73 stands alone in 精度为73.
CJK = (
    "\u3005-\u3007\u3021-\u3029\u3031-\u3035\u3038-\u303c\u3040-\u30ff\u31f0-\u31ff"
    "\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\U00020000-\U000323af"
)
#: One piece of what may stand between a number and its percent or per-mille sign: any
#: whitespace (line breaks and several spaces included), a tie ``~``, TeX spacing.
_GAP_ONE = r"(?:[\s~]|\\[,;: !>]|\\(?:thin|med|thick|en)space(?![A-Za-z])|\\q?quad(?![A-Za-z]))"
#: What may stand between a number and its percent or per-mille sign (at most 8 pieces).
GAP = _GAP_ONE + "{0,8}"


def _words(*words: str) -> str:
    """A case-insensitive alternation of ``words``, whose spaces and hyphens may be
    written as any whitespace run, a hyphen, or nothing, ending at a word's end."""
    alts = sorted(
        (r"[\s\-]{0,3}".join(map(re.escape, re.split(r"[ \-]", w))) for w in words),
        key=len,
        reverse=True,
    )
    return f"(?i:{'|'.join(alts)})(?![A-Za-z])"


#: The words and abbreviations of a percentage, in the languages papers are written in.
PERCENT_WORDS = (
    "percent",
    "per cent",
    "pct",
    "pct.",
    "p.c.",
    "percentage point",
    "percentage points",
    "prozent",
    "pour cent",
    "por ciento",
    "por cento",
    "per cento",
    "procent",
    "pro cent",
    "procento",
    "prosent",
    "prosentti",
)
#: ... and of a per mille (per ten thousand) quantity.
PER_MILLE_WORDS = (
    "per mille",
    "per mill",
    "per mil",
    "permille",
    "permil",
    "promille",
    "pro mille",
    "pour mille",
    "por mil",
    "per thousand",
    "per ten thousand",
    # Rates whose number is neither n nor n% as written: percentage points abbreviated,
    # basis points, the German "vom Hundert", "per hundred", and percent in languages
    # whose word takes an ending (Finnish, Hungarian, Czech, Russian).
    *("pp", "pp.", "p.p.", "p. p.", "basis point", "basis points", "bps", "vH", "v.H."),
    *("v. H.", "per hundred", "per centum", "prosenttia", "százalék"),
    *("százaléka", "procenta", "процент", "процента", "процентов"),
)
#: A percent sign in any script or markup, after a number (the number is a percentage).
#: U+FF05 and U+FE6A fold to '%'.
PERCENT = (
    r"(?:\\?%|\u066a|\{\\%\}|\}\s*\{\\(?:percent|%)\}|\\(?:text)?percent(?![A-Za-z])"
    r"|\\si\{\\percent\}|&\#0*37;|&\#[xX]0*25;|&percnt;|" + _words(*PERCENT_WORDS) + ")"
)
#: Per-mille and per-ten-thousand signs: a number followed by one is neither n nor n%.
PER_MILLE = (
    r"(?:[\u2030\u2031\u0609\u060a]|\\(?:permil(?:le)?|textperthousand|textpertenthousand)"
    r"(?![A-Za-z])|\}\s*\{\\(?:permil(?:le)?|textperthousand)\}|&permil;|&\#8240;|"
    + _words(*PER_MILLE_WORDS)
    # A percent word with an ending of any language (percents, Prozentpunkte, procenta):
    # not the percentage as written, so neither n nor n%.
    + r"|(?i:(?:per|pour|por|pro)[\s\-]{0,3}cent|prozent|procent|prosent)[A-Za-z]"
    + ")"
)
#: "x 10^3", "\times 10^{3}", "* 10**3" (or the multiplication sign U+00D7, a
#: superscript exponent) after a mantissa, with any spacing around the sign (thin and
#: no-break spaces, several, a line break): an exponent form.
MULTIPLY_POWER = (
    r"\s{0,16}(?:[\u00d7\u2715\u2a2f\u22c5\u00b7\u2219\u2022\u2217\u2062*xX"
    # The n-ary, circled and squared times and dot operators, the times with a dot.
    r"\u2a09\u2a30\u2a31\u2297\u22a0\u2299\u22a1]|\\times|\\cdot"
    r"|&times;|&\#215;)\s{0,16}"
    r"\{?10\}?\s{0,4}(?:\^|\*\*|[\u2070-\u209f\u00b2\u00b3\u00b9]|<[sS][uU][pP][\s>]"
    r"|\\textsuperscript\{)"
)
#: An exponent written after a space (``49 E27``, ``49.27 e-3``, ``1.5 E+03``, and the
#: decoded ``49\,\mathrm{e}{-27}``): the number before it is a mantissa, never a number
#: of its own. Only a whole word of ``e`` and digits is one (``49 Euro``, ``49 E.``
#: and ``49 E27a`` are not), on the same line.
SPACED_EXPONENT = r"[^\S\r\n]{1,4}[eE][+\-\u2212]?[0-9]+(?![^\W_]|[.,][0-9])"
#: Markup that makes what follows it a superscript or a subscript (an exponent, an
#: index): HTML ``<sup>`` and ``<sub>`` (any case, with attributes), LaTeX
#: ``\textsuperscript{`` and ``\textsubscript{``, and a caret or underscore before a
#: parenthesis (``10^(-3)``). A number right after it, or right before it, is part of a
#: power (``10<sup>5</sup>`` holds neither 10 nor 5), never a number of its own; so is one
#: after or before it with only whitespace between (``CO<sub> 48 </sub>``).
MARKUP_BEFORE = r"(?:<[sS][uU][pPbB](?:\s[^<>]{0,40})?>|\\textsu(?:per|b)script\{|[\^_]\()"
#: ... and what after a number makes it a base or ends a superscript or subscript:
#: ``<sup>``, ``</sup>``, ``\textsuperscript{``, ``**`` with a signed exponent.
MARKUP_AFTER = (
    r"(?:\s{0,16}(?:</?[sS][uU][pPbB][\s>]|\\textsu(?:per|b)script\{)|\*\*[+\-\u2212]?[0-9])"
)
#: Signs and dashes that touch a number in any script (a sign that is not its own).
_OTHER_SIGNS = "+\u00b1\u2213\u2795\u2796\u02d7\ufb29"
#: ... and the punctuation and symbols drawn as a dash that Unicode does not class as one
#: (the hyphen bullet, the swung dash, box-drawing and line-extension strokes).
_OTHER_SIGNS += "\u2043\u2053\u23af\u2500\u2501\u2574\u2576\u2578\u257a\u2e3a\u2e3b"
#: The spacing accents drawn as a prime or a degree sign (the acute accent, the double
#: acute, the ring above: feet and inches, 49 degrees C): like the primes U+2032 and
#: U+2033 and the degree sign they join two digits (1, U+00B4, 000) and stand apart
#: after one, where the other spacing accents glue.
PRIME_LIKE = "\u00b4\u02da\u02dd"
#: Characters that join two digits into one number: decimal points, group separators,
#: times, fractions, ranges and powers in any script (73.5 with a middle dot or an Arabic
#: decimal separator, 1'000, 10:30, 3/4, 10^3); the apostrophes, accents and primes that
#: stand for a group separator (U+00B4 from a Swiss keyboard, U+0060, U+2032), the other
#: commas and dots of any script (the Arabic comma, reversed and raised commas, the
#: katakana middle dot, the dot and bullet operators) and the signs of a product or a
#: quotient (5*5, and U+00D7, U+00F7, U+29F8): a digit on both sides makes one token, never two.
_JOINERS = (
    ".,:/'\u2019\u2018\u00b7\u0387\u066b\u066c\u2044\u2215^~_\u3001\uff0c\ufe50\ufe51\u2027"
    "`\u00b4\u2032\u2033\u2035\u201a\u201b\u02bb\u02bd\u02c8\u060c\u2e31\u2e32\u2e33\u2e34"
    "\u2e41\u30fb\uff65\u2219\u22c5*\u00d7\u00f7\u2217\u2715\u2a2f\u29f8"
    # The geresh and the dot above (group marks in Hebrew and in old typesetting), the
    # bullet, the set minus and the reverse solidus operator (drawn as a slash).
    "\u05f3\u05f4\u02d9\u2022\u2216\u29f5\u2223"
    # The decimal separator key symbol and the decimal exponent symbol (Algol's 1⏨5).
    "\u2396\u23e8" + PRIME_LIKE
)


#: The words of Unicode character names that make a punctuation mark or a symbol a
#: joiner: the commas, full stops, colons, apostrophes and primes of every script (the
#: Armenian, Ethiopic, Mongolian, Syriac, N'Ko, Vai ones), the ratio sign, the signs of a
#: product or quotient and dot operators (circled, squared, n-ary) and the Z notation
#: spot. Semicolons separate, as ``;`` does, and so do arrows (``12→6`` states both
#: numbers); the ideographic and the small and presentation forms fold or separate on
#: their own.
_JOINER_NAME_WORDS = (
    *("COMMA", "FULL STOP", "COLON", "APOSTROPHE", "PRIME", "DOT PUNCTUATION", "FOUR DOTS"),
    *("TRICOLON", "RATIO", "TIMES", "MULTIPLICATION", "DIVISION", "DOT OPERATOR", "SPOT"),
)
_JOINER_NAME_EXCLUDED = ("SEMICOLON", "IDEOGRAPHIC", "SMALL", "PRESENTATION", "MINUS", "ARROW")
#: The blocks those are looked for in (Armenian to Mongolian, General Punctuation to
#: Supplemental Punctuation, Lisu to Cyrillic Extended-B, Vertical Forms to Small Forms).
_NAMED_BLOCKS = ((0x0530, 0x1900), (0x2000, 0x2E80), (0xA400, 0xA700), (0xFE10, 0xFE70))


def named_classes() -> tuple[str, str]:
    """(joiners, signs) by character name, from the running Python's Unicode database:
    the punctuation and symbols of :data:`_JOINER_NAME_WORDS`, and the mathematical
    minus signs (dot minus, circled and squared minus, minus with dots) that are no
    minus of :data:`MINUS_SIGNS` and no superscript. Stored below as
    :data:`_NAMED_JOINERS` and :data:`_NAMED_SIGNS` (a name scan costs milliseconds at
    each start); a test checks the stored classes against this."""
    joiners: list[str] = []
    signs: list[str] = []
    for lo, hi in _NAMED_BLOCKS:
        for cp in range(lo, hi):
            ch = chr(cp)
            cat = unicodedata.category(ch)
            if cat not in ("Po", "Sm", "So") or unicodedata.normalize("NFKC", ch) != ch:
                continue  # what NFKC changes is judged as its fold (U+2A74 is ::=)
            name = unicodedata.name(ch, "")
            if any(w in name for w in _JOINER_NAME_WORDS) and not any(
                x in name for x in _JOINER_NAME_EXCLUDED
            ):
                joiners.append(ch)
            elif (
                cat == "Sm"
                and "MINUS" in name
                and "SCRIPT" not in name
                and "ARROW" not in name
                and ch not in MINUS_SIGNS + "\u2216"  # the set minus is a joiner already
            ):
                signs.append(ch)
    return "".join(joiners), "".join(signs)


#: :func:`named_classes` as computed for Unicode 14.0 (see ``_unicode_data``).
_NAMED_JOINERS = (
    "\u055a\u055d\u0589\u060c\u061e\u06d4\u0701\u0702\u0703\u0704\u0705\u0706\u0707\u0708"
    "\u0709\u07f8\u1362\u1363\u1365\u1366\u166e\u1802\u1803\u1804\u1805\u1808\u1809\u2032"
    "\u2035\u2056\u2058\u2059\u205a\u205d\u205e\u2215\u2236\u2254\u2255\u228d\u2297\u2298"
    "\u2299\u22a0\u22a1\u22c5\u22c7\u2360\u236a\u2715\u2716\u275b\u275c\u275d\u275e\u275f"
    "\u2760\u2797\u27cc\u2981\u2982\u29bc\u29d4\u29d5\u2a00\u2a02\u2a09\u2a11\u2a12\u2a13"
    "\u2a14\u2a18\u2a30\u2a31\u2a34\u2a35\u2a36\u2a37\u2a38\u2a3b\u2a78\u2ac1\u2ac2\u2af6"
    "\u2cf9\u2cfe\u2e2a\u2e2c\u2e32\u2e34\u2e3c\u2e41\u2e49\u2e4c\ua4fe\ua4ff\ua60d\ua60e"
    "\ua6f3\ua6f4\ua6f5"
)
_NAMED_SIGNS = "\u2213\u2238\u2242\u2296\u229f\u2a29\u2a2a\u2a2b\u2a2c\u2a3a\u2a41\u2a6c"
_JOINERS += _NAMED_JOINERS
_OTHER_SIGNS += _NAMED_SIGNS


_SCANNED = (
    (0x80, 0x3400),
    (0x4DC0, 0x4E00),
    (0xA000, 0xAC00),
    (0xF900, 0x20000),
    (0xE0000, 0xE01F0),
)


#: The names of the classes :func:`compute_tables` computes.
TABLE_KEYS = ("cf", "marks", "dashes", "protected", "supsub", "astral")


@functools.lru_cache(maxsize=1)
def _tables() -> dict[str, list[str]]:
    """The classes of :func:`compute_tables`: stored for the Unicode version they were
    made with (``_unicode_data``; computing them takes tens of milliseconds, which a
    check of a non-ASCII value would pay each time in a fresh process), computed for
    any other."""
    from pytest_core_verify.systems.evidence import _unicode_data as stored

    if unicodedata.unidata_version == stored.UNIDATA_VERSION:
        return {k: list(v) for k, v in stored.CHAR_TABLES.items()}
    return compute_tables()


def compute_tables() -> dict[str, list[str]]:
    """Code point classes from the Unicode database (non-ASCII only)."""
    out: dict[str, list[str]] = {k: [] for k in TABLE_KEYS}
    # Han, Hangul syllables, surrogates and private use hold none of these: skipped.
    for lo, hi in _SCANNED:
        for cp in range(lo, hi):
            ch = chr(cp)
            cat = unicodedata.category(ch)
            if cp > 0xFFFF and (cat == "Cf" or cat[0] == "M"):
                out["astral"].append(ch)  # folded to U+2060 (see fold_file)
            elif cat == "Cf":
                out["cf"].append(ch)
            elif cat[0] == "M":
                out["marks"].append(ch)
            elif cat == "Pd" and cp <= 0xFFFF:
                out["dashes"].append(ch)
            if cp <= 0xFFFF and _spacing_mark(ch, cat):
                # A spacing accent or modifier symbol (the dot above in 49\u02d9318,
                # a cedilla drawn as a comma): kept as it is (NFKC would make a space and
                # a combining mark of most, and the space would part the digits) and a
                # binder, so a number it touches is no number of its own.
                out["protected"].append(ch)
                if ch not in PRIME_LIKE:
                    out["supsub"].append(ch)
                continue
            dec = unicodedata.decomposition(ch)
            if not dec.startswith("<"):
                continue
            tag = dec.split(" ", 1)[0]
            if tag in ("<super>", "<sub>", "<circle>", "<fraction>") or (
                tag not in ("<wide>", "<font>", "<narrow>", "<small>")
                and any(c in "0123456789" for c in unicodedata.normalize("NFKC", ch))
            ):
                out["protected"].append(ch)
                if not ch.isalnum() and cp <= 0xFFFF:
                    out["supsub"].append(ch)
    # The acute accent and the double prime: NFKC makes a space and a mark of the one,
    # two primes of the other, and neither would join digits as they do (1, U+00B4, 000).
    out["protected"].extend(GROUP_SPACES + "\uff0c\ufe50\ufe51\uff02\uff3c\ufe68\u00b4\u2033")
    # Full-width digits stay too: the number path reads ASCII digits only, while a
    # text value's digit matches either form (see _text).
    out["protected"].extend(FULLWIDTH_DIGITS)
    return out


def _spacing_mark(ch: str, cat: str) -> bool:
    """A non-ASCII modifier symbol (Unicode Sk: the dot above, cedilla, diaeresis, small
    tilde, ...) or a character whose NFKC form is a space and combining marks (the
    overline, the double low line, the Greek ypogegrammeni, ...)."""
    if cat == "Sk":
        return True
    nfkc = unicodedata.normalize("NFKC", ch)
    return (
        len(nfkc) > 1
        and nfkc[0] == " "
        and all(unicodedata.category(c)[0] == "M" for c in nfkc[1:])
    )


def _class_body(chars: str | list[str]) -> str:
    """A regex character class body for ``chars``, as ranges."""
    cps = sorted({ord(c) for c in chars})
    out: list[str] = []
    i = 0
    while i < len(cps):
        j = i
        while j + 1 < len(cps) and cps[j + 1] == cps[j] + 1:
            j += 1
        lo, hi = chr(cps[i]), chr(cps[j])
        out.append(re.escape(lo) if i == j else f"{re.escape(lo)}-{re.escape(hi)}")
        i = j + 1
    return "".join(out)


@functools.lru_cache(maxsize=1)
def binders() -> str:
    """Class body: characters that bind to their neighbours (Cf, combining marks, and the
    superscript and subscript signs such as ⁻ in 10⁻³)."""
    t = _tables()
    return _class_body(t["cf"] + t["marks"] + t["supsub"])


@functools.lru_cache(maxsize=1)
def format_chars() -> str:
    """Class body: Unicode format characters (Cf) and combining marks."""
    t = _tables()
    return _class_body(t["cf"] + t["marks"])


@functools.lru_cache(maxsize=1)
def sign_like() -> str:
    """Class body: every dash and sign (a hyphen-minus, U+2212, any Pd, ±, ...)."""
    return _class_body(list(MINUS_SIGNS + _OTHER_SIGNS) + _tables()["dashes"])


@functools.lru_cache(maxsize=1)
def range_dashes() -> str:
    """Class body: dashes that make a range when they touch a number (en dash, em dash,
    wave dash, ...): every dash except the hyphen-minus and the hyphens."""
    dashes = [d for d in _tables()["dashes"] if d not in "\u2010\u2011"]
    return _class_body([*dashes, "~", "\u301c"])


@functools.lru_cache(maxsize=1)
def number_joiners() -> str:
    """Class body: characters that join two digits into one number."""
    return _class_body(_JOINERS + GROUP_SPACES) + sign_like()


def glue_class() -> str:
    """A regex matching one character that glues to a word or digit next to it."""
    return rf"(?:[^\W{CJK}]|[{binders()}])"


@functools.lru_cache(maxsize=1)
def _glue_rx() -> re.Pattern[str]:
    return re.compile(glue_class())


def is_glue(ch: str) -> bool:
    """Whether ``ch`` (one character, or '' at the file's edge) glues to a neighbour."""
    return bool(ch) and _glue_rx().match(ch) is not None


@functools.lru_cache(maxsize=1)
def _protected_rx() -> re.Pattern[str]:
    return re.compile(f"[{_class_body(_tables()['protected'])}]+")


@functools.lru_cache(maxsize=1)
def _astral_rx() -> re.Pattern[str]:
    return re.compile(f"[{_class_body(_tables()['astral'])}]")


#: Texts up to this long (a claim's value, a short region) are folded with sets of the
#: classes instead of their regexes: compiling those takes about 10 ms, which the check
#: of a non-ASCII value would pay in every fresh process.
_SHORT = 256


@functools.lru_cache(maxsize=1)
def _class_sets() -> tuple[frozenset[str], frozenset[str]]:
    tables = _tables()
    return frozenset(tables["protected"]), frozenset(tables["astral"])


def _fold_short(text: str) -> str:
    """:func:`fold_file` by sets: the same substitution, then the same runs of protected
    characters kept and NFKC between them."""
    protected, astral = _class_sets()
    if max(text) > "\uffff":
        text = "".join("\u2060" if c in astral else c for c in text)
    return "".join(
        run if kept else unicodedata.normalize("NFKC", run)
        for kept, run in (
            (k, "".join(g)) for k, g in itertools.groupby(text, protected.__contains__)
        )
    )


def fold_file(text: str) -> str:
    """NFKC, except for the protected characters (see the module doc), which stay.

    Format characters and combining marks beyond the BMP become U+2060 (word joiner):
    they join as they did, and the regex classes stay small enough to be bitmaps."""
    if text.isascii():
        return text
    if len(text) <= _SHORT:
        return _fold_short(text)
    return _fold_long(text)


def _fold_long(text: str) -> str:
    """:func:`fold_file` by the regexes of the classes."""
    if max(text) > "\uffff":
        text = _astral_rx().sub("\u2060", text)
    rx = _protected_rx()
    if rx.search(text) is None:
        return unicodedata.normalize("NFKC", text)
    parts: list[str] = []
    last = 0
    for m in rx.finditer(text):
        parts.append(unicodedata.normalize("NFKC", text[last : m.start()]))
        parts.append(m.group())
        last = m.end()
    parts.append(unicodedata.normalize("NFKC", text[last:]))
    return "".join(parts)


_WS_RX = re.compile(r"\s+")


def fold_value(text: str) -> str:
    """The fold of a claim's value: :func:`fold_file`, whitespace runs to one space, trimmed."""
    return _WS_RX.sub(" ", fold_file(text)).strip()
