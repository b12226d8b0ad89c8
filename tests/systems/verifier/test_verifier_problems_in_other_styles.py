"""The verifier on problems written here in other corpora's styles: never a wrong commit.

The sets (``_other_styles.PROBLEMS``; ``_other_styles_second.PROBLEMS``, held out) were
written before the rules they measure and are not tuned on; refusing any of them is
allowed, committing a wrong answer is not. The coverage
is printed for the record (``-s``), not asserted, since adding rules is what moves it.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from pytest_core_verify.systems.verifier import derive
from tests.systems.verifier._other_styles import PROBLEMS
from tests.systems.verifier._other_styles_second import PROBLEMS as SECOND


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


@pytest.mark.parametrize(("text", "gold"), SECOND, ids=[f"q{i:02d}" for i in range(len(SECOND))])
def test_a_commit_on_a_held_out_problem_of_another_style_is_its_gold(
    text: str, gold: float
) -> None:
    decision = derive(text)["decision"]
    if decision["law"] == "commit":
        assert Fraction(decision["value"]) == Fraction(str(gold)), text


def test_the_held_out_set_is_large_enough_to_measure_and_its_coverage_is_reported() -> None:
    committed = [derive(text)["decision"]["law"] == "commit" for text, _gold in SECOND]
    assert 50 <= len(SECOND) <= 80
    print(f"other styles, held out: {sum(committed)} of {len(SECOND)} committed")
