"""The pins of a cases file that was emptied are unused, like those of a removed case:
named in the summary, failing the run, deleted by ``--snapshot-update``."""

from __future__ import annotations

import pytest

from tests.helpers import MakeLane, write_cases


@pytest.mark.parametrize("xdist", [[], ["-n", "2"]], ids=["serial", "xdist"])
def test_the_pins_of_an_emptied_cases_file_are_reported_unused(
    pytester: pytest.Pytester, make_lane: MakeLane, xdist: list[str]
) -> None:
    lane = make_lane(
        dev=[{"id": "a", "x": 1, "expect": 2}, {"id": "b", "x": 2, "expect": 4}],
        public={"v1": [{"id": "p", "x": 1, "expect": 2}]},
    )
    pytester.runpytest("--snapshot-update", *xdist).assert_outcomes(passed=5)
    pins = pytester.path / "snapshots" / "demo" / "dev"
    assert sorted(p.name for p in pins.iterdir()) == ["a.json", "b.json"]
    write_cases(lane / "dev" / "cases.jsonl", [])  # emptied, not removed

    result = pytester.runpytest(*xdist)
    result.assert_outcomes(passed=2)  # the public case and its gate
    result.stdout.fnmatch_lines(
        [
            "2 case snapshot(s) unused:",
            "  snapshots/demo/dev/a.json",
            "  snapshots/demo/dev/b.json",
            "Re-run pytest with --snapshot-update to delete unused snapshots.",
        ]
    )
    assert result.ret == pytest.ExitCode.TESTS_FAILED

    # A selection that does not collect the emptied file says nothing about its pins.
    other = pytester.runpytest("lanes/demo/public", *xdist)
    other.assert_outcomes(passed=2)
    assert "snapshot(s) unused" not in other.stdout.str()

    deleted = pytester.runpytest("--snapshot-update", *xdist)
    deleted.stdout.fnmatch_lines(["2 case snapshot(s) deleted:"])
    assert not any(pins.iterdir())
    assert (pytester.path / "snapshots" / "demo" / "public" / "v1" / "p.json").is_file()
