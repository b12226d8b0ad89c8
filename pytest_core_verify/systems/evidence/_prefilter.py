"""A byte-level prefilter: where in the raw file can a value possibly be?

The exact rules (:mod:`._numbers`, :mod:`._text`) run on folded text, and folding and
searching every character is slow on dense files ("0" in 10 MB of "10 10 10 ...").
This module builds, for each value, one regular expression over the file's *raw UTF-8
bytes* that matches wherever a hit could be. It is a superset by construction: it only
ever rejects a place because of ASCII characters next to it that no fold can change
(digits, letters, ``_``, ``.``, ``+``, ``-``), and it treats every non-ASCII byte as
possibly anything (a boundary, a space, a sign). Only the places it matches are folded
and checked exactly (see :mod:`._scan`); everything else is proven hit-free at byte
speed. The regex is run by RE2 (the ``google-re2`` package, a DFA: linear, with no work
per near-miss, so density does not matter) or Hyperscan when one is installed; without
either, Python's ``re`` runs a linear form of the same regex (:mod:`._linear`); a
number in JSON or comma-delimited CSV, whose regex follows quotes and has none, is
searched there by its prose and separator patterns with the quote state counted apart
(``_regions._QuotedFinder``).

Folding can *produce* ASCII from other characters (math digits such as U+1D7D5 fold
to 7, U+FB01 to fi, U+2024 to "."). Each such "producer" of a character a value needs
is an alternative of its regex too, so a place where one stands is always checked
exactly.

Why rejecting on those ASCII characters is sound: folding leaves ASCII as it is, except
that a letter (or ``<`` ``=`` ``>``) followed by a combining mark may compose into one
non-ASCII character, which is still a letter (or a symbol: a boundary either way, and
the prefilter allows boundaries wherever a non-ASCII byte stands). Folding never puts a
character between two adjacent ASCII characters. So an ASCII digit or letter next to a
literal in the raw bytes is next to it in the folded text too, and there the exact rule
rejects it. ``tests/systems/evidence/test_evidence_prefilter.py`` checks both claims against the
Unicode database and compares the fast scan with the exact one on generated files.
"""

from __future__ import annotations

import contextlib
import dataclasses
import functools
import importlib
import re
import threading
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, Protocol

from pytest_core_verify.systems.evidence import _linear
from pytest_core_verify.systems.evidence._numbers import MAX_TOKEN_CHARS, NumberValue, literals
from pytest_core_verify.systems.evidence._search import SearchFinder
from pytest_core_verify.systems.evidence._tablegen import (
    HANGUL_FIRST,
    HANGUL_LAST,
    compute_dashes,
    compute_inverse_table,
    compute_producer_table,
    render_producer_table,
    render_unicode_data,
)

__all__ = [
    "CSV_FIELD_START",
    "CSV_INSIDE",
    "CSV_MID_FIELD",
    "DEFAULT_ENGINE",
    "Finder",
    "MultiFilter",
    "Prefilter",
    "available_engines",
    "compute_inverse_table",
    "compute_producer_table",
    "csv_end_state",
    "default_engine",
    "engine_for",
    "finder",
    "multi_filter",
    "number_prefilter",
    "producers",
    "render_producer_table",
    "render_unicode_data",
    "text_prefilter",
]


def _optional(name: str) -> Any:
    """An installed module, or None."""
    try:
        return importlib.import_module(name)
    except ImportError:  # pragma: no cover - depends on the installation
        return None


_hs: Any = _optional("hyperscan")
_re2: Any = _optional("re2")

# The scan puts a newline before the file's first byte and after its last, so every
# pattern can require a byte on each side of a match (no anchors: a window that starts
# or ends inside the file is never mistaken for its edge).

#: A byte that may stand right before a number token (or its sign): not an ASCII digit,
#: letter, '_', '.', '+' or '-'. Every non-ASCII byte is one (it may be a separator).
_LEFT = rb"[^0-9A-Za-z_.+\-]"
#: What may follow a number token: a byte that is not an ASCII digit, letter, '_' or
#: '.', or a point that is not followed by a digit or another point ("73." ends a
#: sentence).
_RIGHT = rb"(?:[^0-9A-Za-z_.]|\.[^0-9.])"
_GLUE_ASCII = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz_"
#: Percent and per-mille signs (and what folds to them): right after a number they make
#: it a percentage (or neither n nor n%), so a value that is not a percentage cannot end
#: there.
_PERCENT_SIGNS = "%\u066a\u0609\u060a\u2030\u2031"


def _not_before(chars: str) -> bytes:
    """A regex for one character (raw UTF-8, matched as Latin-1) that is none of
    ``chars``: an ASCII byte outside them, or a multi-byte sequence that does not start
    one of them (its first bytes are enough: the rest may be anything)."""
    seqs = sorted({c.encode("utf-8") for c in chars})
    ascii_out = b"".join(_byte(s[0]) for s in seqs if len(s) == 1)
    alts = [rb"[^\x80-\xff" + ascii_out + b"]" if ascii_out else rb"[\x00-\x7f]"]

    def branch(prefix: bytes, group: list[bytes]) -> None:
        # Sequences in ``group`` all start with ``prefix``; allow any next byte that
        # none of them continues with, and recurse into those that do.
        depth = len(prefix)
        nexts = sorted({g[depth] for g in group if len(g) > depth})
        cls = b"".join(_byte(n) for n in nexts)
        alts.append(b"".join(_byte(p) for p in prefix) + b"[^" + cls + b"]")
        for n in nexts:
            sub = [g for g in group if len(g) > depth and g[depth] == n]
            if all(len(g) == depth + 1 for g in sub):
                continue  # the whole character: excluded
            branch(prefix + bytes([n]), sub)

    multi = [s for s in seqs if len(s) > 1]
    leads = sorted({s[0] for s in multi})
    lead_cls = b"".join(_byte(b) for b in leads)
    alts.append(rb"[\x80-\xff]" if not leads else rb"[^\x00-\x7f" + lead_cls + b"]")
    for lead in leads:
        branch(bytes([lead]), [s for s in multi if s[0] == lead])
    return b"(?:" + b"|".join(alts) + b")"


