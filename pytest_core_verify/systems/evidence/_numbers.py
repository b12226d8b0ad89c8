"""Number values and number tokens: what counts as the same number, and where.

A claim whose value is a pure number matches a number *token* in the (folded) file text
by exact decimal equality (73.2 = 73.20 = 7.32e1). A token only counts when it stands
on its own: a digit run that touches a letter, a format character, a superscript, or
that a joiner (decimal point or group separator in any script, colon, slash, dash,
caret) ties to another digit run is never a number token here. When in doubt, no token.

Scanning is two-stage so that per-hit work is constant and mostly in C: a regex per
value finds its significant digits (see :func:`literals`) with fixed-width guards that
reject the common non-tokens (``10`` for 0, ``1.5`` for 1) inside the regex engine;
each survivor is checked exactly by :func:`verify` on a bounded window around it.
"""

from __future__ import annotations

import functools
import math
import re
from collections.abc import Callable
from dataclasses import dataclass
from decimal import Decimal

from pytest_core_verify.systems.evidence import _markup
from pytest_core_verify.systems.evidence._chars import (
    CJK,
    GAP,
    GROUP_SPACES,
    MARKUP_AFTER,
    MARKUP_BEFORE,
    MINUS_SIGNS,
    MULTIPLY_POWER,
    PER_MILLE,
    PERCENT,
    SPACED_EXPONENT,
    binders,
    is_glue,
    number_joiners,
    range_dashes,
    sign_like,
)

__all__ = [
    "MAX_TOKEN_CHARS",
    "SEPARATOR_SUFFIXES",
    "Canon",
    "NumberValue",
    "literals",
    "number_from_decimal",
    "number_from_float",
    "parse_number_value",
    "text_edges_ok",
    "verify",
]

#: Longest number token considered (characters, sign and % included). Longer digit
#: runs are never a match: nobody cites a 300-digit number, and it bounds the window.
MAX_TOKEN_CHARS = 256
#: Exponents with more digits than this are out of range (never equal to a token).
MAX_EXPONENT_DIGITS = 9

#: Files whose commas may separate fields: JSON (outside strings) and CSV/TSV (outside
#: quoted cells, and only when the comma is the file's delimiter).
SEPARATOR_SUFFIXES = frozenset({".json", ".jsonl", ".ndjson", ".csv", ".tsv"})

# (sign, significant digits, exponent) with value = sign * int(digits) * 10**exponent;
# zero is (0, "0", 0). Exact and context-free, unlike Decimal.normalize().
Canon = tuple[int, str, int]

_MINUS = "\u2212"

# A pure-number value: optional sign, digits with optional comma thousands groups,
# decimals, exponent, optional trailing %. ASCII digits only (after the fold). A grouped
# number leads with a digit other than 0: "0,111" is no group of 111 (in a file it is
# read as 0 and 111 joined by a comma, never as 111), so as a value it is text.
_VALUE_RX = re.compile(
    r"(?P<sign>[+\-\u2212])?"
    r"(?:(?P<int>[1-9][0-9]{0,2}(?:,[0-9]{3})+|[0-9]+)(?:\.(?P<frac>[0-9]+))?|\.(?P<frac2>[0-9]+))"
    r"(?:[eE](?P<exp>[+\-\u2212]?[0-9]+))?"
    r"(?P<pct>%)?"
)
# A token in the file, from its first character: the sign (if any) is matched separately.
_TOKEN_RX = re.compile(
    r"(?:(?P<int>[0-9]{1,3}(?:,[0-9]{3})+(?![0-9])|[0-9]+)(?:\.(?P<frac>[0-9]+))?"
    r"|\.(?P<frac2>[0-9]+))"
    r"(?:[eE](?P<exp>[+\-\u2212]?[0-9]+))?"
)
# The same without comma groups: where a comma separates fields.
_TOKEN_SEP_RX = re.compile(
    r"(?:(?P<int>[0-9]+)(?:\.(?P<frac>[0-9]+))?|\.(?P<frac2>[0-9]+))"
    r"(?:[eE](?P<exp>[+\-\u2212]?[0-9]+))?"
)


