"""The fast path of a file's scan: a raw-byte prefilter, and exact checks only where it
matches (see the comment below; :mod:`._scan` says when it runs)."""

from __future__ import annotations

import bisect
import codecs
import functools
import os
import re
import threading
from collections.abc import Callable
from dataclasses import dataclass

from pytest_core_verify.systems.evidence import _prefilter
from pytest_core_verify.systems.evidence._chars import fold_file
from pytest_core_verify.systems.evidence._numbers import (
    NumberValue,
    literals,
    text_edges_ok,
    verify,
)
from pytest_core_verify.systems.evidence._quotes import (
    _Fallback,
    _RawQuotes,
    _separates,
    json_advance,
)
from pytest_core_verify.systems.evidence._stream import Hit, _Outcome, _Value
from pytest_core_verify.systems.evidence._text import (
    MAX_GAP,
    TextValue,
)

# --- The fast path: a raw-byte prefilter, and exact checks only where it matches. -----
#
# Each value's prefilter (:mod:`._prefilter`) runs over the raw bytes of every chunk, with
# an overlap, at the speed of its regex engine (in JSON and comma-delimited CSV files a
# number's prefilter also gets the quote state where each search starts, see
# ``_RawQuotes.state``). Where it matches, a *region*
# of the file around the match is read again (``pread``), decoded, folded and checked by
# the exact rules, exactly as the whole-file scan would check it: the region is cut at
# safe points (before an ASCII byte, where NFKC may split text without changing it) and
# a hit counts only when the exact rules could see all the context they look at inside
# the region (or the region reaches the file's edge). A region with no hit proves its
# middle part hit-free, and the prefilter resumes after it. The first hit in file order
# is the same one the whole-file scan reports; line and column are computed from the
# file for that hit alone. A hit is served only if a second read of its region gives the
# same bytes (and the file's size, mtime and ctime are unchanged, as for every scan).


def _read_at(fd: int, n: int, offset: int) -> bytes:
    """Up to ``n`` bytes of the file at ``offset`` (the fast path's reads)."""
    return os.pread(fd, n, offset)


def _read_into(fd: int, buf: bytearray, offset: int) -> int:
    """Read the file at ``offset`` into ``buf`` (reused: no new pages to fault in)."""
    return os.preadv(fd, [buf], offset)


#: Raw bytes an exact region covers beyond its prefilter match, at first (so that dense
#: false candidates share regions: the exact work per candidate is bounded and
#: amortised). While candidates keep coming right after a region, each next region is
#: twice as long, up to _REGION_MAX: on a file dense with near misses the exact checks
#: then cost what one streaming pass of the exact rules costs.
_REGION_EXTRA = 1 << 14
_REGION_MAX = 1 << 20
#: Bytes searched beyond a region's wanted edges for a safe cut.
_CUT_PAD = 4096
#: Retries with wider margins (twice as wide each) before a value falls back to the
#: whole-file scan (a region then spans at most 4x its first margins: memory stays bounded).
_REGION_TRIES = 3


class _FastValue:
    __slots__ = ("_exact", "engine", "extra", "index", "mode", "next", "pf", "size", "value")

    def __init__(
        self,
        index: int,
        value: NumberValue | TextValue,
        pf: _prefilter.Prefilter,
        engine: str,
        size: int,
        mode: str | None,
    ) -> None:
        self.index = index  # among the values of the file (see _prefilter.MultiFilter)
        self.mode = mode  # the file's mode: its markup kind for the exact rules
        self.value = value
        self.pf = pf
        self.engine = engine
        self.size = size  # the file's size, for the choice of engine
        self._exact: _Value | None = None
        self.extra = _REGION_EXTRA  # bytes the next region covers beyond its match
        self.next = -1  # absolute offset from which the prefilter has yet to search (-1:
        # the newline that stands for the start of the file)

    def finder(self, ascii: bool) -> _prefilter.Finder:
        """The compiled prefilter for a window (compiled on first use)."""
        number = isinstance(self.value, NumberValue)
        engine = _prefilter.engine_for(self.engine, ascii, self.size, bool(self.pf.starts), number)
        if engine == "re" and self.pf.starts and isinstance(self.value, NumberValue):
            return _quoted_finder(self.value, self.mode == "json", threading.get_ident())
        return _prefilter.finder(self.pf, engine)

    @property
    def exact(self) -> _Value:
        """The exact rules (compiled on the first region that needs them)."""
        if self._exact is None:
            self._exact = _Value(self.value, self.mode)
        return self._exact


