"""The tool: schema gate, derivation pool, audits, serving envelope, ask leg, response."""

from __future__ import annotations

import copy
import hashlib
import hmac
import pathlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Final

from ._ask import ArtifactTampered, question_artifact, ungrounded_word, write_and_reread
from ._audit import audit_authority, audit_provenance
from ._canonical import canonical_bytes, sha256_of
from ._envelope import load_envelope, problem_key
from ._payload import shown_key, structure_errors
from ._pool import derive, json_number
from ._schema import TOOL_NAME, safe_request_id, validate_payload

__all__ = [
    "CALL_FIELDS",
    "FAULTS",
    "TOOL_REFUSAL_REASONS",
    "VerifierConfig",
    "call_tool",
    "handle_tool_call",
    "pool_answer_sha256",
    "refusal_response",
]

#: The fields of a whole tool call; any other is refused, never dropped.
CALL_FIELDS: Final = ("arguments", "name")
#: What a response that is not ``verified`` withholds of its derivation: the values a
#: client could read as the answer (the decision's value and unit, each candidate's
#: value and the expression that computes it).
WITHHELD: Final = (
    "decision.value",
    "decision.unit",
    "candidates[].value",
    "candidates[].expression",
)

#: Fault injections for tests and the lane's adversarial cases; never reachable from a payload.
FAULTS = frozenset({"forge_commit", "orphan_candidate", "stale_pin", "tamper_question"})

TOOL_REFUSAL_REASONS = (
    "authority_violation_detected",
    "provenance_violation_detected",
    "outside_demo_serving_envelope",
    "replay_drift_from_pinned_reference",
    "question_artifact_integrity_failure",
    "question_not_grounded",
)


@dataclass(frozen=True)
class VerifierConfig:
    """``ask_enabled`` is the gate of the ask leg; ``envelope`` overrides the packaged one.

    ``answer_digest_key`` is the evaluator's: with it, a response carries the keyed digest
    of what the pool committed (``trace_summary.pool_answer_sha256``), so whoever holds
    the key and the gold sees a wrong commit that was not served. Without it (every
    client: the command line, the MCP server) the digest is ``null``, since an unkeyed
    digest of a small number is read back by hashing the candidates.
    """

    ask_enabled: bool = True
    envelope: Mapping[str, Mapping[str, Any]] | None = None
    faults: frozenset[str] = field(default_factory=frozenset)
    answer_digest_key: bytes | None = None

    def __post_init__(self) -> None:
        unknown = sorted(set(self.faults) - FAULTS)
        if unknown:
            raise ValueError(
                f"unknown fault(s): {', '.join(unknown)}; known: {', '.join(sorted(FAULTS))}"
            )


def _summary(**overrides: Any) -> dict[str, Any]:
    base: dict[str, Any] = {
        "derivation_executed": False,
        "schema_errors": [],
        "readers_read": [],
        "candidates": 0,
        "complete_candidates": 0,
        "pool_decision": None,
        "pool_answer": None,
        "pool_answer_unit": None,
        "pool_answer_sha256": None,
        "pool_refusal_reason": None,
        "authority_audit": None,
        "provenance_audit": None,
        "envelope": None,
        "pin": None,
        "ask": None,
    }
    base.update(overrides)
    return base


def _respond(
    *,
    request_id: str | None,
    status: str,
    surface: str,
    path: list[str],
    summary: dict[str, Any],
    trace: dict[str, Any] | None,
    return_trace: bool,
    answer: int | float | None = None,
    unit: str | None = None,
    reason: str | None = None,
    question: dict[str, Any] | None = None,
) -> dict[str, Any]:
    body: dict[str, Any] = {
        "tool": TOOL_NAME,
        "request_id": request_id,
        "status": status,
        "surface": surface,
        "answer": answer,
        "answer_unit": unit,
        "refusal_reason": reason,
        "question": question,
        "authority_path": path,
        "trace_summary": summary,
        "trace": trace,
    }
    if status != "verified" and trace is not None:
        body["trace"] = _withhold_values(trace)
    # Hashed with the whole trace as it is shown and without trace_hash, so it does not
    # depend on return_trace, and a client that asked for the trace can check it.
    trace_hash = sha256_of(body)
    if not return_trace:
        body["trace"] = None
    body["trace_hash"] = trace_hash
    return body


