"""Prices and contents of one measure of a stuff, and a total paid for a count.

"A bag of chips costs 2 dollars", "Each box of crayons has 8 crayons": so much per one
measure, named as the normaliser names "3 bags of chips" ("3 chip bags"). "Sam paid 42
dollars for 7 movie tickets": a total paid for so many, as "bought 7 tickets for 42
dollars" is. "Kate buys 6 books that cost 4 dollars each": a purchase at a price each.

Each rule is a value: its name, its pattern, what it builds, sentences it must read and
near-misses it must not (both are tests). The order of all rules is ``_rules.order``.
"""

# A pattern and an example read best unbroken, as the expected outputs of the tests do.
# ruff: noqa: E501

from __future__ import annotations

from .._builders import _b_buy_total
from .._builders_groups import _b_of_measure
from .._builders_places import _b_buy_each
from .._vocabulary import verbs
from ._rule import SentenceRule

RULES: tuple[SentenceRule, ...] = (
    SentenceRule(
        name="price_of_measure",
        pattern=r"(?P<d>a|an|each|every|one) (?P<c>[a-z]+) of (?P<k>[a-z]+(?: [a-z]+)?) (?P<rv>costs|cost|has|holds|contains|had|held|contained) <n:N> <u:U>",
        builds=_b_of_measure,
        reads=("a bag of chips costs 2 dollars", "each box of crayons has 8 crayons"),
        not_reads=(
            "a bag of chips costs several dollars",
            "a bag of chips weighs 2 pounds",
        ),
    ),
    SentenceRule(
        name="paid_for_count",
        pattern=r"<e:E> (?P<v>"
        + verbs("pay spend", "third", "past")
        + r") <n:N> <u:U> (?P<d>for|on) <m:N> <c:U>(?: in total| altogether)?",
        builds=_b_buy_total,
        reads=("Sam paid 42 dollars for 7 movie tickets",),
        not_reads=(
            "Sam paid 42 dollars for several movie tickets",
            "Sam paid 42 dollars to 7 movie tickets",
        ),
    ),
    SentenceRule(
        # "Kate buys 6 books that cost 4 dollars each": the price of each, in a relative
        # clause, as "for 4 dollars each" gives it.
        name="buy_each_that_cost",
        pattern=r"<e:E> (?P<v>"
        + verbs("buy order purchase", "third", "past")
        + r") <m:N> <c:U> (?P<d>(?:that|which) (?:cost|costs) <n:N> <u:U> (?:each|apiece))",
        builds=_b_buy_each,
        reads=("Kate buys 6 books that cost 4 dollars each",),
        not_reads=(
            "Kate buys 6 books that cost 4 dollars",
            "Kate buys several books that cost 4 dollars each",
        ),
    ),
)
