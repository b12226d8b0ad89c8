"""Each phase of run B in the helper is judged by the helper's own timestamps: the
start-up and import by their own limit, each call of ``run()`` by the run limit."""

from __future__ import annotations

import pytest

from pytest_core_verify._replay.client import (
    PendingRun,
    ReplayHelper,
    _HelperTimeout,
)


def _pending(timeout: float, deadline: float | None) -> PendingRun:
    return PendingRun(timeout=timeout, sealed=False, deadline=deadline)


def test_each_call_gets_the_whole_limit_from_when_it_starts() -> None:
    pending = _pending(1.0, deadline=100.0)  # start-up and import: until 100
    ReplayHelper._enter_phase(pending, "warm-up", 50.0)  # a slow import, in time
    assert (pending.phase, pending.deadline) == ("warm-up", 51.0)
    ReplayHelper._enter_phase(pending, "run B", 50.9)
    assert (pending.phase, pending.deadline) == ("run B", 51.9)


@pytest.mark.parametrize(
    ("phase", "at"), [("warm-up", 100.5), ("run B", 51.5)], ids=["start-up", "warm-up"]
)
def test_a_phase_that_ended_after_its_deadline_is_over_its_limit(phase: str, at: float) -> None:
    pending = _pending(1.0, deadline=100.0)
    if phase == "run B":
        ReplayHelper._enter_phase(pending, "warm-up", 50.0)
    before = pending.phase
    with pytest.raises(_HelperTimeout):
        ReplayHelper._enter_phase(pending, phase, at)
    assert pending.phase == before  # the phase that went over is the one reported


def test_no_limit_when_the_run_limit_is_zero() -> None:
    pending = _pending(0.0, deadline=None)
    ReplayHelper._enter_phase(pending, "warm-up", 1e9)
    ReplayHelper._enter_phase(pending, "run B", 2e9)
    assert pending.deadline is None