#: Raw bytes that may fold to whitespace (ASCII whitespace as Python's \s, and anything
#: non-ASCII).
_GAP = rb"[\t-\r\x1c-\x20\x80-\xff]"
#: Zeros (and points, and groups) a mantissa may carry around its significant digits.
_ZEROS = rb"0*"
_ZEROS_POINTS = rb"[0.]*"
_ZEROS_COMMAS = rb"[0,]*"
#: Characters every number token is made of: a producer of one forces an exact check.
_NUMBER_CHARS = "0123456789.,eE"


@dataclass(frozen=True)
class Prefilter:
    """The raw-byte regexes of one value and the distances the scan needs around a match."""

    #: Where a hit could be, for bytes as they stand (ASCII next to the value).
    pattern: bytes
    #: The characters that fold into one the value needs (None if there are none):
    #: searched only in windows that hold non-ASCII bytes.
    producers: bytes | None
    #: Bytes a match may start before the literal it stands for (the left boundary, a
    #: sign and leading zeros): the scan resumes this far before what it has proven.
    slack: int
    #: Longest raw match that can stand for a hit (bytes): the overlap between chunks.
    span: int
    #: For a number in a file whose commas separate outside quotes (JSON, comma-delimited
    #: CSV): per quote state at the place a search starts (see :func:`number_prefilter`),
    #: a pattern anchored there that matches where a token outside quotes could be a hit.
    #: ``pattern`` then covers tokens inside quotes (and, in JSON, outside them from each
    #: line's start on). Empty for every other prefilter.
    starts: tuple[bytes, ...] = ()
    #: Whether every start pattern also matches wherever ``pattern`` does after its start
    #: (then a search need not run ``pattern`` too).
    covered: bool = False
    #: The start patterns matching wherever the producers do too (for windows that are not
    #: ASCII: one pass for both); a hit lies within twice ``span`` before a match's end.
    made_starts: tuple[bytes, ...] = ()
    #: The same places (and more) in a form whose work is linear for a backtracking
    #: engine (Python's ``re``, see :mod:`._linear`); None where there is none.
    linear: bytes | None = None
    #: ``linear`` for ASCII bytes that hold none of ``plain_absent`` (a number: no e or
    #: E, so no form with an exponent), where it matches wherever ``linear`` does: a
    #: simpler pattern, which ``re`` rejects a dense file's near misses with sooner.
    plain: bytes | None = None
    plain_absent: bytes = b""
    #: For ``re`` in ASCII bytes, a cheap necessary condition of a match (see
    #: ``_linear.Gate``), tested before the pattern; None where there is none.
    gate: _linear.Gate | None = None


def _byte(b: int) -> bytes:
    """One byte in a pattern: itself if alphanumeric, else a \\xHH escape (every engine
    reads that the same way, inside a class or out)."""
    return bytes([b]) if chr(b).isascii() and chr(b).isalnum() else b"\\x%02x" % b


def _escape(text: str) -> bytes:
    return b"".join(_byte(b) for b in text.encode("utf-8"))


@functools.lru_cache(maxsize=1)
def _producer_table() -> dict[str, str]:
    """The producer table: precomputed for the Unicode version it was made with (see
    ``_producers_data``), computed (about a second) for any other."""
    from pytest_core_verify.systems.evidence import _producers_data as stored

    if unicodedata.unidata_version == stored.UNIDATA_VERSION:
        return dict(stored.TABLE)
    return compute_producer_table()


@functools.lru_cache(maxsize=1)
def dashes() -> str:
    """Every dash (Unicode Pd) of the BMP beyond ASCII, as ``_chars`` reads them."""
    from pytest_core_verify.systems.evidence import _producers_data as stored

    if unicodedata.unidata_version == stored.UNIDATA_VERSION:
        return stored.DASHES
    return compute_dashes()


@functools.lru_cache(maxsize=1)
def _inverse_table() -> dict[str, str]:
    """The inverse table of non-ASCII characters (see :func:`compute_inverse_table`):
    stored for the Unicode version it was made with, computed for any other."""
    from pytest_core_verify.systems.evidence import _unicode_data as stored

    if unicodedata.unidata_version == stored.UNIDATA_VERSION:
        # One line a code point: the code point, then the characters that make it.
        return {line[0]: line[1:] for line in stored.INVERSE.split("\n") if line}
    return compute_inverse_table()


def _non_ascii_producers(ch: str) -> set[str]:
    """The raw characters other than ``ch`` that can take part in making ``ch`` (not
    ASCII) in the folded text. A sound over-approximation: ``ch`` in the fold of a
    file either stands there itself, or some other raw character r contributes a
    non-ASCII code point x of NFD(ch) (NFKC composes ``ch`` from those, and not all of
    them can be ASCII). Such an r is x itself, or has x in NFKD(r) or in its fold (see
    :func:`compute_inverse_table`), or is a Hangul syllable LV that a trailing jamo T
    turns into the syllable LVT (any other syllable only ever recomposes into itself).
    A protected character (``10²``) is never made by NFKC: its NFKD holds no
    non-ASCII code point, and only the character itself is left."""
    inverse = _inverse_table()
    parts = {x for x in unicodedata.normalize("NFKD", ch) if not x.isascii()}
    out = set(parts)
    for x in parts | {ch}:
        out.update(inverse.get(x, ""))
    cp = ord(ch)
    if HANGUL_FIRST <= cp <= HANGUL_LAST and (cp - HANGUL_FIRST) % 28:
        out.add(chr(cp - (cp - HANGUL_FIRST) % 28))
    out.discard(ch)
    return out


