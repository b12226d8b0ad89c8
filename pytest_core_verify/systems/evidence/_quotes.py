"""Quote states of JSON and CSV files: whether a place lies inside a JSON string or a
quoted CSV cell, where a comma joins digits as in prose, or outside, where it may
separate fields. Read from the folded text (:class:`_Quotes`, for the whole-file scan)
and from the raw bytes (:class:`_RawQuotes` and the ``*_advance`` machines, for the
fast path: quotes, backslashes and line breaks are ASCII that no fold makes or removes).
"""

from __future__ import annotations

import bisect
import os
import re
from collections.abc import Callable
from typing import Any

from pytest_core_verify.systems.evidence import _prefilter

_JSON_ESCAPE = re.compile(r"\\[\s\S]")
_Buf = str | bytes | bytearray


class _Quotes:
    """Whether a position of the buffer is inside a quoted CSV cell or a JSON string.

    CSV (RFC 4180, as Python's ``csv`` reads it): a quote opens a quoted cell only at
    a field's start (after the comma delimiter, a line break or the file's start); in a
    quoted cell a doubled quote is a quote and a single one closes it; a quote anywhere
    else is a character of the field (``monitor 27",1,080`` is the cells
    ``monitor 27"``, ``1`` and ``080``). Quoted cells may span lines.
    JSON: a string never spans a line, and a backslash escapes the next character.
    """

    def __init__(self, json: bool) -> None:
        self.json = json
        # State at buf[0]: (inside quotes, CSV: a quote there would open a cell).
        self.at_start: tuple[bool, bool] = (False, not json)
        self.cursor = (0, self.at_start)  # (buffer index, state) of the last answer

    def _advance(self, buf: str, frm: int, state: tuple[bool, bool], to: int) -> tuple[bool, bool]:
        if not self.json:
            return csv_advance(buf, frm, to, *state)
        inside = state[0]
        nl = buf.rfind("\n", frm, to)
        if nl >= 0:
            frm, inside = nl + 1, False
        quotes = buf.count('"', frm, to) - _JSON_ESCAPE.findall(buf, frm, to).count('\\"')
        return inside ^ bool(quotes % 2), False

    def inside(self, buf: str, i: int) -> bool:
        frm, state = self.cursor
        if i < frm:
            frm, state = 0, self.at_start
        state = self._advance(buf, frm, state, i)
        self.cursor = (i, state)
        return state[0]

    def drop(self, buf: str, d: int) -> None:
        self.at_start = self._advance(buf, 0, self.at_start, d)
        self.cursor = (0, self.at_start)


def csv_advance(buf: _Buf, lo: int, hi: int, inside: bool, opens: bool) -> tuple[bool, bool]:
    """The CSV quote state after ``buf[lo:hi]`` (text or raw bytes: quotes, commas and
    line breaks are ASCII that no fold makes or removes), from the state before it:
    (inside a quoted cell, a quote at ``hi`` would open one: ``hi`` is a field's start
    or right after the quote that closed a cell, where a quote is an escaped one).

    The range is split at its quotes in C, and each quote is one step of the machine on
    the piece after it (a dense CSV file has two quotes on every line). A long range of
    raw bytes is read by Hyperscan or RE2 instead, when one is installed (see
    :func:`_csv_advance_fast`: the same states, at 0.5 to several GB/s)."""
    if lo >= hi:
        return inside, opens
    if hi - lo >= _CSV_FAST_MIN and not isinstance(buf, str):
        fast = _csv_advance_fast(buf, lo, hi, inside, opens)
        if fast is not None:
            return fast
    return _csv_advance_steps(buf, lo, hi, inside, opens)


#: Raw bytes from which on :func:`csv_advance` hands a range to an automaton.
_CSV_FAST_MIN = 256
_CSV_DELIMS = re.compile(rb"[,\r\n]")


