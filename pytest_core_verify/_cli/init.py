"""``core-verify init LANE``: scaffold a lane that runs at once."""

from __future__ import annotations

import argparse
import os
import re
import sys
from pathlib import Path
from typing import Any

from pytest_core_verify._core.project import ProjectError, find_project

__all__ = ["LANE_NAME", "register", "scaffold"]

#: A lane name: a directory name and part of an import name (``core_verify_lane_<name>``).
LANE_NAME = re.compile(r"[A-Za-z][A-Za-z0-9_]*")

_LANE_PY = '''"""Lane {name}: replace run() with a call into your system under test."""

from __future__ import annotations

import pathlib
from collections.abc import Mapping
from typing import Any

import pytest

from pytest_core_verify import metric

pytestmark = [
    pytest.mark.threshold("exact", min=1.0),  # the mean over cases must be >= 1.0
    pytest.mark.threshold("replay_determinism", min=1.0),  # built in: both runs identical
]


def run(case: dict[str, Any], workdir: pathlib.Path) -> dict[str, Any]:
    """The system under test: returns the case's result as JSON.

    It runs twice per case, in fresh directories and a varied environment, and the
    two results (and the files written under ``workdir``) must be identical.
    Helpers beside this file import relatively: ``from . import helpers``.
    """
    words = case["text"].split()
    return {{"count": len(words)}}


@metric
def exact(case: Mapping[str, Any], result: Mapping[str, Any]) -> bool:
    return bool(result["count"] == case["expected"])
'''

_CONTRACT = """# Lane {name}

What this lane measures, for reviewers: the system under test, what a case is,
and what each metric and threshold means.

- **System under test**: `run()` in `lane.py` (a word counter until you replace it).
- **A case**: `{{"id": ..., "text": ..., "expected": ...}}` (see `case.schema.json`).
- **Metrics**: `exact` (the count is the expected one), gated at `min=1.0`;
  `replay_determinism` (built in), gated at `min=1.0`.
"""

_SCHEMA = """{
  "$schema": "https://json-schema.org/draft/2020-12/schema",
  "type": "object",
  "additionalProperties": false,
  "required": ["id", "text", "expected"],
  "properties": {
    "id": {"type": "string"},
    "text": {"type": "string"},
    "expected": {"type": "integer", "minimum": 0}
  }
}
"""

_CASES = '{"id": "example-1", "text": "one two three", "expected": 3}\n'


def scaffold(lanes_root: Path, name: str) -> list[Path]:
    """Write the lane's files; refuses a bad name or an existing lane (ValueError)."""
    if not LANE_NAME.fullmatch(name):
        raise ValueError(
            f"{name!r} is not a lane name: use letters, digits and underscores, starting "
            "with a letter (it names a directory and a Python module)"
        )
    directory = lanes_root / name
    if directory.exists():
        raise ValueError(f"{directory} already exists; pick another name or remove it")
    files = {
        directory / "lane.py": _LANE_PY.format(name=name),
        directory / "contract.md": _CONTRACT.format(name=name),
        directory / "case.schema.json": _SCHEMA,
        directory / "dev" / "cases.jsonl": _CASES,
    }
    for path, text in files.items():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return list(files)


def _run(args: argparse.Namespace) -> int:
    try:
        project = find_project(inifile=args.inifile, rootdir=args.rootdir)
        lanes_root = Path(os.path.abspath(args.lanes)) if args.lanes else project.lanes_root
        written = scaffold(lanes_root, args.name)
    except (ProjectError, ValueError) as exc:
        print(f"core-verify init: {exc}", file=sys.stderr)
        return 2
    for path in written:
        print(f"wrote {os.path.relpath(path)}")
    lane_dir = lanes_root / args.name
    if project.outside_testpaths(lane_dir):
        ini = project.inipath.name if project.inipath else "the ini file"
        print(
            f"note: testpaths in {ini} ({' '.join(project.testpaths)}) does not include "
            f"{os.path.relpath(lane_dir, project.rootdir)}, so pytest run from the rootdir "
            f"will not collect it; add {os.path.relpath(lanes_root, project.rootdir)} "
            "to testpaths"
        )
    print(
        "next, from the project's rootdir:\n"
        f"  pytest --lane {args.name} --snapshot-update   # pin the example case's result\n"
        f"  pytest --lane {args.name}                     # run it: every case and threshold\n"
        f"then commit {os.path.relpath(lanes_root / args.name)} and the snapshots/ it pinned"
    )
    return 0


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "init",
        help="scaffold a new lane that runs at once",
        description="Write lanes/LANE/lane.py, contract.md, case.schema.json and "
        "dev/cases.jsonl with one example case, under the project's lanes directory "
        "(found as pytest finds the rootdir and ini file).",
    )
    parser.add_argument("name", metavar="LANE", help="the lane's name")
    parser.add_argument("--lanes", default=None, help="the lanes directory (default: from ini)")
    parser.add_argument("-c", dest="inifile", default=None, metavar="FILE")
    parser.add_argument("--rootdir", default=None, metavar="DIR")
    parser.set_defaults(func=_run)
