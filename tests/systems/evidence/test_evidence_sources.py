"""Sources: root containment, symlinks, globs and their cap, JSON bindings, claims file."""

from __future__ import annotations

import os
import pathlib
from typing import Any

import pytest

from pytest_core_verify.systems.evidence import MAX_GLOB_FILES, check_batch, check_claim
from pytest_core_verify.systems.evidence._sources import parse_pointer, split_binding


@pytest.fixture
def project(tmp_path: pathlib.Path) -> pathlib.Path:
    """root = tmp/root; a decoy holding every value sits beside it, in tmp."""
    (tmp_path / "decoy.txt").write_text("0.91 open sesame\n", encoding="utf-8")
    root = tmp_path / "root"
    (root / "results").mkdir(parents=True)
    (root / "results" / "eval.json").write_text(
        '{"metrics": {"f1": 0.91, "acc": 73.20}, "runs": [{"seed": 4}], "a/b": 5, "m~n": 6,'
        ' "ok": true, "note": null, "name": "resnet50", "s": "1,500", "deep": {"x": [1, 2]}}',
        encoding="utf-8",
    )
    (root / "notes.md").write_text("f1 is 0.91\n", encoding="utf-8")
    return root


def test_outside_root_is_never_opened(project: pathlib.Path, open_recorder: Any) -> None:
    os.symlink("../decoy.txt", project / "out.txt")
    os.symlink("..", project / "up")
    os.symlink("../missing.txt", project / "gone_out.txt")
    cases = {
        "../decoy.txt": "outside_root",
        "results/../../decoy.txt": "outside_root",
        str(project.parent / "decoy.txt"): "outside_root",
        str(project / "notes.md"): "outside_root",  # absolute, even when inside
        "out.txt": "outside_root",
        "up/decoy.txt": "outside_root",
        "gone_out.txt": "outside_root",
        "*.txt": "outside_root",  # the glob matches out.txt
        "results/../notes.md": "verified",
    }
    root = os.path.realpath(project)
    with open_recorder() as opened:
        for source, expected in cases.items():
            assert check_claim(0.91, source, project)["status"] == expected, source
    # Only root itself is opened by path; everything else relative to a descriptor.
    assert {p for p, how in opened if how == "abs"} == {root}, opened
    assert all(p.startswith(root + os.sep) for p, how in opened if how == "at"), opened


def test_symlink_inside_root_is_followed(project: pathlib.Path) -> None:
    os.symlink("results/eval.json", project / "link.json")
    r = check_claim(0.91, "link.json", project)
    assert (r["status"], r["file"]) == ("verified", "link.json")
    os.symlink("results/none.json", project / "dangling.json")
    assert check_claim(0.91, "dangling.json", project)["status"] == "path_missing"


def test_directories_and_special_files(project: pathlib.Path) -> None:
    assert check_claim(0.91, "results", project)["status"] == "path_missing"
    assert check_claim(0.91, ".", project)["status"] == "path_missing"
    os.mkfifo(project / "pipe")
    r = check_claim(0.91, "pipe", project)
    assert r["status"] == "unreadable" and "not a regular file" in r["detail"]


def test_glob(project: pathlib.Path) -> None:
    assert check_claim(0.91, "**/*.json", project)["file"] == "results/eval.json"
    assert check_claim(0.91, "*.md", project)["status"] == "verified"
    assert check_claim(0.91, "results/*.csv", project)["status"] == "path_missing"
    assert check_claim(0.5, "**/*", project)["status"] == "value_not_found"
    (project / "results" / "bin.dat").write_bytes(b"\x00\x01")
    # Found in a readable file wins; otherwise an unreadable match is reported.
    assert check_claim(0.91, "results/*", project)["status"] == "verified"
    assert check_claim(0.5, "results/*", project)["status"] == "unreadable"


