"""Benchmark the evidence checker against ``grep -c -F`` on a 200 MB log.

    .venv/bin/python benchmarks/evidence.py [--mb 200] [--repeat 3] [--value 31415.9265]

Writes a deterministic synthetic training log (timestamps, levels, metrics, paths)
into a temporary directory, checks a number that is absent from it, and prints the
checker's throughput (MB/s), its ratio to ``grep -c -F`` on the same file in the same
run (best of ``--repeat`` each, page cache warm for both), and the checker's peak
memory (max RSS of the child process that ran it, interpreter included).
Targets from issue 7: within 3x of grep, under 64 MB. Cleans up after itself.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

_CHILD = """
import json, sys, time
from pytest_core_verify.systems.evidence import check_claim
t = time.perf_counter()
r = check_claim(sys.argv[1], sys.argv[2], sys.argv[3])
print(json.dumps({"seconds": time.perf_counter() - t, "status": r["status"]}))
"""


def write_log(path: Path, size_mb: int, seed: int = 20261129) -> int:
    """A plausible training log of about ``size_mb`` MiB; returns its size in bytes."""
    rng = random.Random(seed)
    levels = ("INFO", "INFO", "INFO", "DEBUG", "WARN", "ERROR")
    target = size_mb * 1024 * 1024
    written = 0
    with path.open("w", encoding="utf-8", newline="\n") as f:
        while written < target:
            lines = []
            for _ in range(2000):
                h, m, s, ms = (
                    rng.randrange(24),
                    rng.randrange(60),
                    rng.randrange(60),
                    rng.randrange(1000),
                )
                lines.append(
                    f"2026-11-29T{h:02d}:{m:02d}:{s:02d}.{ms:03d}Z {rng.choice(levels)} "
                    f"worker-{rng.randrange(16)} step={rng.randrange(200000)} "
                    f"loss={rng.random() * 4:.4f} lr={rng.random() * 1e-3:.3e} "
                    f"acc={rng.random() * 100:.2f}% grad_norm={rng.random() * 10:.3f} "
                    f'ckpt="runs/resnet50/seed_{rng.randrange(8)}/epoch_{rng.randrange(90)}.pt" '
                    f"took {rng.randrange(1, 999)}ms\n"
                )
            chunk = "".join(lines)
            f.write(chunk)
            written += len(chunk.encode())
    return path.stat().st_size


def time_grep(value: str, path: Path) -> tuple[float, str]:
    t = time.perf_counter()
    proc = subprocess.run(["grep", "-c", "-F", value, str(path)], capture_output=True, text=True)
    elapsed = time.perf_counter() - t
    if proc.returncode not in (0, 1):
        raise SystemExit(f"grep failed: {proc.stderr.strip()}")
    return elapsed, proc.stdout.strip()


def time_checker(value: str, root: Path, source: str) -> tuple[float, float, float, str]:
    """(seconds inside check_claim, whole child wall seconds, peak RSS MiB, status)."""
    t = time.perf_counter()
    proc = subprocess.Popen(
        [sys.executable, "-c", _CHILD, value, source, str(root)], stdout=subprocess.PIPE, text=True
    )
    assert proc.stdout is not None
    out = proc.stdout.read()
    _pid, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - t
    proc.returncode = os.waitstatus_to_exitcode(status)
    if proc.returncode != 0:
        raise SystemExit(f"checker child failed with exit {proc.returncode}")
    data = json.loads(out)
    # ru_maxrss is KiB on Linux (bytes on macOS).
    peak_mib = usage.ru_maxrss / (1024 * 1024 if sys.platform == "darwin" else 1024)
    return data["seconds"], wall, peak_mib, data["status"]


def main() -> int:
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument("--mb", type=int, default=200, help="log size in MiB (default 200)")
    ap.add_argument("--repeat", type=int, default=5, help="timed runs of each, best kept")
    ap.add_argument("--value", default="31415.9265", help="the absent number to look for")
    args = ap.parse_args()
    if shutil.which("grep") is None:
        raise SystemExit("grep is not on PATH")
    tmp = Path(tempfile.mkdtemp(prefix="evidence-bench-"))
    try:
        log = tmp / "train.log"
        t = time.perf_counter()
        size = write_log(log, args.mb)
        print(f"wrote {size / 1e6:.1f} MB log in {time.perf_counter() - t:.1f}s")
        _, count = time_grep(args.value, log)  # warms the page cache
        if count != "0":
            raise SystemExit(
                f"{args.value} occurs in the log ({count} lines); pick an absent value"
            )
        # Interleaved, so that both see the same background load; best of each kept.
        grep_times, runs = [], []
        for _ in range(args.repeat):
            grep_times.append(time_grep(args.value, log)[0])
            runs.append(time_checker(args.value, tmp, "train.log"))
        grep_best = min(grep_times)
        statuses = {r[3] for r in runs}
        if statuses != {"value_not_found"}:
            raise SystemExit(f"checker said {statuses}, expected value_not_found")
        in_call = min(r[0] for r in runs)
        wall = min(r[1] for r in runs)
        peak = max(r[2] for r in runs)
        mb = size / 1e6
        print(f"value {args.value!r} (absent), file {mb:.1f} MB, best of {args.repeat}")
        print(f"grep -c -F     : {grep_best:.3f} s  {mb / grep_best:8.1f} MB/s")
        print(f"check_claim    : {in_call:.3f} s  {mb / in_call:8.1f} MB/s  (inside the call)")
        print(f"checker process: {wall:.3f} s  {mb / wall:8.1f} MB/s  (interpreter start included)")
        ratio, ratio_wall = in_call / grep_best, wall / grep_best
        print(f"ratio to grep  : {ratio:.2f}x (call), {ratio_wall:.2f}x (process)  target <= 3x")
        print(f"peak memory    : {peak:.1f} MiB max RSS of the checker process  target < 64 MiB")
        ok = ratio <= 3.0 and peak < 64
        print("PASS" if ok else "MISS: see the targets above")
        return 0 if ok else 1
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    raise SystemExit(main())
