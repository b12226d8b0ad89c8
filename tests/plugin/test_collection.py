"""Lanes of JSONL cases become items: node ids, order, markers, reportinfo."""

from __future__ import annotations

import pytest

from tests.helpers import MakeLane


def test_cases_become_items_in_file_order(pytester: pytest.Pytester, make_lane: MakeLane) -> None:
    make_lane(
        dev=[{"id": "z-last", "x": 1}, {"id": "a-first", "x": 2}],
        public={"v1": [{"id": "P-1", "x": 3}], "v2": [{"id": "P-2", "x": 4}]},
    )
    result = pytester.runpytest("--collect-only", "-q")
    result.stdout.fnmatch_lines(
        [
            "lanes/demo/dev/cases.jsonl::z-last",
            "lanes/demo/dev/cases.jsonl::a-first",
            "lanes/demo/public/v1/cases.jsonl::P-1",
            "lanes/demo/public/v2/cases.jsonl::P-2",
        ]
    )


def test_items_carry_lane_and_pytestmark_markers(
    pytester: pytest.Pytester, make_lane: MakeLane
) -> None:
    make_lane(dev=[{"id": "a", "x": 1, "expect": 2}])
    pytester.makeconftest(
        """
        def pytest_collection_modifyitems(items):
            for item in items:
                lane = item.get_closest_marker("lane")
                threshold = item.get_closest_marker("threshold")
                print("MARKS", item.name, lane.args, threshold.args, threshold.kwargs)
        """
    )
    result = pytester.runpytest("-s", "--snapshot-update", "--strict-markers")
    result.stdout.fnmatch_lines(["MARKS a ('demo',) ('correct',) {'min': 0.5}"])
    result.assert_outcomes(passed=2)


def test_lane_marker_selects_with_m(pytester: pytest.Pytester, make_lane: MakeLane) -> None:
    make_lane("one", dev=[{"id": "a", "x": 1}])
    make_lane("two", dev=[{"id": "b", "x": 1}])
    result = pytester.runpytest("--collect-only", "-q", "-m", "lane(name='two')")
    result.stdout.fnmatch_lines(
        ["lanes/two/dev/cases.jsonl::b", "*1/2 tests collected (1 deselected)*"]
    )


def test_reportinfo_points_at_the_case_line(pytester: pytest.Pytester, make_lane: MakeLane) -> None:
    make_lane(code="def run(case, workdir):\n    raise ValueError('boom')\n", dev=["", {"id": "a"}])
    result = pytester.runpytest("-rf")
    result.assert_outcomes(failed=2)
    # The failure headline is the node id (copy it to re-run the case), then the label.
    result.stdout.fnmatch_lines(
        [
            "_* lanes/demo/dev/cases.jsonl::a [[]demo/dev[]] _*",
            "FAILED lanes/demo/dev/cases.jsonl::a - ValueError: boom",
        ]
    )
    # Pasting the headline's node id re-runs exactly that case.
    rerun = pytester.runpytest("lanes/demo/dev/cases.jsonl::a")
    rerun.assert_outcomes(failed=2)


def test_collection_is_identical_across_runs_and_workers(
    pytester: pytest.Pytester, make_lane: MakeLane
) -> None:
    make_lane(dev=[{"id": f"c{i}", "x": i, "expect": 2 * i} for i in range(6)])
    first = pytester.runpytest("--collect-only", "-q").stdout.lines
    second = pytester.runpytest("--collect-only", "-q").stdout.lines
    assert [line for line in first if "::" in line] == [line for line in second if "::" in line]
    pytester.runpytest("--snapshot-update").assert_outcomes(passed=7)
    result = pytester.runpytest_subprocess("-n", "2")
    result.assert_outcomes(passed=7)


def test_ordinary_test_files_inside_a_lane_are_pytests_as_usual(
    pytester: pytest.Pytester, make_lane: MakeLane
) -> None:
    lane_dir = make_lane(dev=[{"id": "a", "x": 1, "expect": 2}])
    (lane_dir / "projects").mkdir()
    (lane_dir / "projects" / "test_fixture.py").write_text("def test_inside(): pass\n")
    (lane_dir / "dev" / "test_stray.py").write_text("def test_stray(): pass\n")
    result = pytester.runpytest("--snapshot-update", "-rA")
    # The case, its gate, and both ordinary test files: the plugin claims only its layout.
    result.assert_outcomes(passed=4)
    result.stdout.fnmatch_lines(
        [
            "PASSED lanes/demo/dev/test_stray.py::test_stray",
            "PASSED lanes/demo/projects/test_fixture.py::test_inside",
        ],
        consecutive=False,
    )
    # Keeping fixtures out is pytest's usual business: norecursedirs, --ignore, conftest.
    ignored = pytester.runpytest("--ignore=lanes/demo/projects")
    ignored.assert_outcomes(passed=3)


def test_runs_without_xdist(pytester: pytest.Pytester, make_lane: MakeLane) -> None:
    make_lane(dev=[{"id": "a", "x": 1, "expect": 2}, {"id": "b", "x": 2, "expect": 4}])
    pytester.runpytest("-p", "no:xdist", "--snapshot-update").assert_outcomes(passed=3)
    pytester.runpytest("-p", "no:xdist").assert_outcomes(passed=3)
