"""The parent side of the replay helper: starting it, sending run B, reading the reply
(pure: no pytest import). The helper process itself is ``helper.py``."""

from __future__ import annotations

import contextlib
import json
import os
import select
import shutil
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pytest_core_verify._core.canonical import (
    sha256_hex,
)
from pytest_core_verify._replay.limits import RunTimeoutError
from pytest_core_verify._replay.run import NotJSONResultError, RunRecord
from pytest_core_verify._replay.wire import read_message, shown_output, write_message

# -- the replay helper ----------------------------------------------------------------

#: How much later run B's wall clock is in ``process`` mode (none in
#: ``process-real-clock`` mode).
CLOCK_SHIFT_SECONDS = 86400.0
#: The pure-Python ``datetime`` (so that shifting ``time.time`` shifts ``now()``, see
#: ``_replay.helper``), with the C module's ``datetime_CAPI`` capsule beside it: C
#: extensions (NumPy) import that capsule from ``datetime`` and refuse to load
#: without it, and a second try then fails with "cannot load module more than once".
HELPER_BOOT = (
    "import sys, _datetime; capsule = _datetime.datetime_CAPI; "
    "sys.modules['_datetime'] = None; import datetime; datetime.datetime_CAPI = capsule; "
    "del capsule, _datetime; "
    "from pytest_core_verify._replay.helper import main; sys.exit(main(sys.argv[1:]))"
)
#: The helper of ``process-real-clock`` mode: the C ``datetime`` and the real clock.
HELPER_BOOT_REAL_CLOCK = (
    "import sys; from pytest_core_verify._replay.helper import main; sys.exit(main(sys.argv[1:]))"
)


def helper_clock_shift(mode: str) -> float:
    """How much later than the real one the helper's wall clock is in ``mode``."""
    return CLOCK_SHIFT_SECONDS if mode == "process" else 0.0


#: How long the helper may take to start and import the lane, before its first call of
#: ``run()`` (when there is a time limit on ``run()``): a stated limit of its own, so that
#: a slow import is neither charged to run B nor a hang.
HELPER_START_SECONDS = 120.0
#: How much later than a call's deadline the parent gives up on a reply: the helper's
#: own timestamps decide whether a call went over, this only covers the message's way.
_REPLY_GRACE_SECONDS = 0.25
#: Where there is no pidfd, how often a waiting parent looks at whether the helper exited.
_EXIT_POLL_SECONDS = 0.1


class ReplayHelperError(Exception):
    """Run B could not be done in the helper: it raised, crashed or timed out.

    ``reason`` is the short form for the results file; the text is the item's report.
    """

    def __init__(self, message: str, reason: str) -> None:
        super().__init__(message)
        self.reason = reason


def helper_hash_seed(environ: Mapping[str, str]) -> str:
    """A ``PYTHONHASHSEED`` that differs from this process's (if it has a fixed one)."""
    current = environ.get("PYTHONHASHSEED", "")
    if current.isdigit():
        return str(int(current) % 4294967295 + 1)
    return "4919"  # this process's seed is random: any fixed one differs


@dataclass
class PendingRun:
    """Run B under way in the replay helper (see ``ReplayHelper.send_b``)."""

    timeout: float
    sealed: bool
    #: When the current phase must end (``None``: no limit): the start-up and import,
    #: then each of the helper's two calls of ``run()``, each against ``timeout``.
    deadline: float | None
    #: The phase under way: ``start-up`` (interpreter and lane import), ``warm-up`` (the
    #: helper's first call of ``run()``) or ``run B`` (its second).
    phase: str = "start-up"
    #: What the helper printed so far.
    output: bytearray = field(default_factory=bytearray)
    #: The request could not be sent: the helper had died.
    lost: bool = False