def producers(chars: Iterable[str]) -> str:
    """The non-ASCII characters that can take part in making any of ``chars`` in the
    folded text, other than the character itself (sorted, unique): for an ASCII
    character those whose fold holds it, for a non-ASCII one see
    :func:`_non_ascii_producers`."""
    table = _producer_table()
    found: set[str] = set()
    for c in set(chars):
        if c.isascii():
            found.update(table.get(c, ""))
        else:
            found |= _non_ascii_producers(c)
    return "".join(sorted(found))


def _alternation(chars: str) -> bytes:
    """A regex for any one of ``chars`` (UTF-8), grouped by all but their last byte
    (empty if there are none)."""
    groups: dict[bytes, set[int]] = {}
    for c in chars:
        raw = c.encode("utf-8")
        groups.setdefault(raw[:-1], set()).add(raw[-1])
    alts = []
    for prefix, lasts in sorted(groups.items()):
        ordered = sorted(lasts)
        cls = b""
        i = 0
        while i < len(ordered):
            j = i
            while j + 1 < len(ordered) and ordered[j + 1] == ordered[j] + 1:
                j += 1
            cls += _byte(ordered[i]) + (b"-" + _byte(ordered[j]) if j > i else b"")
            i = j + 1
        alts.append(b"".join(_byte(b) for b in prefix) + b"[" + cls + b"]")
    return b"|".join(alts)


def _byte_class(allowed: Iterable[int]) -> bytes:
    """``[...]`` for a set of byte values, as ranges."""
    ordered = sorted(set(allowed))
    out = b""
    i = 0
    while i < len(ordered):
        j = i
        while j + 1 < len(ordered) and ordered[j + 1] == ordered[j] + 1:
            j += 1
        out += _byte(ordered[i]) + (b"-" + _byte(ordered[j]) if j > i else b"")
        i = j + 1
    return b"[" + out + b"]"


_CONT = range(0x80, 0xC0)


def _char_except(chars: str) -> bytes:
    """A regex for one whole non-ASCII character (UTF-8, matched as Latin-1) that is none
    of ``chars``."""
    seqs = {c.encode("utf-8") for c in chars if not c.isascii()}
    alts: list[bytes] = []

    def rest(prefix: bytes, remaining: int, group: list[bytes]) -> None:
        depth = len(prefix)
        nexts = {g[depth] for g in group}
        free = [b for b in _CONT if b not in nexts]
        pat = b"".join(_byte(b) for b in prefix)
        if free:
            alts.append(pat + _byte_class(free) + rb"[\x80-\xbf]" * (remaining - 1))
        for n in sorted(nexts):
            if remaining > 1:  # else the whole character is excluded
                rest(prefix + bytes([n]), remaining - 1, [g for g in group if g[depth] == n])

    for lo, hi, more in ((0xC2, 0xDF, 1), (0xE0, 0xEF, 2), (0xF0, 0xF4, 3)):
        leads = {g[0] for g in seqs if lo <= g[0] <= hi}
        free = [b for b in range(lo, hi + 1) if b not in leads]
        if free:
            alts.append(_byte_class(free) + rb"[\x80-\xbf]" * more)
        for lead in sorted(leads):
            rest(bytes([lead]), more, [g for g in seqs if g[0] == lead])
    return b"(?:" + b"|".join(alts) + b")"


@functools.lru_cache(maxsize=1)
def _number_classes() -> dict[str, str]:
    """The non-ASCII characters the number rules name (see ``_chars``): signs and dashes,
    joiners (which tie a digit to the digit on their other side), range dashes."""
    from pytest_core_verify.systems.evidence import _chars

    signs = _chars.MINUS_SIGNS + _chars._OTHER_SIGNS + dashes()
    joiners = _chars._JOINERS + _chars.GROUP_SPACES + signs
    ranges = "".join(d for d in dashes() if d not in "\u2010\u2011") + "~\u301c"

    def na(chars: str) -> str:
        return "".join(sorted({c for c in chars if not c.isascii()}))

    return {"signs": na(signs), "joiners": na(joiners), "ranges": na(ranges)}


#: What may stand right before a number token's sign or digits: no ASCII digit, letter,
#: '_', '.', sign or '^', and no ASCII joiner with a digit before it; a comma anywhere
#: (in JSON and comma-delimited CSV a comma may separate fields).
_NUMBER_BEFORE = rb"(?:[^0-9A-Za-z_.+\-:/'^~]|[^0-9][:/'~])"
#: The same where a comma never separates (prose, a CSV file of another delimiter): a
#: comma with a digit before it joins (1,000 and 1,5 hold no 000 and no 5), unless the
#: digits before it can be a decimal fraction (0.91,0.93 holds 0.93): 1 or 2 digits
#: after a point, or 4 or more (the exact rule also wants the point there, and a digit
#: before it; this looks at 5 bytes at most, so that every match stays short).
_NUMBER_BEFORE_JOINING = rb"(?:[^0-9A-Za-z_.+\-:/'^~,]|[^0-9][:/'~,]|\.[0-9]{1,2},|[0-9]{4},)"
#: Before a text value that starts with a digit: no comma at all (the text rules let no
#: joiner stand there).
_TEXT_BEFORE = rb"(?:[^0-9A-Za-z_.+\-:/'^~,]|[^0-9][:/'~])"


def _signed(sign: int, before: bytes) -> bytes:
    """What stands before a number token's digits: ``before`` (a regex for the byte(s)
    before the token, possibly empty) and the token's sign."""
    # A sign: "+", "-", or a non-ASCII character (U+2212, U+2010, what folds to "-"). A
    # non-ASCII sign needs no pattern of its own: its last byte is a continuation byte,
    # which ``before`` allows right before the digits already (and naming the signs, or
    # "any character" before the digits, makes the regex several times slower to
    # compile and to run through non-ASCII text).
    if sign < 0:
        return rb"(?:" + before + rb"-|[\x80-\xbf])"
    if sign > 0:
        return before + rb"\+?"
    return before + rb"[+\-]?"


