"""``check_claim`` and ``check_batch``: does the cited value occur in the cited file?

``verified`` means only that the cited evidence exists, never that the claim is
true. Every doubt resolves to a status other than verified.
"""

from __future__ import annotations

import json
import math
import os
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from pytest_core_verify.systems.evidence._numbers import (
    NumberValue,
    number_from_decimal,
    number_from_float,
    parse_number_value,
)
from pytest_core_verify.systems.evidence._scan import CHUNK_SIZE, FileScan, scan_fd
from pytest_core_verify.systems.evidence._sources import (
    EvidenceFile,
    SourceError,
    open_beneath,
    open_root,
    parse_pointer,
    resolve_source,
    split_binding,
)
from pytest_core_verify.systems.evidence._text import TextValue, fold, parse_text_value

__all__ = [
    "DEFAULT_MAX_BYTES",
    "JSON_MAX_BYTES",
    "STATUSES",
    "check_batch",
    "check_claim",
]

STATUSES = (
    "verified",
    "path_missing",
    "value_not_found",
    "unparseable",
    "unreadable",
    "outside_root",
)
#: Files larger than this are unreadable: the check must stay cheap and bounded.
DEFAULT_MAX_BYTES = 512 * 1024 * 1024
#: A JSON binding parses the whole document, so it has a much smaller cap.
JSON_MAX_BYTES = 16 * 1024 * 1024

Value = NumberValue | TextValue


@dataclass
class _Plan:
    value: Value
    path: str
    pointer: str | None
    tokens: list[str] | None
    files: list[EvidenceFile]


class _DuplicateKey(ValueError):
    pass


def _echo(value: object) -> object:
    """The claim's value as it may appear in a JSON result."""
    if isinstance(value, Decimal):  # a number too long for int() in a JSON batch file
        return None
    if isinstance(value, int) and value.bit_length() > 4096:
        return None  # json.dumps refuses ints past 4300 digits: results must stay JSON
    if isinstance(value, str | bool | int):
        return value
    if isinstance(value, float) and math.isfinite(value):
        return value
    return None


def _parse_value(value: object) -> Value | str:
    if isinstance(value, bool) or value is None:
        return f"value must be a string or a finite number, not {json.dumps(value)}"
    if isinstance(value, Decimal):
        number = number_from_decimal(value)
        return number if number is not None else "value must be a finite number"
    if isinstance(value, int | float):
        number = number_from_float(value)
        return number if number is not None else "value must be a finite number"
    if not isinstance(value, str):
        return f"value must be a string or a finite number, not {type(value).__name__}"
    if "\x00" in value:
        return "value contains a NUL character"
    text = parse_text_value(value)
    if text is None:
        return "value is empty"
    parsed = parse_number_value(text.folded)
    if isinstance(parsed, str):
        return f"value is a number that cannot be checked: {parsed}"
    return parsed if parsed is not None else text


def _result(
    status: str,
    value: object,
    source: object,
    detail: str,
    file: str | None = None,
    line: int | None = None,
    column: int | None = None,
) -> dict[str, Any]:
    return {
        "status": status,
        "value": _echo(value),
        "source": source if isinstance(source, str) else None,
        "file": file,
        "line": line,
        "column": column,
        "detail": detail,
    }


