"""A spending question that restates the count of the purchase ("How much did she spend
in all for the 3 pizzas?", "What was the total amount she paid for the 3 pizzas?") asks
for what was spent only if the count is the one stated count of that noun and that noun
is all that was bought; any other count, or another purchase beside it, refuses."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pytest_core_verify.systems.verifier import derive
from tests.helpers import examples

_ASKS = (
    "How much did she spend in all for the {m} pizzas?",
    "What was the total amount she paid for the {m} pizzas?",
    "How much money did she spend on the {m} pizzas she bought?",
)


@settings(max_examples=examples(25), deadline=None)
@given(st.integers(2, 30), st.integers(2, 30), st.integers(1, 20), st.sampled_from(_ASKS))
def test_the_count_restated_commits_what_was_spent_and_another_count_refuses(
    n: int, m: int, price: int, ask: str
) -> None:
    text = f"Mrs. Hilt bought {n} pizzas for $ {price} each. " + ask.format(m=m)
    decision = derive(text)["decision"]
    if m == n:
        assert (decision["law"], decision["value"]) == ("commit", str(n * price)), decision
    else:
        assert decision["law"] == "refuse", decision


@pytest.mark.parametrize(
    "text",
    [
        # another purchase beside the pizzas: the question asks for a part
        "Mrs. Hilt bought 3 pizzas for $ 8 each and a cake for $ 5. How much did she spend "
        "for the 3 pizzas?",
        "Ana bought 4 books for $ 5 each. Then she bought 3 pens for $ 2 each. How much did "
        "Ana spend for the 4 books?",
        # two counts of pizzas: which 3 is not said
        "Mrs. Hilt bought 3 pizzas for $ 8 each. She bought 2 more pizzas for $ 8 each. How "
        "much did she spend in all for the 3 pizzas?",
        # the counted noun is not what was bought
        "Mrs. Hilt bought 3 pizzas for $ 8 each. How much did she spend in all for the 3 cakes?",
        # a kind over things each bought once ("the two toys"): not a restated count
        "Mrs. Hilt bought a yoyo for 24 cents and a whistle for 14 cents. How much did she "
        "spend in all for the two toys?",
    ],
)
def test_a_count_that_is_not_all_of_one_purchase_refuses(text: str) -> None:
    assert derive(text)["decision"]["law"] == "refuse"
