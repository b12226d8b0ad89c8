"""The closed tool schema and payload validation with deterministic, value-free errors."""

from __future__ import annotations

import functools
import json
import re
from importlib import resources
from typing import Any

from jsonschema import Draft202012Validator  # type: ignore[import-untyped, unused-ignore]
from jsonschema.exceptions import ValidationError  # type: ignore[import-untyped, unused-ignore]

from ._payload import shown_key, structure_errors

__all__ = [
    "REQUEST_ID_PATTERN",
    "TOOL_NAME",
    "load_tool_schema",
    "safe_request_id",
    "validate_payload",
]

TOOL_NAME = "core.semantic_derivation.verify"
REQUEST_ID_PATTERN = re.compile(r"^[A-Za-z0-9._-]{1,64}$")


@functools.lru_cache(maxsize=1)
def _schema_text() -> str:
    return resources.files(__package__).joinpath("tool_schema.json").read_text(encoding="utf-8")


def load_tool_schema() -> dict[str, Any]:
    """A fresh copy of ``tool_schema.json`` (callers may mutate it)."""
    schema: dict[str, Any] = json.loads(_schema_text())
    return schema


@functools.lru_cache(maxsize=2)
def _validator(which: str) -> Draft202012Validator:
    schema = load_tool_schema()[which]
    Draft202012Validator.check_schema(schema)
    return Draft202012Validator(schema)


def input_validator() -> Draft202012Validator:
    return _validator("inputSchema")


def output_validator() -> Draft202012Validator:
    return _validator("outputSchema")


def _path(error: ValidationError) -> str:
    return "$" + "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in error.absolute_path)


def _messages(error: ValidationError) -> list[str]:
    # Messages are written here rather than taken from jsonschema: its messages
    # repeat the offending value, and a bad request_id must never be echoed back.
    v = error.validator
    if v == "additionalProperties":
        allowed = set(error.schema.get("properties", {}))
        extra = sorted((k for k in error.instance if k not in allowed), key=str)
        return [f"property not allowed by the closed schema: {shown_key(k)}" for k in extra]
    if v == "required":
        present = set(error.instance) if isinstance(error.instance, dict) else set()
        return [
            f"required property missing: {k}" for k in error.validator_value if k not in present
        ]
    if v == "type":
        return [f"wrong type: expected {error.validator_value}"]
    if v == "minLength":
        return [f"too short: at least {error.validator_value} characters"]
    if v == "maxLength":
        return [f"too long: at most {error.validator_value} characters"]
    if v == "pattern":
        return [f"does not match the pattern {error.validator_value}"]
    if v == "enum":
        return ["not one of: " + ", ".join(str(x) for x in error.validator_value)]
    return [f"fails the schema keyword {v}"]


def validate_payload(payload: object) -> list[dict[str, str]]:
    """Every schema error of ``payload``, sorted, each ``{"path", "keyword", "message"}``.

    An empty list means the payload is valid. The list is identical run to run. The
    rules of every payload come first (well-formed Unicode in every string and key,
    string keys, bounded nesting); past the nesting bound the schema is not consulted.
    """
    errors: list[dict[str, str]] = structure_errors(payload)
    if any(e["keyword"] == "maxDepth" for e in errors):
        return errors
    for error in input_validator().iter_errors(payload):
        for message in _messages(error):
            errors.append(
                {"path": _path(error), "keyword": str(error.validator), "message": message}
            )
    # jsonschema's ``pattern`` searches, so "id\n" would pass ``$``; the id must match whole.
    rid = payload.get("request_id") if isinstance(payload, dict) else None
    if (
        isinstance(rid, str)
        and REQUEST_ID_PATTERN.search(rid)
        and not REQUEST_ID_PATTERN.fullmatch(rid)
    ):
        pattern = REQUEST_ID_PATTERN.pattern
        errors.append(
            {
                "path": "$.request_id",
                "keyword": "pattern",
                "message": f"does not match the pattern {pattern}",
            }
        )
    unique = {(e["path"], e["keyword"], e["message"]): e for e in errors}
    return [unique[k] for k in sorted(unique)]


def safe_request_id(payload: object) -> str | None:
    """The payload's request_id if it is a string matching the pattern, else ``None``."""
    if isinstance(payload, dict):
        rid = payload.get("request_id")
        if isinstance(rid, str) and REQUEST_ID_PATTERN.fullmatch(rid):
            return rid
    return None
