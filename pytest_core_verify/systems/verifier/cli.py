"""``core-verify demo`` and ``core-verify verify``: the verifier tool on the command line."""

from __future__ import annotations

import argparse
import json
import pathlib
import sys
import tempfile
from importlib import resources
from typing import Any

from ._canonical import canonical_bytes, sha256_hex
from ._payload import load_json_text, structure_errors
from ._tool import VerifierConfig, handle_tool_call

__all__ = ["EXIT_CODES", "load_scenarios", "register", "run_demo"]

#: ``core-verify verify`` exit codes by response status.
EXIT_CODES = {"verified": 0, "refused": 1, "ask": 3, "invalid": 4}
LANE_SCENARIOS = pathlib.Path("lanes/scenarios/public/v1/cases.jsonl")


def load_scenarios(cwd: pathlib.Path | None = None) -> tuple[str, list[dict[str, Any]]]:
    """The lane's public/v1 cases if run from the repository, else the packaged copy."""
    path = (cwd or pathlib.Path.cwd()) / LANE_SCENARIOS
    if path.is_file():
        lines = path.read_text(encoding="utf-8").splitlines()
        return LANE_SCENARIOS.as_posix(), [json.loads(line) for line in lines if line.strip()]
    text = resources.files(__package__).joinpath("scenarios.json").read_text(encoding="utf-8")
    cases: list[dict[str, Any]] = json.loads(text)["cases"]
    return "packaged scenarios.json", cases


def _files(root: pathlib.Path) -> list[list[str]]:
    return sorted(
        [p.relative_to(root).as_posix(), sha256_hex(p.read_bytes())]
        for p in root.rglob("*")
        if p.is_file()
    )


def _config(case: dict[str, Any]) -> VerifierConfig:
    raw = case.get("verifier_config") or {}
    return VerifierConfig(
        ask_enabled=bool(raw.get("ask_enabled", True)), faults=frozenset(raw.get("faults", ()))
    )


def run_demo(cases: list[dict[str, Any]], out: pathlib.Path | None) -> list[dict[str, Any]]:
    """Run every case twice in fresh directories; one report per case."""
    reports = []
    with tempfile.TemporaryDirectory(prefix="core-verify-demo-") as tmp:
        base = out if out is not None else pathlib.Path(tmp)
        for case in cases:
            runs = []
            for leg in ("run-1", "run-2"):
                workdir = base / leg / case["id"]
                workdir.mkdir(parents=True, exist_ok=True)
                response = handle_tool_call(case["system1"]["tool_call"], workdir, _config(case))
                runs.append((canonical_bytes(response), _files(workdir), response))
                if out is not None:
                    (base / leg / f"{case['id']}.response.json").write_bytes(
                        canonical_bytes(response) + b"\n"
                    )
            (b1, f1, response), (b2, f2, _r2) = runs
            status_ok = response["status"] == case["expected_status"] and response[
                "refusal_reason"
            ] == case.get("expected_refusal_reason")
            replay_ok = b1 == b2 and f1 == f2
            # A verified answer holds its pin only if the live trace matched it byte for byte.
            pin_ok = response["status"] != "verified" or response["trace_summary"]["pin"] == "match"
            gold = case.get("gold_answer")
            answer_ok = response["status"] != "verified" or response["answer"] == gold
            reports.append(
                {
                    "id": case["id"],
                    "expected_status": case["expected_status"],
                    "status": response["status"],
                    "refusal_reason": response["refusal_reason"],
                    "answer": response["answer"],
                    "answer_unit": response["answer_unit"],
                    "question": (response["question"] or {}).get("text"),
                    "trace_hash": response["trace_hash"],
                    "replay_identical": replay_ok,
                    "pin_holds": pin_ok,
                    "passed": status_ok and replay_ok and pin_ok and answer_ok,
                }
            )
    return reports


