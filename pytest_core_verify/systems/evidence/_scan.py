"""One streaming pass over one file for every claim that cites it.

The file is read in fixed chunks from a descriptor opened beneath root; memory stays at
a few chunks whatever the file size. Each chunk is checked for NUL bytes (binary) and
UTF-8 validity, decoded, folded (:func:`._chars.fold_file`; ASCII is left as it is) and
appended to a buffer that keeps a bounded tail of earlier text for left-hand context.
Every value has its own compiled pattern (numbers: :func:`._numbers.pattern` plus an
exact check of each survivor; text: :meth:`._text.TextValue.pattern`) and its own search
position, so each character is looked at a bounded number of times per value.

The whole file is always read: a file that turns out binary or undecodable anywhere is
unreadable, even if a value was found before that point (when in doubt, not verified).
The file's size, mtime and ctime are compared before and after the read: a file that
changed while it was read is unreadable ("changed while read"), never half-verified.
"""

from __future__ import annotations

import bisect
import codecs
import functools
import os
import re
import stat
import threading
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from pytest_core_verify.systems.evidence import _prefilter
from pytest_core_verify.systems.evidence._chars import fold_file
from pytest_core_verify.systems.evidence._markup import MarkupKind
from pytest_core_verify.systems.evidence._numbers import (
    MAX_TOKEN_CHARS,
    NumberValue,
    literals,
    pattern,
    text_edges_ok,
    verify,
)
from pytest_core_verify.systems.evidence._text import (
    LOOKAHEAD,
    MAX_GAP,
    TextValue,
    nfkc_safe_cut,
)

__all__ = ["CHUNK_SIZE", "FileScan", "Hit", "detect_comma_delimiter", "scan_fd"]

CHUNK_SIZE = 1 << 20
_CTX = MAX_TOKEN_CHARS + 64  # characters of context a number check may look at
_BACK = _CTX + 16  # characters kept before the earliest pending search position
_NFKC_HOLD = 1 << 20  # characters held back at most while waiting for a safe NFKC cut
_JSON_ESCAPE = re.compile(r"\\[\s\S]")
_DELIMITERS = (",", ";", "\t", "|")
_Buf = str | bytes | bytearray


@dataclass(frozen=True)
class Hit:
    line: int
    column: int


@dataclass
class FileScan:
    """Outcome of scanning one file: an error, or the first hit per value key."""

    error: str | None = None
    hits: dict[object, Hit] = field(default_factory=dict)
    #: The raw bytes when a JSON binding needs them (small files only), else None.
    data: bytes | None = None


def detect_comma_delimiter(head: str) -> bool:
    """Whether a CSV/TSV file whose text starts with ``head`` is comma-delimited.

    A first line ``sep=X`` declares the delimiter (as spreadsheets write it). Otherwise
    the first line's delimiter candidates outside double quotes are counted: the comma
    separates only when it is strictly the most frequent. A tie, or no delimiter at all,
    means commas do not separate (fail-closed: 1,5 then stays one number).
    """
    first = head.split("\n", 1)[0].rstrip("\r")
    if first.startswith("sep=") and len(first) == 5:
        return first[4] == ","
    counts = dict.fromkeys(_DELIMITERS, 0)
    quoted = False
    for ch in first:
        if ch == '"':
            quoted = not quoted
        elif not quoted and ch in counts:
            counts[ch] += 1
    comma = counts.pop(",")
    return comma > 0 and comma > max(counts.values())


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


@functools.lru_cache(maxsize=1024)
def _exact_rx(value: NumberValue | TextValue) -> re.Pattern[str] | None:
    """The exact regex of a value (compiled once per process, only when needed)."""
    return pattern(value) if isinstance(value, NumberValue) else value.pattern()


def _markup_kind(mode: str | None) -> MarkupKind:
    """The markup a file's escapes are read as (see :mod:`._markup`)."""
    return "json" if mode == "json" else "tex"


class _Value:
    __slots__ = ("hold", "key", "left", "markup", "number", "right", "rx", "text")

    def __init__(self, value: NumberValue | TextValue, mode: str | None) -> None:
        self.key: object = value.key
        self.markup = _markup_kind(mode)
        self.text = value.folded if isinstance(value, TextValue) else None
        self.rx = _exact_rx(value)
        if isinstance(value, NumberValue):
            self.number: NumberValue | None = value
            longest = max(map(len, literals(value)), default=0)
            self.right = _CTX
            self.hold = _CTX + longest
            self.left = _CTX + longest
        else:
            self.number = None
            self.right = LOOKAHEAD
            self.hold = value.max_span + LOOKAHEAD
            self.left = LOOKAHEAD + len(value.folded.split(" ", 1)[0])


