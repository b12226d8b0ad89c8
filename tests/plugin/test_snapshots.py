"""Each case's result pinned with syrupy under snapshots/<lane>/<split>[/<version>]/."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.helpers import MakeLane

LANE = """
def run(case, workdir):
    return {"answer": case["x"] * case.get("factor", 2), "note": "ü"}
"""


@pytest.fixture
def lane(pytester: pytest.Pytester, make_lane: MakeLane) -> Path:
    return make_lane(
        code=LANE,
        dev=[{"id": "a", "x": 1}, {"id": "b", "x": 2}],
        public={"v1": [{"id": "p/1", "x": 3}]},
    )


def _snap(pytester: pytest.Pytester, *parts: str) -> Path:
    return pytester.path.joinpath("snapshots", *parts)


def test_create_then_match(pytester: pytest.Pytester, lane: Path) -> None:
    created = pytester.runpytest("--snapshot-update")
    created.assert_outcomes(passed=5)
    created.stdout.fnmatch_lines(["*3 snapshots generated.*"])
    pin = _snap(pytester, "demo", "dev", "a.json")
    # Pretty JSON, sorted keys, real Unicode, final newline: a small local diff in git.
    assert pin.read_text(encoding="utf-8") == '{\n  "answer": 2,\n  "note": "ü"\n}\n'
    assert _snap(pytester, "demo", "public", "v1", "p%2F1.json").is_file()
    matched = pytester.runpytest()
    matched.assert_outcomes(passed=5)
    matched.stdout.fnmatch_lines(["*3 snapshots passed.*"])


def test_missing_pin_fails_with_how_to_fix(pytester: pytest.Pytester, lane: Path) -> None:
    result = pytester.runpytest()
    result.assert_outcomes(passed=2, failed=3)
    result.stdout.fnmatch_lines(
        ["*no snapshot yet for case 'a' (a.json); run pytest with --snapshot-update*"]
    )


def test_mismatch_shows_the_diff_and_update_repins(
    pytester: pytest.Pytester, lane: Path, make_lane: MakeLane
) -> None:
    pytester.runpytest("--snapshot-update").assert_outcomes(passed=5)
    make_lane(code=LANE, dev=[{"id": "a", "x": 1, "factor": 10}, {"id": "b", "x": 2}])
    result = pytester.runpytest()
    result.assert_outcomes(passed=4, failed=1)
    result.stdout.fnmatch_lines(
        [
            "*the result differs from its snapshot; if the change is intended, re-pin with --snapshot-update*",
            '*-   "answer": 2,*',
            '*+   "answer": 10,*',
        ]
    )
    updated = pytester.runpytest("--snapshot-update")
    updated.assert_outcomes(passed=5)
    updated.stdout.fnmatch_lines(["*1 snapshot updated.*"])
    assert '"answer": 10' in _snap(pytester, "demo", "dev", "a.json").read_text()
    pytester.runpytest().assert_outcomes(passed=5)


def test_removed_case_is_unused_then_deleted(
    pytester: pytest.Pytester, lane: Path, make_lane: MakeLane
) -> None:
    pytester.runpytest("--snapshot-update").assert_outcomes(passed=5)
    make_lane(code=LANE, dev=[{"id": "a", "x": 1}])
    result = pytester.runpytest()
    assert result.ret == pytest.ExitCode.TESTS_FAILED
    result.stdout.fnmatch_lines(
        [
            "*1 case snapshot(s) unused:*",
            "*snapshots/demo/dev/b.json*",
            "*Re-run pytest with --snapshot-update to delete unused snapshots.*",
        ]
    )
    warned = pytester.runpytest("--snapshot-warn-unused")
    assert warned.ret == pytest.ExitCode.OK
    deleted = pytester.runpytest("--snapshot-update")
    assert deleted.ret == pytest.ExitCode.OK
    deleted.stdout.fnmatch_lines(["*1 case snapshot(s) deleted:*"])
    assert not _snap(pytester, "demo", "dev", "b.json").exists()
    assert _snap(pytester, "demo", "dev", "a.json").exists()


@pytest.mark.parametrize(
    "selection",
    [
        ("--lane", "other"),
        ("--split", "public"),
        ("-k", "p"),
        ("--deselect", "lanes/demo/dev/cases.jsonl::a"),
        ("lanes/demo/dev/cases.jsonl::a",),
        ("lanes/other",),
    ],
    ids=["lane", "split", "k", "deselect", "node-id", "path"],
)
def test_selections_never_delete_other_snapshots(
    pytester: pytest.Pytester, lane: Path, make_lane: MakeLane, selection: tuple[str, ...]
) -> None:
    make_lane("other", code=LANE, dev=[{"id": "o", "x": 5}])
    pytester.runpytest("--snapshot-update").assert_outcomes(passed=7)
    # An orphan pin in the demo lane: only a run of the whole cases file may delete it.
    orphan = _snap(pytester, "demo", "dev", "gone.json")
    orphan.write_text("{}\n")
    before = sorted(
        p.relative_to(pytester.path) for p in (pytester.path / "snapshots").rglob("*.json")
    )
    result = pytester.runpytest("--snapshot-update", *selection)
    assert result.ret in (pytest.ExitCode.OK, pytest.ExitCode.NO_TESTS_COLLECTED), (
        result.stdout.str()
    )
    after = sorted(
        p.relative_to(pytester.path) for p in (pytester.path / "snapshots").rglob("*.json")
    )
    assert after == before
    assert "unused" not in result.stdout.str()


def test_unused_detection_skips_a_file_with_a_broken_line(
    pytester: pytest.Pytester, lane: Path, make_lane: MakeLane
) -> None:
    pytester.runpytest("--snapshot-update").assert_outcomes(passed=5)
    # Case b's line breaks: its pin must not be treated as unused and deleted.
    make_lane(code=LANE, dev=[{"id": "a", "x": 1}, '{"id": "b", "x": 2'])
    result = pytester.runpytest("--snapshot-update")
    # The split's gate fails on the broken line.
    result.assert_outcomes(passed=3, failed=1, errors=1)
    assert _snap(pytester, "demo", "dev", "b.json").exists()


def test_snapshot_ini_key_moves_the_tree(pytester: pytest.Pytester, lane: Path) -> None:
    pytester.makeini("[pytest]\ncore_verify_snapshots = pins/here\n")
    pytester.runpytest("--snapshot-update").assert_outcomes(passed=5)
    assert (pytester.path / "pins" / "here" / "demo" / "dev" / "a.json").is_file()
    assert not (pytester.path / "snapshots").exists()


def test_create_and_update_under_xdist(pytester: pytest.Pytester, make_lane: MakeLane) -> None:
    cases = [{"id": f"c{i:03d}", "x": i} for i in range(1, 41)]
    make_lane(code=LANE, dev=cases, public={"v1": cases[:10]})
    created = pytester.runpytest_subprocess("-n", "2", "--snapshot-update")
    created.assert_outcomes(passed=52)
    created.stdout.fnmatch_lines(["*50 snapshots generated.*"])
    files = sorted((pytester.path / "snapshots").rglob("*.json"))
    assert len(files) == 50
    assert all(json.loads(f.read_text())["answer"] == int(f.stem[1:]) * 2 for f in files)
    make_lane(code=LANE, dev=[c | {"factor": 3} for c in cases], public={"v1": cases[:10]})
    updated = pytester.runpytest_subprocess("-n", "2", "--snapshot-update")
    updated.assert_outcomes(passed=52)
    updated.stdout.fnmatch_lines(["*40 snapshots updated.*"])
    dev = sorted((pytester.path / "snapshots" / "demo" / "dev").glob("*.json"))
    assert all(json.loads(f.read_text())["answer"] == int(f.stem[1:]) * 3 for f in dev)
    pytester.runpytest_subprocess("-n", "2").assert_outcomes(passed=52)
    assert not [p for p in (pytester.path / "snapshots").rglob("*") if p.name.endswith(".tmp")]


def test_sigkill_during_update_leaves_every_snapshot_whole(
    pytester: pytest.Pytester, make_lane: MakeLane
) -> None:
    cases = [{"id": f"c{i:03d}", "x": i, "pad": "y" * 20000} for i in range(30)]
    code = 'def run(case, workdir):\n    return {"answer": case["x"] * case.get("factor", 2), "pad": case["pad"]}\n'
    make_lane(code=code, dev=cases)
    pytester.runpytest_subprocess("--snapshot-update").assert_outcomes(passed=31)
    old = {p.name: p.read_bytes() for p in (pytester.path / "snapshots" / "demo" / "dev").iterdir()}
    make_lane(code=code, dev=[c | {"factor": 7} for c in cases])
    # Kill the process mid-write of the 11th snapshot: its data is written, not yet renamed.
    pytester.makeconftest(
        """
        import os, signal
        import pytest_core_verify._core.atomic as atomic

        calls = []
        real_replace = os.replace

        def die_before_rename(src, dst):
            calls.append(dst)
            if len(calls) == 11:
                os.kill(os.getpid(), signal.SIGKILL)
            real_replace(src, dst)

        atomic.os.replace = die_before_rename
        """
    )
    killed = pytester.runpytest_subprocess("--snapshot-update")
    assert killed.ret == -9
    pins = sorted((pytester.path / "snapshots" / "demo" / "dev").glob("*.json"))
    assert len(pins) == 30
    new_count = 0
    for pin in pins:
        data = pin.read_bytes()
        parsed = json.loads(data)  # whole: parses
        if data != old[pin.name]:
            assert parsed["answer"] == int(pin.stem[1:]) * 7
            new_count += 1
    assert new_count == 10


PIN_WRITE_PROBE = """
import json, os
import pytest
import pytest_core_verify._plugin.pins as snapshot_module

