"""The double run of SPEC §4: the same case twice, the second under a varied
environment, compared byte for byte (pure: no pytest import)."""

from __future__ import annotations

import _signal  # type: ignore[import-not-found]
import contextlib
import copy
import functools
import json
import os
import random
import select
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pytest_core_verify._canonical import (
    NotCanonicalError,
    canonical_bytes,
    diff_json_paths,
    pretty_json,
    sha256_hex,
    short_diff,
    tree_digest,
)
from pytest_core_verify._replay_helper import SPAWN_EVENTS, read_message, write_message

__all__ = [
    "CLOCK_SHIFT_SECONDS",
    "REPLAY_MODES",
    "RUN_A",
    "RUN_B",
    "CaseScope",
    "NotJSONResultError",
    "PendingRun",
    "ReplayHelper",
    "ReplayHelperError",
    "ReplayOutcome",
    "ReplaySetup",
    "RunRecord",
    "RunTimeoutError",
    "Variation",
    "abandon_b",
    "replay",
    "run_once",
    "start_b",
    "time_limit",
]

_LOCALE_VARS = ("LANG", "LC_ALL", "LC_CTYPE", "LC_NUMERIC", "LC_TIME", "LANGUAGE")


@dataclass(frozen=True)
class Variation:
    """What the process environment looks like during one run."""

    label: str
    tz: str
    locale: str
    umask: int
    random_seed: int


RUN_A = Variation("run A", tz="UTC", locale="C.UTF-8", umask=0o022, random_seed=20240101)
# Far from UTC, a different locale, a stricter umask and another random state, so that
# a result that leans on any of them shows up as a difference.
RUN_B = Variation(
    "run B", tz="Pacific/Kiritimati", locale="de_DE.UTF-8", umask=0o077, random_seed=97531
)


class NotJSONResultError(TypeError):
    """``run`` returned something that has no canonical JSON form."""


@dataclass(frozen=True)
class RunRecord:
    result: Any
    canonical: bytes
    trace_hash: str
    files: dict[str, str]


@dataclass(frozen=True)
class ReplayOutcome:
    first: RunRecord
    second: RunRecord
    #: A run started a process: it may write into its workdir after the case.
    spawned: bool = False

    @property
    def deterministic(self) -> bool:
        return (
            self.first.canonical == self.second.canonical and self.first.files == self.second.files
        )

    def explain(self) -> str:
        """Which JSON paths and files differ, with a short diff of the two results."""
        lines = ["the two runs of this case differ (replay_determinism = 0)"]
        if self.first.canonical != self.second.canonical:
            first, second = self.first.result, self.second.result
            paths = list(diff_json_paths(first, second))
            shown = ", ".join(paths[:10]) + (
                f" (+{len(paths) - 10} more)" if len(paths) > 10 else ""
            )
            lines.append(f"differing JSON paths: {shown}")
            lines.append(
                short_diff(pretty_json(first), pretty_json(second), labels=("run A", "run B"))
            )
        for name in sorted(set(self.first.files) | set(self.second.files)):
            in_a, in_b = self.first.files.get(name), self.second.files.get(name)
            if in_a == in_b:
                continue
            if in_b is None:
                lines.append(f"file {name}: written in run A only")
            elif in_a is None:
                lines.append(f"file {name}: written in run B only")
            else:
                lines.append(f"file {name}: content differs ({in_a[:12]} != {in_b[:12]})")
        lines.append(
            "hint: a result must not depend on the clock (use SOURCE_DATE_EPOCH), unseeded "
            "random, absolute paths, the current directory, or state kept between calls"
        )
        return "\n".join(lines)


@functools.cache
def _wanted(variation: Variation, source_date_epoch: str) -> tuple[tuple[str, str], ...]:
    """The environment variables a variation sets (computed once per variation)."""
    wanted = dict.fromkeys(_LOCALE_VARS, variation.locale)
    wanted["TZ"] = variation.tz
    wanted["SOURCE_DATE_EPOCH"] = source_date_epoch
    return tuple(wanted.items())


@functools.cache
def _seeded_state(seed: int) -> tuple[Any, ...]:
    """``random``'s state right after ``random.seed(seed)``: setting it is cheaper."""
    return random.Random(seed).getstate()