class _Stream:
    """The folded text of one file, searched for every value as it streams by."""

    def __init__(
        self, values: Iterable[NumberValue | TextValue], mode: str | None, commas: bool
    ) -> None:
        self.want: dict[object, _Value] = {}
        for v in values:
            self.want.setdefault(v.key, _Value(v, mode))
        self.pos: dict[object, int] = dict.fromkeys(self.want, 0)
        self.hits: dict[object, Hit] = {}
        self.mode = mode  # None (prose), "json" or "csv"
        self.commas = commas  # whether a comma outside quotes separates
        self.quotes = _Quotes(json=mode == "json") if mode else None
        self.pending = ""  # decoded, not yet folded
        self.buf = ""
        self.base = 0  # stream offset of buf[0]
        self.line = 0  # zero-based line and column at buf[0]
        self.col = 0

    def _comma_separates(self, i: int) -> bool:
        return self.commas and self.quotes is not None and not self.quotes.inside(self.buf, i)

    def feed(self, text: str, final: bool) -> None:
        if not self.want:
            return
        pending = self.pending + text
        if pending.isascii():
            # The last character is held back unless the file ends: a combining mark
            # at the start of the next chunk may compose with it (e + U+0301 is é).
            cut = len(pending) if final else len(pending) - 1
            ready, self.pending = pending[:cut], pending[cut:]
        else:
            cut = len(pending) if final else nfkc_safe_cut(pending, _NFKC_HOLD)
            ready, self.pending = fold_file(pending[:cut]), pending[cut:]
        self.buf += ready
        buf = self.buf
        size = len(buf)
        for key, v in list(self.want.items()):
            p = self.pos[key] - self.base
            while True:
                m = v.rx.search(buf, p) if v.rx is not None else None
                if m is None:
                    self.pos[key] = self.base + (size if final else max(p, size - v.hold))
                    break
                if not final and m.end() + v.right > size:
                    self.pos[key] = self.base + m.start()
                    break
                at: int | None = m.start()
                if v.number is not None:
                    at = verify(buf, m.start(), m.end(), v.number, self._comma_separates, v.markup)
                elif v.text is not None and not text_edges_ok(
                    buf, m.start(), m.end(), v.text, v.markup
                ):
                    at = None
                if at is None:
                    p = m.start() + 1
                    continue
                self.hits[key] = self._where(at)
                del self.want[key]
                del self.pos[key]
                break
        self._trim(final)

    def _where(self, i: int) -> Hit:
        buf = self.buf
        nl = buf.rfind("\n", 0, i)
        if nl < 0:
            return Hit(self.line + 1, self.col + i + 1)
        return Hit(self.line + buf.count("\n", 0, i) + 1, i - nl)

    def _trim(self, final: bool) -> None:
        if not self.want or final:
            self.buf = ""
            return
        buf = self.buf
        d = max(0, min(self.pos.values()) - self.base - _BACK)
        while d > 0 and buf[d - 1] == "\\":
            d -= 1  # never cut a JSON escape in two
        if d == 0:
            return
        dropped = buf[:d]
        nl = dropped.rfind("\n")
        if nl < 0:
            self.col += d
        else:
            self.line += dropped.count("\n")
            self.col = d - nl - 1
        if self.quotes is not None:
            self.quotes.drop(buf, d)
        self.buf = buf[d:]
        self.base += d


#: Raw bytes read from a CSV file's start to decide its delimiter (its first line, at
#: most :data:`_CSV_HEAD` folded characters of it).
_CSV_HEAD_BYTES = 1 << 18
_CSV_HEAD = 65536


