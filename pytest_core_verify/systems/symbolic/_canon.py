"""Canonical JSON bytes and their SHA-256: the one encoding every hash in this package uses."""

from __future__ import annotations

import hashlib
import json
from typing import Any

__all__ = ["canonical_bytes", "sha256_hex"]


def canonical_bytes(obj: Any) -> bytes:
    """The project's canonical encoding: sorted keys, no spaces, UTF-8, no NaN/Infinity."""
    return json.dumps(
        obj, sort_keys=True, separators=(",", ":"), ensure_ascii=False, allow_nan=False
    ).encode("utf-8")


def sha256_hex(obj: Any) -> str:
    """SHA-256 hex digest of ``obj``'s canonical bytes."""
    return hashlib.sha256(canonical_bytes(obj)).hexdigest()
