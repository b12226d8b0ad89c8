"""One streaming pass over one file for every claim that cites it.

The file is read in fixed chunks; memory stays at a few chunks whatever the file
size. Each chunk is checked for NUL bytes (binary) and UTF-8 validity, then:

* number values: one byte-level ``re.search`` pass for the values' literals
  (:func:`._numbers.literals`); only hits are decoded and tokenised;
* text values: the chunk is decoded, NFKC-normalised and searched per value.

Both keep a short tail of the previous buffer so that matches and their context
straddling a chunk boundary are seen exactly as in one piece. The whole file is
always read: a file that turns out binary or undecodable anywhere is unreadable,
even if a value was found before that point (when in doubt, not verified).
"""

from __future__ import annotations

import codecs
import os
import re
import stat
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass, field

from pytest_core_verify.evidence._numbers import MAX_TOKEN_CHARS, NumberValue, literals, token_at
from pytest_core_verify.evidence._text import TextValue, nfkc_safe_cut

__all__ = ["CHUNK_SIZE", "FileScan", "Hit", "scan_file"]

CHUNK_SIZE = 1 << 20
_CTX = MAX_TOKEN_CHARS + 16  # bytes of context kept on each side of a number hit
_NFKC_HOLD = 1 << 20  # characters held back at most while waiting for a safe NFKC cut
_CONTINUATION = bytes(range(0x80, 0xC0))
_BOM = b"\xef\xbb\xbf"


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


def _chars(b: bytes) -> int:
    """Code points in a UTF-8 byte string, counting from any cut point."""
    return len(b) if b.isascii() else len(b.translate(None, _CONTINUATION))


class _Position:
    """Line and column (in characters) at the start of a sliding buffer."""

    def __init__(self, column: int = 0) -> None:
        self.line = 0
        self.column = column

    def advance_bytes(self, seg: bytes) -> None:
        nl = seg.rfind(b"\n")
        if nl < 0:
            self.column += _chars(seg)
        else:
            self.line += seg.count(b"\n")
            self.column = _chars(seg[nl + 1 :])

    def advance_text(self, seg: str) -> None:
        nl = seg.rfind("\n")
        if nl < 0:
            self.column += len(seg)
        else:
            self.line += seg.count("\n")
            self.column = len(seg) - nl - 1

    def hit_bytes(self, buf: bytes, i: int) -> Hit:
        nl = buf.rfind(b"\n", 0, i)
        if nl < 0:
            return Hit(self.line + 1, self.column + _chars(buf[:i]) + 1)
        return Hit(self.line + buf.count(b"\n", 0, i) + 1, _chars(buf[nl + 1 : i]) + 1)

    def hit_text(self, buf: str, i: int) -> Hit:
        nl = buf.rfind("\n", 0, i)
        if nl < 0:
            return Hit(self.line + 1, self.column + i + 1)
        return Hit(self.line + buf.count("\n", 0, i) + 1, i - nl - 1 + 1)


class _Numbers:
    """All number values of one file, searched together over the raw bytes."""

    def __init__(self, values: Iterable[NumberValue], separated: bool, column: int) -> None:
        self.want: dict[object, NumberValue] = {v.key: v for v in values}
        self.separated = separated
        self.hits: dict[object, Hit] = {}
        self.buf = b""
        self.start = 0  # where the next search begins in buf
        self.pos = _Position(column)
        self.rx = self._compile()

    def _compile(self) -> re.Pattern[bytes] | None:
        lits = sorted({lit for v in self.want.values() for lit in literals(v)})
        return re.compile(b"|".join(re.escape(x) for x in lits)) if lits else None

    def feed(self, chunk: bytes, final: bool) -> None:
        if self.rx is None:
            return
        buf = self.buf + chunk if self.buf else chunk
        limit = len(buf) if final else max(self.start, len(buf) - _CTX)
        i = self.start
        while self.rx is not None:
            m = self.rx.search(buf, i)
            if m is None or m.start() >= limit:
                break
            i = m.start()
            self._candidate(buf, i)
            i += 1
        cut = max(0, limit - _CTX)
        if self.rx is not None and not final:
            self.pos.advance_bytes(buf[:cut])  # only while some value is still unfound
        self.buf = buf[cut:]
        self.start = limit - cut

    def _candidate(self, buf: bytes, i: int) -> None:
        ws, we = max(0, i - _CTX), min(len(buf), i + _CTX)
        while ws < i and buf[ws] & 0xC0 == 0x80:  # start on a character boundary
            ws += 1
        while we < len(buf) and buf[we] & 0xC0 == 0x80:
            we += 1
        window = buf[ws:we].decode("utf-8", "replace")
        token = token_at(window, _chars(buf[ws:i]), self.separated)
        if token is None or token not in self.want:
            return
        self.hits[token] = self.pos.hit_bytes(buf, i)
        del self.want[token]
        self.rx = self._compile()


