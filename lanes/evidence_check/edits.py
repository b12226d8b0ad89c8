"""Metamorphic relations of the evidence_check lane: how the check must answer a case
one step away from a case.

Each relation is an ``edit(case) -> new case | None`` (None: the relation does not apply
to that case) and what the perturbed result must be, given the original's:

- ``changed_digit``: one digit of a verified numeric value changed (to a number whose
  every spelling is absent from the files the source names) is not ``verified``;
- ``dot_slash``: the same source spelled ``./path`` gets the same status;
- ``longer_token``: the value written into a file only as part of a longer token (a
  letter glued before it, a digit or letter after it) is not ``verified`` there.

An edit is deterministic and has no side effect: it reads the fixture projects (to pick
a digit whose change leaves no spelling of the new number in the cited files) and
returns a new dict; the case it is given is not changed. ``RELATIONS`` lists them with
their expectations, in the form the harness's perturbations take (``expect`` is "same"
or a callable ``(original_result, perturbed_result) -> bool``).
"""

from __future__ import annotations

import copy
import glob
import json
import pathlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Literal

from pytest_core_verify.systems.evidence._chars import fold_file
from pytest_core_verify.systems.evidence._check import _parse_value
from pytest_core_verify.systems.evidence._numbers import NumberValue, literals
from pytest_core_verify.systems.evidence._sources import split_binding

__all__ = ["RELATIONS", "Relation", "changed_digit", "dot_slash", "longer_token", "status"]

PROJECTS = pathlib.Path(__file__).parent / "projects"
#: Where ``longer_token`` writes its file, under the project copy's root.
LONGER_TOKEN_FILE = "perturbed/longer_token.txt"

Case = dict[str, Any]
Result = Mapping[str, Any]
Expect = Literal["same", "different"] | Callable[[Result, Result], bool]


def status(result: Result) -> object:
    """The view every relation here compares: the status."""
    return result["status"]


@dataclass(frozen=True)
class Relation:
    """A perturbation and the relation its result must have to the original's."""

    name: str
    edit: Callable[[Case], Case | None]
    expect: Expect
    #: What of a result a "same" or "different" relation compares.
    view: Callable[[Result], object] = status


def _not_verified(_original: Result, perturbed: Result) -> bool:
    return bool(perturbed["status"] != "verified")


def _value_text(value: object) -> str | None:
    """The value as it is written: a string as is, a number by its JSON spelling."""
    if isinstance(value, str):
        return value
    if isinstance(value, bool) or not isinstance(value, int | float):
        return None
    return json.dumps(value)


def _cited_texts(case: Mapping[str, Any]) -> list[str] | None:
    """The folded texts of the fixture files the case's source names, or None when the
    fixture alone does not say (a file made at run time, a link, nothing there)."""
    source = case.get("source")
    if not isinstance(source, str):
        return None
    path, _pointer = split_binding(source)
    root = PROJECTS / str(case.get("project", ""))
    if not path or path.startswith("/") or ".." in path.split("/") or not root.is_dir():
        return None
    literal = root / path
    if literal.is_file() and not literal.is_symlink():
        files = [literal]
    else:
        files = sorted(
            pathlib.Path(p)
            for p in glob.glob(glob.escape(str(root)) + "/" + path, recursive=True)
            if pathlib.Path(p).is_file()
        )
    if not files or case.get("generate_files"):
        return None
    texts = []
    for f in files:
        try:
            texts.append(fold_file(f.read_bytes().decode("utf-8")))
        except UnicodeDecodeError:
            continue  # an unreadable file holds no value
    return texts


def changed_digit(case: Case) -> Case | None:
    """A verified numeric value with one digit changed, so that no spelling of the new
    number (none of its literals, see ``_numbers.literals``) occurs in the cited files:
    it must not verify. From the last digit to the first, each replacement in order."""
    if case.get("expected_status") != "verified":
        return None
    text = _value_text(case.get("value"))
    if text is None or not isinstance(_parse_value(case["value"]), NumberValue):
        return None
    texts = _cited_texts(case)
    if texts is None:
        return None
    for i in reversed(range(len(text))):
        if not text[i].isdigit() or not text[i].isascii():
            continue
        for step in range(1, 10):
            new = text[:i] + str((int(text[i]) + step) % 10) + text[i + 1 :]
            parsed = _parse_value(new)
            if not isinstance(parsed, NumberValue):
                continue
            if any(lit in t for lit in literals(parsed) for t in texts):
                continue
            out = copy.deepcopy(case)
            out["value"] = new if isinstance(case["value"], str) else json.loads(new)
            out["expected_status"] = "value_not_found"
            return out
    return None


def dot_slash(case: Case) -> Case | None:
    """The same relative source spelled ``./source``: the same status."""
    source = case.get("source")
    if not isinstance(source, str):
        return None
    path, _pointer = split_binding(source)
    if not path or path.startswith(("/", "\\", "./")) or (len(path) > 1 and path[1] == ":"):
        return None
    out = copy.deepcopy(case)
    out["source"] = "./" + source
    return out


def longer_token(case: Case) -> Case | None:
    """A verified value written into a file only as part of a longer token: a letter
    glued before it (if it starts with a letter or digit) and a digit or letter after it
    (if it ends with one). The claim of the value there must not verify."""
    if case.get("expected_status") != "verified":
        return None
    text = _value_text(case.get("value"))
    if not text or text != text.strip():
        return None
    first, last = text[0], text[-1]
    left = "k" if first.isalnum() else ""
    right = ("7" if last.isdigit() else "k") if last.isalnum() else ""
    if not (left or right):
        return None
    out = copy.deepcopy(case)
    out["source"] = LONGER_TOKEN_FILE
    out["write_files"] = {LONGER_TOKEN_FILE: f"the run gave {left}{text}{right} in the end\n"}
    out["expected_status"] = "value_not_found"
    for key in ("claims_file", "generate_files", "max_bytes"):
        out.pop(key, None)
    return out


RELATIONS: tuple[Relation, ...] = (
    Relation("changed_digit", changed_digit, _not_verified),
    Relation("dot_slash", dot_slash, "same"),
    Relation("longer_token", longer_token, _not_verified),
)
