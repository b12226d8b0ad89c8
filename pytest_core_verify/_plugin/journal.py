"""Resuming an interrupted lane: a journal of finished cases (pytest glue).

While lanes run, the controller appends each finished case of a cases file to that
file's journal under ``.pytest_cache/d/core_verify_journal/`` (one JSON line per case,
written and flushed as its report arrives, so a run stopped by Ctrl-C, a CI time limit
or a kill keeps what finished). When the file's cases have all reported, its journal is
removed.

``pytest --lane-resume`` runs only the cases the journal does not hold: the others are
deselected, and their journaled outcomes join the ones that run, so the lane's table,
gate and results file are those of one uninterrupted run (with ``SOURCE_DATE_EPOCH``
set, the results file is byte for byte the same). A journaled case is taken only while
its line is unchanged (the SHA-256 of the case), and a journal only while ``lane.py`` is
the one it was written with; anything else runs again.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

import pytest

from pytest_core_verify._core.aggregate import CaseOutcome, Threshold
from pytest_core_verify._core.canonical import canonical_bytes
from pytest_core_verify._core.layout import LANE_FILE
from pytest_core_verify._plugin.state import CaseFileTracker

__all__ = [
    "JOURNAL_DIR",
    "JournalWriter",
    "case_sha",
    "item_sha",
    "journal_path",
    "read_journal",
    "restore",
    "resume_items",
]

JOURNAL_DIR = "core_verify_journal"
JOURNAL_FORMAT = 1


def case_sha(data: Any) -> str:
    """The identity of a case's content: a changed line is a case to run again."""
    return hashlib.sha256(canonical_bytes(data)).hexdigest()


def journal_path(rootpath: Path, relpath: str) -> Path:
    """The journal of the cases file at ``relpath`` (relative to the rootdir)."""
    return rootpath / ".pytest_cache" / "d" / JOURNAL_DIR / (relpath + ".journal.jsonl")


def _lane_sha(lanes_root: Path, lane: str) -> str | None:
    try:
        return hashlib.sha256((lanes_root / lane / LANE_FILE).read_bytes()).hexdigest()
    except OSError:
        return None


@dataclass
class Journal:
    """A journal as read back: its header's file part and the finished cases by node id."""

    header: dict[str, Any]
    #: node id -> (case sha, outcome)
    cases: dict[str, tuple[str, CaseOutcome]] = field(default_factory=dict)

    def restore(self, tracker: CaseFileTracker, nodeids: Iterable[str]) -> None:
        """Put the journaled outcomes of ``nodeids`` (the deselected ones) into
        ``tracker``, with the file's part the header kept."""
        common = self.header["common"]
        if tracker.case_count is None:
            tracker.case_count = common["case_count"]
            tracker.has_bad_lines = common["bad_lines"]
            tracker.snapshot_dir = common["snapshot_dir"]
        tracker.metric_names.update(common["metric_names"])
        for name, bounds in common["thresholds"].items():
            tracker.thresholds.setdefault(
                name,
                Threshold(name, bounds.get("min"), bounds.get("max"), bounds.get("confidence")),
            )
        for nodeid in nodeids:
            entry = self.cases.get(nodeid)
            if entry is not None:
                tracker.expected.add(nodeid)
                tracker.outcomes.setdefault(nodeid, entry[1])


def read_journal(rootpath: Path, lanes_root: Path, relpath: str, lane: str) -> Journal | None:
    """The journal of a cases file, if there is one written with today's ``lane.py``.

    A last line cut short by a kill is left out; so is any line that does not read."""
    try:
        lines = journal_path(rootpath, relpath).read_bytes().split(b"\n")
    except OSError:
        return None
    try:
        header = json.loads(lines[0])
    except (ValueError, IndexError):
        return None
    if (
        not isinstance(header, dict)
        or header.get("format") != JOURNAL_FORMAT
        or header.get("lane_sha") != _lane_sha(lanes_root, lane)
        or not isinstance(header.get("common"), dict)
    ):
        return None
    journal = Journal(header)
    for raw in lines[1:]:
        try:
            entry = json.loads(raw)
            journal.cases[entry["nodeid"]] = (
                entry["case_sha"],
                CaseOutcome.from_json(entry["outcome"]),
            )
        except (ValueError, KeyError, TypeError):
            continue
    return journal