def _demo(args: argparse.Namespace) -> int:
    source, cases = load_scenarios()
    out = pathlib.Path(args.out) if args.out else None
    if out is not None:
        out.mkdir(parents=True, exist_ok=True)
    reports = run_demo(cases, out)
    ok = all(r["passed"] for r in reports)
    if args.json:
        print(
            json.dumps(
                {"source": source, "passed": ok, "scenarios": reports}, indent=2, ensure_ascii=False
            )
        )
    else:
        for r in reports:
            detail = r["status"]
            if r["refusal_reason"]:
                detail += f" ({r['refusal_reason']})"
            if r["answer"] is not None:
                detail += f": {r['answer']} {r['answer_unit']}"
            if r["question"]:
                detail += f": {r['question']}"
            print(f"{'PASS' if r['passed'] else 'FAIL'} {r['id']} {detail}")
        print(f"{sum(r['passed'] for r in reports)}/{len(reports)} scenarios pass ({source})")
    return 0 if ok and reports else 1


def _verify(args: argparse.Namespace) -> int:
    try:
        raw = (
            sys.stdin.read()
            if args.payload == "-"
            else pathlib.Path(args.payload).read_text(encoding="utf-8")
        )
        # Duplicate keys are not a read error: the response says what is wrong (invalid),
        # and the exit status says the payload's text is not well-formed (2, below).
        payload, duplicates = load_json_text(raw)
    except (OSError, ValueError, RecursionError) as exc:
        # ValueError: bad UTF-8, bad JSON, nesting past the payload limit, an integer
        # past Python's digit limit.
        reason = "nested too deeply to parse" if isinstance(exc, RecursionError) else exc
        print(
            f"core-verify verify: cannot read a JSON payload from {args.payload}: {reason}",
            file=sys.stderr,
        )
        return 2
    if isinstance(payload, dict) and "arguments" in payload:
        call = payload
    else:
        call = {"name": "core.semantic_derivation.verify", "arguments": payload}
    config = VerifierConfig(ask_enabled=not args.no_ask)
    if args.ask_dir is not None:
        response = handle_tool_call(
            call, pathlib.Path(args.ask_dir), config, json_errors=duplicates
        )
    else:
        # No directory named: the artifact goes to a private temporary directory, never the
        # current one; the question itself is in the response.
        with tempfile.TemporaryDirectory(prefix="core-verify-ask-") as tmp:
            response = handle_tool_call(call, pathlib.Path(tmp), config, json_errors=duplicates)
    print(json.dumps(response, indent=2, ensure_ascii=False, sort_keys=True))
    if response["status"] == "invalid" and (duplicates or structure_errors(payload)):
        # Text that is not well-formed JSON for interchange (a lone surrogate, a key given
        # twice or not a string, nesting past the limit) is an unreadable payload: 2, as a
        # file that is not JSON at all; a readable payload that breaks the schema is 4.
        return 2
    return EXIT_CODES[response["status"]]


def register(subparsers: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    """Add ``demo`` and ``verify`` to the ``core-verify`` command."""
    demo = subparsers.add_parser(
        "demo",
        help="run the five verifier scenarios twice each; PASS/FAIL per scenario",
        description="Runs the scenarios lane's public/v1 cases "
        "(lanes/scenarios/public/v1/cases.jsonl under the current directory, else a packaged "
        "copy) twice each in fresh directories. "
        "A scenario passes when its status and refusal reason are the expected ones, both runs are "
        "byte-identical (response and written files), and a verified answer matches its pin. "
        "Exit 0 only if every scenario passes.",
    )
    demo.add_argument("--json", action="store_true", help="print a JSON report instead of lines")
    demo.add_argument(
        "--out", metavar="DIR", help="keep both runs' responses and artifacts under DIR"
    )
    demo.set_defaults(func=_demo)
    verify = subparsers.add_parser(
        "verify",
        help="one tool call to the verifier; prints the response JSON",
        description="Reads a payload (the tool's arguments, or a whole {name, arguments} tool "
        "call) from PAYLOAD.json or standard input ('-') and prints the verifier's response.",
        epilog="exit status: 0 verified, 1 refused, 3 ask, 4 invalid payload, "
        "2 usage error or unreadable payload file.",
    )
    verify.add_argument("payload", nargs="?", default="-", metavar="PAYLOAD.json | -")
    verify.add_argument(
        "--ask-dir",
        "--workdir",
        dest="ask_dir",
        metavar="DIR",
        help="where the ask leg writes questions/<sha256>.json (created if missing); default: a "
        "temporary directory removed on exit, never the current directory (the question is "
        "in the response either way). --workdir is the old name",
    )
    verify.add_argument(
        "--no-ask", action="store_true", help="turn the ask leg off: refuse instead of asking"
    )
    verify.set_defaults(func=_verify)
