"""The ``--results-history`` log: one compact line per lane split and run (pure: no pytest).

A line keeps what the report's trends and a reader of the log's runs need, and nothing
of a case: the lane, split and version, the run's timestamp (the ``SOURCE_DATE_EPOCH``
clock), whether it was partial, every metric's mean with ``case_count`` and
``overall_pass``, the thresholds, the confidence intervals (n and the bounds), each
threshold's verdict, and how many cases ended in each status. A whole results document
of a 1,000-case lane is about half a megabyte; its line is a few hundred bytes. The
format is the JSON Schema ``history.schema.json`` beside this module; a line is told
by its ``history`` field (the format's version).

Logs written before this format hold a whole results document per line; they are read
as such (checked against the results schema) and reduced to the same line, so the
report draws the same trends from an old log as from a new one.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from pytest_core_verify._results.compare import case_verdicts
from pytest_core_verify._results.document import ResultsError, parse_document

__all__ = ["HISTORY_VERSION", "history_line", "load_history", "metric_verdict"]

#: The version of the compact line's format (its ``history`` field).
HISTORY_VERSION = 1

#: Fields a compact line takes from the results document as they are, when present.
_KEPT = ("lane", "split", "version", "timestamp", "complete", "partial", "metrics")
_KEPT_IF_ANY = ("thresholds", "intervals")


def metric_verdict(
    value: Any, bounds: Mapping[str, Any], interval: Mapping[str, Any] | None
) -> str:
    """``PASS``, ``FAIL`` or ``n/a`` (no value) of one metric against its threshold; a
    threshold with a confidence level holds on the bound of the mean, not on the mean."""
    if value is None:
        return "n/a"
    low, high = bounds.get("min"), bounds.get("max")
    span = interval if bounds.get("confidence") is not None else None
    below = span["low"] if span else value
    above = span["high"] if span else value
    held = (low is None or below >= low) and (high is None or above <= high)
    return "PASS" if held else "FAIL"


def history_line(doc: Mapping[str, Any]) -> dict[str, Any]:
    """The compact history line of one results document (or the line itself, if ``doc``
    is one already)."""
    if "history" in doc:
        return dict(doc)
    line: dict[str, Any] = {"history": HISTORY_VERSION}
    line.update({name: doc[name] for name in _KEPT if name in doc})
    line.setdefault("version", None)
    line.setdefault("timestamp", None)
    line.update({name: doc[name] for name in _KEPT_IF_ANY if doc.get(name)})
    thresholds: Mapping[str, Mapping[str, Any]] = doc.get("thresholds") or {}
    intervals: Mapping[str, Mapping[str, Any]] = doc.get("intervals") or {}
    line["verdicts"] = {
        name: metric_verdict(doc["metrics"].get(name), bounds, intervals.get(name))
        for name, bounds in sorted(thresholds.items())
    }
    counts = Counter(status for status, _, _ in case_verdicts(doc).values())
    line["statuses"] = dict(sorted(counts.items()))
    return line


def load_history(path: Path) -> list[dict[str, Any]]:
    """The lines of a ``--results-history`` log, each checked against its schema (a
    compact line's, or the results document's for a line an older version wrote) and
    given as a compact line; ``PATH:LINE: not a ... (FIELD: PROBLEM)`` for the first
    line that is neither."""
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise ResultsError(f"{path}: cannot read the results history: {exc}") from None
    return list(_lines(text, path))


def _lines(text: str, path: Path) -> Iterable[dict[str, Any]]:
    for number, line in enumerate(text.split("\n"), start=1):
        if line.strip():
            yield history_line(parse_document(line, f"{path}:{number}", kind="history"))