class CaseScope:
    """The process state around the runs of one case: saved once, each run's variation
    applied over the one before it (only what differs is set; ``tzset`` only when ``TZ``
    changes), and everything restored once at the end, whatever the runs changed."""

    def __init__(self, source_date_epoch: str) -> None:
        self.source_date_epoch = source_date_epoch
        self._saved_env: dict[str, str | None] = {}
        self._saved_cwd = ""
        #: The TZ that the C library's time zone was last set from (tzset).
        self._tz_in_effect: str | None = None
        self._saved_umask: int | None = None
        self._saved_random: tuple[Any, ...] = ()

    def __enter__(self) -> CaseScope:
        self._saved_cwd = os.getcwd()
        self._tz_in_effect = os.environ.get("TZ")
        self._saved_random = random.getstate()
        return self

    def apply(self, variation: Variation, cwd: Path | str) -> None:
        environ = os.environ
        saved = self._saved_env
        for name, value in _wanted(variation, self.source_date_epoch):
            old = environ.get(name)
            if old != value:
                if name not in saved:
                    saved[name] = old
                environ[name] = value
        self._sync_tz()
        umask = os.umask(variation.umask)
        if self._saved_umask is None:
            self._saved_umask = umask
        random.setstate(_seeded_state(variation.random_seed))
        os.chdir(cwd)

    def __exit__(self, *exc_info: object) -> None:
        os.chdir(self._saved_cwd)
        if self._saved_umask is not None:
            os.umask(self._saved_umask)
        random.setstate(self._saved_random)
        environ = os.environ
        for name, old in self._saved_env.items():
            if old is None:
                environ.pop(name, None)
            else:
                environ[name] = old
        self._sync_tz()

    def _sync_tz(self) -> None:
        """``tzset`` when ``TZ`` differs from the one last applied (by us or by a run
        that set it without calling ``tzset``)."""
        tz = os.environ.get("TZ")
        if tz != self._tz_in_effect:
            _tzset()
            self._tz_in_effect = tz


def apply_environment(
    variation: Variation, *, cwd: Path | str, source_date_epoch: str, variables: bool = True
) -> None:
    """Apply ``variation`` for good (the replay helper's own process): only what differs
    is set, ``tzset`` only when ``TZ`` changes; ``random`` is seeded every time.

    ``variables=False``: the caller knows that no environment variable changed since the
    last call (the helper watches ``os.putenv`` audit events), so none is looked at."""
    if variables:
        environ = os.environ
        tz_changed = False
        for name, value in _wanted(variation, source_date_epoch):
            if environ.get(name) != value:
                environ[name] = value
                tz_changed = tz_changed or name == "TZ"
        if tz_changed:
            _tzset()
    os.umask(variation.umask)
    random.setstate(_seeded_state(variation.random_seed))
    os.chdir(cwd)


def _tzset() -> None:
    tzset = getattr(time, "tzset", None)  # not on Windows
    if tzset is not None:
        tzset()


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


# -- one run --------------------------------------------------------------------------

#: The audit events raised since the last ``clear()``, each with the arguments of its
#: first occurrence. The hook is ``dict.setdefault`` itself, a C method: an audit hook
#: cannot be removed and runs on every audited call of the whole session (pytest's own
#: ``open``, ``os.mkdir``, ``os.putenv``...), and a Python function there costs far more.
_audit_events: dict[str, Any] = {}
_audit_installed = False


def _install_audit_hook() -> None:
    global _audit_installed
    if not _audit_installed:
        sys.addaudithook(_audit_events.setdefault)
        _audit_installed = True


def spawn_seen(events: Mapping[str, Any]) -> bool:
    """Whether ``events`` (audit event names) include the creation of a process."""
    return not SPAWN_EVENTS.isdisjoint(events)


