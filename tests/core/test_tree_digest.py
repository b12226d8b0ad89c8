"""The workdir digest: regular files by content, symlinks by target, every other kind
by its kind (never opened)."""

from __future__ import annotations

import hashlib
import os
import socket
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pytest_core_verify._core.canonical import tree_digest
from tests.helpers import examples


def test_special_files_are_recorded_by_kind(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "fifo")  # opening it for reading would wait for a writer
    here = os.getcwd()
    os.chdir(tmp_path)
    try:
        server = socket.socket(socket.AF_UNIX)
        server.bind("sock")
        server.close()
    finally:
        os.chdir(here)
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "f").write_bytes(b"x")
    (tmp_path / "link").symlink_to("fifo")
    assert tree_digest(tmp_path) == {
        "fifo": "fifo",
        "link": "symlink:" + hashlib.sha256(b"fifo").hexdigest(),
        "sock": "socket",
        "sub/f": hashlib.sha256(b"x").hexdigest(),
    }


def test_a_device_is_recorded_by_kind(tmp_path: Path) -> None:
    (tmp_path / "null").symlink_to(os.devnull)
    assert tree_digest(tmp_path)["null"].startswith("symlink:")  # not followed
    assert tree_digest("/dev").get("null") == "char-device"


NAMES = st.text(alphabet="abcdefgh", min_size=1, max_size=4)


@settings(max_examples=examples(50), deadline=None)
@given(
    files=st.dictionaries(
        st.lists(NAMES, min_size=1, max_size=3).map(tuple), st.binary(max_size=200000)
    )
)
def test_every_regular_file_is_recorded_by_its_content(
    tmp_path_factory: pytest.TempPathFactory, files: dict[tuple[str, ...], bytes]
) -> None:
    root = tmp_path_factory.mktemp("tree")
    written: dict[str, bytes] = {}
    for parts, data in files.items():
        path = root.joinpath(*parts)
        # A file cannot also be a directory: skip a path that collides with another.
        if any(root.joinpath(*parts[:i]).is_file() for i in range(1, len(parts))):
            continue
        if path.is_dir():
            continue
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
        written["/".join(parts)] = data
    digest = tree_digest(root)
    assert digest == {
        name: hashlib.sha256(data).hexdigest() for name, data in sorted(written.items())
    }
    assert list(digest) == sorted(digest)
