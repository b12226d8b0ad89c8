"""Perturbations: the ``@perturbation`` declaration a lane uses, the relation it
promises between a case's result and a perturbed case's, and the rate a lane reports
for it (pure: no pytest import).

A perturbation is a function ``case -> new case | None`` in ``lane.py``: ``None`` says
it does not apply to this case. Each case it applies to gets a perturbed item, named
``<case id>~<perturbation name>``, run twice and pinned like any case; its relation
(``expect``) is checked against the original case's result, and the item's value for
the lane metric ``perturbation:<name>`` is ``true`` when the relation held. The lane's
value is the mean over the perturbed items that reported, that is, the fraction of the
applicable cases whose relation holds.

This module is imported by ``lane.py`` files (through ``pytest_core_verify``), also in
the replay helper's process: it imports nothing beyond the standard library and
``_core.canonical``.
"""

from __future__ import annotations

import copy
import functools
import hashlib
import random
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Literal, TypeAlias

from pytest_core_verify._core.canonical import (
    NotCanonicalError,
    canonical_bytes,
    diff_json_paths,
    pretty_json,
    short_diff,
)

__all__ = [
    "METRIC_PREFIX",
    "SEPARATOR",
    "Expect",
    "Perturbation",
    "PerturbationError",
    "RelationCheck",
    "RelationError",
    "check_relation",
    "metric_of",
    "perturb",
    "perturbation",
    "perturbation_of",
    "perturbation_random",
    "perturbed_id",
    "split_perturbed_id",
]

#: Between a case id and a perturbation name in a perturbed item's id. Case ids of a
#: lane that declares perturbations may not contain it, so the split is unambiguous.
SEPARATOR = "~"
#: The lane metric of perturbation ``p`` is ``perturbation:p``.
METRIC_PREFIX = "perturbation:"
#: A perturbation name: a Python identifier, so that ``-k NAME`` selects its items and
#: the pin ``<case id>~<name>.json`` needs no escaping beyond the case id's.
_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
#: How much of a value a failure message quotes.
_QUOTE_CHARS = 300

Relation: TypeAlias = Callable[[Any, Any], bool]
Expect: TypeAlias = Literal["same", "different"] | Relation
View: TypeAlias = Callable[[Any], Any]
Edit: TypeAlias = Callable[[dict[str, Any]], "dict[str, Any] | None"]


class PerturbationError(Exception):
    """A perturbation that cannot be used on a case (it raised, returned something that
    is not a case, or is not deterministic); the text names the perturbation, the case
    and the fix. ``withheld`` is the same for a sealed case: no content at all."""

    def __init__(self, message: str, withheld: str) -> None:
        super().__init__(message)
        self.withheld = withheld


class RelationError(Exception):
    """The relation or the view raised, or the relation returned something that is not a
    bool; the text names the perturbation. The cause is the original exception."""


def _where(fn: Callable[..., Any]) -> str:
    """``name (file:line)`` of a function, as a failure message shows it."""
    name = getattr(fn, "__qualname__", None) or getattr(fn, "__name__", None) or repr(fn)
    code = getattr(fn, "__code__", None)
    if code is None:
        return name
    filename = code.co_filename.replace("\\", "/").rsplit("/", 1)[-1]
    return f"{name} ({filename}:{code.co_firstlineno})"


class Perturbation:
    """A declared perturbation: the edit, its name, and the relation it promises.

    Callable like the function it wraps, so lane code and tests can call it directly.
    """

    def __init__(self, fn: Edit, *, name: str, expect: Expect, view: View | None) -> None:
        self.fn = fn
        self.name = name
        self.expect = expect
        self.view = view
        functools.update_wrapper(self, fn)

    def __call__(self, case: dict[str, Any]) -> dict[str, Any] | None:
        return self.fn(case)

    def __repr__(self) -> str:
        return f"<perturbation {self.name!r} expect={self.relation_label}>"

    @property
    def metric(self) -> str:
        return metric_of(self.name)

    @property
    def relation_label(self) -> str:
        """``same``, ``different`` or the relation function's name and place."""
        return self.expect if isinstance(self.expect, str) else _where(self.expect)

    def describe(self) -> str:
        """The relation as a failure message names it: ``relation: same, view: f (...)``."""
        text = f"relation: {self.relation_label}"
        if self.view is not None:
            text += f", view: {_where(self.view)}"
        return text


