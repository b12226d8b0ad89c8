"""Equal groups whose container is named twice.

"Paulo has 3 crayon boxes with 16 crayons in each box", "There are 3 bags with 9 oranges
in each bag", "A hotel has 4 floors with 9 rooms on each floor": containers and so many in
each, the container named again after "each" (another noun there is refused).

Each rule is a value: its name, its pattern, what it builds, sentences it must read and
near-misses it must not (both are tests). The order of all rules is ``_rules.order``.
"""

# A pattern and an example read best unbroken, as the expected outputs of the tests do.

from __future__ import annotations

from .._builders_groups import _b_container_in_each, _b_there_in_each
from .._vocabulary import HAVE_V
from ._rule import SentenceRule

_IN_EACH = r" (?:in|on|inside) (?P<d>each|every) <c2:U>"

RULES: tuple[SentenceRule, ...] = (
    SentenceRule(
        name="container_in_each",
        pattern=r"(?:<e:E>|(?:a|an) (?P<holder>[a-z]+(?: [a-z]+)?)) (?P<v>"
        + HAVE_V
        + r"|buys|bought) <m:N> <c:U> with <n:N> <u:U>"
        + _IN_EACH,
        builds=_b_container_in_each,
        reads=(
            "Paulo has 3 crayon boxes with 16 crayons in each box",
            "a hotel has 4 floors with 9 rooms on each floor",
        ),
        not_reads=(
            "Paulo has several crayon boxes with 16 crayons in each box",
            "Paulo has 3 crayon boxes with 16 crayons in some box",
        ),
    ),
    SentenceRule(
        name="there_in_each",
        pattern=r"there (?P<v>are|were) <m:N> <c:U> with <n:N> <u:U>" + _IN_EACH,
        builds=_b_there_in_each,
        reads=("there are 3 bags with 9 oranges in each bag",),
        not_reads=(
            "there are several bags with 9 oranges in each bag",
            "there are 3 bags with 9 oranges in the bag",
        ),
    ),
)