class _Texts:
    """Text values of one file, searched in the decoded, NFKC-normalised stream."""

    def __init__(self, values: Iterable[TextValue]) -> None:
        self.want: dict[object, tuple[re.Pattern[str], int]] = {
            v.key: (v.pattern(), v.max_span) for v in values
        }
        self.hits: dict[object, Hit] = {}
        self.pending = ""  # decoded, not yet normalised
        self.buf = ""
        self.start = 0
        self.pos = _Position()

    def feed(self, text: str, final: bool) -> None:
        if not self.want:
            return
        pending = self.pending + text
        cut = len(pending) if final else nfkc_safe_cut(pending, _NFKC_HOLD)
        self.pending = pending[cut:]
        buf = self.buf + unicodedata.normalize("NFKC", pending[:cut])
        keep = max(span for _rx, span in self.want.values())
        limit = len(buf) if final else max(self.start, len(buf) - keep)
        for key, (rx, _span) in list(self.want.items()):
            m = rx.search(buf, self.start)
            if m is not None and m.start() < limit:
                self.hits[key] = self.pos.hit_text(buf, m.start())
                del self.want[key]
        drop = max(0, limit - 8)  # keep a few characters for the lookbehinds
        if self.want and not final:
            self.pos.advance_text(buf[:drop])
        self.buf = buf[drop:]
        self.start = limit - drop


def scan_file(
    real: str,
    expect: tuple[int, int],
    numbers: Iterable[NumberValue],
    texts: Iterable[TextValue],
    *,
    separated: bool,
    max_bytes: int,
    keep_bytes: int = 0,
    chunk_size: int = CHUNK_SIZE,
) -> FileScan:
    """Scan the regular file at real path ``real`` (whose (dev, ino) was ``expect``).

    ``keep_bytes`` > 0 also returns the whole content when it is at most that long
    (for JSON bindings); otherwise ``data`` is None.
    """
    flags = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0)
    flags |= getattr(os, "O_NONBLOCK", 0)  # a FIFO swapped in must not block us
    try:
        fd = os.open(real, flags)
    except OSError as exc:
        return FileScan(error=f"cannot be opened ({exc.strerror})")
    with os.fdopen(fd, "rb", buffering=0) as f:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode) or (st.st_dev, st.st_ino) != expect:
            return FileScan(error="changed while being checked")
        if st.st_size > max_bytes:
            return FileScan(error=f"is {st.st_size} bytes, over the size cap of {max_bytes}")
        return _scan(f, numbers, texts, separated, max_bytes, keep_bytes, chunk_size)


def _scan(
    f: object,
    numbers: Iterable[NumberValue],
    texts: Iterable[TextValue],
    separated: bool,
    max_bytes: int,
    keep_bytes: int,
    chunk_size: int,
) -> FileScan:
    read = f.read  # type: ignore[attr-defined]
    first: bytes = read(chunk_size)
    bom = first.startswith(_BOM)
    num = _Numbers(numbers, separated, column=-1 if bom else 0)
    txt = _Texts(texts)
    decoder = codecs.getincrementaldecoder("utf-8")("strict")
    kept: list[bytes] | None = [] if keep_bytes > 0 else None
    total = 0
    chunk = first
    while True:
        final = not chunk
        if not final:
            if b"\0" in chunk:
                return FileScan(error=f"is binary (NUL byte at offset {total + chunk.index(0)})")
            if total + len(chunk) > max_bytes:
                return FileScan(error=f"grew over the size cap of {max_bytes} bytes")
        try:
            if txt.want or not chunk.isascii() or final:
                text = decoder.decode(chunk, final)
            else:
                text = chunk.decode("ascii")  # ASCII: valid, and the decoder state is empty
        except UnicodeDecodeError as exc:
            return FileScan(error=f"is not valid UTF-8 (byte offset {total + exc.start})")
        if total == 0 and bom:
            text = text.removeprefix("\ufeff")
        if kept is not None:
            if total + len(chunk) <= keep_bytes:
                kept.append(chunk)
            else:
                kept = None
        num.feed(chunk, final)
        if txt.want:
            txt.feed(text, final)
        if final:
            break
        total += len(chunk)
        chunk = read(chunk_size)
    hits = {**num.hits, **txt.hits}
    return FileScan(hits=hits, data=b"".join(kept) if kept is not None else None)
