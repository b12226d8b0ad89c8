"""Number rules: exact decimal equality, and what is never a standalone number."""

from __future__ import annotations

import pathlib

import pytest

from pytest_core_verify.systems.evidence import check_claim
from pytest_core_verify.systems.evidence._numbers import literals, parse_number_value


def status(tmp_path: pathlib.Path, text: str, value: object, name: str = "f.txt") -> str:
    (tmp_path / name).write_text(text, encoding="utf-8")
    return str(check_claim(value, name, tmp_path)["status"])


@pytest.mark.parametrize(
    ("value", "text"),
    [
        (73.2, "acc 73.20"),
        ("73.2", "acc 7.32e1"),
        ("73.20", "acc 73.2"),
        ("7.32E+01", "acc 73.2"),
        (73.2, "acc 732e-1"),
        (73.2, "acc 0.732e2"),
        (0.5, "p .5"),
        (".5", "p 0.50"),
        (1000, "n 1,000 rows"),
        ("1,000", "n 1000 rows"),
        (1000, "n 1e3 rows"),
        (1234.5, "n 1,234.5"),
        ("5%", "gain 5%"),
        ("5%", "gain 5 %"),
        ("5%", r"gain 5\%"),
        ("5%", r"gain 5\,\%"),
        ("5%", r"gain 5~\%"),
        (-3, "delta \u22123"),
        ("\u22123", "delta -3"),
        ("+3", "delta 3"),
        (0, "zero 0.000"),
        (100, "[100]"),
        (7, "x = 7."),
        (42, "(42)"),
        (42, "**42**"),
        (42, "$42$"),
        (42, "|42|"),
        (42, "42"),
        (0.91, '{"f1":0.91}'),
        (123456789012345678901234567890, "big 123456789012345678901234567890"),
    ],
)
def test_equal_numbers_match(tmp_path: pathlib.Path, value: object, text: str) -> None:
    assert status(tmp_path, text, value) == "verified"


@pytest.mark.parametrize(
    ("value", "text", "why"),
    [
        (73, "acc 73.5", "73 != 73.5"),
        (73.5, "acc 73", "73.5 != 73"),
        (5, "gain 5%", "5 != 5%"),
        ("5%", "gain 5", "5% != 5"),
        (5, r"gain 5\%", "5 != 5% in LaTeX"),
        (5, r"gain 5\,\%", "5 != 5% in LaTeX, thin space"),
        (5, r"gain 5~\%", "5 != 5% in LaTeX, tie"),
        (1, "n 1,000", "1 != 1,000"),
        (1000, "n 1", "1,000 != 1"),
        (3, "delta -3", "sign"),
        (3, "delta \u22123", "unicode minus"),
        (50, "resnet50", "identifier"),
        (2, "build v2", "identifier"),
        (64, "x86_64", "identifier"),
        (86, "x86_64", "identifier"),
        (4, "seed_4", "identifier"),
        (4, "4_layers", "identifier"),
        (1, "F1", "identifier"),
        (29, "2026-11-29", "date"),
        (2026, "2026-11-29", "date"),
        (11, "29/11/2026", "date"),
        (29, "29.11.2026", "date"),
        (14, "20:57:14", "time"),
        (20, "20:57", "time"),
        (1.2, "1.2.3", "version"),
        (2.3, "1.2.3", "version"),
        (10, "10-20", "range"),
        (20, "10-20", "range"),
        (10, "10\u201320", "en-dash range"),
        (20, "10 \u2013 20", "spaced en-dash range"),
        (10, "10..20", "range"),
        (3, "3/4", "fraction"),
        (4, "3/4", "fraction"),
        (10, "10^6", "power"),
        (6, "10^6", "power"),
        (100, "100k", "scale suffix"),
        (1.5, "1.5B", "scale suffix"),
        (12, "12ms", "unit suffix"),
        (0, "0x1F", "hex"),
        (1, "1,5", "decimal comma"),
        (1, "1,0000", "malformed group"),
        (73, "\uff17\uff13", "fullwidth digits are not ASCII digits"),
        (7, "\u0667", "Arabic-Indic digit"),
        (1, "1e5", "mantissa only"),
        (5, "1e5", "exponent only"),
        (3, "\u0663 3\u0663", "digit next to a non-ASCII digit"),
        (5, "5\u2030", "per mille"),
    ],
)
def test_non_standalone_or_unequal_numbers_never_match(
    tmp_path: pathlib.Path, value: object, text: str, why: str
) -> None:
    assert status(tmp_path, text, value) == "value_not_found", why


def test_thousands_groups_in_prose_but_fields_in_csv_and_json(tmp_path: pathlib.Path) -> None:
    assert status(tmp_path, "a,100,200\n", 100, "t.csv") == "verified"
    assert status(tmp_path, "a,100,200\n", 100200, "t.csv") == "value_not_found"
    assert status(tmp_path, "sizes 100,200\n", 100200, "t.txt") == "verified"
    assert status(tmp_path, "[100,200]", 200, "t.json") == "verified"
    # A grouped number that is a whole quoted CSV field or JSON string stays one number.
    assert status(tmp_path, 'a,"1,234",x\n', 1234, "t.csv") == "verified"
    assert status(tmp_path, 'a,"1,234",x\n', 234, "t.csv") == "value_not_found"
    assert status(tmp_path, '{"n": "1,500"}', 1500, "t.json") == "verified"


def test_commas_after_decimals_separate_in_prose(tmp_path: pathlib.Path) -> None:
    for value in (0.91, 0.93):
        assert status(tmp_path, "probs=[0.91,0.93]\n", value, "a.log") == "verified"
        assert status(tmp_path, "a,0.91,0.93\n", value, "a.txt") == "verified"
    assert status(tmp_path, "x 1.5,2 y", 2, "a.txt") == "verified"
    for value in (1, 2, 5):
        assert status(tmp_path, "list 1,2 and 1,5\n", value, "a.txt") == "value_not_found"
    assert status(tmp_path, "n 1,000\n", 0, "a.txt") == "value_not_found"
    assert status(tmp_path, "n 1e5,2\n", 2, "a.txt") == "value_not_found"


def test_value_classification() -> None:
    assert parse_number_value("73.2") is not None
    assert parse_number_value("1,000") is not None
    assert parse_number_value("-1.5e-3%") is not None
    for text in ("73.", "1,00", "12ms", "v2", "1.2.3", "nan", "inf", "\uff17\uff13", "5 %", "0x1F"):
        assert parse_number_value(text) is None, text
    a, b = parse_number_value("7.32e1"), parse_number_value("73.200")
    assert a is not None and b is not None and a.key == b.key


@pytest.mark.parametrize("value", ["73.2", "0.0345", "1234.5", "7e10", "100", "0", "1,234,567.89"])
def test_literals_cover_every_equal_spelling(value: str) -> None:
    number = parse_number_value(value)
    assert number is not None
    lits = literals(number)
    from decimal import Decimal

    d = Decimal(value.replace(",", ""))
    spellings = {format(d, "f"), format(d, "e"), format(d, "E"), str(d), format(d, ",f")}
    for shift in range(-4, 5):
        spellings.add(f"{d.scaleb(-shift)}e{shift}")
    for text in spellings:
        assert any(lit in text for lit in lits), (text, lits)