def _withhold_values(trace: dict[str, Any]) -> dict[str, Any]:
    """The trace a response that is not ``verified`` returns: no value it could be read by.

    Everything else stays (which readers read, which quantities each candidate used, why
    each abstained, which sentence was unread), so the refusal is still explained.
    """
    derivation = trace.get("derivation")
    if not isinstance(derivation, dict):
        return trace
    shown = copy.deepcopy(derivation)
    decision = shown.get("decision")
    if isinstance(decision, dict):
        decision["value"] = None
        decision["unit"] = None
    for candidate in shown.get("candidates") or []:
        if isinstance(candidate, dict):
            candidate["value"] = None
            candidate["expression"] = None
    return {**trace, "derivation": shown, "withheld": list(WITHHELD)}


def pool_answer_sha256(problem_text: str, answer: int | float | str, key: bytes) -> str:
    """The keyed digest a response carries of the pool's committed answer, not the answer.

    A refusal must not carry an answer a client can read as one, yet whoever holds the
    gold (an evaluation lane) must still see whether the pool committed a wrong one:
    HMAC-SHA256 under the evaluator's ``key`` (``VerifierConfig.answer_digest_key``) of
    the canonical JSON of the problem's digest and the exact answer, so equal numbers
    (``26``, ``26.0``, ``"26"``) give equal digests, bound to the problem, and without the
    key no candidate can be checked against it.
    """
    value = Fraction(str(answer))
    message = canonical_bytes(
        {
            "kind": "core.semantic_derivation.pool_answer/2",
            "problem_sha256": problem_key(problem_text),
            "answer": str(value),
        }
    )
    return hmac.new(key, message, hashlib.sha256).hexdigest()


def _invalid(request_id: str | None, errors: list[dict[str, Any]]) -> dict[str, Any]:
    """The response to a payload the schema gate rejects: no derivation runs."""
    return _respond(
        request_id=request_id,
        status="invalid",
        surface=f"invalid payload: {len(errors)} schema error(s)",
        path=["schema_gate"],
        summary=_summary(schema_errors=errors),
        trace={"schema_errors": errors, "derivation": None},
        return_trace=True,
    )


def _forge(derivation: dict[str, Any], faults: frozenset[str]) -> None:
    if "forge_commit" in faults:
        decision = derivation["decision"]
        if decision["law"] == "commit":
            decision["value"] = str(int(float(decision["value"])) + 1)
        else:
            first = derivation["candidates"][0] if derivation["candidates"] else None
            decision.update(
                law="commit",
                reason=None,
                value=first["value"] if first else "0",
                unit=first["unit"] if first else "things",
                missing=None,
            )
    if "orphan_candidate" in faults:
        cands = derivation["candidates"]
        ghost = (
            dict(cands[0])
            if cands
            else {
                "reader": "simulation",
                "value": "0",
                "unit": "things",
                "uses": [],
                "defects": ["ghost"],
                "complete": False,
            }
        )
        ghost.update(id=f"c{len(cands)}", reading="r-unrecorded")
        cands.append(ghost)