class ReplayHelper:
    """A long-lived interpreter for run B (see ``_replay_helper``), started lazily and
    again after it crashed or was killed for going over the time limit."""

    def __init__(self, scratch: Path, *, clock_shift: float = CLOCK_SHIFT_SECONDS) -> None:
        self.scratch = scratch
        self.clock_shift = clock_shift
        self.hash_seed = helper_hash_seed(os.environ)
        self._proc: subprocess.Popen[bytes] | None = None
        self._request_fd = -1
        self._reply_fd = -1
        self._output_fd = -1
        #: A file descriptor that becomes readable when the helper exits (Linux), or -1.
        self._pidfd = -1
        self.starts = 0

    def environment(self) -> dict[str, str]:
        """The helper's environment: this process's, with another hash seed, ``HOME``,
        ``TMPDIR`` and an extra first ``PATH`` entry."""
        env = dict(os.environ)
        env["PYTHONHASHSEED"] = self.hash_seed
        env["HOME"] = str(self.scratch / "home")
        env["TMPDIR"] = str(self.scratch / "tmp")
        env["PATH"] = os.pathsep.join(
            p for p in (str(self.scratch / "bin"), env.get("PATH", "")) if p
        )
        env.pop("PYTHONSTARTUP", None)
        return env

    def _start(self) -> None:
        for sub in ("home", "tmp", "bin", "work"):
            (self.scratch / sub).mkdir(parents=True, exist_ok=True)
        request_r, request_w = os.pipe()
        reply_r, reply_w = os.pipe()
        output_r, output_w = os.pipe()
        try:
            self._proc = subprocess.Popen(
                [
                    sys.executable,
                    "-c",
                    HELPER_BOOT if self.clock_shift else HELPER_BOOT_REAL_CLOCK,
                    str(request_r),
                    str(reply_w),
                    repr(self.clock_shift),
                    str(self.scratch / "work"),
                    str(os.getpid()),
                    # Linux's parent-death signal is bound to the thread that starts the
                    # helper: only the main thread lives as long as the process.
                    "1" if threading.current_thread() is threading.main_thread() else "0",
                ],
                stdin=subprocess.DEVNULL,
                stdout=output_w,
                stderr=output_w,
                pass_fds=(request_r, reply_w),
                env=self.environment(),
                cwd=self.scratch / "work",
                start_new_session=True,  # Ctrl-C goes to pytest; a kill takes its children
            )
        finally:
            for fd in (request_r, reply_w, output_w):
                os.close(fd)
        os.set_blocking(output_r, False)
        self._request_fd, self._reply_fd, self._output_fd = request_w, reply_r, output_r
        self._pidfd = -1
        pidfd_open = getattr(os, "pidfd_open", None)
        if pidfd_open is not None:
            with contextlib.suppress(OSError):  # (kernels before 5.3)
                self._pidfd = pidfd_open(self._proc.pid)
        self.starts += 1
        write_message(self._request_fd, list(sys.path))

    def send_b(
        self,
        *,
        lane_name: str,
        lane_file: Path,
        case: dict[str, Any],
        workdir: Path,
        cwd: Path,
        source_date_epoch: str,
        timeout: float,
        sealed: bool,
    ) -> PendingRun:
        """Start run B in the helper and return at once; ``finish_b`` takes its result
        (or ``abandon`` drops it). One run may be under way at a time."""
        if self._proc is None:
            self._start()
        request = {
            "lane": lane_name,
            "lane_file": str(lane_file),
            "case": case,
            "workdir": str(workdir),
            "cwd": str(cwd),
            "source_date_epoch": source_date_epoch,
            "sealed": sealed,
        }
        # Start-up and the lane's import have a limit of their own; each call of run()
        # gets ``timeout`` from when the helper says it starts (see _await_reply).
        deadline = time.monotonic() + HELPER_START_SECONDS if timeout > 0 else None
        pending = PendingRun(timeout=timeout, sealed=sealed, deadline=deadline)
        try:
            write_message(self._request_fd, request)
        except BrokenPipeError:
            pending.lost = True
        except BaseException:
            self.kill()  # interrupted mid-write: the pipe's state is unknown
            raise
        return pending

    def abandon(self, pending: PendingRun, *, wait: bool) -> None:
        """Run A failed while run B was under way: take B's reply and drop it, so that
        the helper is in step for the next case, or (``wait=False``: an interrupt, a
        timeout) stop the helper; the next case starts another."""
        if wait and not pending.lost:
            try:
                reply = self._await_reply(pending)
            except (_HelperTimeout, _HelperDied, OSError, EOFError):
                reply = None
            except BaseException:
                self.kill()  # interrupted while waiting (pytest-timeout, Ctrl-C): it goes on
                raise
            if reply is not None:
                self._show(pending.output, pending.sealed)
                return
        self.kill()

    def finish_b(self, pending: PendingRun) -> tuple[RunRecord, bool]:
        """Wait for run B started by ``send_b``: its record, and whether it started a
        process."""
        output, sealed, timeout = pending.output, pending.sealed, pending.timeout
        reply: Any = None
        try:
            if not pending.lost:
                reply = self._await_reply(pending)
        except (BrokenPipeError, EOFError, _HelperDied):
            reply = None
        except _HelperTimeout:
            self.kill()
            self._show(output, sealed)
            if pending.phase == "start-up":
                raise ReplayHelperError(
                    f"run B: the replay helper did not start and import the lane within "
                    f"{HELPER_START_SECONDS:g}s (its own limit, apart from run()'s); a lane "
                    "whose import takes longer can set replay = 'inprocess' in its lane.py",
                    reason=f"replay helper start-up exceeded {HELPER_START_SECONDS:g}s (run B)",
                ) from None
            raise RunTimeoutError("run B", timeout) from None
        except BaseException:
            self.kill()  # interrupted mid-call: its state is unknown
            raise
        if reply is None:
            self._drain(output)  # what a dying helper printed last
        self._show(output, sealed)
        if reply is None:
            code = self.kill()
            detail = "" if sealed else _tail(output)
            raise ReplayHelperError(
                f"run B: the replay helper died ({_exit_text(code)}) while running this "
                f"case; it is started again for the next case{detail}",
                reason="replay helper died (run B)",
            )
        kind = reply["kind"]
        ended = reply.get("ended")
        if pending.deadline is not None and ended is not None and ended > pending.deadline:
            # The call returned, after its time: over the limit all the same.
            raise RunTimeoutError("run B", timeout)
        if kind == "ok":
            canonical: bytes = reply["canonical"]
            record = RunRecord(
                result=json.loads(canonical),
                canonical=canonical,
                trace_hash=sha256_hex(canonical),
                files=reply["files"],
            )
            return record, bool(reply["spawned"])
        if kind == "not_json":
            raise NotJSONResultError(reply["message"] or "run B: not canonical JSON")
        if kind == "lane":
            raise ReplayHelperError(
                "run B: the replay helper cannot import the lane: "
                f"{reply['message'] or '(details withheld)'}; "
                + (
                    "a lane whose libraries subclass the C datetime classes (pandas does) "
                    "cannot run under the helper's pure-Python datetime: set replay = "
                    "'process-real-clock' in its lane.py (run B keeps the real clock); "
                    if self.clock_shift
                    else ""
                )
                + "a lane that cannot run in a fresh interpreter can set replay = "
                "'inprocess' in its lane.py",
                reason="replay helper cannot import the lane (run B)",
            )
        name = reply["type"]
        raise ReplayHelperError(
            f"run B (in the replay helper) raised {name}"
            + (f":\n{reply['message']}" if reply["message"] else "")
            # --pdb stops in this process, never in the helper: say how to get there.
            + (
                ""
                if sealed
                else "\nhint: run B ran in the replay helper, another interpreter; to debug "
                "it here (--pdb, breakpoint()), add --replay inprocess (without the "
                "helper's own hash seed, HOME, TMPDIR, PATH and clock)"
            ),
            reason=f"run() raised {name} (run B)",
        )

    def _await_reply(self, pending: PendingRun) -> Any:
        """The helper's reply to ``pending``; its phase messages are taken on the way.

        Each phase has its deadline: the start-up and import ``HELPER_START_SECONDS``
        from the request, each call of ``run()`` ``pending.timeout`` from the moment
        the helper says it starts. A phase message that arrives late (this process was
        busy with run A) is judged by the helper's timestamp, not by its arrival.
        Raises ``_HelperTimeout`` when a phase goes over, ``_HelperDied`` when the
        helper exits without a reply (watched by its pidfd, or polled): a process that
        run B started and that holds the reply pipe open does not keep this waiting.
        """
        # The helper flushes what the run printed before it writes the reply: once the
        # reply is readable, so is all of that output (drained here, not read again).
        output = pending.output
        watched = [self._reply_fd, self._output_fd]
        if self._pidfd >= 0:
            watched.append(self._pidfd)
        while True:
            deadline = pending.deadline
            remaining = None
            if deadline is not None:
                remaining = deadline + _REPLY_GRACE_SECONDS - time.monotonic()
                if remaining <= 0:
                    raise _HelperTimeout
            if self._pidfd < 0:
                remaining = (
                    _EXIT_POLL_SECONDS if remaining is None else min(remaining, _EXIT_POLL_SECONDS)
                )
            ready, _, _ = select.select(watched, [], [], remaining)
            if self._output_fd in ready:
                self._drain(output)
            if self._reply_fd in ready:
                # The helper writes a whole message at once: reading it blocks only briefly.
                message = read_message(self._reply_fd)
                if message is None:
                    raise EOFError
                if message.get("kind") != "phase":
                    return message
                self._enter_phase(pending, message["phase"], message["at"])
                continue
            exited = self._pidfd in ready or (
                self._pidfd < 0 and self._proc is not None and self._proc.poll() is not None
            )
            # Exited: a reply it wrote before is read first, above.
            if exited and not select.select([self._reply_fd], [], [], 0)[0]:
                raise _HelperDied

    @staticmethod
    def _enter_phase(pending: PendingRun, phase: str, at: float) -> None:
        if pending.deadline is not None and at > pending.deadline:
            raise _HelperTimeout  # the phase before ended after its time
        pending.phase = phase
        if pending.timeout > 0:
            pending.deadline = at + pending.timeout

    def _drain(self, output: bytearray) -> None:
        with contextlib.suppress(BlockingIOError, OSError):
            while True:
                chunk = os.read(self._output_fd, 65536)
                if not chunk:
                    return
                output += chunk

    @staticmethod
    def _show(output: bytearray, sealed: bool) -> None:
        """What run B printed goes where pytest captures this process's output."""
        shown = shown_output(bytes(output)) if output and not sealed else b""
        if shown:
            sys.stdout.write(shown.decode("utf-8", "replace"))
            sys.stdout.flush()

    def kill(self) -> int | None:
        """Stop the helper (and the processes it left) now; the next case starts another.

        Its scratch directories are emptied: a call stopped midway (a time limit, a
        crash) may have left a sealed case's files in the warm-up workdir, ``TMPDIR``
        or ``HOME``, which the helper empties only when a call ends."""
        proc, self._proc = self._proc, None
        if proc is None:
            return None
        with contextlib.suppress(OSError):
            os.killpg(proc.pid, signal.SIGKILL)
        code = proc.wait()
        self._close_fds()
        self._empty_scratch()
        return code

    def close(self) -> None:
        """End of the session: the helper exits on the request ``None``; then its
        process group (what run B left running) is killed, and its scratch emptied."""
        proc, self._proc = self._proc, None
        if proc is None:
            return
        pidfd, self._pidfd = self._pidfd, -1
        # The end is said, not only left to the pipe's end of file: a process that run A
        # forked in this process holds a copy of the pipe's write end, and would keep the
        # helper waiting for a request (and this process for the helper) until it exits.
        with contextlib.suppress(OSError):
            write_message(self._request_fd, None)
        self._close_fds()
        _wait_exited(proc, pidfd, timeout=10)
        # Exited but not yet reaped, so the group's id cannot have been reused yet.
        with contextlib.suppress(OSError):
            os.killpg(proc.pid, signal.SIGKILL)
        proc.wait()
        if pidfd >= 0:
            os.close(pidfd)
        self._empty_scratch()

    def _empty_scratch(self) -> None:
        for sub in ("work", "warm-w", "warm-c", "tmp", "home"):
            directory = self.scratch / sub
            with contextlib.suppress(OSError):
                for entry in list(os.scandir(directory)):
                    if entry.is_dir(follow_symlinks=False):
                        shutil.rmtree(entry.path, ignore_errors=True)
                    else:
                        with contextlib.suppress(OSError):
                            os.unlink(entry.path)

    def _close_fds(self) -> None:
        for fd in (self._request_fd, self._reply_fd, self._output_fd, self._pidfd):
            if fd >= 0:
                with contextlib.suppress(OSError):
                    os.close(fd)
        self._request_fd = self._reply_fd = self._output_fd = self._pidfd = -1


