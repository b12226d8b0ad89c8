"""Probe latency of the symbolic teaching pipeline against vault size and reachable premises.

Run: ``python benchmarks/inference.py``. Vaults of 10, 1,000 and 100,000 premises hold the
same premises reachable from the probe (a chain with a denial and a requires chain) and
otherwise only unrelated ones. A second table keeps the vault at 100,000 premises and grows the
reachable part. Latency should follow the reachable premises, not the vault size: ratios are
against the smallest configuration, measured in the same run.

The session tables are a teaching session: n taught facts, each followed by a probe (n probes),
through the pipeline. Five shapes separate the engine's own work from the size of what it
says (``Reasoner`` keeps the derived state of up to 4,096 subjects; past that the least
recently asked is derived afresh when asked again, as in the tree shapes at 8,000):

- ``root``: an n-fact chain, the root asked after each fact. Every answer lists all the
  conclusions so far, so the output itself is O(n) per probe and O(n^2) for the session:
  the figure to watch is the time per emitted conclusion, which should stay flat.
- ``leaf``: the same chain, asking about the term just taught (one premise, no conclusion).
- ``tree``: "node i is node j" with j drawn among the nodes less than six edges below the
  root, a random node asked each time: answers of at most five conclusions, and most
  subjects asked again long after they were last asked, so a catch-up that looked at
  everything taught since would show here as quadratic growth.
- ``tree, contests``: the same, and every tenth fact denies an edge taught before, which
  contests it and makes every subject below it be derived afresh when next asked.
- ``random tree``: j drawn among all earlier nodes (a random recursive tree): answers of
  about ln n conclusions.

Each row gives the session time through the pipeline (median of ``--repeats``), per probe and
per emitted conclusion (the conclusions listed by all n answers together), the same facts and
probes through ``Reasoner`` alone (no reading, rendering or hashing), and a baseline in the
same run that derives every probe from scratch (``probe(vault, subject)``, what each probe
cost before the engine kept its derived state; for ``root`` it is quadratic, so it is timed at
the two smallest sizes only). Below each table: the exponent of a least-squares fit of
log(time) on log(n) (1.0 is linear, 2.0 quadratic) for the pipeline, the engine, the engine's
operations and the emitted output. The operations (``engine_operations``: premises read from
the vault's indexes and log, and claims looked up) count the engine's own work without the
answers' rendering and without the machine's load. Session times are CPU time of this process
(``time.process_time``), which other load on a shared machine disturbs less than wall time;
the load average is printed.
"""

from __future__ import annotations

import argparse
import math
import os
import random
import statistics
import sys
import time
from typing import Any

from pytest_core_verify.systems.symbolic import (
    Reasoner,
    TeachingPipeline,
    Vault,
    parse_utterance,
    probe,
)

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


Session = list[tuple[str, str]]  # (the correction taught, the question asked after it)

SHAPES = ("root", "leaf", "tree", "tree, contests", "random tree")
TREE_DEPTH = 6  # "tree": a node is at most this many edges below the root


def session_script(shape: str, n: int) -> Session:
    """The n (fact, probe) turns of one session shape; seeded, so the same on every run."""
    rng = random.Random(20261130)
    turns: Session = []
    if shape in ("root", "leaf"):
        for i in range(n):
            asked = "term 0" if shape == "root" else f"term {i}"
            turns.append((f"Actually term {i} is term {i + 1}.", f"What is {asked}?"))
        return turns
    # "node i is node p": in "random tree" p is any earlier node (depth about ln n); in the
    # others p is drawn from the nodes above TREE_DEPTH, so no answer exceeds it.
    parent: dict[int, int] = {}
    depth = {0: 0}
    shallow = [0]  # nodes a new node may hang from
    children: list[int] = []  # edges not yet denied
    for i in range(1, n + 1):
        if shape == "tree, contests" and i % 10 == 0:
            # Deny an edge taught before (each at most once: swap-remove from the list).
            pick = rng.randrange(len(children))
            children[pick], children[-1] = children[-1], children[pick]
            child = children.pop()
            fact = f"Actually node {child} is not node {parent[child]}."
        else:
            parent[i] = rng.randrange(i) if shape == "random tree" else rng.choice(shallow)
            depth[i] = depth[parent[i]] + 1
            if depth[i] < TREE_DEPTH:
                shallow.append(i)
            children.append(i)
            fact = f"Actually node {i} is node {parent[i]}."
        turns.append((fact, f"What is node {rng.randrange(i)}?"))
    return turns


def pipeline_session(turns: Session) -> tuple[float, int]:
    """Seconds for the session through the pipeline, and the conclusions its answers list."""
    pipeline = TeachingPipeline(source_date_epoch=0)
    pipeline.turn("What is term 0?")  # opens the teaching loop
    emitted = 0
    start = time.process_time()
    for fact, question in turns:
        if pipeline.turn(fact).pack_mutation_proposal is None:
            raise RuntimeError(f"not stored: {fact!r}")
        result = pipeline.turn(question)
        emitted += len(result.inference["conclusions"]) if result.inference else 0
    return time.process_time() - start, emitted


def engine_session(turns: Session, fresh: bool) -> tuple[float, int]:
    """The same facts and probes on a bare vault: through ``Reasoner`` (kept state) or, with
    ``fresh``, each probe derived from scratch by ``probe(vault, subject)``."""
    facts = [(parse_utterance(fact).claim, question) for fact, question in turns]
    topics = [parse_utterance(question).topic for _, question in turns]
    vault = Vault()
    reasoner = Reasoner(vault)
    emitted = 0
    start = time.process_time()
    for turn, ((claim, _), topic) in enumerate(zip(facts, topics, strict=True), 1):
        assert claim is not None and topic is not None
        vault.add(claim, turn)
        outcome = probe(vault, topic) if fresh else reasoner.probe(topic)
        emitted += len(outcome.steps)
    return time.process_time() - start, emitted


