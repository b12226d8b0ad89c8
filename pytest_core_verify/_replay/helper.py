"""The replay helper: a long-lived interpreter that does run B (pure: no pytest import).

Started by ``_replay.ReplayHelper`` once per pytest process (per xdist worker) with
another ``PYTHONHASHSEED``, ``HOME``, ``TMPDIR`` and ``PATH`` than the pytest process,
and a wall clock shifted by ``--clock-shift`` seconds. It reads requests from one pipe
and answers on another (length-prefixed pickles); the case travels only through these
pipes, never through a file or the command line. Its standard output and error are a
third pipe that the parent reads (and drops, for a sealed case).

Run as ``python -c 'import sys; sys.modules["_datetime"] = None; ...'`` (see
``_replay.HELPER_BOOT``): without the C ``_datetime`` module, ``datetime`` is the
pure-Python one, whose ``now()``/``today()``/``utcnow()`` read ``time.time()``, so
shifting ``time.time`` shifts them too. The C module's ``datetime_CAPI`` capsule is put
on the pure module, where C extensions (NumPy) look for it; the objects they make
through it are the C classes, whose clock is not shifted.
"""

from __future__ import annotations

import contextlib
import copy
import ctypes
import os
import shutil
import sys
import time
import traceback
from collections.abc import Callable, Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

from pytest_core_verify._core.sealed import PUBLIC, SEALED
from pytest_core_verify._replay.garbage import case_garbage_freed
from pytest_core_verify._replay.lifetime import bind_to_parent
from pytest_core_verify._replay.variation import (
    RUN_B,
    apply_environment,
    environ_snapshot,
    restore_environ,
)
from pytest_core_verify._replay.wire import (
    ENV_EVENTS,
    RUN_B_HEADING,
    SPAWN_EVENTS,
    WARM_UP_HEADING,
    read_message,
    write_message,
)

__all__ = ["main"]

#: The clock the parent times each call by (taken before a lane can replace it).
_monotonic = time.monotonic


def _shift_clock(seconds: float) -> None:
    """Every wall-clock read of this interpreter is ``seconds`` later than the real one.

    ``time.time``/``time_ns`` and the functions that read the clock when called without
    a time (``localtime``, ``gmtime``, ``ctime``, ``asctime``, ``strftime``); the
    pure-Python ``datetime`` reads ``time.time``. Monotonic clocks are left alone.
    """
    if not seconds:
        return
    real_time, real_ns = time.time, time.time_ns
    real_localtime, real_gmtime = time.localtime, time.gmtime
    real_ctime, real_asctime, real_strftime = time.ctime, time.asctime, time.strftime
    shift_ns = int(seconds * 1_000_000_000)

    def shifted_time() -> float:
        return real_time() + seconds

    def shifted_ns() -> int:
        return real_ns() + shift_ns

    def localtime(secs: float | None = None) -> time.struct_time:
        return real_localtime(shifted_time() if secs is None else secs)

    def gmtime(secs: float | None = None) -> time.struct_time:
        return real_gmtime(shifted_time() if secs is None else secs)

    def ctime(secs: float | None = None) -> str:
        return real_ctime(shifted_time() if secs is None else secs)

    def asctime(t: Any = None) -> str:
        return real_asctime(localtime() if t is None else t)

    def strftime(fmt: str, t: Any = None) -> str:
        return real_strftime(fmt, localtime() if t is None else t)

    time.time, time.time_ns = shifted_time, shifted_ns
    time.localtime, time.gmtime, time.ctime = localtime, gmtime, ctime  # type: ignore[assignment]
    time.asctime, time.strftime = asctime, strftime


def _become_subreaper() -> None:
    """Processes that a run leaves behind become this process's children (Linux)."""
    with contextlib.suppress(Exception):
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(36, 1, 0, 0, 0)  # PR_SET_CHILD_SUBREAPER


def _reap() -> None:
    """Collect exited children, so that zombies do not pile up."""
    with contextlib.suppress(ChildProcessError, OSError):
        while True:
            pid, _ = os.waitpid(-1, os.WNOHANG)
            if pid == 0:
                return


