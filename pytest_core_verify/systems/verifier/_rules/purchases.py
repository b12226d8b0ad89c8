"""Buying and paying: prices of each, totals, bills handed over.

Each rule is a value: its name, its pattern, what it builds, sentences it must read and
near-misses it must not (both are tests). The order of all rules is ``_rules.order``.
"""

# A pattern and an example read best unbroken, as the expected outputs of the tests do.
# ruff: noqa: E501

from __future__ import annotations

from .._builders import (
    _b_buy_one_priced,
    _b_buy_total,
    _b_has_to_buy,
    _b_have,
    _b_pays,
    _b_selling_for_each,
)
from .._builders_places import (
    _b_buy_each,
)
from .._grammar import (
    _WORD,
)
from .._vocabulary import verbs
from ._rule import SentenceRule

RULES: tuple[SentenceRule, ...] = (
    SentenceRule(
        # "Adam has $5 to buy an airplane that costs $4.28": what he pays with, and the cost.
        name="has_to_buy",
        pattern=r"<e:E> (?P<v>has|had) <m:N> dollars? to buy (?:a|an|the) <c:U> that (?P<d>costs?) "
        r"<n:N> <u:U>",
        builds=_b_has_to_buy,
        reads=("Cole has 20 dollars to buy a lamp that costs 13.75 dollars",),
        not_reads=(
            "Cole has several dollars to buy a lamp that costs 13.75 dollars",
            "Cole has 20 dollars for buy a lamp that costs 13.75 dollars",
        ),
    ),
    SentenceRule(
        name="buy_each",
        pattern=r"<e:E> (?P<v>"
        + verbs("buy order purchase", "third", "past")
        + r") <m:N> <c:U> (?P<d>for <n:N> <u:U> each|at <n2:N> <u2:U> each|at <n3:N> <u3:U> (?:a|per|each) "
        + _WORD
        + r")",
        builds=_b_buy_each,
        reads=("Ben buys 3 pens for 2 dollars each",),
        not_reads=(
            "Ben buys several pens for 2 dollars each",
            "Ben buys 3 pens for 2 dollars all",
        ),
    ),
    SentenceRule(
        name="buy_total",
        pattern=r"<e:E> (?P<v>"
        + verbs("buy order purchase", "third", "past")
        + r") <m:N> <c:U> (?P<d>for) <n:N> <u:U>(?: in total| altogether)?",
        builds=_b_buy_total,
        reads=("she buys 3 books for 8 dollars",),
        not_reads=(
            "she buys several books for 8 dollars",
            "she buys only about 3 books for 8 dollars",
        ),
    ),
    SentenceRule(
        # "Ayo bought a kite for 6 dollars": one of them, so its price too.
        name="buy_one_priced",
        pattern=r"<e:E> (?P<v>"
        + verbs("buy order purchase", "third", "past")
        + r") (?P<one>a|an) <c:U> (?P<d>for) <n:N> <u:U>",
        builds=_b_buy_one_priced,
        reads=("Ayo bought a kite for 6 dollars",),
        not_reads=(
            "Ayo bought kites for 6 dollars",
            "Ayo bought a kite for several dollars",
            "Ayo rented a kite for 6 dollars",
        ),
    ),
    SentenceRule(
        name="buy_one",
        pattern=r"<e:E> (?P<v>"
        + verbs("buy order purchase", "third", "past")
        + "|"
        + verbs("rent", "past", "third")
        + r") (?:a |an )?<c:U> (?P<d>for) <n:N> <u:U>",
        builds=_b_buy_total,
        reads=("he rents a boat for 7 dollars",),
        not_reads=(
            "he buys a book for several dollars",
            "he buys a book for only about 7 dollars",
        ),
    ),
    SentenceRule(
        name="pays_bill",
        pattern=r"<e:E> (?P<v>pays|paid) with (?:a|an) <n:N>-dollar bill",
        builds=_b_pays,
        reads=("he pays with a 20-dollar bill",),
        not_reads=(
            "he payed with a 20-dollar bill",
            "he pays with a 20-dollar",
        ),
    ),
    SentenceRule(
        name="pays_money",
        pattern=r"<e:E> (?P<v>"
        + verbs("pay give hand", "third", "past")
        + r") (?:with |the (?:cashier|clerk|shopkeeper|seller) )<n:N> dollars?",
        builds=_b_pays,
        reads=("Peter pays with 2 dollars",),
        not_reads=(
            "Peter payed with 2 dollars",
            "Peter pays with several dollars",
        ),
    ),
    SentenceRule(
        # "A magician was selling magic card decks for 7 dollars each": the price of each.
        name="selling_for_each",
        pattern=r"(?:(?:a|an|the) (?P<w>[a-z]+)|<e:E>) (?:was|is|were|are) (?P<v>selling) <c:U> "
        r"(?P<d>for) <n:N> <u:U> each",
        builds=_b_selling_for_each,
        reads=("a baker was selling fruit tarts for 4 dollars each",),
        not_reads=(
            "a baker was selling fruit tarts for several dollars each",
            "a baker was selling fruit tarts for 4 dollars all",
        ),
    ),
    SentenceRule(
        # "A lamp cost her 14 dollars": the money she spent on it, as "she spent 14 dollars
        # on a lamp" says. Only money, and only with the payer named: "a lamp cost 14
        # dollars" is a price, "a trip cost her 3 hours" no spending.
        name="cost_someone",
        pattern=r"(?:a|an|the|his|her|their) [a-z]+(?: [a-z]+)? (?P<v>cost) <e:E> <n:N> "
        r"(?P<u>dollars|dollar|cents|cent)",
        builds=_b_have("lose"),
        reads=("a lamp cost her 14 dollars",),
        not_reads=(
            "a lamp cost 14 dollars",
            "a trip cost her 3 hours",
            "a lamp cost her several dollars",
        ),
    ),
)
