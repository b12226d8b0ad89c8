"""Seven ways the reader dropped meaning, found by writing a third held-out set of edits and
probing around it; each is a class, and each example here committed a wrong answer before
(the time-anchored comparisons at the end are a class that already refused, kept so):

- coins and cents are money: "3 quarters" beside "12 dollars" were set aside as another
  unit when the question asked dollars (12 for 12.75); an amount of the question's measure
  is never a distractor ("300 bean grams" beside "rice grams" still are another stuff);
- a gain or a loss counted in a part or a group of things ("ate 3 slices", "sold 10
  packs") was set aside as another unit (4 pizzas left after eating 3 slices); it may be
  of the very thing the question counts;
- a possessive names whose stock a clause is about: "She spent 1/4 of his money" was read
  as her own money, "She gave him half of his marbles" as half of hers;
- a place phrase naming a holder the problem counts was passed over: "There are 10
  apples in the basket. Sam picks 3 apples from the basket." left 10 in the basket;
- a time the question selects ("last week", "this week") was passed over as a unit word:
  "30 apples last week and 20 apples this week ... How many this week?" answered 50; the
  body must name that time and no other;
- "How much did he spend on hats?" over one sentence of shirts and hats answered all he
  spent: a kind asked about must name every purchase the total sums;
- "bought 2 pens with 3 dollars" was read as pens holding 3 dollars each: money named
  with a purchase is its payment.
"""

from __future__ import annotations

import re
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.helpers import examples

from .conftest import commits, decision, refuses
from .test_verifier_metamorphic import committed

COINS = {"pennies": 1, "nickels": 5, "dimes": 10, "quarters": 25}


@pytest.mark.parametrize(
    "text",
    [
        "Mary had 12 dollars. She found 3 quarters. How many dollars does Mary have now?",
        "Tom had 3 dollars. He found 2 dimes. How many dollars does Tom have?",
        "Tom had 3 dollars. He found 4 nickels. How much money does Tom have?",
        "Tom had 3 dollars. He found 4 pennies. How many dollars does Tom have?",
        "Tom had 5 dollars. He lost 3 quarters. How many dollars does Tom have?",
    ],
)
def test_coins_are_never_set_aside_when_the_question_asks_money(text: str) -> None:
    d = decision(text)
    assert d["law"] == "refuse" or Fraction(d["value"]) != int(text.split()[2]), d


@settings(max_examples=examples(60), deadline=None)
@given(
    dollars=st.integers(1, 90),
    count=st.integers(1, 40),
    coin=st.sampled_from(sorted(COINS)),
    found=st.booleans(),
)
def test_dollars_and_coins_give_the_worked_sum_or_a_refusal(
    dollars: int, count: int, coin: str, found: bool
) -> None:
    verb = "found" if found else "lost"
    text = f"Tom had {dollars} dollars. He {verb} {count} {coin}. How many dollars does Tom have?"
    change = Fraction(count * COINS[coin], 100)
    gold = dollars + change if found else dollars - change
    d = decision(text)
    assert d["law"] == "refuse" or Fraction(d["value"]) == gold, (text, d)


def test_a_question_counting_coins_or_another_stuff_still_sets_the_other_aside() -> None:
    commits("Mary had 12 dollars. She found 3 quarters. How many quarters does Mary have?", "3")
    commits(
        "Sam has 2 kilograms of rice and 300 grams of beans. How many grams of rice does Sam have?",
        "2000",
    )


@pytest.mark.parametrize(
    "text",
    [
        "Ann had 4 pizzas. She ate 3 slices. How many pizzas does Ann have?",
        "Ann had 4 cakes. She sold 3 slices. How many cakes does Ann have?",
        "Ann had 40 cards. She sold 10 packs. How many cards does Ann have?",
        "Ann had 40 apples. She picked 2 bushels. How many apples does Ann have?",
        "Ann had 40 sheets of paper. She used 2 reams. How many sheets of paper does Ann have?",
        "Ann had 40 cookies. She ate 2 plates. How many cookies does Ann have?",
    ],
)
def test_a_change_in_parts_or_groups_of_things_is_never_another_unit(text: str) -> None:
    refuses(text)


def test_a_change_of_another_whole_thing_is_still_set_aside() -> None:
    commits("Ann had 40 pencils. She lost 2 erasers. How many pencils does Ann have?", "40")
    commits(
        "Jessica grew 35 watermelons and 30 carrots, but the rabbits ate 27 watermelons. How "
        "many watermelons does Jessica have?",
        "8",
    )


