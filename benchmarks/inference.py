"""Probe latency of the symbolic teaching pipeline against vault size and reachable premises.

Run: ``python benchmarks/inference.py``. Vaults of 10, 1,000 and 100,000 premises hold the
same premises reachable from the probe (a chain with a denial and a requires chain) and
otherwise only unrelated ones. A second table keeps the vault at 100,000 premises and grows the
reachable part. Latency should follow the reachable premises, not the vault size: ratios are
against the smallest configuration, measured in the same run.
"""

from __future__ import annotations

import random
import statistics
import sys
import time

from pytest_core_verify.systems.symbolic import TeachingPipeline

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


def main() -> int:
    started = time.perf_counter()
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
