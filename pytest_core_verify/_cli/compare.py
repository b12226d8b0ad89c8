"""``core-verify compare OLD NEW``: what changed between two results directories."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from pytest_core_verify._results.compare import compare_documents, tolerance_value
from pytest_core_verify._results.document import ResultsError, load_results
from pytest_core_verify._results.summary import append_step_summary

__all__ = ["register"]


def _run(args: argparse.Namespace) -> int:
    try:
        old = load_results(Path(args.old))
        new = load_results(Path(args.new))
    except ResultsError as exc:
        print(f"core-verify compare: {exc}", file=sys.stderr)
        return 2
    comparison = compare_documents(old, new, tolerance=args.tolerance)
    if args.json:
        print(json.dumps(comparison.to_json(), indent=2, sort_keys=True, ensure_ascii=False))
    else:
        print(f"core-verify compare: {args.old} -> {args.new}")
        print("\n".join(comparison.terminal_lines()))
    markdown = "\n".join(comparison.markdown_lines()) + "\n"
    if args.markdown:
        try:
            Path(args.markdown).write_text(markdown, encoding="utf-8")
        except OSError as exc:
            print(f"core-verify compare: --markdown {args.markdown}: {exc}", file=sys.stderr)
            return 2
    warning = append_step_summary(comparison.markdown_lines(), what="the comparison")
    if warning:
        print(f"core-verify compare: warning: {warning}", file=sys.stderr)
    if args.fail_on_regression and comparison.regressions:
        print(
            f"core-verify compare: {len(comparison.regressions)} regression(s); failing "
            "(--fail-on-regression)",
            file=sys.stderr,
        )
        return 1
    return 0


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "compare",
        help="compare two results directories: metric deltas, flipped cases, changed pins",
        description="Compare the results files of two runs (pytest --results DIR): each "
        "metric's old and new value and delta, cases that flipped pass->fail and "
        "fail->pass, cases added and removed, passing cases whose trace_hash changed, "
        "and threshold verdicts that changed. With GITHUB_STEP_SUMMARY set, the Markdown "
        "is appended to it.",
    )
    parser.add_argument("old", help="the baseline: a results directory or one results file")
    parser.add_argument("new", help="the new results: a results directory or one results file")
    parser.add_argument("--json", action="store_true", help="print the comparison as JSON")
    parser.add_argument("--markdown", metavar="FILE", help="also write the Markdown to FILE")
    parser.add_argument(
        "--fail-on-regression",
        action="store_true",
        help="exit 1 when a metric moved the wrong way by more than --tolerance, or any "
        "case flipped pass -> fail",
    )
    parser.add_argument(
        "--tolerance",
        type=tolerance_value,
        default=0.0,
        metavar="T",
        help="largest move of a metric the wrong way that is not a regression (default 0)",
    )
    parser.set_defaults(func=_run)