@functools.lru_cache(maxsize=16)
def _number_edges(sign: int, percent: bool, commas: bool) -> tuple[bytes, bytes, bytes]:
    """(left, right, right after a token without a point): what may stand before a
    number token (its sign included) and right after its digits. Each rejects only what
    the exact rules reject (``_numbers``'s _left_ok and _right_ok); a character they do
    not name is allowed. ``commas``: whether a comma may separate fields in the file."""
    cls = _number_classes()
    # Before the token (or its sign): no ASCII digit, letter, '_', '.', sign or '^', and
    # no ASCII joiner with a digit before it ("20:57" and "3/4" hold no 57 and no 4). A
    # non-ASCII character may be anything here (matching each whole one that the rules
    # name would make the regex several times slower to compile).
    left = _signed(sign, _NUMBER_BEFORE if commas else _NUMBER_BEFORE_JOINING)
    if percent:
        return left, _RIGHT, _RIGHT
    # After the digits: no glue, no point before a digit or a point, no percent or per
    # mille sign, no range dash, no joiner before a digit (1 then a full-width comma and
    # 000 is no 1). Of the non-ASCII ones only the common ones are named (each one named
    # makes the regex slower to compile; one not named is merely allowed).
    ranges = "\u2013\u2014\u301c\uff5e"
    tied = "\uff0c\u3001\u00b7\u2019\u00a0\u202f\u2212\u2010"
    assert set(ranges) <= set(cls["ranges"]) | set(producers("~"))
    assert set(tied) <= set(cls["joiners"])
    stops = _GLUE_ASCII + ".-+:/'~^" + _PERCENT_SIGNS + "\uff05\ufe6a" + ranges + tied
    tail = rb"|(?:" + _alternation(tied) + rb")[^0-9])"
    right = (
        rb"(?:[^0-9A-Za-z_.%\-+:/'~^\x80-\xff]|[\-+:/'][^0-9]|\.[^0-9.]|"
        + _not_before(stops)
        + tail
    )
    if commas:
        return left, right, right
    # Where a comma never separates, one followed by a digit joins a token without a
    # point to it (1,5 is no 1); after a decimal fraction it separates (0.5,3 holds 0.5).
    joined = (
        rb"(?:[^0-9A-Za-z_.%\-+:/'~^,\x80-\xff]|[\-+:/',][^0-9]|\.[^0-9.]|"
        + _not_before(stops + ",")
        + tail
    )
    return left, right, joined


# Quote grammars, for files whose commas separate fields outside quotes only. A comma
# inside a JSON string or a quoted CSV cell joins digits as in prose; outside it may
# separate. Which of the two a place is depends on every quote before it, which a regex
# can follow: the patterns below walk the raw bytes from a place whose quote state is
# known (where a search starts: the scan counts it from the raw bytes, as the exact rules
# count it in the folded text; quotes, backslashes and newlines are ASCII that no fold
# makes or removes) to a token outside quotes, and check there the separator rules. A
# token inside quotes is matched by the prose pattern wherever it stands (a superset).
#
# JSON (as the exact rules read it): a string never spans a line (a newline ends one),
# and a backslash escapes the next byte, inside a string or not (an escaped quote
# neither opens nor closes one).
#: One byte (or escape) inside a JSON string.
_JSON_IN = rb'(?:[^"\\\n]|\\[^\n])'
#: One step outside a JSON string: a byte, an escape, or a whole string.
_JSON_STEP = rb'(?:[^"\\\n]|\\[^\n]|"' + _JSON_IN + rb'*")'
#: The last step before a token outside a JSON string, as the separator rules allow it
#: (see _NUMBER_BEFORE): no ASCII glue, point, sign or '^' (an escaped one's byte counts
#: as itself: the exact rules do not decode escapes), and a joiner only after a byte
#: that is no digit; a quote only as the end of a whole string.
_JSON_LEFT = (
    rb"(?:[^0-9A-Za-z_.+\-:/'^~\x22\\\n]|\\[^0-9A-Za-z_.+\-^\n]?|\x22"
    + _JSON_IN
    + rb"*\x22|(?:[^0-9\x22\\\n]|\\[^\n]|\x22"
    + _JSON_IN
    + rb"*\x22)[:/'~])"
)
# CSV (RFC 4180, as the exact rules and Python's csv read it): a quote opens a quoted
# cell only at a field's start (after a comma or a line break); in a cell a doubled quote
# is a quote; any other quote is a byte of its field (after a byte that is no delimiter,
# or after a closed cell's bytes). A quoted cell may span lines.
#: The bytes of a quoted cell after its opening quote, its closing quote included.
_CSV_CELL = rb'(?:[^"]|"")*"'
#: One step outside a quoted CSV cell: a byte of a field (and the literal quotes after
#: it), or a delimiter (and the quoted cell it opens). No step starts with a quote, so
#: the walk reads each quote one way only.
_CSV_STEP = rb'(?:[^",\r\n]"*?|[,\r\n](?:"' + _CSV_CELL + rb")?)"
#: The last byte(s) before a token outside a quoted cell other than a closing quote (as
#: _JSON_LEFT).
_CSV_LEFT = rb"(?:[^0-9A-Za-z_.+\-:/'^~\x22]|[^0-9\x22][:/'~])"


