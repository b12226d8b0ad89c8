"""--lane NAME: repeatable and comma-separated; other lanes and ordinary tests drop out."""

from __future__ import annotations

import pytest

from tests.helpers import MakeLane

CASE = {"id": "a", "x": 1, "expect": 2}


@pytest.fixture
def three_lanes(pytester: pytest.Pytester, make_lane: MakeLane) -> pytest.Pytester:
    for name in ("alpha", "beta", "gamma"):
        make_lane(name, dev=[CASE])
    pytester.makepyfile(test_ordinary="def test_plain():\n    pass\n")
    return pytester


def _collected(result: pytest.RunResult) -> list[str]:
    return [line for line in result.stdout.lines if "::" in line]


def test_without_lane_everything_runs(three_lanes: pytest.Pytester) -> None:
    result = three_lanes.runpytest("--collect-only", "-q")
    assert len(_collected(result)) == 4


def test_one_lane_drops_other_lanes_and_ordinary_tests(three_lanes: pytest.Pytester) -> None:
    result = three_lanes.runpytest("--collect-only", "-q", "--lane", "beta")
    assert _collected(result) == ["lanes/beta/dev/cases.jsonl::a"]


def test_repeated_and_comma_separated(three_lanes: pytest.Pytester) -> None:
    result = three_lanes.runpytest(
        "--collect-only", "-q", "--lane", "alpha,gamma", "--lane", "beta"
    )
    assert len(_collected(result)) == 3
    assert not any("test_ordinary" in line for line in result.stdout.lines)


def test_explicit_test_path_with_lane_is_deselected(three_lanes: pytest.Pytester) -> None:
    result = three_lanes.runpytest(
        "test_ordinary.py", "lanes", "--lane", "alpha", "--snapshot-update"
    )
    result.assert_outcomes(passed=2, deselected=1)


def test_unknown_lane_is_a_usage_error_listing_known_lanes(three_lanes: pytest.Pytester) -> None:
    result = three_lanes.runpytest("--lane", "delta")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines(["*--lane delta: no such lane; known lanes: alpha, beta, gamma*"])


@pytest.mark.parametrize("value", ["", " ", ",", " , "])
def test_a_lane_value_that_names_nothing_is_a_usage_error(
    three_lanes: pytest.Pytester, value: str
) -> None:
    """An empty CI matrix variable (``--lane "$LANE"``) must not run everything."""
    result = three_lanes.runpytest(f"--lane={value}")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines(
        [f"ERROR: --lane {value!r}: names no lane; give one (--lane NAME), or leave --lane out*"]
    )


def test_lane_run_passes_end_to_end(three_lanes: pytest.Pytester) -> None:
    three_lanes.runpytest("--lane", "gamma", "--snapshot-update").assert_outcomes(passed=2)
    result = three_lanes.runpytest("--lane", "gamma")
    result.assert_outcomes(passed=2)
    result.stdout.fnmatch_lines(["*gamma/dev: 1 case(s)*", "*overall: PASS*"])
    assert sorted(p.name for p in (three_lanes.path / "snapshots").iterdir()) == ["gamma"]


def test_lanes_found_only_through_a_command_line_ini_override_still_run(
    pytester: pytest.Pytester,
) -> None:
    """The plugin loads the harness when ``-o core_verify_lanes=DIR`` points at lanes,
    though no lane is where the default would look and no other option is given."""
    pytester.makeini("[pytest]\n")
    lane = pytester.path / "elsewhere" / "demo"
    (lane / "dev").mkdir(parents=True)
    (lane / "lane.py").write_text("def run(case, workdir):\n    return {'x': 1}\n")
    (lane / "dev" / "cases.jsonl").write_text('{"id": "a"}\n')
    result = pytester.runpytest("-o", "core_verify_lanes=elsewhere", "--snapshot-update")
    result.assert_outcomes(passed=2)  # the case and the lane's gate
