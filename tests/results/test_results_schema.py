"""The results format: every document the harness writes follows the shipped schema,
and every garbled one is refused by name (field and problem), never read half-way."""

from __future__ import annotations

import errno
import json
import os
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pytest_core_verify._core.pin_names import pin_path, snapshot_file_stem
from pytest_core_verify._core.write_advice import write_advice
from pytest_core_verify._results.compare import compare_documents
from pytest_core_verify._results.document import (
    ResultsError,
    append_history,
    history_schema,
    parse_document,
    results_schema,
)
from pytest_core_verify._results.history import load_history
from tests.helpers import GARBLED, examples, results_document_example


def test_the_schema_is_a_valid_json_schema_and_ships_with_the_package() -> None:
    jsonschema.Draft202012Validator.check_schema(results_schema())
    assert results_schema()["$defs"]["pending"]["required"]
    jsonschema.Draft202012Validator.check_schema(history_schema())


def test_what_the_harness_writes_follows_the_schema() -> None:
    doc = results_document_example()
    assert parse_document(json.dumps(doc), "x.json") == doc


@pytest.mark.parametrize("kind", sorted(GARBLED))
def test_each_kind_of_garbled_results_is_refused_naming_the_field(kind: str) -> None:
    garble, expected = GARBLED[kind]
    with pytest.raises(ResultsError) as refused:
        parse_document(garble(results_document_example()), "run/x.json")
    message = str(refused.value)
    assert message.startswith("run/x.json: not a results file ("), message
    assert expected in message, message
    assert len(message) < 400, message  # a bad value is quoted short


@settings(max_examples=examples(200), suppress_health_check=[HealthCheck.too_slow], deadline=None)
@given(
    kind=st.sampled_from(sorted(GARBLED)),
    case=st.integers(min_value=0, max_value=2),
    score=st.floats(allow_nan=False, allow_infinity=False),
)
def test_garbled_results_are_refused_and_valid_ones_compare(
    kind: str, case: int, score: float
) -> None:
    """Whatever the document around it, a garbling is refused by the reader; an ungarbled
    document reads back as written and the comparison of two of them does not raise."""
    doc = results_document_example()
    doc["cases"] = doc["cases"][case:] + doc["cases"][:case]
    doc["metrics"]["score"] = score
    assert parse_document(json.dumps(doc), "a.json") == doc
    key = ("demo", "public", "v1")
    compare_documents({key: doc}, {key: doc})
    garble, _ = GARBLED[kind]
    with pytest.raises(ResultsError, match="not a results file"):
        parse_document(garble(json.loads(json.dumps(doc))), "a.json")


def test_a_pending_result_is_checked_against_its_own_definition() -> None:
    good: dict[str, Any] = {
        "lane": "demo",
        "split": "dev",
        "version": None,
        "case_id": "c",
        "result": {},
    }
    assert parse_document(json.dumps(good), "p.json", kind="pending") == good
    missing = {k: v for k, v in good.items() if k != "case_id"}
    with pytest.raises(ResultsError, match=r"p.json: not a pending result \(case_id: missing\)"):
        parse_document(json.dumps(missing), "p.json", kind="pending")
    with pytest.raises(ResultsError, match=r"\(case_id: is null; expected string\)"):
        parse_document(json.dumps({**good, "case_id": None}), "p.json", kind="pending")
    for lane in ("..", "a/b", "/etc"):
        with pytest.raises(ResultsError, match=r"lane: is"):
            parse_document(json.dumps({**good, "lane": lane}), "p.json", kind="pending")


def test_the_pin_path_stays_under_the_snapshots_directory(tmp_path: Path) -> None:
    path = pin_path(tmp_path, "demo", "public", "v1", "../../etc/passwd")
    assert path.parent == tmp_path / "demo" / "public" / "v1"
    assert path.name == snapshot_file_stem("../../etc/passwd") + ".json"
    for lane in ("..", "a/b", ""):
        with pytest.raises(ValueError, match="not one directory name"):
            pin_path(tmp_path, lane, "dev", None, "c")


def test_the_history_log_is_read_line_by_line_against_the_schema(tmp_path: Path) -> None:
    log = tmp_path / "h.jsonl"
    append_history(log, [results_document_example(), results_document_example(lane="other")])
    assert [d["lane"] for d in load_history(log)] == ["demo", "other"]
    with log.open("a") as handle:
        handle.write(json.dumps(results_document_example(thresholds=[1])) + "\n")
    with pytest.raises(ResultsError, match=r"h.jsonl:3: not a results file \(thresholds: is"):
        load_history(log)


def test_a_failed_history_append_leaves_the_log_as_it_was(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    log = tmp_path / "h.jsonl"
    append_history(log, [results_document_example()])
    before = log.read_bytes()
    real_write = os.write

    def half_then_full(fd: int, data: bytes) -> int:
        # Half of it lands, then the disk is full: what a real full disk does.
        monkeypatch.setattr(os, "write", _full)
        return real_write(fd, data[: len(data) // 2])

    def _full(fd: int, data: bytes) -> int:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "write", half_then_full)
    with pytest.raises(ResultsError) as refused:
        append_history(log, [results_document_example(), results_document_example()])
    monkeypatch.setattr(os, "write", real_write)
    assert log.read_bytes() == before
    message = str(refused.value)
    assert "No space left on device; the log is as it was" in message
    assert "is full: free space there" in message and "writable" not in message
    assert len(load_history(log)) == 1
    # A log that ends in half a line (from an older version) is named, not appended to.
    log.write_bytes(before + b'{"lane": ')
    with pytest.raises(ResultsError, match="its last line is incomplete"):
        append_history(log, [results_document_example()])


@pytest.mark.parametrize(
    ("code", "advice"),
    [
        (errno.ENOSPC, "is full: free space there"),
        (errno.EDQUOT, "is full: free space there"),
        (errno.EROFS, "read-only file system"),
        (errno.EACCES, "make d writable"),
        (errno.EIO, "fix the cause at d"),
    ],
)
def test_write_advice_names_the_cause(code: int, advice: str) -> None:
    assert advice in write_advice(OSError(code, os.strerror(code)), "d")
