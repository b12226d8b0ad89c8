"""The verifier on the third set written here in other corpora's styles: never a wrong commit.

``_other_styles_third`` is split before measuring (index 2 modulo 3 held out); rules may be
written from the dev part's refusals only. Refusing is allowed, a wrong commit is not; each
part's coverage is printed for the record (``-s``), not asserted.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from pytest_core_verify.systems.verifier import derive
from tests.systems.verifier._other_styles_third import DEV, HELD_OUT, PROBLEMS


@pytest.mark.parametrize(
    ("text", "gold"), PROBLEMS, ids=[f"t{i:02d}" for i in range(len(PROBLEMS))]
)
def test_a_commit_on_a_problem_of_the_third_set_is_its_gold(text: str, gold: float) -> None:
    decision = derive(text)["decision"]
    if decision["law"] == "commit":
        assert Fraction(decision["value"]) == Fraction(str(gold)), text


def test_the_split_is_by_index_and_each_part_coverage_is_reported() -> None:
    assert len(DEV) + len(HELD_OUT) == len(PROBLEMS) >= 75
    assert PROBLEMS[2::3] == HELD_OUT
    for name, part in (("dev", DEV), ("held out", HELD_OUT)):
        committed = sum(derive(text)["decision"]["law"] == "commit" for text, _ in part)
        print(f"other styles, third set, {name}: {committed} of {len(part)} committed")