def _csv_commas(fd: int) -> bool:
    """Whether commas separate the fields of the CSV file open at ``fd``: decided on its
    first line (see :func:`detect_comma_delimiter`), read once, whatever the chunk size.
    A head that is not UTF-8 decides nothing (the scan reports the file unreadable)."""
    raw = os.pread(fd, _CSV_HEAD_BYTES, 0)
    nl = raw.find(b"\n")
    head = raw[: nl + 1] if nl >= 0 else raw
    try:
        text = codecs.getincrementaldecoder("utf-8")("strict").decode(head, False)
    except UnicodeDecodeError:
        return False
    return detect_comma_delimiter(fold_file(text.removeprefix("\ufeff"))[:_CSV_HEAD])


def _mode(suffix: str) -> str | None:
    if suffix in (".json", ".jsonl", ".ndjson"):
        return "json"
    if suffix in (".csv", ".tsv"):
        return "csv"
    return None


def _same(a: os.stat_result, b: os.stat_result) -> bool:
    return (a.st_dev, a.st_ino, a.st_size, a.st_mtime_ns, a.st_ctime_ns) == (
        b.st_dev,
        b.st_ino,
        b.st_size,
        b.st_mtime_ns,
        b.st_ctime_ns,
    )


def scan_fd(
    fd: int,
    numbers: Iterable[NumberValue],
    texts: Iterable[TextValue],
    *,
    suffix: str,
    max_bytes: int,
    keep_bytes: int = 0,
    chunk_size: int = CHUNK_SIZE,
    engine: str | None = None,
) -> FileScan:
    """Scan the regular file open at ``fd`` (the caller closes it).

    ``keep_bytes`` > 0 also returns the whole content when it is at most that long
    (for JSON bindings); otherwise ``data`` is None. ``engine`` names the prefilter
    engine (default: the fastest installed, see :mod:`._prefilter`); ``"exact"`` turns
    the fast path off (the tests compare the two).
    """
    if engine is None:
        engine = _prefilter.DEFAULT_ENGINE or "exact"
    try:
        before = os.fstat(fd)
        if not stat.S_ISREG(before.st_mode):
            return FileScan(error="is not a regular file")
        if before.st_size > max_bytes:
            return FileScan(error=f"is {before.st_size} bytes, over the size cap of {max_bytes}")
        numbers, texts = list(numbers), list(texts)
        mode = _mode(suffix)
        commas = mode == "json" or (mode == "csv" and _csv_commas(fd))
        values: list[NumberValue | TextValue] = [*numbers, *texts]
        fast: list[tuple[NumberValue | TextValue, _prefilter.Prefilter]] = []
        slow: list[NumberValue | TextValue] = []
        for value in values:
            pf = _prefilter_of(value, commas, mode) if engine != "exact" else None
            if (
                engine == "re"
                and isinstance(pf, _prefilter.Prefilter)
                and pf.linear is None
                and not (pf.starts and isinstance(value, NumberValue))
            ):
                pf = None  # Python's re searches linear patterns only (see _linear)
            if pf is False:
                continue  # no token can ever equal it: never found
            if isinstance(pf, _prefilter.Prefilter):
                fast.append((value, pf))
            else:
                slow.append(value)
        hits: dict[object, Hit] = {}
        regions: list[tuple[int, bytes]] = []
        out: _Outcome | None = None
        if fast or not slow:
            quick = _fast_scan(fd, fast, engine, max_bytes, keep_bytes, chunk_size, mode, commas)
            out, regions = quick.outcome, quick.regions
            hits.update(out.hits)
            slow += quick.rest
        if slow and (out is None or out.error is None):
            os.lseek(fd, 0, os.SEEK_SET)
            slow_numbers = [v for v in slow if isinstance(v, NumberValue)]
            slow_texts = [v for v in slow if isinstance(v, TextValue)]
            exact = _scan(
                _reader(fd),
                slow_numbers,
                slow_texts,
                mode,
                commas,
                max_bytes,
                keep_bytes,
                chunk_size,
            )
            if exact.error is None and exact.hits and _same(before, os.fstat(fd)):
                # A write that began before the first stat and ends after the second
                # leaves the times alike, and a read that straddles it can join the two
                # versions into a hit that neither holds. A hit is served only if a
                # second read finds the same hits: one torn read is rare, two alike
                # ones rarer still.
                os.lseek(fd, 0, os.SEEK_SET)
                again = _scan(
                    _reader(fd), slow_numbers, slow_texts, mode, commas, max_bytes, 0, chunk_size
                )
                if again.hits != exact.hits or again.size != exact.size:
                    return FileScan(error="changed while read (a second read differs)")
            if out is not None and exact.error is None and exact.size != out.size:
                return FileScan(error="changed while read (size, mtime or ctime differ)")
            hits.update(exact.hits)
            data = out.data if out is not None else exact.data
            out = _Outcome(exact.error, hits, data, exact.size)
        assert out is not None
        out = _Outcome(out.error, hits, out.data, out.size)
        for offset, seen in regions:
            # The region a hit came from, read again: the same bytes, or no hit at all.
            if out.error is None and _pread(fd, len(seen), offset) != seen:
                return FileScan(error="changed while read (a second read differs)")
        after = os.fstat(fd)
    except OSError as exc:
        return FileScan(error=f"could not be read ({exc.strerror or exc})")
    if out.error is None and (not _same(before, after) or out.size != before.st_size):
        return FileScan(error="changed while read (size, mtime or ctime differ)")
    return FileScan(out.error, out.hits, out.data)


