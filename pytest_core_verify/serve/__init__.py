"""``core-verify serve``: the reference systems as tools of a Model Context Protocol server.

The tool definitions (:mod:`._tools`) are plain Python; the SDK glue (:mod:`._server`)
imports the optional ``mcp`` package and is loaded only by the ``serve`` command.
"""

from pytest_core_verify.serve._tools import ServeConfig, ToolSpec, build_tools

__all__ = ["ServeConfig", "ToolSpec", "build_tools"]
