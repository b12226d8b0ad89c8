"""Every touch of syrupy lives in this module, so a syrupy upgrade changes one file.

syrupy tracks ``pytest.Function`` items and reads ``item.obj``; case items are
neither. ``CaseSnapshotExtension`` stores one pretty JSON file per case under
``snapshots/<lane>/<split>[/<version>]/`` and ``assert_case_snapshot`` drives a
``SnapshotAssertion`` for a case item through a small location adapter.

Unused snapshots are found by the harness itself (``unused_snapshot_files``),
per cases file and only when that whole file ran: syrupy's own unused detection
keys on Python test-module names and scans every snapshot against every item,
which is quadratic for lanes of thousands of cases.
"""

from __future__ import annotations

import contextlib
import json
import os
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

import pytest
from syrupy.assertion import SnapshotAssertion
from syrupy.data import Snapshot, SnapshotCollection, SnapshotCollections
from syrupy.extensions.single_file import SingleFileSnapshotExtension, WriteMode
from syrupy.location import PyTestLocation
from syrupy.terminal import disable_color, warning_style

from pytest_core_verify._core.atomic import atomic_write_bytes, atomic_write_text, sync_to_disk
from pytest_core_verify._core.canonical import canonical_bytes, pretty_json
from pytest_core_verify._core.pin_names import (
    SNAPSHOT_SUFFIX,
    snapshot_file_stem,
)
from pytest_core_verify._core.write_advice import write_advice

__all__ = [
    "SNAPSHOT_SUFFIX",
    "CaseSnapshotExtension",
    "SnapshotMismatchError",
    "SnapshotSetupError",
    "assert_case_snapshot",
    "count_lost_pins",
    "explain_incomplete_unused_detection",
    "sync_written_pins",
    "unused_snapshot_files",
]


class SnapshotSetupError(Exception):
    """Snapshots cannot work in this session at all (syrupy is disabled): the same for
    every case, so it is reported in full once."""


class SnapshotMismatchError(AssertionError):
    """The result differs from its pin (or there is no pin yet)."""


class _CaseObject:
    """What syrupy reads from ``item.obj``: a module and a function name."""

    def __init__(self, module: str, name: str) -> None:
        self.__module__ = module
        self.__name__ = name


class CaseSnapshotExtension(SingleFileSnapshotExtension):
    """One reviewable JSON file per case: sorted keys, two-space indent."""

    _write_mode = WriteMode.TEXT
    file_extension = SNAPSHOT_SUFFIX[1:]

    def serialize(self, data: Any, **_: Any) -> str:
        return pretty_json(data)

    @classmethod
    def dirname(cls, *, test_location: PyTestLocation) -> str:
        directory = getattr(test_location.item, "core_verify_snapshot_dir", None)
        if directory is None:
            # syrupy's report asks about every collected test, ordinary ones too.
            return super().dirname(test_location=test_location)
        return str(directory)

    @classmethod
    def discovery_dirname(cls, *, test_location: PyTestLocation) -> str:
        return cls.dirname(test_location=test_location)

    @classmethod
    def get_snapshot_name(cls, *, test_location: PyTestLocation, index: Any = 0) -> str:
        return snapshot_file_stem(test_location.item.name)

    @classmethod
    def get_location(cls, *, test_location: PyTestLocation, index: Any = 0) -> str:
        # syrupy asks three times per assertion; the case item knows its file already.
        location = getattr(test_location.item, "core_verify_snapshot_path", None)
        if location is None:
            return super().get_location(test_location=test_location, index=index)
        return str(location)

    @classmethod
    def matches_test_location(
        cls, *, test_location: PyTestLocation, snapshot_location: str
    ) -> bool:
        return Path(snapshot_location).parent == Path(cls.dirname(test_location=test_location))

    def discover_snapshots(self, **_: Any) -> SnapshotCollections:
        # The harness finds unused case snapshots itself; see the module docstring.
        return SnapshotCollections()

    @classmethod
    def write_snapshot_collection(
        cls, *, snapshot_collection: SnapshotCollection, name_order: Any = None
    ) -> None:
        data = next(iter(snapshot_collection)).data
        if not isinstance(data, str):
            raise TypeError(f"case snapshots are text, got {type(data).__name__}")
        atomic_write_text(Path(snapshot_collection.location), data)


