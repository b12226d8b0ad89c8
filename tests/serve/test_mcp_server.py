"""``core-verify serve`` judged by the MCP SDK's own stdio client, which nobody here wrote.

Every test spawns the real command as a subprocess and talks JSON-RPC to it over pipes.
"""

from __future__ import annotations

import json
import os
import pathlib
import subprocess
import sys
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

import pytest

pytest.importorskip("mcp", reason="the MCP SDK is the optional extra pytest-core-verify[mcp]")

import anyio
from mcp import Client, MCPError, StdioServerParameters

from pytest_core_verify.systems.verifier import (
    canonical_bytes,
    handle_tool_call,
    load_tool_schema,
)
from pytest_core_verify.systems.verifier.cli import load_scenarios, run_demo

REPO = pathlib.Path(__file__).resolve().parents[2]
PAPER = REPO / "lanes" / "evidence_check" / "projects" / "paper"
VERIFY = "core.semantic_derivation.verify"
T = TypeVar("T")


def _command() -> list[str]:
    script = pathlib.Path(sys.executable).with_name("core-verify")
    if script.exists():
        return [str(script), "serve"]
    return [sys.executable, "-m", "pytest_core_verify.cli", "serve"]


def _params(*args: str, env: dict[str, str] | None = None) -> StdioServerParameters:
    command = _command()
    # PYTHONPATH too: the server under test is this checkout's, not an installed one.
    base = {k: os.environ[k] for k in ("PATH", "HOME", "LANG", "PYTHONPATH") if k in os.environ}
    return StdioServerParameters(
        command=command[0], args=[*command[1:], *args], env={**base, **(env or {})}
    )


def _with_client(params: StdioServerParameters, body: Callable[[Client], Awaitable[T]]) -> T:
    async def main() -> T:
        async with Client(params, read_timeout_seconds=60) as client:
            return await body(client)

    return anyio.run(main)


def _scenario_arguments() -> list[tuple[dict[str, Any], dict[str, Any]]]:
    _source, cases = load_scenarios(REPO)
    return [(case, case["system1"]["tool_call"]["arguments"]) for case in cases]


def test_lists_every_tool_with_its_closed_schema_and_true_annotations(
    tmp_path: pathlib.Path,
) -> None:
    async def body(client: Client) -> Any:
        return (await client.list_tools()).tools

    tools = {t.name: t for t in _with_client(_params("--evidence-root", str(PAPER)), body)}
    assert {VERIFY, "evidence.check_claim", "evidence.check_batch"} <= set(tools)
    shipped = load_tool_schema()
    verify = tools[VERIFY]
    assert verify.input_schema == shipped["inputSchema"]
    assert verify.output_schema == shipped["outputSchema"]
    assert verify.description and "refused" in verify.description
    assert verify.annotations is not None
    # It writes a question artifact (not read-only), always the same bytes (idempotent).
    assert verify.annotations.read_only_hint is False
    assert verify.annotations.idempotent_hint is True
    assert verify.annotations.open_world_hint is False
    for name in ("evidence.check_claim", "evidence.check_batch"):
        tool = tools[name]
        assert tool.input_schema["additionalProperties"] is False
        assert tool.annotations is not None
        assert tool.annotations.read_only_hint is True
        assert tool.annotations.idempotent_hint is True


def test_without_an_evidence_root_the_evidence_tools_are_not_offered() -> None:
    async def body(client: Client) -> tuple[list[str], str]:
        names = [t.name for t in (await client.list_tools()).tools]
        try:
            await client.call_tool("evidence.check_claim", {"value": "1", "source": "x"})
        except MCPError as exc:
            return names, str(exc)
        return names, "no error"

    names, error = _with_client(_params(), body)
    assert "evidence.check_claim" not in names
    assert VERIFY in names
    assert "unknown tool 'evidence.check_claim'" in error


