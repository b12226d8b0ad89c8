"""Sources: a relative path or glob under root, with an optional JSON pointer.

Nothing outside root is ever opened, whatever happens concurrently. Paths are resolved
component by component from a descriptor of root: each directory is opened with
``openat(O_NOFOLLOW | O_DIRECTORY)`` relative to its parent's descriptor, symlinks are
read (``readlinkat``) and followed by this code, never by the kernel, and ``..`` pops
the stack of directories opened so far, never the file system's ``..``. A path that
leaves root lexically, is absolute, or whose symlinks lead outside root is
outside_root. The file is then opened the same way (``O_NOFOLLOW`` on the last
component), and its (device, inode) is what the scan checks.

A source is a literal path first: an existing file of that name is the source even if
its name holds glob characters (``a[1].txt``). Only when no such file exists are ``*``,
``?``, ``[...]`` and ``**`` a pattern, walked with directory descriptors inside root
(never descending through a symlinked directory), stopping at
:data:`MAX_GLOB_FILES` + 1 matches.
"""

from __future__ import annotations

import errno
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
    "open_beneath",
    "open_root",
    "parse_pointer",
    "resolve_source",
    "split_binding",
]

#: A glob matching more files than this is refused: it cites no particular evidence.
MAX_GLOB_FILES = 1000
#: Symlinks followed at most while resolving one path (as the kernel's ELOOP limit).
MAX_SYMLINKS = 40

_GLOB_CHARS = frozenset("*?[")
_CLOEXEC = getattr(os, "O_CLOEXEC", 0)
_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
_DIR_FLAGS = os.O_RDONLY | getattr(os, "O_DIRECTORY", 0) | _NOFOLLOW | _CLOEXEC
# O_NONBLOCK: a FIFO swapped in must not block the check.
_FILE_FLAGS = os.O_RDONLY | _NOFOLLOW | _CLOEXEC | getattr(os, "O_NONBLOCK", 0)
_MISSING = (errno.ENOENT, errno.ENOTDIR)


@dataclass(frozen=True)
class EvidenceFile:
    """One regular file under root: the path the claim cited (POSIX, relative to root),
    the symlink-free path it resolved to (components under root), and its identity."""

    rel: str
    parts: tuple[str, ...]
    dev: int
    ino: int

    @property
    def key(self) -> str:
        return "/".join(self.parts)


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


def _lexical(path: str) -> str | None:
    """The relative POSIX path without empty and ``.`` components, or ``None`` if it is
    absolute. ``..`` stays: it is resolved by the walk after the symlinks before it,
    as the operating system resolves it (``a/link/../x`` is ``x`` beside the link's
    target, not ``a/x``); collapsing it as text first would read another file."""
    if path.startswith(("/", "\\")) or (len(path) > 1 and path[1] == ":" and path[0].isalpha()):
        return None  # absolute (POSIX, UNC-ish or a drive letter)
    return "/".join(p for p in path.split("/") if p not in ("", ".")) or "."


def open_root(root_real: str) -> int:
    """A descriptor of the root directory (the caller closes it)."""
    return os.open(root_real, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0) | _CLOEXEC)


def _why(exc: OSError, rel: str) -> SourceError:
    if exc.errno in _MISSING:
        return SourceError("path_missing", f"{rel} does not exist")
    if exc.errno in (errno.EACCES, errno.EPERM):
        return SourceError("unreadable", f"{rel} cannot be opened (permission denied)")
    return SourceError("unreadable", f"{rel} cannot be opened ({exc.strerror or exc})")


