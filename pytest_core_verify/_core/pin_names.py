"""Where a case's pin lives: its file name and its path under the snapshots directory
(pure: no pytest import). The plugin writes pins there and ``core-verify review`` derives
the same path from a pending result's lane, split, version and case id, never from a
path written in a file."""

from __future__ import annotations

import hashlib
import re
from pathlib import Path

__all__ = ["SNAPSHOT_SUFFIX", "STEM_MAX_BYTES", "pin_path", "snapshot_dir", "snapshot_file_stem"]

SNAPSHOT_SUFFIX = ".json"
# Characters that are unsafe in a file name on some platform; everything else,
# Unicode included, stays as written so the file is easy to find by its case id.
_UNSAFE = re.compile(r'[\\/:*?"<>|%\x00-\x1f]')


#: Longest file-name stem (in UTF-8 bytes) kept as written. A file name may hold 255
#: bytes, and an atomic write adds ``.`` + ``.json`` + ``.XXXXXXXX.tmp`` around the stem.
STEM_MAX_BYTES = 180
#: Hex digits of the case id's SHA-256 that end a shortened stem (128 bits).
_STEM_HASH_DIGITS = 32


def snapshot_file_stem(case_id: str) -> str:
    """The pin's file name without ``.json``: the id with unsafe characters as ``%XX``.

    A stem longer than ``STEM_MAX_BYTES`` is cut (at a character boundary) to at most
    that many bytes and ends in ``~`` and 32 hex digits of the SHA-256 of the whole id:
    stable, and distinct for distinct ids. It is always longer than any stem kept as
    written, so it can never equal one.
    """
    stem = _UNSAFE.sub(lambda m: f"%{ord(m.group()):02X}", case_id)
    stem = "%2E" + stem[1:] if stem.startswith(".") else stem
    encoded = stem.encode("utf-8")
    if len(encoded) <= STEM_MAX_BYTES:
        return stem
    head = encoded[: STEM_MAX_BYTES - 3].decode("utf-8", errors="ignore")
    digest = hashlib.sha256(case_id.encode("utf-8", errors="surrogatepass")).hexdigest()
    return f"{head}~{digest[:_STEM_HASH_DIGITS]}"


def snapshot_dir(snapshots_root: Path, lane: str, split: str, version: str | None) -> Path:
    """The directory of a lane's, split's and version's pins."""
    return snapshots_root.joinpath(*(p for p in (lane, split, version) if p))


def pin_path(
    snapshots_root: Path, lane: str, split: str, version: str | None, case_id: str
) -> Path:
    """The pin of one case. ``lane`` and ``version`` must be single directory names
    (the results schema's ``name``); the case id is made safe by ``snapshot_file_stem``."""
    for part in (lane, split, version):
        if part is not None and (part in ("", ".", "..") or re.search(r"[/\\\x00]", part)):
            raise ValueError(f"{part!r} is not one directory name")
    return snapshot_dir(snapshots_root, lane, split, version) / (
        snapshot_file_stem(case_id) + SNAPSHOT_SUFFIX
    )
