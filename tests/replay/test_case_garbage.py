"""A sealed case's cyclic garbage is freed at the end of the case, without a full
collection of the process's heap."""

from __future__ import annotations

import gc
from typing import Any, ClassVar

from pytest_core_verify._replay.garbage import case_garbage_freed


class _Noisy:
    freed: ClassVar[list[str]] = []

    def __init__(self, text: str) -> None:
        self.text = text
        self.me: Any = self  # a reference cycle: freed only by the collector
        self.old: Any = None

    def __del__(self) -> None:
        _Noisy.freed.append(self.text)


def test_a_cycle_made_in_the_block_is_freed_when_it_ends() -> None:
    _Noisy.freed.clear()
    gc.disable()  # no automatic collection may free it earlier (or later)
    try:
        with case_garbage_freed():
            _Noisy("made in the case")
            assert _Noisy.freed == []
        assert _Noisy.freed == ["made in the case"]
    finally:
        gc.enable()


def test_a_cycle_of_the_case_that_points_at_old_objects_is_freed() -> None:
    old = [object() for _ in range(10)]
    _Noisy.freed.clear()
    gc.disable()
    try:
        with case_garbage_freed():
            noisy = _Noisy("points at old")
            noisy.old = old
            del noisy
        assert _Noisy.freed == ["points at old"]
    finally:
        gc.enable()


def test_the_heap_is_left_as_it_was() -> None:
    with case_garbage_freed():
        assert gc.get_freeze_count() > 0
    assert gc.get_freeze_count() == 0


def test_someone_elses_frozen_objects_stay_frozen() -> None:
    gc.freeze()
    try:
        frozen = gc.get_freeze_count()
        _Noisy.freed.clear()
        with case_garbage_freed():
            _Noisy("with a frozen heap")
        assert _Noisy.freed == ["with a frozen heap"]
        assert gc.get_freeze_count() == frozen
    finally:
        gc.unfreeze()
