"""Readings the text does not make certain, refused as classes; their explicit forms commit.

A soundness review found these committed: "3 bags with 20 marbles" read as 20 in each bag
(without "each" the 20 may be all of them); a loss "from his garden" read as a loss of
what the holder has (the garden's may be other things). Each ambiguous form must refuse;
the form whose words settle it must still commit the answer they give.
"""

from __future__ import annotations

import pytest

from .conftest import commits, refuses

_NAMES = ("Tom", "Sara")

# 1. containers "with" so many: in each, or in all?
_WITH_AMBIGUOUS = [
    "{p} has 3 bags with 20 marbles. How many marbles does {p} have?",
    "{p} bought 3 bags with 20 marbles. How many marbles did {p} buy?",
    "{p} has 4 baskets with 5 cookies and 9 books. How many cookies does {p} have?",
    "{p} has 3 bags with 20 marbles. {p} gives away 5 marbles. How many marbles does {p} have?",
]
_WITH_EXPLICIT = [
    ("{p} has 3 bags with 20 marbles each. How many marbles does {p} have?", "60"),
    ("{p} has 3 bags with 20 marbles in each. How many marbles does {p} have?", "60"),
    ("{p} has 3 bags of 20 marbles. How many marbles does {p} have?", "60"),
    ("{p} bought 3 bags with 20 marbles each. How many marbles did {p} buy?", "60"),
    ("{p} has 4 baskets with 5 cookies and 9 books each. How many cookies does {p} have?", "20"),
    # what both readings agree on still commits
    ("{p} has 3 bags with 20 marbles. How many bags does {p} have?", "3"),
]


# 4. a loss with a source: what came from there need not be what the holder had
_SOURCE_AMBIGUOUS = [
    "{p} has 10 apples. {p} ate 5 apples from the garden. How many apples does {p} have?",
    "{p} has 10 apples. {p} sold 5 apples from the tree. How many apples does {p} have?",
    "{p} picked 10 apples. {p} ate 5 apples from the tree. How many apples does {p} have?",
    "{p} has 10 dollars. {p} spent 5 dollars from the jar. How many dollars does {p} have?",
]
_SOURCE_EXPLICIT = [
    ("{p} has 10 apples. {p} ate 5 apples. How many apples does {p} have?", "5"),
    ("{p} has 10 apples. {p} ate 5 apples from them. How many apples does {p} have?", "5"),
    ("{p} has 10 apples. {p} ate 5 of them. How many apples does {p} have?", "5"),
]


@pytest.mark.parametrize("p", _NAMES)
@pytest.mark.parametrize("text", _WITH_AMBIGUOUS + _SOURCE_AMBIGUOUS)
def test_a_reading_the_text_does_not_settle_is_refused(text: str, p: str) -> None:
    refuses(text.format(p=p))


@pytest.mark.parametrize("p", _NAMES)
@pytest.mark.parametrize(("text", "value"), _WITH_EXPLICIT + _SOURCE_EXPLICIT)
def test_the_form_whose_words_settle_it_commits(text: str, value: str, p: str) -> None:
    commits(text.format(p=p), value)