def perturbation(
    fn: Edit | None = None,
    /,
    *,
    expect: Expect = "same",
    view: View | None = None,
    name: str | None = None,
) -> Any:
    """Declare ``fn(case) -> new case | None`` as one of the lane's perturbations.

    ``expect``: ``"same"`` (the perturbed case's result equals the original case's),
    ``"different"`` (it does not), or ``relation(original_result, perturbed_result) ->
    bool``. ``view(result)`` projects both results before they are compared (or given to
    the relation). ``name`` defaults to the function's name.

    Returns a ``Perturbation``; the wrapped function itself is left as it was, so one
    plain edit function can be declared by several lanes, each with its own relation::

        reordered = perturbation(expect="same", name="reordered")(edits.reorder)
    """
    if not (expect in ("same", "different") or (callable(expect) and not isinstance(expect, str))):
        raise TypeError(
            f"@perturbation(expect={expect!r}): expect is 'same', 'different' or a function "
            "(original_result, perturbed_result) -> bool"
        )
    if view is not None and not callable(view):
        raise TypeError(
            f"@perturbation(view={view!r}): view is a function result -> the part of the "
            "result to compare, or None for the whole result"
        )

    def declare(f: Edit) -> Perturbation:
        if isinstance(f, Perturbation):
            f = f.fn  # declared again (another lane's relation for the same edit)
        if not callable(f):
            raise TypeError(
                f"@perturbation decorates a function case -> new case or None, not {f!r}"
            )
        chosen = name if name is not None else getattr(f, "__name__", None)
        if not isinstance(chosen, str) or not _NAME.fullmatch(chosen):
            raise ValueError(
                f"@perturbation: the name {chosen!r} is not a Python identifier; pass "
                "name='...' with letters, digits and underscores (it names the items "
                "<case id>~<name> and the metric perturbation:<name>)"
            )
        return Perturbation(f, name=chosen, expect=expect, view=view)

    return declare(fn) if fn is not None else declare


def perturbation_of(obj: object) -> Perturbation | None:
    """``obj`` if it is a declared perturbation, else ``None``."""
    return obj if isinstance(obj, Perturbation) else None


def metric_of(name: str) -> str:
    """The lane metric of the perturbation ``name``."""
    return METRIC_PREFIX + name


def perturbed_id(case_id: str, name: str) -> str:
    """The id (and pytest item name) of case ``case_id`` perturbed by ``name``."""
    return f"{case_id}{SEPARATOR}{name}"


def split_perturbed_id(item_id: str) -> tuple[str, str] | None:
    """``(case id, perturbation name)`` of a perturbed item's id, else ``None``."""
    case_id, sep, name = item_id.rpartition(SEPARATOR)
    if not sep or not case_id or not _NAME.fullmatch(name):
        return None
    return case_id, name


def perturbation_random(case: Mapping[str, Any], name: str) -> random.Random:
    """A ``random.Random`` seeded from the case's ``id`` and the perturbation's name.

    A perturbation that makes a random choice takes it from here, so that every
    process (each xdist worker collects on its own) and every run makes the same one::

        @perturbation(expect="same")
        def shuffled(case):
            premises = list(case["premises"])
            perturbation_random(case, "shuffled").shuffle(premises)
            return {**case, "premises": premises}
    """
    case_id = case.get("id")
    if not isinstance(case_id, str):
        raise TypeError(
            f"perturbation_random(case, {name!r}): the case has no string 'id' "
            f"(got {case_id!r}); pass the case the perturbation was given"
        )
    digest = hashlib.sha256(f"{case_id}\x00{name}".encode("utf-8", "surrogatepass")).digest()
    return random.Random(int.from_bytes(digest[:16], "big"))


def _one_call(p: Perturbation, case: Mapping[str, Any]) -> Any:
    # A copy each time: an edit that changes its argument in place must change neither
    # the original case (which runs as it is in the file) nor the second call's input.
    return p.fn(copy.deepcopy(dict(case)))


