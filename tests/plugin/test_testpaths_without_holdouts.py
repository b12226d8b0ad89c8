"""testpaths without the holdouts directory (as a project that keeps ``tests`` and
``lanes`` there has): the error names the directory that is missing, and a sealed file
is never dropped from collection in silence."""

from __future__ import annotations

import pytest

from tests.helpers import MakeLane

CASES = [{"id": "a", "x": 1, "expect": 2}]


def _project(pytester: pytest.Pytester, make_lane: MakeLane) -> None:
    pytester.makeini("[pytest]\ntestpaths = tests lanes\n")
    make_lane("demo", dev=CASES)
    sealed = pytester.path / "holdouts" / "demo" / "v1" / "cases.jsonl.age"
    sealed.parent.mkdir(parents=True)
    sealed.write_bytes(b"age-encryption.org/v1\n")  # never opened without a key
    (pytester.path / "tests").mkdir()
    (pytester.path / "tests" / "test_unit.py").write_text("def test_ok():\n    pass\n")


def test_a_holdout_lane_names_the_holdouts_directory_as_missing(
    pytester: pytest.Pytester, make_lane: MakeLane, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("CORE_VERIFY_HOLDOUT_KEY", raising=False)
    _project(pytester, make_lane)
    result = pytester.runpytest("--split", "holdout", "--lane", "demo")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines(
        [
            "*--lane demo: nothing of the lane would be collected: testpaths in tox.ini "
            "(tests lanes) does not include holdouts; add holdouts to testpaths, or pass the "
            "lane's directory: pytest holdouts/demo --lane demo"
        ]
    )
    # The fix it gives works.
    fixed = pytester.runpytest("holdouts/demo", "--split", "holdout", "--lane", "demo")
    fixed.assert_outcomes(skipped=1)


@pytest.mark.parametrize("args", [["--split", "all", "--co"], ["--split", "all", "-rs"]])
def test_split_all_names_the_sealed_files_it_will_not_collect(
    pytester: pytest.Pytester, make_lane: MakeLane, monkeypatch: pytest.MonkeyPatch, args: list[str]
) -> None:
    monkeypatch.delenv("CORE_VERIFY_HOLDOUT_KEY", raising=False)
    _project(pytester, make_lane)
    result = pytester.runpytest(*args)
    result.stdout.fnmatch_lines(
        [
            "*SealedFilesNotCollected: 1 sealed file(s) of the holdout split will not be "
            "collected (holdouts/demo/v1/cases.jsonl.age): testpaths in tox.ini (tests lanes) "
            "does not include holdouts; add holdouts to testpaths, or pass it: pytest holdouts"
        ]
    )
    # With the default splits nothing sealed is wanted, and nothing is said.
    quiet = pytester.runpytest("--co")
    assert "SealedFilesNotCollected" not in quiet.stdout.str()
