"""Comparisons: so many more, so many times as many, ages.

Each rule is a value: its name, its pattern, what it builds, sentences it must read and
near-misses it must not (both are tests). The order of all rules is ``_rules.order``.
"""

# A pattern and an example read best unbroken, as the expected outputs of the tests do.
# ruff: noqa: E501

from __future__ import annotations

from .._builders_places import (
    _b_age,
    _b_rel_add,
    _b_rel_add_elliptic,
    _b_rel_mul,
    _b_rel_mul_elliptic,
)
from .._grammar import (
    FRAC,
)
from .._vocabulary import (
    TALLY_V,
)
from ._rule import SentenceRule

RULES: tuple[SentenceRule, ...] = (
    SentenceRule(
        name="rel_add",
        pattern=r"<e:E> (?P<tv>"
        + TALLY_V
        + r") <k:N> (?P<d>more|fewer|less) <u:U> (?P<than>than) <b:E>(?: does| did| has| had)?",
        builds=_b_rel_add,
        reads=("Sara has 5 more apples than Tom",),
        not_reads=(
            "Sara has several more apples than Tom",
            "Sara has 5 more apples as Tom",
        ),
    ),
    SentenceRule(
        name="rel_add_elliptic",
        pattern=r"<e:E> (?P<tv>has|had) <k:N> (?P<d>more|fewer|less) (?P<than>than) <b:E>(?: does| did| has| had)?",
        builds=_b_rel_add_elliptic,
        reads=("Tom has 5 more than Sam",),
        not_reads=(
            "Tom has several more than Sam",
            "Tom has 5 more as Sam",
        ),
    ),
    SentenceRule(
        name="rel_age_add",
        pattern=r"<e:E> is <k:N> years? (?P<d>older|younger) (?P<than>than) <b:E>(?: is)?",
        builds=_b_rel_add,
        reads=("Mia is 4 years older than Leo",),
        not_reads=(
            "Mia was 4 years older than Leo",
            "Mia is several years older than Leo",
        ),
    ),
    SentenceRule(
        name="rel_mul",
        pattern=r"<e:E> (?P<tv>"
        + TALLY_V
        + r") (?P<x>twice|half|<k:N> times) (?P<as>as many) <u:U> as <b:E>(?: does| did| has| had)?",
        builds=_b_rel_mul,
        reads=("Tom has twice as many marbles as Sam",),
        not_reads=(
            "Tom has twice as many marbles as",
            "Tom has 3 more marbles than Sam",
        ),
    ),
    SentenceRule(
        # "Arthur baked 115 muffins. James baked 12 times as many.": of the one other person.
        name="rel_mul_elliptic",
        pattern=r"<e:E> (?P<tv>" + TALLY_V + r") (?P<x>twice|half|<k:N> times) (?P<as>as many)",
        builds=_b_rel_mul_elliptic,
        reads=("Bea collected 4 times as many",),
        not_reads=(
            "Bea collected several times as many",
            "Bea collected only about 4 times as many",
        ),
    ),
    SentenceRule(
        name="rel_age_mul",
        pattern=r"<e:E> is (?P<x>twice|half|<k:N> times) (?P<as>as old as) <b:E>(?: is)?",
        builds=_b_rel_mul,
        reads=("Tom is 3 times as old as Ben",),
        not_reads=(
            "Tom was 3 times as old as Ben",
            "Tom is several times as old as Ben",
        ),
    ),
    SentenceRule(
        name="rel_age_of",
        pattern=r"<e:E> is (?P<x>half|" + FRAC + r"|<k:N> times) (?P<as>the age of) <b:E>",
        builds=_b_rel_mul,
        reads=("his cat is half the age of his dog",),
        not_reads=(
            "his cat was half the age of his dog",
            "his cat is half the age from his dog",
        ),
    ),
    SentenceRule(
        name="age",
        pattern=r"<e:E> (?P<v>is) <n:N> years? old",
        builds=_b_age,
        reads=("Leo is 10 years old",),
        not_reads=(
            "Leo was 10 years old",
            "Leo is several years old",
        ),
    ),
)
