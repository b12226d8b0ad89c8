"""When pytest-xdist pays off: ``-n 2`` against a serial run, by per-case work.

Run: ``python benchmarks/xdist.py`` (``--quick`` for a smoke run).

Three lanes whose ``run()`` burns about 0.1, 1 and 10 ms of pure-Python CPU per call
(calibrated here first), every case pinned. Each runs serially and under ``-n 2``, with
the default replay (``process``: run A in the pytest process or worker, run B at the
same time in its replay helper, which calls ``run()`` twice) and with ``--replay
inprocess`` (the two calls one after the other), interleaved. The figures are the wall-time
speed-up, serial / ``-n 2``, per case (each variant's 1-case run taken out: what a large
lane sees) and for the whole run; how much later ``-n 2`` starts (two workers start,
import and collect on their own), and so from how many cases it pays; and the CPU that
``-n 2`` adds (every report crosses a process boundary).

Goals (on a quiet 2-core machine), per case: at least 1.7x on the 10 ms lane and 1.3x
on the 1 ms lane. Wall time is hostage to other load: the load average is printed beside the
figures. The script reports; it always exits 0.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from harness import (
    LANE,
    Figure,
    machine_line,
    measure,
    run_pytest,
    table,
    verdict,
    write_project,
)
from scale import CPU_LANE, calibrate

#: (label, CPU ms per call of run(), cases, goal for the -n 2 speed-up or None)
LANES = (
    ("0.1 ms", 0.1, 3000, None),
    ("1 ms", 1.0, 1200, 1.3),
    ("10 ms", 10.0, 160, 1.7),
)
QUIET = ["-p", "no:timeout"]
#: The default replay overlaps run B (in the helper) with run A, so a serial run already
#: keeps two cores busy; ``inprocess`` runs both calls one after the other.
MODES = {"replay=process": [], "replay=inprocess": ["--replay", "inprocess"]}


def _report(figs: dict[str, Figure], prefix: str, n: int) -> float:
    """Print one mode's figures; return its per-case -n 2 speed-up (wall)."""
    serial, parallel = figs[f"{prefix}, serial, {n}"], figs[f"{prefix}, -n 2, {n}"]
    serial_1, parallel_1 = figs[f"{prefix}, serial, 1"], figs[f"{prefix}, -n 2, 1"]
    # The marginal cost of a case (start-up taken out): what a large lane sees.
    serial_ms = serial.per_case_ms(serial_1, cpu=False)
    parallel_ms = parallel.per_case_ms(parallel_1, cpu=False)
    startup_ms = (parallel_1.wall - serial_1.wall) * 1000
    saved_ms = serial_ms - parallel_ms
    even = f"about {startup_ms / saved_ms:.0f} cases" if saved_ms > 0 else "never"
    print(
        f"{prefix}: wall per case serial {serial_ms:.2f} ms, -n 2 {parallel_ms:.2f} ms: "
        f"speed-up {serial_ms / parallel_ms:.2f}x per case, {serial.wall / parallel.wall:.2f}x "
        f"for the whole run of {n} cases; -n 2 starts {startup_ms / 1000:.2f} s later, so it "
        f"pays from {even}; CPU -n 2 / serial {parallel.cpu / serial.cpu:.2f}"
    )
    return serial_ms / parallel_ms


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeats", type=int, default=3, help="runs per variant")
    parser.add_argument("--scale", type=float, default=1.0, help="multiply every lane's cases")
    parser.add_argument("--quick", action="store_true", help="smoke run: a tenth of the cases")
    args = parser.parse_args(argv)
    if args.quick:
        args.scale, args.repeats = 0.1, 1
    started = time.perf_counter()
    print(f"benchmarks/xdist.py: {machine_line()}")
    verdicts: list[tuple[str, float, float]] = []
    with tempfile.TemporaryDirectory(prefix="cv-bench-xdist-") as tmp:
        for label, ms, cases, goal in LANES:
            n = max(20, int(cases * args.scale))
            iterations = calibrate(ms)
            code = CPU_LANE.format(iterations=iterations)
            projects = {
                size: write_project(
                    Path(tmp, f"{label.replace(' ', '')}-{size}"), size, lane_code=code
                )
                for size in (1, n)
            }
            for size, project in projects.items():
                run_pytest(
                    project, [*QUIET, "--lane", LANE, "--snapshot-update"], expect_passed=size + 1
                )
            print(f"\nlane of {label} per run() call ({iterations} iterations), 1 and {n} cases:")
            variants = []
            for mode in MODES:
                for size, project in projects.items():
                    for name, extra in (("serial", []), ("-n 2", ["-n", "2"])):
                        variants.append(
                            (
                                f"{label}, {mode}, {name}, {size}",
                                size,
                                lambda p=project, s=size, e=[*MODES[mode], *extra]: run_pytest(
                                    p, [*QUIET, "--lane", LANE, *e], expect_passed=s + 1
                                ),
                            )
                        )
            figs = measure(variants, args.repeats)
            table(figs.values())
            for mode in MODES:
                speedup = _report(figs, f"{label}, {mode}", n)
                if goal is not None:
                    verdicts.append(
                        (f"{label} lane, {mode}: -n 2 speed-up per case (wall)", speedup, goal)
                    )
    print()
    for name, value, goal in verdicts:
        verdict(name, value, goal, below=False)
    print(f"\n(total {time.perf_counter() - started:.0f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
