"""The plugin's hooks for a session with lane work (pytest glue).

``plugin.pytest_configure`` calls ``configure`` and registers this module only when
``registration.has_work`` finds lanes (or an option or ini key of the plugin): in other
projects none of these hooks exists, so the plugin costs nothing per collected path.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from pytest_core_verify._core.holdout import scrub_report
from pytest_core_verify._core.lanes import LaneError, classify_case_file
from pytest_core_verify._plugin import journal, junit, progress
from pytest_core_verify._plugin.collect import should_ignore
from pytest_core_verify._plugin.controller import Controller
from pytest_core_verify._plugin.gate import gate_teststatus
from pytest_core_verify._plugin.items import (
    CaseCheckError,
    CaseFile,
    CaseItem,
    ErrorItem,
    case_thresholds,
    thresholds_from_marks,
)
from pytest_core_verify._plugin.longrepr import TEXT_FLAG, wrap_text_longrepr
from pytest_core_verify._plugin.perturbed import PerturbingCaseFile
from pytest_core_verify._plugin.pins import sync_written_pins
from pytest_core_verify._plugin.rootdir import check_option_values_not_paths
from pytest_core_verify._plugin.selection import check_lanes_reachable
from pytest_core_verify._plugin.settings import resolve_settings
from pytest_core_verify._plugin.state import STATE_KEY, LaneRegistry, SessionState

__all__ = ["configure"]


def configure(config: pytest.Config) -> None:
    """Resolve the settings, keep the session state in ``config.stash`` and, on the
    controller (the only process without xdist), register the controller."""
    if not _is_worker(config):
        check_option_values_not_paths(config)
    settings = resolve_settings(config)
    state = SessionState(settings, LaneRegistry(settings.lanes_root))
    config.stash[STATE_KEY] = state
    junit.maybe_register(config, state)
    if not _is_worker(config):
        check_lanes_reachable(config, settings)
        _check_lane_thresholds(state)
        config.pluginmanager.register(Controller(config, state), "core_verify_controller")
        if _asks_for_run_extras(config):
            # Imported only when asked for: the results documents, their schema
            # (jsonschema) and the comparison cost a session about 80 ms.
            from pytest_core_verify._plugin import baseline

            baseline.maybe_register(config, state)
        progress.maybe_register(config, state)


def _asks_for_run_extras(config: pytest.Config) -> bool:
    """Whether an option of ``_plugin.baseline`` is given (it checks their values)."""
    return (
        config.getoption("lane_baseline") is not None
        or config.getoption("results_history") is not None
        or bool(config.getoption("lane_baseline_fail"))
        or config.getoption("lane_baseline_tolerance") != "0"
    )


def _is_worker(config: pytest.Config) -> bool:
    return hasattr(config, "workerinput")


@pytest.hookimpl(trylast=True)
def pytest_sessionfinish(session: pytest.Session) -> None:
    # In every process that wrote pins (each xdist worker too): one sync for all of them.
    sync_written_pins(session.config)
    state = session.config.stash.get(STATE_KEY, None)
    if _is_worker(session.config) and state is not None and state.empty_case_files:
        # The controller does not collect: it learns of empty cases files from here.
        session.config.workeroutput["core_verify_empty_files"] = state.empty_case_files  # type: ignore[attr-defined]


def pytest_unconfigure(config: pytest.Config) -> None:
    state = config.stash.get(STATE_KEY, None)
    if state is not None:
        for mode in sorted(state.replay_helpers):
            state.replay_helpers.pop(mode).close()


def pytest_report_header(config: pytest.Config) -> str | None:
    state = config.stash.get(STATE_KEY, None)
    if state is None or not state.settings.known_lanes:
        return None  # inert in a project without lanes
    settings = state.settings
    if settings.skip:
        return "core-verify: --lane-skip: lanes are not collected"
    try:
        where = settings.lanes_root.relative_to(settings.rootpath).as_posix()
    except ValueError:
        where = str(settings.lanes_root)
    # Under --lane, the lanes this run selected: the others are not collected at all.
    lanes = settings.selected_lanes or settings.known_lanes
    return (
        f"core-verify: lanes {', '.join(lanes)} under {where}/ "
        "(--lane-skip: ordinary tests only; -p no:core_verify: plugin off)"
    )


def _check_lane_thresholds(state: SessionState) -> None:
    """Bad ``threshold`` markers in a lane.py are usage errors before anything runs.

    (Markers that a conftest adds to items are checked again at collection.)
    """
    settings = state.settings
    if settings.skip:
        return
    for name in settings.selected_lanes or settings.known_lanes:
        try:
            lane = state.lanes.get(name)
        except LaneError:
            continue  # reported as the lane's error item at collection
        marks = [getattr(m, "mark", m) for m in lane.marks]  # decorators or marks
        thresholds_from_marks([(lane, m) for m in marks if m.name == "threshold"], lane)


def pytest_ignore_collect(collection_path: Path, config: pytest.Config) -> bool | None:
    state = config.stash.get(STATE_KEY, None)
    if state is None or not state.settings.known_lanes:
        return None  # no lanes: nothing to claim, and no stat() per path
    if should_ignore(collection_path, state.settings, is_dir=collection_path.is_dir()):
        return True
    return None


def pytest_collect_file(file_path: Path, parent: pytest.Collector) -> CaseFile | None:
    state = parent.config.stash.get(STATE_KEY, None)
    if state is None or not state.settings.known_lanes:
        return None
    settings = state.settings
    key = classify_case_file(file_path, settings.lanes_root, settings.holdouts_root)
    if key is None or not settings.wants(key.lane, key.split):
        return None
    state.collected_lanes.add(key.lane)
    return PerturbingCaseFile.from_parent(
        parent, path=file_path, key=key, sealed=key.split == "holdout"
    )


def _is_case_node(item: pytest.Item) -> bool:
    return isinstance(item, (CaseItem, ErrorItem))


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(
    session: pytest.Session, config: pytest.Config, items: list[pytest.Item]
) -> None:
    state = config.stash.get(STATE_KEY, None)
    if state is None:
        return
    if state.settings.selected_lanes is not None:
        kept = [item for item in items if _is_case_node(item)]
        if len(kept) != len(items):
            config.hook.pytest_deselected(items=[i for i in items if not _is_case_node(i)])
            items[:] = kept
    checked: set[tuple[str, str]] = set()
    try:
        for item in items:
            if isinstance(item, CaseItem):
                # Items of a lane usually share their markers: check each distinct set
                # once (by repr: a bad marker's arguments may be unhashable, min=[1]).
                marks = repr(
                    [
                        ("item" if node is item else id(node), m.args, m.kwargs)
                        for node, m in item.iter_markers_with_node("threshold")
                    ]
                )
                if (item.lane.name, marks) not in checked:
                    checked.add((item.lane.name, marks))
                    case_thresholds(item, item.lane)
        if config.getoption("lane_resume"):
            resumed = journal.resume_items(config, items, CaseItem)
            if _is_worker(config):
                config.workeroutput["core_verify_resumed"] = resumed  # type: ignore[attr-defined]
            else:
                state.resumed = resumed
    except pytest.UsageError as exc:
        if _is_worker(config):
            # xdist drops a worker's usage error (an INTERNALERROR instead); the
            # controller raises it again from pytest_testnodedown.
            config.workeroutput["core_verify_usage_error"] = str(exc)  # type: ignore[attr-defined]
        raise


@pytest.hookimpl(tryfirst=True)
def pytest_report_teststatus(report: pytest.TestReport) -> tuple[str, str, str] | None:
    return gate_teststatus(report)


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    # First, so that JUnit XML and the terminal's summary both see the reason; on the
    # xdist controller too, where the report's text arrives as a plain string again.
    wrap_text_longrepr(report)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Any:
    report = yield
    if isinstance(item, (CaseItem, ErrorItem)):
        setattr(report, TEXT_FLAG, True)  # its text gets a reason line (_longrepr)
    if isinstance(item, CaseItem):
        if not item.disclosure.output_allowed:
            scrub_report(report, item.case.case_id)  # output, skip/xfail reasons: content
        if report.when == "call":
            # The case's status is decided on the controller, from this report.
            report.core_verify = item.report_payload()
            xfail = item.xfail_state()
            if xfail is not None and report.core_verify["outcome"] is not None:
                report.core_verify["outcome"]["xfail"] = xfail
            if report.core_verify["outcome"] is not None:
                # Every output of the case's outcome starts from here: results, history,
                # tables and summaries see only what the policy lets out.
                report.core_verify["outcome"] = item.disclosure.outcome(
                    report.core_verify["outcome"]
                )
            item.outcome = None  # it travels on the report now; 100,000 items hold none
    elif isinstance(item, ErrorItem) and report.when == "setup":
        report.core_verify_not_a_case = True
        if call.excinfo is not None and isinstance(call.excinfo.value, CaseCheckError):
            # The message is the whole story (file:line and the fix); no traceback.
            report.longrepr = str(call.excinfo.value)
    return report
