"""Pausing Python's cyclic garbage collector while the engine builds its large structures.

A decision at 10^5 literals makes some 10^6 container objects (formula nodes, clauses,
occurrence lists) in well under a second. The cyclic collector runs every few hundred
allocations and, as the heap grows, walks all of it again: a third of a decision's time and
two fifths of a certificate check's at 10^5, with nothing to find, since these structures
hold no cycles (a node points only at its children, a clause is a list of integers) and
reference counting frees them. The collector is paused for the call and resumed after it,
so cyclic garbage made meanwhile waits for the next collection and is never lost; a call
made while it is already paused (by a caller, or a nested entry point) leaves it as it is.
"""

from __future__ import annotations

import functools
import gc
from collections.abc import Callable
from typing import ParamSpec, TypeVar

__all__ = ["collector_paused"]

_P = ParamSpec("_P")
_R = TypeVar("_R")


def collector_paused(fn: Callable[_P, _R]) -> Callable[_P, _R]:
    """``fn`` with the cyclic collector paused while it runs (when it was running)."""

    @functools.wraps(fn)
    def paused(*args: _P.args, **kwargs: _P.kwargs) -> _R:
        if not gc.isenabled():
            return fn(*args, **kwargs)
        gc.disable()
        try:
            return fn(*args, **kwargs)
        finally:
            gc.enable()

    return paused
