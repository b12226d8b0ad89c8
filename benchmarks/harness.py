"""The plugin's double run against the same double run written by hand (issue 2).

Run: ``python benchmarks/harness.py`` (``--quick`` for a smoke run of a few seconds).

A synthetic lane of N trivial cases runs through the plugin, and the same double run is
written by hand as a ``@pytest.mark.parametrize`` test: two fresh directories under
``tmp_path_factory``, the environment lightly varied for the second run, canonical JSON,
sha256 and the two file trees compared. Issue 2 is about the double run, so the plugin
runs here with its snapshot comparison switched off (``benchmarks/snapshots.py``
measures snapshots). The plugin has no switch for that yet, so a benchmark-only plugin
(``-p cv_bench_nosnap``) replaces ``_items.assert_case_snapshot`` with a no-op.

Every figure is a pytest subprocess (``python -m pytest -p no:cacheprovider -q``) with its
own ``--basetemp``; variants are interleaved so that machine noise hits them alike. The
machine is noisy: medians are quoted, and the verdicts use CPU time (user + sys of the
pytest process, which other processes disturb less than wall time); wall time is shown
beside it. Per-case cost is ``(median(N cases) - median(1 case)) / (N - 1)``, so that
pytest's start-up does not flatter the small lane. The script reports; it always exits 0.

The other benchmark scripts import the helpers of this module (``write_project``,
``run_pytest``, ``measure``...).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import textwrap
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

LANE = "bench"
NODE_FILE = f"lanes/{LANE}/dev/cases.jsonl"

TRIVIAL_LANE = """
def run(case, workdir):
    return {"id": case["id"], "double": case["x"] * 2}
"""

# Benchmark only: the plugin without its snapshot step (see the module docstring).
NO_SNAPSHOTS_PLUGIN = """
import pytest_core_verify._items as _items

_items.assert_case_snapshot = lambda *args, **kwargs: None
"""
NO_SNAPSHOTS = ["-p", "cv_bench_nosnap"]

# The hand-written double run. SNAPSHOT_ARG / SNAPSHOT_ASSERT are filled in to make the
# syrupy (Amber) variant of benchmarks/snapshots.py.
HAND_TEST = """
import copy
import hashlib
import importlib.util
import json
import os
import random
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
_spec = importlib.util.spec_from_file_location("bench_lane", ROOT / "lanes/bench/lane.py")
lane = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(lane)
with open(ROOT / "lanes/bench/dev/cases.jsonl", encoding="utf-8") as handle:
    CASES = [json.loads(line) for line in handle if line.strip()]
os.environ["SOURCE_DATE_EPOCH"] = "1767225600"


@pytest.fixture(scope="session")
def base(tmp_path_factory):
    # One numbered directory, plain subdirectories per case: a numbered mktemp per case
    # would scan the base directory every time (quadratic), which is not a fair baseline.
    return tmp_path_factory.mktemp("hand")


def canonical(value):
    text = json.dumps(
        value, sort_keys=True, separators=(",", ":"), ensure_ascii=False, allow_nan=False
    )
    return text.encode("utf-8")


def tree(root):
    found = {}
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames.sort()
        for name in sorted(filenames):
            path = Path(dirpath, name)
            found[path.relative_to(root).as_posix()] = hashlib.sha256(path.read_bytes()).hexdigest()
    return found


def run_once(case, workdir, cwd, tz, umask, seed):
    saved_cwd, saved_tz, saved_umask = os.getcwd(), os.environ.get("TZ"), os.umask(umask)
    os.environ["TZ"] = tz
    time.tzset()
    random.seed(seed)
    os.chdir(cwd)
    try:
        result = lane.run(copy.deepcopy(case), workdir)
    finally:
        os.chdir(saved_cwd)
        os.umask(saved_umask)
        if saved_tz is None:
            os.environ.pop("TZ", None)
        else:
            os.environ["TZ"] = saved_tz
        time.tzset()
    data = canonical(result)
    return json.loads(data), hashlib.sha256(data).hexdigest(), tree(workdir)


