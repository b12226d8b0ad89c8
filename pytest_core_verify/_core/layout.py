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

import os
from pathlib import Path

__all__ = [
    "CASES_FILE",
    "CASES_FILES",
    "COMPRESSED_CASES_FILE",
    "LANE_FILE",
    "SEALED_CASES_FILE",
    "SPLITS",
    "discover_lanes",
    "is_lane_dir",
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
