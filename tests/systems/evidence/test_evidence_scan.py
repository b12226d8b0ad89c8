"""Streaming: chunk boundaries, locations, fail-closed reading, one read per file."""

from __future__ import annotations

import json
import os
import pathlib
import tracemalloc
from typing import Any

import pytest

from pytest_core_verify.systems.evidence import check_batch, check_claim
from pytest_core_verify.systems.evidence._check import check_batch as batch_with_chunks

VALUES: list[Any] = [
    73.2,
    "73.2%",
    -0.25,
    1000,
    1234567,
    0.00001,
    "acc 73.5",
    "best model",
    "final score",
    "banana",
    7,
    "\u00e9t\u00e9 73",
]


def _claims(source: str) -> list[dict[str, Any]]:
    return [{"id": i, "value": v, "source": source} for i, v in enumerate(VALUES)]


def test_results_do_not_depend_on_chunk_size(tmp_path: pathlib.Path) -> None:
    filler = "".join(f"row {i} x=\u00e9 y={i * 3}.5 z=v{i}\n" for i in range(40))
    text = (
        filler
        + "acc 73.20 and 73.2% and \u22120.25 and 1,000\n"
        + filler
        + "n=1,234,567 lr=1e-5 acc 73.5 the best\n\n   model \ufb01nal score banana"
        + "\nseven 7 \u00e9t\u00e9 73\n"
    )
    (tmp_path / "f.txt").write_text(text, encoding="utf-8")
    reference = check_batch(_claims("f.txt"), tmp_path)
    assert reference["summary"]["verified"] == len(VALUES), reference
    for chunk_size in (1, 2, 3, 5, 7, 64, 299, 300, 1000, 4096):
        assert batch_with_chunks(_claims("f.txt"), tmp_path, chunk_size=chunk_size) == reference


def test_text_boundary_is_checked_across_chunks(tmp_path: pathlib.Path) -> None:
    # A line over 1 MiB is cut for NFKC just before its last character, so with this
    # chunk size the buffer ends right after "split" while the file says "splits".
    chunk = (1 << 20) + 100
    core = " banana" + " " * 5000 + "splits"
    (tmp_path / "f.txt").write_text(
        "x" * (chunk - len(core)) + core + " and more\n", encoding="utf-8"
    )
    claims = [
        {"value": "banana split", "source": "f.txt"},
        {"value": "banana splits", "source": "f.txt"},
    ]
    for size in (chunk, 1 << 20):
        out = batch_with_chunks(claims, tmp_path, chunk_size=size)
        assert [r["status"] for r in out["results"]] == ["value_not_found", "verified"], size


def test_location_is_line_and_character_column(tmp_path: pathlib.Path) -> None:
    (tmp_path / "f.txt").write_text(
        "\u00e9\u00e9\u00e9\nab \u00e9 \u221242.5 x\n", encoding="utf-8"
    )
    r = check_claim(-42.5, "f.txt", tmp_path)
    assert (r["line"], r["column"]) == (2, 6)
    (tmp_path / "bom.txt").write_bytes(b"\xef\xbb\xbf73.2 then 9.5\n")
    assert check_claim(73.2, "bom.txt", tmp_path)["column"] == 1
    assert check_claim("then", "bom.txt", tmp_path)["column"] == 6


def test_first_occurrence_is_reported(tmp_path: pathlib.Path) -> None:
    (tmp_path / "f.txt").write_text("x\n" * 5000 + "v 73.2\n" + "y 73.2\n", encoding="utf-8")
    r = check_claim(73.2, "f.txt", tmp_path)
    assert (r["line"], r["column"]) == (5001, 3)


@pytest.mark.parametrize(
    ("tail", "reason"),
    [
        (b"\x00", "binary"),
        (b"\xff", "not valid UTF-8"),
        (b"\xe2\x88", "not valid UTF-8"),  # a character cut off at the end of the file
        (b"\xed\xa0\x80", "not valid UTF-8"),  # an encoded surrogate
    ],
)
def test_unreadable_anywhere_beats_a_match(
    tmp_path: pathlib.Path, tail: bytes, reason: str
) -> None:
    (tmp_path / "f.txt").write_bytes(b"value 73.2\n" + b"filler\n" * 300_000 + tail)
    r = check_claim(73.2, "f.txt", tmp_path)
    assert r["status"] == "unreadable" and reason in r["detail"], r