def _plan(
    claim: object,
    root_fd: int,
    root_real: str,
    exclude: frozenset[tuple[int, int]],
    cache: dict[str, Any],
) -> _Plan | dict[str, Any]:
    if not isinstance(claim, Mapping):
        return _result("unparseable", None, None, "claim must be an object with value and source")
    value, source = claim.get("value"), claim.get("source")
    for key in ("value", "source"):
        if key not in claim:
            return _result("unparseable", value, source, f"claim has no {key!r}")
    parsed = _parse_value(value)
    if isinstance(parsed, str):
        return _result("unparseable", value, source, parsed)
    if not isinstance(source, str):
        return _result("unparseable", value, source, "source must be a string")
    if "\x00" in source:
        return _result("unparseable", value, source, "source contains a NUL character")
    try:
        # A name from the command line holds undecodable bytes as U+DC80..U+DCFF
        # (surrogateescape), which name a file; any other lone surrogate names none.
        os.fsencode(source)
    except UnicodeEncodeError as exc:
        return _result(
            "unparseable",
            value,
            source,
            f"source is not valid Unicode (a lone surrogate U+{ord(source[exc.start]):04X}"
            f" at index {exc.start}); cite the path as UTF-8 text",
        )
    # The path is taken as written: "b.txt " names a file whose name ends in a space,
    # as the operating system reads it (a stripped path would cite another file).
    path, pointer = split_binding(source)
    if not path:
        return _result("unparseable", value, source, "source is empty")
    tokens = None
    if pointer is not None:
        try:
            tokens = parse_pointer(pointer)
        except UnicodeDecodeError:
            tokens = None
        if tokens is None:
            return _result("unparseable", value, source, f"#{pointer} is not a JSON pointer")
    resolved = resolve_source(path, root_fd, root_real, exclude, cache=cache)
    if isinstance(resolved, SourceError):
        return _result(resolved.status, value, source, resolved.detail)
    return _Plan(parsed, path, pointer, tokens, resolved.files)


def _failed(claim: object, exc: BaseException) -> dict[str, Any]:
    """The result of a claim whose check raised: unreadable, with the error named (fail
    closed: one claim the checker cannot decide never takes the batch down with it)."""
    value = claim.get("value") if isinstance(claim, Mapping) else None
    source = claim.get("source") if isinstance(claim, Mapping) else None
    return _result(
        "unreadable",
        value,
        source,
        f"the check could not decide this claim ({type(exc).__name__}: {exc}); please"
        " report it with the claim and the file",
    )


def _guarded_plan(
    claim: object,
    root_fd: int,
    root_real: str,
    exclude: frozenset[tuple[int, int]],
    cache: dict[str, Any],
) -> _Plan | dict[str, Any]:
    try:
        return _plan(claim, root_fd, root_real, exclude, cache)
    except Exception as exc:  # a bug must cost this claim, never the batch
        return _failed(claim, exc)


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, val in pairs:
        if key in out:
            raise _DuplicateKey(f"duplicate key {key!r}")
        out[key] = val
    return out


def _reject_constant(name: str) -> Any:
    raise ValueError(f"non-standard constant {name}")


def _load_json(data: bytes) -> tuple[bool, Any]:
    """(True, document) or (False, reason). Strict: numbers exact, no NaN, no dup keys."""
    try:
        doc = json.loads(
            data.decode("utf-8-sig"),
            parse_float=Decimal,
            parse_int=Decimal,
            parse_constant=_reject_constant,
            object_pairs_hook=_no_duplicates,
        )
    except RecursionError:
        return False, "is nested too deeply to parse"
    except ValueError as exc:  # JSONDecodeError, duplicate keys, constants, bad UTF-8
        return False, f"is not valid JSON ({exc})"
    return True, doc


def _lookup(doc: Any, tokens: list[str]) -> tuple[bool, Any]:
    node = doc
    for tok in tokens:
        if isinstance(node, dict) and tok in node:
            node = node[tok]
        elif (
            isinstance(node, list)
            and tok.isascii()
            and tok.isdigit()
            and (tok == "0" or not tok.startswith("0"))
            and len(tok) <= 18
            and int(tok) < len(node)
        ):
            node = node[int(tok)]
        else:
            return False, None
    return True, node


def _leaf_equals(leaf: Any, value: Value) -> bool:
    if isinstance(value, NumberValue):
        if isinstance(leaf, Decimal):
            number = number_from_decimal(leaf)
            return number is not None and number.key == value.key
        if isinstance(leaf, str):
            parsed = parse_number_value(fold(leaf))
            return isinstance(parsed, NumberValue) and parsed.key == value.key
        return False
    if isinstance(leaf, str):
        return fold(leaf) == value.folded
    if leaf is True or leaf is False or leaf is None:
        return value.folded == json.dumps(leaf)
    return False