class _HelperTimeout(Exception):
    """A phase of run B in the helper went over its limit."""


class _HelperDied(Exception):
    """The helper exited without a reply."""


def _wait_exited(proc: subprocess.Popen[bytes], pidfd: int, *, timeout: float) -> None:
    """Wait up to ``timeout`` seconds for ``proc`` to exit, without reaping it."""
    if pidfd >= 0:
        with contextlib.suppress(OSError):
            select.select([pidfd], [], [], timeout)
        return
    waitid = getattr(os, "waitid", None)
    if waitid is None:  # reaped, then: its group id is unlikely to be reused so soon
        with contextlib.suppress(subprocess.TimeoutExpired):
            proc.wait(timeout)
        return
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        try:
            if waitid(os.P_PID, proc.pid, os.WEXITED | os.WNOHANG | os.WNOWAIT) is not None:
                return
        except ChildProcessError:
            return
        time.sleep(0.01)


def _exit_text(code: int | None) -> str:
    if code is not None and code < 0:
        try:
            return f"killed by {signal.Signals(-code).name}"
        except ValueError:
            return f"killed by signal {-code}"
    return f"exit status {code}"


def _tail(output: bytearray, lines: int = 20) -> str:
    text = shown_output(bytes(output)).decode("utf-8", "replace").rstrip()
    if not text:
        return ""
    return "; its last output:\n" + "\n".join(text.splitlines()[-lines:])
