"""The results document as files: writing ``--results DIR`` and reading it back (pure:
no pytest import). The document of one lane is ``results_document`` (``_core.aggregate``);
its format is the JSON Schema ``results.schema.json`` shipped beside this module (and a
``--results-history`` line's, ``history.schema.json``). Every reader of results files,
history logs and pending results goes through ``parse_document`` here: a file that does
not follow its schema is refused with its name, the field and the problem, before any
reader looks inside it."""

from __future__ import annotations

import functools
import importlib.resources
import json
import math
import os
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any, Literal

import jsonschema
import referencing

from pytest_core_verify._core.aggregate import LaneResult, results_document
from pytest_core_verify._core.atomic import atomic_write_text
from pytest_core_verify._core.canonical import pretty_json
from pytest_core_verify._core.write_advice import write_advice

__all__ = [
    "MAX_DEPTH",
    "LaneKey",
    "ResultsError",
    "append_history",
    "history_schema",
    "lane_key",
    "lane_label",
    "load_results",
    "parse_document",
    "results_filename",
    "results_schema",
    "write_results",
]

#: The deepest nesting of arrays and objects a results, history or pending document may
#: have: a results document is five levels deep, and a lane's ``extra`` or a pending
#: result gets the rest. Deeper input is refused before any reader recurses into it.
MAX_DEPTH = 100
#: How much of a bad value an error message quotes.
_QUOTED = 60

#: ``history``: a line of a ``--results-history`` log, in the compact form (it has a
#: ``history`` field) or, as older versions wrote them, a whole results document.
DocumentKind = Literal["results", "pending", "history"]

LaneKey = tuple[str, str, str | None]


class ResultsError(ValueError):
    """A results file or directory that cannot be read; the text names it and the fix."""


def lane_label(key: LaneKey) -> str:
    return "/".join(p for p in key if p)


def lane_key(doc: Mapping[str, Any]) -> LaneKey:
    return (doc["lane"], doc["split"], doc.get("version"))


@functools.cache
def _shipped_schema(name: str) -> dict[str, Any]:
    text = importlib.resources.files(__package__).joinpath(name).read_text()
    schema: dict[str, Any] = json.loads(text)
    return schema


def results_schema() -> dict[str, Any]:
    """The shipped JSON Schema of the results document (``$defs/pending``: a pending result)."""
    return _shipped_schema("results.schema.json")


def history_schema() -> dict[str, Any]:
    """The shipped JSON Schema of a compact ``--results-history`` line (it refers to the
    results schema for the fields they share)."""
    return _shipped_schema("history.schema.json")


@functools.cache
def _validator(kind: DocumentKind) -> jsonschema.protocols.Validator:
    schema = results_schema()
    if kind == "history":
        resource = referencing.Resource.from_contents(schema)
        registry: referencing.Registry[Any] = referencing.Registry().with_resource(
            schema["$id"], resource
        )
        return jsonschema.Draft202012Validator(history_schema(), registry=registry)
    if kind == "pending":
        schema = {**schema["$defs"]["pending"], "$defs": schema["$defs"]}
    return jsonschema.Draft202012Validator(schema)


class _BadNumber(ValueError):
    """A number JSON can write but a results document cannot hold."""


def _float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise _BadNumber(f"{text[:_QUOTED]} is past what a float holds (about 1.8e308)")
    return value


def _int(text: str) -> int:
    # More digits than the largest float has: no count or metric is that large, and
    # Python refuses to read ints of more than 4300 digits at all.
    if len(text.lstrip("-")) > 309:
        raise _BadNumber(f"an integer of {len(text.lstrip('-'))} digits is past what a float holds")
    return int(text)


def _constant(text: str) -> Any:
    raise _BadNumber(f"{text} is not a number JSON allows")


def _depth_problem(text: str) -> str | None:
    """Where ``text`` nests arrays and objects deeper than ``MAX_DEPTH`` (found without
    recursion, so that 100,000 levels cost one pass and no stack)."""
    depth = 0
    in_string = escaped = False
    for char in text:
        if in_string:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char in "[{":
            depth += 1
            if depth > MAX_DEPTH:
                return f"nested deeper than {MAX_DEPTH} arrays and objects"
        elif char in "]}":
            depth -= 1
    return None


def _field(path: Iterable[Any]) -> str:
    shown = ""
    for part in path:
        shown += f"[{part}]" if isinstance(part, int) else (f".{part}" if shown else str(part))
    return shown or "the document"


