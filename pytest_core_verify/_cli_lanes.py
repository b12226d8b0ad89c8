"""``core-verify lanes``: the lanes, their splits, versions and case counts."""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from pytest_core_verify._cases import parse_cases
from pytest_core_verify._lanes import CASES_FILE, SEALED_CASES_FILE, discover_lanes

__all__ = ["lane_inventory", "register"]


def _count(path: Path) -> int:
    return len(parse_cases(path.read_bytes()).cases)


def lane_inventory(lanes_root: Path, holdouts_root: Path) -> list[dict[str, Any]]:
    """One entry per lane; sealed holdouts are listed with no count (it is sealed)."""
    inventory = []
    for name, directory in discover_lanes(lanes_root).items():
        splits: dict[str, Any] = {}
        dev = directory / "dev" / CASES_FILE
        if dev.is_file():
            splits["dev"] = {"cases": _count(dev)}
        public = directory / "public"
        versions = (
            {
                v.name: {"cases": _count(v / CASES_FILE)}
                for v in sorted(public.iterdir())
                if (v / CASES_FILE).is_file()
            }
            if public.is_dir()
            else {}
        )
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
        inventory.append(
            {"name": name, "has_lane_py": (directory / "lane.py").is_file(), "splits": splits}
        )
    return inventory


def _run(args: argparse.Namespace) -> int:
    inventory = lane_inventory(Path(args.lanes), Path(args.holdouts))
    if args.json:
        print(
            json.dumps(
                {"lanes": inventory, "names": [lane["name"] for lane in inventory]}, sort_keys=True
            )
        )
        return 0
    if not inventory:
        print(f"no lanes under {args.lanes}")
        return 0
    for lane in inventory:
        print(lane["name"])
        for split, detail in lane["splits"].items():
            if "cases" in detail:
                print(f"  {split}: {detail['cases']} cases")
                continue
            for version, info in detail.items():
                count = "sealed" if info.get("sealed") else f"{info['cases']} cases"
                print(f"  {split}/{version}: {count}")
    return 0


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser("lanes", help="list lanes, splits, versions and case counts")
    parser.add_argument("--json", action="store_true", help="print JSON (feeds the CI matrix)")
    parser.add_argument("--lanes", default="lanes", help="the lanes directory (default: lanes)")
    parser.add_argument(
        "--holdouts", default="holdouts", help="the holdouts directory (default: holdouts)"
    )
    parser.set_defaults(func=_run)
