"""``core-verify review``: accept, reject or skip each result that differs from its pin."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any, TextIO

from pytest_core_verify._core.layout import SPLITS
from pytest_core_verify._core.project import ProjectError, find_project
from pytest_core_verify._results.review import (
    PENDING_DIR,
    Pending,
    ReviewError,
    load_pending,
    review,
)

__all__ = ["register"]

_ANSWERS = {
    "a": "accept",
    "accept": "accept",
    "r": "reject",
    "reject": "reject",
    "s": "skip",
    "skip": "skip",
    "": "skip",
    "q": "quit",
    "quit": "quit",
}


def _prompter(stdin: TextIO, stdout: TextIO) -> Callable[[Pending, list[str]], str]:
    def decide(item: Pending, lines: list[str]) -> str:
        stdout.write("\n".join(lines) + "\n")
        while True:
            stdout.write("accept (a), reject (r), skip (s) or quit (q)? ")
            stdout.flush()
            line = stdin.readline()
            if not line:  # end of input: leave the rest for later
                stdout.write("\n")
                return "quit"
            answer = _ANSWERS.get(line.strip().lower())
            if answer is not None:
                return answer
            stdout.write(f"{line.strip()!r}: answer a, r, s or q\n")

    return decide


def _run(args: argparse.Namespace) -> int:
    try:
        project = find_project(rootdir=args.rootdir)
    except ProjectError as exc:
        print(f"core-verify review: {exc}", file=sys.stderr)
        return 2
    rootdir = project.rootdir.resolve()
    pending_root = (
        Path(args.pending) if args.pending else rootdir / ".pytest_cache" / "d" / PENDING_DIR
    )
    if args.run:
        from pytest_core_verify._plugin.api import LaneRunError, run_lanes

        try:
            run_lanes(
                lanes=args.lane or None,
                rootdir=rootdir,
                extra_args=[
                    "-q",
                    "--no-header",
                    "-p",
                    "no:warnings",
                    *(f"--split={split}" for split in args.split),
                ],
                show_output=True,  # the run's failures are what the review is about
            )
        except LaneRunError as exc:
            print(f"core-verify review --run: {exc}", file=sys.stderr)
            return 2
    try:
        pending = load_pending(pending_root)
    except ReviewError as exc:
        print(f"core-verify review: {exc}", file=sys.stderr)
        return 2
    if args.split:
        # ``all`` is every split, as for pytest's --split.
        wanted = set(SPLITS) if "all" in args.split else set(args.split)
        pending = [item for item in pending if item.split in wanted]
    if not pending:
        print(
            f"core-verify review: nothing to review ({pending_root} holds no pending results; "
            "a run writes one for each case whose result differs from its pin)"
        )
        return 0
    if args.accept_all:
        decide: Callable[[Pending, list[str]], str] = _print_then("accept")
    elif args.reject_all:
        decide = _print_then("reject")
    else:
        decide = _prompter(sys.stdin, sys.stdout)
    try:
        summary = review(
            rootdir,
            pending,
            decide=decide,
            write=print,
            lanes=args.lane,
            cases=args.case,
            snapshots_root=(project.snapshots_root or rootdir / "snapshots").resolve(),
        )
    except (ReviewError, OSError) as exc:
        print(f"core-verify review: {exc}", file=sys.stderr)
        return 2
    print(
        f"{summary.accepted} accepted, {summary.rejected} rejected, {summary.skipped} skipped"
        + (f", {summary.stale} already pinned" if summary.stale else "")
    )
    return 0


def _print_then(answer: str) -> Callable[[Pending, list[str]], str]:
    def decide(item: Pending, lines: list[str]) -> str:
        print("\n".join(lines))
        return answer

    return decide


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "review",
        help="review results that differ from their pins: accept, reject or skip each",
        description="Walk the cases whose last result differs from its pin (pending "
        "results that pytest wrote under .pytest_cache), show what changed as JSON paths, "
        "and ask accept / reject / skip for each. Only accepted pins are written, each "
        "atomically: the safe alternative to a blanket --snapshot-update.",
    )
    parser.add_argument(
        "--rootdir", default=".", help="the project directory (default: the current one)"
    )
    parser.add_argument(
        "--pending",
        metavar="DIR",
        help=f"where the pending results are (default: ROOTDIR/.pytest_cache/d/{PENDING_DIR})",
    )
    parser.add_argument(
        "--run",
        action="store_true",
        help="run the lanes (those of --lane, or all) first, to find the differences anew",
    )
    parser.add_argument(
        "--lane",
        action="append",
        default=[],
        metavar="NAME",
        help="only this lane (repeatable; shell patterns such as 'sym*' work)",
    )
    parser.add_argument(
        "--case",
        action="append",
        default=[],
        metavar="ID",
        help="only cases whose id matches (repeatable; shell patterns work)",
    )
    parser.add_argument(
        "--split",
        action="append",
        default=[],
        choices=[*SPLITS, "all"],
        help="only this split (repeatable: dev, public, holdout or all; with --run, the "
        "splits that run)",
    )
    choice = parser.add_mutually_exclusive_group()
    choice.add_argument(
        "--accept-all", action="store_true", help="accept every selected result (for scripts)"
    )
    choice.add_argument("--reject-all", action="store_true", help="reject every selected result")
    parser.set_defaults(func=_run)
