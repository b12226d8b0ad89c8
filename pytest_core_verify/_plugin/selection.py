"""``--lane X`` that would collect nothing of X: a usage error that says why (pytest glue).

Without it, ``pytest --lane X`` run from a subdirectory, under ``testpaths = tests``,
or with ``--split public`` on a lane without a public split says only "no tests ran"
(exit 5), which CI counts as a pass.
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from pathlib import Path

import pytest

from pytest_core_verify._core.layout import CASES_FILE, CASES_FILES, SEALED_CASES_FILE
from pytest_core_verify._plugin.settings import Settings
from pytest_core_verify._plugin.warning_types import SealedFilesNotCollected

__all__ = ["check_lanes_collected", "check_lanes_reachable", "lane_case_files"]


def lane_case_files(settings: Settings, lane: str, splits: Iterable[str]) -> list[Path]:
    """The cases files of ``lane`` in ``splits``, from the file system."""
    directory = settings.lanes_root / lane
    found: list[Path] = []
    for split in sorted(splits):
        if split == "dev":
            found += [p for name in CASES_FILES if (p := directory / "dev" / name).is_file()]
        elif split == "public" and (directory / "public").is_dir():
            for name in CASES_FILES:
                found += sorted((directory / "public").glob(f"*/{name}"))
        elif split == "holdout" and (settings.holdouts_root / lane).is_dir():
            found += sorted((settings.holdouts_root / lane).glob(f"*/{SEALED_CASES_FILE}"))
    return found


def _shown(path: Path, base: Path) -> str:
    return Path(os.path.relpath(path, base)).as_posix()


def _under(path: Path, roots: list[Path]) -> bool:
    return any(path == root or root in path.parents for root in roots)


def check_lanes_reachable(config: pytest.Config, settings: Settings) -> None:
    """Before collection: every lane named by ``--lane`` has cases in the selected
    splits, under the paths pytest is about to collect. Raises ``pytest.UsageError``."""
    if config.getoption("pyargs", False):
        return
    invocation = config.invocation_params.dir
    args = [Path(os.path.abspath(invocation / arg.split("::", 1)[0])) for arg in config.args]
    _warn_dropped_sealed_files(config, settings, args)
    if settings.selected_lanes is None:
        return
    splits = ",".join(sorted(settings.splits))
    for lane in settings.selected_lanes:
        lane_dir = settings.lanes_root / lane
        files = lane_case_files(settings, lane, settings.splits)
        if not files:
            present = [
                s for s in ("dev", "public", "holdout") if lane_case_files(settings, lane, [s])
            ]
            if not present:
                raise pytest.UsageError(
                    f"--lane {lane}: the lane has no cases yet: add "
                    f"{_shown(lane_dir / 'dev' / CASES_FILE, invocation)} (one JSON object per "
                    f"line), or leave {lane} out of --lane"
                )
            raise pytest.UsageError(
                f"--lane {lane} --split {splits}: lane {lane} has no such split (it has: "
                f"{', '.join(present)}); run with --split {present[0]} (or --split all), or "
                "add cases to that split"
            )
        if _under(files[0], args) or any(_under(f, args) for f in files):
            continue
        # The directory that holds the files (lanes/, or holdouts/ for sealed ones) is
        # the one to name: the lane's own directory under lanes/ holds no sealed file.
        root = _case_root(settings, files)
        shown = _shown(root / lane, invocation)
        source = config.args_source
        if source == pytest.Config.ArgsSource.TESTPATHS:
            ini = config.inipath.name if config.inipath else "the ini file"
            why = (
                f"testpaths in {ini} ({' '.join(config.getini('testpaths'))}) does not "
                f"include {_shown(root, config.rootpath)}"
            )
            fix = (
                f"add {_shown(root, config.rootpath)} to testpaths, or pass "
                f"the lane's directory: pytest {shown} --lane {lane}"
            )
        elif source == pytest.Config.ArgsSource.INVOCATION_DIR:
            why = (
                f"pytest collects from the current directory ({_shown(invocation, config.rootpath)}"
                f" under the rootdir {config.rootpath}), and the lane is not under it"
            )
            fix = (
                f"run from the rootdir ({config.rootpath}), or pass the lane's directory: "
                f"pytest {shown} --lane {lane}"
            )
        else:
            why = f"the paths given ({' '.join(config.args)}) do not include {shown}"
            fix = f"add {shown} to them, or drop them to collect the whole project"
        raise pytest.UsageError(
            f"--lane {lane}: nothing of the lane would be collected: {why}; {fix}"
        )


def _case_root(settings: Settings, files: list[Path]) -> Path:
    """``holdouts/`` when every file is a sealed one there, else ``lanes/``."""
    if all(settings.holdouts_root in f.parents for f in files):
        return settings.holdouts_root
    return settings.lanes_root


def _warn_dropped_sealed_files(config: pytest.Config, settings: Settings, args: list[Path]) -> None:
    """A sealed file of the selected lanes that pytest will not collect is named: with
    ``--split all`` (or ``holdout``) it is never left out in silence."""
    if "holdout" not in settings.splits or settings.skip:
        return
    lanes = settings.selected_lanes or settings.known_lanes
    dropped = [
        f
        for lane in lanes
        for f in lane_case_files(settings, lane, ["holdout"])
        if not _under(f, args)
    ]
    if not dropped:
        return
    root = _shown(settings.holdouts_root, config.rootpath)
    if config.args_source == pytest.Config.ArgsSource.TESTPATHS:
        ini = config.inipath.name if config.inipath else "the ini file"
        why = f"testpaths in {ini} ({' '.join(config.getini('testpaths'))}) does not include {root}"
        fix = f"add {root} to testpaths, or pass it: pytest {root}"
    else:
        why = f"the paths given ({' '.join(config.args)}) do not include them"
        fix = f"add {root} (or the files) to the paths"
    shown = ", ".join(_shown(f, config.rootpath) for f in dropped[:5])
    more = f" and {len(dropped) - 5} more" if len(dropped) > 5 else ""
    config.issue_config_time_warning(
        SealedFilesNotCollected(
            f"{len(dropped)} sealed file(s) of the holdout split will not be collected "
            f"({shown}{more}): {why}; {fix}"
        ),
        stacklevel=2,
    )


def check_lanes_collected(settings: Settings, collected: set[str]) -> None:
    """After collection (in-process): a selected lane of which no cases file was
    collected, though its files are under the collected paths."""
    if settings.selected_lanes is None:
        return
    missing = [lane for lane in settings.selected_lanes if lane not in collected]
    if missing:
        names = ", ".join(missing)
        paths = ", ".join(_shown(settings.lanes_root / lane, settings.rootpath) for lane in missing)
        raise pytest.UsageError(
            f"--lane {names}: no cases file of {names} was collected; norecursedirs, "
            "--ignore or a conftest.py (collect_ignore, "
            "pytest_ignore_collect) excludes it: let pytest collect "
            f"{paths}"
        )
