"""Races: a writer inside root never makes the check read outside root,
verify from a torn read, or raise."""

from __future__ import annotations

import ctypes
import ctypes.util
import os
import pathlib
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager

import pytest

from pytest_core_verify.systems.evidence import _regions, _scan, check_batch, check_claim

#: How long each writer runs: bounded, so the suite stays fast.
SECONDS = 1.5
_RENAME_EXCHANGE = 2


def _exchanger() -> Callable[[str, str], None]:
    """An atomic swap of two paths: renameat2(RENAME_EXCHANGE) where the C library has it,
    else two renames (not atomic, but it still swaps a directory and a symlink)."""
    libc = ctypes.CDLL(ctypes.util.find_library("c") or None, use_errno=True)
    renameat2 = getattr(libc, "renameat2", None)
    at_fdcwd = -100

    def exchange(a: str, b: str) -> None:
        flags = _RENAME_EXCHANGE
        if (
            renameat2 is not None
            and renameat2(at_fdcwd, a.encode(), at_fdcwd, b.encode(), flags) == 0
        ):
            return
        os.rename(a, a + ".tmp")
        os.rename(b, a)
        os.rename(a + ".tmp", b)

    return exchange


@contextmanager
def running(work: Callable[[], None]) -> Iterator[list[int]]:
    """Run ``work`` in a loop on a thread until the block ends; yields [iterations]."""
    stop = threading.Event()
    count = [0]
    errors: list[BaseException] = []

    def loop() -> None:
        try:
            while not stop.is_set():
                work()
                count[0] += 1
        except BaseException as exc:  # pragma: no cover - reported below
            errors.append(exc)

    thread = threading.Thread(target=loop, daemon=True)
    thread.start()
    try:
        yield count
    finally:
        stop.set()
        thread.join(10)
    assert not errors, errors


def test_a_swapped_directory_never_leads_outside_root(tmp_path: pathlib.Path) -> None:
    root = tmp_path / "root"
    outside = tmp_path / "outside"
    (root / "sw").mkdir(parents=True)
    outside.mkdir()
    (root / "sw" / "f.txt").write_text("nothing here\n", encoding="utf-8")
    (outside / "f.txt").write_text("secret 8675.309 open sesame\n", encoding="utf-8")
    os.symlink(str(outside), root / "alt")  # absolute, so that it leads out from anywhere
    exchange = _exchanger()
    sw, alt = str(root / "sw"), str(root / "alt")
    claims = [
        {"value": value, "source": source}
        for value in (8675.309, "open sesame")
        for source in ("sw/f.txt", "sw/*.txt", "**/f.txt", "sw/../sw/f.txt", "alt/f.txt")
    ]
    statuses: set[str] = set()
    checks = 0
    deadline = time.monotonic() + SECONDS
    with running(lambda: exchange(sw, alt)) as swaps:
        while time.monotonic() < deadline:
            out = check_batch(claims, root)
            checks += len(claims)
            for r in out["results"]:
                statuses.add(r["status"])
                assert r["status"] != "verified", r
    assert swaps[0] > 10 and checks > 100, (swaps, checks)
    assert "outside_root" in statuses  # the symlink was seen, and refused


def _versions(size: int, boundary: int) -> tuple[bytes, bytes]:
    """Two files of ``size`` bytes, neither holding 73.2: one ends its first chunk with
    " 7", the other begins the second chunk with "3.2 "."""
    filler = b"x" * 63 + b"\n"
    body = (filler * (size // len(filler) + 1))[:size]
    a = body[: boundary - 2] + b" 7" + body[boundary:]
    b = body[:boundary] + b"3.2 " + body[boundary + 4 :]
    assert b"73.2" not in a and b"73.2" not in b and len(a) == len(b) == size
    return a, b


def test_a_torn_read_is_never_verified(tmp_path: pathlib.Path) -> None:
    size, chunk = 2 * 1024 * 1024, 1024 * 1024
    a, b = _versions(size, chunk)
    path = tmp_path / "f.log"
    path.write_bytes(a)
    fd = os.open(path, os.O_WRONLY)
    flip = [False]

    def rewrite() -> None:
        flip[0] = not flip[0]
        os.pwrite(fd, b if flip[0] else a, 0)

    statuses: dict[str, int] = {}
    deadline = time.monotonic() + SECONDS
    try:
        with running(rewrite) as writes:
            while time.monotonic() < deadline:
                r = check_claim(73.2, "f.log", tmp_path)
                statuses[r["status"]] = statuses.get(r["status"], 0) + 1
                assert r["status"] != "verified", r
                if r["status"] == "unreadable":
                    assert "changed while read" in r["detail"], r
    finally:
        os.close(fd)
    assert writes[0] > 10 and sum(statuses.values()) > 5, (writes, statuses)
    assert set(statuses) <= {"value_not_found", "unreadable"}, statuses


def test_a_file_that_grows_while_read_is_unreadable(
    tmp_path: pathlib.Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "f.txt"
    path.write_text("acc 73.2\n" * 1000, encoding="utf-8")
    real_reader = _scan._reader
    grown: list[bool] = []

    def reader(fd: int) -> Callable[[int], bytes]:
        read = real_reader(fd)

        def growing(n: int) -> bytes:
            data = read(n)
            if data and not grown:
                grown.append(True)
                with path.open("a", encoding="utf-8") as f:
                    f.write("more\n")  # after the first chunk was read
            return data

        return growing

    real_read_at = _regions._read_at

    def read_at(fd: int, n: int, offset: int) -> bytes:
        return reader(fd)(n) if offset == 0 else real_read_at(fd, n, offset)

    monkeypatch.setattr(_scan, "_reader", reader)
    monkeypatch.setattr(_regions, "_read_at", read_at)  # the fast path's reads
    claims = [{"value": 73.2, "source": "f.txt"}]
    r = check_batch(claims, tmp_path, chunk_size=4096)["results"][0]
    assert grown and r["status"] == "unreadable" and "changed while read" in r["detail"], r
