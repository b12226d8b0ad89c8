"""This plugin's options with their value as a separate word that names an existing path.

pytest chooses the rootdir before it knows the options of plugins loaded from entry
points, so such a value counts as a test path there and can move the rootdir out of
the project; the run stops with the option named and the one-word spelling to use.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from pytest_core_verify._plugin.rootdir import VALUE_OPTIONS
from tests.helpers import MakeLane


@pytest.fixture
def outside(pytester: pytest.Pytester, make_lane: MakeLane) -> Path:
    """A lane in the project, and an existing directory outside it."""
    make_lane(dev=[{"id": "a", "x": 1, "expect": 2}])
    assert pytester.runpytest("--snapshot-update", "-p", "no:xdist").ret == 0
    directory = pytester.path.parent / f"{pytester.path.name}-results"
    directory.mkdir()
    return directory


def test_separate_word_outside_the_project_is_refused(
    pytester: pytest.Pytester, outside: Path
) -> None:
    result = pytester.runpytest("--results", str(outside), "-p", "no:xdist")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines(
        [
            f"ERROR: --results {outside}: pytest took this value for a test path when it "
            f"chose the rootdir, because it exists, and chose * instead of {pytester.path}; "
            f"write the option and its value as one word: --results={outside}"
        ]
    )
    assert not list(outside.iterdir())


def test_from_pytest_addopts_too(
    pytester: pytest.Pytester, outside: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("PYTEST_ADDOPTS", f"--lane-baseline {outside}")
    result = pytester.runpytest("-p", "no:xdist")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines([f"ERROR: --lane-baseline {outside}: pytest took *"])


@pytest.mark.parametrize("xdist", [["-p", "no:xdist"], ["-n", "2"]])
def test_one_word_runs(pytester: pytest.Pytester, outside: Path, xdist: list[str]) -> None:
    result = pytester.runpytest(f"--results={outside}", *xdist)
    result.assert_outcomes(passed=2)
    assert sorted(p.name for p in outside.iterdir()) == ["demo.dev.json"]


def test_separate_word_inside_the_project_runs(pytester: pytest.Pytester, outside: Path) -> None:
    (pytester.path / "results").mkdir()
    result = pytester.runpytest("--results", "results", "-p", "no:xdist")
    result.assert_outcomes(passed=2)
    assert sorted(p.name for p in (pytester.path / "results").iterdir()) == ["demo.dev.json"]


def test_the_list_is_every_option_that_takes_a_value(pytester: pytest.Pytester) -> None:
    config = pytester.parseconfig()
    group = config._parser.getgroup("core-verify")
    takes_value = sorted(
        name
        for argument in group.options
        if not isinstance(argument.attrs().get("default"), bool)  # flags default to False
        for name in argument.names()
    )
    assert takes_value == sorted(VALUE_OPTIONS)
