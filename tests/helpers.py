"""Helpers shared by the test suite: throwaway lanes built in a pytester directory, the
shipped lanes as the harness loads them, and results documents (whole and garbled).

The fixtures that use them are in ``tests/conftest.py``; test modules import the types
and builders from here (``from tests.helpers import MakeLane``), never from a conftest."""

from __future__ import annotations

import json
import textwrap
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import settings
from hypothesis import strategies as st

from pytest_core_verify._core.aggregate import CaseOutcome, Threshold, aggregate, results_document
from pytest_core_verify._core.lanes import CaseFileKey
from pytest_core_verify._results.document import MAX_DEPTH

DOUBLING_LANE = """
import pytest
from pytest_core_verify import metric

pytestmark = [pytest.mark.threshold("correct", min=0.5)]

def run(case, workdir):
    return {"double": case["x"] * 2}

@metric
def correct(case, result):
    return result["double"] == case.get("expect")
"""

MakeLane = Callable[..., Path]


def examples(count: int) -> int:
    """The Hypothesis examples of a test that asks for ``count`` in a developer's run,
    scaled by the loaded profile (``conftest.py``): the CI profile runs half of them,
    derandomized, so a red build replays exactly and the suite keeps inside CI's budget,
    while a developer's randomized runs keep the full count and keep exploring."""
    return max(1, count * settings.default.max_examples // 100)


def write_cases(path: Path, cases: Iterable[dict[str, Any] | str]) -> Path:
    """Write JSONL: dicts as compact JSON, strings as raw lines."""
    path.parent.mkdir(parents=True, exist_ok=True)
    lines = [c if isinstance(c, str) else json.dumps(c) for c in cases]
    path.write_text("".join(line + "\n" for line in lines), encoding="utf-8")
    return path


def lane_maker(pytester: pytest.Pytester) -> MakeLane:
    """``make_lane(name, code=DOUBLING_LANE, dev=[...], public={"v1": [...]})``.

    Writes ``lanes/<name>/lane.py`` (dedented) and the case files; returns the lane dir.
    An ini file is created once so the pytester dir is the rootdir.
    """
    if not (pytester.path / "pytest.ini").exists():
        pytester.makeini("[pytest]\n")

    def make(
        name: str = "demo",
        code: str | None = DOUBLING_LANE,
        dev: Iterable[dict[str, Any] | str] | None = None,
        public: dict[str, Iterable[dict[str, Any] | str]] | None = None,
        schema: dict[str, Any] | None = None,
    ) -> Path:
        lane_dir = pytester.path / "lanes" / name
        lane_dir.mkdir(parents=True, exist_ok=True)
        if code is not None:
            (lane_dir / "lane.py").write_text(textwrap.dedent(code), encoding="utf-8")
        if dev is not None:
            write_cases(lane_dir / "dev" / "cases.jsonl", dev)
        for version, cases in (public or {}).items():
            write_cases(lane_dir / "public" / version / "cases.jsonl", cases)
        if schema is not None:
            (lane_dir / "case.schema.json").write_text(json.dumps(schema), encoding="utf-8")
        return lane_dir

    return make


#: The repository's own lanes (the reference systems' lanes).
SHIPPED_LANES = Path(__file__).resolve().parents[1] / "lanes"


def shipped_lane_module(name: str) -> Any:
    """A shipped lane's ``lane.py``, imported as the harness imports it (a package of
    the lane directory, so its ``from . import edits`` finds the lane's helper modules)."""
    from pytest_core_verify._core.lanes import load_lane

    return load_lane(name, SHIPPED_LANES / name).module


# -- results documents, whole and garbled ----------------------------------------------


def results_document_example(**changes: Any) -> dict[str, Any]:
    """A results document as the harness writes it (three cases: passed, skipped, a
    known failure), with ``changes`` applied to its top level."""
    outcomes = [
        CaseOutcome("c-1", 1, "passed", "h1", "h1", {"score": 0.5, "ok": True}),
        CaseOutcome("c-2", 2, "skipped", None, None, {}),
        CaseOutcome(
            "c-3",
            3,
            "failed",
            "h3",
            "h3",
            {"score": None},
            xfail={"reason": "r", "outcome": "xfailed", "strict": True},
        ),
    ]
    result = aggregate(
        CaseFileKey("demo", "public", "v1"),
        {"score": Threshold("score", min=0.25)},
        ["score", "ok"],
        outcomes,
    )
    doc = results_document(result, when="2026-01-01T00:00:00Z")
    doc.update(changes)
    return doc


def _deep(depth: int) -> str:
    return "[" * depth + "]" * depth


def _with_case(**fields: Any) -> Callable[[dict[str, Any]], str]:
    def garble(doc: dict[str, Any]) -> str:
        doc["cases"][0] = {**doc["cases"][0], **fields}
        return json.dumps(doc)

    return garble


def _without_case_field(name: str) -> Callable[[dict[str, Any]], str]:
    def garble(doc: dict[str, Any]) -> str:
        del doc["cases"][0][name]
        return json.dumps(doc)

    return garble


def _set(**fields: Any) -> Callable[[dict[str, Any]], str]:
    def garble(doc: dict[str, Any]) -> str:
        doc.update(fields)
        return json.dumps(doc)

    return garble


def _drop(name: str) -> Callable[[dict[str, Any]], str]:
    def garble(doc: dict[str, Any]) -> str:
        del doc[name]
        return json.dumps(doc)

    return garble


def _text(transform: Callable[[str], str]) -> Callable[[dict[str, Any]], str]:
    return lambda doc: transform(json.dumps(doc))


#: Each kind of garbled results document, and what its error must say.
GARBLED: dict[str, tuple[Callable[[dict[str, Any]], str], str]] = {
    "a case without id": (_without_case_field("id"), "cases[0].id: missing"),
    "thresholds a list": (_set(thresholds=[1]), "thresholds: is [1]; expected object"),
    "a metric of 10**400": (
        _text(lambda t: t.replace('"score": 0.5', '"score": ' + str(10**400), 1)),
        "a number: an integer of 401 digits",
    ),
    "100,000-deep nesting": (
        _text(lambda t: t.replace('"extra": {}', '"extra": {"x": ' + _deep(100_000) + "}")),
        f"nested deeper than {MAX_DEPTH}",
    ),
    "a NaN metric": (
        _text(lambda t: t.replace('"score": 0.5', '"score": NaN', 1)),
        "NaN is not a number JSON allows",
    ),
    "a metric of 1e400": (
        _text(lambda t: t.replace('"score": 0.5', '"score": 1e400', 1)),
        "1e400 is past what a float holds",
    ),
    "cases an object": (_set(cases={}), "cases: is {}; expected array"),
    "metrics a string": (_set(metrics="x"), 'metrics: is "x"; expected object'),
    "a metric a string": (
        _set(metrics={"score": "0.5"}),
        'metrics.score: is "0.5"; expected a bool, a number a float holds, or null',
    ),
    "an unknown case status": (_with_case(status="weird"), "cases[0].status: is"),
    "no lane": (_drop("lane"), "lane: missing"),
    "a threshold bound a string": (
        _set(thresholds={"score": {"min": "0.5"}}),
        "thresholds.score.min: is",
    ),
    "case metrics a list": (_with_case(metrics=[1]), "cases[0].metrics: is [1]"),
    "xfail a string": (_with_case(xfail="why"), 'cases[0].xfail: is "why"'),
    "a list, not an object": (lambda doc: json.dumps([doc]), "the document: is"),
    "a version that is a path": (_set(version="../x"), 'version: is "../x"'),
    "a case id a number": (_with_case(id=7), "cases[0].id: is 7"),
    "half a line": (_text(lambda t: t[: len(t) // 2]), "invalid JSON at line 1"),
    "an unknown split": (_set(split="prod"), 'split: is "prod"'),
}


def shipped_lane_cases(name: str) -> list[dict[str, Any]]:
    """Every case of a shipped lane's dev and public splits, in file order."""
    lane = SHIPPED_LANES / name
    out: list[dict[str, Any]] = []
    for path in [*sorted(lane.glob("dev/cases.jsonl")), *sorted(lane.glob("public/*/cases.jsonl"))]:
        out += [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line]
    return out


def assert_edits_are_pure(edits: Any, cases: list[dict[str, Any]]) -> None:
    """Every edit of a lane's ``edits.EDITS`` leaves its case as it was and gives the same
    new case twice (its choices are seeded by the case, never by the run)."""
    import copy

    for case in cases:
        for edit in edits.EDITS.values():
            before = copy.deepcopy(case)
            first, second = edit(case), edit(copy.deepcopy(case))
            assert case == before
            assert first == second


def assert_edits_give_valid_cases(edits: Any, lane: str, cases: list[dict[str, Any]]) -> None:
    """Every case an edit of the shipped lane ``lane`` makes is valid against its schema."""
    import jsonschema

    schema = json.loads((SHIPPED_LANES / lane / "case.schema.json").read_text(encoding="utf-8"))
    for case in cases:
        for edit in edits.EDITS.values():
            new = edit(case)
            if new is not None:
                jsonschema.validate(new, schema)


def case_outcomes(values: st.SearchStrategy[Any]) -> st.SearchStrategy[list[CaseOutcome]]:
    """1 to 12 outcomes of a split's cases, of every status, with the metrics ``m`` and
    ``n`` drawn from ``values`` (what aggregation and the history lines are tested on)."""

    @st.composite
    def outcomes(draw: st.DrawFn) -> list[CaseOutcome]:
        return [
            CaseOutcome(
                case_id=f"c{i}",
                line=i + 1,
                status=draw(st.sampled_from(["passed", "failed", "skipped", "error"])),
                trace_hash=None,
                trace_hash_replay=None,
                metrics={"m": draw(values), "n": draw(values)},
                xfail=draw(st.none() | st.just({"reason": "known", "outcome": "xfailed"})),
            )
            for i in range(draw(st.integers(1, 12)))
        ]

    return outcomes()