@functools.lru_cache(maxsize=1)
def _context_rxs() -> dict[str, re.Pattern[str]]:
    return {
        "pct": re.compile(GAP + PERCENT),
        "permille": re.compile(GAP + PER_MILLE),
        "mulpow": re.compile(MULTIPLY_POWER),
        "spaced_exp": re.compile(SPACED_EXPONENT),
        "joiner": re.compile(f"[{number_joiners()}]"),
        "sign": re.compile(f"[{sign_like()}]"),
        "range": re.compile(f"[{range_dashes()}]"),
        "markup_before": re.compile(MARKUP_BEFORE + r"\s{0,16}\Z"),
        "markup_after": re.compile(MARKUP_AFTER),
    }


@dataclass(frozen=True)
class NumberValue:
    """A claim value that is a pure number."""

    canon: Canon
    percent: bool

    @property
    def key(self) -> tuple[Canon, bool]:
        return (self.canon, self.percent)


def _exponent(exp: str) -> int | None:
    digits = exp.lstrip("+-\u2212").lstrip("0")
    if len(digits) > MAX_EXPONENT_DIGITS:
        return None
    value = int(digits or "0")
    return -value if exp[:1] in ("-", _MINUS) else value


def _canon(sign: str, int_part: str, frac: str, exp: str) -> Canon | None:
    """The canonical form, or None when the exponent is out of range."""
    exponent = _exponent(exp)
    if exponent is None:
        return None
    digits = (int_part.replace(",", "") + frac).lstrip("0")
    exponent -= len(frac)
    if not digits:
        return (0, "0", 0)
    stripped = digits.rstrip("0")
    exponent += len(digits) - len(stripped)
    return (-1 if sign in ("-", _MINUS) else 1, stripped, exponent)


def parse_number_value(text: str) -> NumberValue | str | None:
    """The number a (folded) value string denotes; ``None`` if it is not a pure number;
    a reason (str) if it is one but cannot be checked."""
    m = _VALUE_RX.fullmatch(text)
    if m is None:
        return None
    if m["exp"] and "," in (m["int"] or ""):
        # 1,600E9: no file's token of that form is ever found as a number (a grouped
        # mantissa has no literal), so as a value it is text, found as written.
        return None
    canon = _canon(m["sign"] or "", m["int"] or "", m["frac"] or m["frac2"] or "", m["exp"] or "")
    if canon is None:
        return f"the exponent has more than {MAX_EXPONENT_DIGITS} digits"
    return NumberValue(canon, bool(m["pct"]))


def number_from_decimal(d: Decimal) -> NumberValue | None:
    """A finite Decimal as a number value, or ``None`` for NaN and infinities."""
    if not d.is_finite():
        return None
    sign, digits, exponent = d.as_tuple()
    assert isinstance(exponent, int)
    canon = _canon("-" if sign else "", "".join(map(str, digits)), "", str(exponent))
    return NumberValue(canon, False) if canon is not None else None


def number_from_float(value: float | int) -> NumberValue | None:
    """A finite int or float as a number value (a float by its shortest repr)."""
    if isinstance(value, float):
        return number_from_decimal(Decimal(repr(value))) if math.isfinite(value) else None
    return number_from_decimal(Decimal(value))


def literals(value: NumberValue) -> list[str]:
    """Strings of which every token equal to ``value`` contains at least one.

    With s the significant digits, an equal token's mantissa is ``0* s 0*`` with at
    most one '.' somewhere: it contains s itself, or s with the point inside it.
    Comma-grouped tokens (1,234.5) add their one canonical grouped form.
    """
    _sign, s, exponent = value.canon
    if len(s) > MAX_TOKEN_CHARS:
        return []  # no token that long is ever considered, so nothing can match
    # A large exponent is no bar: such a number is written with one (2.2e-308), and its
    # mantissa holds s as any other does.
    out = {s} | {s[:j] + "." + s[j:] for j in range(1, len(s))}
    if value.canon[0] != 0 and len(s) + max(exponent, 0) <= MAX_TOKEN_CHARS:
        if exponent >= 0:
            int_part, frac = s + "0" * exponent, ""
        else:
            padded = s.rjust(-exponent + 1, "0")
            int_part, frac = padded[:exponent], padded[exponent:]
        if len(int_part) > 3:
            out.add(f"{int(int_part):,}" + ("." + frac if frac else ""))
    return sorted(x for x in out if len(x) <= MAX_TOKEN_CHARS)


