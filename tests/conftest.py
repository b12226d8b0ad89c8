"""Every test of the suite: inner pytest runs do not see the outer CI's environment.

A real runner sets ``CI``, ``GITHUB_STEP_SUMMARY`` and often ``FORCE_COLOR``; a
developer may have ``NO_COLOR`` or ``PY_COLORS``. Inner runs (pytester, in-process or
subprocess, and the ``core-verify`` commands) must read the same plain text and write
no tables into the real job summary, so those variables are removed for each test;
a test that is about one of them sets it itself. ``tests/test_ci_environment.py``
runs a sample of the suite with all of them set.
"""

from __future__ import annotations

import pytest

from tests.helpers import MakeLane, lane_maker

#: Variables of the outer CI or terminal that would change what an inner run prints.
OUTER_ENVIRONMENT = ("FORCE_COLOR", "NO_COLOR", "PY_COLORS", "GITHUB_STEP_SUMMARY", "CI")


@pytest.fixture(autouse=True)
def _inner_runs_ignore_the_outer_ci(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in OUTER_ENVIRONMENT:
        monkeypatch.delenv(name, raising=False)


@pytest.fixture
def make_lane(pytester: pytest.Pytester) -> MakeLane:
    """``make_lane(name, code=DOUBLING_LANE, dev=[...], public={"v1": [...]})``: see
    ``tests.helpers.lane_maker``."""
    return lane_maker(pytester)


@pytest.fixture(autouse=True)
def _inner_runs_are_not_xdist_workers(monkeypatch: pytest.MonkeyPatch) -> None:
    """When this suite itself runs under ``-n``, its in-process pytester sessions
    would inherit the outer worker's identity (syrupy then stays silent)."""
    for name in ("PYTEST_XDIST_WORKER", "PYTEST_XDIST_WORKER_COUNT", "PYTEST_XDIST_TESTRUNUID"):
        monkeypatch.delenv(name, raising=False)
