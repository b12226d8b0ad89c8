"""Two units of one measure are converted exactly into the unit the question names, or
the problem is refused: a quantity is never set aside because of its unit."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pytest_core_verify.systems.verifier import derive
from pytest_core_verify.systems.verifier._units import _decimal, convert_units, factor_between


def decision(text: str) -> dict[str, object]:
    result: dict[str, object] = derive(text)["decision"]
    return result


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("Tom had 3 dollars. He found 50 cents. How many cents does Tom have now?", "350"),
        ("Peter had 3 dollars. He spent 50 cents. How many dollars does Peter have now?", "2.5"),
        (
            "Peter had 18 dollars. His aunt gave him 20 dollars. He spent 7 dollars and 50 cents "
            "on a book. How many dollars does Peter have now?",
            "30.5",
        ),
        (
            "Ben had 3 kilograms of rice. He used 500 grams of rice. How many grams of rice does "
            "Ben have left?",
            "2500",
        ),
    ],
)
def test_amounts_in_two_units_commit_in_the_question_unit(text: str, value: str) -> None:
    d = decision(text)
    assert d["law"] == "commit", (text, d)
    assert Fraction(str(d["value"])) == Fraction(value), (text, d)


@pytest.mark.parametrize(
    "text",
    [
        # the question names no unit
        "Tom had 3 dollars. He found 50 cents. How much money does Tom have now?",
        # a duration counted per another: 7 hours on each of 5 days, not 7 hours + 5 days
        "Marta worked 7 hours for 5 days. How many hours did she work in total?",
        # an inch is 1/12 foot: no terminating decimal
        "A rope is 1 foot long. Ana adds 1 inch of rope. How many feet of rope are there?",
        # coins are valued by the reader itself, never converted here
        "Bela has 9 quarters and 3 dollars. How many cents does Bela have?",
    ],
)
def test_no_exact_conversion_refuses(text: str) -> None:
    assert decision(text)["law"] == "refuse", text


def test_a_stated_factor_is_read_as_stated_not_rewritten() -> None:
    text = "There are 100 cents in 1 dollar. Tom has 3 dollars. How many cents does Tom have?"
    assert convert_units(text) == text


def test_a_converted_unit_is_passed_over_with_its_role() -> None:
    trace = derive("Tom had 3 dollars. He found 50 cents. How many cents does Tom have now?")
    assert trace["normalized_text"].startswith("Tom had 300 cents.")
    assert {"word": "dollars", "role": "converted_unit"} in trace["passed_over"]


@given(st.integers(0, 10**6), st.integers(0, 12))
def test_decimal_is_exact_or_none(numerator: int, power: int) -> None:
    value = Fraction(numerator, 10**power)
    assert Fraction(_decimal(value) or "nan") == value
    assert _decimal(Fraction(1, 3)) is None


@given(st.integers(1, 500), st.integers(1, 99))
def test_dollars_and_cents_are_exact(dollars: int, cents: int) -> None:
    text = f"Ann had {dollars} dollars. She found {cents} cents. How many cents does Ann have now?"
    d = decision(text)
    assert d["law"] == "refuse" or Fraction(str(d["value"])) == dollars * 100 + cents
    assert factor_between("dollar", "cent") == 100
