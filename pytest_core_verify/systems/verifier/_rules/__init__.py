"""The reader's rules as declared values, grouped by family, in the order of ``order``.

One module per family of constructions (holdings, rates, tallies, tasks, purchases,
transfer, relations, parts, places, groups, holders, prices, comparisons, kinds of a
stock; four of questions, and comparisons' own) declares its rules; ``order`` lists every
rule's name once, and that list alone decides which rule reads a clause first.

Part of the reader (``_parse.parse_problem`` is its entry point); no pytest import.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

from .._types import QuestionKind
from . import (
    comparisons,
    comparisons_in_time,
    groups,
    holders,
    holdings,
    kinds_of_a_stock,
    parts,
    places,
    prices,
    purchases,
    questions_earnings,
    questions_holdings,
    questions_money,
    questions_rates,
    rates,
    relations,
    tallies,
    tasks,
    transfer,
)
from ._rule import CONDITIONAL_KINDS, QuestionRule, SentenceRule
from .order import QUESTION_ORDER, SENTENCE_ORDER

__all__ = [
    "CONDITIONAL_KINDS",
    "QUESTION_RULES",
    "SENTENCE_RULES",
    "QuestionKind",
    "QuestionRule",
    "SentenceRule",
]

_R = TypeVar("_R", SentenceRule, QuestionRule)


def _in_order(what: str, order: Sequence[str], declared: Sequence[_R]) -> tuple[_R, ...]:
    """The declared rules in the order's sequence; every rule named exactly once."""
    by_name: dict[str, _R] = {}
    for rule in declared:
        if rule.name in by_name:
            raise ValueError(f"{what} rule {rule.name!r} is declared twice; rename one")
        by_name[rule.name] = rule
    unplaced = sorted(set(by_name) - set(order))
    unknown = sorted(set(order) - set(by_name))
    twice = sorted({n for n in order if list(order).count(n) > 1})
    if unplaced or unknown or twice:
        raise ValueError(
            f"_rules/order.py: the {what} order must name every declared rule once "
            f"(not placed: {unplaced}; not declared: {unknown}; named twice: {twice})"
        )
    return tuple(by_name[n] for n in order)


SENTENCE_RULES: tuple[SentenceRule, ...] = _in_order(
    "sentence",
    SENTENCE_ORDER,
    [
        *holdings.RULES,
        *rates.RULES,
        *tallies.RULES,
        *tasks.RULES,
        *purchases.RULES,
        *transfer.RULES,
        *relations.RULES,
        *parts.RULES,
        *places.RULES,
        *groups.RULES,
        *holders.RULES,
        *prices.RULES,
        *comparisons.RULES,
        *comparisons_in_time.RULES,
        *kinds_of_a_stock.RULES,
    ],
)
QUESTION_RULES: tuple[QuestionRule, ...] = _in_order(
    "question",
    QUESTION_ORDER,
    [
        *questions_holdings.RULES,
        *questions_money.RULES,
        *questions_rates.RULES,
        *comparisons.QUESTION_RULES,
        *questions_earnings.RULES,
    ],
)
