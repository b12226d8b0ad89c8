"""Questions of what a rate of money comes to over a span: "How much does she earn in 3
hours?", "How much money does he save in 6 weeks?".

The owner's rate of money per that span, times the question's number, in dollars (in
cents when the problem counts only cents); another owner's rate, or none, is no reading.

Each rule is a value: its name, its pattern, what it builds, sentences it must read and
near-misses it must not (both are tests). The order of all rules is ``_rules.order``.
"""

from __future__ import annotations

from ._rule import QuestionRule

RULES: tuple[QuestionRule, ...] = (
    QuestionRule(
        name="rate_times_earn_in",
        kind="rate_times",
        pattern=r"how much (?:money )?(?:does|did|will|would|can|could) <e:E> (?:earn|make|save) "
        r"in <k:N> <c:U>(?P<price>)",
        reads=("how much does she earn in 3 hours", "how much money does he save in 6 weeks"),
        not_reads=(
            "how much does she have in 3 hours",
            "how much does she earn in several hours",
        ),
    ),
)
