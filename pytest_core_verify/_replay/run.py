"""One run of a case: a fresh copy of the case, the variation applied, the time limit
armed, the result made canonical (pure: no pytest import)."""

from __future__ import annotations

import copy
import json
import sys
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pytest_core_verify._core.canonical import (
    NotCanonicalError,
    canonical_bytes,
    sha256_hex,
    tree_digest,
)
from pytest_core_verify._replay.limits import RunTimeoutError, _Expired, time_limit
from pytest_core_verify._replay.variation import CaseScope, Variation
from pytest_core_verify._replay.wire import SPAWN_EVENTS


class NotJSONResultError(TypeError):
    """``run`` returned something that has no canonical JSON form."""


@dataclass(frozen=True)
class RunRecord:
    result: Any
    canonical: bytes
    trace_hash: str
    files: dict[str, str]


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
    except Exception:
        # Raised after the limit fired (the run turned the interruption into its own
        # exception, or the lane's own SIGALRM handler ran): the limit is the cause.
        if watch.fired:
            raise RunTimeoutError(variation.label, timeout) from None
        raise
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
