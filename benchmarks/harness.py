"""Per-case cost of the plugin against hand-written baselines.

Run: ``python benchmarks/harness.py`` (``--full`` adds 100,000 cases; ``--quick`` is a
smoke run of a minute).

A synthetic lane ``bench`` of N cases runs through:

- the plugin in its default replay mode (``process``: run B in the replay helper
  interpreter), every case compared with its pin;
- the plugin with ``--replay inprocess`` (both runs in the pytest process);
- (a) bare ``@pytest.mark.parametrize``: one run of the lane per case in a fresh
  directory, nothing checked (pytest's own per-item cost, the floor);
- (b) the double run written by hand: two fresh directories under
  ``tmp_path_factory``, the environment lightly varied for the second run, canonical
  JSON, sha256 and the two file trees compared;
- (c) (b) plus ``assert result == snapshot`` with syrupy's Amber extension.

The baselines run with ``-p no:core_verify`` (and (a)/(b) with ``-p no:syrupy``), so they
pay nothing for the plugin being installed. Pins (the plugin's and Amber's) are made
first with ``--snapshot-update``; the timed runs compare. Three groups are reported
separately: a lane that writes one file per run (the main table, at every size), the same
on the project's disk instead of tmpfs, and a lane that writes no file (the plugin's
fast path for untouched directories). Where basetemp is, and its file system, is printed.

Every figure is a pytest subprocess with its own ``--basetemp``, forked (not vfork'd, so
``ru_maxrss`` is the child's own peak); variants are interleaved so that machine noise
hits them alike. CPU time is user + sys of pytest and of the children it waited for (the
replay helper included). Per-case cost is ``(median at N - median at 1 case) / (N - 1)``
for each variant, so that start-up does not flatter anyone. The machine is shared and
noisy: medians are quoted with the load average. The script reports; it always exits 0.

The other benchmark scripts import the helpers of this module (``write_project``,
``run_pytest``, ``measure``...).
"""

from __future__ import annotations

import argparse
import contextlib
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

# The same lane writing one small file per run: the plugin cannot take its fast path
# for untouched directories, and every variant pays for the file.
FILES_LANE = """
def run(case, workdir):
    (workdir / "out.txt").write_text(str(case["x"] * 2), encoding="utf-8")
    return {"id": case["id"], "double": case["x"] * 2}
"""

# (a): bare @pytest.mark.parametrize, one run of the lane per case in a fresh directory,
# no check at all: pytest's own per-item cost plus the lane's.
BARE_TEST = """
import importlib.util
import json
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
_spec = importlib.util.spec_from_file_location("bench_lane", ROOT / "lanes/bench/lane.py")
lane = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(lane)
with open(ROOT / "lanes/bench/dev/cases.jsonl", encoding="utf-8") as handle:
    CASES = [json.loads(line) for line in handle if line.strip()]


@pytest.fixture(scope="session")
def base(tmp_path_factory):
    return tmp_path_factory.mktemp("bare")


@pytest.mark.parametrize("case", CASES, ids=[c["id"] for c in CASES])
def test_case(case, base):
    workdir = base / case["id"]
    workdir.mkdir()
    lane.run(case, workdir)
"""

