"""Collection nodes: a cases file and its case items (pytest glue)."""

from __future__ import annotations

import contextlib
import copy
import functools
import json
import os
import re
import shutil
import stat
import warnings
import zlib
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any

import pytest
from _pytest._code.code import ExceptionInfo, TerminalRepr, Traceback

from pytest_core_verify._core.aggregate import (
    CaseOutcome,
    Threshold,
    ThresholdError,
    finite_metric,
    parse_threshold,
)
from pytest_core_verify._core.canonical import tree_digest
from pytest_core_verify._core.cases import Case, CaseProblem, parse_cases, read_case_file
from pytest_core_verify._core.holdout import (
    HoldoutError,
    load_identities,
    silenced,
    unseal_bytes,
)
from pytest_core_verify._core.lanes import HELPER_MODES, CaseFileKey, Lane, LaneError
from pytest_core_verify._core.layout import CASES_FILE, COMPRESSED_CASES_FILE
from pytest_core_verify._core.pin_names import snapshot_file_stem
from pytest_core_verify._core.sealed import PUBLIC, SEALED, WITHHELD, WITHHELD_FILE, Disclosure
from pytest_core_verify._plugin.journal import item_sha
from pytest_core_verify._plugin.pins import (
    SnapshotMismatchError,
    SnapshotSetupError,
    assert_case_snapshot,
)
from pytest_core_verify._plugin.state import get_state
from pytest_core_verify._plugin.warning_types import CaseFileWarning
from pytest_core_verify._replay.client import (
    PendingRun,
    ReplayHelper,
    ReplayHelperError,
    helper_clock_shift,
)
from pytest_core_verify._replay.double import ReplayOutcome, ReplaySetup, abandon_b, replay, start_b
from pytest_core_verify._replay.garbage import case_garbage_freed
from pytest_core_verify._replay.limits import RunTimeoutError
from pytest_core_verify._replay.run import NotJSONResultError
from pytest_core_verify._results.review import PENDING_DIR, write_pending

__all__ = [
    "CaseCheckError",
    "CaseFile",
    "CaseItem",
    "ErrorItem",
    "InvalidCaseItem",
    "KnownFailure",
    "LaneErrorItem",
    "SealedPlaceholderItem",
    "case_thresholds",
    "thresholds_from_marks",
]

SEALED_SKIP_REASON = "sealed: set CORE_VERIFY_HOLDOUT_KEY to run"
#: The package's folder, and the folder of the systems under test inside it: a frame in
#: the first but not the second is the harness's own (however its modules are named).
_PACKAGE_DIR = Path(__file__).resolve().parents[1]
_SYSTEMS_DIR = _PACKAGE_DIR / "systems"


def is_harness_frame(path: Path | str) -> bool:
    """Whether a traceback entry's file belongs to the harness (not to a lane or to a
    reference system that a lane calls)."""
    where = Path(path)
    return where.is_relative_to(_PACKAGE_DIR) and not where.is_relative_to(_SYSTEMS_DIR)


class CaseCheckError(Exception):
    """A harness check failed; its text is the whole report, no traceback needed."""


class KnownFailure(Exception):
    """A case marked ``"xfail"`` failed as expected: it missed a threshold or run() failed."""


class _MetricError(Exception):
    """A metric raised or returned a bad value; ``metrics`` are the ones measured before."""

    def __init__(self, summary: str, metrics: dict[str, float | bool | None]) -> None:
        super().__init__(summary)
        self.summary = summary
        self.metrics = dict(metrics)


#: The scope of a public case's garbage: none (reusable).
_NO_SCOPE = contextlib.nullcontext()
#: What pytest.skip() and pytest.xfail() raise: the case counts as skipped.
_SKIPS = (pytest.skip.Exception, pytest.xfail.Exception)


#: What pytest-timeout's signal method raises when an item's time is up.
_PYTEST_TIMEOUT = re.compile(r"Timeout \(>([0-9.e+-]+)s\) from pytest-timeout\.")


def _time_limit_error(exc: BaseException) -> str | None:
    """The results file's ``error`` when ``exc`` is another plugin's time limit."""
    if isinstance(exc, pytest.fail.Exception):
        match = _PYTEST_TIMEOUT.fullmatch(str(exc.msg))
        if match is not None:
            return f"run() exceeded {float(match[1]):g}s (pytest-timeout)"
    return None


def _is_time_limit(exc: BaseException) -> bool:
    return _time_limit_error(exc) is not None


