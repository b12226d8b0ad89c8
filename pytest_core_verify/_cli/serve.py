"""``core-verify serve``: an MCP server over stdio (needs the ``mcp`` extra)."""

from __future__ import annotations

import argparse
import pathlib
import sys
import tempfile
from importlib import metadata

__all__ = ["register"]

_INSTALL_HINT = "install the extra: pip install 'pytest-core-verify[mcp]'"


def _serve(args: argparse.Namespace) -> int:
    from pytest_core_verify.serve._budget import Budget

    # A usage error is told before the SDK is imported (which takes seconds).
    try:
        budget = Budget(
            seconds=args.call_timeout, memory_mb=args.call_memory, max_calls=args.max_calls
        )
    except ValueError as exc:
        print(f"core-verify serve: {exc}; see --help", file=sys.stderr)
        return 2
    try:
        from pytest_core_verify.serve._server import serve_stdio
    except ModuleNotFoundError as exc:
        if exc.name is None or not exc.name.startswith(("mcp", "anyio")):
            raise
        print(f"core-verify serve: the MCP SDK is not installed; {_INSTALL_HINT}", file=sys.stderr)
        return 2
    from pytest_core_verify.serve._tools import ServeConfig

    root = None
    if args.evidence_root is not None:
        root = pathlib.Path(args.evidence_root).resolve()
        if not root.is_dir():
            print(
                f"core-verify serve: --evidence-root {args.evidence_root}: not a directory; "
                "name the project directory whose files claims may cite",
                file=sys.stderr,
            )
            return 2
    version = metadata.version("pytest-core-verify")
    if args.ask_dir is not None:
        ask_dir = pathlib.Path(args.ask_dir).resolve()
        try:
            ask_dir.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            print(f"core-verify serve: --ask-dir {args.ask_dir}: {exc.strerror}", file=sys.stderr)
            return 2
        serve_stdio(ServeConfig(ask_dir=ask_dir, evidence_root=root), version, budget)
        return 0
    with tempfile.TemporaryDirectory(prefix="core-verify-serve-ask-") as tmp:
        serve_stdio(ServeConfig(ask_dir=pathlib.Path(tmp), evidence_root=root), version, budget)
    return 0


def _defaults() -> tuple[float, int, int]:
    # The budgets' defaults have one owner; reading them imports nothing else.
    from pytest_core_verify.serve._budget import (
        DEFAULT_CALL_MEMORY_MB,
        DEFAULT_CALL_TIMEOUT,
        DEFAULT_MAX_CALLS,
    )

    return DEFAULT_CALL_TIMEOUT, DEFAULT_CALL_MEMORY_MB, DEFAULT_MAX_CALLS


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``serve`` to the ``core-verify`` command."""
    p = subparsers.add_parser(
        "serve",
        help="serve the verifier, the evidence check and the deductive engine over MCP (stdio)",
        description="A Model Context Protocol server on standard input/output, built on the "
        "official MCP Python SDK (" + _INSTALL_HINT + "). Tools: "
        "core.semantic_derivation.verify always; evidence.check_claim and evidence.check_batch "
        "with --evidence-root; logic.decide when this build has the deductive engine. "
        "The server reads only what these options name, writes only question artifacts under "
        "the ask directory, and opens no network connection. Each tool call runs in its own "
        "process under the budgets below; one that runs out is answered 'refused' naming the "
        "budget, and other requests are answered meanwhile.",
        epilog="exit status: 0 when the client closes the connection (end of input: calls "
        "still running are stopped), 2 for a usage error or a missing MCP SDK.",
    )
    seconds, memory, calls = _defaults()
    p.add_argument(
        "--ask-dir",
        metavar="DIR",
        help="where the verifier's ask leg writes questions/<sha256>.json (created if missing); "
        "default: a private temporary directory removed when the server stops (the question "
        "is in every 'ask' reply either way)",
    )
    p.add_argument(
        "--evidence-root",
        metavar="DIR",
        help="the project directory claims may cite; offers the evidence tools. A client "
        "cannot change or widen it: every cited path is resolved inside it",
    )
    p.add_argument(
        "--call-timeout",
        metavar="SECONDS",
        type=float,
        default=seconds,
        help=f"wall-clock (and CPU) time one tool call may take (default: {seconds:g})",
    )
    p.add_argument(
        "--call-memory",
        metavar="MIB",
        type=int,
        default=memory,
        help=f"address space one tool call's process may map, in MiB (default: {memory})",
    )
    p.add_argument(
        "--max-calls",
        metavar="N",
        type=int,
        default=calls,
        help=f"tool calls run at once; later ones wait for a free slot, and waiting does not "
        f"count against their time budget (default: {calls})",
    )
    p.set_defaults(func=_serve)
