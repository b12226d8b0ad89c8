"""The server's line screen, as a pure function: every line is one message, one error
reply, or (blank) nothing; never an exception, never silence for a request.

Hypothesis draws the hostile part (an id of any JSON type, a key given twice at any
depth, a lone surrogate anywhere, nesting past the limit, arbitrary bytes).
"""

from __future__ import annotations

import json
from typing import Any

from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from pytest_core_verify.serve._wire import (
    INVALID_REQUEST,
    MAX_LINE_NESTING,
    PARSE_ERROR,
    screen,
)
from tests.helpers import examples

SETTINGS = settings(
    max_examples=examples(150), deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
VERIFY = "core.semantic_derivation.verify"
scalars = st.none() | st.booleans() | st.integers() | st.text(max_size=5)
json_values = st.recursive(
    scalars | st.floats(allow_nan=False, allow_infinity=False),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=4), inner, max_size=3)
    ),
    max_leaves=8,
)
bad_ids = (
    st.none()
    | st.booleans()
    | st.floats(allow_nan=False, allow_infinity=False).filter(lambda f: f != int(f))
    | st.lists(json_values, max_size=2)
    | st.dictionaries(st.text(max_size=3), json_values, max_size=2)
)


def _call(arguments: object, request_id: object = 1) -> dict[str, Any]:
    return {
        "jsonrpc": "2.0",
        "id": request_id,
        "method": "tools/call",
        "params": {"name": VERIFY, "arguments": arguments},
    }


@SETTINGS
@given(request_id=bad_ids, method=st.sampled_from(["tools/list", "tools/call", "initialize"]))
def test_an_id_that_is_not_a_string_or_an_integer_is_answered_with_a_null_id(
    request_id: object, method: str
) -> None:
    verdict = screen(json.dumps({"jsonrpc": "2.0", "id": request_id, "method": method}).encode())
    assert verdict.message is None and verdict.error is not None
    assert verdict.error["id"] is None
    assert verdict.error["error"]["code"] == INVALID_REQUEST
    assert "the id must be a string or an integer" in verdict.error["error"]["message"]


@SETTINGS
@given(request_id=st.integers() | st.text(max_size=10))
def test_a_string_or_integer_id_is_handed_on(request_id: str | int) -> None:
    verdict = screen(
        json.dumps({"jsonrpc": "2.0", "id": request_id, "method": "tools/list"}).encode()
    )
    assert verdict.error is None and verdict.message is not None
    assert verdict.message["id"] == request_id


def _objects(node: object, path: list[str | int]) -> list[list[str | int]]:
    found: list[list[str | int]] = []
    if isinstance(node, dict):
        found.append(path)
        for key, value in node.items():
            found.extend(_objects(value, [*path, key]))
    elif isinstance(node, list):
        for i, value in enumerate(node):
            found.extend(_objects(value, [*path, i]))
    return found


def _text_with_duplicate(message: dict[str, Any], at: list[str | int], key: str) -> str:
    marker = "\u0000marker\u0000"
    target: Any = message
    for part in at:
        target = target[part]
    target[marker] = 0
    text = json.dumps(message)
    return text.replace(f"{json.dumps(marker)}: 0", f"{json.dumps(key)}: 1, {json.dumps(key)}: 2")


@SETTINGS
@given(arguments=json_values, pick=st.integers(0, 50), key=st.sampled_from(["a", "id", "x y"]))
def test_a_key_given_twice_anywhere_is_never_taken_silently(
    arguments: object, pick: int, key: str
) -> None:
    message = _call(arguments)
    places = _objects(message, [])
    at = places[pick % len(places)]
    text = _text_with_duplicate(message, at, key)
    verdict = screen(text.encode())
    inside = at[:2] == ["params", "arguments"]
    if inside:
        # The tool answers it: invalid, naming the key, with a path into its arguments.
        assert verdict.error is None and verdict.message is not None
        assert [e["keyword"] for e in verdict.call_errors] == ["uniqueKeys"]
        assert verdict.call_errors[0]["path"].startswith("$")
        assert "duplicate key" in verdict.call_errors[0]["message"]
    else:
        assert verdict.error is not None
        # A second id leaves the request's id unknown: null, as JSON-RPC says.
        assert verdict.error["id"] == (None if (at, key) == ([], "id") else 1)
        assert verdict.error["error"]["code"] == INVALID_REQUEST
        assert "duplicate key" in verdict.error["error"]["message"]


