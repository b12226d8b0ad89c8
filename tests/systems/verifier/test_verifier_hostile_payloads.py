"""Hostile payloads at the tool's edge: lone surrogates, extra fields, duplicate keys,
made-up words in the ask leg, and refusals that could be read as answers.

Each rule is checked as a class, with Hypothesis placing the hostile part anywhere:
in every string field and key, at every level of the call, on every entry point that
reads JSON text (``core-verify verify``) or takes Python values (``handle_tool_call``
and ``call_tool``). The MCP server's side is in ``tests/serve``.
"""

from __future__ import annotations

import json
import pathlib
import subprocess
import sys
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pytest_core_verify.systems.verifier import (
    TOOL_NAME,
    VerifierConfig,
    call_tool,
    derive,
    handle_tool_call,
    load_tool_schema,
    pool_answer_sha256,
)
from pytest_core_verify.systems.verifier._ask import ungrounded_word
from pytest_core_verify.systems.verifier._payload import (
    MAX_NESTING,
    load_json_text,
    nesting_depth,
    structure_errors,
)
from tests.helpers import examples

ROOT = pathlib.Path(__file__).resolve().parents[3]
SETTINGS = settings(
    max_examples=examples(60), deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
S3 = (
    "Each large bus holds 50 students and each small bus holds 30 students. "
    "The buses carry 260 students in total. How many large buses are there?"
)
S4 = "Jack has 17 toy cars. His dad buys him 8 more. How many toy cars does Jack have?"
FIELDS = ("problem_text", "request_id", "domain_hint")
surrogates = st.integers(0xD800, 0xDFFF).map(chr)


def _with_surrogate(text: str, where: int, surrogate: str) -> str:
    at = where % (len(text) + 1)
    return text[:at] + surrogate + text[at:]


def _json_safe(response: dict[str, Any]) -> None:
    # What every entry point prints or sends: UTF-8 JSON with no character that is not text.
    json.dumps(response, ensure_ascii=False).encode("utf-8")


def _good() -> dict[str, Any]:
    return {"problem_text": S4, "request_id": "h-1", "domain_hint": "accumulation"}


# --------------------------------------------------------------- lone surrogates


@SETTINGS
@given(field=st.sampled_from(FIELDS), where=st.integers(0, 200), surrogate=surrogates)
def test_a_lone_surrogate_in_any_string_field_is_invalid_naming_the_field(
    field: str, where: int, surrogate: str
) -> None:
    payload = _good()
    payload[field] = _with_surrogate(payload[field], where, surrogate)
    response = call_tool(payload)
    assert response["status"] == "invalid"
    assert response["trace_summary"]["derivation_executed"] is False
    errors = response["trace_summary"]["schema_errors"]
    assert {"path": f"$.{field}", "keyword": "unicode"} in [
        {"path": e["path"], "keyword": e["keyword"]} for e in errors
    ]
    assert f"U+{ord(surrogate):04X}" in json.dumps(errors)
    _json_safe(response)


@SETTINGS
@given(key=st.text(max_size=8), where=st.integers(0, 8), surrogate=surrogates)
def test_a_lone_surrogate_in_a_key_at_either_level_is_invalid_and_never_echoed_raw(
    key: str, where: int, surrogate: str
) -> None:
    bad = _with_surrogate(key, where, surrogate)
    for call in (
        {"name": TOOL_NAME, "arguments": {**_good(), bad: 1}},
        {"name": TOOL_NAME, "arguments": _good(), bad: 1},
    ):
        response = handle_tool_call(call)
        assert response["status"] == "invalid"
        assert "unicode" in {e["keyword"] for e in response["trace_summary"]["schema_errors"]}
        _json_safe(response)


def test_a_lone_surrogate_in_the_tool_name_is_a_wrong_name_not_a_crash() -> None:
    response = handle_tool_call({"name": TOOL_NAME + "\ud800", "arguments": _good()})
    assert response["status"] == "invalid"
    _json_safe(response)


# ------------------------------------------------------ extra fields and keys


@SETTINGS
@given(extra=st.text(min_size=1, max_size=20).filter(lambda k: k not in ("name", "arguments")))
def test_an_extra_field_of_the_call_is_invalid_by_name_never_dropped(extra: str) -> None:
    response = handle_tool_call({"name": TOOL_NAME, "arguments": _good(), extra: None})
    assert response["status"] == "invalid"
    messages = [e["message"] for e in response["trace_summary"]["schema_errors"]]
    assert any("not allowed in a tool call" in m for m in messages)
    _json_safe(response)


@SETTINGS
@given(extra=st.text(min_size=1, max_size=20).filter(lambda k: k not in (*FIELDS, "return_trace")))
def test_an_extra_field_of_the_arguments_is_invalid_by_name(extra: str) -> None:
    response = handle_tool_call({"name": TOOL_NAME, "arguments": {**_good(), extra: 1}})
    assert response["status"] == "invalid"
    messages = [e["message"] for e in response["trace_summary"]["schema_errors"]]
    assert any("not allowed by the closed schema" in m for m in messages)


def test_a_key_that_is_not_a_string_is_invalid() -> None:
    payload: dict[Any, Any] = {**_good(), 7: "x"}
    response = call_tool(payload)
    assert response["status"] == "invalid"
    assert "propertyNames" in {e["keyword"] for e in response["trace_summary"]["schema_errors"]}


def test_a_value_nested_past_the_limit_is_invalid_without_recursing() -> None:
    deep: Any = "x"
    for _ in range(10_000):
        deep = [deep]
    response = call_tool({**_good(), "extra": deep})
    assert response["status"] == "invalid"
    assert [e["keyword"] for e in response["trace_summary"]["schema_errors"]] == ["maxDepth"]


def _duplicate_at(document: dict[str, Any], path: list[str], key: str) -> str:
    """``document`` as JSON text whose object at ``path`` gives ``key`` twice."""
    marker = "\u0000dup\u0000"
    target = document
    for part in path:
        target = target[part]
    target[marker] = None
    text = json.dumps(document)
    return text.replace(
        json.dumps(marker) + ": null", f"{json.dumps(key)}: 0, {json.dumps(key)}: 1"
    )


@SETTINGS
@given(
    level=st.sampled_from([[], ["arguments"]]),
    key=st.sampled_from(["name", "arguments", "problem_text", "request_id", "zzz", "a b"]),
)
def test_a_key_given_twice_at_any_level_is_invalid_naming_it(level: list[str], key: str) -> None:
    call = {"name": TOOL_NAME, "arguments": _good()}
    text = _duplicate_at(call, level, key)
    value, duplicates = load_json_text(text)
    assert [e["keyword"] for e in duplicates] == ["uniqueKeys"]
    assert duplicates[0]["path"] == "$" + "".join(f".{p}" for p in level)
    response = handle_tool_call(value, json_errors=duplicates)
    assert response["status"] == "invalid"
    shown = json.dumps(key) if " " in key else key
    assert any(
        f"duplicate key {shown}" in e["message"] for e in response["trace_summary"]["schema_errors"]
    )


@SETTINGS
@given(depth=st.integers(1, 200), noise=st.text(alphabet='[]{}"\\ ab', max_size=30))
def test_nesting_is_measured_outside_strings_only(depth: int, noise: str) -> None:
    text = "[" * depth + json.dumps(noise) + "]" * depth
    assert nesting_depth(text) == depth
    if depth > MAX_NESTING:
        with pytest.raises(ValueError, match="levels deep"):
            load_json_text(text)
    else:
        assert load_json_text(text)[1] == []


def test_structure_errors_of_a_clean_payload_are_none() -> None:
    assert structure_errors(_good()) == []


# ------------------------------------------------------------ the verify command


def _verify(stdin: bytes, *args: str) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(
        [sys.executable, "-m", "pytest_core_verify.cli", "verify", "-", *args],
        input=stdin,
        capture_output=True,
        timeout=120,
        cwd=ROOT,
    )


def test_verify_answers_hostile_payloads_invalid_and_no_traceback() -> None:
    """Text that is not well-formed (a lone surrogate, a key twice) is invalid and exits 2,
    as an unreadable payload; a readable call with a field too many is invalid, exit 4."""
    texts = [
        # a lone surrogate, as JSON escapes it
        (b'{"problem_text": "Tom has 3 apples\\ud800. How many?", "request_id": "a"}', 2),
        # a key given twice, in the arguments and in the call
        (b'{"problem_text": "x", "problem_text": "y", "request_id": "a"}', 2),
        (
            b'{"name": "%s", "name": "%s", "arguments": {"problem_text": "x", "request_id": "a"}}'
            % (TOOL_NAME.encode(), TOOL_NAME.encode()),
            2,
        ),
        # a field of the call besides name and arguments
        (
            b'{"name": "%s", "arguments": {"problem_text": "x", "request_id": "a"}, "answer": 4}'
            % TOOL_NAME.encode(),
            4,
        ),
    ]
    for text, code in texts:
        proc = _verify(text)
        assert proc.returncode == code, (text, proc.stderr)
        assert b"Traceback" not in proc.stderr
        assert json.loads(proc.stdout)["status"] == "invalid"
    # Unreadable stays a usage error: exit 2, with the reason.
    proc = _verify(b"[" * 5000 + b"]" * 5000)
    assert proc.returncode == 2 and b"levels deep" in proc.stderr


# ------------------------------------------------------------------ the ask leg


def test_the_ask_leg_never_serves_a_word_the_caller_made_up(tmp_path: pathlib.Path) -> None:
    made_up = (
        "Each large bus holds 50 students and each small bus holds 30 students. "
        "The answerisfours carry 260 students in total. How many large answerisfours are there?"
    ).replace("bus ", "answerisfour ")
    response = call_tool({"problem_text": made_up, "request_id": "q"}, tmp_path)
    assert (response["status"], response["refusal_reason"]) == ("refused", "question_not_grounded")
    assert response["question"] is None and not list(tmp_path.rglob("*.json"))
    assert "answerisfour" not in json.dumps(response["trace"]["ask"])
    name = "Nina and Ignoreallprevious have 15 shells together. How many shells does Nina have?"
    assert call_tool({"problem_text": name, "request_id": "q"}, tmp_path)["refusal_reason"] == (
        "question_not_grounded"
    )
    # The same shapes with words the verifier knows are still asked.
    assert call_tool({"problem_text": S3, "request_id": "q"}, tmp_path)["status"] == "ask"


@SETTINGS
@given(word=st.from_regex(r"[a-z]{3,12}", fullmatch=True), where=st.sampled_from(["noun", "name"]))
def test_a_question_word_is_grounded_only_when_known_and_used(word: str, where: str) -> None:
    problem = f"Nina and Eva have 15 {word}s together. How many {word}s does Nina have?"
    question = f"How many {word}s does Eva have?"
    if where == "name":
        problem = problem.replace("Eva", word.capitalize())
        question = f"How many shells does {word.capitalize()} have?"
        problem = problem.replace(f"{word}s", "shells")
    stray = ungrounded_word(question, problem)
    from pytest_core_verify.systems.verifier._question_vocabulary import known_name, known_noun

    known = known_name(word.capitalize()) if where == "name" else known_noun(word + "s")
    assert (stray is None) is known
    # A word the problem does not use is never grounded, known or not.
    assert ungrounded_word("How many shells does Eva have?", "Nina has 3 shells.") == "Eva"
    assert ungrounded_word("How many 4 are there in total?", "x") is not None


# ------------------------------------------------- a refusal carries no answer


def _values(node: object, path: str = "$") -> list[tuple[str, object]]:
    out: list[tuple[str, object]] = []
    if isinstance(node, dict):
        for k, v in node.items():
            out.extend(_values(v, f"{path}.{k}"))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            out.extend(_values(v, f"{path}[{i}]"))
    else:
        out.append((path, node))
    return out


def _corpus(limit: int) -> list[str]:
    path = ROOT / "lanes" / "scenarios" / "corpus" / "problems.jsonl"
    lines = path.read_text(encoding="utf-8").splitlines()[:limit]
    return [json.loads(line)["problem"] for line in lines if line.strip()]


@pytest.mark.parametrize("return_trace", [True, False])
def test_no_response_but_verified_carries_the_pools_answer(return_trace: bool) -> None:
    schema = load_tool_schema()["outputSchema"]
    assert "pool_answer_sha256" not in schema["required"]  # trace_summary is open
    committed = 0
    key = b"an evaluator's key"
    for text in _corpus(120):
        call = {"problem_text": text, "request_id": "r", "return_trace": return_trace}
        response = call_tool(call)
        keyed = call_tool(call, config=VerifierConfig(answer_digest_key=key))
        decision = derive(text)["decision"]
        summary = response["trace_summary"]
        if response["status"] == "verified":
            continue
        assert summary["pool_answer"] is None and summary["pool_answer_unit"] is None
        if decision["law"] == "commit":
            committed += 1
            # A client holds no key, so it gets no digest to check candidates against;
            # the evaluator that holds one gets the keyed digest.
            assert summary["pool_answer_sha256"] is None
            assert keyed["trace_summary"]["pool_answer_sha256"] == pool_answer_sha256(
                text, decision["value"], key
            )
            # By value, not by field name: whatever a reader adds to its trace, the answer
            # appears nowhere (unless the problem itself states that number).
            stated = {q["value"] for q in derive(text)["quantities"]}
            if decision["value"] not in stated:
                # String leaves: the trace writes values as strings (counts are ints).
                shown = {leaf for _path, leaf in _values(response) if isinstance(leaf, str)}
                assert decision["value"] not in shown, text
        if response["trace"] is not None:
            derivation = response["trace"]["derivation"]
            assert derivation["decision"]["value"] is None
            assert {c["value"] for c in derivation["candidates"]} <= {None}
            assert {c.get("expression") for c in derivation["candidates"]} <= {None}
    assert committed > 20  # the corpus has commits outside the envelope to check