def test_size_cap_both_sides(tmp_path: pathlib.Path) -> None:
    (tmp_path / "f.txt").write_bytes(b"v 1.5\n" + b"x" * 94)
    assert check_claim(1.5, "f.txt", tmp_path, max_bytes=99)["status"] == "unreadable"
    assert check_claim(1.5, "f.txt", tmp_path, max_bytes=100)["status"] == "verified"


def test_empty_file(tmp_path: pathlib.Path) -> None:
    (tmp_path / "f.txt").write_bytes(b"")
    assert check_claim(1, "f.txt", tmp_path)["status"] == "value_not_found"


def test_batch_reads_each_file_once(tmp_path: pathlib.Path, open_recorder: Any) -> None:
    (tmp_path / "a.txt").write_text("x 1.5 y 2.5 banana\n", encoding="utf-8")
    (tmp_path / "b.json").write_text('{"k": 3.5}', encoding="utf-8")
    claims = [{"value": v, "source": "a.txt"} for v in (1.5, 2.5, 9.5, "banana", "kiwi")]
    claims += [{"value": 3.5, "source": "b.json#/k"}, {"value": 3.5, "source": "b.json"}]
    claims += [{"value": 2.5, "source": "*.txt"}, {"value": 3.5, "source": "**"}]
    with open_recorder() as opened:
        out = check_batch(claims, tmp_path)
    files = sorted(os.path.basename(p) for p, how in opened if how == "at")
    # Each file is opened once to resolve the claims naming it and once to scan it.
    assert files == ["a.txt", "a.txt", "b.json", "b.json"], opened
    out = check_batch(claims, tmp_path)
    assert [r["status"] for r in out["results"]] == [
        "verified",
        "verified",
        "value_not_found",
        "verified",
        "value_not_found",
        "verified",
        "verified",
        "verified",
        "verified",
    ]
    assert out["summary"] == {
        "verified": 7,
        "path_missing": 0,
        "value_not_found": 2,
        "unparseable": 0,
        "unreadable": 0,
        "outside_root": 0,
    }


def test_memory_stays_bounded(tmp_path: pathlib.Path) -> None:
    line = "2026-11-29T20:57:14Z INFO step=1234 loss=0.6931 acc=71.25% \u00e9t\u00e9 ok\n"
    with (tmp_path / "big.log").open("w", encoding="utf-8") as f:
        for _ in range(24 * 1024 * 1024 // len(line)):
            f.write(line)
    tracemalloc.start()
    try:
        out = check_batch(
            [
                {"value": 31415.9265, "source": "big.log"},
                {"value": "no such phrase", "source": "big.log"},
            ],
            tmp_path,
        )
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert out["summary"]["value_not_found"] == 2
    assert peak < 12 * 1024 * 1024, peak  # a few 1 MiB chunks, not the 24 MB file


def test_malformed_claims_do_not_hide_the_others(tmp_path: pathlib.Path) -> None:
    (tmp_path / "a.txt").write_text("v 1.5\n", encoding="utf-8")
    claims: list[Any] = [
        "not an object",
        {"source": "a.txt"},
        {"value": 1.5},
        {"value": float("nan"), "source": "a.txt"},
        {"value": float("inf"), "source": "a.txt"},
        {"value": "a\x00b", "source": "a.txt"},
        {"value": 1.5, "source": "a\x00.txt"},
        {"value": 1.5, "source": "#/x"},
        {"id": True, "value": 1.5, "source": "a.txt"},
    ]
    out = check_batch(claims, tmp_path)
    statuses = [r["status"] for r in out["results"]]
    assert statuses == ["unparseable"] * 8 + ["verified"]
    assert out["results"][-1]["id"] is None
    assert out["results"][3]["value"] is None  # NaN is never echoed: results stay JSON
    huge = check_claim(10**5000, "a.txt", tmp_path)
    assert huge["status"] == "value_not_found" and huge["value"] is None
    json.dumps(huge, allow_nan=False)
