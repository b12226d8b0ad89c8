"""Pin review: pending results, a structural JSON diff, accept / reject / skip (pure).

When a case's result differs from its pin (or it has no pin yet), the case item
writes the new result as a *pending* file under pytest's cache directory
(``.pytest_cache/d/core_verify_pending/<lane>/<split>[/<version>]/<case>.json``);
sealed holdout cases never do. ``core-verify review`` walks these files, shows what
changed as JSON paths (changed, added, removed: not a text diff of the whole file),
and writes only the pins that are accepted, each atomically. A rejected pending
result is deleted; a skipped one stays for the next review. A case that passes in a
later run has its pending file removed, so a review never offers a stale result.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from fnmatch import fnmatchcase
from pathlib import Path
from typing import Any

from pytest_core_verify._core.atomic import atomic_write_text
from pytest_core_verify._core.canonical import pretty_json
from pytest_core_verify._core.pin_names import pin_path
from pytest_core_verify._results.document import ResultsError, parse_document

__all__ = [
    "PENDING_DIR",
    "Change",
    "Pending",
    "ReviewError",
    "clear_pending",
    "json_changes",
    "load_pending",
    "pending_path",
    "pending_root",
    "render_changes",
    "review",
    "write_pending",
]

#: Under the pytest cache directory (``config.cache.mkdir(PENDING_DIR)``).
PENDING_DIR = "core_verify_pending"
_SHOWN = 60


class ReviewError(ValueError):
    """A pending file that cannot be used; the text names it and the fix."""


# -- the structural diff --------------------------------------------------------------


@dataclass(frozen=True)
class Change:
    #: ``changed``, ``added`` or ``removed``.
    kind: str
    path: str
    old: Any = None
    new: Any = None


def _child(path: str, key: str | int) -> str:
    if isinstance(key, int):
        return f"{path}[{key}]"
    if key.isidentifier():
        return f"{path}.{key}"
    return f"{path}[{json.dumps(key, ensure_ascii=False)}]"


def json_changes(old: Any, new: Any, path: str = "$") -> list[Change]:
    """Every JSON path where ``new`` differs from ``old``, in document order."""
    if isinstance(old, dict) and isinstance(new, dict):
        changes: list[Change] = []
        for key in sorted({*old, *new}):
            if key not in new:
                changes.append(Change("removed", _child(path, key), old=old[key]))
            elif key not in old:
                changes.append(Change("added", _child(path, key), new=new[key]))
            else:
                changes += json_changes(old[key], new[key], _child(path, key))
        return changes
    if isinstance(old, list) and isinstance(new, list):
        changes = []
        for index in range(max(len(old), len(new))):
            if index >= len(new):
                changes.append(Change("removed", _child(path, index), old=old[index]))
            elif index >= len(old):
                changes.append(Change("added", _child(path, index), new=new[index]))
            else:
                changes += json_changes(old[index], new[index], _child(path, index))
        return changes
    # bool is an int in Python; true and 1 are different JSON.
    if type(old) is not type(new) or old != new:
        return [Change("changed", path, old=old, new=new)]
    return []


def _short(value: Any, width: int = 80) -> str:
    text = json.dumps(value, sort_keys=True, ensure_ascii=False)
    return text if len(text) <= width else text[: width - 3] + "..."


def render_changes(changes: Sequence[Change]) -> list[str]:
    """``~ $.a: 1 -> 2``, ``+ $.b: "x"``, ``- $.c[0]: {...}``; at most 60 lines."""
    lines = []
    for change in changes[:_SHOWN]:
        if change.kind == "changed":
            lines.append(f"~ {change.path}: {_short(change.old)} -> {_short(change.new)}")
        elif change.kind == "added":
            lines.append(f"+ {change.path}: {_short(change.new)}")
        else:
            lines.append(f"- {change.path}: {_short(change.old)}")
    if len(changes) > _SHOWN:
        lines.append(f"... and {len(changes) - _SHOWN} more change(s)")
    return lines


# -- pending results ------------------------------------------------------------------


@dataclass(frozen=True)
class Pending:
    #: The pending file itself.
    path: Path
    lane: str
    split: str
    version: str | None
    case_id: str
    #: The pin it would replace, relative to the rootdir, as the run wrote it: shown
    #: only. The pin's path is derived from lane, split, version and case id (``pin``).
    snapshot: str
    result: Any

    @property
    def label(self) -> str:
        return "/".join(p for p in (self.lane, self.split, self.version) if p)

    def pin(self, snapshots_root: Path) -> Path:
        """The pin this result would replace: under ``snapshots_root``, whatever a
        pending file says (a ``snapshot`` field of ``../x`` or ``/etc/x`` is not a path
        this command writes)."""
        return pin_path(snapshots_root, self.lane, self.split, self.version, self.case_id)


def pending_root(cache: Any) -> Path | None:
    """Where pytest's cache (``config.cache``) keeps pending results; None without one."""
    cachedir = getattr(cache, "_cachedir", None)
    return None if cachedir is None else Path(cachedir) / "d" / PENDING_DIR