class _QuotedFinder:
    """A number's prefilter in a JSON or comma-delimited CSV file for Python's ``re``,
    which cannot walk the quotes in linear time (see ``_prefilter.Prefilter.starts``):
    the first place that the prose pattern matches (a token inside quotes is read as
    prose, with its producers), or that the pattern of separating commas matches
    outside quotes, each of whose matches before the first prose one is told inside or
    outside by the quote state counted from the search's start (in C: a dense file's
    tokens inside quotes are near misses of this kind)."""

    def __init__(self, value: NumberValue, json: bool) -> None:
        prose = _prefilter.number_prefilter(value, False)
        commas = _prefilter.number_prefilter(value, True)
        assert prose is not None and commas is not None
        self.prose = _prefilter.finder(prose, "re")
        # Producers are the prose finder's (every place one stands is a candidate).
        assert commas.linear is not None and commas.plain is not None
        self.outside = re.compile(commas.linear)
        self.outside_plain = re.compile(commas.plain)
        self.gate = commas.gate
        self.span = commas.span
        self.json = json
        # Every match of a number's linear pattern starts with a literal's first digit
        # (zero's: a zero or a point, see _linear.number): the bytes the CSV walk stops at.
        lits = literals(value)
        self.firsts = b"0." if value.canon[0] == 0 else bytes(sorted({ord(x[0]) for x in lits}))
        self._walks: dict[tuple[bool, int], re.Pattern[bytes]] = {}

    def _csv_walk(self, plain: bool, start: int) -> re.Pattern[bytes]:
        """A CSV file's first token outside quoted cells that the separator pattern
        matches, from a place in quote state ``start`` (0: in a field past its start, 1:
        inside a cell, 2: where a quote opens one), in one ``re`` match: the walk reads
        the file as the RFC 4180 machine does (``_quotes.csv_advance``), a whole quoted
        cell (doubled quotes inside, or open to the end) at a time, and stops at a first
        digit where the pattern matches; its end is the token's start."""
        key = (plain, start)
        rx = self._walks.get(key)
        if rx is None:
            tok = (self.outside_plain if plain else self.outside).pattern
            f = b"".join(b"\\x%02x" % b for b in self.firsts)
            cell = rb'(?:[^"]++|"")*+(?:"|\Z)'
            units = (
                rb'(?:[,\r\n]"' + cell + rb"|[,\r\n]|[^\x22,\r\n" + f + rb']++|"'
                rb"|(?!" + tok + rb")[" + f + rb"])*+"
            )
            head = (b"", cell, rb'(?:"' + cell + rb")?")[start]
            rx = self._walks[key] = re.compile(head + units + rb"(?=" + tok + rb")")
        return rx

    def first(
        self, buf: bytes | bytearray, pos: int, ascii: bool, state: int = 0, bare: bool = False
    ) -> tuple[int, int] | None:
        found = self.prose.first(buf, pos, ascii, bare=bare)
        limit = len(buf) if found is None else found[0]
        inside, carry = bool(state & 1), bool(state & 2)
        rx = self.outside_plain if ascii and bare else self.outside
        if not self.json:
            walk = self._csv_walk(ascii and bare, 1 if inside else 2 if carry else 0)
            w = walk.match(buf, pos)
            if w is None or w.end() >= limit:
                return found
            s = w.end()
            m = rx.match(buf, s)
            assert m is not None  # the walk ends where the pattern matches
            return s, max(min(m.end(), s + self.span), s + 1)
        gate = self.gate if ascii else None
        # JSON without backslashes: a string ends at a line, and each quote opens or
        # closes one (counted in C; else one step of the quote machine per candidate).
        simple = self.json and not carry and buf.find(b"\\", pos, limit) < 0
        at = p = pos
        while p < limit:
            if gate is not None:
                q = gate.skip(buf, p)
                if q is None:
                    break
                p = q
            m = rx.search(buf, p)
            if m is None or m.start() >= limit:
                break
            s = m.start()
            if simple:
                nl = buf.rfind(b"\n", at, s)
                if nl >= 0:
                    at, inside = nl + 1, False
                inside ^= bool(buf.count(b'"', at, s) & 1)
            else:
                inside, carry = json_advance(buf, at, s, inside, carry)
            at = s
            # JSON's second flag says that the byte at ``s`` completes an escape (a
            # token's first byte never does: a candidate); CSV's where a quote opens.
            if not inside or carry:
                return s, max(min(m.end(), s + self.span), s + 1)
            p = s + 1
        return found


