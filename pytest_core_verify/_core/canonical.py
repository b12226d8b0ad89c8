"""Canonical JSON, hashing and result comparison (pure: no pytest import)."""

from __future__ import annotations

import difflib
import errno
import hashlib
import json
import math
import os
import stat
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
        path = _elided(path)
        super().__init__(f"{path}: {reason}")
        self.path = path
        self.reason = reason


def _elided(path: str, keep: int = 60) -> str:
    """``path`` with its middle cut out when it is long (500 levels of ``[0]`` help
    nobody): its start and end stay, with how many characters were left out."""
    if len(path) <= 3 * keep:
        return path
    return f"{path[:keep]}...({len(path) - 2 * keep} characters)...{path[-keep:]}"


def canonical_bytes(value: Any) -> bytes:
    """The canonical form every result is pinned and hashed in: keys sorted, no spaces
    (``,`` and ``:`` only), UTF-8 (not ASCII escapes), and no NaN or infinity.

    Anything ``json.dumps`` would refuse, or would silently change (a dict key that is
    not a str: ``{1: 2}`` would come back as ``{"1": 2}``), is a ``NotCanonicalError``
    naming where it is.
    """
    try:
        text = json.dumps(
            value, sort_keys=True, separators=(",", ":"), ensure_ascii=False, allow_nan=False
        )
    except (TypeError, ValueError, RecursionError) as exc:
        located = _first_non_json(value, "$", set())
        if located is not None:
            raise located from None
        raise NotCanonicalError("$", str(exc)) from None
    if _has_non_str_key(value):
        located = _first_non_json(value, "$", set())
        if located is not None:
            raise located from None
    try:
        return text.encode("utf-8")
    except UnicodeEncodeError as exc:  # a lone surrogate: json.dumps writes it as is
        located = _first_non_json(value, "$", set())
        raise located or NotCanonicalError("$", str(exc)) from None


def _has_non_str_key(value: Any) -> bool:
    """True if a dict anywhere in ``value`` has a key that is not a str (cheap walk)."""
    stack = [value]
    while stack:
        current = stack.pop()
        if isinstance(current, dict):
            for key, child in current.items():
                if not isinstance(key, str):
                    return True
                if isinstance(child, (dict, list, tuple)):
                    stack.append(child)
        elif isinstance(current, (list, tuple)):
            stack.extend(c for c in current if isinstance(c, (dict, list, tuple)))
    return False


#: Deeper than this, a value is reported as nested too deeply (json's own encoder and
#: parser stop near Python's recursion limit, 1,000 by default).
MAX_DEPTH = 500
#: Ints up to this many bits always convert to text (Python's default limit is 4,300
#: decimal digits); longer ones are tried.
_SAFE_INT_BITS = 14_000


def _a(noun: str) -> str:
    return f"an {noun}" if noun[:1] in "aeiou" else f"a {noun}"


