"""The double run: the same case twice, the second under a varied environment,
compared byte for byte (pure: no pytest import)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pytest_core_verify._core.canonical import (
    diff_json_paths,
    pretty_json,
    short_diff,
)
from pytest_core_verify._core.lanes import HELPER_MODES
from pytest_core_verify._core.ordering import order_only_difference
from pytest_core_verify._replay.client import PendingRun, ReplayHelper
from pytest_core_verify._replay.limits import RunTimeoutError
from pytest_core_verify._replay.run import (
    RunRecord,
    _audit_events,
    _install_audit_hook,
    run_once,
    spawn_seen,
)
from pytest_core_verify._replay.variation import RUN_A, RUN_B, CaseScope


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
        reordered = order_only_difference(self.first.result, self.second.result)
        if reordered is not None and self.first.files == self.second.files:
            lines.append(
                f"hint: the runs differ only in the order of the items at {reordered}: "
                "iterating a set (or a dict or list built from one) follows the string hash "
                "seed, and run B runs under another PYTHONHASHSEED; sort them before returning"
            )
            return "\n".join(lines)
        lines.append(
            "hint: a result must not depend on the clock (use SOURCE_DATE_EPOCH), unseeded "
            "random, absolute paths, the current directory, set or hash order, or state "
            "kept between calls"
        )
        return "\n".join(lines)


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
    #: Whether an exception that ended run A is an interruption from outside the case
    #: (another plugin's time limit): the helper is stopped, not waited for.
    interrupted: Callable[[BaseException], bool] | None = None


def _helper_of(setup: ReplaySetup) -> ReplayHelper | None:
    return setup.helper if setup.mode in HELPER_MODES and setup.lane_file is not None else None


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
                    wait=not isinstance(exc, (KeyboardInterrupt, SystemExit, RunTimeoutError))
                    and not (setup.interrupted is not None and setup.interrupted(exc)),
                )
            raise
        if helper is not None and pending is not None:
            second, spawned_b = helper.finish_b(pending)
    finally:
        spawned_a = spawn_seen(_audit_events)
        _audit_events.clear()  # the arguments it kept are not held on to
    return ReplayOutcome(first, second, spawned=spawned_a or spawned_b)
