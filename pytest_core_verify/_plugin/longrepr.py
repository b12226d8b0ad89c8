"""Failure text with a one-line reason that every supported pytest shows (pytest glue).

pytest before 9.0 puts a report's reason in the short summary (``-rA``, the ``FAILED ...
- reason`` lines) only when its ``longrepr`` has a ``reprcrash``: a plain string, which is
what the harness's items report (the message is the whole story: no traceback), showed
as ``FAILED <node id>`` alone. ``TextRepr`` carries the text and the reason. A report
crossing from an xdist worker arrives with its ``longrepr`` turned back into a string, so
the controller wraps it again (``wrap_text_longrepr``).
"""

from __future__ import annotations

from typing import Any

import pytest
from _pytest._code.code import ReprFileLocation, TerminalRepr

__all__ = ["TEXT_FLAG", "TextRepr", "wrap_text_longrepr"]

#: Set on the reports of the harness's own items whose longrepr may be plain text.
TEXT_FLAG = "core_verify_text"


class TextRepr(TerminalRepr):
    """Lines of text, with ``message`` as the reason in short summaries and JUnit XML."""

    def __init__(self, lines: list[str], path: str, message: str) -> None:
        self.lines = lines
        self.reprcrash = ReprFileLocation(path, 0, message)

    @classmethod
    def from_text(cls, text: str, path: str) -> TextRepr:
        return cls(text.splitlines(), path, text)

    def toterminal(self, tw: Any) -> None:
        for line in self.lines:
            tw.line(line)


def wrap_text_longrepr(report: pytest.TestReport) -> None:
    """A flagged report's plain-text longrepr becomes a ``TextRepr`` (in place)."""
    if getattr(report, TEXT_FLAG, False) and isinstance(report.longrepr, str):
        report.longrepr = TextRepr.from_text(report.longrepr, report.location[0])
