"""Precision and speed of the derivation pool on a JSONL corpus of word problems.

    .venv/bin/python benchmarks/derivation.py lanes/scenarios/corpus/problems.jsonl
    .venv/bin/python benchmarks/derivation.py other.jsonl --text-field question \\
        --answer-field answer --answer-pattern '####\\s*(-?[\\d,.]+)'

For every problem the pool either commits an answer or refuses. Printed: committed,
correct, wrong, refused, coverage (correct / total), wrong / committed, and the median
time per problem, with the time of a baseline (JSON-decoding the problem) measured in
the same run. A gold answer of null means the text determines none: any commit on it
is wrong. Problems whose gold cannot be read as a number are counted as skipped.
Exit status 0; 1 if --fail-on-wrong and a commit was wrong; 2 for an unreadable file.
"""

from __future__ import annotations

import argparse
import json
import pathlib
import re
import statistics
import sys
import time
from collections import Counter
from fractions import Fraction
from typing import Any

from pytest_core_verify.systems.verifier import derive


def gold_value(raw: Any, pattern: re.Pattern[str] | None) -> Fraction | str | None:
    """The gold as a Fraction, None for "no answer", or "skip" if unreadable."""
    if raw is None:
        return None
    if isinstance(raw, bool):
        return "skip"
    if isinstance(raw, (int, float)):
        return Fraction(str(raw))
    if isinstance(raw, str):
        text = raw
        if pattern is not None:
            m = pattern.search(text)
            if not m:
                return "skip"
            text = m.group(1) if m.groups() else m.group(0)
        text = text.strip().replace(",", "").lstrip("$").rstrip(".")
        try:
            return Fraction(text)
        except (ValueError, ZeroDivisionError):
            return "skip"
    return "skip"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("file", type=pathlib.Path, help="JSONL, one problem per line")
    parser.add_argument(
        "--text-field", default="problem", help="field with the problem text (default: problem)"
    )
    parser.add_argument(
        "--answer-field", default="answer", help="field with the gold answer (default: answer)"
    )
    parser.add_argument("--id-field", default="id", help="field with the problem id (default: id)")
    parser.add_argument(
        "--answer-pattern",
        help="regex applied to a string gold; group 1 (or the match) is the number",
    )
    parser.add_argument(
        "--group-field", help="also break the figures down by this field (e.g. shape)"
    )
    parser.add_argument("--limit", type=int, help="only the first N problems")
    parser.add_argument(
        "--repeat", type=int, default=3, help="timing repetitions per problem (median of them)"
    )
    parser.add_argument("--show-wrong", action="store_true", help="print every wrong commit")
    parser.add_argument(
        "--fail-on-wrong", action="store_true", help="exit 1 if any commit is wrong"
    )
    args = parser.parse_args(argv)
    pattern = re.compile(args.answer_pattern) if args.answer_pattern else None
    try:
        lines = args.file.read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError) as exc:
        print(f"derivation.py: cannot read {args.file}: {exc}", file=sys.stderr)
        return 2
    rows: list[tuple[str, str, Any, str]] = []
    for n, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            obj = json.loads(line)
            text = obj[args.text_field]
        except (json.JSONDecodeError, KeyError, TypeError) as exc:
            print(f"derivation.py: {args.file}:{n}: {exc!r}", file=sys.stderr)
            return 2
        rows.append((str(obj.get(args.id_field, n)), str(text), obj.get(args.answer_field), line))
        if args.limit and len(rows) >= args.limit:
            break

    counts: Counter[str] = Counter()
    groups: dict[str, Counter[str]] = {}
    times: list[float] = []
    base_times: list[float] = []
    wrong: list[str] = []
    for ident, text, raw_gold, line in rows:
        gold = gold_value(raw_gold, pattern)
        if gold == "skip":
            counts["skipped"] += 1
            continue
        samples, base = [], []
        for _ in range(max(1, args.repeat)):
            t0 = time.perf_counter()
            json.loads(line)
            t1 = time.perf_counter()
            trace = derive(text)
            t2 = time.perf_counter()
            base.append(t1 - t0)
            samples.append(t2 - t1)
        times.append(statistics.median(samples))
        base_times.append(statistics.median(base))
        decision = trace["decision"]
        group = (
            groups.setdefault(str(json.loads(line).get(args.group_field, "")), Counter())
            if args.group_field
            else Counter()
        )
        counts["total"] += 1
        group["total"] += 1
        if decision["law"] == "commit":
            counts["committed"] += 1
            group["committed"] += 1
            if gold is not None and Fraction(decision["value"]) == gold:
                counts["correct"] += 1
                group["correct"] += 1
            else:
                counts["wrong"] += 1
                group["wrong"] += 1
                wrong.append(f"{ident}: committed {decision['value']}, gold {raw_gold!r}: {text}")
        else:
            counts["refused"] += 1
            group["refused"] += 1
            counts[f"refused:{decision['reason']}"] += 1

    total = counts["total"]
    committed = counts["committed"]
    print(f"file            {args.file}")
    print(
        f"problems        {total}"
        + (f" (skipped {counts['skipped']} without a numeric gold)" if counts["skipped"] else "")
    )
    print(f"committed       {committed}")
    print(f"correct         {counts['correct']}")
    print(f"wrong           {counts['wrong']}")
    print(f"refused         {counts['refused']}")
    print(f"coverage        {counts['correct'] / total:.3f}" if total else "coverage        n/a")
    print(
        f"wrong/committed {counts['wrong'] / committed:.3f}" if committed else "wrong/committed n/a"
    )
    if times:
        med, base_med = statistics.median(times), statistics.median(base_times)
        ratio = med / base_med if base_med else float("inf")
        print(
            f"median ms       {med * 1000:.3f} per problem "
            f"(baseline json decode {base_med * 1000:.4f} ms, ratio {ratio:.0f}x)"
        )
    reasons = sorted((k.split(":", 1)[1], v) for k, v in counts.items() if k.startswith("refused:"))
    if reasons:
        print("refusals        " + ", ".join(f"{k} {v}" for k, v in reasons))
    if args.group_field:
        print(f"\nby {args.group_field}: total committed correct wrong refused")
        for name, g in sorted(groups.items()):
            cells = " ".join(
                f"{g[k]:4}" for k in ("total", "committed", "correct", "wrong", "refused")
            )
            print(f"  {name:28} {cells}")
    if args.show_wrong and wrong:
        print("\nwrong commits:")
        for w in wrong:
            print("  " + w)
    return 1 if args.fail_on_wrong and counts["wrong"] else 0


if __name__ == "__main__":
    sys.exit(main())
