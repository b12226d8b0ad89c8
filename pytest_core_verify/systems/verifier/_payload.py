"""Rules every payload obeys before any schema: well-formed Unicode and one value per key.

JSON lets a text carry a lone UTF-16 surrogate (``"\\ud800"``) and the same key twice;
Python's ``json`` accepts both (the last duplicate wins, the surrogate becomes a ``str``
that cannot be encoded). A payload that does either is ``invalid``: the first is not
text, the second is two answers to one question and nobody can say which was meant.
These rules apply to every string and every object, at every depth, on every entry
point (the ``verify`` command, ``handle_tool_call``/``call_tool``, the MCP server), so
they live here once. Errors have the schema gate's shape (``path``, ``keyword``,
``message``) and never repeat a value; a key is shown escaped and cut, never raw.

Pure: no I/O, no import of the rest of the verifier.
"""

from __future__ import annotations

import json
import re
from typing import Any, Final

__all__ = [
    "MAX_NESTING",
    "DuplicateKeys",
    "duplicate_errors",
    "json_path",
    "load_json_text",
    "nesting_depth",
    "object_pairs",
    "plain",
    "shown_key",
    "structure_errors",
]

#: Deepest nesting of arrays and objects a payload may have. Python's own parser fails
#: near 1,000 levels; every object of this tool's payloads is a few levels deep.
MAX_NESTING: Final = 64
_SURROGATE = re.compile("[\ud800-\udfff]")
# The characters of a JSON text that open or close a level, and the strings between
# which brackets do not count.
_STRING_OR_BRACKET = re.compile(r'"(?:[^"\\]|\\.)*"|[\[\]{}]', re.DOTALL)
_SHOWN_KEY_CHARS: Final = 64
_PLAIN_NAME = re.compile(r"[A-Za-z0-9_.-]{1,64}")


class DuplicateKeys(dict[str, Any]):
    """A JSON object as read, remembering each key given more than once (in order)."""

    duplicates: list[str]


def object_pairs(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """``json.loads``'s ``object_pairs_hook`` that keeps every key given twice."""
    obj = DuplicateKeys()
    obj.duplicates = []
    for key, value in pairs:
        if key in obj and key not in obj.duplicates:
            obj.duplicates.append(key)
        obj[key] = value
    return obj


def nesting_depth(text: str) -> int:
    """How deep arrays and objects nest in ``text`` (brackets inside strings do not count).

    Linear in the text and never recursive, so it can be asked of a line any parser
    would overflow on.
    """
    depth = deepest = 0
    for match in _STRING_OR_BRACKET.finditer(text):
        char = match.group()
        if char in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif char in "]}":
            depth -= 1
    return deepest


def load_json_text(text: str) -> tuple[object, list[dict[str, str]]]:
    """Parse ``text``: the value and the duplicate-key errors found in it.

    Raises ``ValueError`` for a text that is not JSON, or nests deeper than
    :data:`MAX_NESTING` (checked before parsing, so no parser recursion is reached).
    Duplicate keys are not an exception: the caller answers them as ``invalid`` with
    the other errors of the payload.
    """
    depth = nesting_depth(text)
    if depth > MAX_NESTING:
        raise ValueError(
            f"nested {depth} levels deep, more than the {MAX_NESTING} a payload may have"
        )
    value = json.loads(text, object_pairs_hook=object_pairs)
    return plain(value), duplicate_errors(value)


def json_path(parts: list[str | int]) -> str:
    """``$.a[0].b``; a key that is not an identifier is shown as ``["key"]``, escaped."""
    path = "$"
    for part in parts:
        if isinstance(part, int):
            path += f"[{part}]"
        elif re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", part):
            path += f".{part}"
        else:
            shown = shown_key(part)
            path += f"[{json.dumps(shown) if _PLAIN_NAME.fullmatch(part) else shown}]"
    return path


def shown_key(key: object) -> str:
    """A key as an error may show it: as is when it is a plain name, else JSON-escaped
    (ASCII only, so no control character or surrogate reaches a terminal); at most 64
    characters either way."""
    text = key if isinstance(key, str) else repr(key)
    if _PLAIN_NAME.fullmatch(text):
        return text
    shown = json.dumps(text[:_SHOWN_KEY_CHARS], ensure_ascii=True)
    return shown if len(text) <= _SHOWN_KEY_CHARS else shown[:-1] + '..."'


def _walk(value: object, max_depth: int = MAX_NESTING) -> list[tuple[list[str | int], object]]:
    # Iterative, so a deep value (from Python callers, who skip the text reader) cannot
    # overflow the stack, and never below ``max_depth + 1``; sorted keys, so errors come
    # in one order.
    out: list[tuple[list[str | int], object]] = []
    stack: list[tuple[list[str | int], object]] = [([], value)]
    while stack:
        path, node = stack.pop()
        out.append((path, node))
        if len(path) > max_depth:
            continue
        if isinstance(node, dict):
            keys = sorted(node, key=lambda k: (not isinstance(k, str), str(k)))
            stack.extend(([*path, k if isinstance(k, str) else str(k)], node[k]) for k in keys)
        elif isinstance(node, list):
            stack.extend(([*path, i], item) for i, item in enumerate(node))
    return out


def duplicate_errors(value: object) -> list[dict[str, str]]:
    """One error per key a JSON object of ``value`` was given more than once."""
    errors = []
    for path, node in _walk(value):
        for key in getattr(node, "duplicates", ()):
            errors.append(
                {
                    "path": json_path(path),
                    "keyword": "uniqueKeys",
                    "message": f"duplicate key {shown_key(key)}: JSON gives an object one "
                    "value per key; send the key once",
                }
            )
    return errors


def _surrogate_message(text: str, what: str) -> str | None:
    match = _SURROGATE.search(text)
    if match is None:
        return None
    return (
        f"{what} holds a lone UTF-16 surrogate U+{ord(match.group()):04X} at character "
        f"{match.start()}: text must be well-formed Unicode; send the character itself "
        "or its whole surrogate pair"
    )


def structure_errors(value: object, depth_limit: int = MAX_NESTING) -> list[dict[str, str]]:
    """Errors of ``value`` that no schema states: lone surrogates in any string or key,
    keys that are not strings, nesting past ``depth_limit``. Sorted by path."""
    errors = []
    for path, node in _walk(value, depth_limit):
        where = json_path(path)
        if len(path) > depth_limit:
            errors.append(
                {
                    "path": where,
                    "keyword": "maxDepth",
                    "message": f"nested more than {depth_limit} levels deep",
                }
            )
            break
        if isinstance(node, str):
            message = _surrogate_message(node, "the string")
            if message is not None:
                errors.append({"path": where, "keyword": "unicode", "message": message})
        elif isinstance(node, dict):
            for key in node:
                if not isinstance(key, str):
                    errors.append(
                        {
                            "path": where,
                            "keyword": "propertyNames",
                            "message": f"key {shown_key(key)} is not a string; JSON keys are",
                        }
                    )
                    continue
                message = _surrogate_message(key, f"the key {shown_key(key)}")
                if message is not None:
                    errors.append({"path": where, "keyword": "unicode", "message": message})
    return sorted(errors, key=lambda e: (e["path"], e["keyword"], e["message"]))


def plain(value: object) -> object:
    """``value`` with every :class:`DuplicateKeys` turned into a plain ``dict``."""
    if isinstance(value, dict):
        return {k: plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [plain(v) for v in value]
    return value
