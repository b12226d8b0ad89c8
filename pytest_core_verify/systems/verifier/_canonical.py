"""Canonical JSON bytes and SHA-256 digests (the one serialisation every hash uses)."""

from __future__ import annotations

import hashlib
import json
from typing import Any

__all__ = ["canonical_bytes", "sha256_hex", "sha256_of"]


def canonical_bytes(obj: Any) -> bytes:
    """Sorted keys, no whitespace, UTF-8, NaN refused: identical bytes for equal JSON values."""
    return json.dumps(
        obj, sort_keys=True, separators=(",", ":"), ensure_ascii=False, allow_nan=False
    ).encode("utf-8")


def sha256_hex(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def sha256_of(obj: Any) -> str:
    """SHA-256 hex of the canonical bytes of ``obj``."""
    return sha256_hex(canonical_bytes(obj))
