"""A part must name what it is a part of. A number written as a part ("3/8", "0.25") with
no unit and no "of" after it ("He gave 3/8 to his mother") is a part of some stock or an
amount of an unsaid unit: it is not read as an amount of the giver's unit. A part of a
kind ("half of his red apples") is a part of that kind's count, which a stock of all the
apples does not hold: it refuses, and is never a part of all of them.

Both classes were found by the soundness attack of the fourth held-out set (the first
committed 1597/8 for 125, the second 100 where no answer is determined).
"""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.helpers import examples

from .conftest import commits, decision, refuses


@pytest.mark.parametrize(
    "text",
    [
        "John had 200 dollars. He gave 3/8 to his mother. How many dollars does John have left?",
        "John had 200 dollars. He spent 0.25 on food. How many dollars does John have left?",
        "John had 200 dollars. He spent 1/2 on food. How many dollars does John have left?",
        "John had 200 apples. He gave 3/8 to his mother. How many apples does John have left?",
        "Mia has 40 stamps. She lost .5 yesterday. How many stamps does Mia have?",
        # the part last in its sentence
        "Omar had 2 dollars. He spent 1/2. How many dollars does Omar have?",
    ],
)
def test_a_part_with_no_unit_and_no_stock_refuses(text: str) -> None:
    refuses(text)


@pytest.mark.parametrize(
    "text",
    [
        "John has 200 apples. He gave 3/4 of the green apples to Ann. How many apples does "
        "John have?",
        "John has 200 apples. He gave half of the red apples to Ann. How many apples does "
        "John have?",
        "John has 200 apples. He gave 1/2 of his red apples to Ann. How many apples does "
        "John have?",
        "John has 200 apples. He ate 1/4 of his big apples. How many apples does John have?",
        "Mia has 60 shells. She sold 25 percent of her pink shells. How many shells does Mia have?",
    ],
)
def test_a_part_of_a_kind_not_counted_refuses(text: str) -> None:
    refuses(text)


@pytest.mark.parametrize(
    ("text", "value"),
    [
        (
            "John had 200 dollars. He gave 3/8 of his money to his mother. How many dollars "
            "does John have left?",
            "125",
        ),
        ("John has 200 apples. He ate 1/4 of his apples. How many apples does John have?", "150"),
        # a part of all there is of a kind the owner holds alone is a part of that stock
        (
            "John has 20 red apples. He ate 1/4 of his apples. How many apples does John have?",
            "15",
        ),
        (
            "John has 20 red apples. He ate 1/4 of his red apples. How many apples does John have?",
            "15",
        ),
        ("Sam bought 2.5 pounds of nuts. He ate 0.5 pounds. How many pounds are left?", "2"),
        # what remains is all of the stock, not a kind of it
        (
            "Kim had 45 cookies. She sold 15 cookies. She gave half of the remaining cookies "
            "to Joe. How many cookies does Kim have left?",
            "15",
        ),
    ],
)
def test_a_part_that_names_its_stock_or_unit_is_read(text: str, value: str) -> None:
    commits(text, value)


@settings(max_examples=examples(60), deadline=None)
@given(
    n=st.integers(2, 300),
    num=st.integers(1, 7),
    den=st.integers(2, 8),
    kind=st.sampled_from(("red", "big", "green", "old")),
    form=st.sampled_from(("of his {k} marbles", "of the {k} marbles")),
    verb=st.sampled_from(("lost", "sold", "gave away")),
)
def test_a_random_part_of_an_uncounted_kind_never_commits(
    n: int, num: int, den: int, kind: str, form: str, verb: str
) -> None:
    if not 0 < Fraction(num, den) < 1:
        return
    of = form.format(k=kind)
    text = f"Omar has {n} marbles. He {verb} {num}/{den} {of}. How many marbles does Omar have?"
    assert decision(text)["law"] == "refuse", text


@settings(max_examples=examples(60), deadline=None)
@given(
    n=st.integers(2, 300),
    num=st.integers(1, 7),
    den=st.integers(2, 8),
    unit=st.sampled_from(("dollars", "stickers", "cards")),
    verb=st.sampled_from(("gave", "spent", "lost", "used")),
    tail=st.sampled_from((" to his sister", " on food", "", " yesterday")),
)
def test_a_random_bare_part_never_commits(
    n: int, num: int, den: int, unit: str, verb: str, tail: str
) -> None:
    if not 0 < Fraction(num, den) < 1:
        return
    text = f"Omar had {n} {unit}. He {verb} {num}/{den}{tail}. How many {unit} does Omar have?"
    assert decision(text)["law"] == "refuse", text
