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
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from pytest_core_verify.systems.evidence._numbers import (
    MAX_TOKEN_CHARS,
    NumberValue,
    literals,
    token_at,
)
from pytest_core_verify.systems.evidence._text import TextValue, nfkc_safe_cut

__all__ = ["CHUNK_SIZE", "FileScan", "Hit", "scan_file"]

CHUNK_SIZE = 1 << 20
_CTX = MAX_TOKEN_CHARS + 16  # bytes of context kept on each side of a number hit
_BACK = 2 * _CTX + 64  # bytes of earlier chunks kept for left-hand context
_LOOKAHEAD = 4  # characters the text boundary lookaheads may inspect
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


def _newlines(buf: bytes, start: int, end: int) -> int:
    """Newlines in ``buf[start:end]``. For most of a chunk, ``len - len(replace)`` is
    about twice as fast as ``bytes.count`` (memchr + memcpy against a byte loop)."""
    if start == 0 and end > len(buf) // 2:
        return len(buf) - len(buf.replace(b"\n", b"")) - buf.count(b"\n", end)
    return buf.count(b"\n", start, end)


def _alternation(words: list[bytes]) -> bytes:
    """A regex matching any of ``words``, factored as a trie: cheaper per attempt than a
    flat alternation when the words share prefixes (they all start with the same digit)."""
    if not words:
        return b"(?!)"
    if words == [b""]:
        return b""
    heads: dict[bytes, list[bytes]] = {}
    for w in words:
        heads.setdefault(w[:1], []).append(w[1:])
    branches = []
    optional = False
    for head, rests in sorted(heads.items()):
        if head == b"":
            optional = True
            continue
        sub = _alternation(sorted(set(rests)))
        branches.append(re.escape(head) + sub)
    body = branches[0] if len(branches) == 1 else b"(?:" + b"|".join(branches) + b")"
    return b"(?:" + body + b")?" if optional else body


class _Position:
    """Zero-based line and column (in characters) at some point of the file."""

    def __init__(self, line: int = 0, column: int = 0) -> None:
        self.line = line
        self.column = column

    def copy(self) -> _Position:
        return _Position(self.line, self.column)

    def advance(self, buf: bytes, start: int, end: int) -> None:
        """Move over ``buf[start:end]``."""
        nl = buf.rfind(b"\n", start, end)
        if nl < 0:
            self.column += _chars(buf[start:end])
        else:
            self.line += _newlines(buf, start, end)
            self.column = _chars(buf[nl + 1 : end])

    def advance_text(self, seg: str) -> None:
        nl = seg.rfind("\n")
        if nl < 0:
            self.column += len(seg)
        else:
            self.line += seg.count("\n")
            self.column = len(seg) - nl - 1

    def hit_text(self, buf: str, i: int) -> Hit:
        nl = buf.rfind("\n", 0, i)
        if nl < 0:
            return Hit(self.line + 1, self.column + i + 1)
        return Hit(self.line + buf.count("\n", 0, i) + 1, i - nl - 1 + 1)


