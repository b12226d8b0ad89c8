"""The double run of SPEC §4: the same case twice, the second under a varied
environment, compared byte for byte (pure: no pytest import)."""

from __future__ import annotations

import copy
import json
import os
import random
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
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

__all__ = [
    "RUN_A",
    "RUN_B",
    "NotJSONResultError",
    "ReplayOutcome",
    "RunRecord",
    "Variation",
    "replay",
    "varied_environment",
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


@contextmanager
def varied_environment(
    variation: Variation, *, cwd: Path, source_date_epoch: str
) -> Iterator[None]:
    """Apply ``variation`` to this process for the duration, then restore everything."""
    saved_env = {name: os.environ.get(name) for name in (*_LOCALE_VARS, "TZ", "SOURCE_DATE_EPOCH")}
    saved_cwd = os.getcwd()
    saved_random = random.getstate()
    saved_umask = os.umask(variation.umask)
    try:
        os.environ["TZ"] = variation.tz
        for name in _LOCALE_VARS:
            os.environ[name] = variation.locale
        os.environ["SOURCE_DATE_EPOCH"] = source_date_epoch
        _tzset()
        random.seed(variation.random_seed)
        os.chdir(cwd)
        yield
    finally:
        os.chdir(saved_cwd)
        os.umask(saved_umask)
        random.setstate(saved_random)
        for name, value in saved_env.items():
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value
        _tzset()


def _tzset() -> None:
    tzset = getattr(time, "tzset", None)  # not on Windows
    if tzset is not None:
        tzset()


def _run_once(
    run: Callable[[dict[str, Any], Path], Any],
    case: dict[str, Any],
    workdir: Path,
    cwd: Path,
    variation: Variation,
    source_date_epoch: str,
) -> RunRecord:
    # Each run gets its own copy, so a run that mutates its case cannot leak into the other.
    fresh_case = copy.deepcopy(case)
    with varied_environment(variation, cwd=cwd, source_date_epoch=source_date_epoch):
        result = run(fresh_case, workdir)
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


def replay(
    run: Callable[[dict[str, Any], Path], Any],
    case: dict[str, Any],
    *,
    workdirs: tuple[Path, Path],
    cwd_b: Path,
    source_date_epoch: str,
) -> ReplayOutcome:
    """Run ``case`` in ``workdirs[0]`` (cwd there), then in ``workdirs[1]`` with the
    current directory at ``cwd_b`` and the rest of ``RUN_B`` applied."""
    first = _run_once(run, case, workdirs[0], workdirs[0], RUN_A, source_date_epoch)
    second = _run_once(run, case, workdirs[1], cwd_b, RUN_B, source_date_epoch)
    return ReplayOutcome(first, second)
