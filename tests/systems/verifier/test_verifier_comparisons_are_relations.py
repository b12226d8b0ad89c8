"""A comparison is a relation to the quantity it names: "twice / three times / half as many
<noun> as Ana" and "4 more / fewer <noun> than Ana" are Ana's stated count times or plus
so many. A comparison anchored to a time ("5 more than in the morning", "twice as many as
yesterday") names the change of that time: it is read only as a relation to that one
stated change (``test_verifier_comparisons_in_time.py``), else it refuses, and it is never
read as a plain gain.
"""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.helpers import examples

from .conftest import commits, decision, refuses

FACTORS = {"twice": Fraction(2), "half": Fraction(1, 2), "3 times": Fraction(3)}
NOUNS = ("cards", "stamps", "shells", "beads")


@pytest.mark.parametrize(
    ("text", "value"),
    [
        (
            "Ana has 18 cards. Ben has twice as many cards as Ana. How many cards does Ben have?",
            "36",
        ),
        ("Ana has 18 cards. Ben has half as many cards as Ana. How many cards does Ben have?", "9"),
        ("Ana has 18 cards. Ben has 4 fewer cards than Ana. How many cards does Ben have?", "14"),
        (
            "Ana has 18 cards. Ben has 3 times as many cards as Ana. How many cards do they "
            "have together?",
            "72",
        ),
    ],
)
def test_a_comparison_with_a_named_quantity_is_a_relation(text: str, value: str) -> None:
    commits(text, value)


@pytest.mark.parametrize(
    "text",
    [
        # a comparison with no time named, or with no change at that time
        "Sam picked 12 apples in the morning. He picked 5 more apples than in the morning. "
        "How many apples did Sam pick in all?",
        "Sam picked 12 apples on Monday. On Tuesday he picked 5 more apples than on Sunday. "
        "How many apples did Sam pick in all?",
        "Sam picked 12 apples in the morning. He picked twice as many apples in the "
        "afternoon. How many apples did Sam pick in all?",
        "Sam read 12 pages yesterday. Today he read 5 more pages than yesterday. How many "
        "pages did Sam read today?",
        # compared with its own time
        "Sam picked 12 apples in the morning. He picked 5 more apples in the morning than "
        "in the morning. How many apples did Sam pick in all?",
    ],
)
def test_a_comparison_anchored_to_a_time_refuses(text: str) -> None:
    refuses(text)


@settings(max_examples=examples(120), deadline=None)
@given(
    base=st.integers(1, 300),
    word=st.sampled_from(sorted(FACTORS)),
    noun=st.sampled_from(NOUNS),
    together=st.booleans(),
)
def test_a_random_multiple_of_a_named_count_is_the_worked_gold(
    base: int, word: str, noun: str, together: bool
) -> None:
    ask = "do they have together" if together else "does Ben have"
    text = f"Ana has {base} {noun}. Ben has {word} as many {noun} as Ana. How many {noun} {ask}?"
    ben = base * FACTORS[word]
    gold = ben + base if together else ben
    d = decision(text)
    if ben.denominator != 1:
        assert d["law"] == "refuse", (text, d)
    else:
        assert (d["law"], d["value"]) == ("commit", str(gold)), (text, d)


@settings(max_examples=examples(120), deadline=None)
@given(
    base=st.integers(1, 300),
    k=st.integers(1, 300),
    more=st.booleans(),
    noun=st.sampled_from(NOUNS),
)
def test_a_random_difference_from_a_named_count_is_the_worked_gold(
    base: int, k: int, more: bool, noun: str
) -> None:
    word = "more" if more else "fewer"
    text = (
        f"Ana has {base} {noun}. Ben has {k} {word} {noun} than Ana. How many {noun} does Ben have?"
    )
    gold = base + k if more else base - k
    d = decision(text)
    if gold < 0:
        assert d["law"] == "refuse", (text, d)
    else:
        assert (d["law"], d["value"]) == ("commit", str(gold)), (text, d)
