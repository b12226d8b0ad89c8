"""``core-verify serve`` under hostile input: budgets, lines the SDK would misread, hang-up.

Every test spawns the real command and writes raw JSON-RPC lines to its standard input,
so what is checked is what a client on the other end of the pipe sees. Every wait is
bounded; a server that hangs fails the test instead of hanging it.
"""

from __future__ import annotations

import json
import os
import pathlib
import select
import signal
import subprocess
import sys
import time
from typing import Any

import pytest

pytest.importorskip("mcp", reason="the MCP SDK is the optional extra pytest-core-verify[mcp]")

VERIFY = "core.semantic_derivation.verify"
S4 = "Jack has 17 toy cars. His dad buys him 8 more. How many toy cars does Jack have?"
INITIALIZE = {
    "jsonrpc": "2.0",
    "id": 0,
    "method": "initialize",
    "params": {
        "protocolVersion": "2025-06-18",
        "capabilities": {},
        "clientInfo": {"name": "raw", "version": "0"},
    },
}


def _command() -> list[str]:
    script = pathlib.Path(sys.executable).with_name("core-verify")
    if script.exists():
        return [str(script), "serve"]
    return [sys.executable, "-m", "pytest_core_verify.cli", "serve"]


def pigeonhole(pigeons: int, holes: int) -> list[str]:
    """Every pigeon in a hole, no two in one: unsatisfiable, and hard for resolution."""
    each = [" | ".join(f"p{i}_{j}" for j in range(holes)) for i in range(pigeons)]
    apart = [
        f"~p{a}_{j} | ~p{b}_{j}"
        for j in range(holes)
        for a in range(pigeons)
        for b in range(a + 1, pigeons)
    ]
    return each + apart


class Wire:
    """A server process and its two pipes, read with a deadline."""

    def __init__(self, *args: str) -> None:
        env = {k: os.environ[k] for k in ("PATH", "HOME", "LANG", "PYTHONPATH") if k in os.environ}
        self.proc = subprocess.Popen(
            [*_command(), *args],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            env=env,
        )
        self._buffer = b""

    def send(self, message: object) -> None:
        line = message if isinstance(message, bytes) else json.dumps(message).encode()
        assert self.proc.stdin is not None
        self.proc.stdin.write(line + b"\n")
        self.proc.stdin.flush()

    def receive(self, timeout: float = 60.0) -> dict[str, Any]:
        assert self.proc.stdout is not None
        fd = self.proc.stdout.fileno()
        deadline = time.monotonic() + timeout
        while b"\n" not in self._buffer:
            left = deadline - time.monotonic()
            ready, _, _ = select.select([fd], [], [], max(left, 0))
            if not ready:
                raise AssertionError(f"no reply within {timeout} s")
            chunk = os.read(fd, 65536)
            if not chunk:
                raise AssertionError("the server closed its output")
            self._buffer += chunk
        line, self._buffer = self._buffer.split(b"\n", 1)
        reply: dict[str, Any] = json.loads(line)
        return reply

    def start(self) -> Wire:
        self.send(INITIALIZE)
        assert self.receive()["id"] == 0
        self.send({"jsonrpc": "2.0", "method": "notifications/initialized"})
        return self

    def call(self, request_id: int, name: str, arguments: object) -> None:
        self.send(
            {
                "jsonrpc": "2.0",
                "id": request_id,
                "method": "tools/call",
                "params": {"name": name, "arguments": arguments},
            }
        )

    def close(self, timeout: float = 30.0) -> int:
        assert self.proc.stdin is not None
        self.proc.stdin.close()
        try:
            return self.proc.wait(timeout=timeout)
        finally:
            if self.proc.poll() is None:
                self.proc.kill()


@pytest.fixture
def wire() -> Any:
    opened: list[Wire] = []

    def make(*args: str) -> Wire:
        opened.append(Wire(*args))
        return opened[-1].start()

    yield make
    for w in opened:
        if w.proc.poll() is None:
            w.proc.kill()
            w.proc.wait(timeout=10)


