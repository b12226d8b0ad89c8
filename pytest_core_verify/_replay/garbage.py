"""Freeing what a sealed case left in reference cycles, at a cost that does not grow
with the process's heap (pure: no pytest import; imported by the replay helper, so it
imports nothing of the package).

Why a sealed case needs it: an object in a reference cycle is freed when the cyclic
garbage collector runs, which may be long after the case, in another test, when
output is no longer withheld; its ``__del__`` (or a ``weakref`` callback) may then print
the case's content, and an exception it raises reaches ``sys.unraisablehook``, which
pytest turns into a warning that quotes it. So such objects are freed at the end of
the case, while every output channel is shut.

A full ``gc.collect()`` does that by visiting every object of the process: in a pytest
session of thousands of items, milliseconds per case, most of a sealed case's cost.
Only objects made during the case can be garbage that the case made (an object made
before it that the case dropped is freed by its reference count, or joins a cycle with
the case's objects, which it then reaches): so the objects that exist when the case
starts are moved to the collector's permanent generation (``gc.freeze``, a constant-time
list move), the collection at the end visits the case's objects only, and the frozen
ones go back (``gc.unfreeze``). What the full collection freed, this frees: every cycle
made of objects that the case created, whatever else they point at.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def case_garbage_freed() -> Iterator[None]:
    """Around a case: at its end, every reference cycle of objects made in the block is
    collected (``__del__`` and weakref callbacks run inside the caller's context)."""
    if gc.get_freeze_count():
        # Someone else froze objects (an application preparing to fork): leave their
        # permanent generation alone and pay for the full collection.
        try:
            yield
        finally:
            gc.collect()
        return
    gc.freeze()
    try:
        yield
    finally:
        try:
            gc.collect()
        finally:
            gc.unfreeze()
