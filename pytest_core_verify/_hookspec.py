"""Hooks that other plugins can implement (added with ``pytest_addhooks``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest

if TYPE_CHECKING:
    from pytest_core_verify._aggregate import LaneResult


@pytest.hookspec
def pytest_core_verify_lane_result(lane_result: LaneResult, config: pytest.Config) -> None:
    """Called on the controller for each lane, split and version once it is aggregated,
    before the terminal report and results files. Implementations may add to it, for
    example ``lane_result.add_metric(name, value, threshold)`` or ``lane_result.extra``."""