def _descendants(pid: int) -> set[int]:
    children: dict[int, list[int]] = {}
    for stat in pathlib.Path("/proc").glob("[0-9]*/stat"):
        try:
            ppid = int(stat.read_text().rsplit(")", 1)[1].split()[1])
        except (OSError, ValueError, IndexError):
            continue
        children.setdefault(ppid, []).append(int(stat.parent.name))
    found: set[int] = set()
    todo = [pid]
    while todo:
        for child in children.get(todo.pop(), []):
            if child not in found:
                found.add(child)
                todo.append(child)
    return found


def _alive(pid: int) -> bool:
    try:
        state = pathlib.Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


needs_proc = pytest.mark.skipif(not pathlib.Path("/proc/self/stat").exists(), reason="needs /proc")


# ------------------------------------------------------------------------------ budgets


def test_a_call_past_its_time_budget_is_refused_naming_it_and_others_are_answered_meanwhile(
    wire: Any,
) -> None:
    server = wire("--call-timeout", "3")
    server.send({"jsonrpc": "2.0", "id": 1, "method": "tools/list"})
    tools = {t["name"] for t in server.receive()["result"]["tools"]}
    if "logic.decide" not in tools:
        pytest.skip("this build has no SAT solver")
    started = time.monotonic()
    server.call(2, "logic.decide", {"premises": pigeonhole(11, 10), "query": "q"})
    # While the solver runs in its child, the server answers at once.
    server.call(3, VERIFY, {"problem_text": S4, "request_id": "meanwhile"})
    server.send({"jsonrpc": "2.0", "id": 4, "method": "tools/list"})
    # Both are answered before the solver's call, which the server stops at 3 s.
    first, second = server.receive(timeout=20), server.receive(timeout=20)
    replies = {reply["id"]: reply["result"] for reply in (first, second)}
    assert replies[3]["structuredContent"]["refusal_reason"] == "outside_demo_serving_envelope"
    assert "logic.decide" in {t["name"] for t in replies[4]["tools"]}
    stopped = server.receive(timeout=30)
    elapsed = time.monotonic() - started
    assert stopped["id"] == 2 and 3 <= elapsed < 15
    result = stopped["result"]["structuredContent"]
    assert result["outcome"] == "refused"
    assert result["refusal"]["kind"] == "call_time_budget_exceeded"
    assert "time budget of 3 s" in result["refusal"]["reason"]
    assert "--call-timeout" in result["refusal"]["reason"]
    assert server.close() == 0


def wide_clauses(count: int) -> list[str]:
    """``count`` disjunctions of 360 atoms each, none shared: at most 4 KB a formula,
    and about half a gigabyte for a thousand of them once read and converted."""
    clause = " | ".join(f"x{{k}}_{i}" for i in range(360))
    return [clause.format(k=k) for k in range(count)]


def test_a_call_past_its_memory_budget_is_refused_naming_it(wire: Any) -> None:
    server = wire("--call-memory", "256", "--call-timeout", "120")
    server.send({"jsonrpc": "2.0", "id": 1, "method": "tools/list"})
    if "logic.decide" not in {t["name"] for t in server.receive()["result"]["tools"]}:
        pytest.skip("this build has no SAT solver")
    started = time.monotonic()
    server.call(2, "logic.decide", {"premises": wide_clauses(1000), "query": "b"})
    reply = server.receive(timeout=120)
    result = reply["result"]["structuredContent"]
    assert result["outcome"] == "refused"
    assert result["refusal"]["kind"] == "call_memory_budget_exceeded"
    assert "memory budget of 256 MiB" in result["refusal"]["reason"]
    assert "--call-memory" in result["refusal"]["reason"]
    assert time.monotonic() - started < 110  # stopped by memory, not by time
    # The server itself is unharmed and keeps serving.
    server.call(3, VERIFY, {"problem_text": S4, "request_id": "after"})
    after = server.receive()["result"]["structuredContent"]
    assert after["refusal_reason"] == "outside_demo_serving_envelope"
    assert server.close() == 0


