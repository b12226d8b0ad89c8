"""Time limits on one call of ``run()`` (pure: no pytest import)."""

from __future__ import annotations

import _signal  # type: ignore[import-not-found]
import signal
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

# -- time limits ----------------------------------------------------------------------


class RunTimeoutError(Exception):
    """A run of ``run()`` went over the per-run time limit."""

    def __init__(self, label: str, seconds: float) -> None:
        super().__init__(f"run() exceeded {seconds:g}s ({label})")
        self.label = label
        self.seconds = seconds


class _Expired(BaseException):
    """Raised inside ``run()`` when its time is up (not an ``Exception``, so that a
    ``run()`` that catches ``Exception`` does not swallow it)."""


@dataclass
class _Watch:
    fired: bool = False


@contextmanager
def time_limit(seconds: float) -> Iterator[_Watch]:
    """Bound the code in the block to ``seconds`` (0: no bound).

    In the main thread on POSIX: ``SIGALRM`` (``setitimer``), which also interrupts
    ``time.sleep`` and blocking system calls. An alarm that another plugin set (such as
    pytest-timeout's signal method) is kept: if it is due first, its handler runs. Elsewhere
    (another thread, Windows): a watchdog thread raises the exception in the running
    thread, which Python checks between bytecodes only. Either way the exception is raised
    again every second until the block ends, in case ``run()`` swallows it.
    """
    watch = _Watch()
    if seconds <= 0:
        yield watch
        return
    if threading.current_thread() is threading.main_thread() and hasattr(signal, "setitimer"):
        with _alarm(seconds, watch):
            yield watch
    else:
        with _async_raise(seconds, watch):
            yield watch


# The C functions under ``signal.signal`` and ``signal.getsignal``: those wrap them to
# turn every handler into an enum member or fail trying (a ValueError per call for a
# Python handler), which costs more than the rest of a run's time limit.
_setsignal: Callable[[int, Any], Any] = _signal.signal
_getsignal: Callable[[int], Any] = _signal.getsignal


@contextmanager
def _alarm(seconds: float, watch: _Watch) -> Iterator[None]:
    start = time.monotonic()
    ours = start + seconds
    old_handler = _getsignal(signal.SIGALRM)
    old_delay, old_interval = signal.getitimer(signal.ITIMER_REAL)
    theirs = start + old_delay if old_delay > 0 else None
    their_turn = [theirs is not None]

    def handler(signum: int, frame: Any) -> None:
        now = time.monotonic()
        if their_turn[0] and theirs is not None and now >= theirs - 0.001:
            their_turn[0] = False
            signal.setitimer(signal.ITIMER_REAL, max(ours - now, 0.001))
            if callable(old_handler):
                old_handler(signum, frame)
            return
        watch.fired = True
        signal.setitimer(signal.ITIMER_REAL, 1.0)
        raise _Expired

    _setsignal(signal.SIGALRM, handler)
    signal.setitimer(signal.ITIMER_REAL, min(seconds, old_delay) if theirs else seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        _setsignal(signal.SIGALRM, old_handler)
        if their_turn[0] and theirs is not None:
            signal.setitimer(
                signal.ITIMER_REAL, max(theirs - time.monotonic(), 0.001), old_interval
            )


@contextmanager
def _async_raise(seconds: float, watch: _Watch) -> Iterator[None]:
    import ctypes

    target = threading.get_ident()
    done = threading.Event()

    def watchdog() -> None:
        delay = seconds
        while not done.wait(delay):
            watch.fired = True
            ctypes.pythonapi.PyThreadState_SetAsyncExc(
                ctypes.c_ulong(target), ctypes.py_object(_Expired)
            )
            delay = 1.0

    thread = threading.Thread(target=watchdog, name="core-verify-time-limit", daemon=True)
    thread.start()
    try:
        yield
    finally:
        done.set()
        thread.join()
        if watch.fired:  # an exception set but not yet raised must not escape later
            ctypes.pythonapi.PyThreadState_SetAsyncExc(ctypes.c_ulong(target), None)
