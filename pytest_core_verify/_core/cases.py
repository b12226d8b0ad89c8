"""Parsing a JSONL case file into cases and per-line problems (pure: no pytest import).

A broken line never hides the others: every line is parsed on its own and a
problem names its line, so the caller can run the good cases and report the bad.
"""

from __future__ import annotations

import gzip
import json
import math
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from pytest_core_verify._core.canonical import NotCanonicalError, canonical_bytes
from pytest_core_verify._core.records import RecordReader

__all__ = [
    "MAX_CASE_DEPTH",
    "RESERVED_ID",
    "TOO_DEEP",
    "Case",
    "CaseProblem",
    "ParsedCases",
    "SchemaValidator",
    "parse_cases",
    "read_case_file",
]

_BOM = b"\xef\xbb\xbf"
#: The deepest a case may nest arrays and objects (the case itself is level 1). Each run
#: gets its own copy of the case (``copy.deepcopy``, two Python frames per level) or a
#: pickle of it (process mode), inside pytest's own stack of frames, under Python's
#: recursion limit of 1,000: this is the depth both replay modes carry, with room
#: for the lane's own calls. A deeper line is refused when the file is read.
MAX_CASE_DEPTH = 400
#: Why a line nested too deeply for Python's parser is refused.
TOO_DEEP = "nested too deeply (Python's JSON parser stops near 1,000 levels); flatten it"
#: Case ids that would collide with the node id of a bad line's error item.
RESERVED_ID = re.compile(r"line [0-9]+")


class SchemaValidator(Protocol):
    """The part of a ``jsonschema`` validator that case parsing uses."""

    def iter_errors(self, instance: Any) -> Any: ...


@dataclass(frozen=True)
class Case:
    case_id: str
    line: int
    #: The case as ``run`` sees it: without the harness's own ``xfail`` field.
    data: dict[str, Any]
    #: ``"xfail": "reason"``: a known failure, with its reason.
    xfail: str | None = None


@dataclass(frozen=True)
class CaseProblem:
    line: int
    message: str


@dataclass
class ParsedCases:
    cases: list[Case] = field(default_factory=list)
    errors: list[CaseProblem] = field(default_factory=list)
    #: Problems that do not stop the case from running (a BOM, CRLF line ends).
    warnings: list[CaseProblem] = field(default_factory=list)


class _DuplicateKeyError(ValueError):
    pass


def _object_without_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    obj: dict[str, Any] = {}
    for key, value in pairs:
        if key in obj:
            raise _DuplicateKeyError(f"duplicate key {key!r} in one object")
        obj[key] = value
    return obj


def _reject_constant(name: str) -> Any:
    raise ValueError(f"{name} is not valid JSON")


class _Overflowed(float):
    """A number literal past what a float holds (``1e400``): json would make it
    infinity, which no case can carry; marked, so that its field can be named."""

    text: str


def _float(text: str) -> float:
    value = float(text)
    if math.isfinite(value):
        return value
    marked = _Overflowed(value)
    marked.text = text
    return marked


def _loads(text: str) -> Any:
    return json.loads(
        text,
        object_pairs_hook=_object_without_duplicates,
        parse_constant=_reject_constant,
        parse_float=_float,
    )


def _walk_problem(value: Any) -> str | None:
    """A number past what a float holds, or nesting deeper than the harness carries
    (``MAX_CASE_DEPTH``: its copies and pickles of a case recurse per level), with
    the JSON path where it is; found without recursion."""
    stack: list[tuple[Any, str, int]] = [(value, "$", 1)]
    while stack:
        current, path, depth = stack.pop()
        if isinstance(current, _Overflowed):
            return (
                f"{path}: the number {current.text[:40]} is past what a float holds (about "
                "1.8e308); write it as a string, or a smaller number"
            )
        if isinstance(current, (dict, list)):
            if depth > MAX_CASE_DEPTH:
                return (
                    f"{path[:60]}...: nested more than {MAX_CASE_DEPTH} levels deep (the most "
                    "the harness carries through both runs); flatten it"
                )
            items = current.items() if isinstance(current, dict) else enumerate(current)
            for key, child in items:
                if isinstance(child, (dict, list, _Overflowed)):
                    step = f"[{key}]" if isinstance(key, int) else f".{key}"
                    stack.append((child, path + step, depth + 1))
    return None


def _schema_problems(validator: SchemaValidator, data: Mapping[str, Any]) -> list[str]:
    problems = []
    for error in validator.iter_errors(data):
        where = "$" + "".join(
            f"[{part}]" if isinstance(part, int) else f".{part}" for part in error.absolute_path
        )
        problems.append(f"{where}: {error.message}")
    return sorted(problems)


def read_case_file(path: Path) -> bytes:
    """A cases file's bytes; ``cases.jsonl.gz`` is decompressed (lines are numbered in
    the decompressed text)."""
    raw = path.read_bytes()
    return gzip.decompress(raw) if path.name.endswith(".gz") else raw


