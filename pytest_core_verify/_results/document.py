"""The results document as files: writing ``--results DIR`` and reading it back (pure:
no pytest import). The document of one lane is ``LaneResult.to_json()``
(``_core.aggregate``); every reader of results files goes through ``load_results``."""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from pytest_core_verify._core.aggregate import LaneResult, results_document
from pytest_core_verify._core.atomic import atomic_write_text
from pytest_core_verify._core.canonical import pretty_json

__all__ = [
    "LaneKey",
    "ResultsError",
    "lane_key",
    "lane_label",
    "load_results",
    "results_filename",
    "write_results",
]

LaneKey = tuple[str, str, str | None]


class ResultsError(ValueError):
    """A results file or directory that cannot be read; the text names it and the fix."""


def lane_label(key: LaneKey) -> str:
    return "/".join(p for p in key if p)


def lane_key(doc: Mapping[str, Any]) -> LaneKey:
    return (doc["lane"], doc["split"], doc.get("version"))


def _is_results(doc: Any) -> bool:
    return (
        isinstance(doc, dict)
        and isinstance(doc.get("lane"), str)
        and isinstance(doc.get("split"), str)
        and isinstance(doc.get("cases"), list)
        and isinstance(doc.get("metrics"), dict)
    )


def _read_document(path: Path) -> Any:
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError) as exc:
        raise ResultsError(f"{path}: cannot read the results file: {exc}") from None
    except json.JSONDecodeError as exc:
        raise ResultsError(
            f"{path}: not a results file (invalid JSON at line {exc.lineno}, column "
            f"{exc.colno}: {exc.msg}); give a directory written by pytest --results DIR"
        ) from None


def load_results(path: Path) -> dict[LaneKey, dict[str, Any]]:
    """The results documents of ``path``: a ``--results`` directory, or one results file.

    In a directory, every top-level ``*.json`` that is a results document is read
    (other JSON files are ignored); a directory with none is an error, so that a
    mistyped path is not read as "every lane removed".
    """
    if path.is_dir():
        files = sorted(path.glob("*.json"))
    elif path.is_file():
        files = [path]
    else:
        raise ResultsError(
            f"{path}: no such file or directory; give a directory written by "
            "pytest --results DIR, or one of its files"
        )
    found: dict[LaneKey, dict[str, Any]] = {}
    for file in files:
        doc = _read_document(file)
        if not _is_results(doc):
            if path.is_file():
                raise ResultsError(
                    f"{file}: not a results file (no lane, split, metrics and cases); give "
                    "a file written by pytest --results DIR"
                )
            continue
        key = lane_key(doc)
        if key in found:
            raise ResultsError(f"{file}: a second results file for {lane_label(key)} in {path}")
        found[key] = doc
    if not found:
        raise ResultsError(
            f"{path}: holds no results files (*.json with lane, split, metrics and cases); "
            "give a directory written by pytest --results DIR"
        )
    return found


def results_filename(result: LaneResult) -> str:
    parts = [
        result.key.lane,
        result.key.split,
        *([result.key.version] if result.key.version else []),
    ]
    return ".".join(parts) + ".json"


def write_results(results: Iterable[LaneResult], directory: Path, *, when: str) -> list[Path]:
    written = []
    for result in results:
        path = directory / results_filename(result)
        atomic_write_text(path, pretty_json(results_document(result, when=when)))
        written.append(path)
    return written