def test_the_verifiers_own_refusal_names_a_budget_in_its_envelope() -> None:
    from jsonschema import Draft202012Validator

    from pytest_core_verify.systems.verifier import load_tool_schema
    from pytest_core_verify.systems.verifier._tool import refusal_response

    response = refusal_response(
        {"problem_text": S4, "request_id": "m1"},
        "call_memory_budget_exceeded",
        "the call needed more than the server's memory budget of 16 MiB",
        ["schema_gate", "derivation_pool"],
    )
    Draft202012Validator(load_tool_schema()["outputSchema"]).validate(response)
    assert (response["status"], response["request_id"], response["answer"]) == (
        "refused",
        "m1",
        None,
    )
    assert "memory budget of 16 MiB" in response["surface"]


@needs_proc
def test_end_of_input_stops_the_server_and_every_call_it_runs(wire: Any) -> None:
    server = wire("--call-timeout", "120")
    server.call(1, "logic.decide", {"premises": pigeonhole(11, 10), "query": "q"})
    server.call(2, "logic.decide", {"premises": pigeonhole(12, 11), "query": "q"})
    time.sleep(1.5)
    family = _descendants(server.proc.pid)
    assert family, "the calls run in child processes"
    started = time.monotonic()
    assert server.close(timeout=20) == 0
    assert time.monotonic() - started < 10
    deadline = time.monotonic() + 10
    while any(_alive(pid) for pid in family) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not [pid for pid in family if _alive(pid)], "a child outlived the server"


@needs_proc
@pytest.mark.parametrize("signal_name", ["SIGKILL", "SIGTERM"])
def test_a_server_killed_outright_leaves_no_call_running(wire: Any, signal_name: str) -> None:
    server = wire("--call-timeout", "120")
    server.call(1, "logic.decide", {"premises": pigeonhole(11, 10), "query": "q"})
    # Wait for the call's own process: the fork server's child.
    deadline = time.monotonic() + 60
    family = _descendants(server.proc.pid)
    while time.monotonic() < deadline and not any(
        _descendants(pid) for pid in family if _alive(pid)
    ):
        time.sleep(0.2)
        family = _descendants(server.proc.pid)
    assert any(_descendants(pid) for pid in family), "the call never started"
    server.proc.send_signal(getattr(signal, signal_name))
    server.proc.wait(timeout=20)
    deadline = time.monotonic() + 20
    while any(_alive(pid) for pid in family) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not [pid for pid in family if _alive(pid)], "a call outlived its server"


def test_budget_options_are_checked_and_documented() -> None:
    out = subprocess.run([*_command(), "--help"], capture_output=True, text=True, check=True)
    text = " ".join(out.stdout.split())
    for option, default in (
        ("--call-timeout", "default: 30"),
        ("--call-memory", "default: 1024"),
        ("--max-calls", "default: 2"),
    ):
        assert option in text and default in text
    for bad in (
        ["--call-timeout", "0"],
        ["--call-timeout", "nan"],
        ["--call-memory", "1"],
        ["--max-calls", "0"],
    ):
        proc = subprocess.run(
            [*_command(), *bad], capture_output=True, text=True, stdin=subprocess.DEVNULL
        )
        assert proc.returncode == 2, bad
        assert "budget" in proc.stderr or "at least one call" in proc.stderr


# ------------------------------------------------------------------------------ lines


@pytest.mark.parametrize(
    ("request_id", "kind"),
    [
        (None, "null"),
        (True, "a boolean"),
        (False, "a boolean"),
        ({"a": 1}, "an object"),
        ([1], "an array"),
        (1.5, "a number with a fraction"),
    ],
)
def test_an_id_that_is_not_a_string_or_an_integer_is_an_invalid_request(
    wire: Any, request_id: object, kind: str
) -> None:
    server = wire()
    server.send({"jsonrpc": "2.0", "id": request_id, "method": "tools/list"})
    reply = server.receive(timeout=20)
    assert reply["id"] is None and reply["error"]["code"] == -32600
    assert kind in reply["error"]["message"]
    server.send({"jsonrpc": "2.0", "id": 9, "method": "tools/list"})
    assert server.receive()["id"] == 9
    assert server.close() == 0