class _CaseLocation(PyTestLocation):
    """A case item's location: the file and name are the case's own, not a module's.

    syrupy before 7 asks the location (not the extension) whether a snapshot file
    belongs to it, and warns once per case when the answer is no.
    """

    def matches_snapshot_location(self, snapshot_location: str) -> bool:
        return CaseSnapshotExtension.matches_test_location(
            test_location=self, snapshot_location=snapshot_location
        )

    def matches_snapshot_name(self, snapshot_name: str) -> bool:
        return snapshot_name == snapshot_file_stem(self.item.name)


class _PinResult:
    """What syrupy's report reads from one execution of a pin assertion."""

    __slots__ = ("created", "snapshot_location", "snapshot_name", "updated")
    success = True
    final_data = None

    def __init__(self, snapshot_location: str, snapshot_name: str, state: str) -> None:
        self.snapshot_location = snapshot_location
        self.snapshot_name = snapshot_name
        self.created = state == "created"
        self.updated = state == "updated"


class _PinExecutions:
    """``executions`` of the stand-in: plain strings until syrupy's report reads them.

    No object per case while the lane runs, so a large lane adds nothing for the
    garbage collector to walk on every collection.
    """

    def __init__(self) -> None:
        self._locations: list[str] = []
        self._names: list[str] = []
        self._states: list[str] = []

    def add(self, location: str, name: str, state: str) -> None:
        self._locations.append(location)
        self._names.append(name)
        self._states.append(state)

    def __len__(self) -> int:
        return len(self._names)

    def values(self) -> Iterator[_PinResult]:
        return map(_PinResult, self._locations, self._names, self._states)


class _CasePins:
    """Stands in syrupy's list of assertions for every pin that held or was written.

    A case whose stored text already equals its result, or whose new text the harness
    wrote under ``--snapshot-update``, needs no ``SnapshotAssertion``: one of these per
    session records it, so syrupy's report still counts it ("N snapshots passed",
    "N snapshots generated", also merged from xdist workers), at a fraction of the cost
    and memory of one assertion object (and a queued copy of the text) per case.
    """

    def __init__(self, session: Any, test_location: PyTestLocation) -> None:
        self.session = session
        self.test_location = test_location
        self.extension = CaseSnapshotExtension()
        self.executions = _PinExecutions()
        #: Directories this process wrote pins into: synced to disk once, at the end.
        self.written_dirs: set[str] = set()

    def add(self, location: str, name: str, state: str) -> None:
        self.executions.add(location, name, state)


_PINS_KEY = pytest.StashKey[_CasePins]()


def _case_pins(item: Any, session: Any, module: str) -> _CasePins:
    config = item.config
    pins: _CasePins | None = config.stash.get(_PINS_KEY, None)
    if pins is None or pins.session is not session:
        pins = _CasePins(session, _case_location(item, module))
        config.stash[_PINS_KEY] = pins
        session._assertions.append(pins)
    return pins


def sync_written_pins(config: Any) -> None:
    """Flush the pins this process wrote to disk: one sync per session, not an ``fsync``
    per pin (see ``atomic_write_bytes(durable=False)``)."""
    pins = config.stash.get(_PINS_KEY, None)
    if pins is not None and pins.written_dirs:
        sync_to_disk(Path(d) for d in sorted(pins.written_dirs))
        pins.written_dirs.clear()


def _read_pin(location: str) -> tuple[bytes | None, str | None]:
    """The stored pin's bytes (``None``: no pin yet) and why it is unreadable, if it is."""
    try:
        with open(location, "rb") as handle:
            raw = handle.read()
    except FileNotFoundError:
        return None, None
    except IsADirectoryError:
        return None, "it is a directory"
    except OSError as exc:
        return None, f"cannot read it: {exc.strerror or exc}"
    try:
        raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        return raw, f"not UTF-8 text: byte {exc.start} is 0x{raw[exc.start]:02x}"
    return raw, None


