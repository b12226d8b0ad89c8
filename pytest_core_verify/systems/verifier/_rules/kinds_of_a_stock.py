"""A part of a stock that is of a kind: "Half of them are red", "40 percent of the
students are girls".

A fraction (a word, or so many percent) of all the things of that noun held when it is
read (of the one noun held, for "them"); the question binds the kind ("How many apples are
red?"), or the part is unused and the problem refused. "She spends 20 percent of it on
lunch": a part of a stock lost, with what it went on.

Each rule is a value: its name, its pattern, what it builds, sentences it must read and
near-misses it must not (both are tests). The order of all rules is ``_rules.order``.
"""

from __future__ import annotations

from .._builders import _b_frac_own
from .._builders_groups import _b_part_frac
from .._builders_places import _OWN
from .._grammar import _TAIL, FRAC, PART_OF
from .._vocabulary import LOSE_V
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
    SentenceRule(
        # "She spends 20 percent of it on lunch": a part of a stock lost, and what on (as
        # "spent 22 dollars on shoes" names it); never a distributive word
        name="frac_own_on",
        pattern=r"<e:E> (?P<v>"
        + LOSE_V
        + r") "
        + PART_OF
        + _OWN
        + r" (?:on|for) (?:a |an |the )?(?!(?:each|every|per|all)\b)[a-z]+(?: [a-z]+)?"
        + _TAIL,
        builds=_b_frac_own,
        reads=("she spends 20 percent of it on lunch",),
        not_reads=(
            "she spends 20 percent of it on each lunch",
            "she spends several percent of it on lunch",
        ),
    ),
)