def lone_surrogate(text: str) -> str | None:
    """The first lone surrogate in ``text`` (``"U+D800"``), or ``None``: a ``\\u``
    escape can make one, and no UTF-8 text can hold it."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError as exc:
        return f"U+{ord(text[exc.start]):04X}"
    return None


def _surrogate_problem(path: str, code_point: str) -> NotCanonicalError:
    return NotCanonicalError(
        path,
        f"a string with a lone surrogate ({code_point}), which is not Unicode text (UTF-8 "
        "cannot hold it); use whole characters",
    )


def _key_in_path(key: str) -> str:
    return key.encode("utf-8", "backslashreplace").decode("utf-8")


def _first_non_json(
    value: Any, path: str, ancestors: set[int], depth: int = 0
) -> NotCanonicalError | None:
    """Find the first value that JSON cannot hold, to name it in the error."""
    if isinstance(value, str):
        code_point = lone_surrogate(value)
        return None if code_point is None else _surrogate_problem(path, code_point)
    if value is None or isinstance(value, bool):
        return None
    if isinstance(value, int):
        if value.bit_length() > _SAFE_INT_BITS:
            try:
                str(value)
            except ValueError:
                return NotCanonicalError(
                    path, "an int too long to write as decimal text (Python's 4,300-digit limit)"
                )
        return None
    if isinstance(value, float):
        if math.isfinite(value):
            return None
        return NotCanonicalError(path, f"{value!r} is not valid JSON (NaN and infinities are not)")
    if not isinstance(value, (Mapping, list, tuple)):
        return NotCanonicalError(path, f"{_a(type(value).__name__)} is not JSON-serialisable")
    if id(value) in ancestors:
        return NotCanonicalError(path, "the value contains itself (a circular reference)")
    if depth >= MAX_DEPTH:
        return NotCanonicalError(path, f"nested more than {MAX_DEPTH} levels deep")
    ancestors.add(id(value))
    try:
        if isinstance(value, Mapping):
            for key in sorted(value, key=repr):
                if not isinstance(key, str):
                    return NotCanonicalError(
                        path,
                        f"key {key!r} is {_a(type(key).__name__)}, not a str (JSON would "
                        "turn it into a string)",
                    )
                key_path = f"{path}.{_key_in_path(key)}"
                code_point = lone_surrogate(key)
                if code_point is not None:
                    return _surrogate_problem(key_path + " (the key)", code_point)
                found = _first_non_json(value[key], key_path, ancestors, depth + 1)
                if found is not None:
                    return found
            return None
        for index, element in enumerate(value):
            found = _first_non_json(element, f"{path}[{index}]", ancestors, depth + 1)
            if found is not None:
                return found
        return None
    finally:
        ancestors.discard(id(value))


def sha256_hex(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def pretty_json(value: Any) -> str:
    """Reviewable JSON: sorted keys, two-space indent, real Unicode, final newline."""
    return json.dumps(value, sort_keys=True, indent=2, ensure_ascii=False, allow_nan=False) + "\n"


def tree_digest(root: Path | str) -> dict[str, str]:
    """Every entry under ``root`` as relative POSIX path -> what it holds.

    A regular file: the SHA-256 of its bytes; a symlink: ``symlink:`` and the SHA-256 of
    its target (never followed); any other kind (a FIFO, a socket, a device) by its
    kind alone (``fifo``, ``socket``, ``char-device``, ``block-device``), never opened:
    opening a FIFO waits for a writer, forever. A file that cannot be read is
    ``unreadable: <errno name>``. ``os.scandir`` on string paths: an empty directory
    (the common case) costs one call, and kinds come from the directory entry.
    """
    digest: dict[str, str] = {}
    _digest_into(digest, os.fspath(root), "")
    return dict(sorted(digest.items())) if len(digest) > 1 else digest


_SPECIAL_KINDS = {
    stat.S_IFIFO: "fifo",
    stat.S_IFSOCK: "socket",
    stat.S_IFCHR: "char-device",
    stat.S_IFBLK: "block-device",
}
#: Opening never blocks (a FIFO that appeared after the directory was read) and never
#: follows a symlink that replaced the file.
_OPEN_FLAGS = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOFOLLOW", 0)
_OPEN_FLAGS |= getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_BINARY", 0)


def _digest_into(digest: dict[str, str], directory: str, prefix: str) -> None:
    try:
        with os.scandir(directory) as it:
            entries = list(it)
    except OSError:  # as os.walk: an unreadable directory is left out
        return
    for entry in entries:
        rel = prefix + entry.name
        try:
            if entry.is_symlink():
                digest[rel] = "symlink:" + sha256_hex(os.readlink(entry.path).encode())
            elif entry.is_dir(follow_symlinks=False):
                _digest_into(digest, entry.path, rel + "/")
            elif entry.is_file(follow_symlinks=False):
                digest[rel] = _file_digest(entry.path)
            else:
                kind = stat.S_IFMT(entry.stat(follow_symlinks=False).st_mode)
                digest[rel] = _SPECIAL_KINDS.get(kind, f"special:{kind:o}")
        except FileNotFoundError:  # gone since the directory was read
            continue


def _file_digest(path: str) -> str:
    try:
        fd = os.open(path, _OPEN_FLAGS)
    except FileNotFoundError:
        raise
    except OSError as exc:
        return f"unreadable: {errno.errorcode.get(exc.errno or 0, 'error')}"
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):  # replaced by another kind since it was listed
            kind = stat.S_IFMT(info.st_mode)
            return _SPECIAL_KINDS.get(kind, f"special:{kind:o}")
        hasher = hashlib.sha256()
        while chunk := os.read(fd, max(info.st_size + 1, 65536)):
            hasher.update(chunk)
        return hasher.hexdigest()
    except OSError as exc:
        return f"unreadable: {errno.errorcode.get(exc.errno or 0, 'error')}"
    finally:
        os.close(fd)


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
