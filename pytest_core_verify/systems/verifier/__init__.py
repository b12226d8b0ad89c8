"""``core.semantic_derivation.verify``: a System-2 verifier tool for arithmetic word problems.

A proposer frames a problem as a tool call; the verifier validates the payload against a
closed schema, re-derives the answer with several independent readers, applies the
commit law, audits its own trace, and serves ``verified`` only inside a gold-audited
envelope whose pinned trace it replays byte for byte. Otherwise it refuses with a named
reason, asks one grounded question, or reports the payload ``invalid``.

No pytest import here: the tool is usable on its own.
"""

from ._canonical import canonical_bytes, sha256_of
from ._envelope import envelope_entry, load_envelope, problem_key
from ._pool import REFUSAL_REASONS as POOL_REFUSAL_REASONS
from ._pool import derive
from ._schema import TOOL_NAME, load_tool_schema, validate_payload
from ._tool import (
    FAULTS,
    TOOL_REFUSAL_REASONS,
    VerifierConfig,
    call_tool,
    handle_tool_call,
    pool_answer_sha256,
)

__all__ = [
    "FAULTS",
    "POOL_REFUSAL_REASONS",
    "TOOL_NAME",
    "TOOL_REFUSAL_REASONS",
    "VerifierConfig",
    "call_tool",
    "canonical_bytes",
    "derive",
    "envelope_entry",
    "handle_tool_call",
    "load_envelope",
    "load_tool_schema",
    "pool_answer_sha256",
    "problem_key",
    "sha256_of",
    "validate_payload",
]
