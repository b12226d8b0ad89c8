"""A word before the verb of a question without its noun modifies the noun left out, and
binds like any modifier: "how many good did she not wash" where nothing is said to be good
refuses, while the question without it is read."""

from __future__ import annotations

import pytest

from pytest_core_verify.systems.verifier import derive

_BODY = (
    "Ines had to wash 12 cotton shirts and 7 wool shirts before dinner. If she had only "
    "washed 10 of them by the time dinner started, "
)


def test_the_question_without_a_modifier_is_read() -> None:
    decision = derive(_BODY + "how many did she not wash?")["decision"]
    assert (decision["law"], decision["value"]) == ("commit", "9")


@pytest.mark.parametrize("word", ["good", "working", "clean", "dirty"])
def test_an_unbound_modifier_without_a_noun_refuses(word: str) -> None:
    assert derive(_BODY + f"how many {word} did she not wash?")["decision"]["law"] == "refuse"


@pytest.mark.parametrize("word", ["good", "working"])
def test_a_modifier_a_rewrite_drops_is_named_when_it_refuses(word: str) -> None:
    decision = derive(_BODY + f"how many {word} did she not wash?")["decision"]
    assert decision["unread"]["word"] == word
