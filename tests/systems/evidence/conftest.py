"""Shared helpers of the evidence tests."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any
from unittest import mock

import pytest


@contextmanager
def recording_opens() -> Iterator[list[tuple[str, str]]]:
    """Record every ``os.open`` as (the path it opened, how: 'abs' or 'at').

    A descriptor-relative open (``dir_fd=``) is recorded as the directory's path (read
    from /proc) joined with the name, so a test can check where each open landed.
    """
    opened: list[tuple[str, str]] = []
    real_open: Callable[..., int] = os.open

    def spy(path: Any, flags: int, *args: Any, dir_fd: int | None = None, **kw: Any) -> int:
        fd = real_open(path, flags, *args, dir_fd=dir_fd, **kw)
        if dir_fd is None:
            opened.append((os.path.realpath(path), "abs"))
        else:
            opened.append((os.readlink(f"/proc/self/fd/{fd}"), "at"))
        return fd

    with mock.patch.object(os, "open", spy):
        yield opened


@pytest.fixture(scope="session")
def open_recorder() -> Callable[[], Any]:
    """The :func:`recording_opens` context manager, for tests to use."""
    return recording_opens