def _csv_advance_fast(
    buf: bytes | bytearray, lo: int, hi: int, inside: bool, opens: bool
) -> tuple[bool, bool] | None:
    """:func:`csv_advance` by the states of the machine: at a field's start (S: a quote
    opens a cell), inside a cell (I) or in a field past its start (M). I goes to S at a
    quote (a doubled quote closes the cell and opens it again: the same states); M goes
    to S at a delimiter; from S an automaton reads the rest (see
    :func:`._prefilter.csv_end_state`). None without Hyperscan or RE2."""
    if inside:
        q = buf.find(b'"', lo, hi)
        if q < 0:
            return True, False
        lo = q + 1
    elif not opens:
        d = _CSV_DELIMS.search(buf, lo, hi)
        if d is None:
            return False, False
        lo = d.end()
    end = _prefilter.csv_end_state(buf, lo, hi)
    if end is None:
        return None
    return end == _prefilter.CSV_INSIDE, end == _prefilter.CSV_FIELD_START


def _csv_advance_steps(buf: _Buf, lo: int, hi: int, inside: bool, opens: bool) -> tuple[bool, bool]:
    """:func:`csv_advance`, one step of the machine per quote."""
    text = isinstance(buf, str)
    # Text and bytes alike (each piece and ``delims`` of the buffer's own type).
    quote: Any = '"' if text else b'"'
    delims: Any = ",\r\n" if text else b",\r\n"
    pieces: list[Any] = buf[lo:hi].split(quote)
    first = pieces[0]
    if not inside and first:
        opens = first[-1:] in delims
    for piece in pieces[1:]:
        if inside:
            inside = False  # the quote closes the cell; one right after it reopens it
            opens = piece[-1:] in delims if piece else True
        elif opens:
            inside = True  # a quote at a field's start opens a cell
        else:
            opens = piece[-1:] in delims if piece else False  # a quote inside a field
    return inside, (opens and not inside)


class _Fallback(Exception):
    """The fast path cannot decide this value: the whole-file scan must."""


_CSV_DELIM_BYTES = (0x2C, 0x0D, 0x0A)


def csv_before_token(
    buf: bytes | bytearray, lo: int, hi: int, inside: bool, opens: bool
) -> tuple[bool, bool]:
    """:func:`csv_advance` up to ``hi`` where ``buf[hi]`` is no quote (a token's first
    byte): whether ``hi`` is inside a quoted cell is exact; the second flag is False
    (from a byte that is no quote on, the machine decides it anew). A range with one or
    two quotes (a dense CSV file's cell closing and the next one opening) is read in a
    few C calls; one with more by :func:`csv_advance`."""
    q = buf.count(b'"', lo, hi)
    if q > 2:
        return csv_advance(buf, lo, hi, inside, opens)[0], False
    if q == 0:
        return inside, False
    i = buf.find(b'"', lo, hi)
    if q == 2:
        j = buf.find(b'"', i + 1, hi)
        if inside:
            if j == i + 1:
                return True, False  # a doubled quote: still inside
            return buf[j - 1] in _CSV_DELIM_BYTES, False  # closed at i; j opens at a field start
        if opens if i == lo else buf[i - 1] in _CSV_DELIM_BYTES:
            return False, False  # a cell from i to j (j is followed by no quote)
        return buf[j - 1] in _CSV_DELIM_BYTES, False  # i is a byte of its field
    if inside:
        return False, False  # the cell closes at i (no quote follows it)
    return (opens if i == lo else buf[i - 1] in _CSV_DELIM_BYTES), False


_JSON_ESCAPE_BYTES = re.compile(rb"\\[\s\S]")