# Benchmark only: the plugin without its snapshot step (see the module docstring).
NO_SNAPSHOTS_PLUGIN = """
import pytest_core_verify._plugin.items as _items

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
    (hand / "test_bare.py").write_text(BARE_TEST, encoding="utf-8")
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


def _force_fork() -> None:
    """A ``preexec_fn`` makes ``subprocess`` fork instead of ``vfork``/``posix_spawn``:
    after a vfork the child's peak RSS (``ru_maxrss``) can include the parent's."""


def run_pytest(
    project: Path,
    args: Sequence[str],
    *,
    expect_passed: int | None = None,
    python_path: bool = True,
    basetemp_root: Path | None = None,
    tree: Path | None = None,
) -> Sample:
    """One pytest subprocess in ``project``: wall time, user+sys CPU (the process and
    the children it waited for, such as the replay helper), peak RSS of the process.

    ``basetemp_root``: where ``--basetemp`` goes (default: inside ``project``).
    ``tree``: a checkout of the package to import instead of the one on ``PYTHONPATH``.
    """
    global _runs
    _runs += 1
    basetemp = (basetemp_root or project) / f".basetemp-{_runs}"
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
            p for p in (str(project), str(tree or ""), env.get("PYTHONPATH", "")) if p
        )
    with tempfile.TemporaryFile(mode="w+", encoding="utf-8") as out:
        start = time.perf_counter()
        proc = subprocess.Popen(
            cmd,
            cwd=project,
            stdout=out,
            stderr=subprocess.STDOUT,
            env=env,
            preexec_fn=_force_fork,  # no threads here: fork, for ru_maxrss
        )
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


# -- the comparison ---------------------------------------------------------------------

QUIET = ["-p", "no:timeout"]  # loaded in the dev environment; no variant needs it
PLUGIN_OFF = ["-p", "no:core_verify"]
VARIANTS: dict[str, list[str]] = {
    "plugin, replay=process (default)": ["--lane", LANE],
    "plugin, replay=inprocess": ["--lane", LANE, "--replay", "inprocess"],
    "(a) bare parametrize": [*PLUGIN_OFF, "-p", "no:syrupy", "hand/test_bare.py"],
    "(b) hand double run": [*PLUGIN_OFF, "-p", "no:syrupy", "hand/test_hand.py"],
    "(c) (b) + syrupy Amber": [*PLUGIN_OFF, "hand/test_hand_amber.py"],
}
PROCESS, INPROCESS, BARE, HAND, AMBER = VARIANTS


def fs_type(path: Path) -> str:
    """The file system type of ``path`` (from /proc/mounts; "?" elsewhere)."""
    best, kind = "", "?"
    with contextlib.suppress(OSError):
        resolved = str(path.resolve())
        for line in Path("/proc/mounts").read_text().splitlines():
            parts = line.split()
            if len(parts) > 2 and resolved.startswith(parts[1]) and len(parts[1]) > len(best):
                best, kind = parts[1], parts[2]
    return kind


@dataclass(frozen=True)
class Group:
    """One lane kind on one file system: a project per size."""

    name: str
    lane_code: str
    basetemp_root: Path
    sizes: tuple[int, ...]


def _setup(project: Path, n: int, root: Path) -> None:
    """Pins for the plugin and for Amber, so that every timed run compares with a pin."""
    run_pytest(project, [*QUIET, "--lane", LANE, "--snapshot-update"], basetemp_root=root)
    run_pytest(
        project,
        [*QUIET, *VARIANTS[AMBER], "--snapshot-update"],
        expect_passed=n,
        basetemp_root=root,
    )


def _runner(project: Path, args: list[str], n: int, root: Path) -> Callable[[], Sample]:
    # The plugin adds one gate item per lane split (lanes/bench::dev::gate).
    passed = n + 1 if "--lane" in args else n
    return lambda: run_pytest(project, [*QUIET, *args], expect_passed=passed, basetemp_root=root)


def run_group(group: Group, tmp: Path, repeats: int, big_repeats: int) -> dict[str, Figure]:
    """Every variant at every size of the group, interleaved; 1 case first."""
    figs: dict[str, Figure] = {}
    projects = {}
    for n in (1, *group.sizes):
        project = write_project(tmp / f"{group.name}-{n}", n, lane_code=group.lane_code, amber=True)
        _setup(project, n, group.basetemp_root)
        projects[n] = project
    for n in (1, *group.sizes):
        reps = big_repeats if n >= 20000 else repeats
        print(f"\n{group.name}: {n} case(s), {reps} run(s) per variant, interleaved:", flush=True)
        figs |= measure(
            [
                (f"{name}, {n}", n, _runner(projects[n], args, n, group.basetemp_root))
                for name, args in VARIANTS.items()
            ],
            reps,
        )
    return figs


def per_case(figs: dict[str, Figure], name: str, n: int) -> float:
    return figs[f"{name}, {n}"].per_case_ms(figs[f"{name}, 1"])


def report_group(group: Group, figs: dict[str, Figure]) -> list[tuple[str, float, float]]:
    print(f"\n== {group.name}: basetemp on {group.basetemp_root} ({fs_type(group.basetemp_root)})")
    baselines: dict[str, Figure | None] = {
        label: figs[label.rsplit(", ", 1)[0] + ", 1"] for label, fig in figs.items() if fig.n != 1
    }
    table(figs.values(), baselines)
    header = f"{'per case, ms (cpu)':<34}" + "".join(f"{n:>10}" for n in group.sizes)
    print(header)
    print("-" * len(header))
    for name in VARIANTS:
        print(f"{name:<34}" + "".join(f"{per_case(figs, name, n):>10.3f}" for n in group.sizes))
    verdicts: list[tuple[str, float, float]] = []
    for n in group.sizes:
        process, inprocess = per_case(figs, PROCESS, n), per_case(figs, INPROCESS, n)
        bare, amber = per_case(figs, BARE, n), per_case(figs, AMBER, n)
        hand = per_case(figs, HAND, n)
        print(
            f"N={n}: process/inprocess {process / inprocess:.3f}; plugin (process) / (a) "
            f"{process / bare:.3f}, / (b) {process / hand:.3f}, / (c) {process / amber:.3f}; "
            f"peak RSS plugin {figs[f'{PROCESS}, {n}'].maxrss_mb:.0f} MB"
        )
        verdicts.append(
            (f"{group.name} N={n}: replay=process / inprocess, per case", process / inprocess, 1.5)
        )
        if n >= 20000:
            verdicts.append(
                (f"{group.name} N={n}: plugin / (a) bare, per case", process / bare, 1.6)
            )
        verdicts.append(
            (f"{group.name} N={n}: plugin / (c) hand + Amber, per case", process / amber, 0.85)
        )
    return verdicts


def _passed(sample: Sample) -> Sample:
    if sample.returncode != 0:
        raise RuntimeError("pytest failed:\n" + "\n".join(sample.output.splitlines()[-15:]))
    return sample


def _passing(project: Path, args: list[str], tree: Path | None = None) -> Callable[[], Sample]:
    """A run of pytest in ``project`` that must pass (see ``run_pytest``)."""
    return lambda: _passed(run_pytest(project, args, tree=tree))


def extras(n: int, repeats: int) -> None:
    """A run without --lane-baseline / --results-history pays nothing for them
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
        print(
            f"\n{n} cases, --lane-baseline and --results-history "
            f"({repeats} runs each, interleaved):"
        )
        figs = measure(
            [(label, n, _passing(project, a)) for label, a in variants.items()],
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


# One perturbation that applies to every case: a lane with it runs 2N items.
PERTURBED_LANE = (
    TRIVIAL_LANE
    + """
from pytest_core_verify import perturbation

@perturbation(expect="different", view=lambda result: result["double"])
def plus_one(case):
    return {**case, "x": case["x"] + 1}
"""
)


def perturbation_costs(n: int, repeats: int, baseline_tree: Path | None) -> None:
    """A lane without perturbations costs what it cost before they existed (``baseline_tree``:
    a checkout without them, such as the main branch), also with ``--perturbations=off``;
    a lane with one perturbation on every case pays for N more cases (2N items)."""
    with tempfile.TemporaryDirectory(prefix="cv-bench-perturb-") as tmp:
        plain = write_project(Path(tmp) / "plain", n)
        perturbed = write_project(Path(tmp) / "perturbed", n, lane_code=PERTURBED_LANE)
        args = [*QUIET, "--lane", LANE]
        off = [*args, "--perturbations=off"]
        for project in (plain, perturbed):
            _passed(run_pytest(project, [*args, "--snapshot-update"]))
        variants: dict[str, tuple[Path, list[str], Path | None]] = {
            "no perturbations": (plain, args, None),
            "no perturbations, --perturbations=off": (plain, off, None),
            "1 perturbation, --perturbations=off": (perturbed, off, None),
            "1 perturbation (2N items)": (perturbed, args, None),
        }
        if baseline_tree is not None:
            variants["no perturbations, baseline tree"] = (plain, args, baseline_tree)
        print(f"\n{n} cases, perturbations ({repeats} runs each, interleaved):")

        figs = measure(
            [(label, n, _passing(*variant)) for label, variant in variants.items()],
            repeats,
        )
    table(figs.values())
    base = figs["no perturbations"]
    for label, fig in figs.items():
        if fig is not base:
            print(
                f"ratio {label} / no perturbations: cpu {fig.cpu / base.cpu:.3f}, "
                f"wall {fig.wall / base.wall:.3f}"
            )


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", default="2000,20000", help="case counts of the main group")
    parser.add_argument("--full", action="store_true", help="add 100000 to the main group")
    parser.add_argument("--repeats", type=int, default=3, help="runs per variant below 20000")
    parser.add_argument("--big-repeats", type=int, default=1, help="runs per variant from 20000")
    parser.add_argument("--quick", action="store_true", help="smoke run: 200 cases, 1 run")
    parser.add_argument(
        "--extras",
        action="store_true",
        help="only: a plain run against --lane-baseline and --results-history",
    )
    parser.add_argument(
        "--perturbations",
        action="store_true",
        help="only: the cost of a lane without perturbations, with them off, and with one",
    )
    parser.add_argument(
        "--baseline-tree",
        type=Path,
        default=None,
        help="with --perturbations: also run the lane without perturbations on this "
        "checkout of the package (for example the main branch's)",
    )
    args = parser.parse_args(argv)
    if args.perturbations:
        perturbation_costs(2000, args.repeats, args.baseline_tree)
        return 0
    if args.extras:
        extras(2000, args.repeats)
        return 0
    sizes = tuple(int(s) for s in args.sizes.split(",") if s.strip())
    if args.full:
        sizes = (*sizes, 100000)
    if args.quick:
        sizes, args.repeats, args.big_repeats = (200,), 1, 1
    small = (sizes[0],)
    started = time.perf_counter()
    print(f"benchmarks/harness.py: {machine_line()}")
    shm = Path("/dev/shm")
    with contextlib.ExitStack() as stack:
        tmp = Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="cv-bench-harness-")))
        disk = tmp / "basetemp"
        disk.mkdir()
        if shm.is_dir() and os.access(shm, os.W_OK):
            tmpfs = Path(stack.enter_context(tempfile.TemporaryDirectory(dir=shm, prefix="cv-")))
        else:
            tmpfs = disk
            print("NOTE: no writable /dev/shm: the 'tmpfs' groups run on the disk instead")
        groups = [
            Group("lane writes a file, tmpfs", FILES_LANE, tmpfs, sizes),
            Group("lane writes a file, disk", FILES_LANE, disk, small),
            Group("lane writes no file, tmpfs", TRIVIAL_LANE, tmpfs, small),
        ]
        results = [
            (group, run_group(group, tmp, args.repeats, args.big_repeats)) for group in groups
        ]
    print(f"\nmedians; per case = (median at N - median at 1 case) / (N - 1); {machine_line()}")
    verdicts = [v for group, figs in results for v in report_group(group, figs)]
    print()
    for name, value, target in verdicts:
        verdict(name, value, target)
    print(f"\n(total {time.perf_counter() - started:.0f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