def parse_cases(
    data: bytes,
    *,
    validator: SchemaValidator | None = None,
    records: RecordReader | None = None,
) -> ParsedCases:
    """Parse JSONL bytes: one JSON object with a unique string ``id`` per line.

    Blank lines are skipped; an empty file gives no cases. A UTF-8 BOM and CRLF
    line ends are tolerated but reported as warnings, since other JSONL tools
    choke on them.
    """
    parsed = ParsedCases()
    if data.startswith(_BOM):
        data = data[len(_BOM) :]
        parsed.warnings.append(
            CaseProblem(1, "the file starts with a UTF-8 byte order mark; save it without one")
        )
    first_id_line: dict[str, int] = {}
    crlf_lines: list[int] = []
    # A file with CR and no LF at all has CR line ends (classic Mac OS): its lines are
    # split there. In any other file a lone CR is JSON whitespace inside a line.
    cr_only = b"\r" in data and b"\n" not in data
    lines = data.split(b"\r") if cr_only else data.split(b"\n")
    if cr_only:
        parsed.warnings.append(
            CaseProblem(
                1,
                f"{len(lines) - 1} line(s) end in CR alone (not LF); convert the file "
                "to LF line ends",
            )
        )
    for number, raw in enumerate(lines, start=1):
        if raw.endswith(b"\r"):
            raw = raw[:-1]
            crlf_lines.append(number)
        if not raw.strip():
            continue
        error = _parse_line(raw, number, first_id_line, validator, parsed, records)
        if error is not None:
            parsed.errors.append(CaseProblem(number, error))
    if crlf_lines:
        parsed.warnings.append(
            CaseProblem(
                crlf_lines[0],
                f"{len(crlf_lines)} line(s) end in CRLF; convert the file to LF line ends",
            )
        )
    return parsed


def _parse_line(
    raw: bytes,
    number: int,
    first_id_line: dict[str, int],
    validator: SchemaValidator | None,
    parsed: ParsedCases,
    records: RecordReader | None = None,
) -> str | None:
    """Parse one line into ``parsed``; return the problem text if it is not a case."""
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        return f"not UTF-8 ({exc.reason} at byte {exc.start}); save the file as UTF-8"
    try:
        value = _loads(text)
    except _DuplicateKeyError as exc:
        return f"{exc}; keep one"
    except json.JSONDecodeError as exc:
        # Some of json's messages end in "at" already ("Invalid control character at").
        return f"invalid JSON: {exc.msg.removesuffix(' at')} at column {exc.colno}"
    except ValueError as exc:
        return f"invalid JSON: {exc}"
    except RecursionError:
        return f"invalid JSON: {TOO_DEEP}"
    problem = _walk_problem(value)
    if problem is not None:
        return problem
    if "\\u" in text:  # only an escape can make a lone surrogate
        try:
            canonical_bytes(value)
        except NotCanonicalError as exc:
            return f"invalid text at {exc.path}: {exc.reason} (from a \\u escape of half a pair)"
    if not isinstance(value, dict):
        return f"a case must be a JSON object, got {type(value).__name__}"
    if records is not None:
        mapped = records.to_case(value, number)
        if isinstance(mapped, str):
            return mapped
        value = mapped
    case_id = value.get("id")
    if "id" not in value:
        return 'the case has no "id"; add a string "id" unique within the file'
    if not isinstance(case_id, str):
        return f'"id" must be a string, got {type(case_id).__name__} {case_id!r}'
    if not case_id.strip() or "::" in case_id or any(c in case_id for c in "\r\n\t"):
        return f'"id" {case_id!r} must be non-blank and hold no "::", tab or line break'
    if RESERVED_ID.fullmatch(case_id):
        return (
            f'"id" {case_id!r} is reserved: the error item of a bad line is named "line N"; '
            "pick another id"
        )
    if case_id in first_id_line:
        return f'duplicate "id" {case_id!r} (first used on line {first_id_line[case_id]})'
    first_id_line[case_id] = number
    # "xfail" belongs to the harness: it is taken out before the schema check and before
    # run() sees the case, so a closed case.schema.json needs no change and marking a
    # case as a known failure never changes its result or its pin.
    xfail: str | None = None
    if "xfail" in value:
        reason = value.pop("xfail")
        if not isinstance(reason, str) or not reason.strip():
            return (
                f'case {case_id!r}: "xfail" must be a non-empty string, the reason the case '
                f"is a known failure, got {reason!r}"
            )
        xfail = reason
    if validator is not None:
        try:
            problems = _schema_problems(validator, value)
        except RecursionError:
            return f"case {case_id!r} cannot be checked against case.schema.json: {TOO_DEEP}"
        if problems:
            return f"case {case_id!r} does not match case.schema.json: " + "; ".join(problems)
    parsed.cases.append(Case(case_id, number, value, xfail))
    return None
