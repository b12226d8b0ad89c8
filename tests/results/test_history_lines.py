"""``--results-history`` lines: compact (what the trends need, nothing of a case),
checked against their schema with file:line errors, and older logs' whole documents
still read, to the same lines and the same report."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pytest_core_verify._core.aggregate import (
    LaneResult,
    Threshold,
    aggregate,
    results_document,
)
from pytest_core_verify._core.lanes import CaseFileKey
from pytest_core_verify._results.document import ResultsError, append_history, parse_document
from pytest_core_verify._results.history import history_line, load_history, metric_verdict
from tests.helpers import case_outcomes, examples, results_document_example


def _run(when: str, score: float, **changes: Any) -> dict[str, Any]:
    """The example document as a later run: its timestamp and its mean of ``score``."""
    doc = results_document_example(timestamp=f"2026-01-{when}:00Z", **changes)
    doc["metrics"] = {**doc["metrics"], "score": score}
    return doc


def test_a_line_keeps_the_run_and_nothing_of_its_cases() -> None:
    doc = results_document_example()
    line = history_line(doc)
    assert line == {
        "history": 1,
        "lane": "demo",
        "split": "public",
        "version": "v1",
        "timestamp": "2026-01-01T00:00:00Z",
        "complete": doc["complete"],
        "partial": False,
        "metrics": doc["metrics"],
        "thresholds": {"score": {"min": 0.25}},
        "verdicts": {"score": "PASS"},
        "statuses": {"pass": 1, "skipped": 1, "xfail": 1},
    }
    text = json.dumps(line)
    assert not any(case["id"] in text for case in doc["cases"])
    assert history_line(line) == line  # a line is its own line
    assert parse_document(text, "x", kind="history") == line


def test_lines_are_a_small_fraction_of_the_documents() -> None:
    doc = results_document_example()
    doc["cases"] = [{**doc["cases"][0], "id": f"case-{i}"} for i in range(1000)]
    whole, compact = len(json.dumps(doc)), len(json.dumps(history_line(doc)))
    assert compact * 100 < whole


def test_an_old_log_and_a_new_log_read_to_the_same_lines(tmp_path: Path) -> None:
    runs = [_run("01T10:00", 0.5), _run("02T10:00", 0.2, partial=True), _run("03T10:00", 0.75)]
    old, new = tmp_path / "old.jsonl", tmp_path / "new.jsonl"
    old.write_text("".join(json.dumps(d) + "\n" for d in runs), encoding="utf-8")
    append_history(new, [history_line(d) for d in runs])
    assert load_history(old) == load_history(new) == [history_line(d) for d in runs]
    # A log of both kinds (an old log appended to by a newer version) reads whole.
    mixed = tmp_path / "mixed.jsonl"
    append_history(mixed, runs[:1])
    append_history(mixed, [history_line(d) for d in runs[1:]])
    assert load_history(mixed) == load_history(new)


def test_the_report_draws_the_same_trends_from_an_old_and_a_new_log(tmp_path: Path) -> None:
    html = pytest.importorskip("pytest_core_verify._results.html")
    pytest.importorskip("matplotlib")
    pytest.importorskip("jinja2")
    runs = [
        _run("01T10:00", 0.5),
        _run("01T11:30", 0.3),  # two runs on one day: labelled by their times
        _run("02T10:00", 0.2, partial=True),  # left out of the trends
        _run("04T10:00", 0.75),
    ]
    current = _run("05T10:00", 0.6)
    old, new = tmp_path / "old.jsonl", tmp_path / "new.jsonl"
    old.write_text("".join(json.dumps(d) + "\n" for d in runs), encoding="utf-8")
    append_history(new, [history_line(d) for d in runs])
    key = ("demo", "public", "v1")
    from_old = html.render_report({key: current}, load_history(old), with_history=True)
    from_new = html.render_report({key: current}, load_history(new), with_history=True)
    # The documents themselves, as the report read them before lines were compact.
    from_docs = html.render_report({key: current}, runs, with_history=True)
    assert from_old == from_new == from_docs
    # One plot per metric (score, ok) over four runs: two on one day, day 4, the current.
    assert from_new.count("<svg") == 2 and "trends over up to 4 run(s)" in from_new
    assert "2026-01-01 11:30" in from_new


def test_a_bad_compact_line_is_named_by_file_line_and_field(tmp_path: Path) -> None:
    log = tmp_path / "h.jsonl"
    good = history_line(results_document_example())
    bad = {**good, "statuses": {"passed": 2}}
    log.write_text(json.dumps(good) + "\n" + json.dumps(bad) + "\n", encoding="utf-8")
    with pytest.raises(ResultsError) as caught:
        load_history(log)
    message = str(caught.value)
    assert message.startswith(
        f'{log}:2: not a results history line (statuses: is "passed"; expected one of "pass"'
    )
    assert message.endswith("give a log written by pytest --results-history FILE")
    log.write_text(json.dumps({**good, "history": 7}) + "\n", encoding="utf-8")
    with pytest.raises(ResultsError, match=r"h.jsonl:1: .*\(history: is 7; expected one of 1\)"):
        load_history(log)
    log.write_text(json.dumps({**good, "cases": []}) + "\n", encoding="utf-8")
    with pytest.raises(ResultsError, match=r"h.jsonl:1: not a results history line \(.*cases"):
        load_history(log)


def test_an_old_line_is_checked_as_a_results_document(tmp_path: Path) -> None:
    log = tmp_path / "h.jsonl"
    log.write_text('{"lane": "x"}\n', encoding="utf-8")
    with pytest.raises(ResultsError, match=r"h.jsonl:1: not a results file \(split: missing\)"):
        load_history(log)
    log.write_text("{not json\n", encoding="utf-8")
    with pytest.raises(ResultsError, match=r"h.jsonl:1: not a results file \(invalid JSON"):
        load_history(log)


_bound = st.floats(-10, 10, allow_nan=False)


@given(value=_bound, low=st.none() | _bound, high=st.none() | _bound)
def test_a_verdict_without_confidence_is_the_mean_in_the_bounds(
    value: float, low: float | None, high: float | None
) -> None:
    bounds = {k: v for k, v in (("min", low), ("max", high)) if v is not None}
    inside = (low is None or value >= low) and (high is None or value <= high)
    interval = {"low": value - 1, "high": value + 1}  # ignored without a confidence level
    assert metric_verdict(value, bounds, interval) == ("PASS" if inside else "FAIL")
    assert metric_verdict(None, bounds, None) == "n/a"


@given(low=st.floats(0, 1), spread=st.floats(0, 0.5), threshold=st.floats(0, 1), at=st.floats(0, 1))
def test_a_confident_verdict_holds_on_the_lower_bound(
    low: float, spread: float, threshold: float, at: float
) -> None:
    interval = {"low": low, "high": low + spread}
    mean = low + spread * at
    verdict = metric_verdict(mean, {"min": threshold, "confidence": 0.95}, interval)
    assert verdict == ("PASS" if low >= threshold else "FAIL")


_VALUES = st.none() | st.booleans() | st.floats(0, 1)


@st.composite
def _lane_results(draw: st.DrawFn) -> LaneResult:
    """A lane split's result: cases of every status and values, and thresholds with and
    without a confidence level."""
    outcomes = draw(case_outcomes(_VALUES))
    confidence = draw(st.none() | st.sampled_from([0.9, 0.95]))
    thresholds = {
        "m": Threshold("m", min=draw(st.floats(0, 1)), confidence=confidence),
        "n": Threshold("n", max=draw(st.floats(0, 1))),
    }
    return aggregate(CaseFileKey("lane", "dev"), thresholds, ["m", "n"], outcomes)


@settings(max_examples=examples(150), deadline=None)
@given(_lane_results())
def test_a_line_follows_its_schema_and_gives_the_gates_verdicts(result: LaneResult) -> None:
    doc = results_document(result, when="2026-01-01T00:00:00Z")
    line = history_line(doc)
    assert parse_document(json.dumps(line), "h.jsonl:1", kind="history") == line
    words = {True: "PASS", False: "FAIL", None: "n/a"}
    assert line["verdicts"] == {name: words[s.passed] for name, s in result.metrics.items()}
    assert sum(line["statuses"].values()) == len(doc["cases"])
    assert "cases" not in line and line["metrics"] == doc["metrics"]
