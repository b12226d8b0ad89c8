"""A number counted in a noun the lexicon counts kinds of (``KINDS_OF``: students, children,
people, customers, pastries, fruit, ...) may be of the kind the question asks for ("3
students left" may be girls): it is never set aside as another unit's. Asked for one kind,
such a change refuses; asked for the noun itself, it is read.

Found by the soundness attack after the fourth held-out set: "A class has 12 boys and 15
girls. 3 students left. How many girls are in the class now?" committed 15.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pytest_core_verify.systems.verifier._lexicon import KINDS_OF
from tests.helpers import examples

from .conftest import commits, decision, refuses


@pytest.mark.parametrize(
    "text",
    [
        "A class has 12 boys and 15 girls. 3 students left. How many girls are in the class now?",
        "There are 12 boys and 15 girls in the class. 3 students left. How many girls are in "
        "the class now?",
        "A bakery made 12 cupcakes and 15 cookies. It sold 3 pastries. How many cookies does "
        "it have?",
    ],
)
def test_a_change_of_a_kind_noun_asked_for_one_kind_refuses(text: str) -> None:
    refuses(text)


@pytest.mark.parametrize(
    ("text", "value"),
    [
        (
            "A class has 12 boys and 15 girls. 3 students left. How many students are in the "
            "class now?",
            "24",
        ),
        (
            "A class has 12 boys and 15 girls. 3 boys left. How many girls are in the class now?",
            "15",
        ),
    ],
)
def test_a_change_of_the_noun_asked_or_of_another_kind_is_read(text: str, value: str) -> None:
    commits(text, value)


_PEOPLE = sorted(k for k, kinds in KINDS_OF.items() if {"girl", "boy"} <= kinds)


@settings(max_examples=examples(40), deadline=None)
@given(
    boys=st.integers(1, 60),
    girls=st.integers(1, 60),
    moved=st.integers(1, 20),
    noun=st.sampled_from(_PEOPLE),
    verb=st.sampled_from(("left", "joined")),
    asked=st.sampled_from(("girls", "boys")),
)
def test_a_random_change_of_a_kind_noun_never_commits_one_kind(
    boys: int, girls: int, moved: int, noun: str, verb: str, asked: str
) -> None:
    plural = {"child": "children", "person": "people"}.get(noun, noun + "s")
    text = (
        f"A class has {boys} boys and {girls} girls. {moved} {plural} {verb}. How many {asked} "
        "are in the class now?"
    )
    assert decision(text)["law"] == "refuse", text
