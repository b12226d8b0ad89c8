"""Other datasets' records as cases, without rewriting their files (pure: no pytest).

A lane's cases file may hold another dataset's lines as they are (GSM8K's
``{"question", "answer"}`` has no ``id``). Two settings in ``lane.py`` say how a line
becomes a case, in this order:

- ``record_to_case(record) -> dict``: map the record's fields to the case that ``run``
  and the metrics see (inspect_ai's ``record_to_sample`` is the model). Whatever it
  raises is that line's problem, named with the exception; the other lines still run.
- ``case_id``: where the case's ``id`` comes from when the case has none: the name of a
  field (``case_id = "question_id"``; a number there is read as its decimal text), or
  ``line_number`` or ``content_hash`` from ``pytest_core_verify``, or any function
  ``(case, line) -> str``. The id is then put in the case as ``"id"``.

``content_hash`` is the one to pick for a file that may be reordered or grow in the
middle: it is the SHA-256 of the record's canonical JSON (12 hex digits), so a case
keeps its id, and so its pin, wherever its line moves; ``line_number`` ids move with
the lines.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from pytest_core_verify._core.canonical import NotCanonicalError, canonical_bytes

__all__ = ["CaseIdRule", "RecordReader", "content_hash", "line_number"]

CaseIdRule = str | Callable[[Mapping[str, Any], int], str]


def line_number(case: Mapping[str, Any], line: int) -> str:
    """``L12`` for the case on line 12 (it moves when lines are inserted above it)."""
    return f"L{line}"


def content_hash(case: Mapping[str, Any], line: int) -> str:
    """``h`` and the first 12 hex digits of the SHA-256 of the case's canonical JSON."""
    return "h" + hashlib.sha256(canonical_bytes(case)).hexdigest()[:12]


def _describe_rule(rule: CaseIdRule) -> str:
    return repr(rule) if isinstance(rule, str) else getattr(rule, "__name__", repr(rule))


@dataclass(frozen=True)
class RecordReader:
    """How one lane reads its lines: ``record_to_case``, then ``case_id``."""

    record_to_case: Callable[[dict[str, Any]], Any] | None = None
    case_id: CaseIdRule | None = None

    def to_case(self, record: dict[str, Any], line: int) -> dict[str, Any] | str:
        """The case of one line, or the problem to report for that line."""
        case: Any = record
        if self.record_to_case is not None:
            try:
                case = self.record_to_case(record)
            except Exception as exc:
                return f"record_to_case raised {type(exc).__name__}: {exc}"
            if not isinstance(case, dict):
                return f"record_to_case returned {type(case).__name__}, not a dict (the case)"
            try:
                canonical_bytes(case)
            except NotCanonicalError as exc:
                return (
                    f"record_to_case returned a case that is not JSON at {exc.path}: {exc.reason}"
                )
        if self.case_id is None or "id" in case:
            return dict(case)
        rule = self.case_id
        derived: Any
        if isinstance(rule, str):
            value = case.get(rule)
            if isinstance(value, bool) or not isinstance(value, (str, int)):
                return (
                    f"case_id = {rule!r}: the field {rule!r} is missing or not a string or "
                    f"an integer (got {type(value).__name__}); give every line that field, "
                    "or derive the id (content_hash)"
                )
            derived = str(value)
        else:
            try:
                derived = rule(case, line)
            except Exception as exc:
                return f"case_id {_describe_rule(rule)} raised {type(exc).__name__}: {exc}"
            if not isinstance(derived, str):
                return (
                    f"case_id {_describe_rule(rule)} returned {type(derived).__name__}, not a "
                    "string"
                )
        return {"id": derived, **case}
