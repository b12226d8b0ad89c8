"""Snapshot cost: the plugin with and without snapshots, and syrupy's stock Amber.

Run: ``python benchmarks/snapshots.py`` (``--quick`` for a smoke run).

N cases (2000, and 20000) of a trivial lane run through:

- the plugin without snapshots (a benchmark-only plugin turns the snapshot step into a
  no-op, until the plugin has a switch for it; see ``benchmarks/harness.py``);
- the plugin with every case pinned (one pretty JSON file per case);
- a hand-written parametrized test doing the same double run and then
  ``assert result == snapshot`` with syrupy's default Amber extension (one ``.ambr`` file).

Snapshots are created with ``--snapshot-update`` first (timed once, shown for
information), then every variant verifies. syrupy's stock
single-file-per-snapshot extension grew quadratically (2000 cases: about 6 minutes); if
Amber at N takes so long that the large lane would blow the time budget, Amber is not
run at the large N and the report says so (``--amber-big`` forces it).

Figures are medians of interleaved pytest subprocesses; verdicts use CPU time (user +
sys), with wall time beside it, on a noisy 2-core machine. The script always exits 0.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from harness import (
    LANE,
    NO_SNAPSHOTS,
    Figure,
    Sample,
    machine_line,
    measure,
    run_pytest,
    table,
    verdict,
    write_project,
)

AMBER = "hand/test_hand_amber.py"
#: Skip Amber at the large N when its linear projection exceeds this many seconds.
AMBER_BIG_BUDGET_S = 240.0


def _plugin(project: Path, n: int, *, snapshots: bool) -> Callable[[], Sample]:
    extra = [] if snapshots else NO_SNAPSHOTS
    # The plugin adds one gate item per lane split (lanes/bench::dev::gate).
    return lambda: run_pytest(project, [*extra, "--lane", LANE], expect_passed=n + 1)


def _amber(project: Path, n: int) -> Callable[[], Sample]:
    return lambda: run_pytest(project, [AMBER], expect_passed=n)


def _pin(project: Path, n: int, *, amber: bool) -> Sample:
    args = [AMBER] if amber else ["--lane", LANE]
    return run_pytest(project, [*args, "--snapshot-update"], expect_passed=n if amber else n + 1)


def _variants(project: Path, n: int, *, amber: bool) -> list[tuple[str, int, Callable[[], Sample]]]:
    found = [
        (f"plugin, no snapshots, {n}", n, _plugin(project, n, snapshots=False)),
        (f"plugin, snapshots, {n}", n, _plugin(project, n, snapshots=True)),
    ]
    if amber:
        found.append((f"hand-written + Amber, {n}", n, _amber(project, n)))
    return found


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--n", type=int, default=2000)
    parser.add_argument("--big", type=int, default=20000)
    parser.add_argument("--repeats", type=int, default=5, help="runs per variant at --n")
    parser.add_argument("--big-repeats", type=int, default=3, help="runs per variant at --big")
    parser.add_argument("--amber-big", action="store_true", help="run Amber at --big anyway")
    parser.add_argument("--quick", action="store_true", help="smoke run: 200 / 2000 cases")
    args = parser.parse_args(argv)
    if args.quick:
        args.n, args.big, args.repeats, args.big_repeats = 200, 2000, 2, 1
    started = time.perf_counter()
    print(f"benchmarks/snapshots.py: {machine_line()}")
    figs: dict[str, Figure] = {}
    pins: list[tuple[str, Sample]] = []
    with tempfile.TemporaryDirectory(prefix="cv-bench-snapshots-") as tmp:
        projects = {n: write_project(Path(tmp, f"n{n}"), n, amber=True) for n in (1, args.n)}
        for n, project in projects.items():
            pins.append((f"plugin --snapshot-update, {n}", _pin(project, n, amber=False)))
            pins.append((f"Amber --snapshot-update, {n}", _pin(project, n, amber=True)))
        print(f"\n1 and {args.n} cases ({args.repeats} runs each, interleaved):")
        figs |= measure(
            _variants(projects[1], 1, amber=True) + _variants(projects[args.n], args.n, amber=True),
            args.repeats,
        )
        amber_n = figs[f"hand-written + Amber, {args.n}"]
        projected = amber_n.wall * args.big / args.n * args.big_repeats
        amber_big = args.amber_big or projected <= AMBER_BIG_BUDGET_S
        big = write_project(Path(tmp, f"n{args.big}"), args.big, amber=amber_big)
        pins.append((f"plugin --snapshot-update, {args.big}", _pin(big, args.big, amber=False)))
        if amber_big:
            pins.append((f"Amber --snapshot-update, {args.big}", _pin(big, args.big, amber=True)))
        print(f"\n{args.big} cases ({args.big_repeats} runs each, interleaved):")
        figs |= measure(_variants(big, args.big, amber=amber_big), args.big_repeats)
    print("\ncreating the snapshots (--snapshot-update, one run each, for information):")
    for label, sample in pins:
        print(f"  {label:<36} wall {sample.wall:7.2f} s  cpu {sample.cpu:7.2f} s")
    if not amber_big:
        print(
            f"\nAmber at {args.big} NOT run: {args.n} cases took {amber_n.wall:.1f} s wall, so "
            f"{args.big_repeats} runs at {args.big} would take at least {projected:.0f} s "
            "(linear projection); use --amber-big to force it."
        )

    def one(label: str) -> Figure:
        return figs[label.rsplit(", ", 1)[0] + ", 1"]

    baselines: dict[str, Figure | None] = {
        label: one(label) for label, fig in figs.items() if fig.n != 1
    }
    print("\nmedians (ms/case: marginal, the 1-case run taken out)")
    table(figs.values(), baselines)
    results: list[tuple[str, float, float]] = []
    for n in (args.n, args.big):
        without, with_ = figs[f"plugin, no snapshots, {n}"], figs[f"plugin, snapshots, {n}"]
        overhead = with_.cpu / without.cpu - 1
        per_case = with_.per_case_ms(one(with_.label)) / without.per_case_ms(one(without.label))
        print(
            f"N={n}: snapshot overhead (cpu, whole run) {overhead:+.1%}, "
            f"wall {with_.wall / without.wall - 1:+.1%}, per case (cpu) {per_case - 1:+.1%}"
        )
        results.append((f"snapshot overhead at N={n} (cpu, whole run)", overhead, 0.15))
        amber = figs.get(f"hand-written + Amber, {n}")
        if amber is not None:
            ratio = with_.cpu / amber.cpu
            print(
                f"N={n}: plugin with snapshots / hand-written Amber: cpu {ratio:.3f}, "
                f"wall {with_.wall / amber.wall:.3f}"
            )
            results.append((f"plugin with snapshots / Amber at N={n} (cpu)", ratio, 1.0))
    small_snap, big_snap = (
        figs[f"plugin, snapshots, {args.n}"],
        figs[f"plugin, snapshots, {args.big}"],
    )
    growth = big_snap.per_case_ms(one(big_snap.label)) / small_snap.per_case_ms(
        one(small_snap.label)
    )
    print(f"plugin with snapshots, per-case cost {args.big} / {args.n} (cpu): {growth:.3f}")
    amber_big_fig = figs.get(f"hand-written + Amber, {args.big}")
    if amber_big_fig is not None:
        amber_growth = amber_big_fig.per_case_ms(one(amber_big_fig.label)) / amber_n.per_case_ms(
            one(amber_n.label)
        )
        print(f"hand-written Amber, per-case cost {args.big} / {args.n} (cpu): {amber_growth:.3f}")
    print()
    for name, value, target in results:
        if "overhead" in name:
            verdict(name, value * 100, target * 100, unit="%")
        else:
            verdict(name, value, target)
    verdict(f"plugin with snapshots, per-case cost N={args.big} / N={args.n} (cpu)", growth, 1.2)
    print(f"\n(total {time.perf_counter() - started:.0f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