def test_the_five_demo_scenarios_get_the_same_statuses_as_core_verify_demo(
    tmp_path: pathlib.Path,
) -> None:
    scenarios = _scenario_arguments()
    demo = {r["id"]: r for r in run_demo([case for case, _ in scenarios], None)}
    ask_dir = tmp_path / "ask"

    async def body(client: Client) -> list[Any]:
        return [await client.call_tool(VERIFY, arguments) for _case, arguments in scenarios]

    results = _with_client(_params("--ask-dir", str(ask_dir)), body)
    assert len(results) == 5
    for (case, arguments), result in zip(scenarios, results, strict=True):
        content = result.structured_content
        assert content["status"] == demo[case["id"]]["status"] == case["expected_status"]
        assert content["refusal_reason"] == demo[case["id"]]["refusal_reason"]
        assert content["trace_hash"] == demo[case["id"]]["trace_hash"]
        assert result.is_error is (content["status"] == "invalid")
        # The text block carries the same JSON for clients that read text only.
        assert json.loads(result.content[0].text) == content
        # Byte for byte what the tool answers in-process (and so `core-verify verify`).
        direct = handle_tool_call({"name": VERIFY, "arguments": arguments}, tmp_path / "direct")
        assert canonical_bytes(content) == canonical_bytes(direct)
    asked = [r.structured_content for r in results if r.structured_content["status"] == "ask"]
    assert asked, "the scenarios include an ask"
    for content in asked:
        assert (ask_dir / content["question"]["artifact"]).is_file()


@pytest.mark.parametrize(
    "smuggled",
    [
        {"proposed_answer": 4},
        {"confidence": 0.97},
        {"request_id": 17},
        {"problem_text": "x" * 2001},
        {"return_trace": "yes"},
    ],
    ids=["proposed_answer", "confidence", "wrong-type", "oversize", "wrong-type-bool"],
)
def test_a_payload_outside_the_closed_schema_is_invalid_and_executes_nothing(
    tmp_path: pathlib.Path, smuggled: dict[str, Any]
) -> None:
    arguments = {
        "problem_text": "Each large bus holds 50 students and each small bus holds 30 students. "
        "The buses carry 260 students in total. How many large buses are there?",
        "request_id": "smuggle",
        **smuggled,
    }
    ask_dir = tmp_path / "ask"

    async def body(client: Client) -> Any:
        return await client.call_tool(VERIFY, arguments)

    result = _with_client(_params("--ask-dir", str(ask_dir)), body)
    content = result.structured_content
    assert content["status"] == "invalid"
    assert result.is_error is True
    assert content["authority_path"] == ["schema_gate"]
    assert content["trace"]["derivation"] is None
    assert content["trace"]["schema_errors"]
    assert not any(ask_dir.rglob("*.json")), "an invalid call must not reach the ask leg"
    direct = handle_tool_call({"name": VERIFY, "arguments": arguments}, tmp_path / "direct")
    assert canonical_bytes(content) == canonical_bytes(direct)


def test_the_evidence_tools_check_claims_under_the_fixed_root_only(tmp_path: pathlib.Path) -> None:
    outside = tmp_path / "outside.txt"
    outside.write_text("secret 424242\n", encoding="utf-8")

    async def body(client: Client) -> dict[str, Any]:
        calls: dict[str, tuple[str, dict[str, Any]]] = {
            "present": ("evidence.check_claim", {"value": 73.2, "source": "results/eval.json"}),
            "escape": ("evidence.check_claim", {"value": 424242, "source": str(outside)}),
            "dotdot": (
                "evidence.check_claim",
                {"value": 424242, "source": "../../../" + str(outside)},
            ),
            "smuggled_root": (
                "evidence.check_claim",
                {"value": 424242, "source": "outside.txt", "root": str(tmp_path)},
            ),
            "oversize": ("evidence.check_claim", {"value": "9" * 5000, "source": "x.txt"}),
            "bool": ("evidence.check_claim", {"value": True, "source": "results/eval.json"}),
            "batch": (
                "evidence.check_batch",
                {
                    "claims": [
                        {"id": "a", "value": 73.2, "source": "results/eval.json"},
                        {"id": "b", "value": 999999, "source": "results/eval.json"},
                    ]
                },
            ),
        }
        return {key: await client.call_tool(name, args) for key, (name, args) in calls.items()}

    results = _with_client(_params("--evidence-root", str(PAPER)), body)
    assert results["present"].structured_content["status"] == "verified"
    assert results["present"].is_error is False
    for key in ("escape", "dotdot"):
        content = results[key].structured_content
        assert content["status"] not in ("verified", "invalid"), content
    for key in ("smuggled_root", "oversize", "bool"):
        content = results[key].structured_content
        assert content["status"] == "invalid", content
        assert results[key].is_error is True
        assert content["errors"]
    batch = results["batch"].structured_content
    assert [r["id"] for r in batch["results"]] == ["a", "b"]
    assert [r["status"] for r in batch["results"]] == ["verified", "value_not_found"]
    assert batch["summary"]["verified"] == 1


