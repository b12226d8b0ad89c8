"""Questions of money: what someone has, earns, spends, gets back, or can afford; prices.

Each rule is a value: its name, its pattern, what it builds, sentences it must read and
near-misses it must not (both are tests). The order of all rules is ``_rules.order``.
"""

# A pattern and an example read best unbroken, as the expected outputs of the tests do.
# ruff: noqa: E501

from __future__ import annotations

from .._grammar import (
    _WHEN_INITIAL,
)
from ._rule import QuestionRule

RULES: tuple[QuestionRule, ...] = (
    QuestionRule(
        name="initial_money",
        kind="initial",
        pattern=r"how much money (?:did|does) <e:E> (?:have|start with)" + _WHEN_INITIAL,
        reads=("how much money did Leo have at first",),
        not_reads=(
            "how much money did Leo have at",
            "how much money did Leo have at the end",
        ),
    ),
    QuestionRule(
        name="total_money",
        kind="total",
        pattern=r"how much money (?:do|did) (?:<a:E> and <b:E>|(?P<they>they)) have(?P<w> together| in all| altogether| combined| in total)",
        reads=("how much money do Tom and Sam have together",),
        not_reads=(
            "how much money do Tom and Sam have",
            "how much money does Tom have",
        ),
    ),
    QuestionRule(
        name="money_have",
        kind="money",
        pattern=r"how much money (?:does|do|did|will) <e:E> have(?: left| now)?",
        reads=("how much money does Sara have left",),
        not_reads=("how much money does Sara want",),
    ),
    QuestionRule(
        # "How many 5 dollar toys could he buy (with the money he had left)?": whole ones.
        name="afford",
        kind="afford",
        pattern=r"how many <k:N> dollar <u:U> (?:could|can|would|will|does|did) <e:E> (?:buy|afford)"
        r"(?: with (?:the|his|her|their) money(?: (?:he|she|they) (?:had|has|have) left| left)?)?",
        reads=("how many 7 dollar games could he buy with the money he had left",),
        not_reads=(
            "how many several dollar games could he buy with the money he had left",
            "how many only about 7 dollar games could he buy with the money he had left",
        ),
    ),
    QuestionRule(
        name="money_left",
        kind="money",
        pattern=r"how much money (?:is|was) left(?P<solo>)",
        reads=("how much money is left",),
        not_reads=(
            "how much money were left",
            "how much money is",
        ),
    ),
    QuestionRule(
        name="money_earned",
        kind="money",
        pattern=r"how much money (?:does|did|will|would|could) <e:E> "
        r"(?P<earn>earn|make|save|get|collect|raise|have made)(?: in all| in total| altogether)?",
        reads=("how much money does Nina earn",),
        not_reads=(
            "how much money does Nina",
            "how much money does Nina spend",
        ),
    ),
    QuestionRule(
        name="spend",
        kind="spend",
        pattern=r"how much (?:money )?(?:in total |in all )?(?:does|did|will) <e:E> (?:spend|pay)(?: in all| in total| altogether)?(?: (?P<cat>(?:at|on|for) (?:the |a |an |his |her |their )?[a-z]+(?: [a-z]+)?))?(?: in all| in total| altogether)?",
        reads=("how much does Ben spend",),
        not_reads=(
            "how much does Ben",
            "how much does Ben earn",
        ),
    ),
    QuestionRule(
        # "What was the total cost of Ana's purchases?": all she spent.
        name="spend_total_cost",
        kind="spend",
        pattern=r"what (?:was|is) the total cost of (?P<e>[A-Z][a-z]+)'s (?P<pv>purchases)",
        reads=("what was the total cost of Ana's purchases",),
        not_reads=(
            "what was the total cost of Ana's lunch",
            "what was the cost of Ana's purchases",
        ),
    ),
    QuestionRule(
        # "How much did she spend in all for the 3 pizzas (she bought)?": what she spent,
        # if the count restates the one purchase of that noun, and it is all she bought
        # (checked by ``_question_rules._counted_purchase``).
        name="spend_for_counted",
        kind="spend",
        pattern=r"how much (?:money )?(?:did|does|will) <e:E> (?:spend|pay)(?: in all| in total| altogether)?"
        r" (?:for|on) the (?P<n>\d+) (?P<cu>[a-z]+)(?: (?:he|she|they) bought)?",
        reads=(
            "how much did she spend in all for the 3 pizzas",
            "how much did Ellen spend for the 12 chairs she bought",
        ),
        not_reads=(
            "how much did she spend in all for the pizzas",
            "how much did she earn for the 3 pizzas",
        ),
    ),
    QuestionRule(
        # "What was the total amount she paid for the 3 pizzas?": the same, said of the sum.
        name="total_amount_for_counted",
        kind="spend",
        pattern=r"what (?:was|is) the total (?:amount|cost) <e:E> (?:paid|spent)"
        r" (?:for|on) the (?P<n>\d+) (?P<cu>[a-z]+)(?: (?:he|she|they) bought)?",
        reads=("what was the total amount she paid for the 3 pizzas",),
        not_reads=(
            "what was the amount she paid for the 3 pizzas",
            "what was the total amount she paid for the pizzas",
        ),
    ),
    QuestionRule(
        name="change",
        kind="change",
        pattern=r"how much change (?:does|did|will|should) <e:E> (?:get|receive|get back)(?: back)?",
        reads=("how much change does Ben get",),
        not_reads=(
            "how much change does Ben",
            "how much change does Ben give",
        ),
    ),
    QuestionRule(
        name="unit_price",
        kind="unit_price",
        pattern=r"how much (?:does|did) (?:a|an|(?P<one>1)|each) <c:U> cost",
        reads=("how much does 1 pen cost",),
        not_reads=(
            "how much does several pen cost",
            "how much does only about 1 pen cost",
        ),
    ),
    QuestionRule(
        name="rate_times_cost",
        kind="rate_times",
        pattern=r"how much (?:money )?(?:do|does|would|will|did) <k:N> <c:U> cost(?P<price>)",
        reads=("how much do 9 cartons cost",),
        not_reads=(
            "how much do several cartons cost",
            "how much do only about 9 cartons cost",
        ),
    ),
    QuestionRule(
        name="rate_times_pay_for",
        kind="rate_times",
        pattern=r"how much (?:must|will|would|does|did|should) <e:E> pay for <k:N> <c:U>(?P<price>)",
        reads=("how much will Tom pay for 5 pencils",),
        not_reads=(
            "how much will Tom pay for several pencils",
            "how much will Tom pay for only about 5 pencils",
        ),
    ),
)