def test_a_line_nested_too_deep_is_said_to_be_too_deep_not_to_be_no_json(wire: Any) -> None:
    server = wire()
    server.send(b"[" * 3000 + b"]" * 3000)
    reply = server.receive(timeout=20)
    assert reply["id"] is None and reply["error"]["code"] == -32600
    assert "3000 levels deep" in reply["error"]["message"]
    # Within the line's limit but past the payload's: the tool says so, as invalid.
    deep: object = "x"
    for _ in range(70):
        deep = {"k": deep}
    server.call(2, VERIFY, {"problem_text": S4, "request_id": "d", "x": deep})
    result = server.receive(timeout=20)["result"]["structuredContent"]
    assert result["status"] == "invalid"
    errors = result["trace_summary"]["schema_errors"]
    assert [e["keyword"] for e in errors] == ["maxDepth"]
    assert "more than 64 levels deep" in errors[0]["message"]
    server.send(b"\xff\xfe not text")
    reply = server.receive(timeout=20)
    assert reply["error"]["code"] == -32700 and "not UTF-8" in reply["error"]["message"]
    assert server.close() == 0


def test_duplicate_keys_surrogates_and_extra_params_make_the_call_invalid_by_name(
    wire: Any,
) -> None:
    server = wire()
    good = json.dumps(S4)
    head = '{"jsonrpc":"2.0","id":%d,"method":"tools/call","params":{"name":"' + VERIFY + '",'
    lines = {
        # The same key twice in the arguments: the tool answers invalid, naming the key.
        1: head % 1
        + '"arguments":{"problem_text":'
        + good
        + ',"problem_text":"How many?","request_id":"a"}}}',
        # A lone surrogate in any string: invalid, never a parse error or a crash.
        2: head % 2
        + '"arguments":{"problem_text":"Tom has 3 apples\\ud800. How many?","request_id":"b"}}}',
        # A field of params the protocol does not define is not dropped.
        3: head % 3
        + '"arguments":{"problem_text":'
        + good
        + ',"request_id":"c"},"proposed_answer":25}}',
    }
    expected = {
        1: ("uniqueKeys", "duplicate key problem_text"),
        2: ("unicode", "lone UTF-16 surrogate U+D800"),
        3: ("additionalProperties", "proposed_answer"),
    }
    for request_id, line in lines.items():
        server.send(line.encode())
        reply = server.receive(timeout=30)
        assert reply["id"] == request_id
        result = reply["result"]["structuredContent"]
        assert result["status"] == "invalid" and reply["result"]["isError"] is True
        assert result["trace_summary"]["derivation_executed"] is False
        keyword, words = expected[request_id]
        errors = result["trace_summary"]["schema_errors"]
        assert any(e["keyword"] == keyword and words in e["message"] for e in errors), errors
    # A duplicate key of the protocol's own envelope is an invalid request, named.
    server.send(b'{"jsonrpc":"2.0","id":7,"id":8,"method":"tools/list"}')
    reply = server.receive(timeout=20)
    assert reply["error"]["code"] == -32600 and "duplicate key id" in reply["error"]["message"]
    assert server.close() == 0


def test_the_other_tools_refuse_a_lone_surrogate_too(wire: Any, tmp_path: pathlib.Path) -> None:
    (tmp_path / "results.txt").write_text("acc 73.2\n", encoding="utf-8")
    server = wire("--evidence-root", str(tmp_path))
    server.send(
        b'{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"evidence.check_claim",'
        b'"arguments":{"value":"73.2\\udc00","source":"results.txt"}}}'
    )
    reply = server.receive(timeout=30)
    result = reply["result"]["structuredContent"]
    assert result["status"] == "invalid"
    assert [e["keyword"] for e in result["errors"]] == ["unicode"]
    assert server.close() == 0
