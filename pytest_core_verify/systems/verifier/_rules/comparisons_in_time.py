"""Comparisons with another time: "He picked 20 more apples in the afternoon than in the
morning", "On Tuesday she sold 12 fewer cakes than on Monday", "He picked twice as many
apples in the afternoon as in the morning". The change is the other time's change, so
many more, fewer or times it (``_builders_times``); the clause names both times, or it is
not read (a comparison with no time of its own, or with its own time, refuses).

Each rule is a value: its name, its pattern, what it builds, sentences it must read and
near-misses it must not (both are tests). The order of all rules is ``_rules.order``.
"""

# A pattern and an example read best unbroken, as the expected outputs of the tests do.

from __future__ import annotations

from .._builders_times import TIME, _b_change_than
from .._vocabulary import GAIN_V, LOSE_V
from ._rule import SentenceRule

_DID = r"(?:(?P<did>he|she|it|they|[A-Z][a-z]+) did )?"
_LEAD = r"(?:(?i:(?P<t0>" + TIME + r")),? )?"

RULES: tuple[SentenceRule, ...] = (
    SentenceRule(
        name="change_more_than_at",
        pattern=_LEAD + r"<e:E> (?P<v>" + GAIN_V + "|" + LOSE_V + r") <k:N> (?P<d>more|fewer|less)"
        r"(?: <u:U>)?(?: (?P<t2>" + TIME + r"))? than " + _DID + r"(?P<t1>" + TIME + r")",
        builds=_b_change_than,
        reads=(
            "he picked 20 more apples in the afternoon than in the morning",
            "she sold 12 fewer cakes on Tuesday than she did on Monday",
            "on Tuesday it sold 12 fewer cakes than on Monday",
            "Ann sold 12 fewer cakes on Tuesday than Ann did on Monday",
        ),
        not_reads=(
            "he picked 20 more apples in the afternoon than Tom",
            "he picked several more apples in the afternoon than in the morning",
        ),
    ),
    SentenceRule(
        name="change_times_as_many_at",
        pattern=_LEAD
        + r"<e:E> (?P<v>"
        + GAIN_V
        + "|"
        + LOSE_V
        + r") (?P<x>twice|half|<k:N> times) "
        r"as many(?: <u:U>)?(?: (?P<t2>" + TIME + r"))? as " + _DID + r"(?P<t1>" + TIME + r")",
        builds=_b_change_than,
        reads=(
            "he picked twice as many apples in the afternoon as in the morning",
            "she sold 3 times as many cupcakes on Tuesday as on Monday",
        ),
        not_reads=(
            "he picked twice as many apples in the afternoon as Tom",
            "he picked several times as many apples in the afternoon as in the morning",
        ),
    ),
)