def _schema_problem(doc: Any, kind: DocumentKind) -> tuple[str, str] | None:
    """The first way ``doc`` breaks the schema, as (field, problem); ``None`` if none."""
    errors = sorted(_validator(kind).iter_errors(doc), key=lambda e: (list(e.path), e.message))
    if not errors:
        return None
    error = jsonschema.exceptions.best_match(errors)
    assert error is not None  # there is at least one error
    path = list(error.absolute_path)
    if error.validator == "required" and isinstance(error.instance, dict):
        missing = [name for name in error.validator_value if name not in error.instance]
        return _field([*path, missing[0]]), "missing"
    if error.validator == "additionalProperties":
        return _field(path), error.message
    value = json.dumps(error.instance, ensure_ascii=False, default=str)
    if len(value) > _QUOTED:
        value = value[: _QUOTED - 3] + "..."
    problem = {
        "type": "is {value}; expected {expected}",
        "enum": "is {value}; expected one of {expected}",
        "pattern": "is {value}; expected one directory name (no / or \\, not . or ..)",
        "minimum": "is {value}; past what a float holds (or below the minimum)",
        "maximum": "is {value}; past what a float holds",
        "minLength": "is empty",
        "anyOf": "is {value}; expected {expected}",
    }.get(str(error.validator))
    if problem is None:
        return _field(path), error.message[:200]
    expected = error.validator_value
    if isinstance(expected, list):
        expected = ", ".join(json.dumps(e) for e in expected)
    if error.validator == "anyOf":
        expected = error.schema.get("description", "a value the schema allows")
    return _field(path), problem.format(value=value, expected=expected)


_NAMED: dict[DocumentKind, tuple[str, str]] = {
    "results": (
        "a results file",
        "give a file written by pytest --results DIR (or --results-history FILE)",
    ),
    "pending": ("a pending result", "delete it, or run the lane again to write it anew"),
    "history": ("a results history line", "give a log written by pytest --results-history FILE"),
}


def parse_document(text: str, where: str, *, kind: DocumentKind = "results") -> dict[str, Any]:
    """``text`` as a results (or pending) document, or ``ResultsError``:
    ``WHERE: not a results file (FIELD: PROBLEM)``, and what to do about it.

    ``kind="history"``: a compact history line, or (without a ``history`` field) a whole
    results document, checked and named as one."""

    history = kind == "history"
    if history:
        kind = "results"  # until the line is read: text that is no JSON is named as before

    def refuse(field: str | None, problem: str) -> ResultsError:
        what, fix = _NAMED[kind]
        said = problem if field is None else f"{field}: {problem}"
        return ResultsError(f"{where}: not {what} ({said}); {fix}")

    deep = _depth_problem(text)
    if deep is not None:
        raise refuse(None, deep)
    try:
        doc = json.loads(text, parse_float=_float, parse_int=_int, parse_constant=_constant)
    except json.JSONDecodeError as exc:
        raise refuse(
            None, f"invalid JSON at line {exc.lineno}, column {exc.colno}: {exc.msg}"
        ) from None
    except (_BadNumber, ValueError, RecursionError) as exc:
        raise refuse("a number" if isinstance(exc, _BadNumber) else None, str(exc)) from None
    if history:
        # A compact line names itself; any other (older logs) is a whole results document.
        kind = "history" if isinstance(doc, dict) and "history" in doc else "results"
    problem = _schema_problem(doc, kind)
    if problem is not None:
        raise refuse(*problem)
    result: dict[str, Any] = doc
    return result


def _looks_like_results(doc: Any) -> bool:
    """Whether a JSON file in a results directory means to be a results document (its
    other JSON files are not read): an object with any of the keys every one has."""
    return isinstance(doc, dict) and bool({"lane", "split", "metrics", "cases"} & set(doc))


def _read_text(path: Path, what: str = "the results file") -> str:
    try:
        return path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise ResultsError(f"{path}: cannot read {what}: {exc}") from None


def _read_document(path: Path, *, required: bool) -> dict[str, Any] | None:
    """A results file; ``None`` for another JSON file when ``required`` is false."""
    text = _read_text(path)
    if not required:
        try:
            loose = json.loads(text)
        except (ValueError, RecursionError):
            loose = {"lane": None, "split": None, "metrics": None, "cases": None}
        if not _looks_like_results(loose):
            return None
    return parse_document(text, str(path))


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
        doc = _read_document(file, required=path.is_file())
        if doc is None:
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


def append_history(path: Path, documents: Iterable[Mapping[str, Any]]) -> None:
    """Append one line per document to a ``--results-history`` log: all of them or none.

    A write that fails part-way (a full disk) is truncated back to the log's old length,
    so the log never holds half a line that would make every later read of it fail. A
    log that already ends in a partial line is refused, not appended to.
    """
    data = "".join(
        json.dumps(doc, sort_keys=True, ensure_ascii=False, allow_nan=False) + "\n"
        for doc in documents
    ).encode("utf-8")
    where = f"--results-history {path}"
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(path, os.O_RDWR | os.O_CREAT | os.O_APPEND, 0o666)
    except OSError as exc:
        raise ResultsError(
            f"{where}: cannot append: {exc.strerror or exc}; {write_advice(exc, str(path.parent))}"
        ) from None
    try:
        size = os.fstat(fd).st_size
        if size and os.pread(fd, 1, size - 1) != b"\n":
            raise ResultsError(
                f"{where}: its last line is incomplete (an earlier write stopped part-way); "
                "remove that line, then run again"
            )
        try:
            written = 0
            while written < len(data):
                written += os.write(fd, data[written:])
            os.fsync(fd)
        except OSError as exc:
            try:
                os.ftruncate(fd, size)
                kept = "the log is as it was"
            except OSError:
                kept = "the log may end in a partial line"
            raise ResultsError(
                f"{where}: cannot append ({exc.strerror or exc}; {kept}); "
                f"{write_advice(exc, str(path))}"
            ) from None
    finally:
        os.close(fd)
