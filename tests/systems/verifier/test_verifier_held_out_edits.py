"""The five held-out sets of edits of committed problems (SVAMP, GSM8K, ASDiv and, from the
third on, CORE and MAWPS styles, golds worked by hand; each was written after the fixes before it and
measured before any fix it led to): no commit is wrong. A gold of null means the text determines no answer: any commit is
wrong."""

from __future__ import annotations

import json
import pathlib
from fractions import Fraction
from typing import Any

import pytest

from pytest_core_verify.systems.verifier import derive

DATA = pathlib.Path(__file__).parent / "data"
ROWS: list[dict[str, Any]] = [
    json.loads(line)
    for name in (
        "held_out_edits_first.jsonl",
        "held_out_edits_second.jsonl",
        "held_out_edits_third.jsonl",
        "held_out_edits_fourth.jsonl",
        "held_out_edits_fifth.jsonl",
    )
    for line in (DATA / name).read_text(encoding="utf-8").splitlines()
]


def test_the_sets_are_distinct_and_cover_the_five_styles() -> None:
    texts = [r["problem"] for r in ROWS]
    assert len(texts) == len(set(texts)) == 404
    assert {r["style"] for r in ROWS} == {"svamp", "gsm8k", "asdiv", "core", "mawps"}


@pytest.mark.parametrize("row", ROWS, ids=lambda r: r["id"])
def test_no_edit_is_committed_wrong(row: dict[str, Any]) -> None:
    decision = derive(row["problem"])["decision"]
    if decision["law"] != "commit":
        return
    assert row["answer"] is not None, (row, decision)
    assert Fraction(str(decision["value"])) == Fraction(str(row["answer"])), (row, decision)