@pytest.mark.parametrize(
    "text",
    [
        "Mary had 200 dollars. Tom had 100 dollars. She spent 1/4 of his money. How many "
        "dollars does Mary have?",
        "Mary had 200 dollars. Tom had 100 dollars. Tom spent 1/4 of her money. How many "
        "dollars does Tom have?",
        "Mary had 40 marbles. Leo had 30 marbles. Leo lost 3/5 of her marbles. How many "
        "marbles does Leo have?",
        "Mary had 40 marbles. Leo had 30 marbles. She gave him 1/2 of his marbles. How many "
        "marbles does Leo have?",
        "Mary had 40 marbles. Leo had 30 marbles. She gave 1/2 of his marbles to Ann. How "
        "many marbles does Mary have?",
        "Mary had 40 marbles. Leo had 30 marbles. Mary ate 5 of his marbles. How many "
        "marbles does Mary have?",
    ],
)
def test_a_possessive_of_another_person_is_never_read_as_the_subjects_own(text: str) -> None:
    refuses(text)


def test_a_possessive_of_the_subject_still_reads() -> None:
    commits(
        "Mary had 40 marbles. Leo had 30 marbles. Mary gave Leo 1/2 of her marbles. How many "
        "marbles does Leo have?",
        "50",
    )
    commits(
        "Mary had 200 dollars. She spent 3/8 of her money. How many dollars does Mary have?",
        "125",
    )


@pytest.mark.parametrize(
    "text",
    [
        "Tom buys 3 shirts for 8 dollars each and 2 hats for 5 dollars each. How much does "
        "he spend on hats?",
        "Tom buys 3 shirts for 8 dollars each and 2 hats for 5 dollars each. How much does "
        "he spend on shirts?",
        "Tom buys 3 shirts at 8 dollars each and 2 hats at 5 dollars each. How much money "
        "does Tom spend on the hats?",
    ],
)
def test_spending_on_one_kind_of_a_list_is_not_the_total(text: str) -> None:
    d = decision(text)
    assert d["law"] == "refuse" or d["value"] != "34", d


def test_spending_in_all_over_a_list_is_the_total() -> None:
    commits(
        "Tom buys 3 shirts for 8 dollars each and 2 hats for 5 dollars each. How much does "
        "he spend?",
        "34",
    )


@pytest.mark.parametrize(
    "text",
    [
        "There are 10 apples in the basket. Sam picks 3 apples from the basket. How many "
        "apples are in the basket?",
        "The basket has 10 apples. Sam picks 3 apples from the basket. How many apples does "
        "the basket have?",
        "There are 10 apples on the tree. Sam picks 3 apples from the tree. How many apples "
        "are on the tree?",
        "The jar has 10 cookies. Sam bakes 3 cookies for the jar. How many cookies are in the jar?",
    ],
)
def test_a_holder_named_by_a_place_phrase_of_a_change_is_never_passed_over(text: str) -> None:
    d = decision(text)
    assert d["law"] == "refuse" or d["value"] != "10", d


def test_a_holder_the_change_is_about_still_reads() -> None:
    commits(
        "The library has 10 books. Sam borrows 3 books from the library. How many books "
        "does the library have?",
        "7",
    )
    commits(
        "The jar has 10 cookies. Sam puts 3 cookies in the jar. How many cookies are in the jar?",
        "13",
    )


@pytest.mark.parametrize(
    "text",
    [
        "Kim picked 30 apples on Monday and 20 apples on Tuesday. How many apples did Kim "
        "pick last week?",
        "Kim picked 30 apples last week and 20 apples this week. How many apples did Kim "
        "pick this week?",
        "Kim picked 30 apples. How many apples did Kim pick this year?",
        "Kim picked 30 apples last week. She picked 20 apples. How many apples did Kim pick "
        "last week?",
    ],
)
def test_a_time_the_question_selects_binds_or_refuses(text: str) -> None:
    refuses(text)


def test_a_time_the_body_names_alone_still_reads() -> None:
    commits("Kim picked 30 apples last week. How many apples did Kim pick last week?", "30")
    commits(
        "Kimberly went to the store 3 times last month. She buys 7 peanuts each time she "
        "goes to the store. How many peanuts did Kimberly buy last month?",
        "21",
    )


