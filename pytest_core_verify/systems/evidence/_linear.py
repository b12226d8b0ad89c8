"""Prefilter patterns for a backtracking engine: Python's own ``re``, which every
installation has (the fallback when neither Hyperscan nor RE2 is installed).

A backtracking engine tries the pattern at every place a match may start, and may try
the same bytes many ways. The patterns of :mod:`._prefilter` are written for automata
(a left edge first, runs of zeros on both sides of a literal, nested walks through
quotes); run by ``re`` they cost a Python-level attempt at nearly every byte, and a run
such as ``[0.]*[0,]*`` tries every split of the bytes. The patterns here match a
superset of the same places, in a form whose work is linear in the file:

- They start with the value's literal (or zero's first byte), so that ``re`` skips, in
  C, to where it stands. What may follow a number's literal is checked first (a dense
  file fails there most often), then what stands before it, by fixed-width lookbehinds
  (each context the automaton pattern allows, with up to two zeros or points; three or
  more of them are accepted as they are: a superset), inside lookaheads, which ``re``
  never backtracks into.
- Every repeat is bounded: a number's run of zeros (or points and commas) by
  :data:`._numbers.MAX_TOKEN_CHARS` (a longer token is never a hit), the gap between a
  text value's words by the gap the text rules allow. No repeat holds another, a
  number's alternative holds one repeat before its fixed edge, and a text value's gap
  is followed by a byte it cannot match, so one attempt's work is bounded by the value's
  length times the bound; a number's attempts start only at a literal whose first digit
  is no zero (or, for zero, at a first byte after a context that rejects digits and
  points), so two attempts' runs overlap only where their literals do.
- A multi-word text value is matched up to the first word after a gap that starts with
  a byte the gap also matches (a non-ASCII character, a digit that may be full-width):
  the words before it and one gap byte (a superset: a hit holds them).

Where the bytes allow, cheaper forms serve: in an ASCII window without ``e`` or ``E`` a
number's pattern without its e-forms (``scientific=False``: what follows each literal is
tested first), a text value's with ASCII digits only; and zero's :class:`Gate`, a
translated byte search before the pattern (a dense file's zeros are each an attempt of
``re``, its needle stands only where a zero token may start).

``tests/systems/evidence/test_evidence_linear.py`` checks this structure on the patterns
of generated values and compares the scan without Hyperscan and RE2 with the exact one;
``test_evidence_prefilter.py`` compares every engine's scan with it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from pytest_core_verify.systems.evidence._numbers import MAX_TOKEN_CHARS, NumberValue

#: The fixed-width alternatives of the contexts before a number token (``_prefilter``'s
#: _NUMBER_BEFORE: comma may separate) and where a comma joins digits
#: (_NUMBER_BEFORE_JOINING, its ``\.[0-9]{1,2},`` split in two), and before a text value
#: that starts with a digit (_TEXT_BEFORE).
BEFORE = (rb"[^0-9A-Za-z_.+\-:/'^~]", rb"[^0-9][:/'~]")
BEFORE_JOINING = (
    rb"[^0-9A-Za-z_.+\-:/'^~,]",
    rb"[^0-9][:/'~,]",
    rb"\.[0-9],",
    rb"\.[0-9][0-9],",
    rb"[0-9]{4},",
)
TEXT_BEFORE = (rb"[^0-9A-Za-z_.+\-:/'^~,]", rb"[^0-9][:/'~]")
#: A byte that ends none of TEXT_BEFORE.
TEXT_NOT_AFTER = rb"[0-9A-Za-z_.+\-^,]"

#: The bound of a run inside a number token (ASCII bytes: one a character).
_RUN = MAX_TOKEN_CHARS
#: Cheap checks first (``re`` tries alternatives one by one): no byte before zero's
#: first byte is a digit, a letter, ``_``, a point or ``^`` (no context ends with one);
#: no right edge starts with glue, or with a point before a digit or a point (a dense
#: file fails here).
_ZERO_NOT_AFTER = rb"(?<![0-9A-Za-z_.^]"
_EDGE_GATE = rb"(?![0-9A-Za-z_]|\.[0-9.])"
#: Before a sign: a byte that ends some context (each context's last byte is none of
#: these): a superset of the contexts before it.
_BEFORE_SIGN = rb"[^0-9A-Za-z_.^]"


def contexts(sign: int, befores: Sequence[bytes]) -> list[bytes]:
    """The fixed-width choices of what stands right before a number token's digits:
    ``befores`` (one of them, without a sign) and a sign after a byte that may end one
    (a negative number's sign: "-", or a non-ASCII one, whose last byte is a
    continuation byte, as ``_prefilter._signed`` writes them)."""
    if sign < 0:
        return [_BEFORE_SIGN + b"-", rb"[\x80-\xbf]"]
    return [*befores, _BEFORE_SIGN + (rb"\+" if sign > 0 else rb"[+\-]")]


def _behind(choices: Sequence[bytes], lit: bytes) -> bytes:
    """A zero-width check, right after ``lit``, that one of ``choices`` stands before it."""
    return rb"(?=" + b"|".join(rb"(?<=" + c + lit + b")" for c in choices) + b")"


def number(
    value: NumberValue,
    lits: list[str],
    befores: Sequence[bytes],
    right: bytes,
    joined: bytes,
    escape: Callable[[str], bytes],
    scientific: bool = True,
) -> bytes:
    """The linear pattern of a number (see the module's docstring): the places
    ``_prefilter._number_body`` matches after ``befores`` (and more), ``right`` after a
    token with a point, ``joined`` after one without. Before the literal, a context
    (see :func:`contexts`) or a zero (of any run: a superset); or, for the forms whose
    mantissa may hold a point before it, a point. Without ``scientific``, the forms
    with an e-exponent are left out: the pattern for bytes that hold no ``e`` or ``E``
    (there it matches where the whole one does), whose every literal is first tested
    against one class of the bytes that may follow it (a dense file fails there)."""
    sign, s, exponent = value.canon
    right, joined = _EDGE_GATE + right, _EDGE_GATE + joined
    choices = contexts(sign, befores)
    if sign == 0:
        # A run of zeros, points and commas that starts with a zero or a point after a
        # context (every match of the automaton pattern starts so), its end as either
        # form's.
        first = rb"[0.]" + _ZERO_NOT_AFTER + rb"[0.])" + _behind(choices, rb"[0.]")
        return first + rb"[0.,]{0,%d}(?:" % _RUN + right + (rb"|[eE])" if scientific else b")")
    alternatives = []
    for lit in lits:
        lb = escape(lit)
        # What follows the literal in each form, as ``_number_body`` writes them: after
        # zeros only, or after zeros and points.
        after_zeros: list[bytes] = []
        after_points = [rb"[0.,]{0,%d}[eE]" % _RUN] if scientific else []
        if "." in lit:
            if lit.replace(",", "").index(".") == len(s) + exponent:
                after_zeros.append(rb"0{0,%d}" % _RUN + right)
        elif "," in lit:
            after_zeros.append(joined)
            after_zeros.append(rb"\.0{0,%d}" % _RUN + right)
        elif exponent >= 0:
            if exponent <= MAX_TOKEN_CHARS:
                zeros = b"0" * exponent
                after_zeros.append(zeros + joined)
                after_zeros.append(zeros + rb"\.0{0,%d}" % _RUN + right)
        elif exponent <= -len(s):
            after_points.append(rb"0{0,%d}" % _RUN + right)

        # What follows first (a dense file fails there most often), then what stands
        # before: a context; or zeros after one (up to two; a run of three or more is
        # accepted as it is: a superset); or, for the forms whose mantissa may hold a
        # point before the literal, zeros and points so.
        def behind(run: bytes, forms: list[bytes], lb: bytes = lb) -> bytes:
            """``run`` (a class of one byte) right before the literal, and before it
            a context and one or two of it, or three of it; then ``forms``."""
            near = [c + run * k for k in (1, 2) for c in choices] + [run * 3]
            check = b"|".join(rb"(?<=" + x + lb + b")" for x in near)
            return rb"(?<=" + run + lb + rb")(?=" + check + rb")(?=" + b"|".join(forms) + b")"

        tails = after_zeros + after_points
        if not tails:
            continue  # this literal stands only in forms with an exponent
        here = b"|".join(rb"(?<=" + c + lb + b")" for c in choices)
        options = [rb"(?=" + here + b")", behind(b"0", tails)]
        if after_points:
            options.append(behind(rb"[0.]", after_points))
        # Without e-forms the byte after the literal is a zero (of a tail that starts
        # with one) or no glue (every edge starts with none: see _EDGE_GATE).
        follow = b"" if scientific else _follow(tails, right, joined)
        tail = rb"(?=" + b"|".join(tails) + b")"
        alternatives.append(lb + follow + tail + b"(?:" + b"|".join(options) + b")")
    if not alternatives:
        return _NEVER
    return b"(?:" + b"|".join(alternatives) + b")"


#: A pattern that matches nowhere (a value whose every literal needs an exponent).
_NEVER = rb"(?!)"


def _follow(tails: list[bytes], right: bytes, joined: bytes) -> bytes:
    """The bytes right after a literal, without e-forms: no glue and no point (a zero
    too, where a tail starts with a run or string of them), or a point not followed by a
    nonzero digit (every edge starts with no glue and no point before a digit, see
    _EDGE_GATE; a point before the edge is followed by its zeros); and where every tail
    that may start with a comma is ``joined`` (a token without a point, where a comma
    never separates), a comma not followed by a digit."""
    glue = b"1-9A-Za-z_." if any(t.startswith(b"0") for t in tails) else b"0-9A-Za-z_."
    after_right = any(t.startswith((right, rb"0{0,%d}" % _RUN + right)) for t in tails)
    if joined == right or after_right:
        return rb"(?=[^" + glue + rb"]|\.[^1-9])"
    return rb"(?=[^" + glue + rb",]|\.[^1-9]|,[^0-9])"


def text(
    words: list[list[bytes]],
    contexts: Sequence[bytes],
    gap: bytes,
    max_gap_bytes: int,
    right: bytes,
    not_after: bytes | None = None,
) -> bytes:
    """The linear pattern of a text value: ``words`` (each a list of its characters'
    patterns, the first one's alternatives split by ``|`` at the top), each next one
    after a run of ``gap`` of at most ``max_gap_bytes``, ``right`` after the last;
    ``contexts``: the fixed-width choices of what stands before it, none of which ends
    with a byte of the class ``not_after`` (tested first: one class is cheaper to
    reject a dense file's near misses with than the contexts one by one)."""
    first, *rest = words[0]
    # The lookbehind follows the word's leading literal (so that re skips to where it
    # stands), up to a character of two forms (a digit: its width varies).
    n = next((i for i, ch in enumerate(rest) if ch.startswith(b"(")), len(rest))
    fixed = b"".join(rest[:n])
    starts = []
    for option in first.removeprefix(b"(?:").removesuffix(b")").split(b"|"):
        behind = b"|".join(rb"(?<=" + c + option + fixed + b")" for c in contexts)
        guard = b"" if not_after is None else rb"(?<!" + not_after + option + fixed + b")"
        starts.append(option + fixed + guard + rb"(?=" + behind + b")")
    out = (b"(?:" + b"|".join(starts) + b")" if len(starts) > 1 else starts[0]) + b"".join(rest[n:])
    runs = rb"%s{1,%d}" % (gap, max_gap_bytes)
    for word in words[1:]:
        if word[0][:1] in (b"(", b"\\"):  # a digit (two forms) or an escaped byte: stop
            return out + rb"(?=" + gap + b")"
        out += runs + b"".join(word)
    return out + right


class _Match:
    """Where a match of :class:`Earliest` starts and ends."""

    __slots__ = ("_end", "_start")

    def __init__(self, start: int, end: int) -> None:
        self._start, self._end = start, end

    def start(self) -> int:
        return self._start

    def end(self) -> int:
        return self._end


class Earliest:
    """The earliest match of several patterns, each searched alone: ``re`` searches a
    pattern that starts with a literal at the speed of a byte search, and one that
    starts with any of several bytes one byte at a time (three times slower on CJK
    text, where a producer's lead byte stands in every other character). A pattern
    given with its lead byte (every match starts with it) is skipped where that byte
    is absent."""

    def __init__(
        self, patterns: Sequence[tuple[bytes | None, bytes]], compile_rx: Callable[[bytes], Any]
    ) -> None:
        self._searches = [(lead, compile_rx(p)) for lead, p in patterns]

    def search(self, buf: bytes | bytearray, pos: int, endpos: int | None = None) -> _Match | None:
        end = len(buf) if endpos is None else endpos
        best: _Match | None = None
        for lead, rx in self._searches:
            if lead is not None and buf.find(lead, pos, end) < 0:
                continue
            m = rx.search(buf, pos, end)
            if m is not None and (best is None or m.start() < best.start()):
                best = _Match(m.start(), m.end())
        return best


def producer_groups(producers: bytes) -> list[tuple[bytes | None, bytes]]:
    """``_prefilter._alternation``'s pattern as one pattern per lead byte, with that
    byte (its alternatives are ``\\xHH...`` each, grouped by all but their last byte)."""
    groups: dict[bytes, list[bytes]] = {}
    for alt in producers.split(b"|"):
        groups.setdefault(alt[:4], []).append(alt[4:])
    out: list[tuple[bytes | None, bytes]] = []
    for lead, rests in groups.items():
        assert lead[:2] == rb"\x", lead
        body = b"(?:" + b"|".join(rests) + b")" if len(rests) > 1 else rests[0]
        out.append((bytes([int(lead[2:4], 16)]), lead + body))
    return out


@dataclass(frozen=True)
class Gate:
    """A necessary condition of a match, tested at the speed of a byte search: in the
    bytes translated by ``table``, ``needle`` stands ``lead`` bytes before where every
    match starts. A dense file's near misses (a zero in every "10") are each a Python
    ``re`` attempt; translated, they are no needle at all."""

    table: bytes
    needle: bytes
    lead: int

    def skip(self, buf: bytes | bytearray, pos: int) -> int | None:
        """The first place at or after ``pos`` where a match may start, or None."""
        start = max(pos - self.lead, 0)
        size = len(buf)
        while start < size:
            # In slices: a match found early costs what it takes to find it.
            end = min(size, start + _GATE_SLICE)
            i = buf[start:end].translate(self.table).find(self.needle)
            if i >= 0:
                return max(pos, start + i + self.lead)
            if end == size:
                return None
            start = end - len(self.needle) + 1
        return None


_GATE_SLICE = 1 << 16


def _zero_gate() -> Gate:
    """Zero's match starts with a zero or a point after a byte none of
    ``[0-9A-Za-z_.^]`` (see ``_ZERO_NOT_AFTER``): translated, the first two to "0", the
    glue to "x" and every other byte to " ", that is " 0"."""
    table = bytearray(b" " * 256)
    for b in b"123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz_^":
        table[b] = ord("x")
    table[ord("0")] = table[ord(".")] = ord("0")
    return Gate(bytes(table), b" 0", 1)


#: The gate of the value zero (every sign of it).
ZERO_GATE = _zero_gate()
