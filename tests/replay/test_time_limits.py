"""The per-call time limit: a watchdog thread's, independent of the process timer."""

from __future__ import annotations

import signal
import threading
import time
from typing import Any

import pytest

from pytest_core_verify._replay.limits import _Expired, time_limit


def _lanes_own_alarm() -> None:
    """What timeout-decorator does around a call: its alarm, switched off after."""

    def on_alarm(signum: int, frame: Any) -> None:
        raise TimeoutError("the lane's own limit")

    old = signal.signal(signal.SIGALRM, on_alarm)
    signal.alarm(30)
    try:
        time.sleep(0.01)
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)


def test_a_sleep_after_the_lanes_own_alarm_still_ends_at_the_limit() -> None:
    started = time.monotonic()
    with pytest.raises(_Expired), time_limit(0.2):
        _lanes_own_alarm()
        time.sleep(30)
    assert time.monotonic() - started < 5


def test_the_limit_leaves_the_process_timer_alone() -> None:
    """An alarm set outside (pytest-timeout's signal method) is neither moved nor
    taken over: it fires when it was due, with its own handler."""
    fired: list[int] = []
    old = signal.signal(signal.SIGALRM, lambda signum, frame: fired.append(signum))
    try:
        signal.setitimer(signal.ITIMER_REAL, 0.3)
        with time_limit(5):
            time.sleep(0.5)
            assert signal.getitimer(signal.ITIMER_REAL) == (0.0, 0.0)
        assert fired == [signal.SIGALRM]
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


def test_a_busy_loop_ends_at_the_limit() -> None:
    with pytest.raises(_Expired), time_limit(0.1):
        while True:
            pass


def test_an_exception_swallowed_is_raised_again_and_the_limit_stays_fired() -> None:
    swallowed = 0
    started = time.monotonic()
    with time_limit(0.1) as watch:
        while swallowed < 2:
            try:
                time.sleep(5)
            except _Expired:
                swallowed += 1
    assert watch.fired  # the caller reports the limit though the block returned
    assert time.monotonic() - started < 4


def test_a_limit_in_another_thread_ends_its_loop() -> None:
    outcome: list[str] = []

    def work() -> None:
        try:
            with time_limit(0.1):
                while True:
                    pass
        except _Expired:
            outcome.append("expired")

    thread = threading.Thread(target=work)
    thread.start()
    thread.join(10)
    assert outcome == ["expired"]


def test_a_block_that_ends_in_time_is_not_interrupted_later() -> None:
    for _ in range(200):
        with time_limit(0.05) as watch:
            pass
        assert not watch.fired
    time.sleep(0.2)  # no late exception, no late signal


def test_no_limit_when_zero() -> None:
    with time_limit(0) as watch:
        time.sleep(0.01)
    assert not watch.fired


def test_a_busy_loop_that_blocks_the_wake_up_signal_still_ends() -> None:
    """A run that blocks the signal the limit wakes the main thread with is stopped by
    the exception set on its thread once that signal has gone undelivered."""
    if threading.current_thread() is not threading.main_thread() or not hasattr(
        signal, "SIGVTALRM"
    ):
        pytest.skip("the wake-up signal is sent to the main thread on POSIX only")
    started = time.monotonic()
    try:
        with pytest.raises(_Expired), time_limit(0.2):
            signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGVTALRM})
            while time.monotonic() - started < 20:
                pass
    finally:
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGVTALRM})
    assert time.monotonic() - started < 5