@functools.lru_cache(maxsize=256)
def _quoted_finder(value: NumberValue, json: bool, _thread: int) -> _QuotedFinder:
    return _QuotedFinder(value, json)


def _prefilter_of(
    value: NumberValue | TextValue, commas: bool, mode: str | None = None
) -> _prefilter.Prefilter | bool | None:
    """The value's prefilter (``commas``: whether a comma may separate fields in the
    file, outside the quotes of a ``mode`` "json" or "csv" file); False when no token
    can ever equal it; None when only the whole-file scan can check it."""
    if isinstance(value, NumberValue):
        pf = _prefilter.number_prefilter(value, commas, mode if commas else None)
        return False if pf is None else pf
    return _prefilter.text_prefilter(value.folded, MAX_GAP)


def _pread(fd: int, n: int, offset: int) -> bytes:
    parts: list[bytes] = []
    while n > 0:
        got = os.pread(fd, min(n, 1 << 24), offset)
        if not got:
            break
        parts.append(got)
        n -= len(got)
        offset += len(got)
    return b"".join(parts)


def _last_ascii(data: bytes, i: int, lo: int = 0) -> int:
    """The largest j in [lo, i] with data[j] ASCII (a safe cut before it), or -1."""
    j = min(i, len(data) - 1)
    while j >= lo:
        if data[j] < 0x80:
            return j
        j -= 1
    return -1


def _first_ascii(data: bytes, i: int) -> int:
    """The smallest j >= i with data[j] ASCII, or -1."""
    j = max(i, 0)
    while j < len(data):
        if data[j] < 0x80:
            return j
        j += 1
    return -1


def _fold_part(raw: bytes, at_start: bool) -> str:
    if b"\0" in raw:
        raise UnicodeDecodeError("utf-8", raw, 0, 1, "NUL byte")
    text = raw.decode("utf-8")
    if at_start:
        text = text.removeprefix("\ufeff")
    return fold_file(text)


class _Lines:
    """Newline counts of the file up to an offset, from checkpoints (computed by pread
    only when a hit needs its line)."""

    def __init__(self, fd: int) -> None:
        self.fd = fd
        self.offsets = [0]
        self.counts = [0]

    def before(self, offset: int) -> int:
        k = bisect.bisect_right(self.offsets, offset) - 1
        at, n = self.offsets[k], self.counts[k]
        while at < offset:
            piece = os.pread(self.fd, min(offset - at, 1 << 20), at)
            if not piece:
                break
            n += piece.count(b"\n")
            at += len(piece)
        if offset not in self.offsets:
            self.offsets.insert(k + 1, offset)
            self.counts.insert(k + 1, n)
        return n

    def line_start(self, offset: int) -> int:
        """The offset just after the last newline before ``offset`` (0 if none)."""
        end = offset
        while end > 0:
            lo = max(0, end - (1 << 16))
            piece = os.pread(self.fd, end - lo, lo)
            nl = piece.rfind(b"\n")
            if nl >= 0:
                return lo + nl + 1
            end = lo
        return 0


