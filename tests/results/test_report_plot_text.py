"""Names in report plots are literal text: ``$…$`` in a lane or metric name is neither
typeset as TeX math nor a reason for the report to fail."""

from __future__ import annotations

import pytest

pytest.importorskip("matplotlib")

from pytest_core_verify._results.html import _plot_svg


@pytest.mark.parametrize(
    "title", ["lane$x$/dev $\\nosuchsymbol$", "cost in $ and $$", "$\\frac{1}{2}$ share"]
)
def test_a_dollar_in_a_name_is_literal_text_in_the_plot(title: str) -> None:
    svg = _plot_svg(title, [("2026-01-01T00:00:00Z", 0.5), ("$2026$", 0.75)], {"min": 0.25})
    escaped = title.replace("&", "&amp;").replace("<", "&lt;")
    assert escaped in svg  # as written: svg.fonttype "none" keeps text as text
    assert "$2026$" in svg