class _Helper:
    def __init__(self, scratch: Path, phase: Callable[[str], None] | None = None) -> None:
        self.scratch = scratch
        #: Tells the parent that a call of ``run()`` starts now (each is timed there).
        self.phase = phase or (lambda name: None)
        #: The environment the helper started with: restored after a request whose runs
        #: changed any variable, so that no case sees what an earlier one set.
        self.base_environ = environ_snapshot()
        for name in ("warm-w", "warm-c"):
            (scratch / name).mkdir(parents=True, exist_ok=True)
        # The warm-up run's directories, as strings for os.scandir and os.chdir.
        self.warm_w_path = scratch / "warm-w"
        self.warm_w, self.warm_c = str(scratch / "warm-w"), str(scratch / "warm-c")
        self.lanes: dict[str, ModuleType | str] = {}
        #: Audit events since the last clear (the hook is a C method: see
        #: ``_replay._audit_events``).
        self.events: dict[str, Any] = {}
        #: A run has started a process: its orphans may become this process's children.
        self.ever_spawned = False
        #: The ``SOURCE_DATE_EPOCH`` of run B's variables as last set, or ``None`` when
        #: they may have changed since (an ``os.putenv`` event was seen): until then
        #: they are not looked at again.
        self.variables_set_for: str | None = None
        sys.addaudithook(self.events.setdefault)

    def lane(self, name: str, lane_file: str) -> ModuleType | str:
        """The lane module, imported once, or why it cannot be imported here."""
        found = self.lanes.get(name)
        if found is not None:
            return found
        from pytest_core_verify._core.lanes import _import_lane_module

        try:
            # Imported exactly as the pytest process imports it (a lane with helper
            # modules is a package).
            self.lanes[name] = _import_lane_module(name, Path(lane_file))
        except BaseException as exc:
            self.lanes[name] = f"{type(exc).__name__}: {exc}"
        return self.lanes[name]

    def handle(self, request: dict[str, Any]) -> dict[str, Any]:
        sealed = bool(request["sealed"])
        lane = self.lane(request["lane"], request["lane_file"])
        if isinstance(lane, str):
            message = None if sealed else lane
            return {"kind": "lane", "message": message}
        run: Callable[[dict[str, Any], Path], Any] = lane.run
        reply: dict[str, Any]
        with _silenced() if sealed else contextlib.nullcontext():
            # (Whatever came before, such as the lane's import, may have started one.)
            self.ever_spawned = self.ever_spawned or not SPAWN_EVENTS.isdisjoint(self.events)
            self._clear_events()
            # A sealed case: objects it left in reference cycles are freed at the end,
            # while every channel is shut (their __del__ may print the case).
            with case_garbage_freed() if sealed else contextlib.nullcontext():
                try:
                    reply = self._both_calls(run, request, sealed)
                finally:
                    spawned = not SPAWN_EVENTS.isdisjoint(self.events)
                    if not ENV_EVENTS.isdisjoint(self.events):
                        # A run changed the environment: the next case starts from the
                        # helper's own (run B's variables are applied again).
                        restore_environ(self.base_environ)
                    self._clear_events()
                    del run
            _flush()
        reply["spawned"] = spawned
        self.ever_spawned = self.ever_spawned or spawned
        if self.ever_spawned:
            _reap()
        return reply

    def _clear_events(self) -> None:
        if not ENV_EVENTS.isdisjoint(self.events):
            self.variables_set_for = None
        self.events.clear()

    def _apply_run_b(self, cwd: str, source_date_epoch: str) -> None:
        """Run B's variation, its variables looked at only if they may have changed."""
        if not ENV_EVENTS.isdisjoint(self.events):
            self.variables_set_for = None
        apply_environment(
            RUN_B,
            cwd=cwd,
            source_date_epoch=source_date_epoch,
            variables=self.variables_set_for != source_date_epoch,
        )
        for name in ENV_EVENTS:  # those of setting them, just now
            self.events.pop(name, None)
        self.variables_set_for = source_date_epoch

    def _both_calls(
        self, run: Callable[[dict[str, Any], Path], Any], request: dict[str, Any], sealed: bool
    ) -> dict[str, Any]:
        """The case twice, the first result dropped: so run B is the second call of the
        case in its interpreter, as it is in ``inprocess`` mode, and state kept between
        calls (a counter, a cache keyed by the case) makes it differ from run A.

        This process is the helper's own: run B's environment is applied for good, not
        saved and restored (its variables looked at again only after a change to the
        environment was seen, and only what differs set).
        """
        from pytest_core_verify._core.canonical import (
            NotCanonicalError,
            canonical_bytes,
            tree_digest,
        )

        case, sde = request["case"], request["source_date_epoch"]
        workdir = Path(request["workdir"])
        try:
            self._apply_run_b(self.warm_c, sde)
            warm_case = copy.deepcopy(case)
            self.phase("warm-up")
            # What each call prints goes under its own heading, so that the warm-up's
            # output is never shown as run B's (the parent drops headings with nothing
            # under them).
            _heading(WARM_UP_HEADING)
            try:
                run(warm_case, self.warm_w_path)
            except Exception:
                pass
            finally:
                del warm_case
                _clear(self.warm_w)
                _clear(self.warm_c)
            self._apply_run_b(request["cwd"], sde)
            self.phase("run B")
            _heading(RUN_B_HEADING)
            result = run(case, workdir)  # unpickled for this call: a private copy already
            ended = _monotonic()
        except BaseException as exc:
            return {
                "kind": "raised",
                "type": (SEALED if sealed else PUBLIC).type_name(type(exc)),
                "message": None if sealed else _format(exc),
                "ended": _monotonic(),
            }
        finally:
            with contextlib.suppress(OSError):
                os.chdir(self.scratch)
        try:
            canonical = canonical_bytes(result)
        except NotCanonicalError as exc:
            message = (
                f"run B: run() returned a result that is not canonical JSON at {exc.path}: "
                f"{exc.reason}; return only dicts, lists, str, int, finite float, bool and None"
            )
            return {"kind": "not_json", "message": None if sealed else message, "ended": ended}
        except BaseException as exc:
            kind = (SEALED if sealed else PUBLIC).type_name(type(exc))
            return {"kind": "raised", "type": kind, "message": None}
        return {
            "kind": "ok",
            "canonical": canonical,
            "files": tree_digest(workdir),
            "ended": ended,
        }


