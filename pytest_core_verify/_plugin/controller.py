"""The controller: gathers case reports, aggregates lanes, reports and writes results.

It runs where the reports arrive: the only process without xdist, the controller
with it. Either way the numbers come from the reports, so they are the same.
"""

from __future__ import annotations

import contextlib
import dataclasses
import os
import time
from pathlib import Path
from typing import Any

import pytest

from pytest_core_verify._core.aggregate import (
    CaseOutcome,
    LaneResult,
    Threshold,
    aggregate,
    case_status,
)
from pytest_core_verify._core.atomic import stale_temporaries
from pytest_core_verify._core.clock import timestamp
from pytest_core_verify._core.lanes import classify_case_file
from pytest_core_verify._core.pin_names import snapshot_file_stem
from pytest_core_verify._plugin.gate import gate_reports, is_gated
from pytest_core_verify._plugin.items import CaseItem, ErrorItem
from pytest_core_verify._plugin.journal import JournalWriter, restore
from pytest_core_verify._plugin.pins import (
    SNAPSHOT_SUFFIX,
    count_lost_pins,
    explain_incomplete_unused_detection,
    unused_snapshot_files,
)
from pytest_core_verify._plugin.selection import check_lanes_collected
from pytest_core_verify._plugin.state import CaseFileTracker, SessionState
from pytest_core_verify._plugin.stats import SummaryEntry
from pytest_core_verify._results.document import write_results
from pytest_core_verify._results.render import markdown_lines, terminal_lines
from pytest_core_verify._results.review import clear_pending, pending_root
from pytest_core_verify._results.summary import append_step_summary

__all__ = [
    "RESULTS_NOT_WRITTEN",
    "SNAPSHOTS_NOT_DELETED",
    "Controller",
    "inspecting",
]

RESULTS_NOT_WRITTEN = "results files not written"
SNAPSHOTS_NOT_DELETED = "unused snapshots not deleted"
#: Final-line words for case pins that no case uses (pytest counts the entries).
SNAPSHOTS_UNUSED = "snapshots unused"
SNAPSHOTS_DELETED = "snapshots deleted"


_PIN_STATES = {state: state for state in ("created", "updated", "matched", "failed")}


def _incomplete_label(count: int) -> str:
    return "lane incomplete" if count == 1 else "lanes incomplete"


def inspecting(config: pytest.Config) -> bool:
    """--co, --fixtures, --fixtures-per-test, --setup-plan, --setup-only: nothing is
    measured, so no lane verdict is printed and the exit status is pytest's own."""
    option = config.option
    return any(
        getattr(option, name, False)
        for name in (
            "collectonly",
            "showfixtures",
            "show_fixtures_per_test",
            "setupplan",
            "setuponly",
        )
    )


def _skipped_before_run(report: pytest.TestReport) -> CaseOutcome:
    return CaseOutcome(
        case_id=report.nodeid.split("::", 1)[1],
        line=report.location[1] + 1 if report.location[1] is not None else 0,
        status="skipped",
        trace_hash=None,
        trace_hash_replay=None,
    )


