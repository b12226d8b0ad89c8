"""Precision and speed of the derivation pool on JSONL corpora of word problems.

    .venv/bin/python benchmarks/derivation.py lanes/scenarios/corpus/*.jsonl \\
        ../shared/data/word-problems/mawps-dev.jsonl --show-wrong
    .venv/bin/python benchmarks/derivation.py other.jsonl --text-field question \\
        --answer-field answer --answer-pattern '####\\s*(-?[\\d,.]+)'

For every problem the pool either commits an answer or refuses. Printed: a table with
one row per corpus (problems, committed, correct, wrong, refused, coverage = correct /
problems, wrong / committed, the median time per problem and its ratio to a baseline,
JSON-decoding the problem, measured in the same run), then a refusal-reason histogram
per corpus, and with --show-wrong every wrong commit. A gold answer of null means the
text determines none: any commit on it is wrong. Problems whose gold cannot be read as
a number are counted as skipped. The machine's load average is printed with the times.
``--split NAME=FIRST..LAST`` reports the problems of each file whose id lies in that range
as a corpus of its own (MAWPS folds 0-1 and fold 2 apart). Printed too, per corpus: the
committed problems where a rewrite deleted a word with no role (the goal is 0) and those
whose deletions a declared template passes (the remaining debt).
``--errata FILE`` replaces golds that are wrong in a source nobody here may edit (a JSON
object: problem id -> {"answer": corrected gold or null, "why": the arithmetic}); every
replacement is printed, so a corrected gold is never silent.
Exit status 0; 1 if --fail-on-wrong and a commit was wrong; 2 for an unreadable file.
"""

from __future__ import annotations

import argparse
import json
import os
import pathlib
import re
import statistics
import sys
import time
from collections import Counter
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from pytest_core_verify.systems.verifier import derive
from pytest_core_verify.systems.verifier._passable import deleted_words
from pytest_core_verify.systems.verifier.edits import EDITS, judge


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


@dataclass
class Corpus:
    """The figures of one corpus file."""

    name: str
    counts: Counter[str] = field(default_factory=Counter)
    groups: dict[str, Counter[str]] = field(default_factory=dict)
    times: list[float] = field(default_factory=list)
    base_times: list[float] = field(default_factory=list)
    wrong: list[str] = field(default_factory=list)
    errata: list[str] = field(default_factory=list)
    edits: dict[str, Counter[str]] = field(default_factory=dict)
    edit_wrong: list[str] = field(default_factory=list)

    def reasons(self) -> list[tuple[str, int]]:
        """Refusal reasons, most frequent first (ties by name)."""
        found = [(k.split(":", 1)[1], v) for k, v in self.counts.items() if k.startswith("r:")]
        return sorted(found, key=lambda kv: (-kv[1], kv[0]))

    def row(self) -> list[str]:
        c = self.counts
        total, committed = c["total"], c["committed"]
        med = statistics.median(self.times) if self.times else 0.0
        base = statistics.median(self.base_times) if self.base_times else 0.0
        return [
            self.name,
            str(total) + (f" (+{c['skipped']} skipped)" if c["skipped"] else ""),
            str(committed),
            str(c["correct"]),
            str(c["wrong"]),
            str(c["refused"]),
            f"{c['correct'] / total:.3f}" if total else "n/a",
            f"{c['wrong'] / committed:.3f}" if committed else "n/a",
            f"{med * 1000:.3f}" if self.times else "n/a",
            f"{med / base:.0f}x" if base else "n/a",
        ]


COLUMNS = [
    "corpus",
    "problems",
    "committed",
    "correct",
    "wrong",
    "refused",
    "coverage",
    "wrong/committed",
    "median ms",
    "vs decode",
]


def read_rows(
    path: pathlib.Path, args: argparse.Namespace
) -> list[tuple[str, str, Any, str]] | str:
    """(id, text, gold, line) per problem, or an error message naming the file and line."""
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError) as exc:
        return f"cannot read {path}: {exc}"
    rows: list[tuple[str, str, Any, str]] = []
    for n, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            obj = json.loads(line)
            text = obj[args.text_field]
        except (json.JSONDecodeError, KeyError, TypeError) as exc:
            return f"{path}:{n}: {exc!r} (one JSON object a line, with a {args.text_field!r} field)"
        rows.append((str(obj.get(args.id_field, n)), str(text), obj.get(args.answer_field), line))
        if args.limit and len(rows) >= args.limit:
            break
    return rows


