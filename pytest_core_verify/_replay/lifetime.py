"""The replay helper's life bound to the pytest process that started it (pure: no
pytest import; imported by the helper, so it imports nothing of the package).

A pytest process that ends without closing its helper (SIGTERM from a CI cancel or
``timeout``, SIGKILL, an xdist worker that crashed) must not leave the helper running
the case it was given, re-parented to PID 1, forever.
"""

from __future__ import annotations

import contextlib
import ctypes
import os
import signal
import sys
import threading

#: ``prctl`` options (linux/prctl.h).
_PR_SET_PDEATHSIG = 1
#: How often the watchdog looks at the parent process id where the kernel does not
#: send a signal when the parent dies.
WATCH_SECONDS = 0.5


def set_parent_death_signal(sig: int = signal.SIGKILL) -> bool:
    """Linux: have the kernel send ``sig`` to this process when its parent thread ends.
    Whether it is set."""
    if not sys.platform.startswith("linux"):
        return False
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        return int(libc.prctl(_PR_SET_PDEATHSIG, int(sig), 0, 0, 0)) == 0
    except (OSError, AttributeError):
        return False


def _kill_own_group() -> None:
    """This process and every process of its group (what run B started), at once; only
    the group this process leads (the helper starts a session of its own), never one
    it shares with its parent."""
    with contextlib.suppress(OSError, AttributeError):  # (no process groups on Windows)
        if os.getpgid(0) == os.getpid():
            os.killpg(os.getpid(), signal.SIGKILL)
    os._exit(70)  # not a group leader: this process alone


def bind_to_parent(parent_pid: int, *, kernel_signal: bool) -> None:
    """End this process when ``parent_pid`` (the pytest process) ends.

    ``kernel_signal``: the parent started this process from its main thread, so that
    Linux's parent-death signal fires when the parent process ends, not when some
    thread of it does; SIGKILL then ends this process at once, even in a loop of C code
    that never releases the GIL. Where that signal is not used, a daemon thread looks
    at the parent process id every ``WATCH_SECONDS`` and kills this process's group
    (this process and what run B left running) when it has changed. Either way, a
    parent that died before this call is noticed at once.
    """
    if kernel_signal and set_parent_death_signal():
        if os.getppid() != parent_pid:  # it died before the signal was set
            _kill_own_group()
        return

    def watch() -> None:
        while True:
            if os.getppid() != parent_pid:
                _kill_own_group()
            threading.Event().wait(WATCH_SECONDS)

    if os.getppid() != parent_pid:
        _kill_own_group()
    threading.Thread(target=watch, name="core-verify-parent-watch", daemon=True).start()
