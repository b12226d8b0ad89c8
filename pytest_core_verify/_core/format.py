"""How numbers and table cells are written in every table the project prints (pure)."""

from __future__ import annotations

__all__ = ["md_cell", "number", "signed"]


def number(value: float | None) -> str:
    """A metric value or bound in four significant digits; ``n/a`` when there is none."""
    return "n/a" if value is None else f"{value:.4g}"


def signed(value: float | None) -> str:
    """A change of a metric: ``+0.05``, ``-1``, or ``0`` for none."""
    if value is None:
        return "n/a"
    return "0" if value == 0 else f"{value:+.4g}"


def md_cell(text: str) -> str:
    """A Markdown table cell: a ``|`` in a case id would end the cell early."""
    return text.replace("|", "\\|")
