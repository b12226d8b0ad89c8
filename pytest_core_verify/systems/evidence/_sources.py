"""Sources: a relative path or glob under root, with an optional JSON pointer.

Nothing outside root is ever opened. A source is resolved (symlinks included)
before anything is read; a path that leaves root lexically (``..``), is absolute,
or resolves through a symlink to outside root is refused as outside_root. Globs are
walked with ``os.scandir`` inside root only, never descending through symlinked
directories, and stop counting at :data:`MAX_GLOB_FILES` + 1.
"""

from __future__ import annotations

import fnmatch
import os
import posixpath
import stat
import urllib.parse
from dataclasses import dataclass, field

__all__ = [
    "MAX_GLOB_FILES",
    "EvidenceFile",
    "Resolved",
    "SourceError",
    "parse_pointer",
    "resolve_source",
    "split_binding",
]

#: A glob matching more files than this is refused: it cites no particular evidence.
MAX_GLOB_FILES = 1000

_GLOB_CHARS = frozenset("*?[")


@dataclass(frozen=True)
class EvidenceFile:
    """One regular file under root: its POSIX path relative to root and its real path."""

    rel: str
    real: str
    dev: int
    ino: int


@dataclass(frozen=True)
class SourceError:
    status: str
    detail: str


@dataclass(frozen=True)
class Resolved:
    files: list[EvidenceFile] = field(default_factory=list)
    #: Files that exist under root but cannot be evidence (not regular, the claims file).
    skipped: list[str] = field(default_factory=list)


def split_binding(source: str) -> tuple[str, str | None]:
    """``path#/json/pointer`` -> (path, pointer); a '#' not followed by '/' or end is
    part of the file name."""
    path, sep, frag = source.partition("#")
    if sep and (frag == "" or frag.startswith("/")):
        return path, frag
    return source, None


def parse_pointer(fragment: str) -> list[str] | None:
    """RFC 6901 pointer (URI-fragment form, so percent-decoded) -> reference tokens."""
    pointer = urllib.parse.unquote(fragment, errors="strict")
    if pointer == "":
        return []
    if not pointer.startswith("/"):
        return None
    tokens = []
    for raw in pointer[1:].split("/"):
        # '~' must be followed by 0 or 1; decode ~1 before ~0 (RFC 6901 section 4).
        if any(raw[i + 1 : i + 2] not in ("0", "1") for i, ch in enumerate(raw) if ch == "~"):
            return None
        tokens.append(raw.replace("~1", "/").replace("~0", "~"))
    return tokens


def _inside(real: str, root_real: str) -> bool:
    return real == root_real or real.startswith(root_real.rstrip(os.sep) + os.sep)


def _lexical(path: str) -> str | None:
    """The normalised relative POSIX path, or ``None`` if it leaves root lexically."""
    if path.startswith(("/", "\\")) or (len(path) > 1 and path[1] == ":" and path[0].isalpha()):
        return None  # absolute (POSIX, UNC-ish or a drive letter)
    norm = posixpath.normpath(path)
    if norm == ".." or norm.startswith("../"):
        return None
    return norm


def _file_of(rel: str, root_real: str, exclude: frozenset[str]) -> EvidenceFile | SourceError | str:
    """Resolve one relative path: an EvidenceFile, an error, or a skip reason."""
    real = os.path.realpath(os.path.join(root_real, rel))
    if not _inside(real, root_real):
        return SourceError("outside_root", f"{rel} resolves outside root")
    try:
        st = os.stat(real)
    except OSError:
        return SourceError("path_missing", f"{rel} does not exist")
    if stat.S_ISDIR(st.st_mode):
        return SourceError("path_missing", f"{rel} is a directory, not a file")
    if not stat.S_ISREG(st.st_mode):
        return f"{rel} is not a regular file"
    if real in exclude:
        return f"{rel} is the claims file itself, which is never evidence"
    return EvidenceFile(rel, real, st.st_dev, st.st_ino)


def _glob(root_real: str, parts: list[str], limit: int) -> list[str]:
    """Relative paths under root matching glob ``parts`` (sorted; at most ``limit``+1)."""
    found: set[str] = set()

    def walk(rel_dir: str, i: int) -> None:
        if len(found) > limit:
            return
        if i == len(parts):
            found.add(rel_dir)
            return
        part = parts[i]
        if part == "**":
            walk(rel_dir, i + 1)  # zero directories
        try:
            with os.scandir(os.path.join(root_real, rel_dir) if rel_dir else root_real) as it:
                entries = sorted(it, key=lambda e: e.name)
        except OSError:
            return
        for entry in entries:
            rel = f"{rel_dir}/{entry.name}" if rel_dir else entry.name
            last = i == len(parts) - 1
            if part == "**":
                # Never descend through a symlinked directory: it may leave root or loop.
                if entry.is_dir(follow_symlinks=False):
                    walk(rel, i)
                elif last:
                    found.add(rel)  # a trailing ** matches every file below
            elif fnmatch.fnmatchcase(entry.name, part):
                if last:
                    found.add(rel)
                elif entry.is_dir(follow_symlinks=False):
                    walk(rel, i + 1)
            if len(found) > limit:
                return

    walk("", 0)
    return sorted(found)


def resolve_source(
    path: str, root_real: str, exclude: frozenset[str], max_glob: int = MAX_GLOB_FILES
) -> Resolved | SourceError:
    """The evidence files a source path or glob names, or why there are none."""
    norm = _lexical(path)
    if norm is None:
        return SourceError("outside_root", f"{path} is outside root")
    if norm == ".":
        return SourceError("path_missing", "the source names the root directory, not a file")
    if not _GLOB_CHARS.intersection(norm):
        one = _file_of(norm, root_real, exclude)
        if isinstance(one, str):
            return SourceError("path_missing" if "claims file" in one else "unreadable", one)
        return Resolved([one]) if isinstance(one, EvidenceFile) else one
    parts = norm.split("/")
    matches = _glob(root_real, parts, max_glob)
    if len(matches) > max_glob:
        return SourceError(
            "unreadable", f"glob {path} matches more than {max_glob} files; cite a narrower source"
        )
    files: list[EvidenceFile] = []
    skipped: list[str] = []
    for rel in matches:
        one = _file_of(rel, root_real, exclude)
        if isinstance(one, SourceError):
            if one.status == "outside_root":
                return SourceError(
                    "outside_root", f"glob {path} matches {rel}, which resolves outside root"
                )
            continue  # a directory or a vanished file matched the glob: not evidence
        if isinstance(one, str):
            skipped.append(one)
            continue
        files.append(one)
    if not files:
        why = f" ({skipped[0]})" if skipped else ""
        return SourceError("path_missing", f"glob {path} matches no file{why}")
    return Resolved(files, skipped)