class _RawQuotes:
    """Whether a raw offset of a JSON or CSV file lies inside a quoted string or cell,
    as :class:`_Quotes` reads the folded text: quotes, backslashes and newlines are
    ASCII that no fold makes, removes or composes, so the raw bytes count the same.
    Computed from checkpoints (by pread, only for the regions that need it)."""

    def __init__(self, fd: int, json: bool) -> None:
        self.fd = fd
        self.json = json
        # (offset, inside quotes, JSON: the byte at offset completes an escape begun
        # before; CSV: a quote at offset would open a cell, see csv_advance)
        self.points: list[tuple[int, bool, bool]] = [(0, False, not json)]

    def csv_at(self, offset: int) -> tuple[bool, bool]:
        """The CSV state (inside, a quote would open) right before raw byte ``offset``."""
        return self.state(offset)

    def at(self, offset: int) -> bool:
        """The state right before raw byte ``offset``. In JSON that byte must not
        complete an escape (the caller starts regions after a byte that is no
        backslash, where the exact scan's escapes never straddle); if it does, the value
        falls back to the whole-file scan."""
        state, carry = self.state(offset)
        if carry:
            raise _Fallback  # a region inside a JSON escape: the whole-file scan decides
        return state

    def state(
        self, offset: int, window: bytes | bytearray = b"", wstart: int = 0
    ) -> tuple[bool, bool]:
        """(inside quotes, the byte at ``offset`` completes a JSON escape) right before
        raw byte ``offset``, counted from the nearest checkpoint before it: over
        ``window`` (the raw bytes from offset ``wstart``) when it holds them, else read
        from the file."""
        if offset <= 0:
            return self.points[0][1], self.points[0][2]
        k = bisect.bisect_right(self.points, (offset, True, True)) - 1
        at, state, carry = self.points[k]
        if at == offset:
            return state, carry
        if wstart <= at and offset - wstart <= len(window):
            state, carry = self._advance(window, at - wstart, offset - wstart, state, carry)
            bisect.insort(self.points, (offset, state, carry))
            return state, carry
        while at < offset:
            piece = os.pread(self.fd, min(offset - at, 1 << 20), at)
            if not piece:
                break
            state, carry = self._advance(piece, 0, len(piece), state, carry)
            at += len(piece)
            bisect.insort(self.points, (at, state, carry))
        return state, carry

    def _advance(
        self, buf: bytes | bytearray, lo: int, hi: int, state: bool, carry: bool
    ) -> tuple[bool, bool]:
        """The state after ``buf[lo:hi]``, from ``state`` and ``carry`` before it."""
        return (json_advance if self.json else csv_advance)(buf, lo, hi, state, carry)


def json_advance(
    buf: bytes | bytearray, lo: int, hi: int, state: bool, carry: bool
) -> tuple[bool, bool]:
    """The JSON quote state after raw ``buf[lo:hi]`` (inside a string, the next byte
    completes an escape), from the state before it (see :class:`_RawQuotes`)."""
    if lo >= hi:
        return state, carry
    nl = buf.rfind(b"\n", lo, hi)
    if nl >= 0:
        lo, state, carry = nl + 1, False, False  # a string ends at a line
    if carry and lo < hi:
        lo += 1  # the escaped byte
        carry = False
    quotes = buf.count(b'"', lo, hi)
    if quotes and buf.find(b"\\", lo, hi) >= 0:
        quotes -= _JSON_ESCAPE_BYTES.findall(buf, lo, hi).count(b'\\"')
    # Escapes pair backslashes greedily: a trailing run of odd length leaves one open.
    run = 0
    while hi - run > lo and buf[hi - run - 1] == 0x5C:
        run += 1
    return state ^ bool(quotes % 2), bool(run % 2)


def _separates(folded: str, json: bool, start: tuple[bool, bool]) -> Callable[[int], bool]:
    """Whether the comma at an index of a folded region separates (it is outside
    quotes), for a region that starts in quote state ``start`` (see _Quotes)."""
    state = _Quotes(json=json)
    state.at_start = start
    state.cursor = (0, start)

    def separates(i: int) -> bool:
        return not state.inside(folded, i)

    return separates
