"""Hooks that other plugins can implement (added with ``pytest_addhooks``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest

if TYPE_CHECKING:
    from pytest_core_verify._aggregate import LaneResult


@pytest.hookspec
def pytest_core_verify_lane_result(lane_result: LaneResult, config: pytest.Config) -> None:
    """Called once for each lane, split and version when it is aggregated, before the
    terminal table, the results files, the GitHub summary and the exit status are made.

    It runs where the reports arrive: the only process without xdist, the controller
    with it (never on a worker), so a ``conftest.py`` or plugin sees every case once.
    Implementations may add to the result, and what they add is reported and gated like
    the lane's own metrics::

        from pytest_core_verify._aggregate import Threshold

        def pytest_core_verify_lane_result(lane_result, config):
            value = ...  # from lane_result.cases (id, trace_hash, metrics, passed)
            lane_result.add_metric("my_metric", value, Threshold("my_metric", min=0.9))
            lane_result.extra["note"] = "anything JSON can hold"
    """
