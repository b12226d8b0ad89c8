"""Pinning from nothing: ``--snapshot-update`` against the matched run.

Run: ``python benchmarks/pinning.py`` (``--n 100000`` for the issue's size; ``--quick``
for a smoke run).

A trivial lane of N cases (the project, and so its ``snapshots/``, on the project's
disk; basetemp on tmpfs where there is one) runs three ways, each a pytest subprocess
forked so that ``ru_maxrss`` is its own peak:

- **create**: ``--snapshot-update`` with no pins yet: every pin is written;
- **matched**: a plain run against those pins: every pin is read and compared;
- **re-pin**: ``--snapshot-update`` again with nothing changed, which must write nothing
  (checked: no pin's modification time moves).

Goals: create within 1.5x the matched run's CPU, and its peak RSS at most 850 MB (at
100,000 cases). The pins are removed before each create run; the variants are
interleaved. Medians of CPU (user + sys) with the load average; the script reports and
always exits 0.
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from harness import LANE, Sample, machine_line, measure, run_pytest, table, verdict, write_project

QUIET = ["-p", "no:timeout"]


def _pin_mtimes(pins: Path) -> dict[str, int]:
    with os.scandir(pins) as entries:
        return {entry.name: entry.stat().st_mtime_ns for entry in entries}


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--n", type=int, default=20000, help="cases in the lane")
    parser.add_argument("--repeats", type=int, default=3, help="runs per variant")
    parser.add_argument("--quick", action="store_true", help="smoke run: 2000 cases, 1 run")
    args = parser.parse_args(argv)
    if args.quick:
        args.n, args.repeats = 2000, 1
    n = args.n
    started = time.perf_counter()
    print(f"benchmarks/pinning.py: {machine_line()}")
    basetemp_root = Path("/dev/shm") if Path("/dev/shm").is_dir() else None
    with tempfile.TemporaryDirectory(prefix="cv-bench-pinning-") as tmp:
        project = write_project(Path(tmp, "project"), n)
        pins = project / "snapshots" / LANE / "dev"
        lane = [*QUIET, "--lane", LANE]

        def create() -> Sample:
            shutil.rmtree(project / "snapshots", ignore_errors=True)
            sample = run_pytest(
                project,
                [*lane, "--snapshot-update"],
                expect_passed=n + 1,
                basetemp_root=basetemp_root,
            )
            if len(_pin_mtimes(pins)) != n:
                raise RuntimeError("--snapshot-update did not write every pin")
            return sample

        def matched() -> Sample:
            return run_pytest(project, lane, expect_passed=n + 1, basetemp_root=basetemp_root)

        unchanged: list[bool] = []

        def repin() -> Sample:
            before = _pin_mtimes(pins)
            sample = run_pytest(
                project,
                [*lane, "--snapshot-update"],
                expect_passed=n + 1,
                basetemp_root=basetemp_root,
            )
            unchanged.append(_pin_mtimes(pins) == before)
            return sample

        variants: list[tuple[str, int, Callable[[], Sample]]] = [
            (f"create (--snapshot-update, no pins), {n}", n, create),
            (f"matched (plain run), {n}", n, matched),
            (f"re-pin, nothing changed, {n}", n, repin),
        ]
        print(f"\n{n} cases, {args.repeats} run(s) per variant, interleaved:")
        figs = measure(variants, args.repeats)
    print()
    table(figs.values())
    made, same, again = (figs[label] for label, _, _ in variants)
    ratio = made.cpu / same.cpu
    print(
        f"create / matched: cpu {ratio:.3f}, wall {made.wall / same.wall:.3f}; peak RSS create "
        f"{made.maxrss_mb:.0f} MB, matched {same.maxrss_mb:.0f} MB, re-pin "
        f"{again.maxrss_mb:.0f} MB; re-pin / matched cpu {again.cpu / same.cpu:.3f}"
    )
    print(f"re-pin wrote nothing: {all(unchanged)} ({len(unchanged)} run(s))")
    print(f"load now: {machine_line()}\n")
    verdict(f"create / matched at N={n} (cpu)", ratio, 1.5)
    verdict(f"create peak RSS at N={n}", made.maxrss_mb, 850, unit=" MB")
    print(f"{'PASS' if all(unchanged) else 'MISS'}  re-pin with nothing changed writes nothing")
    print(f"\n(total {time.perf_counter() - started:.0f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
