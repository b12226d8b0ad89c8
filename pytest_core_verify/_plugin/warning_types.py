"""The plugin's warning categories (pytest glue), public as ``pytest_core_verify.<name>``.

A project with ``filterwarnings = error`` relaxes one of them by name
(``default::pytest_core_verify.CaseFileWarning``); pytest imports the category from the
filter's text, so this module stays small: naming a category must not load the harness.
"""

from __future__ import annotations

import pytest

__all__ = ["CaseFileWarning", "SealedFilesNotCollected"]


class CaseFileWarning(pytest.PytestWarning):
    """A cases file that still runs but should be fixed (a BOM, CRLF line ends)."""


class SealedFilesNotCollected(pytest.PytestWarning):
    """The holdout split is selected, but the paths pytest collects leave sealed files out."""
