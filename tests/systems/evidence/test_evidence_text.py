"""Text rules: NFKC and whitespace folding on both sides, strict word boundaries."""

from __future__ import annotations

import pathlib

import pytest

from pytest_core_verify.systems.evidence import check_claim


def status(tmp_path: pathlib.Path, text: str, value: object) -> str:
    (tmp_path / "f.md").write_text(text, encoding="utf-8")
    return str(check_claim(value, "f.md", tmp_path)["status"])


@pytest.mark.parametrize(
    ("value", "text"),
    [
        ("acc 73.5", "the acc 73.5 on test"),
        ("13 seeds", "over 13 seeds."),
        ("banana", "a banana"),
        ("info", "level: info"),
        ("best model", "the best\n   model"),
        ("best  model", "the best model"),
        ("best model", "the best\u00a0model"),
        ("final score", "\ufb01nal score"),
        ("\ufb01nal score", "final score"),
        ("73 points", "\uff17\uff13 points"),
        ("F1 = 73.2", "we get F1 = 73.2."),
        ("(a)", "see (a) above"),
        ("v2", "build v2 ok"),
        ("2026-11-29", "on 2026-11-29 at noon"),
        ("acc 73", "acc 73, then"),
        ("acc 73", "acc 73."),
        ("na\u0308", "n\u00e4"),
    ],
)
def test_text_matches(tmp_path: pathlib.Path, value: str, text: str) -> None:
    assert status(tmp_path, text, value) == "verified"


@pytest.mark.parametrize(
    ("value", "text"),
    [
        ("acc 73", "acc 73.5"),
        ("acc 73", "acc 73,5"),
        ("acc 73", "acc 73%"),
        ("acc 73", "acc 73 %"),
        ("acc 73", r"acc 73\,\%"),
        ("acc 73", "acc 73-75"),
        ("acc 73", "acc 73/100"),
        ("3 seeds", "13 seeds"),
        ("3 seeds", "0.3 seeds"),
        ("3 seeds", "-3 seeds"),
        ("3 seeds", "1/3 seeds"),
        ("nan", "banana"),
        ("inf", "info"),
        ("inf", "_inf"),
        ("Banana", "banana"),
        ("best model", "bestmodel"),
        ("acc", "acc\u0301uracy"),
    ],
)
def test_text_does_not_match(tmp_path: pathlib.Path, value: str, text: str) -> None:
    assert status(tmp_path, text, value) == "value_not_found"


@pytest.mark.parametrize("value", ["", "   ", "\n\t", "\u00a0"])
def test_blank_text_is_unparseable(tmp_path: pathlib.Path, value: str) -> None:
    assert status(tmp_path, "anything", value) == "unparseable"


def test_text_location_is_reported(tmp_path: pathlib.Path) -> None:
    (tmp_path / "f.md").write_text("line one\n  the best\n model here\n", encoding="utf-8")
    r = check_claim("best model", "f.md", tmp_path)
    assert (r["status"], r["line"], r["column"]) == ("verified", 2, 7)


def test_a_value_ending_in_a_superscript_and_punctuation_is_cut_from_a_percentage(
    tmp_path: pathlib.Path,
) -> None:
    # Found by the property test of the false-verified classes: "\\" after a superscript digit
    # ended the value although "\\%" made the whole token a percentage.
    (tmp_path / "f.txt").write_text("(+0\u200b000.0000\u00b2\\% on test\n", encoding="utf-8")
    cut = "(+0\u200b000.0000\u00b2\\"
    assert check_claim(cut, "f.txt", tmp_path)["status"] == "value_not_found"
    assert check_claim(cut + "%", "f.txt", tmp_path)["status"] == "verified"
