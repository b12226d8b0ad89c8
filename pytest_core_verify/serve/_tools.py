"""The tools ``core-verify serve`` offers, free of any MCP import.

A :class:`ToolSpec` is one tool: its name, what a model reads about it (description,
annotations), its closed input schema, and a handler from the call's raw arguments to the
structured result. The MCP glue in ``_server`` only translates; everything a client can
observe is decided here, so it is tested without the SDK and served the same with it.
"""

from __future__ import annotations

import pathlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Final

from jsonschema import Draft202012Validator

from pytest_core_verify.systems.verifier._payload import structure_errors

__all__ = ["BUDGET_REASONS", "ServeConfig", "ToolSpec", "build_tools", "call"]

#: Longest string a tool argument may carry (values, sources, formulas).
MAX_ARGUMENT_STRING: Final = 4096
#: Most claims one ``evidence.check_batch`` call may carry.
MAX_BATCH_CLAIMS: Final = 1000

#: The reasons a call is ``refused`` by the server rather than by its tool.
BUDGET_REASONS: Final = {
    "time": "call_time_budget_exceeded",
    "memory": "call_memory_budget_exceeded",
    "crash": "call_failed",
}

#: ``handler(arguments, json_errors)``: ``json_errors`` are the errors found while reading
#: the JSON text that carried the arguments (duplicate keys), which a dict cannot show.
Handler = Callable[[Mapping[str, Any], list[dict[str, str]]], dict[str, Any]]
#: ``refuse(arguments, reason, detail)``: the tool's own ``refused`` shape for a call the
#: server stopped (a budget ran out), so a client reads one format per tool.
Refuser = Callable[[object, str, str], dict[str, Any]]


@dataclass(frozen=True)
class ServeConfig:
    """What the operator fixed on the command line; a client can change none of it."""

    ask_dir: pathlib.Path
    evidence_root: pathlib.Path | None = None


def _status_invalid(result: dict[str, Any]) -> bool:
    return result.get("status") == "invalid"


@dataclass(frozen=True)
class ToolSpec:
    """One tool as a client sees it, and the function that answers it."""

    name: str
    title: str
    description: str
    input_schema: dict[str, Any]
    handler: Handler
    refuse: Refuser
    output_schema: dict[str, Any] | None = None
    read_only: bool = True
    idempotent: bool = True
    #: True for the calls whose arguments were refused (the ``invalid`` status).
    is_error: Callable[[dict[str, Any]], bool] = _status_invalid


def _json_path(parts: Any) -> str:
    path = "$"
    for part in parts:
        path += f"[{part}]" if isinstance(part, int) else f".{part}"
    return path


def _shown_message(message: str) -> str:
    # jsonschema quotes the offending value: a long one is cut so nothing is echoed
    # whole, and a character that is not text (a lone surrogate) is shown escaped.
    message = message if len(message) <= 200 else message[:197] + "..."
    return message.encode("utf-8", "backslashreplace").decode("utf-8")


def _schema_errors(
    validator: Draft202012Validator, arguments: object, json_errors: list[dict[str, str]]
) -> list[dict[str, str]]:
    """Every error of ``arguments`` against a closed schema, sorted so replies are stable.

    The rules of every payload come first (well-formed Unicode in every string and key,
    bounded nesting) and so do the errors of the JSON text (``json_errors``).
    """
    structure = structure_errors(arguments)
    if any(e["keyword"] == "maxDepth" for e in structure):
        return sorted([*structure, *json_errors], key=lambda e: (e["path"], e["keyword"]))
    errors = [*structure, *json_errors] + [
        {
            "path": _json_path(error.absolute_path),
            "keyword": str(error.validator),
            "message": _shown_message(error.message),
        }
        for error in validator.iter_errors(arguments)
    ]
    return sorted(errors, key=lambda e: (e["path"], e["keyword"], e["message"]))


