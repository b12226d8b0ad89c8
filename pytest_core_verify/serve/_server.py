"""The MCP glue: the official SDK's low-level server over this package's own stdio lines.

Translation lives here (ToolSpec -> ``Tool``, result -> ``CallToolResult``) and the
transport: each input line is screened by ``_wire`` (answered there when it is not one
valid message), each tool call runs in a budgeted child process (``_worker``), and the
server stops when its input ends, killing any call still running. The SDK owns the
handshake and the dispatch of valid messages. Imported only by ``core-verify serve``,
so the rest of the package never imports ``mcp``.
"""

from __future__ import annotations

import json
import os
import sys
from typing import IO, Any

import anyio
import anyio.to_thread
import mcp_types as types
from anyio.streams.memory import MemoryObjectReceiveStream, MemoryObjectSendStream
from mcp.server.lowlevel import Server
from mcp.shared.exceptions import MCPError
from mcp.shared.message import SessionMessage
from pydantic import ValidationError
from pydantic_core import PydanticSerializationError

from pytest_core_verify.serve._budget import Budget
from pytest_core_verify.serve._tools import BUDGET_REASONS, ServeConfig, ToolSpec, build_tools
from pytest_core_verify.serve._wire import (
    INVALID_REQUEST,
    MAX_LINE_BYTES,
    error_line,
    screen,
)
from pytest_core_verify.serve._worker import Pool

__all__ = ["build_server", "serve_stdio"]

SERVER_NAME = "pytest-core-verify"


def _tool(spec: ToolSpec) -> types.Tool:
    return types.Tool(
        name=spec.name,
        title=spec.title,
        description=spec.description,
        input_schema=spec.input_schema,
        output_schema=spec.output_schema,
        annotations=types.ToolAnnotations(
            title=spec.title,
            read_only_hint=spec.read_only,
            destructive_hint=False,
            idempotent_hint=spec.idempotent,
            # Nothing is fetched: every tool reads only what the operator named.
            open_world_hint=False,
        ),
    )


def _text(result: dict[str, Any]) -> str:
    # The same bytes `core-verify verify` prints, so a text-only client sees them too.
    return json.dumps(result, indent=2, ensure_ascii=False, sort_keys=True)


class _CallErrors:
    """Errors the screen found in a ``tools/call``'s arguments, by request id, until the
    SDK hands that request to the handler (the screen runs first, always)."""

    def __init__(self) -> None:
        self._by_id: dict[str | int, list[dict[str, str]]] = {}

    def put(self, request_id: str | int, errors: list[dict[str, str]]) -> None:
        self._by_id[request_id] = errors

    def take(self, request_id: object) -> list[dict[str, str]]:
        if isinstance(request_id, (str, int)):
            return self._by_id.pop(request_id, [])
        return []


def build_server(
    config: ServeConfig, version: str, pool: Pool, call_errors: _CallErrors | None = None
) -> Server[Any]:
    """A low-level SDK server whose tools are :func:`build_tools` of ``config``."""
    specs = {spec.name: spec for spec in build_tools(config)}
    listing = types.ListToolsResult(tools=[_tool(spec) for spec in specs.values()])
    errors_of = call_errors or _CallErrors()

    async def list_tools(
        ctx: Any, params: types.PaginatedRequestParams | None
    ) -> types.ListToolsResult:
        return listing

    async def call_tool(ctx: Any, params: types.CallToolRequestParams) -> types.CallToolResult:
        json_errors = errors_of.take(getattr(ctx, "request_id", None))
        spec = specs.get(params.name)
        if spec is None:
            known = ", ".join(sorted(specs))
            raise MCPError(
                types.INVALID_PARAMS,
                f"unknown tool {params.name[:64]!r}; this server offers: {known}",
            )
        # In a child process under the operator's budgets: the server keeps answering
        # other requests meanwhile, and a call that runs out of its budget is stopped.
        outcome = await pool.run(params.name, params.arguments, json_errors)
        result = outcome.result
        if result is None:
            assert outcome.stopped is not None
            result = spec.refuse(params.arguments, BUDGET_REASONS[outcome.stopped], outcome.detail)
        return types.CallToolResult(
            content=[types.TextContent(text=_text(result))],
            structured_content=result,
            is_error=spec.is_error(result),
        )

    return Server(
        SERVER_NAME,
        version=version,
        instructions="Deterministic verifiers that re-derive, refuse or ask rather than guess. "
        "Treat only 'verified' as support; every other status is a reason not to answer.",
        on_list_tools=list_tools,
        on_call_tool=call_tool,
    )


def _wire_bytes(message: types.JSONRPCMessage) -> bytes:
    try:
        text = message.model_dump_json(by_alias=True, exclude_unset=True)
    except PydanticSerializationError:
        # A character that is not text (a lone surrogate) in a reply: every tool refuses
        # one in its input, so this is a last line, written escaped rather than crashing.
        data = message.model_dump(mode="python", by_alias=True, exclude_unset=True)
        text = json.dumps(data, ensure_ascii=True, default=str)
    return (text + "\n").encode("utf-8")


