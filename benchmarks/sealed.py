"""Per-case CPU cost of a sealed (holdout) case against a public one.

Run: ``python benchmarks/sealed.py`` (``--n`` cases, ``--repeats`` runs of each variant;
``--quick`` is a smoke run).

One project, lane ``bench`` (the trivial lane of ``harness.py``), with the same N cases
twice: public in ``dev/cases.jsonl`` and sealed in ``holdouts/bench/v1/cases.jsonl.age``
(sealed with a throwaway key through ``core-verify seal``). Pins are made first with
``--snapshot-update``; the timed runs compare. Each variant runs at N cases and at 1
case, interleaved; per-case CPU is ``(median at N - median at 1) / (N - 1)`` (user + sys
of pytest and of the children it waited for, the replay helper included), so that
start-up is taken out. The ratio sealed / public is printed with the machine's load.
The script reports; it always exits 0.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import sys
import tempfile
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from harness import (
    LANE,
    QUIET,
    TRIVIAL_LANE,
    machine_line,
    measure,
    run_pytest,
    write_project,
)


def _seal_project(root: Path, n: int, identity: Any) -> None:
    """Write the sealed copy of the cases, sealed to ``identity``."""
    from pytest_core_verify.cli import main as core_verify

    holdouts = root / "holdouts"
    (holdouts / LANE / "v1").mkdir(parents=True, exist_ok=True)
    (holdouts / "recipients.txt").write_text(f"{identity.to_public()}\n", encoding="utf-8")
    plain = holdouts / LANE / "v1" / "cases.jsonl"
    with open(plain, "w", encoding="utf-8") as handle:
        for i in range(n):
            handle.write(json.dumps({"id": f"CASE-{i:06d}", "x": i}) + "\n")
    here = os.getcwd()
    os.chdir(root)
    try:
        if core_verify(["seal", plain.relative_to(root).as_posix()]) != 0:
            raise SystemExit("core-verify seal failed")
    finally:
        os.chdir(here)
    plain.unlink()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=2000)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--quick", action="store_true")
    args = parser.parse_args(argv)
    n, repeats = (300, 3) if args.quick else (args.n, args.repeats)
    tmp = Path(tempfile.mkdtemp(prefix="cv-bench-sealed-"))
    try:
        import pyrage  # type: ignore[import-untyped]

        identity = pyrage.x25519.Identity.generate()
        key = tmp / "holdout.key"
        key.write_text(f"# throwaway benchmark key\n{identity}\n", encoding="utf-8")
        os.environ["CORE_VERIFY_HOLDOUT_KEY"] = str(key)
        projects: dict[int, Path] = {}
        for size in (1, n):
            root = write_project(tmp / f"p{size}", size, lane_code=TRIVIAL_LANE)
            _seal_project(root, size, identity)
            projects[size] = root
        variants = []
        for size, root in projects.items():
            for split in ("dev", "holdout"):
                run_pytest(root, [*QUIET, "--lane", LANE, "--split", split, "--snapshot-update"])
            for split, label in (("dev", "public"), ("holdout", "sealed")):
                variants.append(
                    (
                        f"{label} n={size}",
                        size,
                        lambda root=root, split=split, size=size: run_pytest(
                            root,
                            [*QUIET, "--lane", LANE, "--split", split],
                            expect_passed=size + 1,  # the cases and the lane's gate
                        ),
                    )
                )
        figs = measure(variants, repeats)
        print()
        print(machine_line())
        per_case = {}
        for label in ("public", "sealed"):
            big, one = figs[f"{label} n={n}"], figs[f"{label} n=1"]
            per_case[label] = big.per_case_ms(one)
            print(
                f"{label:>6}: median CPU {big.cpu:.2f} s at {n} cases, {one.cpu:.2f} s at 1; "
                f"{per_case[label]:.3f} ms CPU per case"
            )
        ratio = per_case["sealed"] / per_case["public"]
        print(f"ratio sealed / public per case: {ratio:.2f}x (target: at most 2x)")
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
