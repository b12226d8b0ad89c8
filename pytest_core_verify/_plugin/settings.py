"""Options, ini keys and their validation (pytest glue).

Resolution order: the command line, then the ini file, then the default. Every
error names the option or ini key it came from and says how to fix it.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from pathlib import Path

import pytest

from pytest_core_verify._core.lanes import REPLAY_MODES
from pytest_core_verify._core.layout import SPLITS, discover_lanes
from pytest_core_verify._plugin.registration import (
    DEFAULT_RUN_TIMEOUT,
    DEFAULT_SPLITS,
)

__all__ = ["Settings", "parse_replay_mode", "parse_timeout", "resolve_settings"]


@dataclass(frozen=True)
class Settings:
    rootpath: Path
    lanes_root: Path
    holdouts_root: Path
    snapshots_root: Path
    #: ``None``: every lane (and ordinary tests run too).
    selected_lanes: tuple[str, ...] | None
    splits: frozenset[str]
    results_dir: Path | None
    source_date_epoch: str
    known_lanes: tuple[str, ...]
    #: Seconds each run of a case may take (0: no limit), and whether it came from the
    #: command line (which wins over a lane's own ``timeout``).
    run_timeout: float = DEFAULT_RUN_TIMEOUT
    run_timeout_from_cli: bool = False
    #: ``process`` (run B in the replay helper), ``process-real-clock`` (there, with the
    #: real clock) or ``inprocess``; ``replay_from_cli`` as above.
    replay_mode: str = "process"
    replay_from_cli: bool = False
    #: ``--lane-gate``: ``auto`` gates a lane split only when all of it ran.
    gate: str = "auto"
    #: ``--lane-skip``: ordinary tests only; no lane is collected.
    skip: bool = False
    #: ``--perturbations`` / ``core_verify_perturbations``: collect perturbed cases.
    perturbations: bool = True

    def wants(self, lane: str, split: str) -> bool:
        return (
            not self.skip
            and split in self.splits
            and (self.selected_lanes is None or lane in self.selected_lanes)
        )


def _split_values(values: list[str]) -> list[str]:
    return [part.strip() for value in values for part in value.split(",") if part.strip()]


def _named(config: pytest.Config, option: str, metavar: str, without: str) -> list[str]:
    """The option's values; one that names nothing (``--lane ""``, an empty CI matrix
    variable) is a usage error, not a silent run of everything."""
    values: list[str] = config.getoption(option)
    for value in values:
        if not _split_values([value]):
            raise pytest.UsageError(
                f"--{option} {value!r}: names no {option}; give one (--{option} {metavar}), "
                f"or leave --{option} out to run {without}"
            )
    return values


def _ini_dir(config: pytest.Config, key: str) -> Path:
    value = str(config.getini(key)).strip()
    if not value:
        raise pytest.UsageError(f"ini key {key} is empty; set it to a directory or remove it")
    return config.rootpath / value


def resolve_settings(config: pytest.Config) -> Settings:
    lanes_root = _ini_dir(config, "core_verify_lanes")
    known = tuple(sorted(discover_lanes(lanes_root)))

    requested_lanes = _split_values(_named(config, "lane", "NAME", "every lane and your tests"))
    selected: tuple[str, ...] | None = None
    if requested_lanes:
        unknown = sorted(set(requested_lanes) - set(known))
        if unknown:
            listing = ", ".join(known) if known else f"none found under {lanes_root}"
            raise pytest.UsageError(
                f"--lane {', '.join(unknown)}: no such lane; known lanes: {listing} "
                "(a lane is a directory with a lane.py under the ini key core_verify_lanes)"
            )
        selected = tuple(sorted(set(requested_lanes)))
    skip = bool(config.getoption("lane_skip"))
    if skip and selected is not None:
        raise pytest.UsageError(
            "--lane-skip and --lane contradict each other: --lane-skip runs ordinary tests "
            "only, --lane runs only lanes; drop one"
        )

    requested_splits = _split_values(
        _named(config, "split", "SPLIT", "the default splits, dev and public")
    ) or list(DEFAULT_SPLITS)
    splits: set[str] = set()
    for split in requested_splits:
        if split == "all":
            splits.update(SPLITS)
        elif split in SPLITS:
            splits.add(split)
        else:
            raise pytest.UsageError(
                f"--split {split}: not a split; use one of dev, public, holdout, all"
            )

    epoch = str(config.getini("core_verify_source_date_epoch")).strip()
    if not re.fullmatch(r"\d{1,12}", epoch):
        raise pytest.UsageError(
            f"ini key core_verify_source_date_epoch = {epoch!r}: must be whole seconds since "
            "1970-01-01 UTC, such as 1767225600"
        )

    timeout_cli = config.getoption("run_timeout")
    if timeout_cli is not None:
        run_timeout = parse_timeout(timeout_cli, "--run-timeout")
    else:
        run_timeout = parse_timeout(
            str(config.getini("core_verify_timeout")), "ini key core_verify_timeout"
        )
    replay_cli = config.getoption("replay")
    replay_mode = parse_replay_mode(
        replay_cli if replay_cli is not None else str(config.getini("core_verify_replay")),
        "--replay" if replay_cli is not None else "ini key core_verify_replay",
    )

    perturbations_cli = config.getoption("perturbations")
    perturbations = (
        perturbations_cli
        if perturbations_cli is not None
        else str(config.getini("core_verify_perturbations")).strip()
    )
    if perturbations not in ("on", "off"):
        raise pytest.UsageError(
            f"ini key core_verify_perturbations = {perturbations!r}: use on (the default) or off"
        )

    results = config.getoption("results")
    return Settings(
        rootpath=config.rootpath,
        lanes_root=lanes_root,
        holdouts_root=_ini_dir(config, "core_verify_holdouts"),
        snapshots_root=_ini_dir(config, "core_verify_snapshots"),
        selected_lanes=selected,
        splits=frozenset(splits),
        results_dir=Path(os.path.abspath(results)) if results else None,
        source_date_epoch=epoch,
        known_lanes=known,
        run_timeout=run_timeout,
        run_timeout_from_cli=timeout_cli is not None,
        replay_mode=replay_mode,
        replay_from_cli=replay_cli is not None,
        gate=str(config.getoption("lane_gate")),
        skip=skip,
        perturbations=perturbations == "on",
    )


def parse_timeout(value: str, where: str) -> float:
    """Seconds as a finite, non-negative number; a usage error naming ``where`` otherwise."""
    try:
        seconds = float(value.strip())
    except ValueError:
        seconds = -1.0
    if not (0 <= seconds < 1e9):
        raise pytest.UsageError(
            f"{where} = {value!r}: must be a number of seconds, 0 or more (0 disables "
            "the time limit), such as 60"
        )
    return seconds


def parse_replay_mode(value: str, where: str) -> str:
    mode = value.strip()
    if mode not in REPLAY_MODES:
        raise pytest.UsageError(
            f"{where} = {value!r}: not a replay mode; use process (the default), "
            "process-real-clock or inprocess"
        )
    return mode