def _verifier_tool(config: ServeConfig) -> ToolSpec:
    from pytest_core_verify.systems.verifier import (
        TOOL_NAME,
        VerifierConfig,
        handle_tool_call,
        load_tool_schema,
    )
    from pytest_core_verify.systems.verifier._tool import refusal_response

    schema = load_tool_schema()

    def handler(arguments: Mapping[str, Any], json_errors: list[dict[str, str]]) -> dict[str, Any]:
        # The verifier validates its own arguments (closed schema), exactly as
        # `core-verify verify` does: a smuggled field is `invalid` and nothing executes.
        call = {"name": TOOL_NAME, "arguments": dict(arguments)}
        return handle_tool_call(
            call, config.ask_dir, VerifierConfig(ask_enabled=True), json_errors=json_errors
        )

    def refuse(arguments: object, reason: str, detail: str) -> dict[str, Any]:
        return refusal_response(arguments, reason, detail, ["schema_gate", "derivation_pool"])

    return ToolSpec(
        name=TOOL_NAME,
        title=schema["title"],
        description=schema["description"]
        + " Status meanings: verified = the answer was re-derived by two independent readers "
        "and replayed against its pin; refused = it cannot be derived with certainty "
        "(refusal_reason names why; do not answer from it); ask = exactly one datum is "
        "missing (question.text is the question to put to the user); invalid = the arguments "
        "broke the schema (errors list each one; fix the call, do not retry unchanged).",
        input_schema=schema["inputSchema"],
        output_schema=schema["outputSchema"],
        # Not read-only: the ask leg writes a content-addressed question file under the
        # operator's --ask-dir. Repeating a call rewrites the same bytes: idempotent.
        read_only=False,
        idempotent=True,
        handler=handler,
        refuse=refuse,
    )


def _refused(tool: str) -> Refuser:
    def refuse(arguments: object, reason: str, detail: str) -> dict[str, Any]:
        return {"tool": tool, "status": "refused", "reason": reason, "detail": detail}

    return refuse


_CLAIM_PROPERTIES: Final[dict[str, Any]] = {
    "value": {
        "description": "The value the claim cites: a number (73.2) or text ('acc 73.2').",
        "anyOf": [
            {"type": "string", "minLength": 1, "maxLength": MAX_ARGUMENT_STRING},
            {"type": "number"},
        ],
    },
    "source": {
        "type": "string",
        "minLength": 1,
        "maxLength": MAX_ARGUMENT_STRING,
        "description": "The cited file, relative to the server's evidence root; a glob, or "
        "path.json#/json/pointer, as the evidence check documents.",
    },
}


def _evidence_tools(config: ServeConfig) -> list[ToolSpec]:
    root = config.evidence_root
    if root is None:
        return []
    from pytest_core_verify.systems.evidence import STATUSES, check_batch, check_claim

    claim_schema: dict[str, Any] = {
        "type": "object",
        "additionalProperties": False,
        "required": ["value", "source"],
        "properties": _CLAIM_PROPERTIES,
    }
    batch_schema: dict[str, Any] = {
        "type": "object",
        "additionalProperties": False,
        "required": ["claims"],
        "properties": {
            "claims": {
                "type": "array",
                "minItems": 1,
                "maxItems": MAX_BATCH_CLAIMS,
                "description": "The claims to check, each {id?, value, source}; results come "
                "back in the same order.",
                "items": {
                    "type": "object",
                    "additionalProperties": False,
                    "required": ["value", "source"],
                    "properties": {
                        "id": {
                            "anyOf": [
                                {"type": "string", "maxLength": 200},
                                {"type": "integer"},
                            ]
                        },
                        **_CLAIM_PROPERTIES,
                    },
                },
            }
        },
    }
    claim_validator = Draft202012Validator(claim_schema)
    batch_validator = Draft202012Validator(batch_schema)
    statuses = ", ".join(STATUSES)
    meaning = (
        f" Statuses: {statuses}. 'verified' means only that the cited value occurs as a whole "
        "token in the cited file under the operator's evidence root, never that the claim is "
        "true; anything else means the evidence is not there as cited (detail says why). "
        "Paths are relative to that root and cannot leave it."
    )

    def invalid(tool: str, errors: list[dict[str, str]]) -> dict[str, Any]:
        return {"tool": tool, "status": "invalid", "errors": errors}

    def claim(arguments: Mapping[str, Any], json_errors: list[dict[str, str]]) -> dict[str, Any]:
        errors = _schema_errors(claim_validator, arguments, json_errors)
        if errors:
            return invalid("evidence.check_claim", errors)
        return check_claim(arguments["value"], arguments["source"], root)

    def batch(arguments: Mapping[str, Any], json_errors: list[dict[str, str]]) -> dict[str, Any]:
        errors = _schema_errors(batch_validator, arguments, json_errors)
        if errors:
            return invalid("evidence.check_batch", errors)
        return check_batch(arguments["claims"], root)

    return [
        ToolSpec(
            name="evidence.check_claim",
            title="Evidence pre-check for one claim",
            description="Checks that the value a claim cites really occurs in the file it "
            "cites." + meaning,
            input_schema=claim_schema,
            handler=claim,
            refuse=_refused("evidence.check_claim"),
        ),
        ToolSpec(
            name="evidence.check_batch",
            title="Evidence pre-check for many claims",
            description="Checks many claims at once, reading each cited file once; returns "
            "{results: [...], summary: {status: count}}." + meaning,
            input_schema=batch_schema,
            handler=batch,
            refuse=_refused("evidence.check_batch"),
        ),
    ]