def _read_at(fd: int, n: int, offset: int) -> bytes:
    """Up to ``n`` bytes of the file at ``offset`` (the fast path's reads)."""
    return os.pread(fd, n, offset)


def _read_into(fd: int, buf: bytearray, offset: int) -> int:
    """Read the file at ``offset`` into ``buf`` (reused: no new pages to fault in)."""
    return os.preadv(fd, [buf], offset)


def _reader(fd: int) -> Callable[[int], bytes]:
    def read(n: int) -> bytes:
        return os.read(fd, n)

    return read


@dataclass
class _Outcome:
    error: str | None
    hits: dict[object, Hit]
    data: bytes | None
    size: int


def _scan(
    read: Callable[[int], bytes],
    numbers: Iterable[NumberValue],
    texts: Iterable[TextValue],
    mode: str | None,
    commas: bool,
    max_bytes: int,
    keep_bytes: int,
    chunk_size: int,
) -> _Outcome:
    stream = _Stream([*numbers, *texts], mode, commas)
    decoder = codecs.getincrementaldecoder("utf-8")("strict")
    kept: list[bytes] | None = [] if keep_bytes > 0 else None
    total = 0
    first = True
    while True:
        chunk = read(chunk_size)
        final = not chunk
        if not final:
            if b"\0" in chunk:
                at = total + chunk.index(0)
                return _Outcome(f"is binary (NUL byte at offset {at})", {}, None, total)
            if total + len(chunk) > max_bytes:
                return _Outcome(f"grew over the size cap of {max_bytes} bytes", {}, None, total)
        held = len(decoder.getstate()[0])  # bytes of a character begun in the last chunk
        try:
            if stream.want or final or not chunk.isascii() or held:
                text = decoder.decode(chunk, final)
            else:
                text = ""  # pure ASCII is valid UTF-8 as it stands: nothing left to find
        except UnicodeDecodeError as exc:
            return _Outcome(
                f"is not valid UTF-8 (byte offset {total - held + exc.start})", {}, None, total
            )
        if first and text:
            first = False
            text = text.removeprefix("\ufeff")  # a byte order mark is not content
        if kept is not None:
            if total + len(chunk) <= keep_bytes:
                kept.append(chunk)
            else:
                kept = None
        stream.feed(text, final)
        if final:
            break
        total += len(chunk)
    data = b"".join(kept) if kept is not None else None
    return _Outcome(None, stream.hits, data, total)


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


class _Fallback(Exception):
    """The fast path cannot decide this value: the whole-file scan must."""


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

    def first(
        self, buf: bytes | bytearray, pos: int, ascii: bool, state: int = 0, bare: bool = False
    ) -> tuple[int, int] | None:
        found = self.prose.first(buf, pos, ascii, bare=bare)
        limit = len(buf) if found is None else found[0]
        inside, carry = bool(state & 1), bool(state & 2)
        rx = self.outside_plain if ascii and bare else self.outside
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
            elif self.json:
                inside, carry = json_advance(buf, at, s, inside, carry)
            else:
                inside, carry = csv_before_token(buf, at, s, inside, carry)
            at = s
            # JSON's second flag says that the byte at ``s`` completes an escape (a
            # token's first byte never does: a candidate); CSV's where a quote opens.
            if not inside or (carry and self.json):
                return s, max(min(m.end(), s + self.span), s + 1)
            p = s + 1
        return found


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