@SETTINGS
@given(
    where=st.sampled_from(["method", "name", "key", "arguments"]), code=st.integers(0xD800, 0xDFFF)
)
def test_a_lone_surrogate_is_refused_where_it_is_never_a_parse_error(where: str, code: int) -> None:
    u = f"\\u{code:04x}"
    lines = {
        "method": '{"jsonrpc":"2.0","id":1,"method":"tools/li' + u + 'st"}',
        "name": '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"v' + u + '"}}',
        "key": '{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{"' + u + '":1}}',
        "arguments": '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"v",'
        '"arguments":{"problem_text":"a' + u + 'b"}}}',
    }
    verdict = screen(lines[where].encode())
    if where == "arguments":
        # Handed on: the tool's own gate names it as invalid (tested with the tool).
        assert verdict.message is not None and verdict.error is None
    else:
        assert verdict.error is not None and verdict.error["error"]["code"] == INVALID_REQUEST
        assert "surrogate" in verdict.error["error"]["message"]
        # The reply is text: it can be written as UTF-8.
        json.dumps(verdict.error, ensure_ascii=False).encode("utf-8")


@SETTINGS
@given(depth=st.integers(MAX_LINE_NESTING + 1, 5000), bracket=st.sampled_from(["[]", "{}"]))
def test_a_line_too_deep_is_said_to_be_too_deep(depth: int, bracket: str) -> None:
    inner = '"k":' if bracket == "{}" else ""
    text = (bracket[0] + inner) * depth + "1" + bracket[1] * depth
    if bracket == "{}":
        text = '{"k":' * depth + "1" + "}" * depth
    verdict = screen(text.encode())
    assert verdict.error is not None
    assert verdict.error["error"]["code"] == INVALID_REQUEST
    assert f"{depth} levels deep" in verdict.error["error"]["message"]


@SETTINGS
@given(data=st.binary(max_size=200))
@example(data=b"\x1c")  # a separator Python's str.strip() removes; not JSON whitespace
def test_any_bytes_get_one_verdict_and_never_an_exception(data: bytes) -> None:
    line = data.replace(b"\n", b" ")
    verdict = screen(line)
    assert (verdict.message is None) or (verdict.error is None)
    if verdict.error is not None:
        assert verdict.error["error"]["code"] in (PARSE_ERROR, INVALID_REQUEST)
        json.dumps(verdict.error, ensure_ascii=False).encode("utf-8")
    if verdict.message is None and verdict.error is None:
        assert not line.strip(b" \t\n\r")  # JSON's whitespace only


def test_extra_params_of_a_tool_call_are_errors_of_the_call() -> None:
    message = _call({"problem_text": "x"})
    message["params"]["confidence"] = 0.9
    verdict = screen(json.dumps(message).encode())
    assert verdict.message is not None
    assert [e["message"].split(":")[0] for e in verdict.call_errors] == [
        "field not allowed in tools/call params"
    ]
    assert "confidence" in verdict.call_errors[0]["message"]


def test_numbers_json_does_not_have_are_not_json() -> None:
    for constant in ("NaN", "Infinity", "-Infinity"):
        verdict = screen(
            b'{"jsonrpc":"2.0","id":1,"method":"x","params":{"a":%s}}' % constant.encode()
        )
        assert verdict.error is not None and verdict.error["error"]["code"] == PARSE_ERROR