def _where_in_region(lines: _Lines, a: int, folded: str, at: int) -> Hit:
    """Line and column (1-based, folded characters) of index ``at`` of the folded
    region that starts at raw offset ``a`` (a safe cut)."""
    line = lines.before(a)
    nl = folded.rfind("\n", 0, at)
    if nl >= 0:
        return Hit(line + folded.count("\n", 0, at) + 1, at - nl)
    ls = lines.line_start(a)
    head = _fold_part(_pread(lines.fd, a - ls, ls), ls == 0) if a > ls else ""
    return Hit(line + 1, len(head) + at + 1)


def _check_region(
    fd: int,
    v: _FastValue,
    lo: int,
    hi: int,
    lines: _Lines,
    quotes: _RawQuotes | None,
) -> tuple[Hit, tuple[int, bytes]] | int:
    """Check the exact rules around a prefilter match whose hit (if any) has its literal
    at or after ``lo``. Returns (hit, (offset, bytes read)) or the raw offset up to which
    no literal start holds a hit. ``quotes`` is given when commas outside quotes
    separate (a number value in JSON, or in a comma-delimited CSV file). Raises
    _Fallback or UnicodeDecodeError."""
    exact = v.exact
    left_bytes = 4 * exact.left + 64
    right_bytes = 4 * exact.hold + 64
    for _ in range(_REGION_TRIES):
        want_a = max(0, lo - left_bytes)
        want_d = max(hi, lo) + v.extra
        want_b = want_d + right_bytes
        base = max(0, want_a - _CUT_PAD)
        n = want_b + _CUT_PAD - base
        data = _pread(fd, n, base)
        at_eof = len(data) < n
        # a: the region's start; c: where the literals it decides start; d: where they
        # end; b: the region's end. Each is a safe cut (before an ASCII byte) or an edge.
        a = 0 if want_a == 0 else _last_ascii(data, want_a - base)
        if quotes is not None and quotes.json:
            while a > 0 and data[a - 1] == 0x5C:
                a -= 1  # never start inside a JSON escape (before a backslash is safe)
            if a == 0 and base > 0:
                a = -1
        c = _last_ascii(data, lo - base, a) if a >= 0 else -1
        if c < 0 and base + a == 0:
            c = 0  # the file's start is a safe cut too
        d = len(data) if want_d - base >= len(data) else _first_ascii(data, want_d - base)
        if d < 0:
            d = len(data) if at_eof else -1
        b = len(data) if want_b - base >= len(data) else _first_ascii(data, want_b - base)
        if b < 0:
            b = len(data) if at_eof else -1
        if min(a, c, d, b) < 0 or not a <= c <= d <= b:
            left_bytes *= 2
            right_bytes *= 2
            continue
        at_start = base + a == 0
        fl = _fold_part(data[a:c], at_start)
        fm = _fold_part(data[c:d], at_start and a == c)
        fr = _fold_part(data[d:b], at_start and a == d)
        b_is_eof = at_eof and b == len(data)
        if (len(fl) < exact.left and not at_start) or (len(fr) < exact.hold and not b_is_eof):
            left_bytes *= 2
            right_bytes *= 2
            continue
        folded = fl + fm + fr
        start, stop = len(fl), len(fl) + len(fm)
        separates: Callable[[int], bool] = _never
        if quotes is not None and exact.number is not None:
            start_state = (quotes.at(base + a), False) if quotes.json else quotes.csv_at(base + a)
            separates = _separates(folded, quotes.json, start_state)
        found = _exact_first(folded, exact, start, stop, separates)
        if found is not None:
            return _where_in_region(lines, base + a, folded, found), (base + a, data[a:b])
        return base + d
    raise _Fallback


def _exact_first(
    text: str, v: _Value, start: int, stop: int, separates: Callable[[int], bool]
) -> int | None:
    """The hit of the first match of ``v`` that starts in [start, stop), or None (the
    exact rules, as the whole-file scan applies them; ``separates`` says whether the
    comma at an index separates)."""
    if v.rx is None:
        return None
    p = start
    while True:
        m = v.rx.search(text, p)
        if m is None or m.start() >= stop:
            return None
        if v.number is None:
            if v.text is not None and not text_edges_ok(text, m.start(), m.end(), v.text, v.markup):
                p = m.start() + 1
                continue
            return m.start()
        at = verify(text, m.start(), m.end(), v.number, separates, v.markup)
        if at is not None:
            return at
        p = m.start() + 1


