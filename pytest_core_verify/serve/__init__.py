"""``core-verify serve``: the reference systems as tools of a Model Context Protocol server.

The tool definitions (:mod:`._tools`) are plain Python; the SDK glue (:mod:`._server`)
imports the optional ``mcp`` package and is loaded only by the ``serve`` command; the
line screen (:mod:`._wire`) and the budgets (:mod:`._budget`) are pure; each call runs
in a budgeted child process (:mod:`._worker`). Names are imported when first used, so
reading a default (``core-verify serve --help``) imports nothing else.
"""

from __future__ import annotations

from typing import Any

__all__ = ["Budget", "ServeConfig", "ToolSpec", "build_tools"]


def __getattr__(name: str) -> Any:
    if name == "Budget":
        from pytest_core_verify.serve._budget import Budget

        return Budget
    if name in ("ServeConfig", "ToolSpec", "build_tools"):
        from pytest_core_verify.serve import _tools

        return getattr(_tools, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