def _pin_holds(stored: bytes, canonical: bytes) -> bool:
    """Whether a stored pin holds the result whose canonical bytes are ``canonical``.

    Compared as JSON values in canonical form, not as text: the C parser and encoder
    cost a fraction of writing the pretty text (whose indenting encoder is pure Python),
    and a pin whose bytes differ but whose value is the same (CRLF line ends from a
    checkout, another indent) still holds. Anything unparseable is not a match: the slow
    path reports it.
    """
    try:
        value = json.loads(stored)
        text = json.dumps(
            value, sort_keys=True, separators=(",", ":"), ensure_ascii=False, allow_nan=False
        )
        return text.encode("utf-8") == canonical
    except (ValueError, RecursionError, UnicodeError):
        return False


def _shown(item: Any, location: str) -> str:
    """A pin's path for a message: relative to the rootdir when it is inside."""
    path = Path(location)
    try:
        return path.relative_to(item.config.rootpath).as_posix()
    except ValueError:
        return str(path)


def _case_location(item: Any, module: str) -> _CaseLocation:
    # syrupy's location reads item.obj once, while it is built; the item keeps none.
    item.obj = _CaseObject(module, item.name)
    try:
        return _CaseLocation(item)
    finally:
        del item.obj


def assert_case_snapshot(
    item: Any, data: Any, *, module: str, canonical: bytes | None = None
) -> None:
    """Compare ``data`` with the item's pin through syrupy; re-pin under --snapshot-update.

    ``item`` needs ``name``, ``nodeid``, ``path``, ``config`` and
    ``core_verify_snapshot_dir``; ``module`` names the lane for syrupy's report;
    ``canonical`` is ``data``'s canonical bytes, when the caller has them already.
    """
    config = item.config
    session = getattr(config, "_syrupy", None)
    if session is None:
        raise SnapshotSetupError(
            "syrupy's plugin is not active, so no case can be compared with its pin; do not "
            "disable it (-p no:syrupy) when running lanes"
        )
    stem = snapshot_file_stem(item.name)
    location = os.path.join(item.core_verify_snapshot_dir, stem + SNAPSHOT_SUFFIX)
    stored, unreadable = _read_pin(location)
    item.core_verify_pin = ("failed", location, stem)  # until it is known to hold
    if canonical is None:
        canonical = canonical_bytes(data)
    if unreadable is None and stored is not None and _pin_holds(stored, canonical):
        item.core_verify_pin = ("matched", location, stem)
        _case_pins(item, session, module).add(location, stem, "matched")
        return
    # The pin is written from the canonical bytes the checks compare, never from the
    # object: whatever changed it since (a metric normalising it in place), the pin
    # written is the result the runs returned.
    try:
        pinned = json.loads(canonical)
    except ValueError:  # an int past Python's 4,300-digit limit for reading: as it is
        pinned = data
    text = pretty_json(pinned).encode("utf-8")
    options = config.option
    if unreadable is not None and not options.update_snapshots:
        raise SnapshotMismatchError(
            f"the pin {_shown(item, location)} is unreadable ({unreadable}); "
            "run pytest with --snapshot-update to replace it, then review it in git"
        )
    new_only = stored is None and getattr(options, "update_new_snapshots_only", False)
    if options.update_snapshots or new_only:
        # Written here, as syrupy would write it (CaseSnapshotExtension), without a
        # SnapshotAssertion: syrupy would keep it, and a queued copy of the text, until
        # the session ends. An unreadable pin is replaced as if it were missing.
        state = "updated" if stored is not None and unreadable is None else "created"
        try:
            atomic_write_bytes(Path(location), text, durable=False)
        except OSError as exc:
            raise SnapshotMismatchError(
                f"cannot write the pin {_shown(item, location)}: {exc.strerror or exc}; "
                f"{write_advice(exc, _shown(item, os.path.dirname(location)))} and run "
                "pytest with --snapshot-update again"
            ) from None
        pins = _case_pins(item, session, module)
        pins.add(location, stem, state)
        pins.written_dirs.add(os.path.dirname(location))
        item.core_verify_pin = (state, location, stem)
        return
    # A pin that is missing or differs, and no update: syrupy says how (its diff, and its
    # report counts the failure). It writes nothing here, so nothing else can come of it.
    # The pin's path, for CaseSnapshotExtension.get_location; removed again afterwards so
    # that a 100,000-case lane does not keep it on every item.
    item.core_verify_snapshot_path = location
    try:
        assertion = SnapshotAssertion(
            update_snapshots=False,
            extension_class=CaseSnapshotExtension,
            test_location=_case_location(item, module),
            session=session,
        )
        _ = assertion == data  # records syrupy's failure and its diff
    finally:
        del item.core_verify_snapshot_path
    failure = assertion.executions.get(0)
    problem = failure.exception if failure is not None else None
    if isinstance(problem, OSError):
        # Reading the pin failed: that is the cause, whatever else holds.
        directory = _shown(item, str(Path(location).parent))
        raise SnapshotMismatchError(
            f"cannot read the pin {_shown(item, location)}: {problem.strerror or problem}; "
            f"make {directory} readable and run pytest again"
        ) from None
    colored = config.get_terminal_writer().hasmarkup and not getattr(options, "no_colors", False)
    with contextlib.nullcontext() if colored else disable_color():
        mode = getattr(options, "diff_mode", None)  # --snapshot-diff-mode=disabled: no diff
        lines = assertion.get_assert_diff(diff_mode=mode) if mode else assertion.get_assert_diff()
        diff = "\n".join(lines)
    result = assertion.executions.get(0)
    if result is not None and result.recalled_data is None:
        raise SnapshotMismatchError(
            f"no snapshot yet for case {item.name!r} "
            f"({Path(result.snapshot_location).name}); run pytest with --snapshot-update "
            "to pin it, then review and commit the new file"
        )
    raise SnapshotMismatchError(
        "the result differs from its snapshot; if the change is intended, re-pin with "
        "--snapshot-update and review the diff in git\n" + diff
    )


