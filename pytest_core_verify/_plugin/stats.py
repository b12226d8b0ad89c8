"""Entries of pytest's final summary line that are not test reports (pytest glue)."""

from __future__ import annotations

__all__ = ["SummaryEntry"]


class SummaryEntry:
    """Counted in the final summary line; shaped like a report for plugins that read stats."""

    when = "lanes"
    outcome = "failed"
    longrepr = None
    count_towards_summary = True

    def __init__(self, label: str) -> None:
        self.nodeid = label
