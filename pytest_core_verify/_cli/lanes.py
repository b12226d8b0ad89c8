"""``core-verify lanes``: the lanes, their splits, versions and case counts."""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path
from typing import Any

from pytest_core_verify._core.cases import parse_cases, read_case_file
from pytest_core_verify._core.layout import CASES_FILES, SEALED_CASES_FILE, discover_lanes
from pytest_core_verify._core.project import Project, ProjectError, find_project
from pytest_core_verify._core.records import RecordReader, line_number

__all__ = ["lane_inventory", "register"]


#: Counting only: a line without an id counts too (a lane may derive ids, case_id).
_COUNTING = RecordReader(case_id=line_number)


def _count(directory: Path) -> int | None:
    """The cases in a directory's cases file (plain or gzip), ``None`` without one."""
    for name in CASES_FILES:
        if (directory / name).is_file():
            return len(parse_cases(read_case_file(directory / name), records=_COUNTING).cases)
    return None


def lane_inventory(lanes_root: Path, holdouts_root: Path) -> list[dict[str, Any]]:
    """One entry per lane; sealed holdouts are listed with no count (it is sealed)."""
    inventory = []
    for name, directory in discover_lanes(lanes_root).items():
        splits: dict[str, Any] = {}
        dev = _count(directory / "dev")
        if dev is not None:
            splits["dev"] = {"cases": dev}
        public = directory / "public"
        counts = {v.name: _count(v) for v in sorted(public.iterdir())} if public.is_dir() else {}
        versions = {v: {"cases": n} for v, n in counts.items() if n is not None}
        if versions:
            splits["public"] = versions
        sealed_dir = holdouts_root / name
        sealed = (
            {
                v.name: {"cases": None, "sealed": True}
                for v in sorted(sealed_dir.iterdir())
                if (v / SEALED_CASES_FILE).is_file()
            }
            if sealed_dir.is_dir()
            else {}
        )
        if sealed:
            splits["holdout"] = sealed
        cases = [d["cases"] for d in [splits.get("dev", {})] if d] + [
            v["cases"] for v in splits.get("public", {}).values()
        ]
        inventory.append(
            {
                "name": name,
                "has_lane_py": (directory / "lane.py").is_file(),
                "splits": splits,
                "empty": not any(cases),
            }
        )
    return inventory


def _project(args: argparse.Namespace) -> Project:
    project = find_project(inifile=args.inifile, rootdir=args.rootdir)
    return Project(
        rootdir=project.rootdir,
        inipath=project.inipath,
        lanes_root=Path(os.path.abspath(args.lanes)) if args.lanes else project.lanes_root,
        holdouts_root=(
            Path(os.path.abspath(args.holdouts)) if args.holdouts else project.holdouts_root
        ),
    )


def _run(args: argparse.Namespace) -> int:
    try:
        project = _project(args)
    except ProjectError as exc:
        print(f"core-verify lanes: {exc}", file=sys.stderr)
        return 2
    inventory = lane_inventory(project.lanes_root, project.holdouts_root)
    if not inventory:
        # An empty CI matrix would skip the lanes job silently: say so and fail.
        print(
            f"core-verify lanes: no lanes under {project.lanes_root} ({project.describe()}); "
            "a lane is a directory with a lane.py (`core-verify init NAME` makes one); run "
            "from the project, or point at it with -c FILE, --rootdir DIR or --lanes DIR",
            file=sys.stderr,
        )
        if args.json:
            print(json.dumps({"lanes": [], "names": [], "runnable": []}, sort_keys=True))
        return 1
    if args.json:
        print(
            json.dumps(
                {
                    "lanes": inventory,
                    "names": [lane["name"] for lane in inventory],
                    # Lanes with dev or public cases: what CI runs (an empty lane is listed
                    # as empty, and not run: pytest --lane on it is a usage error).
                    "runnable": [lane["name"] for lane in inventory if not lane["empty"]],
                },
                sort_keys=True,
            )
        )
        return 0
    try:
        where = project.lanes_root.relative_to(project.rootdir).as_posix()
    except ValueError:
        where = str(project.lanes_root)
    print(f"lanes under {where}/ ({project.describe()})")
    for lane in inventory:
        print(lane["name"])
        if lane["empty"]:
            print("  no dev or public cases yet: empty, not run (add dev/cases.jsonl)")
        for split, detail in lane["splits"].items():
            if "cases" in detail:
                print(f"  {split}: {detail['cases']} cases")
                continue
            for version, info in detail.items():
                count = "sealed" if info.get("sealed") else f"{info['cases']} cases"
                print(f"  {split}/{version}: {count}")
    return 0


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "lanes",
        help="list lanes, splits, versions and case counts",
        description="List the project's lanes. The project is found as pytest finds it: "
        "the rootdir and ini file from the current directory upwards (-c and --rootdir "
        "as in pytest), and the ini keys core_verify_lanes and core_verify_holdouts. "
        "Exits 1 when there is no lane.",
    )
    parser.add_argument("--json", action="store_true", help="print JSON (feeds the CI matrix)")
    parser.add_argument(
        "--lanes", default=None, help="the lanes directory (default: from the ini file, lanes)"
    )
    parser.add_argument(
        "--holdouts",
        default=None,
        help="the holdouts directory (default: from the ini file, holdouts)",
    )
    parser.add_argument(
        "-c", dest="inifile", default=None, metavar="FILE", help="the pytest ini file to use"
    )
    parser.add_argument(
        "--rootdir", default=None, metavar="DIR", help="the rootdir, as pytest's --rootdir"
    )
    parser.set_defaults(func=_run)
