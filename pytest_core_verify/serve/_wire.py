"""What the server makes of one line of its input, before the MCP SDK sees it.

The SDK reads a line that is not a message as an exception it answers with nothing, a
request whose ``id`` is not a string or an integer as a notification (no reply either),
a line nested past its parser's limit as "not JSON", and a duplicate key as its last
value. Each line is screened here first, so every line is either handed on as one
message, answered with one JSON-RPC error naming what is wrong, or (a blank line)
skipped. Pure: no I/O, no SDK import; the glue in ``_server`` acts on the verdict.

For a ``tools/call`` request the problems that belong to the call's arguments (a
duplicate key or a lone surrogate inside ``arguments``, a field of ``params`` the
protocol does not define) are not protocol errors: they are handed on with the message,
and the tool answers ``invalid`` naming them, as ``core-verify verify`` does.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, Final

from pytest_core_verify.systems.verifier._payload import (
    duplicate_errors,
    nesting_depth,
    object_pairs,
    plain,
    shown_key,
    structure_errors,
)

__all__ = [
    "CALL_PARAMS",
    "INVALID_REQUEST",
    "MAX_LINE_BYTES",
    "MAX_LINE_NESTING",
    "PARSE_ERROR",
    "Screened",
    "error_line",
    "screen",
]

PARSE_ERROR: Final = -32700
INVALID_REQUEST: Final = -32600
#: The longest line the server reads (16 MiB); a longer one is answered, not buffered.
MAX_LINE_BYTES: Final = 16 * 1024 * 1024
#: How deep a line may nest: the payload limit (64) and the protocol's own levels.
MAX_LINE_NESTING: Final = 80
#: The fields of ``tools/call`` params the protocol defines; any other makes the call
#: ``invalid`` (it is not dropped).
CALL_PARAMS: Final = frozenset({"name", "arguments", "_meta", "task"})
_ARGUMENTS = "$.params.arguments"


@dataclass(frozen=True)
class Screened:
    """One line's verdict: ``message`` to hand on, or ``error`` to answer, or neither."""

    message: dict[str, Any] | None = None
    error: dict[str, Any] | None = None
    #: For a ``tools/call``: what is wrong with its arguments, for the tool to answer.
    call_errors: list[dict[str, str]] = field(default_factory=list)


def error_line(code: int, message: str, request_id: object = None) -> dict[str, Any]:
    """A JSON-RPC 2.0 error response."""
    return {"jsonrpc": "2.0", "id": request_id, "error": {"code": code, "message": message}}


def _invalid(message: str, request_id: object = None) -> Screened:
    return Screened(error=error_line(INVALID_REQUEST, f"Invalid Request: {message}", request_id))


def _not_json(why: str) -> Screened:
    return Screened(error=error_line(PARSE_ERROR, f"Parse error: the line is not JSON ({why})"))


def _reject_constant(name: str) -> object:
    raise ValueError(f"{name} is not a JSON number")


def _valid_id(value: object) -> bool:
    return isinstance(value, str) or (isinstance(value, int) and not isinstance(value, bool))


def _rebased(error: dict[str, str]) -> dict[str, str]:
    # The tool's errors are paths into its arguments, as the schema gate's are.
    return {**error, "path": "$" + error["path"][len(_ARGUMENTS) :]}


def _under_arguments(error: dict[str, str]) -> bool:
    path = error["path"]
    return path == _ARGUMENTS or path.startswith((_ARGUMENTS + ".", _ARGUMENTS + "["))


#: The characters JSON counts as whitespace (RFC 8259, section 2).
JSON_WHITESPACE = " \t\n\r"


def screen(line: bytes) -> Screened:
    """The verdict on one input line (without its line end)."""
    if len(line) > MAX_LINE_BYTES:
        return _invalid(f"the line is longer than the {MAX_LINE_BYTES} bytes this server reads")
    try:
        text = line.decode("utf-8")
    except UnicodeDecodeError as exc:
        return Screened(
            error=error_line(
                PARSE_ERROR, f"Parse error: the line is not UTF-8 text (byte {exc.start})"
            )
        )
    # Blank means JSON's own whitespace only: str.strip() would also take a line of
    # U+001C (a separator Python counts as space) for blank and leave it unanswered.
    if not text.strip(JSON_WHITESPACE):
        return Screened()
    depth = nesting_depth(text)
    if depth > MAX_LINE_NESTING:
        return _invalid(
            f"the line nests {depth} levels deep, more than the {MAX_LINE_NESTING} "
            "this server reads; send a flatter message"
        )
    try:
        value = json.loads(
            text,
            object_pairs_hook=object_pairs,
            parse_constant=_reject_constant,
        )
    except (ValueError, RecursionError) as exc:
        return _not_json(str(exc).split(":")[0])
    if not isinstance(value, dict):
        return _invalid("a message is a JSON object (batches are not part of MCP)")
    has_id = "id" in value
    request_id = value.get("id")
    if "id" in getattr(value, "duplicates", ()):
        # Two ids: which one the client meant cannot be known, so the reply's is null.
        return _invalid("duplicate key id: a request has one id; send it once")
    if has_id and not _valid_id(request_id):
        kind = "null" if request_id is None else type(request_id).__name__
        if isinstance(request_id, float):
            kind = "a number with a fraction" if request_id % 1 else "a float"
        elif isinstance(request_id, bool):
            kind = "a boolean"
        elif isinstance(request_id, dict):
            kind = "an object"
        elif isinstance(request_id, list):
            kind = "an array"
        return _invalid(f"the id must be a string or an integer, not {kind}")
    answer_id = request_id if has_id else None
    is_call = has_id and value.get("method") == "tools/call"
    problems = duplicate_errors(value) + structure_errors(value, MAX_LINE_NESTING)
    call_errors = []
    for problem in sorted(problems, key=lambda e: (e["path"], e["keyword"], e["message"])):
        if is_call and _under_arguments(problem):
            # Duplicates are gone from the parsed arguments, so they travel with them;
            # the tool finds the rest (a surrogate, a key that is no string) itself.
            if problem["keyword"] == "uniqueKeys":
                call_errors.append(_rebased(problem))
        else:
            return _invalid(f"{problem['message']} (at {problem['path']})", answer_id)
    message = plain(value)
    assert isinstance(message, dict)
    params = message.get("params")
    if is_call and isinstance(params, dict):
        call_errors += [
            {
                "path": "$",
                "keyword": "additionalProperties",
                "message": f"field not allowed in tools/call params: {shown_key(k)} (the "
                "protocol defines name, arguments, _meta, task)",
            }
            for k in sorted((k for k in params if k not in CALL_PARAMS), key=str)
        ]
    return Screened(message=message, call_errors=call_errors)