seen = {"assertions": 0, "fsyncs": 0, "syncs": []}
real_init = snapshot_module.SnapshotAssertion.__init__
real_fsync = os.fsync
real_sync = snapshot_module.sync_to_disk


def counting_init(self, *args, **kwargs):
    seen["assertions"] += 1
    real_init(self, *args, **kwargs)


def counting_fsync(fd):
    seen["fsyncs"] += 1
    real_fsync(fd)


def recording_sync(directories):
    directories = list(directories)
    seen["syncs"].append(sorted(os.path.relpath(d) for d in directories))
    real_sync(directories)


snapshot_module.SnapshotAssertion.__init__ = counting_init
os.fsync = counting_fsync
snapshot_module.sync_to_disk = recording_sync


def pytest_unconfigure(config):
    with open("probe.json", "w") as handle:
        json.dump(seen, handle)
"""


@pytest.mark.parametrize("workers", [None, "2"])
def test_pinning_writes_without_assertions_and_syncs_once(
    pytester: pytest.Pytester, lane: Path, workers: str | None
) -> None:
    # A new or changed pin is written by the harness (atomically, no fsync per
    # file) with no SnapshotAssertion kept per pin; each process syncs once at the end.
    pytester.makeconftest(PIN_WRITE_PROBE)
    args = ["--snapshot-update", "-p", "no:cacheprovider"]
    if workers:
        args += ["-n", workers]
    created = pytester.runpytest_subprocess(*args)
    created.assert_outcomes(passed=5)
    created.stdout.fnmatch_lines(["*3 snapshots generated.*"])
    probe = json.loads((pytester.path / "probe.json").read_text())
    assert probe["assertions"] == 0
    assert probe["fsyncs"] == 0
    if workers is None:
        assert probe["syncs"] == [["snapshots/demo/dev", "snapshots/demo/public/v1"]]
    assert json.loads(_snap(pytester, "demo", "dev", "b.json").read_text()) == {
        "answer": 4,
        "note": "ü",
    }
    # Re-pinning with nothing changed writes nothing, and so syncs nothing.
    again = pytester.runpytest_subprocess("--snapshot-update", "-p", "no:cacheprovider")
    again.assert_outcomes(passed=5)
    again.stdout.fnmatch_lines(["*3 snapshots passed.*"])
    assert json.loads((pytester.path / "probe.json").read_text())["syncs"] == []


def test_changed_pin_is_reported_updated(
    pytester: pytest.Pytester, lane: Path, make_lane: MakeLane
) -> None:
    pytester.runpytest("--snapshot-update").assert_outcomes(passed=5)
    make_lane(code=LANE, dev=[{"id": "a", "x": 1, "factor": 10}, {"id": "b", "x": 2}])
    result = pytester.runpytest("--snapshot-update")
    result.assert_outcomes(passed=5)
    result.stdout.fnmatch_lines(["*1 snapshot updated.*"])
    assert json.loads(_snap(pytester, "demo", "dev", "a.json").read_text())["answer"] == 10


def test_crlf_pin_still_matches_and_is_not_rewritten(pytester: pytest.Pytester, lane: Path) -> None:
    # A checkout with CRLF line ends (git autocrlf): syrupy reads pins with universal
    # newlines, and so does the harness's fast path; --snapshot-update leaves it alone.
    pytester.runpytest("--snapshot-update").assert_outcomes(passed=5)
    pin = _snap(pytester, "demo", "dev", "a.json")
    crlf = pin.read_bytes().replace(b"\n", b"\r\n")
    pin.write_bytes(crlf)
    pytester.runpytest().assert_outcomes(passed=5)
    pytester.runpytest("--snapshot-update").stdout.fnmatch_lines(["*3 snapshots passed.*"])
    assert pin.read_bytes() == crlf


def test_a_pin_holds_by_its_json_value_exactly_typed(pytester: pytest.Pytester, lane: Path) -> None:
    # Compared as canonical JSON values: another layout of the same value holds (and is
    # left as it is by --snapshot-update); 2.0 for 2, or an extra key, does not.
    pytester.runpytest("--snapshot-update").assert_outcomes(passed=5)
    pin = _snap(pytester, "demo", "dev", "a.json")
    pin.write_text('{"note": "\\u00fc",   "answer": 2}', encoding="utf-8")
    pytester.runpytest().assert_outcomes(passed=5)
    pytester.runpytest("--snapshot-update").stdout.fnmatch_lines(["*3 snapshots passed.*"])
    assert pin.read_text(encoding="utf-8") == '{"note": "\\u00fc",   "answer": 2}'
    for wrong in ('{"answer": 2.0, "note": "ü"}', '{"answer": 2, "note": "ü", "x": null}'):
        pin.write_text(wrong, encoding="utf-8")
        result = pytester.runpytest()
        result.assert_outcomes(passed=4, failed=1)
        result.stdout.fnmatch_lines(["*the result differs from its snapshot*"])
