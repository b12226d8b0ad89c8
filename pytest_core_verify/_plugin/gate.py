"""Lane gates as test reports of their own (pytest glue).

Each gated lane split gets one report, ``lanes/<lane>::<split>[/<version>]::gate``,
passed or failed, with the lane's table as its longrepr. It is made on the process
where the case reports arrive (the only process without xdist, the controller with
it), so serial and distributed runs report the same gates, and JUnit XML, pytest-html,
``-rA``, ``--lf`` and CI dashboards count a missed threshold as a failed test.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from pytest_core_verify._core.aggregate import LaneResult
from pytest_core_verify._plugin.longrepr import TextRepr
from pytest_core_verify._plugin.settings import Settings
from pytest_core_verify._results.render import overall_line, terminal_lines

__all__ = [
    "gate_nodeid",
    "gate_report",
    "gate_reports",
    "gate_teststatus",
    "is_gated",
]


def is_gated(result: LaneResult, mode: str) -> bool:
    """``--lane-gate``: does this lane split decide the exit status?

    ``auto`` gates a split that ran whole and leaves a partial selection (``-k``,
    ``--lf``, ``-m``, a node id), or a split that ``-x``/``--maxfail`` stopped before its
    cases all ran, to its items; ``always`` and ``never`` force it.
    """
    return mode == "always" or (mode == "auto" and not result.partial and not result.stopped)


def _lane_dir(settings: Settings, lane: str) -> str:
    directory = settings.lanes_root / lane
    try:
        return directory.relative_to(settings.rootpath).as_posix()
    except ValueError:
        return directory.as_posix()


def gate_nodeid(settings: Settings, result: LaneResult) -> str:
    key = result.key
    split = "/".join(p for p in (key.split, key.version) if p)
    return f"{_lane_dir(settings, key.lane)}::{split}::gate"


def gate_reports(settings: Settings, result: LaneResult) -> list[pytest.TestReport]:
    """The gate of one lane split, as a call report (passed when the lane's verdict is
    PASS) and a teardown report (JUnit XML takes a test's properties from it)."""
    call = gate_report(settings, result)
    teardown = pytest.TestReport(
        nodeid=call.nodeid,
        location=call.location,
        keywords=call.keywords,
        outcome="passed",
        longrepr=None,
        when="teardown",
        sections=[],
        duration=0.0,
        user_properties=call.user_properties,
        core_verify_gate=True,
    )
    return [call, teardown]


def gate_report(settings: Settings, result: LaneResult) -> pytest.TestReport:
    """The gate of one lane split: passed when the lane's verdict is PASS."""
    nodeid = gate_nodeid(settings, result)
    lane_dir = _lane_dir(settings, result.key.lane)
    passed = result.overall_pass
    verdict = overall_line(result).removeprefix("overall: ")
    properties: list[tuple[str, object]] = [
        ("lane", result.key.lane),
        ("split", result.key.split),
        ("version", json.dumps(result.key.version)),
        ("overall_pass", json.dumps(passed)),
        *(
            (f"metric:{name}", json.dumps(summary.value))
            for name, summary in result.metrics.items()
        ),
    ]
    return pytest.TestReport(
        nodeid=nodeid,
        location=(lane_dir, None, nodeid),
        keywords={"gate": 1, result.key.lane: 1},
        outcome="passed" if passed else "failed",
        longrepr=None if passed else TextRepr(terminal_lines(result), lane_dir, verdict),
        when="call",
        sections=[],
        duration=0.0,
        user_properties=properties,
        core_verify_gate=True,
    )


def gate_teststatus(report: Any) -> tuple[str, str, str] | None:
    """Counted as passed or failed (final line, ``-rA``, ``-v``), but no progress letter:
    the gates arrive after the last item, and the lane section shows their verdicts."""
    if getattr(report, "core_verify_gate", False) and report.when == "call":
        # While it is logged: no letter and no word (a progress line would read 150%);
        # afterwards, for the short summary (-rA): PASSED or FAILED like any test.
        word = report.outcome.upper() if getattr(report, "core_verify_logged", False) else ""
        return report.outcome, "", word
    return None
