"""``core-verify seal FILE``: seal a holdout case file to the project's recipients."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from pytest_core_verify._core.holdout import HoldoutError, seal_file

__all__ = ["register"]


def _run(args: argparse.Namespace) -> int:
    try:
        target = seal_file(Path(args.file), Path(args.recipients), force=args.force)
    except HoldoutError as exc:
        print(f"core-verify seal: {exc}", file=sys.stderr)
        return 2
    print(f"sealed {args.file} -> {target}")
    print("the plaintext is still there: delete it once you have checked the sealed file runs")
    return 0


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "seal", help="seal a plaintext holdout case file as FILE.age (there is no unseal)"
    )
    parser.add_argument("file", help="the plaintext cases.jsonl to seal")
    parser.add_argument(
        "--recipients",
        default="holdouts/recipients.txt",
        help="age recipients, one per line (default: holdouts/recipients.txt)",
    )
    parser.add_argument("--force", action="store_true", help="overwrite an existing FILE.age")
    parser.set_defaults(func=_run)