def _raw_session(lines: list[str]) -> list[dict[str, Any]]:
    """Send raw lines to a fresh server, read one reply per request, close."""
    proc = subprocess.Popen(
        _command(),
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
        encoding="utf-8",
    )
    assert proc.stdin is not None and proc.stdout is not None
    replies = []
    try:
        for line in lines:
            proc.stdin.write(line + "\n")
            proc.stdin.flush()
            if '"method":"notifications/' in line.replace(" ", ""):
                continue
            replies.append(json.loads(proc.stdout.readline()))
    finally:
        proc.stdin.close()
        proc.wait(timeout=30)
    return replies


def test_a_malformed_message_gets_a_protocol_error_and_the_server_keeps_serving() -> None:
    initialize = {
        "jsonrpc": "2.0",
        "id": 1,
        "method": "initialize",
        "params": {
            "protocolVersion": "2025-06-18",
            "capabilities": {},
            "clientInfo": {"name": "raw", "version": "0"},
        },
    }
    replies = _raw_session(
        [
            json.dumps(initialize),
            json.dumps({"jsonrpc": "2.0", "method": "notifications/initialized"}),
            "garbage{",
            json.dumps({"id": 3, "no": "method"}),
            json.dumps({"jsonrpc": "2.0", "id": 4, "method": "no/such/method"}),
            json.dumps({"jsonrpc": "2.0", "id": 5, "method": "tools/list"}),
        ]
    )
    assert replies[0]["id"] == 1 and "result" in replies[0]
    assert replies[1]["id"] is None and replies[1]["error"]["code"] == -32700
    assert replies[1]["error"]["message"].startswith("Parse error: the line is not JSON (")
    # A readable id is answered with that id (JSON-RPC says null only when it cannot be read).
    assert replies[2]["id"] == 3 and replies[2]["error"]["code"] == -32600
    assert replies[3]["id"] == 4 and replies[3]["error"]["code"] == -32601
    assert replies[4]["id"] == 5
    assert VERIFY in [t["name"] for t in replies[4]["result"]["tools"]]


def test_the_sdk_client_still_works_after_garbage_on_the_wire(tmp_path: pathlib.Path) -> None:
    # A shell in front of the server writes garbage before the client's own stream.
    inner = " ".join(f"'{part}'" for part in _command())
    params = StdioServerParameters(
        command="sh",
        args=["-c", f"{{ printf 'not json\\n{{\"id\": 9}}\\n'; cat; }} | {inner}"],
        env={k: os.environ[k] for k in ("PATH", "HOME", "PYTHONPATH") if k in os.environ},
    )
    _case, arguments = _scenario_arguments()[0]

    async def body(client: Client) -> Any:
        return await client.call_tool(VERIFY, arguments)

    result = _with_client(params, body)
    assert result.structured_content["status"] == "verified"


def test_the_same_call_is_byte_identical_across_restarts_time_zones_and_hash_seeds(
    tmp_path: pathlib.Path,
) -> None:
    scenarios = _scenario_arguments()

    async def body(client: Client) -> list[bytes]:
        return [
            canonical_bytes((await client.call_tool(VERIFY, args)).structured_content)
            for _case, args in scenarios
        ]

    first = _with_client(
        _params("--ask-dir", str(tmp_path / "a"), env={"TZ": "UTC", "PYTHONHASHSEED": "1"}),
        body,
    )
    second = _with_client(
        _params(
            "--ask-dir",
            str(tmp_path / "b"),
            env={"TZ": "Pacific/Kiritimati", "PYTHONHASHSEED": "4242", "LC_ALL": "C"},
        ),
        body,
    )
    assert first == second
    # And the trace_hash is the one `core-verify verify` prints for the same payload.
    payload = tmp_path / "payload.json"
    payload.write_text(json.dumps(scenarios[0][1]), encoding="utf-8")
    cli = subprocess.run(
        [_command()[0], *(_command()[1:-1]), "verify", str(payload)],
        capture_output=True,
        text=True,
        check=False,
        cwd=tmp_path,
    )
    assert json.loads(cli.stdout)["trace_hash"] == json.loads(first[0])["trace_hash"]


def _rss_kib(pid: int) -> int:
    for line in pathlib.Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise AssertionError("no VmRSS")