class _Walk:
    """Resolve one relative path beneath root, following symlinks by hand."""

    def __init__(self, root_fd: int, root_real: str, rel: str) -> None:
        self.root_fd = root_fd
        self.root_real = root_real
        self.rel = rel
        self.stack: list[tuple[str, int]] = []  # (name, fd) of directories below root
        self.links = 0

    def _fd(self) -> int:
        return self.stack[-1][1] if self.stack else self.root_fd

    def _pop_all(self) -> None:
        while self.stack:
            os.close(self.stack.pop()[1])

    def _link(self, name: str, todo: list[str]) -> SourceError | None:
        """Splice the target of the symlink ``name`` into ``todo``, or say why not."""
        target = os.readlink(name, dir_fd=self._fd())
        self.links += 1
        if self.links > MAX_SYMLINKS:
            return SourceError("unreadable", f"{self.rel} has too many levels of symlinks")
        if target.startswith("/"):
            prefix = self.root_real.rstrip("/") + "/"
            if not (target + "/").startswith(prefix):
                return SourceError("outside_root", f"{self.rel} resolves outside root")
            self._pop_all()
            target = target[len(prefix) :]
        todo[:0] = [p for p in target.split("/") if p not in ("", ".")]
        return None

    def open(self) -> tuple[int, tuple[str, ...]] | SourceError:
        """(descriptor of the file, its symlink-free parts) or why there is none."""
        todo = [p for p in self.rel.split("/") if p not in ("", ".")]
        try:
            while todo:
                part = todo.pop(0)
                if part == "..":
                    if not self.stack:
                        return SourceError("outside_root", f"{self.rel} resolves outside root")
                    os.close(self.stack.pop()[1])
                    continue
                flags = _FILE_FLAGS if not todo else _DIR_FLAGS
                try:
                    fd = os.open(part, flags, dir_fd=self._fd())
                except OSError as exc:
                    if exc.errno not in (errno.ELOOP, errno.ENOTDIR, errno.EMLINK):
                        return _why(exc, self.rel)
                    try:
                        why = self._link(part, todo)
                    except OSError as link_exc:
                        if link_exc.errno == errno.EINVAL:  # not a symlink: a file as a dir
                            return SourceError("path_missing", f"{self.rel} does not exist")
                        return _why(link_exc, self.rel)
                    if why is not None:
                        return why
                    continue
                if todo:
                    self.stack.append((part, fd))
                    continue
                parts = (*(name for name, _fd in self.stack), part)
                return fd, parts
            return SourceError("path_missing", f"{self.rel} is a directory, not a file")
        finally:
            self._pop_all()


def open_beneath(root_fd: int, parts: tuple[str, ...]) -> int:
    """Open the symlink-free path ``parts`` beneath root, following no symlink at all.
    Raises OSError (ELOOP when a component was swapped for a symlink)."""
    fds: list[int] = []
    try:
        for name in parts[:-1]:
            fds.append(os.open(name, _DIR_FLAGS, dir_fd=fds[-1] if fds else root_fd))
        return os.open(parts[-1], _FILE_FLAGS, dir_fd=fds[-1] if fds else root_fd)
    finally:
        for fd in fds:
            os.close(fd)


def _file_of(
    rel: str, root_fd: int, root_real: str, exclude: frozenset[tuple[int, int]]
) -> EvidenceFile | SourceError | str:
    """Resolve one relative path: an EvidenceFile, an error, or a skip reason."""
    opened = _Walk(root_fd, root_real, rel).open()
    if isinstance(opened, SourceError):
        return opened
    fd, parts = opened
    try:
        st = os.fstat(fd)
    finally:
        os.close(fd)
    if stat.S_ISDIR(st.st_mode):
        return SourceError("path_missing", f"{rel} is a directory, not a file")
    if not stat.S_ISREG(st.st_mode):
        return f"{rel} is not a regular file"
    if (st.st_dev, st.st_ino) in exclude:
        return f"{rel} is the claims file itself, which is never evidence"
    return EvidenceFile(rel, parts, st.st_dev, st.st_ino)


