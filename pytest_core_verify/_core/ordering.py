"""Whether two JSON values differ only in the order of list items (pure: no pytest).

The most common cause of two runs that differ is iteration over a set (or a dict or
list built from one): its order follows the string hash seed, and run B runs under
another ``PYTHONHASHSEED``. When sorting every list makes the two values equal, the
determinism report says so and names where, instead of the generic hint.
"""

from __future__ import annotations

import json
from typing import Any

__all__ = ["order_only_difference"]


def _text(value: Any) -> str:
    return json.dumps(value, sort_keys=True, default=str)


def _sorted_lists(value: Any) -> Any:
    """``value`` with every list sorted (by each item's canonical text), recursively."""
    if isinstance(value, dict):
        return {key: _sorted_lists(item) for key, item in value.items()}
    if isinstance(value, list):
        items = [_sorted_lists(item) for item in value]
        return sorted(items, key=_text)
    return value


def _first_reordered(first: Any, second: Any, path: str) -> str | None:
    if isinstance(first, dict) and isinstance(second, dict):
        for key in sorted(first):
            found = _first_reordered(first[key], second.get(key), f"{path}.{key}")
            if found is not None:
                return found
        return None
    if not (isinstance(first, list) and isinstance(second, list)) or first == second:
        return None
    if sorted(map(_text, first)) == sorted(map(_text, second)):
        return path  # this list's own items are reordered
    for index, (a, b) in enumerate(zip(first, second, strict=False)):
        found = _first_reordered(a, b, f"{path}[{index}]")
        if found is not None:
            return found
    return path


def order_only_difference(first: Any, second: Any) -> str | None:
    """The JSON path of the first list whose items differ only in order, when that is
    the whole difference between ``first`` and ``second``; ``None`` otherwise."""
    if first == second:
        return None
    try:
        if _sorted_lists(first) != _sorted_lists(second):
            return None
    except RecursionError:
        return None
    return _first_reordered(first, second, "$")
