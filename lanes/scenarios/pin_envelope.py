"""Re-pin the verifier's serving envelope from this lane's ``verified`` cases.

Run after a deliberate engine change, then review the diff of ``envelope.json``:

    .venv/bin/python lanes/scenarios/pin_envelope.py

Each entry is built by deriving the problem now and is refused unless the pool commits
the case's hand-worked gold answer and unit; the gold source names the case and its note.
"""

from __future__ import annotations

import json
import pathlib
import sys

from pytest_core_verify.systems.verifier import envelope_entry, problem_key

LANE = pathlib.Path(__file__).resolve().parent
ENVELOPE = LANE.parents[1] / "pytest_core_verify" / "systems" / "verifier" / "envelope.json"


def main() -> int:
    entries: dict[str, dict[str, object]] = {}
    for path in sorted(LANE.glob("*/**/cases.jsonl")):
        rel = path.relative_to(LANE).as_posix()
        for line in path.read_text(encoding="utf-8").splitlines():
            case = json.loads(line)
            if case["expected_status"] != "verified" or case.get("verifier_config"):
                continue
            text = case["system1"]["tool_call"]["arguments"]["problem_text"]
            source = f"lanes/scenarios/{rel}#{case['id']}: hand-worked, {case['note']}"
            key = problem_key(text)
            if key in entries:
                continue
            entries[key] = envelope_entry(text, case["gold_answer"], case["gold_unit"], source)
    doc = {
        "comment": "Gold-audited serving envelope, keyed by SHA-256 of the problem text. "
        "Regenerate with lanes/scenarios/pin_envelope.py.",
        "entries": dict(sorted(entries.items())),
    }
    ENVELOPE.write_text(
        json.dumps(doc, indent=2, ensure_ascii=False, sort_keys=True) + "\n", encoding="utf-8"
    )
    print(f"pinned {len(entries)} entries into {ENVELOPE.relative_to(LANE.parents[1])}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
