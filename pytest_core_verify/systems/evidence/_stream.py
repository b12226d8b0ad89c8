"""The whole-file exact scan: the folded text of one file, searched for every value as
it streams by (see :mod:`._scan` for how a file is read and when this scan runs)."""

from __future__ import annotations

import codecs
import functools
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass

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
from pytest_core_verify.systems.evidence._quotes import _Quotes
from pytest_core_verify.systems.evidence._text import (
    LOOKAHEAD,
    TextValue,
    nfkc_safe_cut,
)

_CTX = MAX_TOKEN_CHARS + 64  # characters of context a number check may look at
_BACK = _CTX + 16  # characters kept before the earliest pending search position
_NFKC_HOLD = 1 << 20  # characters held back at most while waiting for a safe NFKC cut


@dataclass(frozen=True)
class Hit:
    line: int
    column: int


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


@dataclass
class _Outcome:
    error: str | None
    hits: dict[object, Hit]
    data: bytes | None
    size: int


def _scan_stream(
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