def _quoted_patterns(
    quoting: str, inside: bytes, sign: int, outside: bytes
) -> tuple[bytes, tuple[bytes, ...]]:
    """(pattern, starts) of a number in a ``quoting`` ("json" or "csv") file: ``inside``
    is its prose pattern, ``outside`` the body of its separator pattern (what follows
    the sign). A start pattern is anchored where a search starts, one per quote state
    there: outside, inside (JSON also: outside and inside with that byte escaped). Every
    token outside quotes after that place has a match that ends where the token's own
    match ends (the scan finds its literal from that end)."""
    core = _signed(sign, b"") + outside  # the token right after the walk
    if quoting == "json":
        step, left, into = _JSON_STEP, _JSON_LEFT, _JSON_IN + rb'*"'
        esc = rb"[^\n]"
        # After the walk: a token after its left byte(s), or right after the string
        # the walk closed (its quote is the left byte), or after such a quote and a
        # joiner.
        walk = step + b"*?" + _signed(sign, left) + outside
        closed = rb"(?:[:/'~]?" + core + b"|" + walk + b")"
        # Right after an escape's backslash: the escaped byte may be a token's left byte
        # (or the byte before its joiner), or the walk goes on after it.
        escaped = (
            rb"(?:[^0-9A-Za-z_.+\-^\n]" + core + b"|" + esc + rb"[:/'~]" + core + b"|" + esc + walk
        )
        starts = (walk, into + closed, escaped + b")", esc + into + closed)
        # Every line starts outside a string: from each newline on, the walk needs no
        # start state.
        pattern = inside + rb"|\n" + closed
        return pattern, starts
    # CSV: the quote state far from a line's start is only known where the search
    # starts, so the walks also match the prose pattern (one pass, not two): from each
    # place of the walk, in order, the prose pattern there, or inside the quoted cell
    # that opens there (the first place in it first), a token outside quotes, a token
    # after that cell (a token outside quotes never starts at a quote, so the order of
    # the middle two does not matter). The first match in that order is the first
    # token after the search's start, and its end is within ``span`` of its literal.
    anywhere = b"(?:" + inside + b")"
    after_cell = rb"[:/'~]?" + core
    here = (
        rb'(?:(?:"(?:[^"]|"")*?)??'
        + anywhere
        + b"|"
        + _signed(sign, _CSV_LEFT)
        + outside
        + rb'|"'
        + _CSV_CELL
        + after_cell
        + b")"
    )
    walk = _CSV_STEP + b"*?" + here
    from_inside = (
        rb'(?:(?:[^"]|"")*?' + anywhere + rb'|(?:[^"]|"")*"(?:' + after_cell + b"|" + walk + b"))"
    )
    # By the state where the search starts (see _scan.csv_advance): outside mid-field (a
    # quote there is a byte of the field), inside a cell, outside at a field's start (a
    # quote there opens a cell).
    mid = rb'"*?' + walk
    at_start = rb'(?:"' + _CSV_CELL + rb")??" + walk
    return inside, (mid, from_inside, at_start)


def number_prefilter(
    value: NumberValue, commas: bool = True, quoting: str | None = None
) -> Prefilter | None:
    """The prefilter of a number value, or None if no token can ever equal it.
    ``commas``: whether a comma may separate fields in the file (JSON, comma-delimited
    CSV); where it never does (prose), a comma between digits joins them. ``quoting``
    ("json" or "csv", with ``commas``): a comma separates outside quotes only, and the
    prefilter follows the quotes (see ``Prefilter.starts``)."""
    lits = literals(value)
    if not lits:
        return None
    if quoting is not None and commas:
        inside = number_prefilter(value, False)
        assert inside is not None
        outside = _number_body(value, lits, *_number_edges(value.canon[0], value.percent, True)[1:])
        pattern, starts = _quoted_patterns(quoting, inside.pattern, value.canon[0], outside)
        made_starts: tuple[bytes, ...] = ()
        if quoting == "csv" and inside.producers is not None:
            either = inside.pattern + b"|" + inside.producers
            made_starts = _quoted_patterns(quoting, either, value.canon[0], outside)[1]
        return Prefilter(
            pattern,
            inside.producers,
            inside.slack,
            inside.span,
            starts,
            quoting == "csv",
            made_starts,
        )
    left, right, joined = _number_edges(value.canon[0], value.percent, commas)
    shape = left + _number_body(value, lits, right, joined)
    befores = _linear.BEFORE if commas else _linear.BEFORE_JOINING
    linear = _linear.number(value, lits, befores, right, joined, _escape)
    plain = _linear.number(value, lits, befores, right, joined, _escape, scientific=False)
    gate = _linear.ZERO_GATE if value.canon[0] == 0 else None
    longest = max(len(x) for x in lits)
    # A hit's match: a boundary, a sign, leading zeros, the literal, trailing zeros and
    # points, a boundary; every character at most 4 bytes (math digits fold to digits).
    slack = 4 * MAX_TOKEN_CHARS + 64
    span = 2 * slack + 4 * longest + 64
    # A character whose fold holds ".." (an ellipsis) never stands inside a number
    # token, and next to one it rejects it (1.2.3, 10..20): it is no producer here.
    # (A producer is no protected character, so its fold is its NFKC form.)
    made = "".join(
        p for p in producers(_NUMBER_CHARS) if ".." not in unicodedata.normalize("NFKC", p)
    )
    return Prefilter(
        shape,
        _alternation(made) or None,
        slack,
        span,
        linear=linear,
        plain=plain,
        plain_absent=b"eE",
        gate=gate,
    )


