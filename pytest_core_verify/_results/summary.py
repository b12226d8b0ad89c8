"""The GitHub step summary: the one writer of ``$GITHUB_STEP_SUMMARY`` (pure: no pytest).

Every path that adds to the job summary (the lane tables at the end of a session, the
baseline comparison, ``core-verify compare``) appends through ``append_step_summary``,
so each gets the same guard: the summary is a convenience, and a path that cannot be
written gives a warning while the run's outcome and exit status stand.
"""

from __future__ import annotations

import os
from collections.abc import Iterable

__all__ = ["STEP_SUMMARY_VARIABLE", "append_step_summary"]

STEP_SUMMARY_VARIABLE = "GITHUB_STEP_SUMMARY"


def append_step_summary(lines: Iterable[str], *, what: str) -> str | None:
    """Append ``lines`` (Markdown) to the step summary when GitHub Actions names one.

    Returns ``None`` when written or when no summary is set; otherwise the warning to
    show, naming the path, what was skipped (``what``) and the cause."""
    target = os.environ.get(STEP_SUMMARY_VARIABLE)
    if not target:
        return None
    text = "\n".join(lines) + "\n"
    try:
        with open(target, "a", encoding="utf-8") as handle:
            handle.write(text)
    except (OSError, ValueError) as exc:  # ValueError: text the file system cannot encode
        return (
            f"{STEP_SUMMARY_VARIABLE}={target}: cannot append {what} "
            f"({getattr(exc, 'strerror', None) or exc}); skipped"
        )
    return None
