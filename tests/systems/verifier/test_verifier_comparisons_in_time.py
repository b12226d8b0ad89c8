"""A change compared with another time's change ("He picked 20 more apples in the afternoon
than in the morning", "On Tuesday she sold twice as many cakes as on Monday") is a relation
to the one stated change of the same holder, verb and noun at the time it names: that
change, so many more, fewer or times it. With no such change, two of them, a time of its
own missing or the same, another noun or verb, or a count that is no whole number, it
refuses; it is never read as a plain change of so many.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.helpers import examples

from .conftest import commits, decision, refuses


@pytest.mark.parametrize(
    ("text", "value"),
    [
        (
            "Sam picked 15 apples in the morning. He picked 20 more apples in the afternoon "
            "than in the morning. How many apples did Sam pick in all?",
            "50",
        ),
        (
            "Sam picked 15 apples in the morning. In the afternoon he picked 20 more apples "
            "than in the morning. How many apples did Sam pick in all?",
            "50",
        ),
        (
            "Sam picked 15 apples in the morning and 20 more in the afternoon than in the "
            "morning. How many apples did he pick in all?",
            "50",
        ),
        (
            "Sam picked 15 apples in the morning. He picked twice as many apples in the "
            "afternoon as in the morning. How many apples did Sam pick in all?",
            "45",
        ),
        (
            "On Monday, Sam picked 15 apples. On Tuesday he picked twice as many apples as on "
            "Monday. How many apples did Sam pick in all?",
            "45",
        ),
        (
            "A shop sold 40 cakes on Monday. On Tuesday it sold 12 fewer cakes than on "
            "Monday. How many cakes did it sell in all?",
            "68",
        ),
        (
            "Sam sold 12 cupcakes on Monday. On Tuesday, he sold 3 times as many cupcakes as "
            "on Monday. How many cupcakes did Sam sell?",
            "48",
        ),
        (
            "Ann had 100 cakes. She sold 40 cakes on Monday. On Tuesday, she sold 12 fewer "
            "cakes than on Monday. How many cakes does Ann have left?",
            "32",
        ),
        # a loss compared with another time's loss: lost, spent, as a stated one is
        (
            "Sam lost 5 marbles on Monday. He lost 3 more marbles on Tuesday than on Monday. "
            "How many marbles did Sam lose?",
            "13",
        ),
        (
            "Sam had 30 dollars. He spent 5 dollars on Monday. He spent twice as many dollars "
            "on Tuesday as on Monday. How much money does Sam have left?",
            "15",
        ),
        # the change of the time named, not the latest one, nor another holder's
        (
            "Sam picked 15 apples on Monday. He picked 10 apples on Tuesday. He picked 5 more "
            "apples on Wednesday than on Tuesday. How many apples did Sam pick in all?",
            "40",
        ),
        (
            "Sam picked 15 apples in the morning. Ann picked 10 apples in the morning. Ann "
            "picked 20 more apples in the afternoon than she did in the morning. How many "
            "apples did Ann pick in all?",
            "40",
        ),
        (
            "Sam picked 15 apples on Monday. Ann picked 3 apples on Monday. He picked 20 more "
            "apples on Tuesday than on Monday. How many apples did Sam pick in all?",
            "50",
        ),
    ],
)
def test_a_change_compared_with_another_time_is_a_relation_to_it(text: str, value: str) -> None:
    commits(text, value)


@pytest.mark.parametrize(
    "text",
    [
        # no time of its own, or its own
        "Sam picked 15 apples in the morning. He picked 20 more apples than in the morning. "
        "How many apples did Sam pick in all?",
        "Sam picked 15 apples in the morning. He picked 20 more apples in the morning than in "
        "the morning. How many apples did Sam pick in all?",
        # no change at the time named, or two
        "Sam picked 15 apples in the morning. He picked 20 more apples in the evening than in "
        "the afternoon. How many apples did Sam pick in all?",
        "Sam picked 15 apples on Monday. He picked 4 apples on Monday. He picked 2 more apples "
        "on Tuesday than on Monday. How many apples did Sam pick in all?",
        # the time not bound to the change ("15 apples and 10 pears in the morning")
        "Sam picked 15 apples and 10 pears in the morning. He picked 20 more apples in the "
        "afternoon than in the morning. How many apples did Sam pick in all?",
        # another noun, another verb
        "Sam picked 15 apples in the morning. He picked 20 more pears in the afternoon than "
        "in the morning. How many apples did Sam pick in all?",
        "Sam picked 15 apples in the morning. He ate 5 more apples in the afternoon than in "
        "the morning. How many apples does Sam have?",
        # no whole count
        "Sam picked 15 apples in the morning. He picked half as many apples in the afternoon "
        "as in the morning. How many apples did Sam pick in all?",
        # what was picked, asked of one who also had some
        "Sam had 10 apples. He picked 15 apples in the morning. He picked 20 more apples in "
        "the afternoon than in the morning. How many apples did Sam pick in all?",
        # another holder's change of that time ("than he did"), or a part of that time
        "Sam picked 15 apples in the morning. Ann picked 10 apples in the morning. Ann picked "
        "20 more apples in the afternoon than he did in the morning. How many apples did Ann "
        "pick in all?",
        "Sam picked 15 apples in the morning. He picked 20 more apples in the afternoon than "
        "Tom did in the morning. How many apples did Sam pick in all?",
        "Sam picked 15 apples yesterday morning. He picked 5 more apples today than "
        "yesterday. How many apples did Sam pick in all?",
        # a stock gone below nothing
        "Ann had 100 cakes. She sold 40 cakes on Monday. On Tuesday, she sold twice as many "
        "cakes as on Monday. How many cakes does Ann have left?",
    ],
)
def test_a_change_compared_with_no_single_change_of_that_time_refuses(text: str) -> None:
    refuses(text)


TIMES = ("in the morning", "in the afternoon", "on Monday", "on Tuesday", "yesterday", "today")


@settings(max_examples=examples(60), deadline=None)
@given(
    first=st.integers(1, 200),
    by=st.integers(1, 60),
    word=st.sampled_from(("more", "fewer", "twice", "3 times")),
    times=st.permutations(TIMES).map(lambda t: (t[0], t[1])),
    lead=st.booleans(),
    noun=st.sampled_from(("apples", "shells", "stamps")),
)
def test_a_random_change_compared_with_another_time_is_the_worked_gold(
    first: int, by: int, word: str, times: tuple[str, str], lead: bool, noun: str
) -> None:
    before, after = times
    if word in {"more", "fewer"}:
        what, link = f"{by} {word} {noun}", "than"
        second = first + by if word == "more" else first - by
    else:
        what, link = f"{word} as many {noun}", "as"
        second = first * (2 if word == "twice" else 3)
    if lead:
        told = f"{after[0].upper()}{after[1:]}, she picked {what} {link} {before}."
    else:
        told = f"She picked {what} {after} {link} {before}."
    text = f"Ana picked {first} {noun} {before}. {told} How many {noun} did Ana pick in all?"
    d = decision(text)
    if second <= 0:
        assert d["law"] == "refuse", (text, d)
    else:
        assert (d["law"], d["value"]) == ("commit", str(first + second)), (text, d)