def measure(
    name: str,
    rows: list[tuple[str, str, Any, str]],
    args: argparse.Namespace,
    pattern: re.Pattern[str] | None,
) -> Corpus:
    corpus = Corpus(name)
    counts = corpus.counts
    errata: dict[str, Any] = getattr(args, "errata_map", {})
    for ident, text, raw_gold, line in rows:
        if ident in errata:
            fixed = errata[ident]
            corpus.errata.append(
                f"{ident}: gold {raw_gold!r} read as {fixed['answer']!r}: {fixed['why']}"
            )
            raw_gold = fixed["answer"]
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
        corpus.times.append(statistics.median(samples))
        corpus.base_times.append(statistics.median(base))
        decision = trace["decision"]
        group = (
            corpus.groups.setdefault(str(json.loads(line).get(args.group_field, "")), Counter())
            if args.group_field
            else Counter()
        )
        for tally in (counts, group):
            tally["total"] += 1
        if decision["law"] == "commit":
            # the words the rewrites deleted: every one has a role, or the pool refused;
            # a template's role is debt, counted per problem
            roles = {p["role"] for p in trace.get("passed_over", [])}
            if any(r.startswith("template:") for r in roles):
                counts["template_commits"] += 1
            if deleted_words(text, trace["normalized_text"])[1] is not None:
                counts["content_word_deleted"] += 1
            right = gold is not None and Fraction(decision["value"]) == gold
            for tally in (counts, group):
                tally["committed"] += 1
                tally["correct" if right else "wrong"] += 1
            if not right:
                corpus.wrong.append(
                    f"{ident}: committed {decision['value']}, gold {raw_gold!r}: {text}"
                )
            elif args.edits:
                measure_edits(corpus, ident, text, trace, args.edits)
        else:
            for tally in (counts, group):
                tally["refused"] += 1
            counts[f"r:{decision['reason']}"] += 1
    return corpus


def measure_edits(corpus: Corpus, ident: str, text: str, trace: dict[str, Any], seeds: int) -> None:
    """Every metamorphic edit of a correctly committed problem, ``seeds`` draws each
    (distinct texts only): committed as the relation says, wrong, or refused."""
    for edit in EDITS:
        tally = corpus.edits.setdefault(edit.name, Counter())
        seen: set[str] = set()
        for seed in range(seeds):
            edited = edit.apply(text, seed)
            if edited is None or edited.text in seen or edited.text == text:
                continue
            seen.add(edited.text)
            result = derive(edited.text)
            verdict = judge(trace, edited, result)
            if verdict == "unknown":
                continue
            tally["edits"] += 1
            tally["correct" if verdict == "expected" else verdict] += 1
            if verdict == "wrong":
                corpus.edit_wrong.append(
                    f"{ident} {edit.name}: committed {result['decision']['value']}: {edited.text}"
                )