def run_once(
    run: Callable[[dict[str, Any], Path], Any],
    case: dict[str, Any],
    workdir: Path,
    cwd: Path,
    variation: Variation,
    source_date_epoch: str,
    timeout: float = 0.0,
    *,
    scope: CaseScope | None = None,
) -> RunRecord:
    """One run of ``case`` under ``variation``, bounded to ``timeout`` seconds (0: none).

    In ``scope`` (the case's, shared by its runs) when given; else in a scope of its own.
    """
    if scope is None:
        with CaseScope(source_date_epoch) as own:
            return run_once(
                run, case, workdir, cwd, variation, source_date_epoch, timeout, scope=own
            )
    # Each run gets its own copy, so a run that mutates its case cannot leak into the other.
    fresh_case = copy.deepcopy(case)
    scope.apply(variation, cwd)
    try:
        with time_limit(timeout) as watch:
            result = run(fresh_case, workdir)
    except _Expired:
        raise RunTimeoutError(variation.label, timeout) from None
    if watch.fired:  # the run caught the exception and returned all the same
        raise RunTimeoutError(variation.label, timeout)
    try:
        canonical = canonical_bytes(result)
    except NotCanonicalError as exc:
        raise NotJSONResultError(
            f"{variation.label}: run() returned a result that is not canonical JSON at "
            f"{exc.path}: {exc.reason}; return only dicts, lists, str, int, finite float, "
            "bool and None"
        ) from None
    # Round-trip so that the recorded result is exactly what the canonical bytes say
    # (tuples become lists, float formatting is fixed).
    return RunRecord(
        result=json.loads(canonical),
        canonical=canonical,
        trace_hash=sha256_hex(canonical),
        files=tree_digest(workdir),
    )


# -- the replay helper ----------------------------------------------------------------

REPLAY_MODES = ("process", "inprocess")
#: How much later run B's wall clock is in ``process`` mode.
CLOCK_SHIFT_SECONDS = 86400.0
HELPER_BOOT = (
    "import sys; sys.modules['_datetime'] = None; "
    "from pytest_core_verify._replay_helper import main; sys.exit(main(sys.argv[1:]))"
)


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
    deadline: float | None
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
                    HELPER_BOOT,
                    str(request_r),
                    str(reply_w),
                    repr(self.clock_shift),
                    str(self.scratch / "work"),
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
        # The case runs twice there (see _replay_helper._both_calls): twice the time.
        deadline = time.monotonic() + 2 * timeout if timeout > 0 else None
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
                reply = self._await_reply(pending.output, pending.deadline)
            except BaseException:
                reply = None
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
                reply = self._await_reply(output, pending.deadline)
        except BrokenPipeError:
            reply = None
        except _HelperTimeout:
            self.kill()
            self._show(output, sealed)
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
                f"run B: the replay helper process died ({_exit_text(code)}) while running "
                f"this case; it is started again for the next case{detail}",
                reason="replay helper died (run B)",
            )
        kind = reply["kind"]
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
                f"{reply['message'] or '(details withheld)'}; a lane that cannot run in a "
                "fresh interpreter can set replay = 'inprocess' in its lane.py",
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

    def _await_reply(self, output: bytearray, deadline: float | None) -> Any:
        # The helper flushes what the run printed before it writes the reply: once the
        # reply is readable, so is all of that output (drained here, not read again).
        while True:
            remaining = None if deadline is None else deadline - time.monotonic()
            if remaining is not None and remaining <= 0:
                raise _HelperTimeout
            ready, _, _ = select.select([self._reply_fd, self._output_fd], [], [], remaining)
            if self._output_fd in ready:
                self._drain(output)
            if self._reply_fd in ready:
                # The helper writes a whole reply at once: reading it blocks only briefly.
                return read_message(self._reply_fd)

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
        if output and not sealed:
            sys.stdout.write(output.decode("utf-8", "replace"))
            sys.stdout.flush()

    def kill(self) -> int | None:
        """Stop the helper (and the processes it left) now; the next case starts another."""
        proc, self._proc = self._proc, None
        if proc is None:
            return None
        with contextlib.suppress(OSError):
            os.killpg(proc.pid, signal.SIGKILL)
        code = proc.wait()
        self._close_fds()
        return code

    def close(self) -> None:
        """End of the session: the helper exits when its request pipe closes."""
        proc, self._proc = self._proc, None
        if proc is None:
            return
        self._close_fds()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            with contextlib.suppress(OSError):
                os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()

    def _close_fds(self) -> None:
        for fd in (self._request_fd, self._reply_fd, self._output_fd):
            if fd >= 0:
                with contextlib.suppress(OSError):
                    os.close(fd)
        self._request_fd = self._reply_fd = self._output_fd = -1


class _HelperTimeout(Exception):
    pass


