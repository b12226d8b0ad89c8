"""One tool call in a child process, under a time and a memory budget the server enforces.

A reference system is synchronous, CPU-bound and may hold the GIL for as long as it runs
(the SAT solver does): run in the server's process it would stall every other request,
and nothing could stop it. So each call runs in a child of a fork server whose
interpreter has already imported the tools: the child sets its own address-space limit
(``RLIMIT_AS``) and CPU limit (``RLIMIT_CPU``) before it reads the call, and the server
kills it when the wall-clock budget runs out. What the child returns is the tool's
result; what stops it becomes a ``refused`` result naming the budget.

The fork server is started from a clean interpreter (never forked from the server's
threads), so a child inherits no lock held by another thread. A child's standard
input is the null device and its standard output is its standard error: a stray
``print`` in a tool can never reach the protocol stream.
"""

from __future__ import annotations

import contextlib
import ctypes
import math
import multiprocessing
import multiprocessing.connection
import os
import resource
import signal
import sys
from dataclasses import dataclass
from typing import Any, Literal

import anyio
import anyio.to_thread

from pytest_core_verify.serve._budget import Budget
from pytest_core_verify.serve._tools import ServeConfig, build_tools, call

__all__ = ["Outcome", "Pool"]

Stop = Literal["time", "memory", "crash"]
_PR_SET_PDEATHSIG = 1


@dataclass(frozen=True)
class Outcome:
    """A call's end: the tool's result, or what stopped it (and a sentence saying so)."""

    result: dict[str, Any] | None
    stopped: Stop | None = None
    detail: str = ""


def _limit_self(budget: Budget) -> None:
    memory = budget.memory_mb * 1024 * 1024
    resource.setrlimit(resource.RLIMIT_AS, (memory, memory))
    # CPU time as a second line behind the parent's wall clock: SIGXCPU at the budget
    # (rounded up), SIGKILL a second later should the signal be ignored.
    cpu = math.ceil(budget.seconds)
    resource.setrlimit(resource.RLIMIT_CPU, (cpu, cpu + 1))


def _die_with_parent() -> None:
    # The child's parent is the fork server, which exits when the server does: should
    # the server be killed outright (no chance to kill its calls), the kernel ends the
    # call too. The fork server waits for every holder of its "alive" pipe, and a child
    # is handed one: the child lets go of it, or the two would keep each other alive
    # until the CPU limit. Linux only; elsewhere the CPU limit bounds an orphan's life.
    from multiprocessing import forkserver

    alive = getattr(getattr(forkserver, "_forkserver", None), "_forkserver_alive_fd", None)
    if isinstance(alive, int):
        with contextlib.suppress(OSError):
            os.close(alive)
    if not sys.platform.startswith("linux"):
        return
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(_PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
    except (OSError, AttributeError):
        return


def _child(
    conn: multiprocessing.connection.Connection,
    config: ServeConfig,
    name: str,
    arguments: object,
    json_errors: list[dict[str, str]],
    budget: Budget,
) -> None:
    """The child's whole life: limit itself, answer one call, send the answer, exit."""
    _die_with_parent()
    devnull = os.open(os.devnull, os.O_RDONLY)
    os.dup2(devnull, 0)
    os.dup2(2, 1)
    try:
        _limit_self(budget)
        tools = {spec.name: spec for spec in build_tools(config)}
        conn.send(("result", call(tools, name, arguments, json_errors)))
    except MemoryError:
        conn.send(("memory", ""))
    except BaseException as exc:  # the parent reports any failure; the child just ends
        conn.send(("crash", f"{type(exc).__name__}: {exc}"[:500]))
    finally:
        conn.close()


def _preload() -> list[str]:
    # What the fork server imports once, so that no child pays for it: the systems the
    # tools call, warmed by one call each (``_warm``).
    return ["pytest_core_verify.serve._warm"]


class Pool:
    """Runs calls in budgeted children, at most ``budget.max_calls`` at a time."""

    def __init__(self, config: ServeConfig, budget: Budget) -> None:
        self.config = config
        self.budget = budget
        self._context = multiprocessing.get_context("forkserver")
        self._context.set_forkserver_preload(_preload())
        self._slots = anyio.CapacityLimiter(budget.max_calls)
        self._live: set[multiprocessing.process.BaseProcess] = set()

    def warm(self) -> None:
        """Start the fork server now, without waiting for it: its imports overlap the
        server's start, and the first call waits for whatever is left of them."""
        from multiprocessing import forkserver

        forkserver.ensure_running()

    def kill_all(self) -> None:
        """Kill every child still running (the server is going away)."""
        for process in sorted(self._live, key=lambda p: p.pid or 0):
            if process.is_alive():
                process.kill()
        self._live.clear()

    async def run(self, name: str, arguments: object, json_errors: list[dict[str, str]]) -> Outcome:
        """One call under the budget; cancelling this kills the child."""
        async with self._slots:
            receiver, sender = self._context.Pipe(duplex=False)
            process = self._context.Process(
                target=_child,
                args=(sender, self.config, name, arguments, json_errors, self.budget),
                daemon=True,
            )
            try:
                await anyio.to_thread.run_sync(process.start)
                self._live.add(process)
                sender.close()
                return await self._await(process, receiver)
            finally:
                receiver.close()
                if process.is_alive():
                    process.kill()
                if process.pid is not None:
                    await anyio.to_thread.run_sync(process.join, 5.0, abandon_on_cancel=True)
                self._live.discard(process)
                if process.exitcode is not None:
                    process.close()

    async def _await(
        self,
        process: multiprocessing.process.BaseProcess,
        receiver: multiprocessing.connection.Connection,
    ) -> Outcome:
        budget = self.budget
        with anyio.move_on_after(budget.seconds) as scope:
            await anyio.wait_readable(receiver.fileno())
        if scope.cancelled_caught:
            return Outcome(
                None,
                "time",
                f"the call did not finish within the server's time budget of "
                f"{budget.seconds:g} s (core-verify serve --call-timeout)",
            )
        try:
            kind, value = await anyio.to_thread.run_sync(receiver.recv)
        except (EOFError, OSError):
            # The child died without a word: killed by its CPU limit, or by a native
            # allocation failing under the address-space limit.
            await anyio.to_thread.run_sync(process.join, 5.0, abandon_on_cancel=True)
            code = process.exitcode
            if code is not None and code < 0 and -code in (signal.SIGXCPU, signal.SIGKILL):
                return Outcome(
                    None,
                    "time",
                    f"the call used up the server's CPU budget of "
                    f"{math.ceil(budget.seconds)} s (core-verify serve --call-timeout)",
                )
            return Outcome(
                None,
                "memory",
                f"the call's process ended (exit status {code}) under the server's memory "
                f"budget of {budget.memory_mb} MiB (core-verify serve --call-memory)",
            )
        if kind == "result":
            return Outcome(value)
        if kind == "memory":
            return Outcome(
                None,
                "memory",
                f"the call needed more than the server's memory budget of "
                f"{budget.memory_mb} MiB (core-verify serve --call-memory)",
            )
        return Outcome(None, "crash", f"the tool failed: {value}")