def perturb(p: Perturbation, case: Mapping[str, Any], case_id: str) -> dict[str, Any] | None:
    """The perturbed case, or ``None`` when ``p`` does not apply to ``case``.

    ``p`` is called twice, on fresh copies: two different answers mean a choice that is
    not seeded (``perturbation_random``), which would give each xdist worker other
    items. Raises ``PerturbationError`` naming ``p`` and the case."""
    where = f"perturbation {p.name!r} on case {case_id!r}"
    withheld_where = f"perturbation {p.name!r} on holdout case {case_id!r}"
    results = []
    for _ in range(2):
        try:
            results.append(_one_call(p, case))
        except Exception as exc:
            raise PerturbationError(
                f"{where} raised {type(exc).__name__}: {exc}",
                f"{withheld_where} raised {type(exc).__name__}",
            ) from exc
    first, second = results
    if first is None and second is None:
        return None
    if first is None:
        first, second = second, first  # a case and None: not deterministic, said below
    if not isinstance(first, dict):
        return_type = type(first).__name__
        raise PerturbationError(
            f"{where} returned a {return_type}; return the new case (a dict) or None when "
            "the perturbation does not apply",
            f"{withheld_where} returned a {return_type}, not a case or None",
        )
    try:
        first_bytes = canonical_bytes(first)
    except NotCanonicalError as exc:
        raise PerturbationError(
            f"{where} returned a case that is not canonical JSON at {exc.path}: {exc.reason}",
            f"{withheld_where} returned a case that is not canonical JSON",
        ) from None
    try:
        same = second is not None and canonical_bytes(second) == first_bytes
    except NotCanonicalError:
        same = False
    if not same:
        raise PerturbationError(
            f"{where} is not deterministic: two calls on the same case returned different "
            f"cases; take any random choice from perturbation_random(case, {p.name!r}) and "
            "iterate over sorted collections, not sets",
            f"{withheld_where} is not deterministic (two calls returned different cases)",
        )
    if "xfail" in first:
        raise PerturbationError(
            f'{where} returned a case with "xfail"; that field belongs to the harness and a '
            "perturbed case cannot be a known failure: return None where the relation is not "
            "expected to hold, and say why in the lane's contract",
            f'{withheld_where} returned a case with "xfail"',
        )
    return first


@dataclass(frozen=True)
class RelationCheck:
    """Whether the relation held, and for a failure, what differs (or what did not)."""

    holds: bool
    #: For a relation that did not hold: the explanation the item's failure shows.
    explanation: str = ""


def _same(left: Any, right: Any) -> bool:
    """Equal as canonical JSON (``1`` is not ``true``), or by ``==`` for other values."""
    try:
        return canonical_bytes(left) == canonical_bytes(right)
    except NotCanonicalError:
        return bool(left == right)


def _shown(value: Any) -> str:
    try:
        text = canonical_bytes(value).decode("utf-8")
    except NotCanonicalError:
        text = repr(value)
    return text if len(text) <= _QUOTE_CHARS else text[: _QUOTE_CHARS - 3] + "..."


def _differences(original: Any, perturbed: Any) -> str:
    """The JSON paths that differ and a short diff, original first."""
    paths = list(diff_json_paths(original, perturbed))
    shown = ", ".join(paths[:10]) + (f" (+{len(paths) - 10} more)" if len(paths) > 10 else "")
    try:
        diff = short_diff(
            pretty_json(original),
            pretty_json(perturbed),
            labels=("original", "perturbed"),
        )
    except (TypeError, ValueError):
        diff = f"original: {_shown(original)}\nperturbed: {_shown(perturbed)}"
    return f"differing JSON paths: {shown or '$'}\n{diff}"


def check_relation(p: Perturbation, original: Any, perturbed: Any) -> RelationCheck:
    """Check ``p``'s relation between the original case's result and the perturbed's.

    Raises ``RelationError`` (from the original exception) when the view or the
    relation raises, or the relation returns anything but a bool."""
    try:
        left = original if p.view is None else p.view(original)
        right = perturbed if p.view is None else p.view(perturbed)
    except Exception as exc:
        raise RelationError(
            f"the view of perturbation {p.name!r} raised {type(exc).__name__}"
        ) from exc
    subject = "view(result)" if p.view is not None else "the result"
    if p.expect == "same":
        if _same(left, right):
            return RelationCheck(True)
        return RelationCheck(
            False,
            f"{subject} of the perturbed case differs from the original case's; "
            f"{_differences(left, right)}",
        )
    if p.expect == "different":
        if not _same(left, right):
            return RelationCheck(True)
        return RelationCheck(
            False,
            f"{subject} of the perturbed case is the same as the original case's: {_shown(left)}",
        )
    relation = p.expect
    assert callable(relation)
    try:
        verdict = relation(left, right)
    except Exception as exc:
        raise RelationError(
            f"the relation of perturbation {p.name!r} raised {type(exc).__name__}"
        ) from exc
    if not isinstance(verdict, bool):
        raise RelationError(
            f"the relation of perturbation {p.name!r} returned {_shown(verdict)} (a "
            f"{type(verdict).__name__}); it must return True or False"
        )
    if verdict:
        return RelationCheck(True)
    text = f"the relation returned False for {subject} of the original and the perturbed case"
    if _same(left, right):
        text += f" (the same for both: {_shown(left)})"
    else:
        text += f"; {_differences(left, right)}"
    return RelationCheck(False, text)
