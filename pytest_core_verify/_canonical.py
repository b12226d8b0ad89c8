"""Canonical JSON, hashing and result comparison (pure: no pytest import)."""

from __future__ import annotations

import difflib
import hashlib
import json
import math
import os
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

__all__ = [
    "NotCanonicalError",
    "canonical_bytes",
    "diff_json_paths",
    "pretty_json",
    "sha256_hex",
    "short_diff",
    "tree_digest",
]


class NotCanonicalError(ValueError):
    """A value cannot be written as canonical JSON; ``path`` is where (``$.a[2].b``)."""

    def __init__(self, path: str, reason: str) -> None:
        super().__init__(f"{path}: {reason}")
        self.path = path
        self.reason = reason


def canonical_bytes(value: Any) -> bytes:
    """The canonical form of SPEC §4: sorted keys, no spaces, UTF-8, no NaN."""
    try:
        text = json.dumps(
            value, sort_keys=True, separators=(",", ":"), ensure_ascii=False, allow_nan=False
        )
    except (TypeError, ValueError) as exc:
        located = _first_non_json(value, "$")
        if located is not None:
            raise located from None
        raise NotCanonicalError("$", str(exc)) from None
    return text.encode("utf-8")


def _first_non_json(value: Any, path: str) -> NotCanonicalError | None:
    """Find the first value that JSON cannot hold, to name it in the error."""
    if value is None or isinstance(value, (str, bool, int)):
        return None
    if isinstance(value, float):
        if math.isfinite(value):
            return None
        return NotCanonicalError(path, f"{value!r} is not valid JSON (NaN and infinities are not)")
    if isinstance(value, Mapping):
        for key in sorted(value, key=repr):
            if not isinstance(key, str):
                return NotCanonicalError(path, f"key {key!r} is a {type(key).__name__}, not a str")
            found = _first_non_json(value[key], f"{path}.{key}")
            if found is not None:
                return found
        return None
    if isinstance(value, (list, tuple)):
        for index, element in enumerate(value):
            found = _first_non_json(element, f"{path}[{index}]")
            if found is not None:
                return found
        return None
    return NotCanonicalError(path, f"a {type(value).__name__} is not JSON-serialisable")


def sha256_hex(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def pretty_json(value: Any) -> str:
    """Reviewable JSON: sorted keys, two-space indent, real Unicode, final newline."""
    return json.dumps(value, sort_keys=True, indent=2, ensure_ascii=False, allow_nan=False) + "\n"


def tree_digest(root: Path) -> dict[str, str]:
    """Every file under ``root`` as relative POSIX path -> SHA-256 (symlinks by their target)."""
    digest: dict[str, str] = {}
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames.sort()
        base = Path(dirpath)
        names = sorted(filenames) + sorted(d for d in dirnames if (base / d).is_symlink())
        for name in names:
            path = base / name
            rel = path.relative_to(root).as_posix()
            if path.is_symlink():
                digest[rel] = "symlink:" + sha256_hex(os.readlink(path).encode())
            else:
                digest[rel] = sha256_hex(path.read_bytes())
    return dict(sorted(digest.items()))


def diff_json_paths(left: Any, right: Any, path: str = "$") -> Iterator[str]:
    """Yield the JSON paths where two JSON values differ, in sorted order."""
    if isinstance(left, Mapping) and isinstance(right, Mapping):
        for key in sorted(set(left) | set(right)):
            child = f"{path}.{key}"
            if key not in left or key not in right:
                yield child
            else:
                yield from diff_json_paths(left[key], right[key], child)
    elif isinstance(left, list) and isinstance(right, list):
        for index in range(max(len(left), len(right))):
            child = f"{path}[{index}]"
            if index >= len(left) or index >= len(right):
                yield child
            else:
                yield from diff_json_paths(left[index], right[index], child)
    elif type(left) is not type(right) or left != right:
        yield path


def short_diff(left: str, right: str, *, labels: tuple[str, str], max_lines: int = 40) -> str:
    """A unified diff of two texts, cut to ``max_lines`` lines."""
    lines = list(
        difflib.unified_diff(
            left.splitlines(), right.splitlines(), labels[0], labels[1], lineterm="", n=2
        )
    )
    if len(lines) > max_lines:
        lines = [*lines[:max_lines], f"... ({len(lines) - max_lines} more diff lines)"]
    return "\n".join(lines)
