"""Holders named by a common noun: "A baker made 36 rolls", "A car travels 55 miles each hour".

A past change, or a rate, of one holder named by a common noun, who is "the baker"
afterwards (and "he", "she" or "it" while no person is named and it is the only holder).
"A farmer has 18 cows": so many per farmer, or the one farmer's; the question decides.

Each rule is a value: its name, its pattern, what it builds, sentences it must read and
near-misses it must not (both are tests). The order of all rules is ``_rules.order``.
"""

# A pattern and an example read best unbroken, as the expected outputs of the tests do.

# A pattern and an example read best unbroken, as the expected outputs of the tests do.
# ruff: noqa: E501

from __future__ import annotations

from .._builders_groups import _b_indefinite_holder, _b_indefinite_rate, _b_one_holder_has
from .._grammar import _TAIL
from .._verbs import alternation
from .._vocabulary import VERB_CLASSES, verbs
from ._rule import SentenceRule

#: The past forms of the gain and loss verbs: a past event of an indefinite holder ("a
#: baker made") is one holder's; a present one ("a baker makes") may be a habit or a rate.
_PAST_GAIN = alternation(
    (lemma, ("past",)) for lemma, forms in VERB_CLASSES["gain"] if "past" in forms
)
_PAST_LOSE = alternation(
    (lemma, ("past",)) for lemma, forms in VERB_CLASSES["lose"] if "past" in forms
)
RULES: tuple[SentenceRule, ...] = (
    SentenceRule(
        name="indefinite_gain",
        pattern=r"(?:a|an) (?P<holder>[a-z]+(?: [a-z]+)?) (?P<v>"
        + _PAST_GAIN
        + r") <n:N>(?: more)? <u:U>"
        + _TAIL,
        builds=_b_indefinite_holder("gain"),
        reads=("a baker made 36 rolls in the morning",),
        not_reads=(
            "a baker makes 36 rolls in the morning",
            "a baker made several rolls in the morning",
        ),
    ),
    SentenceRule(
        name="indefinite_lose",
        pattern=r"(?:a|an) (?P<holder>[a-z]+(?: [a-z]+)?) (?P<v>"
        + _PAST_LOSE
        + r") <n:N> <u:U>"
        + _TAIL,
        builds=_b_indefinite_holder("lose"),
        reads=("a store sold 48 hats on Monday",),
        not_reads=(
            "a store sells 48 hats on Monday",
            "a store sold many hats on Monday",
        ),
    ),
    SentenceRule(
        name="indefinite_rate",
        pattern=r"(?:a|an) (?P<holder>[a-z]+(?: [a-z]+)?) (?P<rv>"
        + verbs("travel drive fly walk run make print produce fill pack bake earn", "third")
        + r") <n:N> <u:U> (?P<d>each|every|per|a|an) <c:U>",
        builds=_b_indefinite_rate,
        reads=("a car travels 55 miles each hour",),
        not_reads=(
            "a car travels several miles each hour",
            "a car travelled 55 miles each hour",
        ),
    ),
    SentenceRule(
        name="one_holder_has",
        pattern=r"(?P<d>a|an) (?P<holder>[a-z]+(?: [a-z]+)?) (?P<rv>has|holds|contains) <n:N> <u:U>",
        builds=_b_one_holder_has,
        reads=("a farmer has 18 cows",),
        not_reads=(
            "a farmer has several cows",
            "a farmer keeps 18 cows",
        ),
    ),
)
