"""What the report shows inside one case: its input, its pinned result, and how the
last result differs from the pin (pure: no pytest import).

The results document holds ids, hashes and metrics only; the rest is in the project.
Given the project (``core-verify report --project DIR``, the current one by default),
each case of a public or dev split is looked up by id in its cases file, its pin under
the snapshots directory, and its pending result (written by a run whose result differed
from the pin, for ``core-verify review``). A sealed split shows nothing of its cases.
Each text is cut at ``MAX_CHARS`` so that a large case cannot swell the page.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pytest_core_verify._core.canonical import pretty_json
from pytest_core_verify._core.cases import parse_cases, read_case_file
from pytest_core_verify._core.layout import CASES_FILES
from pytest_core_verify._core.pin_names import snapshot_file_stem
from pytest_core_verify._core.project import Project
from pytest_core_verify._results.review import (
    PENDING_DIR,
    json_changes,
    pending_path,
    render_changes,
)

__all__ = ["MAX_CHARS", "CaseDetail", "case_details"]

#: The longest text shown for one input or result.
MAX_CHARS = 20_000


@dataclass(frozen=True)
class CaseDetail:
    input: str | None = None
    pinned: str | None = None
    #: The last result, when it differs from the pin (a pending result).
    pending: str | None = None
    changes: list[str] = field(default_factory=list)


def _shown(value: Any) -> str:
    text = pretty_json(value)
    if len(text) > MAX_CHARS:
        return text[:MAX_CHARS] + f"\n... ({len(text) - MAX_CHARS:,} more characters)"
    return text


def _read_json(path: Path) -> Any:
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError, RecursionError):
        return None


def _cases_file(project: Project, lane: str, split: str, version: str | None) -> Path | None:
    directory = project.lanes_root / lane / split
    if version:
        directory = directory / version
    return next((directory / n for n in CASES_FILES if (directory / n).is_file()), None)


def case_details(project: Project, doc: Mapping[str, Any]) -> dict[str, CaseDetail]:
    """Case id -> what the project holds of it (nothing for a sealed split)."""
    lane, split, version = doc["lane"], doc["split"], doc.get("version")
    if split not in ("dev", "public") or project.snapshots_root is None:
        return {}
    inputs: dict[str, Any] = {}
    path = _cases_file(project, lane, split, version)
    if path is not None:
        try:
            inputs = {case.case_id: case.data for case in parse_cases(read_case_file(path)).cases}
        except (OSError, EOFError, ValueError):
            inputs = {}
    parts = [p for p in (lane, split, version) if p]
    pins = project.snapshots_root.joinpath(*parts)
    pending_root = project.rootdir / ".pytest_cache" / "d" / PENDING_DIR
    details: dict[str, CaseDetail] = {}
    for case in doc["cases"]:
        case_id = case["id"]
        stem = snapshot_file_stem(case_id)
        pinned = _read_json(pins / (stem + ".json"))
        pending_doc = _read_json(pending_path(pending_root, lane, split, version, stem))
        pending = pending_doc.get("result") if isinstance(pending_doc, dict) else None
        changes = render_changes(json_changes(pinned, pending)) if pending is not None else []
        details[case_id] = CaseDetail(
            input=_shown(inputs[case_id]) if case_id in inputs else None,
            pinned=_shown(pinned) if pinned is not None else None,
            pending=_shown(pending) if pending is not None else None,
            changes=changes,
        )
    return details
