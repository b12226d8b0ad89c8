"""``core-verify report RESULTS... -o report.html``: a self-contained HTML report."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

__all__ = ["register"]


def _run(args: argparse.Namespace) -> int:
    from pytest_core_verify._core.project import ProjectError, find_project
    from pytest_core_verify._results.html import ReportError, write_report

    try:
        project = find_project(rootdir=args.project) if args.project != "none" else None
    except ProjectError as exc:
        print(f"core-verify report: --project {args.project}: {exc}", file=sys.stderr)
        return 2
    try:
        count = write_report(
            [Path(p) for p in args.results],
            Path(args.output),
            history_dir=Path(args.history) if args.history else None,
            history_log=Path(args.results_history) if args.results_history else None,
            title=args.title,
            project=project,
        )
    except ReportError as exc:
        print(f"core-verify report: {exc}", file=sys.stderr)
        return 2
    except OSError as exc:
        print(f"core-verify report: -o {args.output}: cannot write it: {exc}", file=sys.stderr)
        return 2
    print(f"wrote {args.output} ({count} lane(s))")
    return 0


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "report",
        help="write one self-contained HTML report of results files, with metric trends",
        description="Render results directories (pytest --results DIR) as one HTML file "
        "that needs no network: each lane with its thresholds and verdicts, a sortable "
        "per-case table (failures first) and, given a history, a plot of each metric "
        "over runs with its threshold. Needs the report extra: "
        "pip install 'pytest-core-verify[report]'.",
    )
    parser.add_argument(
        "results", nargs="+", metavar="RESULTS", help="results directories or results files"
    )
    parser.add_argument("-o", "--output", required=True, metavar="FILE", help="the HTML file")
    parser.add_argument(
        "--history",
        metavar="DIR",
        help="earlier results: a directory holding one results directory per run",
    )
    parser.add_argument(
        "--results-history",
        metavar="FILE",
        help="earlier results: the JSON-lines log written by pytest --results-history FILE",
    )
    parser.add_argument("--title", default="core-verify report", help="the page's title")
    parser.add_argument(
        "--project",
        default=".",
        metavar="DIR",
        help="the project whose cases, pins and pending results each case row opens "
        "(default: the current directory; none: ids, hashes and metrics only). A sealed "
        "split shows nothing of its cases",
    )
    parser.set_defaults(func=_run)