def engine_operations(turns: Session) -> int:
    """The engine's work in the session, counted rather than timed: premises it reads from the
    vault (index look-ups and the log of what was taught since) and claims it looks up. The
    rendering of answers is not counted, so this is the engine's own work apart from the size
    of what it says, and load on the machine cannot move it."""
    count = 0
    listing = ("about", "pointing_at", "since")
    originals = {name: getattr(Vault, name) for name in (*listing, "find", "is_contested")}

    def counted(name: str, method: Any) -> Any:
        def wrapper(self: Vault, *args: Any) -> Any:
            nonlocal count
            result = method(self, *args)
            count += len(result) if name in listing else 1
            return result

        return wrapper

    try:
        for name, method in originals.items():
            setattr(Vault, name, counted(name, method))
        engine_session(turns, fresh=False)
    finally:
        for name, method in originals.items():
            setattr(Vault, name, method)
    return count


def fitted_exponent(sizes: list[int], values: list[float]) -> float:
    """Slope of the least-squares line through (log n, log value)."""
    xs = [math.log(n) for n in sizes]
    ys = [math.log(max(v, 1e-12)) for v in values]
    mx, my = statistics.fmean(xs), statistics.fmean(ys)
    return sum((x - mx) * (y - my) for x, y in zip(xs, ys, strict=True)) / sum(
        (x - mx) ** 2 for x in xs
    )


def session_table(shape: str, sizes: list[int], repeats: int) -> dict[str, float]:
    print(f"Session '{shape}': n facts, a probe after each")
    print(
        f"{'n':>6} {'emitted':>10} {'pipeline s':>10} {'µs/probe':>9} {'ns/emitted':>10} "
        f"{'engine s':>9} {'fresh s':>8} {'fresh/engine':>12} {'engine ops':>11} {'ops/probe':>9}"
    )
    piped: list[float] = []
    engine: list[float] = []
    emitted_counts: list[float] = []
    operations: list[float] = []
    for index, n in enumerate(sizes):
        turns = session_script(shape, n)
        runs = [pipeline_session(turns) for _ in range(repeats)]
        seconds = statistics.median(r[0] for r in runs)
        emitted = runs[0][1]
        kept = statistics.median(engine_session(turns, fresh=False)[0] for _ in range(repeats))
        engine_emitted = engine_session(turns, fresh=False)[1]
        if engine_emitted != emitted:
            raise RuntimeError(f"{shape} n={n}: engine emitted {engine_emitted}, not {emitted}")
        if shape != "root" or index < 2:
            fresh_seconds, fresh_emitted = engine_session(turns, fresh=True)
            if fresh_emitted != emitted:
                raise RuntimeError(f"{shape} n={n}: fresh emitted {fresh_emitted}, not {emitted}")
            fresh = f"{fresh_seconds:>8.3f} {fresh_seconds / kept:>11.1f}x"
        else:
            fresh = f"{'-':>8} {'-':>12}"
        per_emitted = f"{seconds / emitted * 1e9:>10.0f}" if emitted else f"{'-':>10}"
        ops = engine_operations(turns)
        print(
            f"{n:>6,} {emitted:>10,} {seconds:>10.3f} {seconds / n * 1e6:>9.1f} {per_emitted} "
            f"{kept:>9.3f} {fresh} {ops:>11,} {ops / n:>9.1f}"
        )
        operations.append(float(ops))
        piped.append(seconds)
        engine.append(kept)
        emitted_counts.append(float(max(emitted, 1)))
    exponents = {
        "pipeline": fitted_exponent(sizes, piped),
        "engine": fitted_exponent(sizes, engine),
        "engine ops": fitted_exponent(sizes, operations),
        "emitted": fitted_exponent(sizes, emitted_counts),
    }
    line = ", ".join(f"{name} n^{value:.2f}" for name, value in exponents.items())
    print(f"fitted growth over n: {line}")
    if shape == "root":
        per = [t / e for t, e in zip(piped, emitted_counts, strict=True)]
        print(
            f"time per emitted conclusion, largest n / smallest n: {per[-1] / per[0]:.2f}x "
            "(flat or falling: the session's growth is its output's)"
        )
    print()
    return exponents


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument(
        "--sizes",
        type=lambda text: [int(part) for part in text.split(",")],
        default=[1_000, 2_000, 4_000, 8_000],
        help="session sizes n, comma-separated (default 1000,2000,4000,8000)",
    )
    parser.add_argument("--repeats", type=int, default=3, help="runs per figure (median)")
    parser.add_argument("--sessions-only", action="store_true", help="skip the vault tables")
    args = parser.parse_args(argv)
    sizes, repeats = sorted(args.sizes), args.repeats
    if len(sizes) < 2 or sizes[0] < 10 or repeats < 1:
        parser.error("give at least two sizes of 10 or more, and --repeats of 1 or more")
    started = time.perf_counter()
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"load average (1 min) at start: {load:.2f} on {os.cpu_count()} CPUs")
    print()
    for shape in SHAPES:
        session_table(shape, sizes, repeats)
    if args.sessions_only:
        print(f"total {time.perf_counter() - started:.1f} s")
        return 0
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
