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

import codecs
import os
import re
import stat
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from pytest_core_verify.systems.evidence._chars import fold_file
from pytest_core_verify.systems.evidence._numbers import (
    MAX_TOKEN_CHARS,
    NumberValue,
    literals,
    pattern,
    verify,
)
from pytest_core_verify.systems.evidence._text import LOOKAHEAD, TextValue, nfkc_safe_cut

__all__ = ["CHUNK_SIZE", "FileScan", "Hit", "detect_comma_delimiter", "scan_fd"]

CHUNK_SIZE = 1 << 20
_CTX = MAX_TOKEN_CHARS + 64  # characters of context a number check may look at
_BACK = _CTX + 16  # characters kept before the earliest pending search position
_NFKC_HOLD = 1 << 20  # characters held back at most while waiting for a safe NFKC cut
_JSON_ESCAPE = re.compile(r"\\[\s\S]")
_DELIMITERS = (",", ";", "\t", "|")


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

    CSV (RFC 4180): quotes toggle, a doubled quote toggles twice, cells may span lines.
    JSON: a string never spans a line, and a backslash escapes the next character.
    """

    def __init__(self, json: bool) -> None:
        self.json = json
        self.at_start = False  # state at buf[0]
        self.cursor = (0, False)  # (buffer index, state) of the last answer

    def _advance(self, buf: str, frm: int, state: bool, to: int) -> bool:
        if self.json:
            nl = buf.rfind("\n", frm, to)
            if nl >= 0:
                frm, state = nl + 1, False
            quotes = buf.count('"', frm, to) - _JSON_ESCAPE.findall(buf, frm, to).count('\\"')
        else:
            quotes = buf.count('"', frm, to)
        return state ^ bool(quotes % 2)

    def inside(self, buf: str, i: int) -> bool:
        frm, state = self.cursor
        if i < frm:
            frm, state = 0, self.at_start
        state = self._advance(buf, frm, state, i)
        self.cursor = (i, state)
        return state

    def drop(self, buf: str, d: int) -> None:
        self.at_start = self._advance(buf, 0, self.at_start, d)
        self.cursor = (0, self.at_start)


class _Value:
    __slots__ = ("hold", "key", "number", "right", "rx")

    def __init__(self, value: NumberValue | TextValue) -> None:
        self.key: object = value.key
        if isinstance(value, NumberValue):
            self.number: NumberValue | None = value
            self.rx: re.Pattern[str] | None = pattern(value)
            self.right = _CTX
            self.hold = _CTX + max(map(len, literals(value)), default=0)
        else:
            self.number = None
            self.rx = value.pattern()
            self.right = LOOKAHEAD
            self.hold = value.max_span + LOOKAHEAD


class _Stream:
    """The folded text of one file, searched for every value as it streams by."""

    def __init__(self, values: Iterable[NumberValue | TextValue], mode: str | None) -> None:
        self.want: dict[object, _Value] = {}
        for v in values:
            self.want.setdefault(v.key, _Value(v))
        self.pos: dict[object, int] = dict.fromkeys(self.want, 0)
        self.hits: dict[object, Hit] = {}
        self.mode = mode  # None (prose), "json" or "csv"
        self.commas = mode == "json"  # decided on the first text for CSV
        self.quotes = _Quotes(json=mode == "json") if mode else None
        self.started = False
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
            ready, self.pending = pending, ""
        else:
            cut = len(pending) if final else nfkc_safe_cut(pending, _NFKC_HOLD)
            ready, self.pending = fold_file(pending[:cut]), pending[cut:]
        if not self.started and (ready or final):
            self.started = True
            if self.mode == "csv":
                self.commas = detect_comma_delimiter(ready[:65536])
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
                    at = verify(buf, m.start(), m.end(), v.number, self._comma_separates)
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
) -> FileScan:
    """Scan the regular file open at ``fd`` (the caller closes it).

    ``keep_bytes`` > 0 also returns the whole content when it is at most that long
    (for JSON bindings); otherwise ``data`` is None.
    """
    try:
        before = os.fstat(fd)
        if not stat.S_ISREG(before.st_mode):
            return FileScan(error="is not a regular file")
        if before.st_size > max_bytes:
            return FileScan(error=f"is {before.st_size} bytes, over the size cap of {max_bytes}")
        numbers, texts = list(numbers), list(texts)
        out = _scan(_reader(fd), numbers, texts, _mode(suffix), max_bytes, keep_bytes, chunk_size)
        after = os.fstat(fd)
        if out.error is None and out.hits and _same(before, after):
            # A write that began before the first stat and ends after the second leaves
            # the times alike, and a read that straddles it can join the two versions
            # into a hit that neither holds. A hit is served only if a second read finds
            # the same hits: one torn read is rare, two alike ones rarer still.
            os.lseek(fd, 0, os.SEEK_SET)
            again = _scan(_reader(fd), numbers, texts, _mode(suffix), max_bytes, 0, chunk_size)
            if again.hits != out.hits or again.size != out.size:
                return FileScan(error="changed while read (a second read differs)")
            after = os.fstat(fd)
    except OSError as exc:
        return FileScan(error=f"could not be read ({exc.strerror or exc})")
    if out.error is None and (not _same(before, after) or out.size != before.st_size):
        return FileScan(error="changed while read (size, mtime or ctime differ)")
    return FileScan(out.error, out.hits, out.data)


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
    max_bytes: int,
    keep_bytes: int,
    chunk_size: int,
) -> _Outcome:
    stream = _Stream([*numbers, *texts], mode)
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
        try:
            if stream.want or final or not chunk.isascii() or decoder.getstate()[0]:
                text = decoder.decode(chunk, final)
            else:
                text = ""  # pure ASCII is valid UTF-8 as it stands: nothing left to find
        except UnicodeDecodeError as exc:
            return _Outcome(
                f"is not valid UTF-8 (byte offset {total + exc.start})", {}, None, total
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