class Controller:
    def __init__(self, config: pytest.Config, state: SessionState) -> None:
        self._config = config
        self._state = state
        self._expected_from_xdist = False
        #: Pins each live xdist worker asserted, until it shuts down cleanly; those of
        #: workers that crashed, for syrupy's report (see count_lost_pins).
        self._pins_by_worker: dict[Any, list[tuple[str, CaseFileTracker, str]]] = {}
        self._crashed_workers: list[list[tuple[str, CaseFileTracker, str]]] = []
        #: Temporary files older than this belong to no write of this session.
        self._started = time.time()
        settings = state.settings
        self._journal = JournalWriter(
            settings.rootpath, settings.lanes_root, resume=bool(config.getoption("lane_resume"))
        )
        self._restored = False

    # -- what was selected ------------------------------------------------------------

    def pytest_collection_finish(self, session: pytest.Session) -> None:
        check_lanes_collected(self._state.settings, self._state.collected_lanes)
        self._expect(
            item.nodeid for item in session.items if isinstance(item, (CaseItem, ErrorItem))
        )
        self._restore(self._state.resumed)

    def _restore(self, resumed: dict[str, list[str]]) -> None:
        if resumed and not self._restored:
            self._restored = True
            settings = self._state.settings
            restore(
                settings.rootpath, settings.lanes_root, self._state.trackers, self._tracker, resumed
            )

    @pytest.hookimpl(optionalhook=True)
    def pytest_xdist_node_collection_finished(self, node: Any, ids: list[str]) -> None:
        if self._expected_from_xdist:
            return  # every worker collects the same items
        self._expected_from_xdist = True
        self._expect(ids)

    @pytest.hookimpl(optionalhook=True)
    def pytest_testnodedown(self, node: Any, error: Any) -> None:
        # A worker stopped by a usage error (a bad threshold marker added by a conftest)
        # leaves its message here; raised again, pytest prints it as it would serially.
        pins = self._pins_by_worker.pop(node, None)
        if error is not None and pins:
            self._crashed_workers.append(pins)
        output = getattr(node, "workeroutput", {})
        self._restore(output.get("core_verify_resumed") or {})
        empty = output.get("core_verify_empty_files")
        if isinstance(empty, dict):
            self._state.empty_case_files.update(empty)
        message = output.get("core_verify_usage_error")
        if message:
            raise pytest.UsageError(message)

    def _tracker(self, relpath: str) -> CaseFileTracker | None:
        tracker = self._state.trackers.get(relpath)
        if tracker is None:
            settings = self._state.settings
            key = classify_case_file(
                settings.rootpath / relpath, settings.lanes_root, settings.holdouts_root
            )
            if key is None:
                return None
            tracker = self._state.trackers[relpath] = CaseFileTracker(key, relpath)
        return tracker

    def _expect(self, nodeids: Any) -> None:
        for nodeid in nodeids:
            tracker = self._tracker(nodeid.split("::", 1)[0])
            if tracker is not None:
                tracker.expected.add(nodeid)

    # -- what reported ----------------------------------------------------------------

    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        if report.passed and report.when != "call":
            return  # a case's passed setup or teardown: nothing to count
        relpath = report.nodeid.split("::", 1)[0]
        if relpath not in self._state.trackers and not hasattr(report, "core_verify"):
            return
        tracker = self._tracker(relpath)
        if tracker is None:
            return
        if getattr(report, "core_verify_not_a_case", False):
            # A sealed file without a key is skipped; a broken line or lane is invalid.
            (tracker.skipped if report.skipped else tracker.invalid).add(report.nodeid)
            return
        payload = getattr(report, "core_verify", None)
        if payload is None:
            if report.skipped:
                tracker.skipped.add(report.nodeid)
                if report.when == "setup":
                    # Skipped before it ran (a skip marker, a fixture that skips): the
                    # case was selected and did not count, as one that skips itself,
                    # so the split is still whole and its gate still applies.
                    tracker.outcomes.setdefault(report.nodeid, _skipped_before_run(report))
            return
        # Taken into the tracker now: pytest keeps every report until the session ends,
        # and 100,000 reports would each keep a copy of what the tracker holds.
        del report.core_verify
        tracker.expected.add(report.nodeid)
        common = payload["common"]
        if common is not None:  # the first report of its process for this file
            tracker.case_count = common["case_count"]
            tracker.has_bad_lines = common["bad_lines"]
            tracker.snapshot_dir = common["snapshot_dir"]
            tracker.metric_names.update(common["metric_names"])
            tracker.kept_pin_suffixes.update(common.get("kept_pin_suffixes", ()))
            for name, bounds in common["thresholds"].items():
                tracker.thresholds.setdefault(
                    name,
                    Threshold(name, bounds.get("min"), bounds.get("max"), bounds.get("confidence")),
                )
        worker = getattr(report, "node", None)  # the xdist worker that ran it
        pin = payload["pin"]
        if worker is not None and pin is not None and payload["outcome"] is not None:
            # The state as one shared string; the pin's path is derived if it is needed.
            state = _PIN_STATES.get(pin, "failed")
            self._pins_by_worker.setdefault(worker, []).append(
                (state, tracker, payload["outcome"]["id"])
            )
        if payload["outcome"] is not None:
            outcome = CaseOutcome.from_json(payload["outcome"])
            status = case_status(report.outcome, error=outcome.error)
            final = dataclasses.replace(
                outcome, status=status, pin=_PIN_STATES.get(pin) if pin is not None else None
            )
            tracker.outcomes[report.nodeid] = final
            if payload.get("case_sha"):
                self._journal.record(tracker, report.nodeid, final, payload["case_sha"])

    # -- the end of the run -----------------------------------------------------------

    def _nothing_to_judge(self, exitstatus: int) -> bool:
        # Nothing ran (an inspection mode, or a bad marker): no lane table, no gate and
        # no results files; for an error, its message is the whole story.
        return inspecting(self._config) or exitstatus in (
            pytest.ExitCode.USAGE_ERROR,
            pytest.ExitCode.INTERNAL_ERROR,
        )

    @pytest.hookimpl(tryfirst=True, specname="pytest_sessionfinish")
    def pytest_sessionfinish_gates(self, session: pytest.Session, exitstatus: int) -> None:
        """Aggregate, then report each gated lane split as a test of its own: first, so
        that JUnit XML and report plugins see the gates before they write their files."""
        state = self._state
        if self._nothing_to_judge(exitstatus):
            return
        state.interrupted = exitstatus == pytest.ExitCode.INTERRUPTED
        state.lane_results = self._aggregate()
        # -x or --maxfail (serially: with xdist the stop is an interrupt).
        stopped = bool(session.shouldfail or session.shouldstop)
        when = timestamp()
        for result in state.lane_results:
            result.timestamp = when
            result.stopped = stopped and not result.complete
            self._config.hook.pytest_core_verify_lane_result(
                lane_result=result, config=self._config
            )
        if state.interrupted:
            return  # nothing is gated on an interrupted run
        hook = self._config.hook
        for result in state.lane_results:
            if is_gated(result, state.settings.gate):
                for report in gate_reports(state.settings, result):
                    hook.pytest_runtest_logreport(report=report)
                    report.core_verify_logged = True  # type: ignore[attr-defined]

    @pytest.hookimpl(trylast=True)
    def pytest_sessionfinish(self, session: pytest.Session, exitstatus: int) -> None:
        state = self._state
        self._journal.close(
            state.trackers.values(),
            interrupted=state.interrupted or exitstatus == pytest.ExitCode.INTERRUPTED,
        )
        if self._nothing_to_judge(exitstatus):
            return
        # syrupy built its report in its own pytest_sessionfinish, before this one.
        count_lost_pins(
            self._config,
            (
                (
                    pin_state,
                    os.path.join(tracker.snapshot_dir or "", stem + SNAPSHOT_SUFFIX),
                    stem,
                )
                for pins in self._crashed_workers
                for pin_state, tracker, case_id in pins
                for stem in (snapshot_file_stem(case_id),)
            ),
        )
        explain_incomplete_unused_detection(self._config)
        self._handle_unused_snapshots()
        self._drop_stale_pending()
        settings = state.settings
        if not state.interrupted:
            self._remove_stale_temporaries()
        results_error = False
        if settings.results_dir is not None and not state.interrupted:
            # The time the lanes were aggregated: LaneResult.to_json() says the same.
            when = next((r.timestamp for r in state.lane_results if r.timestamp), timestamp())
            try:
                state.results_written = write_results(
                    state.lane_results, settings.results_dir, when=when
                )
            except (OSError, ValueError) as exc:
                # A clear line in the summary and a failed run, not an INTERNALERROR
                # (ValueError: a metric value that JSON cannot hold, such as nan).
                state.results_error = (
                    f"--results {settings.results_dir}: cannot write the results files: {exc}"
                )
                results_error = True
        failing = [
            r
            for r in state.lane_results
            if not r.overall_pass and is_gated(r, settings.gate) and not state.interrupted
        ]
        options = self._config.option
        unused_fails = (
            state.unused_snapshots
            and not state.unused_deleted
            and not options.warn_unused_snapshots
            and not options.update_snapshots  # --snapshot-no-cleanup: kept on purpose
        )
        if (
            failing or unused_fails or results_error or state.undeletable_snapshots
        ) and session.exitstatus in (
            pytest.ExitCode.OK,
            pytest.ExitCode.NO_TESTS_COLLECTED,
        ):
            session.exitstatus = pytest.ExitCode.TESTS_FAILED

    def _remove_stale_temporaries(self) -> None:
        """Temporary files of interrupted atomic writes (a killed run) in the snapshot
        directories of the lanes that ran and in the results directory: removed, and
        named in the summary."""
        state = self._state
        directories = {Path(t.snapshot_dir) for t in state.trackers.values() if t.snapshot_dir}
        if state.settings.results_dir is not None:
            directories.add(state.settings.results_dir)
        for directory in sorted(directories):
            for path in stale_temporaries(directory, older_than=self._started):
                with contextlib.suppress(FileNotFoundError):
                    path.unlink()
                state.stale_temporaries.append(path)

    def _aggregate(self) -> list[LaneResult]:
        results = []
        for relpath in sorted(self._state.trackers):
            tracker = self._state.trackers[relpath]
            missing = tracker.missing
            if not tracker.outcomes and not missing:
                continue  # skipped (sealed, no key) or nothing but broken lines
            result = aggregate(
                tracker.key,
                tracker.thresholds,
                tracker.metric_names,
                tracker.outcomes.values(),
                missing=missing,
            )
            result.case_count = tracker.case_count
            result.invalid_lines = len(tracker.invalid)
            results.append(result)
        return results

    def _drop_stale_pending(self) -> None:
        """A case that passed has nothing to review: its pending result goes (one stat
        per run when there is none)."""
        root = pending_root(getattr(self._config, "cache", None))
        if root is None or not root.is_dir():
            return
        clear_pending(
            root,
            (
                (t.key.lane, t.key.split, t.key.version, snapshot_file_stem(o.case_id))
                for t in self._state.trackers.values()
                for o in t.outcomes.values()
                if o.passed or o.known_failure
            ),
        )

    def _handle_unused_snapshots(self) -> None:
        state = self._state
        options = self._config.option
        # syrupy's own switches keep their meaning for case pins too.
        if state.interrupted or getattr(options, "disable_unused_snapshots", False):
            return
        unused: list[Path] = []
        for tracker in state.trackers.values():
            if tracker.snapshot_dir is None or not tracker.fully_ran():
                continue
            case_ids = {outcome.case_id for outcome in tracker.outcomes.values()}
            unused += [
                path
                for path in unused_snapshot_files(Path(tracker.snapshot_dir), case_ids)
                if not path.stem.endswith(tuple(tracker.kept_pin_suffixes))
            ]
        for relpath, snapshot_dir in sorted(state.empty_case_files.items()):
            if relpath not in state.trackers:  # an emptied file: no case, no pin used
                unused += unused_snapshot_files(Path(snapshot_dir), set())
        state.unused_snapshots = sorted(unused)
        if unused and options.update_snapshots and not getattr(options, "no_cleanup", False):
            for path in unused:
                try:
                    path.unlink(missing_ok=True)
                except OSError as exc:
                    state.undeletable_snapshots.append((path, exc.strerror or str(exc)))
            state.unused_deleted = True

    def pytest_terminal_summary(
        self, terminalreporter: Any, exitstatus: int, config: pytest.Config
    ) -> None:
        state = self._state
        if inspecting(config):
            return
        write = terminalreporter.write_line
        if config.getoption("no_summary", False):
            self._append_github_summary(write)  # --no-summary hides the terminal section
            return
        skipped_files = sorted(
            t.relpath for t in state.trackers.values() if t.skipped and not t.outcomes
        )
        if not state.lane_results and not state.unused_snapshots and not skipped_files:
            return
        terminalreporter.write_sep("=", "core-verify lanes")
        if state.interrupted:
            not_written = " and no results file was written" if state.settings.results_dir else ""
            write(f"the run was interrupted: lanes are incomplete{not_written}", yellow=True)
        for result in state.lane_results:
            for line in terminal_lines(result, gate=state.settings.gate):
                write(line)
        for relpath in skipped_files:
            write(f"{relpath}: skipped (sealed: set CORE_VERIFY_HOLDOUT_KEY to run)")
        self._report_unused(write)
        if state.stale_temporaries:
            write(
                f"removed {len(state.stale_temporaries)} temporary file(s) left by an "
                "interrupted write:"
            )
            for path in state.stale_temporaries:
                write(f"  {self._shown(path)}")
        for path in state.results_written:
            write(f"results: {os.path.relpath(path)}")
        if state.results_error is not None:
            write(state.results_error, red=True)
        # A gated lane split counts in the final line as its gate test; an interrupted run
        # gates nothing, so its incomplete lanes are counted on their own.
        incomplete = (
            sum(1 for r in state.lane_results if not r.complete) if state.interrupted else 0
        )
        if incomplete:
            terminalreporter.stats.setdefault(_incomplete_label(incomplete), []).extend(
                SummaryEntry(r.key.label) for r in state.lane_results if not r.complete
            )
        if state.results_error is not None:
            terminalreporter.stats.setdefault(RESULTS_NOT_WRITTEN, []).extend(
                SummaryEntry(r.key.label) for r in state.lane_results
            )
        if state.undeletable_snapshots:
            terminalreporter.stats.setdefault(SNAPSHOTS_NOT_DELETED, []).extend(
                SummaryEntry(self._shown(path)) for path, _ in state.undeletable_snapshots
            )
        counted_unused = self._unused_for_final_line()
        if counted_unused:
            label, paths = counted_unused
            terminalreporter.stats.setdefault(label, []).extend(
                SummaryEntry(self._shown(path)) for path in paths
            )
        final_line_keys = (
            incomplete or state.results_error or state.undeletable_snapshots or counted_unused
        )
        if final_line_keys and hasattr(terminalreporter, "_set_main_color"):
            # pytest caches the keys of the final line while tests run and refreshes
            # them only after the last item: an interrupted run would drop ours.
            terminalreporter._set_main_color()
        self._append_github_summary(write)

    def _unused_for_final_line(self) -> tuple[str, list[Path]] | None:
        """The unused pins that the final line counts: ``3 snapshots unused`` when they
        fail the run (or only warn), ``3 snapshots deleted`` when --snapshot-update
        removed them."""
        state = self._state
        if not state.unused_snapshots:
            return None
        undeletable = {path for path, _ in state.undeletable_snapshots}
        if state.unused_deleted:
            deleted = [p for p in state.unused_snapshots if p not in undeletable]
            return (SNAPSHOTS_DELETED, deleted) if deleted else None
        return SNAPSHOTS_UNUSED, list(state.unused_snapshots)

    def _report_unused(self, write: Any) -> None:
        unused = self._state.unused_snapshots
        if not unused:
            return
        undeletable = {path for path, _ in self._state.undeletable_snapshots}
        deleted = [path for path in unused if path not in undeletable]
        if self._state.unused_deleted:
            unused = deleted
        verb = "deleted" if self._state.unused_deleted else "unused"
        if unused:
            write(f"{len(unused)} case snapshot(s) {verb}:")
        for path in unused[:20]:
            write(f"  {self._shown(path)}")
        if len(unused) > 20:
            write(f"  ... and {len(unused) - 20} more")
        if self._config.option.update_snapshots and not self._state.unused_deleted:
            write("(kept: --snapshot-no-cleanup)")
        elif not self._state.unused_deleted:
            write("Re-run pytest with --snapshot-update to delete unused snapshots.")
        for path, reason in self._state.undeletable_snapshots:
            write(
                f"cannot delete the unused snapshot {self._shown(path)}: {reason}; make its "
                "directory writable and run pytest with --snapshot-update again",
                red=True,
            )

    def _shown(self, path: Path) -> str:
        root = self._state.settings.rootpath
        return path.relative_to(root).as_posix() if path.is_relative_to(root) else str(path)

    def _append_github_summary(self, write: Any) -> None:
        if not self._state.lane_results:
            return
        lines = markdown_lines(self._state.lane_results, gate=self._state.settings.gate)
        warning = append_step_summary(lines, what="the lane tables")
        if warning:
            # The step summary is a convenience: the lanes above and the exit code stand.
            write(warning, yellow=True)