def _exit_text(code: int | None) -> str:
    if code is not None and code < 0:
        try:
            return f"killed by {signal.Signals(-code).name}"
        except ValueError:
            return f"killed by signal {-code}"
    return f"exit status {code}"


def _tail(output: bytearray, lines: int = 20) -> str:
    text = output.decode("utf-8", "replace").rstrip()
    if not text:
        return ""
    return "; its last output:\n" + "\n".join(text.splitlines()[-lines:])


# -- the double run -------------------------------------------------------------------


@dataclass(frozen=True)
class ReplaySetup:
    """How the two runs of a case are made."""

    mode: str = "process"
    timeout: float = 0.0
    helper: ReplayHelper | None = None
    lane_name: str = ""
    lane_file: Path | None = None
    sealed: bool = False


def _helper_of(setup: ReplaySetup) -> ReplayHelper | None:
    return setup.helper if setup.mode == "process" and setup.lane_file is not None else None


def start_b(
    case: dict[str, Any],
    *,
    workdir: Path,
    cwd: Path,
    source_date_epoch: str,
    setup: ReplaySetup,
) -> PendingRun | None:
    """Start run B in the replay helper (``process`` mode; ``None`` in ``inprocess``
    mode), for ``replay(..., pending=)`` to take up. Started before run A, it goes on
    while run A runs here: on two cores the case costs the longer of the two in wall
    time, and started early enough, this process never waits (and sleeps) for it."""
    helper = _helper_of(setup)
    if helper is None or setup.lane_file is None:
        return None
    return helper.send_b(
        lane_name=setup.lane_name,
        lane_file=setup.lane_file,
        case=case,
        workdir=workdir,
        cwd=cwd,
        source_date_epoch=source_date_epoch,
        timeout=setup.timeout,
        sealed=setup.sealed,
    )


def abandon_b(pending: PendingRun, setup: ReplaySetup) -> None:
    """Run B was started (``start_b``) for a case whose runs did not happen after all
    (its setup failed later): take the reply and drop it, so the helper stays in step."""
    helper = _helper_of(setup)
    if helper is not None:
        helper.abandon(pending, wait=True)


def replay(
    run: Callable[[dict[str, Any], Path], Any],
    case: dict[str, Any],
    *,
    workdirs: tuple[Path, Path],
    cwd_b: Path,
    source_date_epoch: str,
    setup: ReplaySetup | None = None,
    pending: PendingRun | None = None,
) -> ReplayOutcome:
    """Run ``case`` in ``workdirs[0]`` (cwd there), then in ``workdirs[1]`` with the
    current directory at ``cwd_b`` and the rest of ``RUN_B`` applied: in this process
    (``inprocess``), or in the replay helper (``process``; ``pending``: run B was
    started there already, by ``start_b``)."""
    setup = setup or ReplaySetup(mode="inprocess")
    helper = _helper_of(setup)
    _install_audit_hook()
    try:
        if pending is None:
            pending = start_b(
                case,
                workdir=workdirs[1],
                cwd=cwd_b,
                source_date_epoch=source_date_epoch,
                setup=setup,
            )
        # From here on, a process created is one that a run created (not the helper).
        _audit_events.clear()
        try:
            with CaseScope(source_date_epoch) as scope:
                first = run_once(
                    run,
                    case,
                    workdirs[0],
                    workdirs[0],
                    RUN_A,
                    source_date_epoch,
                    setup.timeout,
                    scope=scope,
                )
                if pending is None:
                    # Run B's variation over run A's: one save and one restore for both.
                    second = run_once(
                        run,
                        case,
                        workdirs[1],
                        cwd_b,
                        RUN_B,
                        source_date_epoch,
                        setup.timeout,
                        scope=scope,
                    )
                    spawned_b = False
        except BaseException as exc:
            if helper is not None and pending is not None:
                # Wait for run B (bounded by its own limit) unless this is an interrupt
                # or run A's time ran out, when B is likely stuck as well.
                helper.abandon(
                    pending,
                    wait=not isinstance(exc, (KeyboardInterrupt, SystemExit, RunTimeoutError)),
                )
            raise
        if helper is not None and pending is not None:
            second, spawned_b = helper.finish_b(pending)
    finally:
        spawned_a = spawn_seen(_audit_events)
        _audit_events.clear()  # the arguments it kept are not held on to
    return ReplayOutcome(first, second, spawned=spawned_a or spawned_b)
