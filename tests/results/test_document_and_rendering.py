"""The results document as files, its rendering, and the one step-summary writer.

Pure modules, tested without pytester: what ``--results DIR`` writes reads back as the
same documents; the terminal and Markdown tables say what the aggregate says; the step
summary never turns an unwritable path into a failure.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pytest_core_verify._core import format as fmt
from pytest_core_verify._core.aggregate import CaseOutcome, LaneResult, Threshold, aggregate
from pytest_core_verify._core.clock import timestamp
from pytest_core_verify._core.lanes import CaseFileKey
from pytest_core_verify._results.document import (
    ResultsError,
    load_results,
    results_filename,
    write_results,
)
from pytest_core_verify._results.render import markdown_lines, overall_line, terminal_lines
from pytest_core_verify._results.summary import append_step_summary
from tests.helpers import examples

KEY = CaseFileKey("demo", "public", "v1")


def _outcome(case_id: str, hit: bool) -> CaseOutcome:
    return CaseOutcome(
        case_id=case_id,
        line=1,
        status="passed",
        trace_hash="0" * 64,
        trace_hash_replay="0" * 64,
        metrics={"correct": hit},
    )


def _lane(hits: list[bool]) -> LaneResult:
    outcomes = [_outcome(f"c{i}", hit) for i, hit in enumerate(hits)]
    return aggregate(KEY, {"correct": Threshold("correct", min=0.5)}, ["correct"], outcomes)


@settings(max_examples=examples(60), suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(st.booleans(), min_size=1, max_size=12))
def test_written_results_read_back_as_the_same_documents(
    tmp_path_factory: pytest.TempPathFactory, hits: list[bool]
) -> None:
    directory = tmp_path_factory.mktemp("results")
    result = _lane(hits)
    [path] = write_results([result], directory, when="2026-01-01T00:00:00Z")
    assert path.name == results_filename(result) == "demo.public.v1.json"
    loaded = load_results(directory)
    result.timestamp = "2026-01-01T00:00:00Z"
    assert loaded == {("demo", "public", "v1"): result.to_json()}
    doc = loaded[("demo", "public", "v1")]
    assert doc["metrics"]["correct"] == pytest.approx(sum(hits) / len(hits))
    assert doc["metrics"]["overall_pass"] is (sum(hits) / len(hits) >= 0.5)


def test_a_directory_without_results_is_an_error_naming_it(tmp_path: Path) -> None:
    (tmp_path / "other.json").write_text(json.dumps({"not": "results"}), encoding="utf-8")
    with pytest.raises(ResultsError, match="holds no results files"):
        load_results(tmp_path)


@pytest.mark.parametrize(("hits", "verdict"), [([True, True], "PASS"), ([False, False], "FAIL")])
def test_the_tables_say_the_aggregates_verdict(hits: list[bool], verdict: str) -> None:
    result = _lane(hits)
    assert verdict in overall_line(result)
    assert any("correct" in line and verdict in line for line in terminal_lines(result))
    markdown = "\n".join(markdown_lines([result]))
    assert f"| correct | {sum(hits) / len(hits):.4f} |" in markdown


def test_a_pipe_in_a_case_id_does_not_end_a_markdown_cell() -> None:
    assert fmt.md_cell("a|b") == "a\\|b"
    assert fmt.number(None) == "n/a" and fmt.number(0.123456) == "0.1235"
    assert fmt.signed(0) == "0" and fmt.signed(0.5) == "+0.5" and fmt.signed(-1) == "-1"


def test_the_clock_is_source_date_epoch_when_set(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1767225600")
    assert timestamp() == "2026-01-01T00:00:00Z"


def test_the_step_summary_is_appended_and_an_unwritable_one_is_a_warning(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("GITHUB_STEP_SUMMARY", raising=False)
    assert append_step_summary(["# x"], what="the tables") is None  # not on GitHub: nothing
    target = tmp_path / "summary.md"
    monkeypatch.setenv("GITHUB_STEP_SUMMARY", str(target))
    assert append_step_summary(["# one"], what="the tables") is None
    assert append_step_summary(["# two"], what="the tables") is None
    assert target.read_text(encoding="utf-8") == "# one\n# two\n"
    missing = tmp_path / "no" / "such" / "dir" / "summary.md"
    monkeypatch.setenv("GITHUB_STEP_SUMMARY", str(missing))
    warning = append_step_summary(["# three"], what="the tables")
    assert warning is not None
    assert str(missing) in warning and "cannot append the tables" in warning
