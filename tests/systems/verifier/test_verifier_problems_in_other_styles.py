"""The verifier on problems written here in other corpora's styles: never a wrong commit.

The set (``_other_styles.PROBLEMS``) was written before the rules it measures and is not
tuned on; refusing any of them is allowed, committing a wrong answer is not. The coverage
is printed for the record (``-s``), not asserted, since adding rules is what moves it.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from pytest_core_verify.systems.verifier import derive
from tests.systems.verifier._other_styles import PROBLEMS


@pytest.mark.parametrize(
    ("text", "gold"), PROBLEMS, ids=[f"p{i:02d}" for i in range(len(PROBLEMS))]
)
def test_a_commit_on_a_problem_of_another_style_is_its_gold(text: str, gold: float) -> None:
    decision = derive(text)["decision"]
    if decision["law"] == "commit":
        assert Fraction(decision["value"]) == Fraction(str(gold)), text


def test_the_set_is_large_enough_to_measure_and_its_coverage_is_reported() -> None:
    committed = [derive(text)["decision"]["law"] == "commit" for text, _gold in PROBLEMS]
    assert 30 <= len(PROBLEMS) <= 60
    print(f"other styles: {sum(committed)} of {len(PROBLEMS)} committed")
