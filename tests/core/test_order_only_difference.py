"""Two results that differ only in the order of list items are recognised, and where."""

from __future__ import annotations

from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from pytest_core_verify._core.ordering import order_only_difference

_json = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=5),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=3), inner, max_size=4)
    ),
    max_leaves=20,
)


@given(items=st.lists(st.text(max_size=4), min_size=2, max_size=8, unique=True), data=st.data())
def test_a_permuted_list_is_named(items: list[str], data: st.DataObject) -> None:
    permuted = data.draw(st.permutations(items))
    first = {"words": items, "n": len(items)}
    second = {"words": list(permuted), "n": len(items)}
    expected = None if permuted == items else "$.words"
    assert order_only_difference(first, second) == expected


@given(value=_json)
def test_equal_values_and_other_differences_are_not_orderings(value: Any) -> None:
    assert order_only_difference(value, value) is None
    assert order_only_difference({"v": value}, {"v": value, "extra": 1}) is None
    assert order_only_difference([value, 1], [value, 2]) is None


def test_a_nested_reordering_is_named_at_its_list() -> None:
    first = {"groups": [{"ids": [1, 2, 3]}, {"ids": [4]}]}
    second = {"groups": [{"ids": [3, 1, 2]}, {"ids": [4]}]}
    assert order_only_difference(first, second) == "$.groups[0].ids"
