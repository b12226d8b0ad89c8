"""Time limits on one call of ``run()`` (pure: no pytest import).

The clock of a limit is a watchdog thread of the harness, never a process timer: a lane
may use the one real-time timer of the process itself (``signal.alarm``,
``setitimer(ITIMER_REAL)``, as timeout-decorator and similar libraries do) and switch it
off again, and pytest-timeout's signal method arms it too. A thread's deadline is
private to the harness; nothing the lane does to ``SIGALRM`` or its timers reaches it.
"""

from __future__ import annotations

import _signal  # type: ignore[import-not-found]
import ctypes
import os
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


#: How long after its first raise the exception is raised again, while the block goes
#: on (a ``run()`` that swallows it).
REPEAT_SECONDS = 1.0

#: The signal that wakes the main thread from a blocking call (``time.sleep``, a read)
#: when its time is up. Not ``SIGALRM``, which belongs to the lane and to pytest-timeout;
#: ``SIGVTALRM`` is sent by nothing but a virtual-time timer, which lanes hardly use (and
#: when one has put its own handler there, the limit raises without the wake-up).
WAKE_SIGNAL: int | None = getattr(signal, "SIGVTALRM", None)


@dataclass(eq=False)
class _Watch:
    """One armed limit: the thread it bounds and when it is due."""

    deadline: float = 0.0
    target: int = 0
    #: The target is the main thread, with the wake-up handler installed.
    main: bool = False
    #: The block is still running (cleared first thing when it ends).
    active: bool = True
    fired: bool = False
    #: The wake-up handler ran for this limit since the last signal was sent. A signal
    #: not delivered by the next fire was blocked (``pthread_sigmask``) or ignored.
    woken: bool = False


# The C functions under ``signal.signal`` and ``signal.getsignal``: those wrap them to
# turn every handler into an enum member or fail trying (a ValueError per call for a
# Python handler), which costs more than the rest of a run's time limit.
_setsignal: Callable[[int, Any], Any] = _signal.signal
_getsignal: Callable[[int], Any] = _signal.getsignal
_set_async_exc: Any = ctypes.pythonapi.PyThreadState_SetAsyncExc


class _Watchdog:
    """One daemon thread per process that fires every armed limit when it is due.

    Arming costs a lock and, only when the new deadline is the earliest, one wake-up of
    the thread: a run of a few microseconds pays no thread start and no context switch.
    """

    def __init__(self) -> None:
        self._cond = threading.Condition(threading.Lock())
        self._watches: list[_Watch] = []
        self._thread: threading.Thread | None = None
        #: The deadline the thread sleeps until (``None``: until notified).
        self._sleeping_until: float | None = None

    def arm(self, watch: _Watch) -> None:
        with self._cond:
            self._watches.append(watch)
            if self._thread is None:
                self._thread = threading.Thread(
                    target=self._loop, name="core-verify-time-limit", daemon=True
                )
                self._thread.start()
            elif self._sleeping_until is None or watch.deadline < self._sleeping_until:
                self._cond.notify()

    def disarm(self, watch: _Watch) -> None:
        watch.active = False
        with self._cond:
            self._watches.remove(watch)

    def _loop(self) -> None:
        with self._cond:
            while True:
                now = time.monotonic()
                for watch in self._watches:
                    if watch.deadline <= now:
                        _fire(watch)
                        watch.deadline = now + REPEAT_SECONDS
                wake = min((w.deadline for w in self._watches), default=None)
                self._sleeping_until = wake
                self._cond.wait(None if wake is None else max(wake - now, 0.0))


def _fire(watch: _Watch) -> None:
    if not watch.active:
        return
    undelivered = watch.fired and not watch.woken
    watch.fired = True
    if watch.main and WAKE_SIGNAL is not None and _getsignal(WAKE_SIGNAL) is _on_wake:
        # The handler raises in the main thread, and the signal interrupts a blocking
        # call there; an exception set asynchronously would wait for the call to return.
        watch.woken = False
        signal.pthread_kill(watch.target, WAKE_SIGNAL)
        if not undelivered:
            return
    # No handler of ours, or the last signal never reached it (a run that blocked the
    # signal with pthread_sigmask): the exception is set on the thread, which Python
    # raises between bytecodes, so a busy loop under a blocked signal still ends.
    _set_async_exc(ctypes.c_ulong(watch.target), ctypes.py_object(_Expired))


#: The limit of the main thread's innermost block (the wake-up handler raises for it).
_main_watch: list[_Watch | None] = [None]


def _on_wake(signum: int, frame: Any) -> None:
    watch = _main_watch[0]
    if watch is not None and watch.active and watch.fired:
        watch.woken = True
        raise _Expired


_watchdog = _Watchdog()


def _after_fork() -> None:
    # The thread does not exist in a forked child, and its lock may have been held.
    global _watchdog
    _watchdog = _Watchdog()
    _main_watch[0] = None


if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_after_fork)


@contextmanager
def time_limit(seconds: float) -> Iterator[_Watch]:
    """Bound the code in the block to ``seconds`` (0: no bound).

    A watchdog thread raises ``_Expired`` in the block's thread when the time is up, and
    again every ``REPEAT_SECONDS`` until the block ends, in case ``run()`` swallows it.
    In the main thread on POSIX it raises through a handler of ``WAKE_SIGNAL``, sent to
    that thread, which also interrupts ``time.sleep`` and blocking system calls;
    elsewhere (another thread, Windows, a lane that took ``WAKE_SIGNAL`` for itself)
    the exception is set for the thread, which Python checks between bytecodes only.
    No process timer is used: ``SIGALRM`` and ``ITIMER_REAL`` stay the lane's (and
    pytest-timeout's).

    The wake-up handler stays installed after the block when the signal had no Python
    handler before (a no-op outside a block): a signal sent just before the block
    ended and delivered just after must not meet the default action, which ends the
    process. A lane's own handler of that signal is put back.
    """
    watch = _Watch(target=threading.get_ident())
    if seconds <= 0:
        watch.active = False
        yield watch
        return
    main = threading.current_thread() is threading.main_thread()
    old_handler: Any = None
    if main and WAKE_SIGNAL is not None:
        old_handler = _getsignal(WAKE_SIGNAL)
        if old_handler is not _on_wake:
            _setsignal(WAKE_SIGNAL, _on_wake)
        watch.main = True
    outer, _main_watch[0] = _main_watch[0], (watch if main else _main_watch[0])
    watch.deadline = time.monotonic() + seconds
    watchdog = _watchdog
    watchdog.arm(watch)
    try:
        yield watch
    finally:
        watch.active = False  # first: neither the thread nor the handler raises now
        watchdog.disarm(watch)
        if main:
            _main_watch[0] = outer
            if WAKE_SIGNAL is not None and callable(old_handler) and old_handler is not _on_wake:
                _setsignal(WAKE_SIGNAL, old_handler)
        if watch.fired:  # an exception set but not yet raised must not escape later
            _set_async_exc(ctypes.c_ulong(watch.target), None)