def test_glob_cap_both_sides(tmp_path: pathlib.Path) -> None:
    many = tmp_path / "many"
    many.mkdir()
    for i in range(MAX_GLOB_FILES):
        (many / f"f{i:04d}.txt").write_text("x\n" if i else "value 3.25\n", encoding="utf-8")
    assert check_claim(3.25, "many/*.txt", tmp_path)["status"] == "verified"
    (many / "extra.txt").write_text("x\n", encoding="utf-8")
    r = check_claim(3.25, "many/*.txt", tmp_path)
    assert r["status"] == "unreadable" and "more than 1000" in r["detail"]


@pytest.mark.parametrize(
    ("value", "pointer", "expected"),
    [
        (0.91, "/metrics/f1", "verified"),
        ("0.910", "/metrics/f1", "verified"),
        (0.9, "/metrics/f1", "value_not_found"),
        ("0.91%", "/metrics/f1", "value_not_found"),
        (73.2, "/metrics/acc", "verified"),
        (0.91, "/metrics/acc", "value_not_found"),
        (0.91, "/metrics", "value_not_found"),
        (4, "/runs/0/seed", "verified"),
        (4, "/runs/1/seed", "value_not_found"),
        (4, "/runs/00/seed", "value_not_found"),
        (4, "/runs/-/seed", "value_not_found"),
        (5, "/a~1b", "verified"),
        (5, "/a%7E1b", "verified"),
        (6, "/m~0n", "verified"),
        (6, "/m~2n", "unparseable"),
        (6, "/m~", "unparseable"),
        ("true", "/ok", "verified"),
        ("null", "/note", "verified"),
        ("resnet50", "/name", "verified"),
        ("resnet", "/name", "value_not_found"),
        (1500, "/s", "verified"),
        (2, "/deep/x/1", "verified"),
        (1, "/deep/x/1", "value_not_found"),
        (1, "", "value_not_found"),
    ],
)
def test_json_binding(project: pathlib.Path, value: object, pointer: str, expected: str) -> None:
    r = check_claim(value, f"results/eval.json#{pointer}", project)
    assert r["status"] == expected, r


def test_json_binding_rejects_unsafe_json(project: pathlib.Path) -> None:
    (project / "dup.json").write_text('{"a": 1, "a": 2}', encoding="utf-8")
    (project / "nan.json").write_text('{"a": NaN}', encoding="utf-8")
    (project / "text.json").write_text("a 1", encoding="utf-8")
    (project / "deep.json").write_text("[" * 100000 + "]" * 100000, encoding="utf-8")
    for name in ("dup.json", "nan.json", "text.json", "deep.json"):
        r = check_claim(1, f"{name}#/a", project)
        assert r["status"] == "unreadable", (name, r)
    assert check_claim(1, "results/eval.json#not-a-pointer", project)["status"] == "path_missing"


def test_split_binding_and_pointer() -> None:
    assert split_binding("a.json#/x") == ("a.json", "/x")
    assert split_binding("a.json#") == ("a.json", "")
    assert split_binding("notes#1.md") == ("notes#1.md", None)
    assert parse_pointer("/a~1b/~0c/%20") == ["a/b", "~c", " "]
    assert parse_pointer("/~2") is None


def test_claims_file_is_never_evidence(project: pathlib.Path) -> None:
    claims = project / "claims.jsonl"
    claims.write_text('{"value": 12.75, "source": "claims.jsonl"}\n', encoding="utf-8")
    out = check_batch([{"id": "a", "value": 12.75, "source": "claims.jsonl"}], project)
    assert out["results"][0]["status"] == "verified"
    out = check_batch(
        [
            {"id": "a", "value": 12.75, "source": "claims.jsonl"},
            {"id": "b", "value": 12.75, "source": "*.jsonl"},
            {"id": "c", "value": 12.75, "source": "*"},
        ],
        project,
        exclude=[claims],
    )
    assert [r["status"] for r in out["results"]] == [
        "path_missing",
        "path_missing",
        "value_not_found",
    ]


def test_bad_root_raises(tmp_path: pathlib.Path) -> None:
    with pytest.raises(NotADirectoryError, match="not a directory"):
        check_claim(1, "x", tmp_path / "missing")