def pattern(value: NumberValue) -> re.Pattern[str] | None:
    """The candidate regex: a literal of the value with guards that reject, inside the
    regex engine, what can never be an equal token. Sound: it drops no equal token."""
    lits = literals(value)
    if not lits:
        return None
    sign = value.canon[0]
    word_not_zero = f"[^\\W0{CJK}]"
    # Cheap ASCII checks first, from both sides: in a dense file ("10 10 10" for 0,
    # "1.5 1.5" for 1) they reject a hit at once; the Unicode classes come last.
    ahead = r"(?!0*(?:\.0*)?[1-9])(?![A-DF-Za-df-z_])"
    if not value.percent:
        ahead += r"(?![ ]?%)"
    costly = f"(?![^\\W0-9eE{CJK}])(?![{binders()}])"
    if not value.percent:
        costly += f"(?!{GAP}{PERCENT})"
    _sign, digits, exponent = value.canon
    # An integer token is its digits, its trailing zeros and nothing after them but a
    # plain separator: for an integer value it is equal only with exactly ``exponent``
    # zeros after the significant digits ("10 " is no 1, "1 " no 10). Rejected here, in
    # the regex engine: in "10 10 10 ..." every 10 is a literal of 1.
    zeros_then_end = r"(?=[ \t\r\n;)\]}|<>!?]|\Z)"
    wrong_zeros = (
        f"(?!(?:0{{{exponent + 1},}}" + (f"|0{{0,{exponent - 1}}}" if exponent > 0 else "") + ")"
        f"{zeros_then_end})"
    )
    alts = []
    for lit in lits:
        n = len(lit)
        any_n = f"[\\s\\S]{{{n}}}"
        # What stands right before the literal: a word character other than 0, a binder,
        # or a nonzero digit before a point or zero, is never the start of an equal token.
        # Cheap ASCII checks first: in a dense file they reject most hits.
        left = [
            f"(?<![1-9A-Za-z_]{any_n})",
            f"(?<![1-9]\\.{any_n})",
            f"(?<![1-9]0{any_n})",
            f"(?<![1-9]0\\.{any_n})",
            f"(?<![1-9]\\.0{any_n})",
        ]
        if sign == 0:
            left.append(f"(?<![0-9]{any_n})")  # a zero run is checked from its first zero
        elif sign < 0:
            left.append(f"(?<=[{re.escape(MINUS_SIGNS)}0.]{any_n})")
        else:
            left.append(f"(?<![{re.escape(MINUS_SIGNS)}]{any_n})")
        left += [costly, f"(?<!{word_not_zero}{any_n})", f"(?<![{binders()}]{any_n})"]
        guard = wrong_zeros if lit == digits and exponent >= 0 and sign != 0 else ""
        alts.append(re.escape(lit) + guard + ahead + "".join(left))
    return re.compile("|".join(alts))


def _comma_is_decimal_tail(text: str, comma: int) -> bool:
    """Whether the digits right before ``text[comma]`` end a decimal fraction that cannot
    be a dot-grouped integer (0.91, or 1.5, but not 1.000,5): then the comma separates."""
    i = comma - 1
    while i >= 0 and text[i] in "0123456789":
        i -= 1
    frac = comma - 1 - i
    return frac >= 1 and frac != 3 and i >= 1 and text[i] == "." and text[i - 1].isdigit()


#: Characters of context around a literal that are decoded when markup is near it: less
#: than the context the caller guarantees (:data:`MAX_TOKEN_CHARS` + 64), so that a window
#: that starts at 0 or ends at the text's end reaches the file's edge.
MARKUP_WINDOW = MAX_TOKEN_CHARS + 56


