"""The environment variation of the double run: what runs A and B each see, applied
and restored around a case (pure: no pytest import)."""

from __future__ import annotations

import functools
import os
import random
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

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


def environ_snapshot() -> dict[Any, Any]:
    """The environment as ``os.environ`` keeps it (encoded), copied in one C call."""
    data = getattr(os.environ, "_data", None)
    return dict(data) if isinstance(data, dict) else dict(os.environ)


def restore_environ(snapshot: dict[Any, Any]) -> None:
    """Make ``os.environ`` what it was when ``snapshot`` was taken: variables added
    since are removed, changed and removed ones set back (through ``os.environ``, so
    that the C library's environment follows)."""
    environ = os.environ
    data = getattr(environ, "_data", None)
    if not isinstance(data, dict):
        data, decode_key, decode_value = dict(environ), str, str
    else:
        decode_key = getattr(environ, "decodekey", str)
        decode_value = getattr(environ, "decodevalue", str)
    if data == snapshot:
        return
    for raw in [raw for raw in data if raw not in snapshot]:
        del environ[decode_key(raw)]
    for raw, value in snapshot.items():
        if data.get(raw) != value:
            environ[decode_key(raw)] = decode_value(value)


class CaseScope:
    """The process state around the runs of one case: saved once, each run's variation
    applied over the one before it (only what differs is set; ``tzset`` only when ``TZ``
    changes), and everything restored once at the end, whatever the runs changed: the
    whole of ``os.environ`` (with ``tzset`` when ``TZ`` ends up other than it was), the
    current directory, the umask and ``random``'s state."""

    def __init__(self, source_date_epoch: str) -> None:
        self.source_date_epoch = source_date_epoch
        self._saved_env: dict[str, str | None] = {}
        self._saved_cwd = ""
        #: The TZ that the C library's time zone was last set from (tzset).
        self._tz_in_effect: str | None = None
        self._saved_umask: int | None = None
        self._saved_random: tuple[Any, ...] = ()
        self._saved_environ: dict[Any, Any] = {}

    def __enter__(self) -> CaseScope:
        self._saved_environ = environ_snapshot()
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
        # Whatever else a run set or removed: the whole environment as it was (one
        # comparison of the raw mapping when nothing else changed, the common case).
        restore_environ(self._saved_environ)
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