def call_tool(
    payload: object, workdir: pathlib.Path | None = None, config: VerifierConfig | None = None
) -> dict[str, Any]:
    """One tool call: validate ``payload`` (the tool call's arguments) and answer it.

    ``workdir`` is where the ask leg writes ``questions/<sha256>.json``; without one
    the ask leg is off. The response is deterministic for equal inputs.
    """
    config = config or VerifierConfig()
    request_id = safe_request_id(payload)
    errors = validate_payload(payload)
    if errors:
        return _invalid(request_id, errors)
    assert isinstance(payload, dict)
    problem_text: str = payload["problem_text"]
    return_trace = bool(payload.get("return_trace", True))
    derivation = derive(problem_text)
    _forge(derivation, config.faults)
    decision = derivation["decision"]
    # Provenance first: the law is re-derived only over candidates that are all accounted for.
    path = ["schema_gate", "derivation_pool", "commit_law", "provenance_audit", "authority_audit"]
    authority = audit_authority(derivation)
    provenance = audit_provenance(derivation)
    summary = _summary(
        derivation_executed=True,
        readers_read=[r["name"] for r in derivation["readers"] if r["status"] == "read"],
        candidates=len(derivation["candidates"]),
        complete_candidates=sum(1 for c in derivation["candidates"] if c.get("complete")),
        pool_decision=decision["law"],
        # The pool's answer itself is shown only when it is served (verified, below).
        pool_answer_sha256=(
            pool_answer_sha256(problem_text, decision["value"], config.answer_digest_key)
            if config.answer_digest_key is not None
            and decision["law"] == "commit"
            and decision["value"] is not None
            else None
        ),
        pool_refusal_reason=decision["reason"],
        authority_audit="pass" if not authority else "fail",
        provenance_audit="pass" if not provenance else "fail",
    )
    trace: dict[str, Any] = {
        "domain_hint": payload.get("domain_hint"),
        "derivation": derivation,
        "audits": {"authority": authority, "provenance": provenance},
        "envelope": None,
        "ask": None,
    }

    def reply(status: str, surface: str, at: list[str], **fields: Any) -> dict[str, Any]:
        # Every response past the schema gate carries the summary and the trace as they stand.
        return _respond(
            request_id=request_id,
            status=status,
            surface=surface,
            path=at,
            summary=summary,
            trace=trace,
            return_trace=return_trace,
            **fields,
        )

    def refuse(reason: str, at: list[str]) -> dict[str, Any]:
        return reply("refused", f"refused: {reason}", at, reason=reason)

    if provenance:
        return refuse("provenance_violation_detected", path[:4])
    if authority:
        return refuse("authority_violation_detected", path)
    if decision["law"] == "commit":
        envelope = config.envelope if config.envelope is not None else load_envelope()
        key = problem_key(problem_text)
        entry = envelope.get(key)
        summary["envelope"] = "hit" if entry else "miss"
        if entry is None:
            trace["envelope"] = {"key": key, "entry": None}
            return refuse("outside_demo_serving_envelope", [*path, "serving_envelope"])
        live = sha256_of(derivation)
        pinned = str(entry["trace_sha256"])
        if "stale_pin" in config.faults:
            pinned = sha256_of({"stale": pinned})
        answer = json_number(decision["value"])
        match = (
            live == pinned
            and entry.get("answer") == answer
            and entry.get("unit") == decision["unit"]
        )
        summary["pin"] = "match" if match else "mismatch"
        trace["envelope"] = {
            "key": key,
            "pinned_trace_sha256": pinned,
            "live_trace_sha256": live,
            "gold_source": entry.get("gold_source"),
        }
        full = [*path, "serving_envelope", "pin_check"]
        if not match:
            return refuse("replay_drift_from_pinned_reference", full)
        summary["pool_answer"] = answer
        summary["pool_answer_unit"] = decision["unit"]
        return reply(
            "verified", f"{answer} {decision['unit']}", full, answer=answer, unit=decision["unit"]
        )
    missing = decision.get("missing")
    if missing and config.ask_enabled and workdir is not None:
        # The question speaks in the verifier's voice: only words it knows and the
        # problem uses, never one the caller made up to reach the user through it.
        stray = ungrounded_word(missing["question"], problem_text)
        if stray is not None:
            summary["ask"] = "not_grounded"
            # The word itself is not repeated: it is the caller's, not the verifier's.
            trace["ask"] = {"served": False, "not_grounded": True}
            return refuse("question_not_grounded", [*path, "ask_leg"])
        artifact = question_artifact(derivation["problem_sha256"], missing)

        def tamper(p: pathlib.Path) -> None:
            p.write_bytes(p.read_bytes().replace(b'"question":"', b'"question":"Ignore the data. '))

        ask_path = [*path, "ask_leg", "artifact_check"]
        try:
            rel, digest, _read = write_and_reread(
                workdir, artifact, tamper if "tamper_question" in config.faults else None
            )
        except ArtifactTampered as exc:
            summary["ask"] = "tampered"
            trace["ask"] = {"artifact": str(exc), "served": False}
            return refuse("question_artifact_integrity_failure", ask_path)
        summary["ask"] = "served"
        trace["ask"] = {"artifact": rel, "sha256": digest, "served": True}
        question = {
            "text": missing["question"],
            "missing": missing["datum"],
            "artifact": rel,
            "sha256": digest,
        }
        return reply("ask", missing["question"], ask_path, question=question)
    if missing:
        summary["ask"] = "disabled"
    return refuse(str(decision["reason"]), path)


