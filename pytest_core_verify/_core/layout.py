"""The on-disk layout of lanes, splits and holdouts, and finding the lanes (pure: no
pytest import, and nothing but the standard library: every pytest session may import it).

Layout::

    <lanes>/<lane>/lane.py
    <lanes>/<lane>/case.schema.json          optional
    <lanes>/<lane>/dev/cases.jsonl           split "dev" (or cases.jsonl.gz)
    <lanes>/<lane>/public/<version>/cases.jsonl
    <holdouts>/<lane>/<version>/cases.jsonl.age
"""

from __future__ import annotations

import hashlib
import os
import re
from pathlib import Path

__all__ = [
    "CASES_FILE",
    "CASES_FILES",
    "COMPRESSED_CASES_FILE",
    "LANE_FILE",
    "SEALED_CASES_FILE",
    "SPLITS",
    "STEM_MAX_BYTES",
    "discover_lanes",
    "is_lane_dir",
    "snapshot_file_stem",
]

SPLITS = ("dev", "public", "holdout")
LANE_FILE = "lane.py"
CASES_FILE = "cases.jsonl"
#: The same, gzip-compressed (read the same way; one of the two per directory).
COMPRESSED_CASES_FILE = "cases.jsonl.gz"
CASES_FILES = (CASES_FILE, COMPRESSED_CASES_FILE)
SEALED_CASES_FILE = "cases.jsonl.age"


def is_lane_dir(directory: Path) -> bool:
    """A lane is a directory with a ``lane.py``; nothing else is.

    A ``lane.py`` that is there but cannot be read as a file (a broken symbolic link, a
    directory) still makes a lane, whose loading then fails with the reason: the lane
    must not silently drop out of the run.
    """
    return not directory.name.startswith((".", "_")) and os.path.lexists(directory / LANE_FILE)


def discover_lanes(lanes_root: Path) -> dict[str, Path]:
    """Every lane under ``lanes_root`` (a directory with a ``lane.py``), by name.

    A directory without a ``lane.py`` is not a lane: whatever it holds (ordinary tests,
    a ``cases.jsonl``) belongs to pytest as usual.
    """
    if not lanes_root.is_dir():
        return {}
    return {
        child.name: child
        for child in sorted(lanes_root.iterdir())
        if child.is_dir() and is_lane_dir(child)
    }


#: Characters that are unsafe in a file name on some platform, and ``%`` (the escape
#: itself); everything else, Unicode included, stays as written so the pin of a case is
#: easy to find by its id.
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