def _binding(plan: _Plan, file: EvidenceFile, scan: FileScan, docs: dict[str, Any]) -> str | None:
    """None if the bound leaf equals the value, else why not (prefixed 'unreadable:')."""
    if file.key not in docs:
        if scan.data is None:
            docs[file.key] = (
                False,
                f"is over {JSON_MAX_BYTES} bytes, too large for a JSON binding",
            )
        else:
            docs[file.key] = _load_json(scan.data)
    ok, doc = docs[file.key]
    if not ok:
        return f"unreadable:{file.rel} {doc}"
    assert plan.tokens is not None
    found, leaf = _lookup(doc, plan.tokens)
    if not found:
        return f"{file.rel} has nothing at #{plan.pointer}"
    if isinstance(leaf, dict | list):
        kind = "an object" if isinstance(leaf, dict) else "an array"
        return f"{file.rel}#{plan.pointer} is {kind}, not a leaf"
    if not _leaf_equals(leaf, plan.value):
        return f"{file.rel}#{plan.pointer} holds a different value"
    return None


def _finish(
    plan: _Plan, claim: Mapping[str, Any], scans: dict[str, FileScan], docs: dict[str, Any]
) -> dict[str, Any]:
    value, source = claim.get("value"), claim.get("source")
    unreadable: tuple[str, str] | None = None
    misses: list[str] = []
    for file in plan.files:
        scan = scans[file.key]
        if scan.error is not None:
            unreadable = unreadable or (file.rel, f"{file.rel} {scan.error}")
            continue
        if plan.tokens is not None:
            why = _binding(plan, file, scan, docs)
            if why is None:
                return _result(
                    "verified",
                    value,
                    source,
                    f"{file.rel}#{plan.pointer} equals the value",
                    file.rel,
                )
            if why.startswith("unreadable:"):
                unreadable = unreadable or (file.rel, why.removeprefix("unreadable:"))
            else:
                misses.append(why)
            continue
        hit = scan.hits.get(plan.value.key)
        if hit is not None:
            return _result(
                "verified",
                value,
                source,
                f"found at {file.rel}:{hit.line}:{hit.column}",
                file.rel,
                hit.line,
                hit.column,
            )
    if unreadable is not None:
        return _result("unreadable", value, source, unreadable[1], unreadable[0])
    if plan.tokens is not None:
        detail = (
            misses[0]
            if len(plan.files) == 1
            else f"no file matching {plan.path} holds it at #{plan.pointer}"
        )
    elif len(plan.files) == 1:
        detail = f"value not found in {plan.files[0].rel}"
    else:
        detail = f"value not found in any of the {len(plan.files)} files matching {plan.path}"
    return _result(
        "value_not_found",
        value,
        source,
        detail,
        plan.files[0].rel if len(plan.files) == 1 else None,
    )


def _root(root: str | os.PathLike[str]) -> str:
    real = os.path.realpath(os.fspath(root))
    if not os.path.isdir(real):
        raise NotADirectoryError(f"evidence root {os.fspath(root)!r} is not a directory")
    return real


def _identities(paths: Iterable[str | os.PathLike[str]]) -> frozenset[tuple[int, int]]:
    """(device, inode) of each path that exists: a hard link or symlink to it is it."""
    out = set()
    for p in paths:
        try:
            st = os.stat(os.fspath(p))
        except (OSError, ValueError):
            continue
        out.add((st.st_dev, st.st_ino))
    return frozenset(out)