def test_a_hard_link_to_the_claims_file_is_excluded(tmp_path: pathlib.Path) -> None:
    """the claims file is excluded by (device, inode)."""
    batch = tmp_path / "claims.jsonl"
    batch.write_text('{"value": "open sesame 8675.309", "source": "copy.jsonl"}\n')
    os.link(batch, tmp_path / "copy.jsonl")
    os.symlink("claims.jsonl", tmp_path / "link.jsonl")
    claims = [
        {"value": v, "source": s}
        for v in ("open sesame 8675.309", 8675.309)
        for s in ("copy.jsonl", "link.jsonl", "*.jsonl", "claims.jsonl")
    ]
    out = check_batch(claims, tmp_path, exclude=[batch])
    assert {r["status"] for r in out["results"]} == {"path_missing"}, out
    assert check_claim(8675.309, "copy.jsonl", tmp_path)["status"] == "verified"


def test_a_file_in_an_unreadable_directory_is_unreadable(
    tmp_path: pathlib.Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """permission denied is unreadable, not path_missing. Root
    bypasses permission bits, so the denial is simulated at the descriptor walk."""
    locked = tmp_path / "locked"
    locked.mkdir()
    (locked / "f.txt").write_text("acc 73.2\n", encoding="utf-8")
    real_open = os.open

    def deny(path: Any, flags: int, *args: Any, dir_fd: int | None = None, **kw: Any) -> int:
        if dir_fd is not None and os.readlink(f"/proc/self/fd/{dir_fd}").endswith("/locked"):
            raise PermissionError(13, "Permission denied", path)
        return real_open(path, flags, *args, dir_fd=dir_fd, **kw)

    monkeypatch.setattr(os, "open", deny)
    r = check_claim(73.2, "locked/f.txt", tmp_path)
    assert r["status"] == "unreadable" and "permission denied" in r["detail"], r
    assert check_claim(73.2, "locked/none.txt", tmp_path)["status"] == "unreadable"


@pytest.mark.skipif(os.geteuid() == 0, reason="root bypasses permission bits (chmod 000)")
def test_a_mode_000_directory_is_unreadable(tmp_path: pathlib.Path) -> None:
    locked = tmp_path / "locked"
    locked.mkdir()
    (locked / "f.txt").write_text("acc 73.2\n", encoding="utf-8")
    locked.chmod(0)
    try:
        assert check_claim(73.2, "locked/f.txt", tmp_path)["status"] == "unreadable"
    finally:
        locked.chmod(0o755)


def test_an_existing_literal_path_wins_over_its_glob_reading(tmp_path: pathlib.Path) -> None:
    """"""
    (tmp_path / "p").mkdir()
    (tmp_path / "p" / "a[1].txt").write_text("nothing\n", encoding="utf-8")
    (tmp_path / "p" / "a1.txt").write_text("acc 73.2\n", encoding="utf-8")
    (tmp_path / "p" / "what?.txt").write_text("nothing\n", encoding="utf-8")
    (tmp_path / "p" / "whatX.txt").write_text("acc 73.2\n", encoding="utf-8")
    for source in ("p/a[1].txt", "p/what?.txt"):
        r = check_claim(73.2, source, tmp_path)
        assert (r["status"], r["file"]) == ("value_not_found", source), r
    r = check_claim(73.2, "p/a[2-9].txt", tmp_path)  # no such literal file: a pattern
    assert r["status"] == "path_missing", r
    r = check_claim(73.2, "p/a[0-9].txt", tmp_path)
    assert (r["status"], r["file"]) == ("verified", "p/a1.txt"), r
    # A literal directory name with glob characters is literal too.
    (tmp_path / "d[1]").mkdir()
    (tmp_path / "d1").mkdir()
    (tmp_path / "d1" / "x.txt").write_text("acc 73.2\n", encoding="utf-8")
    (tmp_path / "d[1]" / "x.txt").write_text("nothing\n", encoding="utf-8")
    assert check_claim(73.2, "d[1]/*.txt", tmp_path)["status"] == "value_not_found"