def _server_pid() -> int:
    """The spawned server: our child process whose command line runs ``serve``."""
    me = str(os.getpid())
    for stat in pathlib.Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
            cmdline = (stat.parent / "cmdline").read_bytes().split(b"\0")
        except OSError:
            continue
        if fields[1] == me and b"serve" in cmdline:
            return int(stat.parent.name)
    raise AssertionError("server process not found")


@pytest.mark.skipif(not pathlib.Path("/proc/self/status").exists(), reason="needs /proc")
def test_five_hundred_sequential_calls_keep_the_server_memory_flat(tmp_path: pathlib.Path) -> None:
    scenarios = [args for _case, args in _scenario_arguments()]

    async def body(client: Client) -> tuple[int, int]:
        for i in range(50):
            await client.call_tool(VERIFY, scenarios[i % len(scenarios)])
        pid = _server_pid()
        warm = _rss_kib(pid)
        # Each call runs in its own child process (about 60 ms a call under load).
        for i in range(500):
            await client.call_tool(VERIFY, scenarios[i % len(scenarios)])
        return warm, _rss_kib(pid)

    warm, after = _with_client(_params("--ask-dir", str(tmp_path / "ask")), body)
    # Flat: 500 more calls may not grow the server by more than 4 MiB (~8 KiB a call).
    assert after - warm < 4 * 1024, f"RSS grew from {warm} KiB to {after} KiB"


def test_serve_help_documents_every_option() -> None:
    out = subprocess.run([*_command(), "--help"], capture_output=True, text=True, check=True).stdout
    for option in ("--ask-dir", "--evidence-root"):
        assert option in out
    assert "pytest-core-verify[mcp]" in out.replace("\n", "").replace(" ", "")


def test_a_missing_evidence_root_is_a_usage_error(tmp_path: pathlib.Path) -> None:
    proc = subprocess.run(
        [*_command(), "--evidence-root", str(tmp_path / "nope")],
        capture_output=True,
        text=True,
        stdin=subprocess.DEVNULL,
        check=False,
    )
    assert proc.returncode == 2
    assert "--evidence-root" in proc.stderr and "not a directory" in proc.stderr


def test_nothing_but_serve_imports_the_sdk() -> None:
    code = (
        "import sys, pytest_core_verify, pytest_core_verify.plugin, pytest_core_verify.cli, "
        "pytest_core_verify.serve\n"
        "pytest_core_verify.cli.build_parser()\n"
        "print(sorted(m for m in sys.modules if m == 'mcp' or m.startswith('mcp.')))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout
    assert out.strip() == "[]"


def test_logic_decide_answers_formulas_english_and_problems_with_checked_certificates() -> None:
    pytest.importorskip("pytest_core_verify.systems.deductive")
    pytest.importorskip("pysat", reason="the deductive engine's SAT solver (extra [sat])")

    async def body(client: Client) -> tuple[list[str], dict[str, Any]]:
        names = [t.name for t in (await client.list_tools()).tools]
        calls: dict[str, dict[str, Any]] = {
            "syllogism": {"premises": ["a | b", "~a"], "query": "b"},
            "refuted": {"premises": ["a -> b", "a"], "query": "~b"},
            "unknown": {"premises": ["a | b"], "query": "a"},
            "inconsistent": {"premises": ["a", "~a"], "query": "b"},
            "malformed": {"premises": ["a &"], "query": "a"},
            "english": {
                "premises": ["Socrates is a man", "a man is mortal"],
                "query": "Socrates is mortal",
                "language": "english",
            },
            "both": {"premises": ["a"], "query": "a", "problem": {}},
            "smuggled": {"premises": ["a"], "query": "a", "answer": "entailed"},
        }
        results = {k: await client.call_tool("logic.decide", v) for k, v in calls.items()}
        return names, {k: (r.structured_content, r.is_error) for k, r in results.items()}

    names, results = _with_client(_params(), body)
    assert "logic.decide" in names
    expected = {
        "syllogism": "entailed",
        "refuted": "refuted",
        "unknown": "unknown",
        "inconsistent": "refused",
        "malformed": "refused",
    }
    for key, outcome in expected.items():
        content, is_error = results[key]
        assert content["outcome"] == outcome, (key, content)
        assert content["certificate_check"] == "valid"
        assert is_error is False
    assert results["english"][0]["outcome"] in ("entailed", "refused")
    for key in ("both", "smuggled"):
        content, is_error = results[key]
        assert content["status"] == "invalid" and is_error is True