def unused_snapshot_files(snapshot_dir: Path, case_ids: set[str]) -> list[Path]:
    """Snapshot files in ``snapshot_dir`` that belong to no case in ``case_ids``."""
    if not snapshot_dir.is_dir():
        return []
    wanted = {snapshot_file_stem(case_id) + SNAPSHOT_SUFFIX for case_id in case_ids}
    return sorted(
        path
        for path in snapshot_dir.iterdir()
        if path.is_file() and path.suffix == SNAPSHOT_SUFFIX and path.name not in wanted
    )


def count_lost_pins(config: Any, pins: Iterable[tuple[str, str, str]]) -> None:
    """Add to syrupy's report the pins asserted on an xdist worker that crashed.

    syrupy counts a worker's snapshots from the report the worker sends as it shuts
    down; a crashed worker sends none, so the pins it wrote or matched before the crash
    were missing from "N snapshots generated". ``pins`` are ``(state, location, name)``
    from the case reports, which did reach the controller.
    """
    report = getattr(getattr(config, "_syrupy", None), "report", None)
    if report is None:
        return
    for state, location, name in pins:
        collection = SnapshotCollection(location=location)
        collection.add(Snapshot(name=name))
        getattr(report, state).update(collection)
    for cached in ("num_failed", "num_created", "num_updated", "num_matched"):
        report.__dict__.pop(cached, None)


def explain_incomplete_unused_detection(config: Any) -> None:
    """Say why syrupy skipped unused-snapshot detection when an xdist worker's report is
    missing (an interrupted or crashed run): syrupy reuses the text of
    ``--snapshot-disable-unused``, an option the user never passed."""
    report = getattr(getattr(config, "_syrupy", None), "report", None)
    if report is None or not getattr(report, "unused_detection_incomplete", False):
        return
    if getattr(config.option, "disable_unused_snapshots", False):
        return
    base = type(report)

    class _Explained(base):  # type: ignore[misc, valid-type]
        @property
        def lines(self) -> Iterator[str]:
            for line in super().lines:
                if "--snapshot-disable-unused" in line:
                    yield warning_style(
                        "Unused snapshot detection was skipped: a pytest-xdist worker's "
                        "report is missing (the run was interrupted or a worker crashed)."
                    )
                else:
                    yield line

    report.__class__ = _Explained
