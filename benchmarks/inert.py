"""Installed in a project without lanes, the plugin costs nothing measurable.

Run: ``python benchmarks/inert.py`` (``--quick`` for a smoke run of a few seconds).

A project of 4,000 ordinary tests (40 files of 100 functions, some under ``lanes/`` and
``holdouts/``, which are ordinary directories there) is collected with
``pytest --collect-only -q`` with the plugin as installed and with
``-p no:core_verify``, interleaved so that machine noise hits both alike. Each figure
is a pytest subprocess; the verdict uses CPU time (user + sys of the child), with wall
time beside it, and medians are quoted. It also prints the start-up import cost of
``pytest_core_verify.plugin`` and whether ``jsonschema`` is imported by it. The script
reports; it always exits 0.
"""

from __future__ import annotations

import argparse
import os
import platform
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

FILES = 40
TESTS_PER_FILE = 100


def write_project(root: Path) -> int:
    (root / "pytest.ini").write_text("[pytest]\n", encoding="utf-8")
    places = ["tests", "tests/unit", "lanes/traffic", "holdouts", "lanes"]
    count = 0
    for i in range(FILES):
        directory = root / places[i % len(places)]
        directory.mkdir(parents=True, exist_ok=True)
        body = "".join(f"def test_{j}():\n    pass\n\n" for j in range(TESTS_PER_FILE))
        (directory / f"test_m{i:02d}.py").write_text(body, encoding="utf-8")
        count += TESTS_PER_FILE
    return count


def collect(root: Path, extra: list[str]) -> tuple[float, float, str]:
    """CPU seconds (user + sys of the child), wall seconds, and the last output line."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "--collect-only", "-q", "-p", "no:cacheprovider", *extra],
        cwd=root,
        capture_output=True,
        text=True,
        check=False,
    )
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    lines = [line for line in done.stdout.splitlines() if line.strip()]
    return cpu, wall, lines[-1] if lines else done.stderr.strip()


def import_cost() -> tuple[float, bool]:
    code = (
        "import sys, time; import pytest; t = time.perf_counter(); "
        "import pytest_core_verify.plugin; "
        "print(time.perf_counter() - t, 'jsonschema' in sys.modules)"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout.split()
    return float(out[0]), out[1] == "True"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="3 rounds instead of 11")
    args = parser.parse_args()
    rounds = 3 if args.quick else 11
    print(f"python {platform.python_version()}, load average {os.getloadavg()[0]:.2f}")
    with tempfile.TemporaryDirectory(prefix="cv-inert-") as tmp:
        root = Path(tmp)
        tests = write_project(root)
        variants = {"plugin installed": [], "-p no:core_verify": ["-p", "no:core_verify"]}
        cpu: dict[str, list[float]] = {name: [] for name in variants}
        wall: dict[str, list[float]] = {name: [] for name in variants}
        collect(root, [])  # warm the file cache and the bytecode
        for _ in range(rounds):
            for name, extra in variants.items():
                c, w, last = collect(root, extra)
                cpu[name].append(c)
                wall[name].append(w)
        print(f"project: {tests} tests in {FILES} files (some under lanes/ and holdouts/)")
        print(f"collected: {last}")
        for name in variants:
            print(
                f"  {name:<20} cpu median {statistics.median(cpu[name]):.3f}s  "
                f"wall median {statistics.median(wall[name]):.3f}s  ({rounds} rounds)"
            )
        ratio = statistics.median(cpu["plugin installed"]) / statistics.median(
            cpu["-p no:core_verify"]
        )
        print(f"ratio (plugin / -p no:core_verify, cpu): {ratio:.3f}")
    seconds, jsonschema = import_cost()
    print(
        f"import pytest_core_verify.plugin: {seconds * 1000:.1f} ms; "
        f"jsonschema imported: {jsonschema}"
    )
    print(f"load average after: {os.getloadavg()[0]:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