def _number_body(value: NumberValue, lits: list[str], right: bytes, joined: bytes) -> bytes:
    """What follows a number token's sign: its mantissa (every way to write the value),
    then ``right`` (``joined`` after a token without a point), or an exponent."""
    sign, s, exponent = value.canon
    # Bodies (what stands between the left edge and the right one) of tokens without an
    # exponent, and of tokens with one (those end at their "e": any exponent may follow).
    plain: list[bytes] = []  # tokens with a point: ``right`` follows
    whole: list[bytes] = []  # tokens without one: ``joined`` follows
    scientific: list[bytes] = []
    if sign == 0:
        # Any run of zeros (with a point or groups) is zero, whatever its exponent.
        plain.append(_ZEROS_POINTS + rb"0[0.,]*")
        scientific.append(_ZEROS_POINTS + rb"0[0.,]*")
    else:
        for lit in lits:
            lb = _escape(lit)
            # With an e-exponent any placement of the point is possible.
            scientific.append(_ZEROS_POINTS + lb + _ZEROS_POINTS + _ZEROS_COMMAS)
            if "." in lit:
                # No exponent: only where the point gives the value its own exponent.
                if lit.replace(",", "").index(".") == len(s) + exponent:
                    plain.append(_ZEROS + lb + _ZEROS)
            elif "," in lit:
                # The value's own grouped form (1,000): its zeros are all written.
                whole.append(_ZEROS + lb)
                plain.append(_ZEROS + lb + rb"\." + _ZEROS)
            elif exponent >= 0:
                # No exponent: no point before the digits (0.73 is not 73), and exactly
                # the value's own zeros after them (10 is not 1), then maybe ".000".
                if exponent <= MAX_TOKEN_CHARS:
                    zeros = b"0" * exponent
                    whole.append(_ZEROS + lb + zeros)
                    plain.append(_ZEROS + lb + zeros + rb"\." + _ZEROS)
            elif exponent <= -len(s):
                # No exponent: the point stands before the digits (0.05 for 5e-2).
                plain.append(_ZEROS + rb"\." + _ZEROS + lb + _ZEROS)
            # else: the point falls inside the digits, a dotted literal covers it.
    ends = [b"(?:" + b"|".join(scientific) + rb")[eE]"]
    if plain:
        ends.append(b"(?:" + b"|".join(plain) + b")" + right)
    if whole:
        ends.append(b"(?:" + b"|".join(whole) + b")" + joined)
    return b"(?:" + b"|".join(ends) + b")"


_FULLWIDTH = {str(d): chr(0xFF10 + d) for d in range(10)}
_FULLWIDTH.update({w: a for a, w in _FULLWIDTH.items()})


def _word(word: str) -> bytes:
    """A word of a folded value, as raw bytes: each character as it stands (a digit,
    ASCII or full-width, as either form: the text rules match both)."""
    out = []
    for ch in word:
        if ch in _FULLWIDTH:
            out.append(b"(?:" + _escape(ch) + b"|" + _escape(_FULLWIDTH[ch]) + b")")
        else:
            out.append(_escape(ch))
    return b"".join(out)


@functools.lru_cache(maxsize=1)
def _digit_edges() -> tuple[bytes, bytes]:
    """(left, right) next to a text value that starts or ends with a digit: what the
    number rules allow there (the text rules reject at least as much next to a digit:
    a joiner before a digit, a percent or per-mille sign, a range dash, a caret)."""
    return _TEXT_BEFORE, _number_edges(1, False, False)[2]


def text_prefilter(folded: str, max_gap: int) -> Prefilter | None:
    """The prefilter of a (folded) text value: its words as raw bytes (non-ASCII
    characters as they stand), any whitespace-like bytes between them, and the
    producers of every character it needs (so a place where one of its characters is
    made by folding is checked exactly). None for an empty value, or one with a lone
    surrogate (no UTF-8 file holds one: the exact scan says so)."""
    if not folded or any("\ud800" <= c <= "\udfff" for c in folded):
        return None
    words = folded.split(" ")
    first, last = folded[0], folded[-1]
    # An ASCII character is judged here; for a non-ASCII one (a letter, a CJK character,
    # a mark) the looser edge of the two is taken, which allows whatever the text rules
    # allow there (their Unicode classes take a while to build).
    contexts: tuple[bytes, ...]
    not_after = None
    if first.isdigit():
        left, contexts = _digit_edges()[0], _linear.TEXT_BEFORE
        not_after = _linear.TEXT_NOT_AFTER
    elif first.isascii() and not (first.isalnum() or first == "_"):
        left = _GAP  # punctuation starts a token only after whitespace (or CJK)
        contexts = (_GAP,)
    else:
        left = rb"[^0-9A-Za-z_]"
        contexts = (left,)
    body = _word(words[0]) + b"".join(_GAP + b"+" + _word(w) for w in words[1:])
    if last.isdigit():
        right = _digit_edges()[1]
    elif last.isascii() and (last.isalnum() or last == "_"):
        right = rb"[^0-9A-Za-z_]"
    else:
        right = b""
    shape = left + body + right
    # A folded character comes from at most a few raw code points (a letter and the
    # marks that compose with it, a Hangul syllable's jamo): 16 bytes each is ample;
    # a folded whitespace character is at most 4 raw bytes.
    span = 8 + 16 * len(folded) + 4 * max_gap * (len(words) - 1) + 8
    chars = [[_word(c) for c in w] for w in words]
    linear = _linear.text(chars, contexts, _GAP, 4 * max_gap, right, not_after)
    # In ASCII bytes a digit stands in its ASCII form only.
    ascii_chars = [[_escape(c) for c in w] for w in words]
    plain = _linear.text(ascii_chars, contexts, _GAP, 4 * max_gap, right, not_after)
    # A digit stands in the pattern in both forms (see _word), so what makes either
    # form is a producer (U+1D7D5 folds to 7, which the text rules read as U+FF17).
    needed = set(folded) - {" "}
    needed |= {_FULLWIDTH[c] for c in needed if c in _FULLWIDTH}
    made = _alternation(producers(needed)) or None
    return Prefilter(shape, made, 8, span, linear=linear, plain=plain)


class Finder(Protocol):
    """Finds the first prefilter match in ``buf`` at or after ``pos``."""

    def first(
        self, buf: bytes | bytearray, pos: int, ascii: bool, state: int = 0, bare: bool = False
    ) -> tuple[int, int] | None:
        """(lo, hi): every hit whose match starts at or after ``pos`` has its literal
        at or after ``lo`` in ``buf``, and ``hi`` > ``lo`` is where a match ends; or None
        when no match starts at or after ``pos``. ``ascii`` says that ``buf[pos:]`` is
        ASCII (no producer can stand there). ``state``: the quote state right before
        ``buf[pos]``, an index into the prefilter's ``starts`` (ignored without them).
        ``bare``: ``buf`` holds no ``e`` or ``E`` (see ``Prefilter.plain``)."""
        ...