def verify(
    text: str,
    start: int,
    end: int,
    value: NumberValue,
    comma_separates: Callable[[int], bool],
    markup: _markup.MarkupKind = "tex",
) -> int | None:
    """If the literal found at ``text[start:end]`` lies in a standalone token equal to
    ``value``, the token's start index; else None.

    ``text`` holds at least :data:`MAX_TOKEN_CHARS` + 64 characters of context on both
    sides of the literal, or reaches the file's edge. ``comma_separates(i)`` says whether
    the comma at ``text[i]`` separates fields (CSV or JSON outside a quoted string).
    ``markup`` is the file's kind of markup (see :mod:`._markup`): where any is near the
    literal, the rules judge the decoded text around it, and unknown markup that touches
    the token refuses it.
    """
    # The plain rules first: they refuse most candidates of a dense file, and what they
    # refuse stays refused (decoding only ever refuses: the fast path's prefilter, which
    # mirrors the plain rules, then answers as the exact scan does). A token they accept
    # is judged again on the decoded text wherever markup is near it.
    at = _verify(text, start, end, value, comma_separates)
    lo = max(0, start - MARKUP_WINDOW)
    hi = min(len(text), end + MARKUP_WINDOW)
    if at is None or not _markup.has_markup(text, lo, hi, markup):
        return at
    dec = _markup.decode(text, lo, hi, markup)
    ds, de = dec.to_decoded(start), dec.to_decoded(end)
    if ds is None or de is None or dec.text[ds:de] != text[start:end]:
        return None  # the literal is part of an escape (the digits of &#215;)
    if _verify(dec.text, ds, de, value, lambda i: comma_separates(dec.to_raw(i)), True) is None:
        return None
    return at


#: Characters of context decoded around a text value's match (less than the context the
#: scan keeps for it, see ``_text.LOOKAHEAD``).
TEXT_WINDOW = 152


def _never(_i: int) -> bool:
    return False


def text_edges_ok(text: str, start: int, end: int, folded: str, markup: _markup.MarkupKind) -> bool:
    """Whether a text value's match at ``text[start:end]`` whose first or last character
    is a digit stands on its own once the markup near it is decoded: a number's edge
    rules at that edge (``1&nbsp;234`` holds no "acc 1", ``86\\u0025`` in JSON no
    "score 86"), and no unknown markup touching it. Where no markup is near, the value's
    own pattern has decided and this says yes."""
    first, last = folded[:1].isdigit(), folded[-1:].isdigit()
    if not (first or last):
        return True
    lo = max(0, start - TEXT_WINDOW)
    hi = min(len(text), end + TEXT_WINDOW)
    if not _markup.has_markup(text, lo, hi, markup):
        return True
    dec = _markup.decode(text, lo, hi, markup)
    d = dec.text
    # Only a digit edge is judged here (a value may itself hold markup, "5\\", and is
    # then matched as written): it must be a boundary of the decoded text.
    if first:
        ds = dec.to_decoded(start)
        if ds is None or not _left_ok(d, ds, _never, True):
            return False
    if last:
        de = dec.to_decoded(end)
        if de is None:
            return False
        rx = _context_rxs()
        if rx["pct"].match(d, de) or rx["permille"].match(d, de):
            return False
        if not _right_ok(d, de, de, False, _never, True):
            return False
    return True


