"""Fail-closed evidence pre-check: does the value a claim cites occur in its source?

``check_claim(value, source, root)`` and ``check_batch(claims, root)`` answer with one
of :data:`STATUSES`. ``verified`` means only that the cited evidence exists inside
root, never that the claim is true; when in doubt the answer is not verified.
No pytest import here: the checker is usable on its own and from the CLI.
"""

from pytest_core_verify.systems.evidence._check import (
    DEFAULT_MAX_BYTES,
    JSON_MAX_BYTES,
    STATUSES,
    check_batch,
    check_claim,
)
from pytest_core_verify.systems.evidence._sources import MAX_GLOB_FILES

__all__ = [
    "DEFAULT_MAX_BYTES",
    "JSON_MAX_BYTES",
    "MAX_GLOB_FILES",
    "STATUSES",
    "check_batch",
    "check_claim",
]