class _HyperscanFinder:
    """Hyperscan reports matches in order of their *end*; a hit's match is at most
    ``span`` bytes long, so its literal starts no earlier than ``end - span``. The
    value's pattern and its producers are one database (two ids): one pass finds the
    first end of either. Start patterns (see ``Prefilter.starts``) are ids from 2 on,
    anchored at the start of the scan; only the one of the scan's start state counts
    (the others report once at most: each id reports its first match only). A walk's
    match is long, but the hit it stands for lies within ``span`` before its end."""

    def __init__(self, db: Any, span: int) -> None:
        self.db = db
        self.span = span
        self.end = -1
        self.state = 0

    def _on_match(self, pid: int, _start: int, end: int, _flags: int, _ctx: object) -> bool:
        if pid >= 2 and pid - 2 != self.state:
            return False  # another start state's walk: go on
        self.end = end
        return True  # stop at the first match

    def first(
        self, buf: bytes | bytearray, pos: int, ascii: bool, state: int = 0, bare: bool = False
    ) -> tuple[int, int] | None:
        self.end = -1
        self.state = state
        with contextlib.suppress(_hs.ScanTerminated):  # the callback stopped it
            self.db.scan(memoryview(buf)[pos:], match_event_handler=self._on_match)
        if self.end < 0:
            return None
        end = self.end + pos
        return max(pos, end - self.span - 8), max(end, pos + 1)


class MultiFilter:
    """One Hyperscan database for many values of one file: a necessary condition of
    each value's prefilter (a number's literals, a text value's own pattern) and the
    producers of each, so that one pass over a window says which values can match in
    it at all. Each of those is then searched by its own finder; the others skip the
    window. Built for a batch, where compiling and running one prefilter per value
    costs what the values number."""

    def __init__(self, db: Any, owners: list[list[int]]) -> None:
        self.db = db
        self.owners = owners  # pattern id -> the values it stands for
        self.found: set[int] = set()

    def _on_match(self, pid: int, _start: int, _end: int, _flags: int, _ctx: object) -> bool:
        self.found.update(self.owners[pid])
        return False  # go on: every value's first match counts

    def which(self, buf: bytes | bytearray, pos: int) -> set[int]:
        """The values (indices) whose prefilter may match somewhere in ``buf[pos:]``
        (every one that does is among them)."""
        self.found = set()
        self.db.scan(memoryview(buf)[pos:], match_event_handler=self._on_match)
        return self.found


def _necessary(value: NumberValue | None, pf: Prefilter) -> bytes:
    """A pattern that matches wherever ``pf.pattern`` does: a number's literals (every
    branch of its pattern holds one as it stands), else the pattern itself."""
    if value is None:
        return pf.pattern
    return b"|".join(_escape(lit) for lit in literals(value))


def multi_filter(
    values: tuple[tuple[NumberValue | None, Prefilter], ...],
) -> MultiFilter | None:
    """The :class:`MultiFilter` of ``values`` ((number or None for text, prefilter)
    pairs), or None without Hyperscan. Compiled once per thread, like :func:`finder`."""
    if _hs is None:
        return None
    return _multi_filter(values, threading.get_ident())


@functools.lru_cache(maxsize=16)
def _multi_filter(
    values: tuple[tuple[NumberValue | None, Prefilter], ...], _thread: int
) -> MultiFilter | None:
    ids: dict[bytes, int] = {}
    owners: list[list[int]] = []
    for k, (number, pf) in enumerate(values):
        for pattern in (_necessary(number, pf), pf.producers):
            if pattern is None:
                continue
            if pattern not in ids:
                ids[pattern] = len(owners)
                owners.append([])
            owners[ids[pattern]].append(k)
    db = _hs.Database(mode=_hs.HS_MODE_BLOCK)
    try:
        db.compile(
            expressions=list(ids),
            ids=list(ids.values()),
            flags=[_hs.HS_FLAG_SINGLEMATCH] * len(ids),
        )
    except _hs.error:
        return None  # a pattern past Hyperscan's limits: each value is searched alone
    return MultiFilter(db, owners)


#: From a CSV field's start (outside quotes), the bytes that end at another field's start:
#: a whole quoted cell (a doubled quote inside one closes it and opens it again), a
#: delimiter, or a field that does not start with a quote up to its delimiter (quotes
#: inside it are bytes of the field).
_CSV_UNITS = rb'(?:"[^"]*"|[,\r\n]|[^",\r\n][^,\r\n]*[,\r\n])*'


@functools.lru_cache(maxsize=1)
def _csv_units_rx() -> Any:
    options = _re2.Options()
    options.encoding = _re2.Options.Encoding.LATIN1  # one byte, one character
    return _re2.compile(_CSV_UNITS, options)


#: Where a CSV range read from a field's start (outside quotes) ends: at a field's start,
#: inside a quoted cell, or in a field past its start.
CSV_FIELD_START, CSV_INSIDE, CSV_MID_FIELD = 0, 1, 2


@functools.lru_cache(maxsize=64)
def _csv_field_start_db(_thread: int) -> Any:
    """A Hyperscan database matching a range that ends at a field's start (read from one)."""
    db = _hs.Database(mode=_hs.HS_MODE_BLOCK)
    db.compile(expressions=[b"^" + _CSV_UNITS + rb"\z"], ids=[0], flags=[_hs.HS_FLAG_SINGLEMATCH])
    return db


class _Matched:
    """Whether a Hyperscan scan matched (its callback)."""

    def __init__(self) -> None:
        self.found = False

    def __call__(self, _pid: int, _start: int, _end: int, _flags: int, _ctx: object) -> bool:
        self.found = True
        return False


