"""CPU time of the symbolic reader (``parse_utterance``) over the lanes' own utterances.

Run: ``python benchmarks/reader.py`` (``--repeats N``; ``--file F.jsonl`` reads the
``sentence`` of each line instead, e.g. the adversarial set of
``tests/systems/symbolic/adversarial.py generate``). Every utterance of the
``symbolic_logic`` lane (its dev and public cases' premises and probes, 1,106) is read once
per run; before each run every cache of the reader's modules is cleared, so a run pays for
each word's lookups as a first pass does, while the part-of-speech tables and ``inflect``
are loaded once, before the first run (that load is printed apart). Figures are CPU time of
this process (``time.process_time``), which other load on a shared machine disturbs less
than wall time; the median of the runs is the figure to quote. To compare two readers, run
it under each checkout's ``PYTHONPATH`` in turn, interleaved.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from pathlib import Path

from pytest_core_verify.systems.symbolic import _content, _lexicon, _parse, parse_utterance

_LANE = Path(__file__).resolve().parent.parent / "lanes" / "symbolic_logic"


def lane_utterances() -> list[str]:
    """Every premise and probe of the lane's dev and public cases, in file order."""
    found: list[str] = []
    for path in sorted([*_LANE.glob("dev/*.jsonl"), *_LANE.glob("public/*/*.jsonl")]):
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.strip():
                case = json.loads(line)
                found += [*case.get("premises", []), case.get("probe", "")]
    return found


def _clear_caches() -> None:
    for module in (_content, _lexicon, _parse):
        for name in dir(module):
            clear = getattr(getattr(module, name), "cache_clear", None)
            if clear is not None and name != "_lexicon":  # the tables stay loaded
                clear()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--repeats", type=int, default=9, help="runs (median)")
    parser.add_argument("--file", type=Path, help="a JSON-lines file of {'sentence': ...}")
    args = parser.parse_args(argv)
    if args.repeats < 1:
        parser.error("--repeats must be 1 or more")
    if args.file is None:
        sentences = lane_utterances()
    else:
        lines = args.file.read_text(encoding="utf-8").splitlines()
        sentences = [json.loads(line)["sentence"] for line in lines if line.strip()]
    if not sentences:
        parser.error("no utterance to read (the lane's case files or --file are empty)")
    started = time.process_time()
    for sentence in sentences:
        parse_utterance(sentence)  # loads the tables and inflect
    load = time.process_time() - started
    runs = []
    for _ in range(args.repeats):
        _clear_caches()
        started = time.process_time()
        for sentence in sentences:
            parse_utterance(sentence)
        runs.append(time.process_time() - started)
    median = statistics.median(runs)
    print(f"{len(sentences):,} utterances; first pass with table load {load:.2f} s CPU")
    print(
        f"median of {args.repeats}: {median * 1e3:.1f} ms CPU, "
        f"{median / len(sentences) * 1e6:.1f} us per utterance "
        f"(runs {', '.join(f'{run * 1e3:.1f}' for run in runs)} ms)"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