_DECIDE_SCHEMA: Final[dict[str, Any]] = {
    "type": "object",
    "additionalProperties": False,
    "properties": {
        "premises": {
            "type": "array",
            "maxItems": 2000,
            "items": {"type": "string", "maxLength": MAX_ARGUMENT_STRING},
            "description": "The premises: formulas, or English claims with language 'english'.",
        },
        "query": {
            "type": "string",
            "minLength": 1,
            "maxLength": MAX_ARGUMENT_STRING,
            "description": "The formula (or English claim) to decide.",
        },
        "language": {
            "enum": ["formula", "english"],
            "description": "How premises and query are written (default: formula).",
        },
        "problem": {
            "type": "object",
            "description": "Instead of premises/query: a finite-entity problem "
            "{entities, facts, rules, query}, grounded to one atom per (entity, predicate).",
        },
    },
}


def _decide_tool() -> ToolSpec | None:
    """``logic.decide`` when this build has the deductive engine and its SAT solver."""
    try:
        from pytest_core_verify.systems import deductive
    except ModuleNotFoundError:
        return None
    try:
        deductive.decide(["a"], "a")
    except deductive.SolverMissing:
        return None
    validator = Draft202012Validator(_DECIDE_SCHEMA)

    def handler(arguments: Mapping[str, Any], json_errors: list[dict[str, str]]) -> dict[str, Any]:
        errors = _schema_errors(validator, arguments, json_errors)
        has_problem = "problem" in arguments
        mixed = has_problem and bool({"premises", "query", "language"} & set(arguments))
        if not errors and (mixed or not (has_problem or "query" in arguments)):
            message = "give premises and query, or a finite-entity problem alone"
            errors = [{"path": "$", "keyword": "oneOf", "message": message}]
        if errors:
            return {"tool": "logic.decide", "status": "invalid", "errors": errors}
        if has_problem:
            decision = deductive.decide_problem(arguments["problem"])
        elif arguments.get("language") == "english":
            decision = deductive.decide_english(arguments.get("premises", []), arguments["query"])
        else:
            decision = deductive.decide(arguments.get("premises", []), arguments["query"])
        out = decision.to_json()
        # Checked again without the solver, so a client need not trust the solver either.
        problem = deductive.check_certificate(out)
        return {**out, "certificate_check": "valid" if problem is None else problem}

    def refuse(arguments: object, reason: str, detail: str) -> dict[str, Any]:
        # The engine's own refusal shape, with the server as the place that refused.
        return {
            "tool": "logic.decide",
            "outcome": "refused",
            "refusal": {"kind": reason, "where": "server", "position": None, "reason": detail},
            "certificate": None,
            "certificate_check": "no certificate: the call was stopped",
        }

    return ToolSpec(
        name="logic.decide",
        title="Complete propositional entailment with a checkable certificate",
        description="Decides whether the premises entail the query (true in every model), "
        "refute it (false in every model), or leave it unknown (true in some, false in "
        "others), with a SAT solver; refused means the premises are inconsistent or the input "
        "is malformed or outside propositional logic (refusal names why and where). Every "
        "answer carries a certificate (a DRAT refutation, or two models for unknown), and "
        "certificate_check says whether an independent checker accepted it. Formulas: atoms "
        "[A-Za-z_][A-Za-z0-9_]*, ~ & | -> <-> (or not/and/or/implies/iff, or the Unicode "
        "signs), true, false, parentheses. English: 'X is Y', 'X is not Y', 'X requires Y'.",
        input_schema=_DECIDE_SCHEMA,
        handler=handler,
        refuse=refuse,
    )


def build_tools(config: ServeConfig) -> list[ToolSpec]:
    """The tools this server offers, in a fixed order."""
    tools = [_verifier_tool(config), *_evidence_tools(config)]
    decide = _decide_tool()
    if decide is not None:
        tools.append(decide)
    return tools


def call(
    tools: Mapping[str, ToolSpec],
    name: str,
    arguments: object,
    json_errors: list[dict[str, str]] | None = None,
) -> dict[str, Any]:
    """Answer one call; ``KeyError`` for an unknown tool name."""
    spec = tools[name]
    if not isinstance(arguments, Mapping):
        arguments = {}
    return spec.handler(arguments, list(json_errors or ()))