def table(rows: list[list[str]]) -> str:
    """A Markdown table (it reads as plain text too)."""
    widths = [max(len(r[i]) for r in [COLUMNS, *rows]) for i in range(len(COLUMNS))]

    def line(cells: list[str]) -> str:
        return (
            "| "
            + " | ".join(
                c.ljust(w) if i == 0 else c.rjust(w)
                for i, (c, w) in enumerate(zip(cells, widths, strict=True))
            )
            + " |"
        )

    rule = "|" + "|".join("-" * (w + 1) + (":" if i else "-") for i, w in enumerate(widths)) + "|"
    return "\n".join([line(COLUMNS), rule, *(line(r) for r in rows)])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument(
        "files", type=pathlib.Path, nargs="+", help="JSONL corpora, one problem per line"
    )
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
    parser.add_argument("--limit", type=int, help="only the first N problems of each file")
    parser.add_argument(
        "--repeat", type=int, default=3, help="timing repetitions per problem (median of them)"
    )
    parser.add_argument("--top", type=int, default=8, help="refusal reasons shown per corpus")
    parser.add_argument("--show-wrong", action="store_true", help="print every wrong commit")
    parser.add_argument(
        "--edits",
        type=int,
        default=0,
        metavar="SEEDS",
        help="also apply every metamorphic edit (SEEDS draws each) to each correct commit",
    )
    parser.add_argument(
        "--fail-on-wrong", action="store_true", help="exit 1 if any commit is wrong"
    )
    parser.add_argument(
        "--split",
        action="append",
        default=[],
        metavar="NAME=FIRST..LAST",
        help="report the problems whose id lies in FIRST..LAST (string order) as a corpus of "
        "their own, NAME (repeatable; e.g. folds01=mawps-dev-0001..mawps-dev-0714)",
    )
    parser.add_argument(
        "--errata",
        type=pathlib.Path,
        help="JSON: problem id -> {answer, why}, golds wrong in their source (each is printed)",
    )
    args = parser.parse_args(argv)
    args.errata_map = {}
    if args.errata is not None:
        try:
            args.errata_map = json.loads(args.errata.read_text(encoding="utf-8"))
            if not isinstance(args.errata_map, dict) or not all(
                isinstance(v, dict) and "answer" in v and "why" in v
                for v in args.errata_map.values()
            ):
                raise ValueError("each entry needs 'answer' and 'why'")
        except (OSError, ValueError) as exc:
            print(
                f"derivation.py: {args.errata}: {exc} (a JSON object: id -> "
                '{"answer": ..., "why": ...})',
                file=sys.stderr,
            )
            return 2
    pattern = re.compile(args.answer_pattern) if args.answer_pattern else None
    splits: list[tuple[str, str, str]] = []
    for spec in args.split:
        m = re.fullmatch(r"([^=]+)=([^.]+(?:\.[^.]+)*)\.\.(.+)", spec)
        if m is None:
            print(
                f"derivation.py: --split {spec!r}: expected NAME=FIRST..LAST "
                "(e.g. folds01=mawps-dev-0001..mawps-dev-0714)",
                file=sys.stderr,
            )
            return 2
        splits.append((m.group(1), m.group(2), m.group(3)))
    names = [f.name for f in args.files]
    files: list[tuple[str, list[tuple[str, str, Any, str]]]] = []
    for path in args.files:
        rows = read_rows(path, args)
        if isinstance(rows, str):
            print(f"derivation.py: {rows}", file=sys.stderr)
            return 2
        # Two files of one name are told apart by their path.
        files.append((path.name if names.count(path.name) == 1 else str(path), rows))
    # Ids are compared as text, so a range of short ids ("..0714") selects nothing: say so
    # rather than report the whole file as if it were the split.
    for split, first, last in splits:
        if not any(first <= r[0] <= last for _, rows in files for r in rows):
            print(
                f"derivation.py: --split {split}={first}..{last} selects no problem of any "
                "file (ids are compared as text: give whole ids, e.g. "
                "folds01=mawps-dev-0001..mawps-dev-0714)",
                file=sys.stderr,
            )
            return 2
    corpora: list[Corpus] = []
    for name, rows in files:
        parts = [
            (f"{name} {split}", [r for r in rows if first <= r[0] <= last])
            for split, first, last in splits
        ]
        parts = [(n, r) for n, r in parts if r] or [(name, rows)]
        for part_name, part_rows in parts:
            corpora.append(measure(part_name, part_rows, args, pattern))

    print(table([c.row() for c in corpora]))
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"\n(load average {load:.2f} on {os.cpu_count()} cores; times are medians)")
    print(
        "\nwords deleted by a rewrite, in committed problems: corpus, with no role (goal 0), "
        "passed by a template (debt)"
    )
    for c in corpora:
        print(
            f"  {c.name:40} {c.counts['content_word_deleted']:5} {c.counts['template_commits']:5}"
        )
    for c in corpora:
        reasons = c.reasons()
        if reasons:
            print(f"\nrefusal reasons, {c.name}:")
            for reason, n in reasons[: args.top]:
                print(f"  {reason:32} {n:5}")
            rest = sum(n for _r, n in reasons[args.top :])
            if rest:
                print(f"  {'(other reasons)':32} {rest:5}")
        if args.group_field:
            print(f"\nby {args.group_field}, {c.name}: total committed correct wrong refused")
            for gname, g in sorted(c.groups.items()):
                cells = " ".join(
                    f"{g[k]:4}" for k in ("total", "committed", "correct", "wrong", "refused")
                )
                print(f"  {gname:28} {cells}")
        if c.errata:
            print(f"\ngold errata applied, {c.name}:")
            for e in c.errata:
                print("  " + e)
        if args.show_wrong and c.wrong:
            print(f"\nwrong commits, {c.name}:")
            for w in c.wrong:
                print("  " + w)
        if c.edits:
            print(f"\nmetamorphic edits, {c.name}: edits committed-as-expected wrong refused")
            for ename, g in c.edits.items():
                cells = " ".join(f"{g[k]:5}" for k in ("edits", "correct", "wrong", "refused"))
                print(f"  {ename:28} {cells}")
            total = Counter[str]()
            for g in c.edits.values():
                total.update(g)
            cells = " ".join(f"{total[k]:5}" for k in ("edits", "correct", "wrong", "refused"))
            print(f"  {'(all edits)':28} {cells}")
        if args.show_wrong and c.edit_wrong:
            print(f"\nwrong commits on edits, {c.name}:")
            for w in c.edit_wrong:
                print("  " + w)
    wrong = sum(c.counts["wrong"] + len(c.edit_wrong) for c in corpora)
    return 1 if args.fail_on_wrong and wrong else 0


if __name__ == "__main__":
    sys.exit(main())
