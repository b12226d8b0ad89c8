"""A part of a stock that is of a kind: "Half of them are red", "40 percent of the
students are girls".

A fraction (a word, or so many percent) of all the things of that noun held when it is
read (of the one noun held, for "them"); the question binds the kind ("How many apples are
red?"), or the part is unused and the problem refused.

Each rule is a value: its name, its pattern, what it builds, sentences it must read and
near-misses it must not (both are tests). The order of all rules is ``_rules.order``.
"""

from __future__ import annotations

from .._builders_groups import _b_part_frac
from .._grammar import FRAC
from ._rule import SentenceRule

RULES: tuple[SentenceRule, ...] = (
    SentenceRule(
        name="part_frac",
        pattern=r"(?P<fx>(?P<f>"
        + FRAC
        + r")|<p:N> percent) of (?:them|the <u:U>) (?P<v>are|were) (?P<w>(?:not )?[a-z]+)",
        builds=_b_part_frac,
        reads=("half of them are red", "40 percent of the students are girls"),
        not_reads=(
            "half of them is red",
            "several percent of the students are girls",
        ),
    ),
)