class JournalWriter:
    """The controller's side: one open journal per cases file, a line per case."""

    def __init__(self, rootpath: Path, lanes_root: Path, *, resume: bool) -> None:
        self._rootpath = rootpath
        self._lanes_root = lanes_root
        self._resume = resume
        self._open: dict[str, IO[bytes]] = {}
        self._broken = False

    def record(self, tracker: CaseFileTracker, nodeid: str, outcome: CaseOutcome, sha: str) -> None:
        if self._broken:
            return
        try:
            handle = self._open.get(tracker.relpath) or self._start(tracker)
            line = {"nodeid": nodeid, "case_sha": sha, "outcome": outcome.to_json()}
            handle.write(json.dumps(line, sort_keys=True).encode("utf-8") + b"\n")
            handle.flush()  # a kill keeps every case that finished
        except OSError:
            self._broken = True  # a convenience: the run itself goes on as without it

    def _start(self, tracker: CaseFileTracker) -> IO[bytes]:
        path = journal_path(self._rootpath, tracker.relpath)
        path.parent.mkdir(parents=True, exist_ok=True)
        # Resuming: the earlier run's cases stay, and this run's are added after them.
        keep = self._resume and read_journal(
            self._rootpath, self._lanes_root, tracker.relpath, tracker.key.lane
        )
        handle = path.open("ab" if keep else "wb")
        if not keep:
            header = {
                "format": JOURNAL_FORMAT,
                "lane_sha": _lane_sha(self._lanes_root, tracker.key.lane),
                "common": {
                    "case_count": tracker.case_count,
                    "bad_lines": tracker.has_bad_lines,
                    "snapshot_dir": tracker.snapshot_dir,
                    "metric_names": sorted(tracker.metric_names),
                    "thresholds": {n: t.as_json() for n, t in sorted(tracker.thresholds.items())},
                },
            }
            handle.write(json.dumps(header, sort_keys=True).encode("utf-8") + b"\n")
        self._open[tracker.relpath] = handle
        return handle

    def close(self, trackers: Iterable[CaseFileTracker], *, interrupted: bool) -> None:
        """Close every journal; remove those of files whose cases all reported."""
        for handle in self._open.values():
            handle.close()
        self._open.clear()
        if interrupted:
            return
        for tracker in trackers:
            if not tracker.missing:  # every selected case reported: nothing to resume
                with contextlib.suppress(OSError):  # gone already, or not ours to remove
                    journal_path(self._rootpath, tracker.relpath).unlink(missing_ok=True)


def resume_items(
    config: pytest.Config, items: list[pytest.Item], case_items: type[Any]
) -> dict[str, list[str]]:
    """``--lane-resume``: deselect the cases (items of ``case_items``) whose journaled
    outcome still stands, and return their node ids by cases file (for the controller
    to restore). Sealed cases are never journaled: they always run."""
    rootpath = config.rootpath
    journals: dict[str, Journal | None] = {}
    resumed: dict[str, list[str]] = {}
    kept: list[pytest.Item] = []
    for item in items:
        if not isinstance(item, case_items) or item.sealed:
            kept.append(item)
            continue
        relpath = item.nodeid.split("::", 1)[0]
        if relpath not in journals:
            lanes_root = rootpath / str(config.getini("core_verify_lanes")).strip()
            journals[relpath] = read_journal(rootpath, lanes_root, relpath, item.lane.name)
        journal = journals[relpath]
        entry = journal.cases.get(item.nodeid) if journal is not None else None
        if entry is not None and entry[0] == item_sha(item):
            resumed.setdefault(relpath, []).append(item.nodeid)
        else:
            kept.append(item)
    if len(kept) != len(items):
        kept_ids = {id(item) for item in kept}
        config.hook.pytest_deselected(items=[i for i in items if id(i) not in kept_ids])
        items[:] = kept
    return resumed


def item_sha(item: Any) -> str:
    """A case item's content identity: its case and its known-failure reason."""
    return case_sha({"case": item.case.data, "xfail": item.case.xfail})


def restore(
    rootpath: Path,
    lanes_root: Path,
    trackers: dict[str, CaseFileTracker],
    tracker_for: Any,
    resumed: dict[str, list[str]],
) -> None:
    """On the controller: the resumed cases' journaled outcomes into their trackers."""
    for relpath, nodeids in sorted(resumed.items()):
        tracker = tracker_for(relpath)
        if tracker is None:
            continue
        journal = read_journal(rootpath, lanes_root, relpath, tracker.key.lane)
        if journal is not None:
            journal.restore(tracker, nodeids)
