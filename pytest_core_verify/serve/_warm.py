"""Imported by the server's fork server only: importing it warms what every call inherits.

Each tool call runs in a fresh fork of the fork server (see ``_worker``), so whatever a
first call pays once (importing the systems, compiling the reader's patterns, loading
the schema, the envelope and the validators, starting the solver's library) would be
paid by every call. Paying it here, once, before the first fork, leaves every child
with warm caches: a verifier call costs a few milliseconds more than in one process
instead of tens. Nothing here writes a file or reads the operator's directories.
"""

from __future__ import annotations

import contextlib
import pathlib

from pytest_core_verify.serve import _worker  # noqa: F401 - the children's entry point
from pytest_core_verify.serve._tools import ServeConfig, build_tools, call

__all__: list[str] = []


def _warm() -> None:
    # The ask directory is never written: the warm-up calls below never reach the ask
    # leg's writer (a verified problem and a formula), and nothing else writes.
    tools = {spec.name: spec for spec in build_tools(ServeConfig(ask_dir=pathlib.Path(".")))}
    call(
        tools,
        "core.semantic_derivation.verify",
        {
            "problem_text": "Sara has 32 dollars. Sara earns 15 dollars. She uses 21 dollars. "
            "How many dollars does Sara have left?",
            "request_id": "warm-up",
            "return_trace": False,
        },
    )
    if "logic.decide" in tools:
        call(tools, "logic.decide", {"premises": ["a", "a -> b"], "query": "b"})


# Warming only saves time: a failure here must not take the fork server down (it would
# stop every call); the call that meets the same failure reports it.
with contextlib.suppress(Exception):
    _warm()
