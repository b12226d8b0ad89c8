"""A part of a stock ("3/8 of his money", "0.25 of the plums", "a third of them") is an
operation on the owner's current stock of that noun: the part leaves it (and reaches the
one it is given to), in exact fractions. A count that would not be whole, a part of a
stock that more than one person holds, or a pronoun with two stocks behind it refuses.
"""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.helpers import examples

from .conftest import commits, decision, refuses

READ = [
    # a part spent is money paid, as a stated amount spent is
    ("Ana had 40 dollars. She spent 1/4 of her money. How much money did she spend?", "10"),
    (
        "Ana had 40 dollars. She spent 1/4 of her money. Then she spent 6 dollars. How much "
        "money did she spend in all?",
        "16",
    ),
    ("Tom had 40 apples. Tom gave Sam half of his apples. How many apples does Sam have?", "20"),
    (
        "Nina had 32 cookies and gave away 3/8 of them. How many cookies does Nina have left?",
        "20",
    ),
    (
        "Ravi had 60 dollars. He spent 1/4 of his money on a kite. How many dollars does "
        "Ravi have left?",
        "45",
    ),
    (
        "Ravi had 60 dollars. He gave 1/3 of his money to his sister. How many dollars "
        "does Ravi have now?",
        "40",
    ),
    ("Mia has 24 plums. She ate 3/8 of the plums. How many plums does Mia have now?", "15"),
    ("Leo had 30 dollars. He spent 0.3 of his money. How many dollars does Leo have left?", "21"),
    (
        "Mia had 20 dollars. She gave 3/8 of her money to Tom. How many dollars does Tom have?",
        "15/2",
    ),
    (
        "Mia had 20 dollars. She spent 1/4 of her money. Then she spent 1/2 of the rest. "
        "How many dollars does Mia have now?",
        "15/2",
    ),
]


@pytest.mark.parametrize(("text", "value"), READ)
def test_a_numeral_part_of_a_stock_is_an_operation_on_it(text: str, value: str) -> None:
    commits(text, value)


@pytest.mark.parametrize(
    "text",
    [
        # a count that would not be whole
        "Mia has 25 plums. She sold 1/2 of her plums. How many plums does Mia have left?",
        # more than one holds the noun: whose plums, or all of them?
        "Mia has 24 plums. Tom has 12 plums. She ate 1/3 of the plums. How many plums "
        "does Mia have now?",
        # a place that selects a stock the reading does not hold
        "Mia has 24 plums. She ate 1/3 of the plums in the box. How many plums does Mia have now?",
        # "it" with two stocks behind it
        "Leo had 30 dollars and 12 stickers. He used 1/2 of it. How many dollars does Leo "
        "have now?",
        # more than the whole is no part of it
        "Mia had 20 dollars. She gave 7/4 of her money to Tom. How many dollars does Mia have now?",
        # a part of a stock the same sentence already changed: of it before or after?
        "Ravi had 200 dollars. He gave his mother 8 dollars and 3/8 of his dollars. How "
        "many dollars does Ravi have now?",
        # a part of money that is no whole number of cents
        "Ravi had 3 dollars. He gave Mia 1/8 of his dollars. How many dollars does Mia have?",
        # a part of a noun no one holds
        "Mia has 24 plums. She ate 1/3 of the pears. How many plums does Mia have now?",
    ],
)
def test_a_part_of_a_stock_that_is_not_one_stock_refuses(text: str) -> None:
    refuses(text)


NOUNS = ("plums", "stickers", "marbles", "shells")
LOSE = ("ate", "sold", "used", "lost")
NAMES = (("Mia", "her"), ("Omar", "his"), ("Lena", "her"), ("Ravi", "his"))


@settings(max_examples=examples(120), deadline=None)
@given(
    n=st.integers(1, 400),
    num=st.integers(1, 11),
    den=st.integers(2, 12),
    noun=st.sampled_from(NOUNS),
    verb=st.sampled_from(LOSE),
    who=st.sampled_from(NAMES),
    whose=st.sampled_from(("own", "the", "them")),
)
def test_a_random_part_of_a_random_count_is_the_worked_gold(
    n: int, num: int, den: int, noun: str, verb: str, who: tuple[str, str], whose: str
) -> None:
    frac = Fraction(num, den)
    if not 0 < frac < 1 or frac.denominator != den:
        return
    name, pron = who
    of = {"own": f"{pron} {noun}", "the": f"the {noun}", "them": "them"}[whose]
    text = (
        f"{name} has {n} {noun}. {pron.replace('his', 'He').replace('her', 'She')} {verb} "
        f"{num}/{den} of {of}. How many {noun} does {name} have now?"
    )
    left = n - n * frac
    d = decision(text)
    if left.denominator != 1:
        assert d["law"] == "refuse", (text, d)
    else:
        # a whole part of one stock, named by its owner, its noun or "them", is read
        assert (d["law"], d["value"]) == ("commit", str(left)), (text, d)


@settings(max_examples=examples(120), deadline=None)
@given(
    dollars=st.integers(1, 500),
    num=st.integers(1, 9),
    den=st.sampled_from((2, 4, 5, 8, 10)),
    taker=st.sampled_from(("Tom", "Ana")),
    ask_taker=st.booleans(),
)
def test_a_random_part_of_money_given_is_cents_exact(
    dollars: int, num: int, den: int, taker: str, ask_taker: bool
) -> None:
    frac = Fraction(num, den)
    if not 0 < frac < 1 or frac.denominator != den:
        return
    who = taker if ask_taker else "Mia"
    text = (
        f"Mia had {dollars} dollars. She gave {num}/{den} of her money to {taker}. "
        f"How many dollars does {who} have now?"
    )
    part = dollars * frac
    gold = part if ask_taker else dollars - part
    d = decision(text)
    if d["law"] == "commit":
        assert Fraction(d["value"]) == gold, (text, d)
    if (gold * 100).denominator == 1:
        # a part of money that is whole in cents is read
        assert d["law"] == "commit", (text, d)


@settings(max_examples=examples(100), deadline=None)
@given(
    dollars=st.integers(1, 500),
    num=st.integers(1, 9),
    den=st.sampled_from((2, 4, 5, 8, 10)),
    more=st.integers(0, 20),
)
def test_a_random_part_of_money_spent_is_what_was_spent(
    dollars: int, num: int, den: int, more: int
) -> None:
    frac = Fraction(num, den)
    if not 0 < frac < 1 or frac.denominator != den:
        return
    then = f" Then she spent {more} dollars." if more else ""
    text = (
        f"Ana had {dollars} dollars. She spent {num}/{den} of her money.{then} "
        "How much money did she spend in all?"
    )
    gold = dollars * frac + more
    d = decision(text)
    if d["law"] == "commit":
        assert Fraction(d["value"]) == gold, (text, d)
    if (dollars * frac * 100).denominator == 1 and gold <= dollars:
        assert d["law"] == "commit", (text, d)