def _verify(
    text: str,
    start: int,
    end: int,
    value: NumberValue,
    comma_separates: Callable[[int], bool],
    decoded: bool = False,
) -> int | None:
    """:func:`verify` on ``text`` as it stands; ``decoded``: ``text`` is decoded markup,
    where unknown markup near the token refuses it."""
    rx = _context_rxs()
    # The mantissa may start with zeros and a point before the literal (0.05, 00.5).
    ms = start
    lo = max(0, start - MAX_TOKEN_CHARS)
    while ms > lo and text[ms - 1] in "0.":
        ms -= 1
    if ms == lo and lo > 0:
        return None
    ts = ms
    negative = False
    before = text[ms - 1 : ms]
    if before and before in MINUS_SIGNS + "+":
        ts = ms - 1
        negative = before != "+"
    separated_left = ms > 0 and text[ms - 1] == "," and comma_separates(ms - 1)
    token_rx = _TOKEN_SEP_RX if separated_left else _TOKEN_RX
    m = token_rx.match(text, ms, ms + MAX_TOKEN_CHARS)
    if m is None or m.end() < end:
        return None
    te = m.end()
    if "," in m.group() and comma_separates(ms + m.group().index(",")):
        # Outside a quoted string a comma separates: 1,234 there is two numbers.
        m = _TOKEN_SEP_RX.match(text, ms)
        if m is None or m.end() < end:
            return None
        te = m.end()
    if "," in (m["int"] or "") and (m["int"][0] == "0" or m["exp"]):
        # A comma group leads with 1-9 and takes no exponent (as a value's does): 000,000
        # and 1,600E9 are no grouped number, and their digits joined by a comma none.
        return None
    frac = m["frac"] or m["frac2"] or ""
    canon = _canon("-" if negative else "", m["int"] or "", frac, m["exp"] or "")
    if canon is None:
        return None
    pm = rx["pct"].match(text, te)
    percent = pm is not None
    after_end = pm.end() if pm is not None else te
    if (canon, percent) != value.key:
        return None
    if not _left_ok(text, ts, comma_separates, decoded):
        return None
    decimal = (bool(frac) and len(frac) != 3) or bool(m["exp"]) or percent
    if not _right_ok(text, te, after_end, decimal, comma_separates, decoded):
        return None
    if _accounting(text, ts, after_end):
        return None
    return ts


#: What ends a cell of a table on either side: a line's or the file's edge, a delimiter
#: (``,`` ``;`` tab ``|``) or a quote.
_CELL_EDGE = frozenset(',;\t|"\r\n')
_TABLE_EDGE = frozenset(',;\t|"')
#: A fraction after a whole number and spaces: a vulgar fraction (``4 ½``) or digits
#: before a fraction slash U+2044 (``4 1/2``). The whole is a mixed number, 4.5.
_MIXED = re.compile(
    r"[ \t\u00a0\u2000-\u200a\u202f\u205f]{1,4}"
    r"(?:[\u00bc-\u00be\u2150-\u215f\u2189]|[0-9\u2070-\u2079\u00b9\u00b2\u00b3]+\u2044)"
)


def _accounting(text: str, ts: int, after: int) -> bool:
    """Whether the token ``text[ts:after]`` is part of a number the plain rules would
    read short: a table's negative in parentheses filling its cell (``(12),5``), a
    trailing minus before a cell's end (``12-``, as ledgers write it), or the whole
    of a mixed number (``4 ½``, ``4 1/2`` with a fraction slash)."""
    if _MIXED.match(text, after):
        return True
    left, right = text[ts - 1 : ts], text[after : after + 1]
    if right in MINUS_SIGNS and right and text[after + 1 : after + 2] in _CELL_EDGE | {""}:
        return True
    if left != "(" or right != ")":
        return False
    # A cell's edges on both sides, one of them a delimiter or a quote (not only a line's
    # edges: "(42)" on a line of prose is a number in parentheses).
    edges = text[ts - 2 : ts - 1], text[after + 1 : after + 2]
    return all(e in _CELL_EDGE | {""} for e in edges) and any(e in _TABLE_EDGE for e in edges)


#: Characters that, doubled between two digits, join them: a quote escaped by doubling
#: (YAML's single-quoted scalars, SQL: '49''318' is 49'318) or a double prime typed as
#: two, and Markdown's highlight marker (==49==318 shows 49318).
_DOUBLED = "'="
#: Whitespace looked through for a power's caret or markup (``21^ 3``, ``<sub> 48``).
_SPACED = 16


