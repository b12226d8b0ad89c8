"""The serving envelope: gold-audited problems the demo may serve as ``verified``."""

from __future__ import annotations

import functools
import json
from importlib import resources
from typing import Any

from ._canonical import sha256_hex, sha256_of
from ._pool import derive, json_number

__all__ = ["envelope_entry", "load_envelope", "problem_key"]


def problem_key(problem_text: str) -> str:
    """The envelope key: SHA-256 of the problem text as given (UTF-8)."""
    return sha256_hex(problem_text.encode("utf-8"))


@functools.lru_cache(maxsize=1)
def _envelope_text() -> str:
    return resources.files(__package__).joinpath("envelope.json").read_text(encoding="utf-8")


def load_envelope() -> dict[str, dict[str, Any]]:
    """``{problem_sha256: {problem_text, answer, unit, trace_sha256, gold_source}}`` (a copy)."""
    data: dict[str, Any] = json.loads(_envelope_text())
    entries: dict[str, dict[str, Any]] = data["entries"]
    return entries


def envelope_entry(
    problem_text: str, gold_answer: int | float, unit: str, gold_source: str
) -> dict[str, Any]:
    """Build one entry by deriving now; refuses (ValueError) unless the pool commits the gold.

    Used to (re)pin the envelope after a deliberate engine change, never at serving time.
    """
    trace = derive(problem_text)
    decision = trace["decision"]
    if decision["law"] != "commit":
        raise ValueError(f"the pool does not commit: {decision['reason']}")
    if json_number(decision["value"]) != gold_answer or decision["unit"] != unit:
        raise ValueError(
            f"the pool commits {decision['value']} {decision['unit']}, gold is {gold_answer} {unit}"
        )
    return {
        "problem_text": problem_text,
        "answer": gold_answer,
        "unit": unit,
        "trace_sha256": sha256_of(trace),
        "gold_source": gold_source,
    }