def pending_path(root: Path, lane: str, split: str, version: str | None, stem: str) -> Path:
    return root.joinpath(*(p for p in (lane, split, version) if p), stem + ".json")


def write_pending(
    root: Path,
    *,
    lane: str,
    split: str,
    version: str | None,
    case_id: str,
    stem: str,
    snapshot: str,
    result: Any,
) -> Path:
    path = pending_path(root, lane, split, version, stem)
    document = {
        "lane": lane,
        "split": split,
        "version": version,
        "case_id": case_id,
        "snapshot": snapshot,
        "result": result,
    }
    atomic_write_text(path, pretty_json(document))
    return path


def clear_pending(root: Path, entries: Iterable[tuple[str, str, str | None, str]]) -> int:
    """Remove the pending files of cases that matched their pins: (lane, split, version,
    stem) each. Returns how many were removed."""
    removed = 0
    for lane, split, version, stem in entries:
        try:
            os.unlink(pending_path(root, lane, split, version, stem))
            removed += 1
        except FileNotFoundError:
            pass
    return removed


def _iter_pending_files(root: Path) -> Iterator[Path]:
    if root.is_dir():
        yield from sorted(p for p in root.rglob("*.json") if p.is_file())


def load_pending(root: Path) -> list[Pending]:
    """Every pending result under ``root``, each checked against the results schema's
    ``pending`` definition: ``FILE: not a pending result (FIELD: PROBLEM)`` otherwise."""
    found = []
    for path in _iter_pending_files(root):
        try:
            text = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            raise ReviewError(f"{path}: cannot read the pending result: {exc}") from None
        try:
            data = parse_document(text, str(path), kind="pending")
        except ResultsError as exc:
            raise ReviewError(str(exc)) from None
        found.append(
            Pending(
                path,
                data["lane"],
                data["split"],
                data["version"],
                data["case_id"],
                str(data.get("snapshot", "")),
                data["result"],
            )
        )
    return sorted(found, key=lambda p: (p.lane, p.split, p.version or "", p.case_id))


def _matches(pending: Pending, lanes: Sequence[str], cases: Sequence[str]) -> bool:
    if lanes and not any(fnmatchcase(pending.lane, lane) for lane in lanes):
        return False
    return not cases or any(fnmatchcase(pending.case_id, pattern) for pattern in cases)


@dataclass
class ReviewSummary:
    accepted: int = 0
    rejected: int = 0
    skipped: int = 0
    #: Pending results that equal their pin already (accepted elsewhere): dropped.
    stale: int = 0


def review(
    rootdir: Path,
    pending: Sequence[Pending],
    *,
    decide: Callable[[Pending, list[str]], str],
    write: Callable[[str], None],
    lanes: Sequence[str] = (),
    cases: Sequence[str] = (),
    snapshots_root: Path | None = None,
) -> ReviewSummary:
    """Walk the pending results that pass the filters; ``decide`` returns ``accept``,
    ``reject``, ``skip`` or ``quit`` for each, given the rendered diff.

    ``snapshots_root``: the project's snapshots directory (default ``ROOTDIR/snapshots``);
    every pin written is under it."""
    summary = ReviewSummary()
    snapshots = snapshots_root if snapshots_root is not None else rootdir / "snapshots"
    selected = [p for p in pending if _matches(p, lanes, cases)]
    for position, item in enumerate(selected):
        pin_path = item.pin(snapshots)
        shown = (
            pin_path.relative_to(rootdir).as_posix()
            if pin_path.is_relative_to(rootdir)
            else str(pin_path)
        )
        old: Any = None
        exists = pin_path.is_file()
        if exists:
            try:
                old = json.loads(pin_path.read_text(encoding="utf-8"))
            except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
                raise ReviewError(f"{pin_path}: the current pin cannot be read: {exc}") from None
            if old == item.result and type(old) is type(item.result):
                item.path.unlink(missing_ok=True)
                summary.stale += 1
                continue
        changes = json_changes(old, item.result) if exists else []
        header = f"[{position + 1}/{len(selected)}] {item.label} :: {item.case_id}"
        if exists:
            lines = [f"{header}  ({shown}: {len(changes)} change(s))"]
            lines += ["  " + line for line in render_changes(changes)]
        else:
            lines = [f"{header}  (new pin {shown})"]
            lines += ["  + " + line for line in pretty_json(item.result).splitlines()[:_SHOWN]]
        answer = decide(item, lines)
        if answer == "accept":
            atomic_write_text(pin_path, pretty_json(item.result))
            item.path.unlink(missing_ok=True)
            summary.accepted += 1
            write(f"accepted: wrote {shown}")
        elif answer == "reject":
            item.path.unlink(missing_ok=True)
            summary.rejected += 1
            write(f"rejected: {shown} kept as it was")
        elif answer == "quit":
            summary.skipped += len(selected) - position
            break
        else:
            summary.skipped += 1
    return summary