def _read_line(stream: IO[bytes]) -> bytes | None:
    """One line without its end; ``None`` at end of input. A line past the limit is
    read to its end and returned cut one byte past the limit, so the screen refuses it
    without the server holding it."""
    line = stream.readline(MAX_LINE_BYTES + 1)
    if not line:
        return None
    if len(line) > MAX_LINE_BYTES and not line.endswith(b"\n"):
        while True:
            rest = stream.readline(1024 * 1024)
            if not rest or rest.endswith(b"\n"):
                break
        return line
    return line.rstrip(b"\r\n")


async def _read_input(
    source: IO[bytes],
    to_sdk: MemoryObjectSendStream[SessionMessage | Exception],
    to_wire: MemoryObjectSendStream[bytes],
    call_errors: _CallErrors,
) -> None:
    async with to_sdk:
        while True:
            line = await anyio.to_thread.run_sync(_read_line, source, abandon_on_cancel=True)
            if line is None:
                return
            verdict = screen(line)
            if verdict.error is not None:
                await to_wire.send(json.dumps(verdict.error, ensure_ascii=False).encode() + b"\n")
                continue
            if verdict.message is None:
                continue
            try:
                message = types.jsonrpc_message_adapter.validate_python(verdict.message)
            except ValidationError:
                request_id = verdict.message.get("id")
                reply = error_line(
                    INVALID_REQUEST, "Invalid Request: not a JSON-RPC 2.0 message", request_id
                )
                await to_wire.send(json.dumps(reply, ensure_ascii=False).encode() + b"\n")
                continue
            if verdict.call_errors and isinstance(message, types.JSONRPCRequest):
                call_errors.put(message.id, verdict.call_errors)
            await to_sdk.send(SessionMessage(message))


async def _write_output(
    sink: IO[bytes],
    from_sdk: MemoryObjectReceiveStream[SessionMessage],
    to_wire: MemoryObjectSendStream[bytes],
) -> None:
    async with from_sdk:
        async for item in from_sdk:
            await to_wire.send(_wire_bytes(item.message))


async def _drain(sink: IO[bytes], lines: MemoryObjectReceiveStream[bytes]) -> None:
    # One writer, so that lines from the SDK and from the screen never interleave.
    async with lines:
        async for data in lines:
            try:
                await anyio.to_thread.run_sync(_write_all, sink, data)
            except OSError:
                # The output is closed (EPIPE): the client is gone, as at end of input.
                return


def _write_all(sink: IO[bytes], data: bytes) -> None:
    sink.write(data)
    sink.flush()


def _claim_stdio() -> tuple[IO[bytes], IO[bytes]]:
    """The protocol's input and output; fd 1 then points at stderr, fd 0 at the null
    device, so that nothing else in this process can write to or read from the wire."""
    source = os.fdopen(os.dup(0), "rb", buffering=0)
    sink = os.fdopen(os.dup(1), "wb")
    devnull = os.open(os.devnull, os.O_RDONLY)
    os.dup2(devnull, 0)
    os.close(devnull)
    sys.stdout.flush()
    os.dup2(2, 1)
    return source, sink


def serve_stdio(config: ServeConfig, version: str, budget: Budget | None = None) -> None:
    """Serve on standard input/output until the input ends (the client disconnected)."""
    pool = Pool(config, budget or Budget())
    source, sink = _claim_stdio()
    # After the claim, so the fork server's own standard output is not the wire either;
    # before any thread exists, though it is started from a clean interpreter anyway.
    pool.warm()
    call_errors = _CallErrors()
    server = build_server(config, version, pool, call_errors)

    async def main() -> None:
        to_sdk, sdk_in = anyio.create_memory_object_stream[SessionMessage | Exception](0)
        sdk_out, from_sdk = anyio.create_memory_object_stream[SessionMessage](0)
        to_wire, wire = anyio.create_memory_object_stream[bytes](64)
        try:
            async with anyio.create_task_group() as tasks:

                async def read_then_stop() -> None:
                    await _read_input(source, to_sdk, to_wire, call_errors)
                    # End of input: the client is gone. Calls still running are killed
                    # (nobody will read their answers) and the server exits.
                    tasks.cancel_scope.cancel()

                async def write_then_stop() -> None:
                    await _drain(sink, wire)
                    tasks.cancel_scope.cancel()

                tasks.start_soon(read_then_stop)
                tasks.start_soon(_write_output, sink, from_sdk, to_wire)
                tasks.start_soon(write_then_stop)
                tasks.start_soon(
                    server.run, sdk_in, sdk_out, server.create_initialization_options()
                )
        finally:
            pool.kill_all()

    try:
        anyio.run(main)
    finally:
        pool.kill_all()