def _scan_one(
    root_fd: int,
    file: EvidenceFile,
    values: list[Value],
    needs_json: bool,
    max_bytes: int,
    chunk_size: int,
) -> FileScan:
    """Open ``file`` beneath root again (no symlink followed) and scan it, if it is
    still the file that was resolved."""
    try:
        fd = open_beneath(root_fd, file.parts)
    except OSError as exc:
        return FileScan(error=f"changed while being checked ({exc.strerror or exc})")
    try:
        st = os.fstat(fd)
        if (st.st_dev, st.st_ino) != (file.dev, file.ino):
            return FileScan(error="changed while being checked (another file is there now)")
        return scan_fd(
            fd,
            [v for v in values if isinstance(v, NumberValue)],
            [v for v in values if isinstance(v, TextValue)],
            suffix=os.path.splitext(file.rel)[1].lower(),
            max_bytes=max_bytes,
            keep_bytes=JSON_MAX_BYTES if needs_json else 0,
            chunk_size=chunk_size,
        )
    except OSError as exc:
        return FileScan(error=f"could not be read ({exc.strerror or exc})")
    except Exception as exc:  # a bug must cost this file's claims, never the batch
        return FileScan(error=f"could not be checked ({type(exc).__name__}: {exc})")
    finally:
        os.close(fd)


def check_batch(
    claims: Sequence[object],
    root: str | os.PathLike[str],
    *,
    exclude: Iterable[str | os.PathLike[str]] = (),
    max_bytes: int = DEFAULT_MAX_BYTES,
    chunk_size: int | None = None,
) -> dict[str, Any]:
    """Check many claims ``{id?, value, source}``, reading each cited file once.

    Returns ``{"results": [...], "summary": {status: count}}`` with results in
    claim order. ``exclude`` names files (the claims file) that never count as
    evidence, nor does any hard link or symlink to them. Raises NotADirectoryError if
    ``root`` is not a directory; never raises for a claim.
    """
    root_real = _root(root)
    excluded = _identities(exclude)
    try:
        root_fd = open_root(root_real)
    except OSError as exc:
        raise NotADirectoryError(f"evidence root {os.fspath(root)!r} cannot be opened") from exc
    try:
        cache: dict[str, Any] = {}
        plans = [_guarded_plan(c, root_fd, root_real, excluded, cache) for c in claims]
        # Group the values by file so that each file is scanned once for all of them.
        wanted: dict[str, tuple[EvidenceFile, dict[object, Value], bool]] = {}
        for plan in plans:
            if isinstance(plan, _Plan):
                for file in plan.files:
                    entry = wanted.setdefault(file.key, (file, {}, False))
                    if plan.tokens is not None:
                        wanted[file.key] = (file, entry[1], True)
                    else:
                        entry[1][plan.value.key] = plan.value
        scans: dict[str, FileScan] = {}
        for key in sorted(wanted):
            file, values, needs_json = wanted[key]
            scans[key] = _scan_one(
                root_fd,
                file,
                list(values.values()),
                needs_json,
                max_bytes,
                chunk_size or CHUNK_SIZE,
            )
    finally:
        os.close(root_fd)
    docs: dict[str, Any] = {}
    results = []
    for claim, plan in zip(claims, plans, strict=True):
        if isinstance(plan, _Plan):
            assert isinstance(claim, Mapping)  # _plan only plans mappings
            try:
                out = _finish(plan, claim, scans, docs)
            except Exception as exc:  # a bug must cost this claim, never the batch
                out = _failed(claim, exc)
        else:
            out = plan
        claim_id = claim.get("id") if isinstance(claim, Mapping) else None
        valid_id = isinstance(claim_id, str | int) and not isinstance(claim_id, bool)
        results.append({"id": claim_id if valid_id else None, **out})
    summary = dict.fromkeys(STATUSES, 0)
    for r in results:
        summary[r["status"]] += 1
    return {"results": results, "summary": summary}


def check_claim(
    value: object,
    source: object,
    root: str | os.PathLike[str],
    *,
    exclude: Iterable[str | os.PathLike[str]] = (),
    max_bytes: int = DEFAULT_MAX_BYTES,
) -> dict[str, Any]:
    """Check one claim: does ``value`` occur in the file ``source`` names under ``root``?

    Returns ``{status, value, source, file, line, column, detail}``; ``file`` is
    relative to root (POSIX), ``line`` and ``column`` are 1-based (characters).
    """
    result = check_batch(
        [{"value": value, "source": source}], root, exclude=exclude, max_bytes=max_bytes
    )
    out: dict[str, Any] = result["results"][0]
    del out["id"]
    return out
