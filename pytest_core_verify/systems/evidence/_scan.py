"""One streaming pass over one file for every claim that cites it.

The file is read in fixed chunks from a descriptor opened beneath root; memory stays at
a few chunks whatever the file size. Each chunk is checked for NUL bytes (binary) and
UTF-8 validity, decoded, folded (:func:`._chars.fold_file`; ASCII is left as it is) and
appended to a buffer that keeps a bounded tail of earlier text for left-hand context.
Every value has its own compiled pattern (numbers: :func:`._numbers.pattern` plus an
exact check of each survivor; text: :meth:`._text.TextValue.pattern`) and its own search
position, so each character is looked at a bounded number of times per value.

That whole-file scan is :mod:`._stream`; the fast path that runs first, a raw-byte
prefilter with exact checks only where it matches, is :mod:`._regions`; the quote states
of JSON and CSV files both read are :mod:`._quotes`. This module reads a file for them.

The whole file is always read: a file that turns out binary or undecodable anywhere is
unreadable, even if a value was found before that point (when in doubt, not verified).
The file's size, mtime and ctime are compared before and after the read: a file that
changed while it was read is unreadable ("changed while read"), never half-verified.
"""

from __future__ import annotations

import codecs
import os
import stat
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from pytest_core_verify.systems.evidence import _prefilter
from pytest_core_verify.systems.evidence._chars import fold_file
from pytest_core_verify.systems.evidence._numbers import NumberValue
from pytest_core_verify.systems.evidence._regions import _fast_scan, _pread, _prefilter_of
from pytest_core_verify.systems.evidence._stream import Hit, _Outcome, _scan_stream
from pytest_core_verify.systems.evidence._text import TextValue

__all__ = ["CHUNK_SIZE", "FileScan", "Hit", "detect_comma_delimiter", "scan_fd"]

CHUNK_SIZE = 1 << 20
_DELIMITERS = (",", ";", "\t", "|")


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
            exact = _scan_stream(
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
                again = _scan_stream(
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


def _reader(fd: int) -> Callable[[int], bytes]:
    def read(n: int) -> bytes:
        return os.read(fd, n)

    return read