# --------------------------------------------------------------------------- as edits
# Two of the classes as metamorphic edits of every problem the verifier commits on its
# dev corpora (the lane's and MAWPS folds 0-1): Hypothesis draws the problem.

_TIMES = (" last week", " on Monday", " yesterday", " this year")
_ANY_TIME = re.compile(
    r"\b(?:last|this|next) \w+|\bon [A-Z][a-z]+day\b|yesterday|today|tomorrow|"
    r"in the (?:morning|afternoon|evening)|\bif\b",
    re.IGNORECASE,
)


@settings(max_examples=examples(150), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_a_time_added_to_the_question_is_never_committed(data: Any) -> None:
    problems = [(t, tr) for t, tr in committed() if not _ANY_TIME.search(t)]
    text, _trace = problems[data.draw(st.integers(0, len(problems) - 1), label="problem")]
    head, _, question = text.rstrip().rpartition(". ")
    if not question.endswith("?"):
        return
    edited = f"{head}. {question[:-1]}{data.draw(st.sampled_from(_TIMES))}?"
    assert decision(edited)["law"] == "refuse", edited


@settings(max_examples=examples(150), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_coins_added_to_a_money_question_never_keep_the_old_answer(data: Any) -> None:
    asks = re.compile(r"[Hh]ow (?:many dollars|much money|many cents) (?:does|did|will) ([A-Z]\w+)")
    problems = [(t, tr) for t, tr in committed() if asks.search(t)]
    text, trace = problems[data.draw(st.integers(0, len(problems) - 1), label="problem")]
    m = asks.search(text)
    assert m is not None
    head, _, question = text.rstrip().rpartition(". ")
    coins = data.draw(st.sampled_from(["3 quarters", "2 dimes", "4 nickels"]))
    verb = data.draw(st.sampled_from(["found", "lost"]))
    edited = f"{head}. {m.group(1)} also {verb} {coins}. {question}"
    d = decision(edited)
    assert d["law"] == "refuse" or d["value"] != trace["decision"]["value"], edited


@pytest.mark.parametrize(
    "text",
    [
        "Ben read 30 pages on Monday. He read 8 fewer pages on Tuesday than on Monday. How "
        "many pages did Ben read in all?",
        "Ben read 12 pages on Monday. On Tuesday he read 3 times as many pages. How many "
        "pages did Ben read in all?",
        "Ben read 12 pages yesterday. Today he read 4 pages more than yesterday. How many "
        "pages did Ben read today?",
        "Ben read 12 pages yesterday. Today he read half as many pages. How many pages did "
        "Ben read in all?",
        "A shop sold 20 cakes in the morning and twice as many in the afternoon. How many "
        "cakes did it sell?",
        "A shop sold 20 cakes in the morning and 5 more in the afternoon. How many cakes did "
        "it sell?",
        "Last year Ben had 20 cards. This year he has 5 more cards than last year. How many "
        "cards does Ben have this year?",
        "Ben had 20 cards last year. He has twice as many cards this year. How many cards "
        "does Ben have this year?",
    ],
)
def test_a_comparison_or_change_anchored_to_another_time_refuses(text: str) -> None:
    # the reading holds one quantity per owner and noun, not one per time: a relation to
    # the quantity of another time is refused, never read as a plain gain
    refuses(text)


@pytest.mark.parametrize(
    "text",
    [
        "Sara has 10 pencils. Tom has 6 pencils. He gave 2 of her pencils to Ann. How many "
        "pencils does Tom have?",
        "Sara has 10 pencils. She gave half of them to Tom. Tom gave 2 of her pencils to "
        "Ann. How many pencils does Tom have?",
    ],
)
def test_a_partitive_possessive_names_the_stock_given_from(text: str) -> None:
    # "2 of her pencils" with a female taker: the taker is a participant, yet the stock
    # given from is the giver's only if the possessive can name the giver
    refuses(text)


def test_money_with_a_purchase_is_a_payment_never_the_contents_of_a_container() -> None:
    # "bought 2 pens with 3 dollars" was read as pens holding 3 dollars each, the money
    # unchanged (8 left of 8)
    d = decision(
        "Olivia had 8 dollars. She bought 2 pens with 3 dollars. How much money does Olivia "
        "have left?"
    )
    assert d["law"] == "refuse" or d["value"] == "5", d
    commits("Omar buys 4 boxes of 6 eggs. How many eggs does Omar have?", "24")
