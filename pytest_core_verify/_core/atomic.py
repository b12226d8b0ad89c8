"""Whole-file writes: a reader, or a process killed mid-write, sees the old file or
the new one, never a torn one (pure: no pytest import)."""

from __future__ import annotations

import contextlib
import ctypes
import os
import re
import sys
import tempfile
from collections.abc import Iterable
from pathlib import Path

__all__ = ["atomic_write_bytes", "atomic_write_text", "stale_temporaries", "sync_to_disk"]

#: The names ``atomic_write_bytes`` gives its temporary files: ``.<name>.<8 random>.tmp``
#: (``tempfile.mkstemp``'s random part is 8 characters of ``[a-z0-9_]``).
_TEMPORARY = re.compile(r"\..+\.[a-z0-9_]{8}\.tmp")


def atomic_write_bytes(path: Path, data: bytes, *, durable: bool = True) -> None:
    """Write to a temporary file beside ``path``, flush it to disk, then rename over.

    ``durable=False`` skips the ``fsync`` (the caller syncs once later, see
    ``sync_to_disk``): the rename is still atomic for every process, and only a crash of
    the machine before that sync can lose the file or leave it empty.
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp_name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            if durable:
                handle.flush()
                os.fsync(handle.fileno())
        # mkstemp creates 0600; give the file the mode a plain open() would.
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(tmp_name, 0o666 & ~umask)
        os.replace(tmp_name, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp_name)
        raise


def atomic_write_text(path: Path, text: str, *, durable: bool = True) -> None:
    atomic_write_bytes(path, text.encode("utf-8"), durable=durable)


def sync_to_disk(directories: Iterable[Path]) -> None:
    """Flush to disk the file systems that hold ``directories``, once each: many files
    written with ``durable=False`` cost one sync, not one ``fsync`` each.

    Linux: ``syncfs`` on each file system; elsewhere ``os.sync`` (where there is one).
    """
    devices: set[int] = set()
    for directory in directories:
        try:
            fd = os.open(directory, os.O_RDONLY)
        except OSError:
            continue
        try:
            device = os.fstat(fd).st_dev
            if device not in devices:
                devices.add(device)
                if not _syncfs(fd):
                    sync = getattr(os, "sync", None)
                    if sync is not None:
                        sync()
                    return
        finally:
            os.close(fd)


def _syncfs(fd: int) -> bool:
    """``syncfs(fd)`` from the C library; False where there is none."""
    if not sys.platform.startswith("linux"):
        return False
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        return bool(libc.syncfs(fd) == 0)
    except (OSError, AttributeError):
        return False


def stale_temporaries(directory: Path, *, older_than: float) -> list[Path]:
    """Temporary files of our naming in ``directory`` last written before ``older_than``
    (a time stamp): left by a process killed mid-write, since a live write lasts
    milliseconds. Sorted; an unreadable directory gives none."""
    found = []
    try:
        entries = list(os.scandir(directory))
    except OSError:
        return []
    for entry in entries:
        if not _TEMPORARY.fullmatch(entry.name):
            continue
        try:
            if entry.is_file(follow_symlinks=False) and entry.stat().st_mtime < older_than:
                found.append(Path(entry.path))
        except OSError:
            continue
    return sorted(found)
