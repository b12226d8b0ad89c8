"""``core-verify evidence ROOT (--value V --source S | --batch FILE) [--format json|table]``.

Exit 0 when every claim is verified, 1 when any is not, 2 for a usage error or an
unreadable batch file (the reason goes to stderr).
"""

from __future__ import annotations

import argparse
import functools
import io
import json
import os
import sys
from decimal import Decimal
from typing import Any

import jsonlines

from pytest_core_verify.systems.evidence._check import DEFAULT_MAX_BYTES, check_batch

__all__ = ["register"]


class _BatchError(Exception):
    pass


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``evidence`` subcommand."""
    p = subparsers.add_parser(
        "evidence",
        help="check that the values claims cite occur in the files they cite",
        description=(
            "Fail-closed evidence pre-check. 'verified' means only that the cited value "
            "occurs in the cited file under ROOT, never that the claim is true."
        ),
    )
    p.add_argument("root", metavar="ROOT", help="project directory; sources are relative to it")
    p.add_argument("--value", help="the value the claim cites (a number or text)")
    p.add_argument("--source", help="file or glob under ROOT, optionally path.json#/json/pointer")
    p.add_argument(
        "--batch",
        metavar="FILE",
        help="claims file: a JSON list or JSON lines of {id, value, source}; never evidence itself",
    )
    p.add_argument("--format", choices=("json", "table"), default="json", help="output format")
    p.add_argument(
        "--max-bytes",
        type=int,
        default=DEFAULT_MAX_BYTES,
        help=f"files larger than this are unreadable (default {DEFAULT_MAX_BYTES})",
    )
    p.set_defaults(func=_handle)


def _int(text: str) -> int | Decimal:
    """A JSON integer; past Python's int-string limit it stays exact as a Decimal."""
    return int(text) if len(text) <= 4000 else Decimal(text)


_loads = functools.partial(json.loads, parse_int=_int)


def _load_batch(path: str) -> list[Any]:
    try:
        with open(path, "rb") as f:
            raw = f.read()
    except OSError as exc:
        raise _BatchError(f"cannot read batch file {path}: {exc.strerror}") from exc
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise _BatchError(f"batch file {path} is not UTF-8 (byte {exc.start})") from exc
    if text.lstrip().startswith("["):
        try:
            data = _loads(text)
        except json.JSONDecodeError as exc:
            raise _BatchError(f"{path}:{exc.lineno}: not valid JSON: {exc.msg}") from exc
        except ValueError as exc:
            raise _BatchError(f"batch file {path}: not valid JSON: {exc}") from None
        except RecursionError:
            raise _BatchError(f"batch file {path}: nested too deeply to parse") from None
        if not isinstance(data, list):  # pragma: no cover - '[' always parses to a list
            raise _BatchError(f"batch file {path} must be a JSON list or JSON lines")
        claims = data
    else:
        try:
            reader = jsonlines.Reader(io.StringIO(text), loads=_loads)
            claims = list(reader.iter(skip_empty=True))
        except jsonlines.InvalidLineError as exc:
            reason = str(exc).split(" (line ")[0]
            raise _BatchError(f"{path}:{exc.lineno}: not valid JSON: {reason}") from exc
        except RecursionError:
            raise _BatchError(
                f"{path}:{_deep_line(text)}: not valid JSON: nested too deeply to parse"
            ) from None
    if not claims:
        raise _BatchError(f"batch file {path} holds no claims")
    return claims


def _deep_line(text: str) -> int:
    """The first line of JSON lines that Python's parser cannot take (too deep)."""
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        try:
            json.loads(line)
        except RecursionError:
            return number
        except ValueError:
            continue
    return 0


def _table(results: list[dict[str, Any]]) -> str:
    rows = [("id", "status", "source", "where", "detail")]
    for r in results:
        where = r["file"] or "-"
        if r["line"] is not None:
            where += f":{r['line']}:{r['column']}"
        rid = "-" if r.get("id") is None else str(r["id"])
        rows.append((rid, r["status"], str(r["source"]), where, r["detail"]))
    widths = [max(len(row[i]) for row in rows) for i in range(4)]
    lines = [
        "  ".join(c.ljust(w) for c, w in zip(row[:4], widths, strict=True)) + "  " + row[4]
        for row in rows
    ]
    return "\n".join(line.rstrip() for line in lines)


def _handle(args: argparse.Namespace) -> int:
    single = args.value is not None or args.source is not None
    if args.batch is not None and single:
        return _usage("use either --value/--source or --batch, not both")
    if args.batch is None and (args.value is None or args.source is None):
        return _usage("give --value and --source together, or --batch FILE")
    if args.max_bytes < 0:
        return _usage("--max-bytes must not be negative")
    if not os.path.isdir(args.root):
        return _usage(f"ROOT {args.root} is not a directory")
    exclude: list[str] = []
    if args.batch is not None:
        try:
            claims = _load_batch(args.batch)
        except _BatchError as exc:
            return _usage(str(exc))
        exclude.append(args.batch)
    else:
        claims = [{"value": args.value, "source": args.source}]
    out = check_batch(claims, args.root, exclude=exclude, max_bytes=args.max_bytes)
    if args.format == "table":
        counts = ", ".join(f"{n} {s}" for s, n in out["summary"].items() if n)
        _write(f"{_table(out['results'])}\n\n{counts}\n")
    else:
        _write(json.dumps(out, indent=2, ensure_ascii=False, sort_keys=True) + "\n")
    return 0 if out["summary"]["verified"] == len(claims) else 1


def _write(text: str) -> None:
    """Write ``text`` as UTF-8 whatever it holds. A lone surrogate (a value such as
    "\\ud800", or undecodable bytes of argv or a file name) can only stand inside a JSON
    string, so writing it as the escape \\udXXX keeps the output valid JSON and UTF-8."""
    data = text.encode("utf-8", "backslashreplace")
    sys.stdout.flush()
    sys.stdout.buffer.write(data)
    sys.stdout.buffer.flush()


def _usage(message: str) -> int:
    print(f"core-verify evidence: error: {message}", file=sys.stderr)
    return 2