def _clear(directory: str) -> None:
    """Empty ``directory`` (what a sealed case wrote must not stay on disk)."""
    try:
        with os.scandir(directory) as it:
            entries = list(it)
    except FileNotFoundError:
        os.makedirs(directory)
        return
    for entry in entries:
        if entry.is_dir(follow_symlinks=False):
            shutil.rmtree(entry.path, ignore_errors=True)
        else:
            with contextlib.suppress(OSError):
                os.unlink(entry.path)


def _format(exc: BaseException) -> str:
    """The exception with the lane's frames (the helper's own are dropped)."""
    here = os.path.dirname(os.path.abspath(__file__))
    frames = [
        frame
        for frame in traceback.extract_tb(exc.__traceback__)
        if os.path.dirname(os.path.abspath(frame.filename)) != here
    ]
    lines = ["Traceback (most recent call last):\n", *traceback.format_list(frames)]
    lines += traceback.format_exception_only(type(exc), exc)
    return "".join(lines).rstrip("\n")


def _heading(text: bytes) -> None:
    """Write a section heading to the output pipe, after what was printed before it."""
    _flush()
    with contextlib.suppress(OSError):
        os.write(1, text)


def _flush() -> None:
    for stream in (sys.stdout, sys.stderr, sys.__stdout__, sys.__stderr__):
        if stream is not None:
            with contextlib.suppress(Exception):
                stream.flush()


@contextlib.contextmanager
def _silenced() -> Iterator[None]:
    from pytest_core_verify._core.holdout import silenced

    with silenced():
        yield


def main(argv: list[str]) -> int:
    """``REQUEST_FD REPLY_FD CLOCK_SHIFT SCRATCH PARENT_PID KERNEL_SIGNAL``."""
    request_fd, reply_fd = int(argv[0]), int(argv[1])
    bind_to_parent(int(argv[4]), kernel_signal=argv[5] == "1")
    for fd in (request_fd, reply_fd):
        # A process that run B starts (and execs) does not hold the pipes open.
        os.set_inheritable(fd, False)
    if float(argv[2]):  # (not in process-real-clock mode: see HELPER_BOOT_REAL_CLOCK)
        _shift_clock(float(argv[2]))

    def phase(name: str) -> None:
        # The helper's monotonic clock is the parent's (one system-wide clock).
        write_message(reply_fd, {"kind": "phase", "phase": name, "at": _monotonic()})

    helper = _Helper(Path(argv[3]), phase)
    _become_subreaper()
    sys.path[:] = read_message(request_fd)
    while True:
        request = read_message(request_fd)
        if request is None:
            return 0
        write_message(reply_fd, helper.handle(request))
