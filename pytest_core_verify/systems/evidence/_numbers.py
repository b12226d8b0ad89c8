"""Number values and number tokens: what counts as the same number, and where.

A claim whose value is a pure number matches a number *token* in the file by exact
decimal equality (73.2 = 73.20 = 7.32e1). A token only counts when it stands on its
own: a digit run that touches an identifier, a date, a time, a version, a range, a
fraction or a power is never a number token here. When in doubt, no token.

Scanning is two-stage so that absent values cost about one ``re.search`` pass over
the raw bytes: every token equal to a value contains one of a handful of byte
literals derived from the value's significant digits (see :func:`literals`); only
the places where a literal occurs are tokenised and compared.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from decimal import Decimal

__all__ = [
    "MAX_TOKEN_CHARS",
    "PERCENT_GAP",
    "SEPARATOR_SUFFIXES",
    "Canon",
    "NumberValue",
    "literals",
    "number_from_decimal",
    "number_from_float",
    "parse_number_value",
    "token_at",
]

#: Longest number token considered (characters, sign and % included). Longer digit
#: runs are never a match: nobody cites a 300-digit number, and it bounds the window.
MAX_TOKEN_CHARS = 256

#: Files whose commas separate fields (JSON, CSV), so ``100,200`` is two numbers
#: there; everywhere else a comma between digit groups is a thousands separator.
SEPARATOR_SUFFIXES = frozenset({".json", ".jsonl", ".ndjson", ".csv"})

# (sign, significant digits, exponent) with value = sign * int(digits) * 10**exponent;
# zero is (0, "0", 0). Exact and context-free, unlike Decimal.normalize().
Canon = tuple[int, str, int]

_MINUS = "\u2212"
#: What may stand between a number and its percent sign (spaces, LaTeX spacing).
PERCENT_GAP = r"(?:[ \u00a0\u202f~]|\\[,;: ])"
_EN_DASH = "\u2013"

# A pure-number value: optional sign, digits with optional comma thousands groups,
# decimals, exponent, optional trailing %. ASCII digits only.
_VALUE_RX = re.compile(
    r"(?P<sign>[+\-\u2212])?"
    r"(?:(?P<int>[0-9]{1,3}(?:,[0-9]{3})+|[0-9]+)(?:\.(?P<frac>[0-9]+))?|\.(?P<frac2>[0-9]+))"
    r"(?:[eE](?P<exp>[+\-\u2212]?[0-9]+))?"
    r"(?P<pct>%)?"
)

_TAIL = (
    r"(?:[eE](?P<exp>[+\-\u2212]?[0-9]+))?"
    # "73.2%", "73.2 %", LaTeX "73.2\%", "73.2\,\%", "73.2~\%": the percent belongs to
    # the number (5% != 5).
    r"(?P<pct>" + PERCENT_GAP + r"?\\?%)?"
)
# A token may not start right after a word character, '.' or a sign: those positions
# are inside another token (resnet50, 1.2, 10-20). Commas are judged in _context_ok.
_LB = r"(?<![\w.+\-\u2212])"
_PROSE_RX = re.compile(
    rf"(?:{_LB}(?P<sign>[+\-\u2212])|{_LB})"
    r"(?:(?P<int>[0-9]{1,3}(?:,[0-9]{3})+(?![0-9])|[0-9]+)(?:\.(?P<frac>[0-9]+))?"
    r"|\.(?P<frac2>[0-9]+))" + _TAIL
)
# In JSON and CSV the comma separates fields, so a token may start right after one.
_SEPARATED_RX = re.compile(
    rf"(?:{_LB}(?P<sign>[+\-\u2212])|{_LB})"
    r"(?:(?P<int>[0-9]+)(?:\.(?P<frac>[0-9]+))?|\.(?P<frac2>[0-9]+))" + _TAIL
)
# ... except a grouped number that is a whole quoted field or string: "1,000".
_QUOTED_GROUP_RX = re.compile(
    r'(?<=")(?P<sign>[+\-\u2212])?(?P<int>[0-9]{1,3}(?:,[0-9]{3})+)'
    r"(?:\.(?P<frac>[0-9]+))?(?P<frac2>)" + _TAIL + r'(?=")'
)
_WORD_RX = re.compile(r"\w")
_ASCII_DIGITS = frozenset("0123456789")


@dataclass(frozen=True)
class NumberValue:
    """A claim value that is a pure number."""

    canon: Canon
    percent: bool

    @property
    def key(self) -> tuple[Canon, bool]:
        return (self.canon, self.percent)


def _canon(sign: str, int_part: str, frac: str, exp: str) -> Canon:
    digits = (int_part.replace(",", "") + frac).lstrip("0")
    exponent = int(exp.replace(_MINUS, "-") or "0") - len(frac)
    if not digits:
        return (0, "0", 0)
    stripped = digits.rstrip("0")
    exponent += len(digits) - len(stripped)
    return (-1 if sign in ("-", _MINUS) else 1, stripped, exponent)


def parse_number_value(text: str) -> NumberValue | None:
    """The number a value string denotes, or ``None`` if it is not a pure number."""
    m = _VALUE_RX.fullmatch(text)
    if m is None:
        return None
    frac = m["frac"] or m["frac2"] or ""
    return NumberValue(
        _canon(m["sign"] or "", m["int"] or "", frac, m["exp"] or ""), bool(m["pct"])
    )


def number_from_decimal(d: Decimal) -> NumberValue | None:
    """A finite Decimal as a number value, or ``None`` for NaN and infinities."""
    if not d.is_finite():
        return None
    sign, digits, exponent = d.as_tuple()
    assert isinstance(exponent, int)
    text = "".join(map(str, digits))
    return NumberValue(_canon("-" if sign else "", text, "", str(exponent)), False)


def number_from_float(value: float | int) -> NumberValue | None:
    """A finite int or float as a number value (a float by its shortest repr)."""
    if isinstance(value, float):
        return number_from_decimal(Decimal(repr(value))) if math.isfinite(value) else None
    return number_from_decimal(Decimal(value))


def literals(value: NumberValue) -> list[bytes]:
    """Byte strings of which every token equal to ``value`` contains at least one.

    With s the significant digits, an equal token's mantissa is ``0* s 0*`` with at
    most one '.' somewhere: it contains s itself, or s with the point inside it.
    Comma-grouped tokens (1,234.5) add their one canonical grouped form.
    """
    _sign, s, exponent = value.canon
    if len(s) > MAX_TOKEN_CHARS:
        return []  # no token that long is ever considered, so nothing can match
    out = {s} | {s[:j] + "." + s[j:] for j in range(1, len(s))}
    if value.canon[0] != 0 and len(s) + max(exponent, 0) <= MAX_TOKEN_CHARS:
        if exponent >= 0:
            int_part, frac = s + "0" * exponent, ""
        else:
            padded = s.rjust(-exponent + 1, "0")
            int_part, frac = padded[:exponent], padded[exponent:]
        if len(int_part) > 3:
            out.add(f"{int(int_part):,}" + ("." + frac if frac else ""))
    # A literal longer than a token can be is useless (and would outgrow the context).
    return sorted(x.encode("ascii") for x in out if len(x) <= MAX_TOKEN_CHARS)


def _after_decimal(text: str, comma: int) -> bool:
    """Whether the digits just before ``text[comma]`` end a decimal fraction (0.91,)."""
    i = comma - 1
    while i >= 0 and text[i] in _ASCII_DIGITS:
        i -= 1
    return i >= 1 and i < comma - 1 and text[i] == "." and text[i - 1] in _ASCII_DIGITS


def _context_ok(text: str, start: int, end: int, separated: bool, decimal: bool) -> bool:
    """False when the token's neighbours make it part of something else.

    ``decimal``: the token has a fraction, exponent or percent, so a comma after it
    cannot start a thousands group and separates (0.91,0.93).
    """
    after = text[end : end + 1]
    a2 = text[end + 1 : end + 2]
    a2_digit = a2.isascii() and a2.isdigit()
    if after and _WORD_RX.match(after):
        return False  # identifier, unit or scale suffix: v2x, 12ms, 100k, 0x1F
    if after in (".", ":", "/", "-", _MINUS) and a2_digit:
        return False  # version 1.2.3, time 20:57, fraction 3/4, date or range 10-20
    if (after == "." and a2 == ".") or after in ("^", "\u2030"):
        return False  # range 10..20, power 10^3, per mille
    if after == "," and a2_digit and not separated and not decimal:
        return False  # 1,5 (decimal comma?), 1,0000 (bad group) or a bare list 1,2
    before = text[start - 1 : start] if start else ""
    b2 = text[start - 2 : start - 1] if start > 1 else ""
    b2_digit = b2.isascii() and b2.isdigit()
    if before in (":", "/") and b2_digit:
        return False
    if before == "," and b2_digit and not separated and not _after_decimal(text, start - 1):
        return False  # the tail of 1,000 or of an ambiguous 1,5
    # An en dash next to a number, with or without one space, makes it a range end.
    dashes = (after, a2 if after == " " else "", before, b2 if before == " " else "")
    return before != "^" and _EN_DASH not in dashes


def _match_canon(m: re.Match[str]) -> tuple[Canon, bool]:
    frac = m["frac"] or m["frac2"] or ""
    return _canon(m["sign"] or "", m["int"] or "", frac, m["exp"] or ""), bool(m["pct"])


def token_at(text: str, offset: int, separated: bool) -> tuple[Canon, bool, int] | None:
    """The valid number token of ``text`` covering character ``offset``: its
    (canonical value, percent flag, start index), or ``None``.

    ``text`` must hold at least :data:`MAX_TOKEN_CHARS` characters of context on
    either side of ``offset`` (or reach the start/end of the file): lookbehinds see
    the characters before the search position, so starting mid-token is safe.
    """
    lo = max(0, offset - MAX_TOKEN_CHARS)
    rxs = (_QUOTED_GROUP_RX, _SEPARATED_RX) if separated else (_PROSE_RX,)
    for rx in rxs:
        for m in rx.finditer(text, lo):
            if m.start() > offset:
                break
            if m.end() <= offset:
                continue
            if m.end() - m.start() > MAX_TOKEN_CHARS:
                return None
            decimal = bool(m["frac"] or m["frac2"] or m["exp"] or m["pct"])
            if not _context_ok(text, m.start(), m.end(), separated, decimal):
                return None
            canon, pct = _match_canon(m)
            return canon, pct, m.start()
    return None
