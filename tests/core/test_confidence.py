"""Confidence bounds of a metric's mean: Wilson for 0/1 metrics, a seeded bootstrap else."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pytest_core_verify._core.confidence import bootstrap_interval, interval, wilson_interval
from tests.helpers import examples


@pytest.mark.parametrize(
    ("successes", "n", "low", "high"),
    [
        (8, 10, 0.4902, 0.9433),
        (80, 100, 0.7112, 0.8666),
        (0, 10, 0.0, 0.2775),
        (10, 10, 0.7225, 1.0),
    ],
)
def test_wilson_interval_matches_the_textbook_values(
    successes: int, n: int, low: float, high: float
) -> None:
    got = wilson_interval(successes, n, 0.95)
    assert got == pytest.approx((low, high), abs=1e-4)


@settings(max_examples=examples(200))
@given(st.lists(st.booleans(), min_size=1, max_size=200), st.sampled_from([0.8, 0.9, 0.95, 0.99]))
def test_a_rate_interval_holds_its_mean_and_stays_in_0_1(values: list[bool], level: float) -> None:
    found = interval(values, level, seed="lane/dev:m")
    assert found is not None and found.method == "wilson" and found.n == len(values)
    assert 0.0 <= found.low <= found.mean <= found.high <= 1.0


@settings(max_examples=examples(50), deadline=None)
@given(st.lists(st.floats(-1e6, 1e6, allow_nan=False), min_size=2, max_size=60))
def test_the_bootstrap_is_seeded_and_brackets_the_mean(values: list[float]) -> None:
    first = interval(values, 0.95, seed="lane/dev:latency")
    again = interval(list(values), 0.95, seed="lane/dev:latency")
    assert first == again  # the same values give the same bound on every run
    if first is not None and first.method == "bootstrap":
        assert min(values) - 1e-6 <= first.low <= first.high <= max(values) + 1e-6


def test_more_cases_narrow_the_bound() -> None:
    few = wilson_interval(4, 5, 0.95)
    many = wilson_interval(800, 1000, 0.95)
    assert few[0] < 0.4 < 0.77 < many[0]


def test_a_higher_level_widens_the_bootstrap() -> None:
    values = [0.1, 0.4, 0.35, 0.8, 0.5, 0.65, 0.2, 0.9, 0.3, 0.55]
    narrow = bootstrap_interval(values, 0.5, seed="s")
    wide = bootstrap_interval(values, 0.99, seed="s")
    assert wide[0] <= narrow[0] <= narrow[1] <= wide[1]
