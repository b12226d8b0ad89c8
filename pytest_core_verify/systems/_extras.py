"""The error of a reference system whose optional extra this install lacks (pure).

A plain ``pip install pytest-core-verify`` has none of the systems' extras; each system
imports its extra's package when first needed and raises this, with the ``pip install``
line, so that the ``core-verify`` commands can say it as a usage error (exit 2) in one
place instead of a traceback from each system.
"""

from __future__ import annotations

__all__ = ["ExtraMissing"]


class ExtraMissing(ImportError):
    """An optional extra of the package is not installed; the message names it."""