def _run_error(exc: BaseException, disclosure: Disclosure = PUBLIC) -> str:
    """The results file's ``error`` for a ``run()`` that did not return."""
    limit = _time_limit_error(exc)
    if limit is not None:
        return limit
    if isinstance(exc, pytest.fail.Exception):
        return "run() called pytest.fail()"
    return f"run() raised {disclosure.type_name(type(exc))}"


def _withheld_exit(exc: BaseException) -> BaseException:
    if isinstance(exc, pytest.exit.Exception):
        return pytest.exit.Exception(f"a holdout case called pytest.exit() ({WITHHELD})")
    return KeyboardInterrupt()


class CaseFile(pytest.File):
    """``cases.jsonl`` (or a sealed ``cases.jsonl.age``): one item per case, in file order."""

    def __init__(self, *, key: CaseFileKey, sealed: bool = False, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.key = key
        self.sealed = sealed
        #: What of this file's cases may reach an output (the one policy for all paths).
        self.disclosure: Disclosure = SEALED if sealed else PUBLIC
        self.case_count = 0
        self.has_bad_lines = False
        self._tmp_base: Path | None = None
        #: An untouched set of case directories left by the previous case, and the mode
        #: a fresh directory gets (to tell an untouched one).
        self._spare: Path | None = None
        self._dir_mode: int | None = None
        self._payload_common_sent: set[tuple[int, ...]] = set()
        #: Cases whose runs started a process: their directories are never handed on,
        #: and are checked for files that land after the case (case id, dirs, digests).
        self._watched: list[tuple[str, tuple[Path, Path], dict[str, str], dict[str, str]]] = []

    @functools.cached_property
    def snapshot_dir(self) -> Path:
        # Cached: every item of the file holds this one Path instead of its own copy.
        settings = get_state(self.config).settings
        return settings.snapshots_root.joinpath(
            *(p for p in (self.key.lane, self.key.split, self.key.version) if p)
        )

    def collect(self) -> Iterator[pytest.Item]:
        state = get_state(self.config)
        try:
            lane = state.lanes.get(self.key.lane)
        except LaneError as exc:
            if state.lanes.first_report_of_error(self.key.lane):
                yield LaneErrorItem.from_parent(self, name="lane.py", message=str(exc))
            return
        # The lane's markers go on the file node, once: every item inherits them through
        # iter_markers (and -m), and 100,000 items do not each hold their own copies.
        # Positional for item.get_closest_marker("lane").args[0]; the keyword too, so
        # that -m "lane(name='x')" selects a lane.
        self.add_marker(pytest.mark.lane(lane.name, name=lane.name))
        for mark in lane.marks:
            self.add_marker(mark)
        data = self._read()
        if isinstance(data, ErrorItem):
            yield data
            return
        if not self.sealed:
            yield from self._items(data, lane)
            return
        # A sealed file: nothing raised while its plaintext is in scope may leave this
        # frame, since a traceback (with -l, its locals) would print the plaintext.
        failure: str | None = None
        try:
            items = list(self._items(data, lane))
        except Exception as exc:
            failure = SEALED.type_name(type(exc))
            items = []
        del data
        if failure is not None:
            items = [
                SealedPlaceholderItem.from_parent(
                    self,
                    name="sealed",
                    message=f"{self.path.relative_to(self.config.rootpath).as_posix()}: the "
                    f"sealed file could not be collected ({failure}; {WITHHELD_FILE})",
                )
            ]
        yield from items

    def _items(self, data: bytes, lane: Lane) -> Iterator[pytest.Item]:
        parsed = parse_cases(data, validator=lane.validator, records=lane.records)
        relpath = self.path.relative_to(self.config.rootpath).as_posix()
        for problem in parsed.warnings:
            warnings.warn_explicit(
                CaseFileWarning(f"{relpath}:{problem.line}: {problem.message}"),
                category=CaseFileWarning,
                filename=str(self.path),
                lineno=problem.line,
            )
        self.case_count = len(parsed.cases)
        self.has_bad_lines = bool(parsed.errors)
        if not parsed.cases and not parsed.errors:
            # No item will report for this file: its pins are found unused from here.
            get_state(self.config).empty_case_files[relpath] = str(self.snapshot_dir)
        entries: list[Case | CaseProblem] = [*parsed.cases, *parsed.errors]
        for entry in sorted(entries, key=lambda e: e.line):
            if isinstance(entry, Case):
                yield CaseItem.from_parent(self, name=entry.case_id, case=entry, lane=lane)
            else:
                message = self.disclosure.invalid_line(entry.message)
                yield InvalidCaseItem.from_parent(
                    self,
                    name=f"line {entry.line}",
                    message=f"{relpath}:{entry.line}: {message}",
                    line=entry.line,
                )

    def _read(self) -> bytes | ErrorItem:
        """The file's bytes; a sealed file is decrypted in memory, or stands as one
        placeholder item when there is no key (skipped) or it cannot be opened (error)."""
        if not self.sealed:
            if self.path.name == COMPRESSED_CASES_FILE and (self.path.parent / CASES_FILE).exists():
                relpath = self.path.relative_to(self.config.rootpath).as_posix()
                return UnreadableFileItem.from_parent(
                    self,
                    name="ambiguous",
                    message=f"{relpath}: {CASES_FILE} is there too; keep one cases file per "
                    "directory (plain or gzip-compressed)",
                )
            try:
                return read_case_file(self.path)
            except (OSError, EOFError, zlib.error) as exc:  # a cases.jsonl.gz that is not gzip
                relpath = self.path.relative_to(self.config.rootpath).as_posix()
                return UnreadableFileItem.from_parent(
                    self,
                    name="unreadable",
                    message=f"{relpath}: cannot read the cases file ({exc}); write it as "
                    "gzip-compressed JSONL, or name it cases.jsonl",
                )
        raw = self.path.read_bytes()
        relpath = self.path.relative_to(self.config.rootpath).as_posix()
        message: str
        try:
            identities = load_identities()
            if identities is None:
                placeholder = SealedPlaceholderItem.from_parent(self, name="sealed", message=None)
                # A skip marker, so that -rs and JUnit name the sealed file, not the harness.
                placeholder.add_marker(pytest.mark.skip(reason=SEALED_SKIP_REASON))
                return placeholder
            return unseal_bytes(raw, identities, source=relpath)
        except HoldoutError as exc:
            message = str(exc)  # written to name the file and never quote a key or case
        except Exception as exc:
            message = (
                f"{relpath}: cannot open the sealed file ({type(exc).__name__}; {WITHHELD_FILE})"
            )
        return SealedPlaceholderItem.from_parent(self, name="sealed", message=message)

    def case_dirs(self, case: Case) -> tuple[Path, Path, Path]:
        """Fresh directories for one case: run A's workdir, run B's, and run B's cwd.

        One numbered directory per cases file, plain subdirectories per case: pytest's
        numbered ``mktemp`` scans its parent on every call, which is quadratic in cases.
        """
        if self._tmp_base is None:
            factory: pytest.TempPathFactory = self.config._tmp_path_factory  # type: ignore[attr-defined]
            label = re.sub(r"[^A-Za-z0-9_.-]", "_", self.key.label.replace("/", "-"))
            self._tmp_base = factory.mktemp(f"cv-{label}-", numbered=True)
        safe_id = re.sub(r"[^A-Za-z0-9_.-]", "_", case.case_id)[:40]
        case_dir = self._tmp_base / f"{case.line:06d}-{safe_id}"
        attempt = 1
        while os.path.lexists(case_dir):
            # The case runs again in this session (pytest-rerunfailures, a plugin that
            # repeats items): a directory of its own, the last one's left as it was.
            attempt += 1
            case_dir = self._tmp_base / f"{case.line:06d}-{safe_id}.{attempt}"
        dirs = (case_dir / "a", case_dir / "b", case_dir / "cwd-b")
        spare, self._spare = self._spare, None
        if spare is not None:
            # The previous case left its directories empty and untouched: one rename
            # instead of four mkdir calls (mkdir is most of the harness's per-case cost).
            os.rename(spare, case_dir)
            return dirs
        case_dir.mkdir()
        for directory in dirs:
            directory.mkdir()
        if self._dir_mode is None:
            self._dir_mode = stat.S_IMODE(os.lstat(dirs[0]).st_mode)
        return dirs

    def payload_common(self, item: CaseItem) -> dict[str, Any] | None:
        """What a case's report says of its file, on the first report of this process
        that needs it; ``None`` after that (the controller keeps it per file).

        One per set of item-level threshold markers (usually one per file). Reports from
        one process reach the controller in order, so it always has the file's part by
        the time a report without it arrives: the per-case payload that crosses from an
        xdist worker stays small.
        """
        key = tuple(id(m) for m in item.own_markers if m.name == "threshold")
        if key in self._payload_common_sent:
            return None
        self._payload_common_sent.add(key)
        return {
            "file": self.path.relative_to(self.config.rootpath).as_posix(),
            "key": [self.key.lane, self.key.split, self.key.version],
            "case_count": self.case_count,
            "bad_lines": self.has_bad_lines,
            "snapshot_dir": str(self.snapshot_dir),
            "thresholds": {
                name: t.as_json() for name, t in case_thresholds(item, item.lane).items()
            },
            "metric_names": list(item.lane.metric_names),
        }

    def watch(self, case_id: str, dirs: tuple[Path, Path], outcome: ReplayOutcome) -> None:
        """A case whose runs started a process: look at its workdirs again later."""
        self._watched.append((case_id, dirs, outcome.first.files, outcome.second.files))

    def check_late_writes(self) -> None:
        """Warn, naming the case, about files that changed in a case's workdirs after
        it finished: a process it started was still writing. No other case is blamed,
        since such a case's directories are never handed on."""
        watched, self._watched = self._watched, []
        relpath = self.path.relative_to(self.config.rootpath).as_posix()
        for case_id, dirs, files_a, files_b in watched:
            changed: list[str] = []
            for label, directory, before in (("a", dirs[0], files_a), ("b", dirs[1], files_b)):
                try:
                    after = tree_digest(directory)
                except OSError:
                    continue
                changed += [
                    f"{label}/{name}"
                    for name in sorted(set(before) | set(after))
                    if before.get(name) != after.get(name)
                ]
            if changed:
                shown = ", ".join(changed[:5]) + (" ..." if len(changed) > 5 else "")
                warnings.warn(
                    CaseFileWarning(
                        f"{relpath}::{case_id}: a process that this case started was still "
                        f"writing into its workdirs after run() returned ({shown}); wait for "
                        "the processes run() starts before returning"
                    ),
                    stacklevel=1,
                )

    def teardown(self) -> None:
        self.check_late_writes()

    def recycle(self, dirs: tuple[Path, Path, Path]) -> None:
        """Offer a case's directories to the next case if both runs left them as made."""
        case_dir = dirs[0].parent
        try:
            for directory in dirs:
                mode = os.lstat(directory).st_mode
                if not stat.S_ISDIR(mode) or stat.S_IMODE(mode) != self._dir_mode:
                    return
                if os.listdir(directory):
                    return
            if len(os.listdir(case_dir)) != len(dirs):
                return
        except OSError:
            return
        self._spare = case_dir


def case_thresholds(item: pytest.Item, lane: Lane) -> dict[str, Threshold]:
    """The item's thresholds: the closest ``threshold`` marker for each metric wins."""
    return thresholds_from_marks(item.iter_markers_with_node("threshold"), lane)


def thresholds_from_marks(
    marks: Iterable[tuple[object, pytest.Mark]], lane: Lane
) -> dict[str, Threshold]:
    """Validate ``threshold`` marks as ``(place, mark)`` pairs, nearest place first.

    A bad mark is a usage error; so are two marks for one metric in the same place (a
    node, or a lane's ``pytestmark``): which one should win is not for the harness to
    guess.
    """
    found: dict[str, Threshold] = {}
    seen: dict[tuple[int, str], pytest.Mark] = {}
    for place, mark in marks:
        try:
            threshold = parse_threshold(mark.args, mark.kwargs, known_metrics=lane.metric_names)
        except ThresholdError as exc:
            raise pytest.UsageError(
                f"lane {lane.name!r}: marker threshold{_mark_args(mark)} {exc}"
            ) from None
        first = seen.setdefault((id(place), threshold.metric), mark)
        if first is not mark:
            raise pytest.UsageError(
                f"lane {lane.name!r}: two threshold markers for metric {threshold.metric!r} "
                f"in one place, threshold{_mark_args(first)} and threshold{_mark_args(mark)}; "
                "keep one (combine the bounds as min= and max=)"
            )
        found.setdefault(threshold.metric, threshold)
    return dict(sorted(found.items()))


def _mark_args(mark: pytest.Mark) -> str:
    parts = [repr(a) for a in mark.args] + [f"{k}={v!r}" for k, v in mark.kwargs.items()]
    return f"({', '.join(parts)})"


class CaseItem(pytest.Item):
    """One case: run twice, compared, measured and pinned."""

    parent: CaseFile
    #: Called with run A's result once both runs are made: set (by the perturbation
    #: glue) on a case with perturbed items, whose relations compare with that result.
    keep_result: Callable[[CaseItem, Any], None] | None = None

    def __init__(self, *, case: Case, lane: Lane, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.case = case
        self.lane = lane
        self.key: CaseFileKey = self.parent.key
        self.sealed = self.parent.sealed
        self.disclosure = self.parent.disclosure
        self.core_verify_snapshot_dir = self.parent.snapshot_dir
        self.outcome: CaseOutcome | None = None
        #: For a known failure: how it ended (``xfailed``, ``xpassed`` or ``failed``).
        self.xfail_outcome: str | None = None
        if case.xfail is not None:
            # pytest's own xfail: reported as xfailed with the reason, XPASS(strict) fails.
            # Only KnownFailure counts; a determinism break or a changed pin still fails.
            self.add_marker(
                pytest.mark.xfail(
                    reason=self.xfail_reason, strict=self.xfail_strict, raises=KnownFailure
                )
            )

    @property
    def xfail_reason(self) -> str:
        """The known failure's reason as every output shows it (a sealed one's withheld)."""
        return self.disclosure.xfail_reason(self.case.case_id, self.case.xfail or "")

    @property
    def xfail_strict(self) -> bool:
        return bool(self.config.getini("core_verify_xfail_strict"))

    def xfail_state(self) -> dict[str, Any] | None:
        """What the results say of a known failure; ``None`` for any other case."""
        if self.case.xfail is None:
            return None
        return {
            "reason": self.xfail_reason,
            "outcome": self.xfail_outcome or "failed",
            "strict": self.xfail_strict,
        }

    def reportinfo(self) -> tuple[Path, int, str]:
        # The failure headline: the node id (copy it to re-run the case), then the label.
        return self.path, self.case.line - 1, f"{self.nodeid} [{self.key.label}]"

    def _replay_setup(self) -> ReplaySetup:
        state = get_state(self.config)
        settings = state.settings
        timeout = settings.run_timeout
        if self.lane.timeout is not None and not settings.run_timeout_from_cli:
            timeout = self.lane.timeout
        mode = settings.replay_mode
        if self.lane.replay is not None and not settings.replay_from_cli:
            mode = self.lane.replay
        helper = None
        if mode in HELPER_MODES:
            helper = state.replay_helpers.get(mode)
            if helper is None:
                factory: pytest.TempPathFactory = self.config._tmp_path_factory  # type: ignore[attr-defined]
                scratch = factory.mktemp("cv-replay-helper-", numbered=True)
                helper = state.replay_helpers[mode] = ReplayHelper(
                    scratch, clock_shift=helper_clock_shift(mode)
                )
        return ReplaySetup(
            mode=mode,
            timeout=timeout,
            helper=helper,
            lane_name=self.lane.name,
            lane_file=self.lane.lane_file,
            sealed=self.sealed,
            interrupted=_is_time_limit,
        )

    def setup(self) -> None:
        """Start run B in the replay helper now (``process`` mode), at the end of the
        case's setup: skip markers and the setup hooks have had their say, and pytest's
        own work until ``runtest`` overlaps run B. Not for a sealed case (its output and
        directories are looked after in ``runtest`` only), nor under ``--setup-only``."""
        self._early_b: tuple[tuple[Path, Path, Path], ReplaySetup, PendingRun] | None = None
        self._early_dirs: tuple[Path, Path, Path] | None = None
        if self.sealed or self.config.getoption("setuponly", False):
            return
        try:
            setup = self._replay_setup()
            if setup.mode not in HELPER_MODES:
                return
            workdirs = self._early_dirs = self.parent.case_dirs(self.case)
            pending = start_b(
                self.case.data,
                workdir=workdirs[1],
                cwd=workdirs[2],
                source_date_epoch=get_state(self.config).settings.source_date_epoch,
                setup=setup,
            )
        except Exception:
            # No directories, or no helper: runtest tries again (in the directories made
            # here, if any), and a failure there is the case's own (counted by its
            # lane), as it is without the early start.
            return
        if pending is not None:
            self._early_b = (workdirs, setup, pending)

    def teardown(self) -> None:
        early, self._early_b = getattr(self, "_early_b", None), None
        if early is not None:  # setup failed after run B had started: runtest never ran
            abandon_b(early[2], early[1])

    def runtest(self) -> None:
        early, self._early_b = getattr(self, "_early_b", None), None
        made, self._early_dirs = getattr(self, "_early_dirs", None), None
        workdirs = made if made is not None else self.parent.case_dirs(self.case)
        failure: BaseException | None = None
        try:
            # A sealed case: objects it left in reference cycles are freed as the inner
            # block ends, while their __del__ can still print nothing: not later, in
            # pytest's unraisable-exception warnings. The original exception (whose
            # traceback holds run()'s frames) is replaced in the block, so they are
            # garbage by then.
            with self._silenced(), case_garbage_freed() if self.sealed else _NO_SCOPE:
                try:
                    outcome = self._run_and_measure(workdirs, early)
                except (KeyboardInterrupt, pytest.exit.Exception) as exc:
                    if not self.sealed:
                        raise
                    failure = _withheld_exit(exc)
                except BaseException as exc:
                    failure = self._sealed_failure(exc) if self.sealed else exc
        finally:
            if self.sealed:
                # A sealed case's files would put its content on disk.
                shutil.rmtree(workdirs[0].parent, ignore_errors=True)
        if failure is not None:
            raise failure
        if outcome.spawned:
            # A process it started may write later: its directories stay its own.
            if self.disclosure.files_kept:
                self.parent.watch(self.case.case_id, (workdirs[0], workdirs[1]), outcome)
        elif outcome.deterministic and self.disclosure.files_kept:
            self.parent.recycle(workdirs)
        self._check_earlier_attempts(outcome)
        if not outcome.deterministic:
            raise CaseCheckError(
                self.disclosure.failure(
                    self.case.case_id,
                    outcome.explain(),
                    f"the two runs differ (trace_hash {outcome.first.trace_hash[:12]} != "
                    f"{outcome.second.trace_hash[:12]}, or the files written differ)",
                )
            )
        pin = self.disclosure.pin(outcome.first.result, outcome.first.trace_hash)
        try:
            assert_case_snapshot(
                self,
                pin,
                module=f"core_verify_lane_{self.lane.name}",
                canonical=None if self.sealed else outcome.first.canonical,
            )
        except SnapshotMismatchError as exc:
            if self.disclosure.pending_kept and self._write_pending(pin):
                raise SnapshotMismatchError(
                    f"{exc}\n(`core-verify review` shows this change and accepts or rejects it)"
                ) from None
            raise
        if self.case.xfail is not None:
            self._check_known_failure()

    def _check_earlier_attempts(self, outcome: ReplayOutcome) -> None:
        """Every attempt of the case in this session counts: when a plugin runs the item
        again (pytest-rerunfailures' ``--reruns``), a result that differs from an
        earlier attempt's is nondeterminism, not a pass on the second try."""
        # Both runs of each attempt: an attempt whose runs differed (and failed for it)
        # makes a later attempt whose runs agree no pass either.
        earlier: list[str] = self.__dict__.setdefault("_attempt_hashes", [])
        now = outcome.first.trace_hash
        before = next((h for h in earlier if h != now), None)
        earlier += [outcome.first.trace_hash, outcome.second.trace_hash]
        if before is None:
            return
        if self.outcome is not None:
            self.outcome.metrics["replay_determinism"] = False
        kind = (
            f"the result differs from an earlier attempt's in this session (trace_hash "
            f"{before[:12]} on attempt {earlier.index(before) // 2 + 1}, {now[:12]} on "
            f"attempt {len(earlier) // 2}): the case was run again (--reruns) and is not "
            "deterministic"
        )
        raise CaseCheckError(
            self.disclosure.failure(
                self.case.case_id,
                f"{kind}; make run() deterministic (reruns cannot make it pass)",
                kind,
            )
        )

    def _known_failure(self, what: str, exc: BaseException) -> None:
        """For a case marked xfail, a failure of run() is its known failure."""
        if self.case.xfail is not None:
            self.xfail_outcome = "xfailed"
            raise KnownFailure(f"{what} (known failure: {self.xfail_reason})") from exc

    def _check_known_failure(self) -> None:
        """A case marked xfail fails as expected when it misses one of its thresholds."""
        metrics = self.outcome.metrics if self.outcome is not None else {}
        missed = [
            name
            for name, threshold in case_thresholds(self, self.lane).items()
            if (value := metrics.get(name)) is not None and not threshold.holds(float(value))
        ]
        if missed:
            self.xfail_outcome = "xfailed"
            raise KnownFailure(f"missed {', '.join(missed)} (known failure: {self.xfail_reason})")
        self.xfail_outcome = "xpassed"

    def _write_pending(self, result: Any) -> bool:
        """Keep the new result for ``core-verify review``; False when there is no cache."""
        cache = getattr(self.config, "cache", None)
        if cache is None:
            return False
        stem = snapshot_file_stem(self.case.case_id)
        pin = self.parent.snapshot_dir / (stem + ".json")
        root = self.config.rootpath
        try:
            write_pending(
                cache.mkdir(PENDING_DIR),
                lane=self.key.lane,
                split=self.key.split,
                version=self.key.version,
                case_id=self.case.case_id,
                stem=stem,
                snapshot=pin.relative_to(root).as_posix() if pin.is_relative_to(root) else str(pin),
                result=result,
            )
        except (OSError, ValueError):
            return False
        return True

    def _run_and_measure(
        self,
        workdirs: tuple[Path, Path, Path],
        early: tuple[tuple[Path, Path, Path], ReplaySetup, PendingRun] | None = None,
    ) -> ReplayOutcome:
        """Both runs and the metrics; records the case's outcome whatever happens.

        ``early``: run B was started at setup (see ``setup``)."""
        settings = get_state(self.config).settings
        case_id = self.case.case_id
        setup, pending = (early[1], early[2]) if early is not None else (self._replay_setup(), None)
        try:
            outcome = replay(
                self.lane.run,
                self.case.data,
                workdirs=(workdirs[0], workdirs[1]),
                cwd_b=workdirs[2],
                source_date_epoch=settings.source_date_epoch,
                setup=setup,
                pending=pending,
            )
        except RunTimeoutError as exc:
            self._record(None, {}, error=str(exc))
            raise CaseCheckError(self.disclosure.failure(case_id, str(exc), str(exc))) from None
        except ReplayHelperError as exc:
            self._record(None, {}, error=exc.reason)
            raise CaseCheckError(self.disclosure.failure(case_id, str(exc), exc.reason)) from None
        except NotJSONResultError as exc:
            self._record(None, {}, error="result is not canonical JSON")
            # The JSON path of the error names keys of the result.
            raise CaseCheckError(
                self.disclosure.failure(
                    case_id, str(exc), "run() returned a result that is not canonical JSON"
                )
            ) from None
        except _SKIPS:
            self._record(None, {})  # pytest.skip() or pytest.xfail(): skipped, no error
            raise
        except BaseException as exc:
            self._record(None, {}, error=_run_error(exc, self.disclosure))
            if isinstance(exc, Exception):
                self._known_failure(_run_error(exc, self.disclosure), exc)
            raise
        if self.keep_result is not None:
            self.keep_result(self, outcome.first.result)
        try:
            metrics = self._measure(outcome)
        except _SKIPS:
            self._record(outcome, {})
            raise
        except _MetricError as exc:
            # run() succeeded: keep its hashes, and name the metric.
            self._record(outcome, exc.metrics, error=exc.summary)
            cause = exc.__cause__
            if cause is None:
                raise CaseCheckError(exc.summary) from None
            add_note = getattr(cause, "add_note", None)  # Python 3.11+; pytest prints notes
            if add_note is not None:
                add_note(f"core-verify: {exc.summary}")
            raise cause from None  # the metric's own traceback
        self._record(outcome, metrics)
        return outcome

    def _sealed_failure(self, exc: BaseException) -> BaseException:
        """What a sealed case raises instead of ``exc``: the same kind of outcome, with
        no message and no traceback (whose frames hold the case's objects)."""
        where = f"holdout case {self.case.case_id}"
        if isinstance(exc, pytest.xfail.Exception):
            return pytest.xfail.Exception(f"{where} ({WITHHELD})")
        if isinstance(exc, pytest.skip.Exception):
            return pytest.skip.Exception(f"{where} ({WITHHELD})", _use_item_location=True)
        if isinstance(exc, (CaseCheckError, SnapshotMismatchError, KnownFailure)):
            return type(exc)(str(exc))  # written to withhold already
        error = self.outcome.error if self.outcome is not None else None
        return CaseCheckError(f"{where}: {error or _run_error(exc, SEALED)} ({WITHHELD})")

    @contextlib.contextmanager
    def _silenced(self) -> Iterator[None]:
        """A sealed case's output (prints, fds 1/2, logs, warnings) goes nowhere, even with -s."""
        with contextlib.nullcontext() if self.disclosure.output_allowed else silenced():
            yield

    def _measure(self, outcome: ReplayOutcome) -> dict[str, float | bool | None]:
        metrics: dict[str, float | bool | None] = {}
        lane = self.lane.name
        for name, fn in sorted(self.lane.metrics.items()):
            try:
                # Each metric gets its own copy: a metric that normalises the result in
                # place must change neither what is pinned nor what later metrics see.
                value = fn(self.case.data, copy.deepcopy(outcome.first.result))
            except _SKIPS:
                raise
            except BaseException as exc:
                kind = self.disclosure.type_name(type(exc))
                raise _MetricError(f"metric {name!r} raised {kind}", metrics) from exc
            if value is not None and not isinstance(value, (bool, int, float)):
                raise _MetricError(
                    f"metric {name!r} of lane {lane!r} returned a "
                    f"{self.disclosure.type_name(type(value))}; a "
                    "metric returns a bool, a number or None",
                    metrics,
                )
            if value is not None and not finite_metric(value):
                shown = f"an int of {len(str(value))} digits" if isinstance(value, int) else value
                raise _MetricError(
                    f"metric {name!r} of lane {lane!r} returned {shown!r}; a metric returns a "
                    "bool, a number a float holds (finite, at most about 1.8e308) or None",
                    metrics,
                )
            metrics[name] = value
        metrics["replay_determinism"] = outcome.deterministic
        return metrics

    def _record(
        self,
        outcome: ReplayOutcome | None,
        metrics: dict[str, float | bool | None],
        error: str | None = None,
    ) -> None:
        self.outcome = CaseOutcome(
            case_id=self.case.case_id,
            line=self.case.line,
            status="error" if error else "passed",  # the controller sets it from the report
            trace_hash=outcome.first.trace_hash if outcome else None,
            trace_hash_replay=outcome.second.trace_hash if outcome else None,
            metrics=metrics,
            error=error,
        )
        if outcome is not None:
            self.user_properties.append(("trace_hash", outcome.first.trace_hash))
            self.user_properties.append(("trace_hash_replay", outcome.second.trace_hash))
        for name, value in sorted(metrics.items()):
            # JSON values (true, 0.5, null), as JUnit readers expect, not Python reprs.
            self.user_properties.append((f"metric:{name}", json.dumps(value)))

    def report_payload(self) -> dict[str, Any]:
        """What travels on the call report to the controller (plain JSON; no case content):
        the outcome, the pin's state (its path follows from the file's snapshot directory
        and the case id), and the file's part on the first report that needs it."""
        pin = self.__dict__.pop("core_verify_pin", None)  # (state, location, name)
        return {
            "common": self.parent.payload_common(self),
            "outcome": self.outcome.to_json() if self.outcome else None,
            "pin": pin[0] if pin is not None else None,
            # For the journal that --lane-resume reads; a sealed case is never journaled.
            "case_sha": None if self.sealed else item_sha(self),
        }

    def _traceback_filter(self, excinfo: ExceptionInfo[BaseException]) -> Traceback:
        # Show the lane's frames only: what follows the harness's last frame (the call of
        # run() or of a metric). pytest's and pluggy's frames come before it, the
        # harness's in between: neither says anything about the lane.
        entries = list(excinfo.traceback)
        harness = [i for i, entry in enumerate(entries) if is_harness_frame(entry.path)]
        if harness and harness[-1] + 1 < len(entries):
            entries = entries[harness[-1] + 1 :]
        elif harness:  # raised by the harness itself: from its first frame on
            entries = entries[harness[0] :]
        return Traceback(entries).filter(excinfo)

    def repr_failure(
        self, excinfo: ExceptionInfo[BaseException], style: Any = None
    ) -> str | TerminalRepr:
        if isinstance(excinfo.value, (CaseCheckError, SnapshotMismatchError)):
            return str(excinfo.value)
        if isinstance(excinfo.value, SnapshotSetupError):
            # The same for every case: in full once per session, then one line each.
            state = get_state(self.config)
            if state.setup_problem_shown is None:
                state.setup_problem_shown = self.nodeid
                return str(excinfo.value)
            first_clause = str(excinfo.value).split(";")[0]
            return f"{first_clause} (reported in full for {state.setup_problem_shown})"
        if not self.disclosure.output_allowed:
            return self.disclosure.failure(
                self.case.case_id, "", f"run() raised {SEALED.type_name(type(excinfo.value))}"
            )
        return super().repr_failure(excinfo, style=style)


class ErrorItem(pytest.Item):
    """Reports a problem as an error at setup, so the other cases still run."""

    def __init__(self, *, message: str | None, line: int = 0, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.message = message
        self.line = line

    def setup(self) -> None:
        raise CaseCheckError(self.message)

    def runtest(self) -> None:  # pragma: no cover - setup always raises
        raise CaseCheckError(self.message)

    def reportinfo(self) -> tuple[Path, int, str]:
        return self.path, max(self.line - 1, 0), self.nodeid

    def repr_failure(
        self, excinfo: ExceptionInfo[BaseException], style: Any = None
    ) -> str | TerminalRepr:
        if isinstance(excinfo.value, CaseCheckError):
            return str(excinfo.value)
        return super().repr_failure(excinfo, style=style)


class InvalidCaseItem(ErrorItem):
    """A line of a cases file that is not a valid case."""


class LaneErrorItem(ErrorItem):
    """A lane that cannot be loaded: one error for the lane."""


class UnreadableFileItem(ErrorItem):
    """A cases file that cannot be read as a whole (a ``.gz`` that is not gzip)."""


class SealedPlaceholderItem(ErrorItem):
    """A sealed file without a key (skipped) or that cannot be opened (an error)."""

    def setup(self) -> None:
        if self.message is None:
            pytest.skip(SEALED_SKIP_REASON)
        raise CaseCheckError(self.message)
