"""An option value that pytest took for a test path when it chose the rootdir (pytest glue).

pytest reads the ini file and chooses the rootdir before it loads plugins from entry
points, so it does not yet know this plugin's options: in ``--results /elsewhere``, the
separate word ``/elsewhere`` counts as a test path if it exists, and the rootdir becomes
an ancestor of both (``--results=/elsewhere`` is one word and is safe). The lanes
directory, the ini keys and the pins are then looked for in the wrong place; this module
names the option and the fix instead.
"""

from __future__ import annotations

import inspect
import itertools
import os
import shlex
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

__all__ = ["VALUE_OPTIONS", "check_option_values_not_paths"]

#: This plugin's options that take a value (a test checks the list against the parser).
VALUE_OPTIONS = (
    "--lane",
    "--lane-baseline",
    "--lane-baseline-tolerance",
    "--lane-gate",
    "--lane-progress",
    "--perturbations",
    "--replay",
    "--results",
    "--results-history",
    "--run-timeout",
    "--split",
)


def _early_args(config: pytest.Config) -> list[str]:
    """The arguments pytest had when it chose the rootdir: ``PYTEST_ADDOPTS``, then the
    command line (the ini file's ``addopts`` come later)."""
    env = os.environ.get("PYTEST_ADDOPTS", "")
    try:
        early = shlex.split(env) if env else []
    except ValueError:
        early = []
    return [*early, *config.invocation_params.args]


def _values_read_as_paths(args: Sequence[str], invocation_dir: Path) -> list[tuple[str, str]]:
    """(option, value) for each of this plugin's options given as two words whose value
    names an existing path."""
    found: list[tuple[str, str]] = []
    for option, value in itertools.pairwise(args):
        if option in VALUE_OPTIONS and not value.startswith("-"):
            try:
                exists = (invocation_dir / value).exists()
            except (OSError, ValueError):
                continue
            if exists:
                found.append((option, value))
    return found


def _rootpath_from(config: pytest.Config, args: list[str]) -> Path | None:
    """The rootdir pytest chooses for ``args``, or ``None`` where this pytest's private
    ``determine_setup`` cannot be called as expected (then nothing is checked)."""
    try:
        from _pytest.config.findpaths import determine_setup

        given: dict[str, Any] = {
            "inifile": config.option.inifilename,
            "override_ini": config.option.override_ini,
            "args": args,
            "rootdir_cmd_arg": config.option.rootdir or None,
            "invocation_dir": config.invocation_params.dir,
        }
        wanted = inspect.signature(determine_setup).parameters
        rootpath = determine_setup(**{k: v for k, v in given.items() if k in wanted})[0]
        return Path(rootpath)
    except Exception:
        return None


def check_option_values_not_paths(config: pytest.Config) -> None:
    """Raise ``pytest.UsageError`` when a value of this plugin's options moved the rootdir."""
    args = _early_args(config)
    suspects = _values_read_as_paths(args, config.invocation_params.dir)
    if not suspects:
        return
    positional = [str(a) for a in (config.option.file_or_dir or [])]
    values = [value for _, value in suspects]
    if _rootpath_from(config, [*positional, *values]) != config.rootpath:
        return  # pytest did not choose this rootdir from those values
    intended = _rootpath_from(config, positional)
    if intended is None or intended == config.rootpath:
        return
    spelled = ", ".join(f"{option} {value}" for option, value in suspects)
    fixed = " ".join(f"{option}={value}" for option, value in suspects)
    raise pytest.UsageError(
        f"{spelled}: pytest took {'this value' if len(suspects) == 1 else 'these values'} "
        f"for a test path when it chose the rootdir, because it exists, and chose "
        f"{config.rootpath} instead of {intended}; write the option and its value as one "
        f"word: {fixed}"
    )