def _never(_i: int) -> bool:
    return False


@dataclass
class _FastOutcome:
    outcome: _Outcome
    #: Values the fast path handed back to the whole-file scan.
    rest: list[NumberValue | TextValue]
    #: (offset, bytes) of each region a hit came from, to be read again.
    regions: list[tuple[int, bytes]]


def _fast_scan(
    fd: int,
    values: list[tuple[NumberValue | TextValue, _prefilter.Prefilter]],
    engine: str,
    max_bytes: int,
    keep_bytes: int,
    chunk_size: int,
    mode: str | None,
    commas: bool,
) -> _FastOutcome:
    size = os.fstat(fd).st_size
    pending = [_FastValue(k, v, pf, engine, size, mode) for k, (v, pf) in enumerate(values)]
    quotes = _RawQuotes(fd, json=mode == "json") if commas else None
    multi = None
    if engine in ("auto", "hyperscan") and len(pending) >= _MULTI_MIN:
        multi = _prefilter.multi_filter(
            tuple((f.value if isinstance(f.value, NumberValue) else None, f.pf) for f in pending)
        )
    overlap = max((f.pf.span + f.pf.slack for f in pending), default=0)
    hits: dict[object, Hit] = {}
    rest: list[NumberValue | TextValue] = []
    regions: list[tuple[int, bytes]] = []
    lines = _Lines(fd)
    decoder = codecs.getincrementaldecoder("utf-8")("strict")
    kept: list[bytes] | None = [] if keep_bytes > 0 else None
    tail = b"\n"  # a newline stands for the file's edges (see _prefilter)
    total = 0
    reused: bytearray | None = None  # the buffer of every whole window but the first
    while True:
        # A window: the chunk, after the last ``overlap`` bytes before it (read again with
        # it, which costs less than joining them: a fresh copy of each chunk is a new
        # mapping, page faults and all), or after the newline of the file's start.
        h = min(total, overlap) if pending else 0
        window: bytes | bytearray
        if pending and total > overlap:
            if reused is None:
                reused = bytearray(overlap + chunk_size)
            got = _read_into(fd, reused, total - h)
            window = reused if got == len(reused) else bytes(memoryview(reused)[:got])
        else:
            window = _read_at(fd, h + chunk_size, total - h)
        if pending and h == total:
            window, h = b"\n" + window, h + 1
        n = len(window) - h
        final = n <= 0
        if final:
            window, h, n = (tail + b"\n" if pending else b""), len(tail), 0
        else:
            at = window.find(b"\0", h)
            if at >= 0:
                return _FastOutcome(
                    _Outcome(f"is binary (NUL byte at offset {total + at - h})", {}, None, total),
                    [],
                    [],
                )
            if total + n > max_bytes:
                return _FastOutcome(
                    _Outcome(f"grew over the size cap of {max_bytes} bytes", {}, None, total),
                    [],
                    [],
                )
        ascii = window.isascii()
        if final or not ascii or decoder.getstate()[0]:
            bad = _validate(decoder, memoryview(window)[h:], final, total)
            if bad is not None:
                return _FastOutcome(
                    _Outcome(f"is not valid UTF-8 (byte offset {bad})", {}, None, total), [], []
                )
        if kept is not None:
            if total + n <= keep_bytes:
                kept.append(bytes(window[h:]))
            else:
                kept = None
        if pending:
            wstart = total - h
            # No e or E: a number's plain pattern serves Python's re (see Prefilter.plain).
            bare = ascii and b"e" not in window and b"E" not in window
            maybe = _maybe(multi, pending, window, wstart) if multi is not None else None
            for v in list(pending):
                if maybe is not None and v.index not in maybe:
                    _no_match(v, wstart, len(window), final)
                    continue
                try:
                    outcome = _search_window(
                        fd, v, window, wstart, final, (ascii, bare), lines, quotes
                    )
                except _Fallback:
                    pending.remove(v)
                    rest.append(v.value)
                    continue
                except UnicodeDecodeError:
                    # A region that is not UTF-8: the file is unreadable, as the scan
                    # reports when it reaches that byte (or the file changed meanwhile).
                    pending.remove(v)
                    continue
                if outcome is not None:
                    hits[v.value.key] = outcome[0]
                    regions.append(outcome[1])
                    pending.remove(v)
            if quotes is not None and not final and any(v.pf.starts for v in pending):
                # The quote state where the next window starts, counted over this one.
                quotes.state(wstart + max(0, len(window) - overlap), window, wstart)
            if not final:
                tail = bytes(window[-overlap:]) if overlap else b""
        if final:
            break
        total += n
    data = b"".join(kept) if kept is not None else None
    return _FastOutcome(_Outcome(None, hits, data, total), rest, regions)