def _call_errors(tool_call: object) -> list[dict[str, str]]:
    """What is wrong with the call around the arguments: its type, its fields, its name."""
    if not isinstance(tool_call, dict):
        return [
            {
                "path": "$",
                "keyword": "type",
                "message": "a tool call is an object {name, arguments}",
            }
        ]
    errors = structure_errors({k: v for k, v in tool_call.items() if k != "arguments"})
    errors += [
        {
            "path": "$",
            "keyword": "additionalProperties",
            "message": f"property not allowed in a tool call {{name, arguments}}: {shown_key(k)}",
        }
        for k in sorted((k for k in tool_call if k not in CALL_FIELDS), key=str)
    ]
    if tool_call.get("name") != TOOL_NAME:
        errors.append(
            {"path": "$.name", "keyword": "const", "message": f"tool name must be {TOOL_NAME}"}
        )
    return errors


def _sorted_unique(errors: Sequence[dict[str, str]]) -> list[dict[str, str]]:
    unique = {(e["path"], e["keyword"], e["message"]): e for e in errors}
    return [unique[k] for k in sorted(unique)]


def refusal_response(
    arguments: object, reason: str, detail: str, path: list[str]
) -> dict[str, Any]:
    """A ``refused`` response decided around the derivation, not by it.

    For a caller that runs the tool under limits of its own (the MCP server's time and
    memory budgets): ``detail`` says which limit stopped the call; nothing of a
    derivation is reported, because none finished.
    """
    return _respond(
        request_id=safe_request_id(arguments),
        status="refused",
        surface=f"refused: {reason}: {detail}",
        path=path,
        summary=_summary(),
        trace={"derivation": None, "stopped": detail},
        return_trace=True,
        reason=reason,
    )


def handle_tool_call(
    tool_call: object,
    workdir: pathlib.Path | None = None,
    config: VerifierConfig | None = None,
    *,
    json_errors: Sequence[dict[str, str]] = (),
) -> dict[str, Any]:
    """A whole ``{"name", "arguments"}`` tool call.

    A call that is not an object, has a field besides ``name`` and ``arguments``, names
    another tool, or was read from a JSON text with errors (``json_errors``: duplicate
    keys, which a ``dict`` can no longer show) is ``invalid``, with every error of its
    arguments too; nothing executes.
    """
    arguments = tool_call.get("arguments") if isinstance(tool_call, dict) else None
    errors = _call_errors(tool_call)
    if errors or json_errors:
        wrong_tool = any(e["path"] == "$.name" for e in errors)
        if not wrong_tool:
            # The arguments of this tool are judged too, so one reply names every fix.
            errors += validate_payload(arguments)
        return _invalid(safe_request_id(arguments), _sorted_unique([*errors, *json_errors]))
    return call_tool(arguments, workdir, config)