def _ends_at_field_start(buf: bytes | bytearray, lo: int, hi: int) -> bool:
    matched = _Matched()
    db = _csv_field_start_db(threading.get_ident())
    db.scan(memoryview(buf)[lo:hi], match_event_handler=matched)
    return matched.found


def csv_end_state(buf: bytes | bytearray, lo: int, hi: int) -> int | None:
    """Where ``buf[lo:hi]``, read from a field's start outside quotes, leaves the CSV
    reader (:data:`CSV_FIELD_START`, :data:`CSV_INSIDE` or :data:`CSV_MID_FIELD`), by
    Hyperscan or RE2; None without either. The units of :data:`_CSV_UNITS` are each read
    one way only, so the longest run of them ends at the range's last field start.

    RE2 finds that run in one pass; the rest then starts with a quote (a cell that stays
    open), with another byte (a field with no delimiter after it), or is empty. Hyperscan
    (several times faster) says whether the whole range is such a run; if not, the range
    ends inside a cell exactly when the part before its last quote is one (that quote
    opened a cell and none closes it); otherwise that quote closed a cell or was a byte
    of a field, and no quote after it can open one: the range ends in a field. (A
    pattern anchored at the range's end that names the quote itself is not used: this
    Hyperscan misses some of its matches; a test compares the engines.)"""
    hi = min(hi, len(buf))
    if _hs is not None:
        if _ends_at_field_start(buf, lo, hi):
            return CSV_FIELD_START
        q = buf.rfind(b'"', lo, hi)
        if q >= 0 and _ends_at_field_start(buf, lo, q):
            return CSV_INSIDE
        return CSV_MID_FIELD
    if _re2 is None:
        return None
    m = _csv_units_rx().match(buf, lo, hi)
    end = lo if m is None else int(m.end())
    if end >= hi:
        return CSV_FIELD_START
    return CSV_INSIDE if buf[end] == 0x22 else CSV_MID_FIELD


def available_engines() -> list[str]:
    """The engines this installation can run ("auto" when both Hyperscan and RE2 are
    there; "re", Python's own, always)."""
    found = [name for name, mod in (("hyperscan", _hs), ("re2", _re2)) if mod is not None]
    return (["auto"] if len(found) == 2 else []) + found + ["re"]


#: Files at least this large are scanned by Hyperscan under "auto" even where ASCII.
AUTO_HYPERSCAN_BYTES = 32 << 20


def engine_for(
    engine: str, ascii: bool, size: int, quoted: bool = False, number: bool = False
) -> str:
    """The engine one window is scanned with. "auto" picks RE2 (compiles in well under
    a millisecond, scans about 0.8 GB/s) for ASCII windows of files under
    :data:`AUTO_HYPERSCAN_BYTES`, and Hyperscan (compiles in a few milliseconds, then
    scans about twice as fast) for the rest, except: a number's prefilter (``number``)
    is RE2's in non-ASCII windows of such files too (Hyperscan takes 5-10 ms to compile
    one, as long as RE2 takes to scan 10 MB of CJK text with its producers), and one
    that follows quotes (``quoted``, see ``Prefilter.starts``) always (Hyperscan takes
    30-200 ms to compile one, and scans dense JSON no faster). Either gives the same
    answers."""
    if engine != "auto":
        return engine
    small = size < AUTO_HYPERSCAN_BYTES
    return "re2" if (small and (ascii or number)) or quoted else "hyperscan"


def default_engine() -> str | None:
    """The engine the scan uses by default: "auto" (both), hyperscan, else RE2, else
    Python's ``re`` (linear patterns only, see :mod:`._linear`)."""
    return available_engines()[0]


#: The engine the scan uses (see :func:`default_engine`).
DEFAULT_ENGINE: str | None = default_engine()


def finder(pf: Prefilter, engine: str) -> Finder:
    """Compile ``pf`` for ``engine`` ("hyperscan", "re2" or "re", Python's own regex
    engine on bytes: its linear pattern where it has one, else the automaton pattern,
    which only the tests search with it, on small files). Compiled once
    per thread: a Hyperscan database has its own scratch space, which two threads must
    not share (``core-verify serve`` checks claims in worker threads)."""
    return _finder(pf, engine, threading.get_ident())


@functools.lru_cache(maxsize=256)
def _finder(pf: Prefilter, engine: str, _thread: int) -> Finder:
    if engine == "hyperscan" and _hs is not None:
        patterns = {0: pf.pattern}
        if pf.producers is not None:
            patterns[1] = pf.producers
        for k, start in enumerate(pf.starts):
            patterns[2 + k] = b"^(?:" + start + b")"
        db = _hs.Database(mode=_hs.HS_MODE_BLOCK)
        try:
            db.compile(
                expressions=list(patterns.values()),
                ids=list(patterns),
                flags=[_hs.HS_FLAG_SINGLEMATCH] * len(patterns),
            )
        except _hs.error:
            # A pattern past Hyperscan's limits (a text value of hundreds of words):
            # RE2 or Python's engine gives the same matches, only slower.
            return _finder(pf, "re2" if _re2 is not None else "re", _thread)
        return _HyperscanFinder(db, pf.span)
    if engine == "re2" and _re2 is not None:
        options = _re2.Options()
        options.encoding = _re2.Options.Encoding.LATIN1  # one byte, one character
        options.max_mem = 64 << 20
        return SearchFinder(pf, functools.partial(_re2.compile, options=options))
    if engine == "re":
        if pf.linear is not None:
            pf = dataclasses.replace(pf, pattern=pf.linear)
        return SearchFinder(pf, re.compile, split=True)
    raise ValueError(f"unknown or unavailable prefilter engine {engine!r}")


if __name__ == "__main__":  # pragma: no cover - regenerates the data module
    import pathlib

    for name, render in (
        ("_producers_data.py", render_producer_table),
        ("_unicode_data.py", render_unicode_data),
    ):
        target = pathlib.Path(__file__).with_name(name)
        target.write_text(render(), encoding="utf-8")
        print(f"wrote {target}")