def _left_ok(
    text: str, ts: int, comma_separates: Callable[[int], bool], decoded: bool = False
) -> bool:
    if ts == 0:
        return True
    rx = _context_rxs()
    a = text[ts - 1]
    a2 = text[ts - 2] if ts > 1 else ""
    if decoded and _markup.unknown_before(text, ts):
        return False  # markup the reader does not know: never the digits alone
    if a.isspace():
        j = ts - 1
        while j > max(0, ts - _SPACED) and text[j - 1].isspace():
            j -= 1
        c, c2 = text[j - 1 : j], text[j - 2 : j - 1]
        if c in ("^", "_") or (c == "{" and c2 in ("^", "_")) or (c2 + c == "**"):
            return False  # an exponent or index with whitespace inside: 21^ 3, x_{ 2}
        if rx["markup_before"].search(text, max(0, ts - 64 - _SPACED), ts):
            return False  # CO<sub> 48 </sub>
    if a in GROUP_SPACES:
        j = ts - 1
        while j > max(0, ts - _SPACED) and text[j - 1] in GROUP_SPACES:
            j -= 1
        if j > 0 and rx["sign"].match(text[j - 1]):
            return False  # a sign set off by a thin or no-break space: $-\,7$ is -7
    if a in _DOUBLED and a2 == a and text[ts - 3 : ts - 2].isdigit():
        return False  # 49''318, ==49==318
    if is_glue(a) or a == ".":
        return False  # resnet50, v2, 1.2.3, a binder such as a zero-width space
    if rx["sign"].match(a):
        return False  # a second sign (+-3), a dash or an exponent's sign (1e-1)
    if a == "," and comma_separates(ts - 1):
        return True
    if a == "^" or (a2.isdigit() and rx["joiner"].match(a)):
        # 1,000 / 20:57 / 3/4 / 1'000 / 1 000 / 10^3 never; 0.91,0.93 separates.
        return a == "," and _comma_is_decimal_tail(text, ts - 1)
    if a.isspace() and a2 and rx["range"].match(a2):
        return False  # 10 <en dash> 20
    if a == "{" and a2 in ("^", "_"):
        return False  # 10^{3}
    if a in ">{(" and rx["markup_before"].search(text, max(0, ts - 64), ts):
        return False  # 10<sup>5</sup>, 10\textsuperscript{5}, 10^(-3), H<sub>2</sub>O
    # 10**3, x**2: "**" after a letter or digit is a power (Markdown bold "**2**" starts
    # after a space).
    return not (a == "*" and a2 == "*" and text[ts - 3 : ts - 2].isalnum())


def _right_ok(
    text: str,
    te: int,
    after: int,
    decimal: bool,
    comma_separates: Callable[[int], bool],
    decoded: bool = False,
) -> bool:
    rx = _context_rxs()
    b = text[after : after + 1]
    b2 = text[after + 1 : after + 2]
    if not b:
        return True
    if decoded and (_markup.unknown_after(text, te) or _markup.unknown_after(text, after)):
        return False  # markup the reader does not know: never the digits alone
    if b.isspace():
        j = after
        while j < after + _SPACED and text[j : j + 1].isspace():
            j += 1
        if text[j : j + 1] == "^" or text[j : j + 2] == "**":
            return False  # a base with whitespace before its exponent: 21 ^3
    if rx["spaced_exp"].match(text, after):
        return False  # a mantissa before a spaced exponent: 49 E27, 49.27 e-3
    if rx["markup_after"].match(text, te):
        return False  # 10<sup>5</sup>, 5</sup>, 10\textsuperscript{5}, 10**-3
    if b in _DOUBLED and b2 == b and text[after + 2 : after + 3].isdigit():
        return False  # 49''318, ==49==318
    if is_glue(b):
        return False  # 12ms, 100k, 0x1F, 10², 10⁻³, a zero-width joiner
    if b == "." and (b2.isdigit() or b2 == "."):
        return False  # 1.2.3, 10..20
    if b2.isdigit() and rx["joiner"].match(b):
        # a,100,200 in CSV and 0.91,0.93 separate; 1,000 / 20:57 / 3/4 / 10-20 / 1+5 /
        # 1 000 / a decimal point of another script never.
        return b == "," and (comma_separates(after) or decimal)
    if rx["range"].match(b) or (b.isspace() and b2 and rx["range"].match(b2)):
        return False  # ranges with an en dash, touching or spaced
    if b == "^" or (text[after : after + 2] == "**" and text[after + 2 : after + 3].isdigit()):
        return False
    if after == te and rx["permille"].match(text, te):
        return False  # 85‰, 85 \permil
    return rx["mulpow"].match(text, te) is None  # 1.5 x 10^3, 1.5 \times 10^{3}
