"""Comparisons with the unit before the comparative, and questions of "fewer ... than".

"Her brother has 7 dollars less than Anna", "Jo has 4 marbles more than Al": so many more
or fewer than another's, the unit named before "more" (as "7 fewer dollars" names it
after). "How many fewer strawberries did Emma pick than Lucy?": the other's less hers. "A farmer
has 18 cows and 3 times as many chickens as cows": a thing as a multiple of another thing
of the same holder; "half as much money as Hana", a multiple of another's money. "The oak
tree is 24 feet tall": a length held; "How many feet taller is the oak tree than the pine
tree?": the difference of two lengths, in the unit named.

Each rule is a value: its name, its pattern, what it builds, sentences it must read and
near-misses it must not (both are tests). The order of all rules is ``_rules.order``.
"""

# A pattern and an example read best unbroken, as the expected outputs of the tests do.

from __future__ import annotations

from .._builders_groups import _b_have_and_times_as_many, _b_measure_is
from .._builders_places import _b_rel_add, _b_rel_mul
from .._grammar import FRAC
from .._vocabulary import TALLY_V, verbs
from ._rule import QuestionRule, SentenceRule

RULES: tuple[SentenceRule, ...] = (
    SentenceRule(
        name="have_and_times_as_many",
        pattern=r"(?:<e:E>|(?:a|an) (?P<holder>[a-z]+(?: [a-z]+)?)) (?P<v>has|had) <n:N> <u:U>,?"
        r" and (?P<x>twice|<k:N> times|" + FRAC + r") as many <u2:U> (?P<as>as) <u3:U>",
        builds=_b_have_and_times_as_many,
        reads=("a farmer has 18 cows and 3 times as many chickens as cows",),
        not_reads=(
            "a farmer has 18 cows and 3 times as many chickens as Tom",
            "a farmer has several cows and 3 times as many chickens as cows",
        ),
    ),
    SentenceRule(
        name="measure_is",
        pattern=r"(?:<e:E>|(?:a|an) (?P<holder>[a-z]+(?: [a-z]+)?)) (?P<v>is|was) <n:N> <u:U> "
        r"(?P<dim>tall|long|high|wide|deep)",
        builds=_b_measure_is,
        reads=("the oak tree is 24 feet tall", "a pencil is 19 centimeters long"),
        not_reads=(
            "the oak tree is several feet tall",
            "the oak tree is 24 feet old",
        ),
    ),
    SentenceRule(
        name="rel_add_unit_first",
        pattern=r"<e:E> (?P<tv>"
        + TALLY_V
        + r") <k:N> <u:U> (?P<d>more|fewer|less) (?P<than>than) <b:E>(?: does| did| has| had)?",
        builds=_b_rel_add,
        reads=("her brother has 7 dollars less than Anna",),
        not_reads=(
            "her brother has several dollars less than Anna",
            "her brother has 7 dollars less as Anna",
        ),
    ),
    SentenceRule(
        # "Her sister has half as much money as Hana": money, counted in dollars
        name="rel_mul_money",
        pattern=r"<e:E> (?P<tv>"
        + TALLY_V
        + r") (?P<x>twice|half|<k:N> times|"
        + FRAC
        + r") (?P<as>as much) (?P<u>money) as <b:E>(?: does| did| has| had)?",
        builds=_b_rel_mul,
        reads=("her sister has half as much money as Hana",),
        not_reads=(
            "her sister has half as much water as Hana",
            "her sister has half as much money as",
        ),
    ),
)

QUESTION_RULES: tuple[QuestionRule, ...] = (
    QuestionRule(
        # The first named has fewer: the difference is the second's less the first's, so
        # the slots are named the other way round ("b" first, "a" after "than").
        name="difference_fewer_than",
        kind="difference",
        pattern=r"how many (?:fewer|less) <u:U> (?:does|did|do) <b:E> (?P<dv>"
        + verbs(
            "have own collect pick bake make score find catch grow sell eat win plant read",
            "base",
        )
        + r") than <a:E>(?: does| did| has| do)?",
        reads=("how many fewer strawberries did Emma pick than Lucy",),
        not_reads=(
            "how many fewer strawberries did Emma pick as Lucy",
            "how many fewer strawberries did Emma pick than",
        ),
    ),
    QuestionRule(
        # "How many centimeters longer is the scarf than the belt?": the difference of two
        # lengths in the unit named ("how much taller" is ``difference_comparative``); the
        # comparative binds by its lemma ("long" must be in the problem)
        name="difference_measure",
        kind="difference",
        pattern=r"how many <u:U> (?P<d>taller|longer|higher|wider|deeper) (?:is|was) <a:E> than "
        r"<b:E>(?: is| was)?",
        reads=("how many centimeters longer is the scarf than the belt",),
        not_reads=(
            "how many centimeters longer is the scarf as the belt",
            "how many centimeters older is the scarf than the belt",
        ),
    ),
)