def _glob(root_fd: int, parts: list[str], limit: int) -> list[str]:
    """Relative paths under root matching glob ``parts`` (sorted; at most ``limit``+1)."""
    found: set[str] = set()

    def walk(dir_fd: int, rel_dir: str, i: int) -> None:
        if len(found) > limit:
            return
        if i == len(parts):
            found.add(rel_dir)
            return
        part = parts[i]
        if part == "**":
            walk(dir_fd, rel_dir, i + 1)  # zero directories
        try:
            with os.scandir(dir_fd) as it:
                entries = sorted(it, key=lambda e: e.name)
        except OSError:
            return
        names = {e.name for e in entries}
        last = i == len(parts) - 1
        for entry in entries:
            rel = f"{rel_dir}/{entry.name}" if rel_dir else entry.name
            if part == "**":
                matched = True
            elif part in names or not _GLOB_CHARS.intersection(part):
                matched = entry.name == part  # an existing literal name wins over a pattern
            else:
                matched = fnmatch.fnmatchcase(entry.name, part)
            if not matched:
                continue
            try:
                is_dir = entry.is_dir(follow_symlinks=False)
            except OSError:
                continue
            # Never descend through a symlinked directory: it may leave root or loop.
            if is_dir and (part == "**" or not last):
                try:
                    sub = os.open(entry.name, _DIR_FLAGS, dir_fd=dir_fd)
                except OSError:
                    continue
                try:
                    walk(sub, rel, i if part == "**" else i + 1)
                finally:
                    os.close(sub)
            elif last:
                found.add(rel)  # a trailing ** matches every file below
            if len(found) > limit:
                return

    walk(root_fd, "", 0)
    return sorted(found)


def resolve_source(
    path: str,
    root_fd: int,
    root_real: str,
    exclude: frozenset[tuple[int, int]],
    max_glob: int = MAX_GLOB_FILES,
    cache: dict[str, EvidenceFile | SourceError | str] | None = None,
) -> Resolved | SourceError:
    """The evidence files a source path or glob names, or why there are none.

    ``cache`` (one per batch) keeps each relative path's resolution, so that claims
    naming the same file resolve it once."""
    norm = _lexical(path)
    if norm is None:
        return SourceError("outside_root", f"{path} is outside root")
    if norm == ".":
        return SourceError("path_missing", "the source names the root directory, not a file")
    if path.rsplit("/", 1)[-1] in ("", ".") and "/" in path:
        # "x.txt/" and "x.txt/." name a directory: the operating system refuses a file
        # there (ENOTDIR), so no file is read.
        return SourceError(
            "path_missing", f"{path} ends in '/' and so names a directory, not a file"
        )
    if ".." in norm.split("/") and _GLOB_CHARS.intersection(norm):
        if posixpath.normpath(norm).split("/")[0] == "..":
            return SourceError("outside_root", f"{path} is outside root")
        # A pattern's '..' would be resolved against each match's symlinks: not walked.
        return SourceError(
            "path_missing",
            f"glob {path} holds '..', which a glob is not walked through; cite the path without it",
        )
    try:
        return _resolve(norm, path, _Resolver(root_fd, root_real, exclude, cache), max_glob)
    except OSError as exc:  # anything the walk did not expect: never raise, never verify
        return SourceError("unreadable", f"{path} cannot be resolved ({exc.strerror or exc})")


class _Resolver:
    def __init__(
        self,
        root_fd: int,
        root_real: str,
        exclude: frozenset[tuple[int, int]],
        cache: dict[str, EvidenceFile | SourceError | str] | None,
    ) -> None:
        self.root_fd = root_fd
        self.root_real = root_real
        self.exclude = exclude
        self.cache: dict[str, EvidenceFile | SourceError | str] = {} if cache is None else cache

    def file_of(self, rel: str) -> EvidenceFile | SourceError | str:
        if rel not in self.cache:
            self.cache[rel] = _file_of(rel, self.root_fd, self.root_real, self.exclude)
        return self.cache[rel]


def _resolve(norm: str, path: str, res: _Resolver, max_glob: int) -> Resolved | SourceError:
    literal = res.file_of(norm)
    is_glob = bool(_GLOB_CHARS.intersection(norm))
    if isinstance(literal, str):
        return SourceError("path_missing" if "claims file" in literal else "unreadable", literal)
    if isinstance(literal, EvidenceFile):
        return Resolved([literal])
    if not is_glob or literal.status != "path_missing":
        return literal
    matches = _glob(res.root_fd, norm.split("/"), max_glob)
    if len(matches) > max_glob:
        return SourceError(
            "unreadable", f"glob {path} matches more than {max_glob} files; cite a narrower source"
        )
    files: list[EvidenceFile] = []
    skipped: list[str] = []
    for rel in matches:
        one = res.file_of(rel)
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
