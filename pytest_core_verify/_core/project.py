"""Find the project the way pytest does, for the ``core-verify`` commands (pure).

pytest's rules (https://docs.pytest.org/en/stable/reference/customize.html): with
``-c FILE`` that file is the configuration; otherwise the first of ``pytest.ini``,
``.pytest.ini``, ``pyproject.toml`` (with ``[tool.pytest.ini_options]`` or
``[tool.pytest]``), ``tox.ini`` (with ``[pytest]``) and ``setup.cfg`` (with
``[tool:pytest]``) in the current directory or above it. The rootdir is that file's
directory; without one, the first directory upwards with a ``setup.py`` or a
``pyproject.toml``, else the current directory. ``--rootdir`` overrides it. The ini
keys ``core_verify_lanes`` and ``core_verify_holdouts`` are read from the file.
"""

from __future__ import annotations

import configparser
import glob
import os
import shlex
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - pytest depends on tomli before 3.11
    import tomli as tomllib  # type: ignore[import-not-found, unused-ignore]

__all__ = ["Project", "ProjectError", "find_project"]

_INI_NAMES = ("pytest.ini", ".pytest.ini", "pyproject.toml", "tox.ini", "setup.cfg")


class ProjectError(Exception):
    """A configuration file that cannot be read; the text names it and the fix."""


@dataclass(frozen=True)
class Project:
    rootdir: Path
    inipath: Path | None
    lanes_root: Path
    holdouts_root: Path
    #: The ini key ``testpaths`` as pytest splits it (empty when unset).
    testpaths: tuple[str, ...] = ()
    #: The ini key ``core_verify_snapshots`` (default ``snapshots``) under the rootdir.
    snapshots_root: Path | None = None

    def outside_testpaths(self, path: Path) -> bool:
        """Whether ``testpaths`` is set and ``pytest`` run from the rootdir would not
        collect ``path`` (its entries may be glob patterns, as in pytest)."""
        found = [
            Path(os.path.abspath(match))
            for entry in self.testpaths
            for match in glob.glob(str(self.rootdir / entry), recursive=True)
        ]
        # When nothing matches, pytest collects from the rootdir instead.
        return bool(found) and not any(path == base or base in path.parents for base in found)

    def describe(self) -> str:
        found = f"configfile: {self.inipath.name}" if self.inipath else "no configfile"
        return f"rootdir: {self.rootdir}, {found}"


def _read_ini(path: Path) -> dict[str, str] | None:
    """The pytest section of ``path`` as strings, or ``None`` if it has none."""
    try:
        if path.name == "pyproject.toml":
            data = tomllib.loads(path.read_text(encoding="utf-8"))
            tool = data.get("tool", {})
            section: Any = tool.get("pytest", {}).get("ini_options")
            if section is None and isinstance(tool.get("pytest"), dict) and tool["pytest"]:
                section = {k: v for k, v in tool["pytest"].items() if k != "ini_options"}
            if not isinstance(section, dict):
                return None
            # A list (testpaths = ["tests", "lanes"]) as pytest reads an ini line of it.
            return {
                key: shlex.join(map(str, value)) if isinstance(value, list) else str(value)
                for key, value in section.items()
            }
        parser = configparser.ConfigParser(interpolation=None)
        parser.read_string(path.read_text(encoding="utf-8"), source=str(path))
    except (OSError, UnicodeDecodeError, ValueError, configparser.Error) as exc:
        raise ProjectError(f"{path}: cannot read it as pytest would: {exc}") from exc
    name = {"setup.cfg": "tool:pytest", "tox.ini": "pytest"}.get(path.name, "pytest")
    if parser.has_section(name):
        return dict(parser.items(name))
    if path.name in ("pytest.ini", ".pytest.ini"):
        return {}  # matches even without a [pytest] section, as in pytest
    return None


def _locate(start: Path) -> tuple[Path | None, dict[str, str]]:
    for directory in (start, *start.parents):
        for name in _INI_NAMES:
            candidate = directory / name
            if candidate.is_file():
                section = _read_ini(candidate)
                if section is not None:
                    return candidate, section
    return None, {}


def _fallback_rootdir(start: Path) -> Path:
    for directory in (start, *start.parents):
        if (directory / "setup.py").is_file() or (directory / "pyproject.toml").is_file():
            return directory
    return start


def find_project(
    cwd: Path | None = None, *, inifile: str | None = None, rootdir: str | None = None
) -> Project:
    """The rootdir, the configuration file and the lanes and holdouts directories."""
    here = Path(os.path.abspath(cwd or Path.cwd()))
    inipath: Path | None
    if inifile is not None:
        inipath = Path(os.path.abspath(here / inifile))
        if not inipath.is_file():
            raise ProjectError(f"-c {inifile}: no such file")
        section = _read_ini(inipath) or {}
    else:
        inipath, section = _locate(here)
    if rootdir is not None:
        root = Path(os.path.abspath(here / os.path.expandvars(rootdir)))
        if not root.is_dir():
            raise ProjectError(f"--rootdir {rootdir}: no such directory")
    elif inipath is not None:
        root = inipath.parent
    else:
        root = _fallback_rootdir(here)

    def directory(key: str, default: str) -> Path:
        value = section.get(key, default).strip() or default
        return root / value

    return Project(
        rootdir=root,
        inipath=inipath,
        lanes_root=directory("core_verify_lanes", "lanes"),
        holdouts_root=directory("core_verify_holdouts", "holdouts"),
        testpaths=tuple(shlex.split(section.get("testpaths", ""))),
        snapshots_root=directory("core_verify_snapshots", "snapshots"),
    )
