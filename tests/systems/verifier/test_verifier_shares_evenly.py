"""A share said "evenly" reads as one said "equally" ("Tom divided 20 apples evenly among 4
friends": 5 each), also among a possessor's so many ("between his 2 sisters"). A share
among more than the number names ("among his 4 friends and his sister"), or one that leaves
a remainder, refuses.
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
            "Tom divided 20 apples evenly among 4 friends. How many apples did each friend get?",
            "5",
        ),
        (
            "Tom has 20 apples. He shared them equally between his 2 sisters. How many apples "
            "did each sister get?",
            "10",
        ),
        ("Tom split 24 cookies evenly into 3 bags. How many cookies are in each bag?", "8"),
        (
            "Tom has 20 apples and 6 pears. He divided the apples evenly among his 4 friends. "
            "How many apples did each friend get?",
            "5",
        ),
    ],
)
def test_a_share_said_evenly_is_an_equal_share(text: str, value: str) -> None:
    commits(text, value)


@pytest.mark.parametrize(
    "text",
    [
        "Tom divided 22 apples evenly among 4 friends. How many apples did each friend get?",
        "Tom has 20 apples. He shared them evenly among his 4 friends and his sister. How many "
        "apples did each friend get?",
        "Tom has 20 apples. He divided them evenly among 4 friends. How many pears did each "
        "friend get?",
    ],
)
def test_a_share_of_more_parts_or_a_remainder_refuses(text: str) -> None:
    refuses(text)


@settings(max_examples=examples(60), deadline=None)
@given(
    total=st.integers(1, 300),
    parts=st.integers(2, 12),
    verb=st.sampled_from(("divided", "shared", "split")),
    how=st.sampled_from(("evenly", "equally")),
    whose=st.sampled_from(("", "his ")),
)
def test_a_random_even_share_is_the_worked_gold(
    total: int, parts: int, verb: str, how: str, whose: str
) -> None:
    text = (
        f"Omar {verb} {total} marbles {how} among {whose}{parts} friends. How many marbles "
        "did each friend get?"
    )
    d = decision(text)
    if total % parts:
        assert d["law"] == "refuse", (text, d)
    else:
        assert (d["law"], d["value"]) == ("commit", str(total // parts)), (text, d)
