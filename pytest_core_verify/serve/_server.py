"""The MCP glue: the official SDK's low-level server over stdio, serving ``_tools``.

Only translation lives here (ToolSpec -> ``Tool``, result -> ``CallToolResult``); the SDK
owns JSON-RPC framing, the handshake and protocol errors. Imported only by
``core-verify serve``, so the rest of the package never imports ``mcp``.
"""

from __future__ import annotations

import json
from typing import Any

import anyio
import mcp_types as types
from mcp.server.lowlevel import Server
from mcp.server.stdio import stdio_server
from mcp.shared.exceptions import MCPError
from mcp.shared.message import SessionMessage
from pydantic import ValidationError

from pytest_core_verify.serve._tools import ServeConfig, ToolSpec, build_tools, call

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


def build_server(config: ServeConfig, version: str) -> Server[Any]:
    """A low-level SDK server whose tools are :func:`build_tools` of ``config``."""
    specs = {spec.name: spec for spec in build_tools(config)}
    listing = types.ListToolsResult(tools=[_tool(spec) for spec in specs.values()])

    async def list_tools(
        ctx: Any, params: types.PaginatedRequestParams | None
    ) -> types.ListToolsResult:
        return listing

    async def call_tool(ctx: Any, params: types.CallToolRequestParams) -> types.CallToolResult:
        spec = specs.get(params.name)
        if spec is None:
            known = ", ".join(sorted(specs))
            raise MCPError(
                types.INVALID_PARAMS, f"unknown tool {params.name!r}; this server offers: {known}"
            )
        # The systems are synchronous and CPU-bound: run them off the event loop so the
        # server keeps reading (and answering protocol errors) meanwhile.
        result = await anyio.to_thread.run_sync(call, specs, params.name, params.arguments)
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


def _protocol_error(exc: Exception) -> SessionMessage:
    """JSON-RPC's answer to a line that is not a message: parse error or invalid request."""
    not_json = isinstance(exc, ValidationError) and any(
        error["type"] == "json_invalid" for error in exc.errors()
    )
    code, message = (
        (types.PARSE_ERROR, "Parse error: the line is not JSON")
        if not_json
        else (types.INVALID_REQUEST, "Invalid Request: not a JSON-RPC 2.0 message")
    )
    # The id of a line that could not be read cannot be known: JSON-RPC says null.
    error = types.JSONRPCError(
        jsonrpc="2.0", id=None, error=types.ErrorData(code=code, message=message)
    )
    return SessionMessage(error)


def serve_stdio(config: ServeConfig, version: str) -> None:
    """Serve on standard input/output until the client closes the connection."""
    server = build_server(config, version)

    async def main() -> None:
        async with stdio_server() as (read_stream, write_stream):
            # The SDK's stdio transport hands an unreadable line to the server as an
            # exception and answers nothing; a JSON-RPC peer is owed an error reply.
            send, receive = anyio.create_memory_object_stream[SessionMessage | Exception](0)

            async def answer_unreadable_lines() -> None:
                async with send:
                    async for item in read_stream:
                        if isinstance(item, Exception):
                            await write_stream.send(_protocol_error(item))
                        else:
                            await send.send(item)

            async with anyio.create_task_group() as tasks:
                tasks.start_soon(answer_unreadable_lines)
                await server.run(receive, write_stream, server.create_initialization_options())

    anyio.run(main)