@pytest.mark.parametrize("case", CASES, ids=[c["id"] for c in CASES])
def test_case(case, base SNAPSHOT_ARG):
    case_dir = base / case["id"]
    a, b, cwd_b = case_dir / "a", case_dir / "b", case_dir / "cwd-b"
    for directory in (a, b, cwd_b):
        directory.mkdir(parents=True)
    first = run_once(case, a, a, "UTC", 0o022, 20240101)
    second = run_once(case, b, cwd_b, "Pacific/Kiritimati", 0o077, 97531)
    assert first[1:] == second[1:], "the two runs differ"
    SNAPSHOT_ASSERT
"""


def hand_test_source(*, amber: bool) -> str:
    source = HAND_TEST.replace("SNAPSHOT_ARG", ", snapshot" if amber else "")
    return source.replace("SNAPSHOT_ASSERT", "assert first[0] == snapshot" if amber else "")


def write_project(
    root: Path, n: int, *, lane_code: str = TRIVIAL_LANE, amber: bool = False
) -> Path:
    """A rootdir with lane ``bench`` of ``n`` cases, and the hand-written tests beside it."""
    root.mkdir(parents=True, exist_ok=True)
    (root / "pytest.ini").write_text("[pytest]\n", encoding="utf-8")
    lane_dir = root / "lanes" / LANE
    (lane_dir / "dev").mkdir(parents=True, exist_ok=True)
    (lane_dir / "lane.py").write_text(textwrap.dedent(lane_code), encoding="utf-8")
    with open(root / NODE_FILE, "w", encoding="utf-8") as handle:
        for i in range(n):
            handle.write(json.dumps({"id": f"CASE-{i:06d}", "x": i}) + "\n")
    (root / "cv_bench_nosnap.py").write_text(NO_SNAPSHOTS_PLUGIN, encoding="utf-8")
    hand = root / "hand"
    hand.mkdir(exist_ok=True)
    (hand / "test_hand.py").write_text(hand_test_source(amber=False), encoding="utf-8")
    if amber:
        (hand / "test_hand_amber.py").write_text(hand_test_source(amber=True), encoding="utf-8")
    return root


@dataclass(frozen=True)
class Sample:
    wall: float
    cpu: float
    maxrss_mb: float
    returncode: int
    output: str

    @property
    def summary(self) -> str:
        lines = [line for line in self.output.splitlines() if line.strip()]
        return lines[-1] if lines else ""


_runs = 0


def run_pytest(
    project: Path,
    args: Sequence[str],
    *,
    expect_passed: int | None = None,
    python_path: bool = True,
) -> Sample:
    """One pytest subprocess in ``project``: wall time, user+sys CPU, peak RSS."""
    global _runs
    _runs += 1
    basetemp = project / f".basetemp-{_runs}"
    cmd = [
        sys.executable,
        "-m",
        "pytest",
        "-p",
        "no:cacheprovider",
        "-q",
        f"--basetemp={basetemp}",
        *args,
    ]
    env = dict(os.environ)
    env.pop("PYTEST_ADDOPTS", None)
    env.pop("PYTEST_XDIST_AUTO_NUM_WORKERS", None)
    if python_path:  # for -p cv_bench_nosnap
        env["PYTHONPATH"] = os.pathsep.join(
            p for p in (str(project), env.get("PYTHONPATH", "")) if p
        )
    with tempfile.TemporaryFile(mode="w+", encoding="utf-8") as out:
        start = time.perf_counter()
        proc = subprocess.Popen(cmd, cwd=project, stdout=out, stderr=subprocess.STDOUT, env=env)
        _, status, usage = os.wait4(proc.pid, 0)
        wall = time.perf_counter() - start
        proc.returncode = os.waitstatus_to_exitcode(status)
        out.seek(0)
        output = out.read()
    shutil.rmtree(basetemp, ignore_errors=True)
    sample = Sample(
        wall=wall,
        cpu=usage.ru_utime + usage.ru_stime,
        maxrss_mb=usage.ru_maxrss / 1024,  # KiB on Linux
        returncode=proc.returncode,
        output=output,
    )
    if expect_passed is not None and (
        sample.returncode != 0 or not re.search(rf"\b{expect_passed} passed\b", sample.summary)
    ):
        tail = "\n".join(output.splitlines()[-15:])
        raise RuntimeError(f"pytest {' '.join(args)} did not pass {expect_passed}:\n{tail}")
    return sample


@dataclass(frozen=True)
class Figure:
    """The medians of repeated samples of one variant."""

    label: str
    n: int
    samples: tuple[Sample, ...]

    @property
    def wall(self) -> float:
        return statistics.median(s.wall for s in self.samples)

    @property
    def cpu(self) -> float:
        return statistics.median(s.cpu for s in self.samples)

    @property
    def maxrss_mb(self) -> float:
        return max(s.maxrss_mb for s in self.samples)

    def per_case_ms(self, baseline: Figure | None, *, cpu: bool = True) -> float:
        """Marginal cost of a case: start-up (the baseline's 1-case run) taken out."""
        total = self.cpu if cpu else self.wall
        base = (baseline.cpu if cpu else baseline.wall) if baseline else 0.0
        count = self.n - (baseline.n if baseline else 0)
        return (total - base) / max(count, 1) * 1000


def measure(
    variants: Sequence[tuple[str, int, Callable[[], Sample]]], repeats: int
) -> dict[str, Figure]:
    """Run each variant ``repeats`` times, interleaved (A B C A B C ...)."""
    samples: dict[str, list[Sample]] = {label: [] for label, _, _ in variants}
    for rep in range(repeats):
        for label, _, fn in variants:
            sample = fn()
            samples[label].append(sample)
            print(
                f"  [{rep + 1}/{repeats}] {label}: wall {sample.wall:.2f} s, "
                f"cpu {sample.cpu:.2f} s",
                flush=True,
            )
    return {label: Figure(label, n, tuple(samples[label])) for label, n, _ in variants}


def table(figures: Iterable[Figure], baselines: dict[str, Figure | None] | None = None) -> None:
    header = (
        f"{'variant':<34} {'N':>7} {'runs':>4} {'wall s':>8} {'cpu s':>8} "
        f"{'cpu ms/case':>11} {'wall ms/case':>12} {'peak MB':>8}"
    )
    print(header)
    print("-" * len(header))
    for fig in figures:
        base = (baselines or {}).get(fig.label)
        cpu_ms = f"{fig.per_case_ms(base):.3f}" if base else "-"
        wall_ms = f"{fig.per_case_ms(base, cpu=False):.3f}" if base else "-"
        print(
            f"{fig.label:<34} {fig.n:>7} {len(fig.samples):>4} {fig.wall:>8.2f} "
            f"{fig.cpu:>8.2f} {cpu_ms:>11} {wall_ms:>12} {fig.maxrss_mb:>8.0f}"
        )
    print()


def verdict(name: str, value: float, target: float, *, unit: str = "x", below: bool = True) -> str:
    ok = value <= target if below else value >= target
    sign = "<=" if below else ">="
    line = f"{'PASS' if ok else 'MISS'}  {name}: {value:.3f}{unit} (target {sign} {target}{unit})"
    print(line)
    return line


def machine_line() -> str:
    load = os.getloadavg() if hasattr(os, "getloadavg") else (float("nan"),) * 3
    return (
        f"python {platform.python_version()}, {os.cpu_count()} cpus, load average "
        f"{load[0]:.2f} {load[1]:.2f} {load[2]:.2f}"
    )


def _plugin(project: Path, n: int) -> Callable[[], Sample]:
    return lambda: run_pytest(project, [*NO_SNAPSHOTS, "--lane", LANE], expect_passed=n)


def _hand(project: Path, n: int) -> Callable[[], Sample]:
    return lambda: run_pytest(project, ["hand/test_hand.py"], expect_passed=n)


def _passed(sample: Sample) -> Sample:
    if sample.returncode != 0:
        raise RuntimeError("pytest failed:\n" + "\n".join(sample.output.splitlines()[-15:]))
    return sample


def extras(n: int, repeats: int) -> None:
    """Issue 22: a run without --lane-baseline / --results-history pays nothing for them
    (the plugin object behind them is not even registered), and with them little."""
    with tempfile.TemporaryDirectory(prefix="cv-bench-extras-") as tmp:
        project = write_project(Path(tmp), n)
        plain = [*NO_SNAPSHOTS, "--lane", LANE]
        _passed(run_pytest(project, [*plain, "--results", "baseline"]))
        variants = {
            "plain run": plain,
            "--lane-baseline": [*plain, "--lane-baseline", "baseline"],
            "--results-history": [*plain, "--results-history", "history.jsonl"],
        }
        print(f"\n{n} cases, issue 22's options ({repeats} runs each, interleaved):")
        figs = measure(
            [
                (label, n, lambda a=a: _passed(run_pytest(project, a)))
                for label, a in variants.items()
            ],
            repeats,
        )
    table(figs.values())
    base = figs["plain run"]
    for label in ("--lane-baseline", "--results-history"):
        fig = figs[label]
        print(
            f"ratio {label} / plain run: cpu {fig.cpu / base.cpu:.3f}, "
            f"wall {fig.wall / base.wall:.3f}"
        )


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--n", type=int, default=2000, help="cases in the main lane")
    parser.add_argument("--big", type=int, default=20000, help="cases in the large lane")
    parser.add_argument("--repeats", type=int, default=5, help="runs per variant at --n")
    parser.add_argument("--big-repeats", type=int, default=3, help="runs per variant at --big")
    parser.add_argument("--quick", action="store_true", help="smoke run: 200 / 2000 cases")
    parser.add_argument(
        "--extras",
        action="store_true",
        help="only: a plain run against --lane-baseline and --results-history (issue 22)",
    )
    args = parser.parse_args(argv)
    if args.quick:
        args.n, args.big, args.repeats, args.big_repeats = 200, 2000, 2, 1
    started = time.perf_counter()
    print(f"benchmarks/harness.py: {machine_line()}")
    if args.extras:
        extras(args.n, args.repeats)
        return 0
    with tempfile.TemporaryDirectory(prefix="cv-bench-harness-") as tmp:
        one = write_project(Path(tmp, "n1"), 1)
        small = write_project(Path(tmp, f"n{args.n}"), args.n)
        big = write_project(Path(tmp, f"n{args.big}"), args.big)
        print(f"\n{args.n} cases ({args.repeats} runs each, interleaved):")
        figs = measure(
            [
                ("plugin, 1 case", 1, _plugin(one, 1)),
                ("hand-written, 1 case", 1, _hand(one, 1)),
                (f"plugin, {args.n}", args.n, _plugin(small, args.n)),
                (f"hand-written, {args.n}", args.n, _hand(small, args.n)),
            ],
            args.repeats,
        )
        print(f"\n{args.big} cases ({args.big_repeats} runs each, interleaved):")
        figs |= measure(
            [
                (f"plugin, {args.big}", args.big, _plugin(big, args.big)),
                (f"hand-written, {args.big}", args.big, _hand(big, args.big)),
            ],
            args.big_repeats,
        )
    p1, h1 = figs["plugin, 1 case"], figs["hand-written, 1 case"]
    baselines: dict[str, Figure | None] = {
        f"plugin, {args.n}": p1,
        f"plugin, {args.big}": p1,
        f"hand-written, {args.n}": h1,
        f"hand-written, {args.big}": h1,
    }
    print("\nmedians (ms/case: marginal, the 1-case run taken out)")
    table(figs.values(), baselines)
    ps, hs = figs[f"plugin, {args.n}"], figs[f"hand-written, {args.n}"]
    pb, hb = figs[f"plugin, {args.big}"], figs[f"hand-written, {args.big}"]
    print(
        f"ratio plugin / hand-written at {args.n}: cpu {ps.cpu / hs.cpu:.3f}, "
        f"wall {ps.wall / hs.wall:.3f}, per case (cpu) "
        f"{ps.per_case_ms(p1) / hs.per_case_ms(h1):.3f}"
    )
    print(
        f"ratio plugin / hand-written at {args.big}: cpu {pb.cpu / hb.cpu:.3f}, "
        f"wall {pb.wall / hb.wall:.3f}"
    )
    growth = pb.per_case_ms(p1) / ps.per_case_ms(p1)
    print(
        f"plugin per-case cost {args.big} / {args.n}: cpu {growth:.3f}, "
        f"wall {pb.per_case_ms(p1, cpu=False) / ps.per_case_ms(p1, cpu=False):.3f}"
    )
    print()
    verdict(f"plugin / hand-written at N={args.n} (cpu, whole run)", ps.cpu / hs.cpu, 1.10)
    verdict(f"plugin per-case cost at N={args.big} / N={args.n} (cpu)", growth, 1.2)
    print(f"\n(total {time.perf_counter() - started:.0f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
