"""Probe latency of the symbolic teaching pipeline against vault size and reachable premises.

Run: ``python benchmarks/inference.py``. Vaults of 10, 1,000 and 100,000 premises hold the
same premises reachable from the probe (a chain with a denial and a requires chain) and
otherwise only unrelated ones. A second table keeps the vault at 100,000 premises and grows the
reachable part. Latency should follow the reachable premises, not the vault size: ratios are
against the smallest configuration, measured in the same run.

A third table is the session of issue 18: teach an n-fact chain one fact at a time and ask
the root question again after each fact (n taught facts, n probes). The pipeline keeps each
subject's derived state between probes, so the session should grow near-linearly; it is timed
against a baseline in the same run that re-derives every probe from scratch
(``probe(vault, subject)``, what each probe cost before), and the exponent between sizes is
printed (1.0 is linear, 2.0 quadratic).
"""

from __future__ import annotations

import math
import os
import random
import statistics
import sys
import time

from pytest_core_verify.systems.symbolic import TeachingPipeline, Vault, parse_claim, probe

PROBE = "What is term 0?"


def build(vault_size: int, hops: int) -> TeachingPipeline:
    """Teach a ``hops``-long "is" chain from "term 0", a denial at its end, and unrelated filler."""
    pipeline = TeachingPipeline(source_date_epoch=0)
    pipeline.turn(PROBE)  # opens the teaching loop
    taught = 0
    for i in range(hops):
        pipeline.turn(f"Actually term {i} is term {i + 1}.")
        taught += 1
    pipeline.turn(f"No, term {hops} is not void.")
    taught += 1
    rng = random.Random(20261129)  # seeded: the filler is the same on every run
    relations = ("is", "requires", "precedes", "presupposes", "is not")
    filler = max(vault_size - taught, 0)
    for i in range(filler):
        # Unrelated terms, some of them pointing at chain terms, which must not make them
        # reachable: recall follows relations forward from the probe only.
        target = (
            f"term {rng.randrange(hops + 1)}" if i % 50 == 0 else f"other {rng.randrange(filler)}"
        )
        pipeline.turn(f"Actually thing {i} {rng.choice(relations)} {target}.")
    if len(pipeline.vault) != max(vault_size, taught):
        raise RuntimeError(f"built {len(pipeline.vault)} premises, wanted {vault_size}")
    return pipeline


def median_probe_seconds(pipeline: TeachingPipeline, repeats: int) -> tuple[float, int, int]:
    samples = []
    result = pipeline.turn(PROBE)
    for _ in range(repeats):
        start = time.perf_counter()
        result = pipeline.turn(PROBE)
        samples.append(time.perf_counter() - start)
    conclusions = len(result.inference["conclusions"]) if result.inference else 0
    return statistics.median(samples), result.vault_hits, conclusions


def table(title: str, rows: list[tuple[int, int]], repeats: int) -> None:
    print(title)
    print(f"{'vault':>9} {'reachable':>9} {'concluded':>9} {'median µs':>10} {'ratio':>7}")
    baseline = None
    for vault_size, hops in rows:
        pipeline = build(vault_size, hops)
        median, hits, concluded = median_probe_seconds(pipeline, repeats)
        baseline = baseline or median
        print(
            f"{len(pipeline.vault):>9,} {hits:>9} {concluded:>9} "
            f"{median * 1e6:>10.1f} {median / baseline:>6.2f}x"
        )
    print()


def session_seconds(n: int) -> tuple[float, int]:
    """Teach "term i is term i+1" for i < n through the pipeline, asking the root each time."""
    pipeline = TeachingPipeline(source_date_epoch=0)
    pipeline.turn(PROBE)
    start = time.perf_counter()
    concluded = 0
    for i in range(n):
        pipeline.turn(f"Actually term {i} is term {i + 1}.")
        result = pipeline.turn(PROBE)
        concluded = len(result.inference["conclusions"]) if result.inference else 0
    return time.perf_counter() - start, concluded


def fresh_session_seconds(n: int) -> float:
    """The same facts and probes, each probe derived from scratch (the former cost)."""
    vault = Vault()
    start = time.perf_counter()
    for i in range(n):
        vault.add(parse_claim(f"term {i} is term {i + 1}"), i + 1)
        probe(vault, "term 0")
    return time.perf_counter() - start


def session_table(sizes: list[int], repeats: int) -> None:
    print("Session: n taught facts, the root asked after each (should grow near-linearly):")
    print(
        f"{'n':>6} {'concluded':>9} {'kept s':>8} {'per fact µs':>11} {'exponent':>8} "
        f"{'fresh probes s':>14} {'fresh/kept':>10}"
    )
    previous: tuple[int, float] | None = None
    for n in sizes:
        runs = [session_seconds(n) for _ in range(repeats)]
        kept = statistics.median(r[0] for r in runs)
        # The from-scratch baseline is quadratic: measured up to 1,000 facts only.
        fresh = fresh_session_seconds(n) if n <= 1_000 else float("nan")
        exponent = (
            f"{math.log(kept / previous[1]) / math.log(n / previous[0]):>8.2f}"
            if previous
            else f"{'':>8}"
        )
        print(
            f"{n:>6,} {runs[0][1]:>9} {kept:>8.3f} {kept / n * 1e6:>11.1f} {exponent} "
            f"{fresh:>14.3f} {fresh / kept:>9.1f}x"
        )
        previous = (n, kept)
    print()


def main() -> int:
    started = time.perf_counter()
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"load average (1 min) at start: {load:.2f} on {os.cpu_count()} CPUs")
    print()
    session_table([250, 500, 1_000, 2_000, 4_000], repeats=3)
    table(
        "Same reachable premises, growing vault (latency should stay flat):",
        [(10, 5), (1_000, 5), (100_000, 5)],
        repeats=300,
    )
    table(
        "Vault of 100,000, growing reachable premises (latency should grow with them):",
        [(100_000, 5), (100_000, 50), (100_000, 500)],
        repeats=30,
    )
    print(f"total {time.perf_counter() - started:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