class _Numbers:
    """All number values of one file, searched together over the raw bytes.

    Each chunk is searched in place (no concatenation: at hundreds of MB/s a copy
    per chunk is a measurable share of the time). A literal that straddles the
    chunk boundary is found in a small seam buffer; a hit whose right-hand context
    is not read yet waits for the next chunk. ``back`` keeps the last bytes of
    earlier chunks for the left-hand context.
    """

    def __init__(self, values: Iterable[NumberValue], separated: bool, column: int) -> None:
        self.want: dict[object, NumberValue] = {v.key: v for v in values}
        self.separated = separated
        self.hits: dict[object, Hit] = {}
        self.back = b""  # the last _BACK bytes before the current chunk
        self.base = 0  # file offset of the current chunk
        self.pos_back = _Position(0, column)  # position at the start of back
        self.pending: list[int] = []  # hit offsets waiting for right-hand context
        self.seen: set[int] = set()  # recent hit offsets already examined
        self.rx: re.Pattern[bytes] | None = None
        self.longest = 0
        self._compile()

    def _compile(self) -> None:
        lits = sorted({lit for v in self.want.values() for lit in literals(v)})
        self.rx = re.compile(_alternation(lits)) if lits else None
        self.longest = max(map(len, lits), default=0)

    def feed(self, chunk: bytes, final: bool) -> None:
        rx = self.rx
        if rx is None:
            return
        back, base = self.back, self.base
        end = base + len(chunk)
        found: list[int] = []
        if back and chunk and self.longest > 1:
            seam_base = base - min(len(back), self.longest - 1)
            seam = back[seam_base - base :] + chunk[: self.longest - 1]
            m = rx.search(seam)
            while m is not None and seam_base + m.start() < base:
                found.append(seam_base + m.start())
                m = rx.search(seam, m.start() + 1)
        m = rx.search(chunk)
        while m is not None:
            found.append(base + m.start())
            m = rx.search(chunk, m.start() + 1)
        todo, self.pending = self.pending + found, []
        for off in todo:
            if self.rx is None:
                break
            if off in self.seen:
                continue
            if off + _CTX > end and not final:
                self.pending.append(off)
                continue
            self.seen.add(off)
            self._candidate(off, back, chunk)
        if self.rx is None or final:
            return
        # Slide: keep the last _BACK bytes; count lines only while a value is unfound.
        if len(chunk) >= _BACK:
            self.pos_back.advance(back, 0, len(back))
            self.pos_back.advance(chunk, 0, len(chunk) - _BACK)
            self.back = chunk[-_BACK:]
        else:
            joined = back + chunk
            self.pos_back.advance(joined, 0, max(0, len(joined) - _BACK))
            self.back = joined[-_BACK:]
        self.base = end
        self.seen = {o for o in self.seen if o >= end - _BACK}

    def _slice(self, back: bytes, chunk: bytes, a: int, b: int) -> bytes:
        """File bytes [a, b) from back + chunk (a >= start of back)."""
        base = self.base
        if a >= base:
            return chunk[a - base : b - base]
        back_start = base - len(back)
        if b <= base:
            return back[a - back_start : b - back_start]
        return back[a - back_start :] + chunk[: b - base]

    def _candidate(self, off: int, back: bytes, chunk: bytes) -> None:
        lo = max(off - _CTX, self.base - len(back))
        hi = min(off + _CTX, self.base + len(chunk))
        data = self._slice(back, chunk, lo, hi)
        ws, i = 0, off - lo
        while ws < i and data[ws] & 0xC0 == 0x80:  # start on a character boundary
            ws += 1
        # A character cut at the far end decodes as U+FFFD, at least 16 bytes past
        # the longest token: outside the context any rule looks at.
        window = data[ws:].decode("utf-8", "replace")
        token = token_at(window, _chars(data[ws:i]), self.separated)
        if token is None:
            return
        key = (token[0], token[1])
        if key not in self.want:
            return
        # Report where the token starts (its sign included), not where the literal did.
        start = lo + ws + len(window[: token[2]].encode("utf-8"))
        self.hits[key] = self._locate(start, back, chunk)
        del self.want[key]
        self._compile()

    def _locate(self, off: int, back: bytes, chunk: bytes) -> Hit:
        p = self.pos_back.copy()
        back_start = self.base - len(back)
        if off < self.base:
            p.advance(back, 0, off - back_start)
        else:
            p.advance(back, 0, len(back))
            p.advance(chunk, 0, off - self.base)
        return Hit(p.line + 1, p.column + 1)


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
        ready = pending[:cut]
        # ASCII is NFKC-invariant; skipping the call keeps plain logs fast.
        buf = self.buf + (ready if ready.isascii() else unicodedata.normalize("NFKC", ready))
        keep = max(span for _rx, span in self.want.values())
        limit = len(buf) if final else max(self.start, len(buf) - keep)
        retry = limit
        for key, (rx, _span) in list(self.want.items()):
            m = rx.search(buf, self.start)
            if m is None or m.start() >= limit:
                continue
            if not final and m.end() + _LOOKAHEAD > len(buf):
                # The boundary lookaheads saw the end of the buffer, not the next
                # characters ("banana" + "s"): search again from here next time.
                retry = min(retry, m.start())
                continue
            self.hits[key] = self.pos.hit_text(buf, m.start())
            del self.want[key]
        limit = retry
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
        return _scan(f.read, numbers, texts, separated, max_bytes, keep_bytes, chunk_size)


def _scan(
    read: Callable[[int], bytes],
    numbers: Iterable[NumberValue],
    texts: Iterable[TextValue],
    separated: bool,
    max_bytes: int,
    keep_bytes: int,
    chunk_size: int,
) -> FileScan:
    first = read(chunk_size)
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
            # Pure ASCII with no partial character pending is valid as it stands: skip
            # decoding unless a text value needs the characters.
            if txt.want or final or not chunk.isascii() or decoder.getstate()[0]:
                text = decoder.decode(chunk, final)
            else:
                text = ""
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
