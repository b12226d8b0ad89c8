"""Bytes per run that ``--results-history FILE`` appends, before and after compact lines.

Run: ``python benchmarks/history_size.py`` (``--cases N``, default 1,000).

A lane of N cases with a metric and a threshold runs three times with
``--results DIR --results-history FILE`` (the first run makes the pins). The history
file grows by one line per lane split and run; the figure "after" is what it grew by in
one run. The figure "before" is what older versions appended for the same run: the
whole results document of the split as one JSON line, which is the results file just
written, serialized the way those versions did. The ratio is printed; the script reports
and always exits 0.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from harness import LANE, run_pytest, write_project

SCORED_LANE = """
import pytest
from pytest_core_verify import metric

pytestmark = [pytest.mark.threshold("correct", min=0.9)]

def run(case, workdir):
    return {"id": case["id"], "double": case["x"] * 2}

@metric
def correct(case, result):
    return result["double"] % 7 != 3
"""


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cases", type=int, default=1000)
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="cv-history-") as tmp:
        project = write_project(Path(tmp) / "project", args.cases, lane_code=SCORED_LANE)
        log = project / "history.jsonl"
        options = ["-p", "no:xdist", "--lane", LANE, "--results", "out"]
        options += ["--results-history", str(log)]
        run_pytest(project, [*options, "--snapshot-update"])
        sizes = []
        for _ in range(2):
            before = log.stat().st_size
            run_pytest(project, options)
            sizes.append(log.stat().st_size - before)
        results = json.loads((project / "out" / f"{LANE}.dev.json").read_text(encoding="utf-8"))
        whole = len(
            (json.dumps(results, sort_keys=True, ensure_ascii=False) + "\n").encode("utf-8")
        )
        compact = sizes[-1]
        line = json.loads(log.read_text(encoding="utf-8").splitlines()[-1])
    print(f"lane of {args.cases:,} cases, one split, per run appended to the history:")
    print(f"  before (the whole results document): {whole:>10,} bytes")
    print(f"  after (the compact line):            {compact:>10,} bytes")
    print(f"  ratio before / after:                {whole / compact:>10,.0f}x")
    print(f"  line fields: {', '.join(sorted(line))}")
    if sizes[0] != sizes[1]:
        print(f"  (the two timed runs appended {sizes[0]} and {sizes[1]} bytes)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
