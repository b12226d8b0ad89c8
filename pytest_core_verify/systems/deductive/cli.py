"""``core-verify decide``: the deductive engine on formulas, English premises or a problem file.

    core-verify decide -p 'a | b' -p '~a' -q b
    core-verify decide --english -p 'Socrates is a man' -p 'a man is mortal' -q 'socrates is mortal'
    core-verify decide --problem case.json        # {"premises", "query"[, "language"]} or
                                                  # {"entities", "facts", "rules", "query"}

Prints the decision JSON with its certificate. Exit 0 for entailed, refuted or unknown; 3 for
refused (inconsistent premises, malformed or out-of-regime input: the reason is in the JSON);
2 for a usage error, an unreadable problem file or a missing solver (the reason on stderr);
1 only with ``--check`` when the certificate does not check.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Mapping
from typing import Any

from pytest_core_verify.systems.deductive._engine import Decision, check_certificate, decide
from pytest_core_verify.systems.deductive._ground import decide_english, decide_problem

__all__ = ["register"]

# Keys of a lane case that are not part of the problem: a case line can be passed as it is.
_CASE_ONLY = frozenset({"id", "pattern", "gold", "refusal", "description", "xfail"})


class _Usage(Exception):
    pass


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``decide`` subcommand."""
    p = subparsers.add_parser(
        "decide",
        help="decide whether premises entail, refute or leave open a query (SAT, certified)",
        description=(
            "Complete propositional entailment with a certificate checkable without the "
            "solver. Formulas: atoms [A-Za-z_][A-Za-z0-9_]*, ~ & | -> <-> (or not and or "
            "implies iff, or the Unicode signs), true, false, parentheses. Exit 0 entailed/"
            "refuted/unknown, 3 refused, 2 usage, 1 a certificate that fails --check."
        ),
    )
    p.add_argument(
        "-p",
        "--premise",
        action="append",
        default=[],
        metavar="TEXT",
        help="a premise (repeat for more); a formula, or a sentence with --english",
    )
    p.add_argument("-q", "--query", metavar="TEXT", help="the query")
    p.add_argument(
        "--english",
        action="store_true",
        help="read premises and query as English claims (X is Y, X is not Y, X requires Y, ...)",
    )
    p.add_argument(
        "--problem",
        metavar="FILE",
        help="a JSON problem instead of -p/-q ('-' for stdin): {premises, query[, language]} "
        "or a finite-entity problem {entities, facts, rules, query}; a lane case line works",
    )
    p.add_argument(
        "--check",
        action="store_true",
        help="check the certificate without the solver; exit 1 if it does not hold",
    )
    p.add_argument("--compact", action="store_true", help="print the JSON on one line")
    p.set_defaults(func=_handle)


def _load(path: str) -> Any:
    try:
        if path == "-":
            text = sys.stdin.read()
        else:
            with open(path, encoding="utf-8") as f:
                text = f.read()
    except OSError as exc:
        raise _Usage(f"cannot read problem file {path}: {exc.strerror}") from exc
    except UnicodeDecodeError as exc:
        raise _Usage(f"problem file {path} is not UTF-8 (byte {exc.start})") from exc
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise _Usage(f"{path}:{exc.lineno}:{exc.colno}: not valid JSON: {exc.msg}") from exc
    except ValueError as exc:  # an integer past Python's digit limit
        raise _Usage(f"problem file {path}: not valid JSON: {exc}") from None
    except RecursionError:
        raise _Usage(f"problem file {path}: not valid JSON: nested too deeply to parse") from None


def _from_problem(data: Any, path: str, english: bool) -> Decision:
    if not isinstance(data, Mapping):
        raise _Usage(f"problem file {path} must hold one JSON object")
    problem = {k: v for k, v in data.items() if k not in _CASE_ONLY}
    if "entities" in problem:
        if english:
            raise _Usage("--english does not apply to a finite-entity problem")
        return decide_problem(problem)
    unknown = sorted(set(problem) - {"premises", "query", "language"})
    if unknown or "query" not in problem:
        raise _Usage(
            f"problem file {path}: expected keys premises, query[, language] or entities, "
            f"facts, rules, query; got {sorted(data)}"
        )
    language = problem.get("language", "english" if english else "formula")
    if language not in ("formula", "english"):
        raise _Usage(f"problem file {path}: language must be 'formula' or 'english'")
    premises = problem.get("premises", [])
    if language == "english":
        return decide_english(premises, problem["query"])
    return decide(premises, problem["query"])


def _handle(args: argparse.Namespace) -> int:
    try:
        if args.problem is not None:
            if args.premise or args.query is not None:
                raise _Usage("use either --problem or -p/-q, not both")
            decision = _from_problem(_load(args.problem), args.problem, args.english)
        else:
            if args.query is None:
                raise _Usage("give the query with -q/--query (and premises with -p), or --problem")
            run = decide_english if args.english else decide
            decision = run(args.premise, args.query)
    except _Usage as exc:
        print(f"core-verify decide: {exc}", file=sys.stderr)
        return 2
    out = decision.to_json()
    status = 3 if decision.outcome == "refused" else 0
    if args.check:
        problem = check_certificate(out)
        out = {**out, "certificate_check": "valid" if problem is None else problem}
        if problem is not None:
            status = 1
    indent = None if args.compact else 2
    print(json.dumps(out, indent=indent, ensure_ascii=False, sort_keys=False))
    return status