#: Bytes decoded at once when checking UTF-8: the text made of more at once is a fresh
#: mapping (page faults) each time, the text of this much reuses freed memory.
_DECODE_SLICE = 1 << 16


def _validate(
    decoder: codecs.IncrementalDecoder, raw: memoryview, final: bool, at: int
) -> int | None:
    """Feed ``raw`` (the file's bytes from offset ``at``) to the UTF-8 ``decoder``: None,
    or the offset of the first byte that is not UTF-8."""
    for i in range(0, max(len(raw), 1), _DECODE_SLICE):
        held = len(decoder.getstate()[0])  # bytes of a character begun before
        try:
            decoder.decode(raw[i : i + _DECODE_SLICE], final and i + _DECODE_SLICE >= len(raw))
        except UnicodeDecodeError as exc:
            return at + i - held + exc.start
    return None


#: Values of one file from which on one Hyperscan pass first says which of them can
#: match in a window at all (see _prefilter.MultiFilter): fewer are not worth compiling
#: another database for.
_MULTI_MIN = 4


def _maybe(
    multi: _prefilter.MultiFilter, pending: list[_FastValue], window: bytes | bytearray, wstart: int
) -> set[int]:
    """The indices of the pending values whose prefilter may match in ``window`` from
    where each has yet to search (a superset: each is then searched by its own)."""
    pos = min(max(v.next - wstart, 0) for v in pending)
    return multi.which(window, pos) if pos < len(window) else set()


def _no_match(v: _FastValue, wstart: int, size: int, final: bool) -> None:
    """``v``'s prefilter has no match in the window of ``size`` bytes at ``wstart`` from
    ``v.next`` on: resume where a match could still start across the window's end."""
    if not final:
        v.next = max(v.next, wstart + size - v.pf.span - v.pf.slack)
    else:
        v.next = wstart + size


def _search_window(
    fd: int,
    v: _FastValue,
    window: bytes | bytearray,
    wstart: int,
    final: bool,
    kind: tuple[bool, bool],
    lines: _Lines,
    quotes: _RawQuotes | None,
) -> tuple[Hit, tuple[int, bytes]] | None:
    """Run ``v``'s prefilter over ``window`` (raw bytes from offset ``wstart``; ``kind``:
    it is ASCII, it holds no e or E), checking each match exactly. A hit, or None
    (``v.next`` then says where to resume)."""
    ascii, bare = kind
    while True:
        pos = max(v.next - wstart, 0)
        if pos >= len(window):
            return None
        state = 0
        if v.pf.starts:
            assert quotes is not None
            inside, escaped = quotes.state(wstart + pos, window, wstart)
            state = int(inside) + 2 * int(escaped)
        found = v.finder(ascii).first(window, pos, ascii, state, bare)
        if found is None:
            _no_match(v, wstart, len(window), final)
            return None
        lo, hi = max(0, wstart + found[0]), max(0, wstart + found[1])
        # Dense candidates (this one close after the last region) widen the next region.
        close = lo - v.next < v.extra
        checked = _check_region(fd, v, lo, hi, lines, quotes)
        if isinstance(checked, tuple):
            return checked
        v.next = max(v.next + 1, checked - v.pf.slack)
        v.extra = min(2 * v.extra, _REGION_MAX) if close else _REGION_EXTRA
