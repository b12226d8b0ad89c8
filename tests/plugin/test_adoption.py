"""The plugin in someone else's project: inert until asked, pytest's habits.

Collection never hides a user's tests; without lanes nothing changes; partial
selections do not gate; inspection modes print no verdicts; ``--lane`` that would
collect nothing is a usage error; the plugin can be turned off by either name.
"""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET

import pytest

from tests.helpers import MakeLane

PASSING = "def test_ok():\n    pass\n"
GOOD = {"id": "a", "x": 1, "expect": 2}
MISS = {"id": "b", "x": 1, "expect": 5}


def _plain_project(pytester: pytest.Pytester) -> None:
    pytester.makeini("[pytest]\n")
    for rel in (
        "lanes/test_x.py",
        "holdouts/test_h.py",
        "lanes/traffic/test_lane.py",
        "lanes/dateparse/test_helpers.py",
    ):
        path = pytester.path / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(PASSING, encoding="utf-8")


# -- 1. collection never hides a user's tests --------------------------------------------


def test_ordinary_tests_under_lanes_and_holdouts_are_collected(pytester: pytest.Pytester) -> None:
    _plain_project(pytester)
    pytester.runpytest().assert_outcomes(passed=4)
    pytester.runpytest("lanes").assert_outcomes(passed=3)
    pytester.runpytest("holdouts").assert_outcomes(passed=1)


def test_ordinary_tests_beside_a_real_lane_are_collected(
    pytester: pytest.Pytester, make_lane: MakeLane
) -> None:
    lane_dir = make_lane("dateparse", dev=[GOOD])
    (lane_dir / "test_helpers.py").write_text(PASSING, encoding="utf-8")
    (pytester.path / "holdouts" / "dateparse").mkdir(parents=True)
    (pytester.path / "holdouts" / "dateparse" / "test_h.py").write_text(PASSING, encoding="utf-8")
    result = pytester.runpytest("--snapshot-update", "-rA")
    # The case, its gate, and the two ordinary tests.
    result.assert_outcomes(passed=4)
    result.stdout.fnmatch_lines(["PASSED lanes/dateparse/test_helpers.py::test_ok"])


def test_lane_py_is_claimed_even_when_python_files_matches_it(
    pytester: pytest.Pytester, make_lane: MakeLane
) -> None:
    make_lane(dev=[GOOD])
    (pytester.path / "pytest.ini").write_text("[pytest]\npython_files = *.py\n")
    result = pytester.runpytest("--snapshot-update", "--co", "-q")
    assert "lane.py" not in result.stdout.str()
    assert result.ret == pytest.ExitCode.OK


# -- 2. inert without lanes --------------------------------------------------------------


def test_a_project_without_lanes_is_inert(pytester: pytest.Pytester) -> None:
    _plain_project(pytester)
    pytester.makeconftest(
        """
        import sys

        def pytest_sessionfinish(session):
            print("JSONSCHEMA-IMPORTED", "jsonschema" in sys.modules)
        """
    )
    result = pytester.runpytest_subprocess("-s")
    result.assert_outcomes(passed=4)
    text = result.stdout.str()
    assert "core-verify" not in text.replace("plugins:", "").split("collected")[1]
    assert "core-verify:" not in text  # no header line either
    result.stdout.fnmatch_lines(["*JSONSCHEMA-IMPORTED False*"])
    # Exit codes are pytest's own: "no tests ran" stays 5.
    empty = pytester.runpytest("-k", "nothing_matches_this")
    assert empty.ret == pytest.ExitCode.NO_TESTS_COLLECTED
    failing = pytester.makepyfile(test_bad="def test_bad():\n    assert False\n")
    assert pytester.runpytest(failing).ret == pytest.ExitCode.TESTS_FAILED


def test_the_baseline_comparison_is_imported_only_when_asked_for(
    pytester: pytest.Pytester, make_lane: MakeLane
) -> None:
    make_lane(dev=[GOOD])
    pytester.makeconftest(
        """
        import sys

        def pytest_sessionfinish(session):
            print("COMPARE-IMPORTED", "pytest_core_verify._results.compare" in sys.modules)
        """
    )
    plain = pytester.runpytest_subprocess("--snapshot-update", "-s", "-p", "no:xdist")
    plain.stdout.fnmatch_lines(["*COMPARE-IMPORTED False*"])
    asked = pytester.runpytest_subprocess("-s", "-p", "no:xdist", "--results-history", "h.jsonl")
    asked.stdout.fnmatch_lines(["*COMPARE-IMPORTED True*"])
    assert asked.ret == pytest.ExitCode.OK
    # Its options are still checked, and a usage error, with nothing else given.
    alone = pytester.runpytest("--lane-baseline-fail")
    assert alone.ret == pytest.ExitCode.USAGE_ERROR


# -- 3. partial selections do not gate by default -----------------------------------------


@pytest.fixture
def missing_lane(pytester: pytest.Pytester, make_lane: MakeLane) -> pytest.Pytester:
    """Threshold correct >= 0.5 missed: one of three cases meets it."""
    make_lane(dev=[GOOD, MISS, {"id": "c", "x": 2, "expect": 7}])
    assert pytester.runpytest("--snapshot-update").ret == pytest.ExitCode.TESTS_FAILED
    return pytester


@pytest.mark.parametrize(
    "selection",
    [
        ["lanes/demo/dev/cases.jsonl::b"],
        ["-k", "b"],
        ["--deselect", "lanes/demo/dev/cases.jsonl::a"],
    ],
    ids=["node-id", "k", "deselect"],
)
def test_a_partial_selection_shows_its_table_and_does_not_gate(
    missing_lane: pytest.Pytester, selection: list[str]
) -> None:
    result = missing_lane.runpytest(*selection)
    assert result.ret == pytest.ExitCode.OK, result.stdout.str()
    result.stdout.fnmatch_lines(
        [
            "demo/dev: * case(s) (partial: * of 3 selected)",
            "  overall: FAIL (1 threshold(s) not met: correct) (not gated: partial selection;*",
        ]
    )
    assert "::gate" not in result.stdout.str()


def test_lane_gate_always_gates_a_partial_selection(missing_lane: pytest.Pytester) -> None:
    result = missing_lane.runpytest("lanes/demo/dev/cases.jsonl::b", "--lane-gate=always", "-rA")
    assert result.ret == pytest.ExitCode.TESTS_FAILED
    result.stdout.fnmatch_lines(["FAILED lanes/demo::dev::gate - FAIL (1 threshold(s) not met*"])


SKIPPING_CONFTEST = """
import pytest

def pytest_collection_modifyitems(config, items):
    for item in items:
        if item.nodeid.endswith("::a"):
            item.add_marker(pytest.mark.skip(reason="not on this machine"))
        if item.nodeid.endswith("::c"):
            item.add_marker(pytest.mark.xfail(reason="known", run=False))
"""


@pytest.mark.parametrize("xdist", [["-p", "no:xdist"], ["-n", "2"]])
def test_cases_a_project_skips_by_marker_still_leave_the_split_gated(
    missing_lane: pytest.Pytester, xdist: list[str]
) -> None:
    """A skip marker from the project's conftest is not a selection: the split ran
    whole, the skipped cases are listed and count in no mean, and the gate applies."""
    missing_lane.makeconftest(SKIPPING_CONFTEST)
    result = missing_lane.runpytest("--results=out", "-rA", *xdist)
    result.assert_outcomes(skipped=1, xfailed=1, passed=1, failed=1)  # b, and the gate
    result.stdout.fnmatch_lines(
        [
            "demo/dev: 3 case(s), 2 skipped",
            "  overall: FAIL (1 threshold(s) not met: correct)",
            "FAILED lanes/demo::dev::gate - FAIL (1 threshold(s) not met*",
        ]
    )
    doc = json.loads((missing_lane.path / "out" / "demo.dev.json").read_text("utf-8"))
    assert doc["skipped"] == ["a", "c"]
    assert not doc["partial"]
    assert doc["metrics"]["correct"] == 0.0


@pytest.mark.parametrize("stop", [["-x"], ["--maxfail=1"]], ids=["x", "maxfail"])
def test_a_run_stopped_early_does_not_fail_the_gates_of_lanes_it_never_reached(
    pytester: pytest.Pytester, make_lane: MakeLane, stop: list[str]
) -> None:
    """An ordinary test fails first under -x: the lanes after it never ran, which is the
    stop's doing, not a lost case; the one failure is the user's."""
    make_lane(dev=[GOOD])
    assert pytester.runpytest("--snapshot-update").ret == pytest.ExitCode.OK
    tests = pytester.path / "tests"
    tests.mkdir()
    (tests / "test_first.py").write_text("def test_broken():\n    assert 0\n")
    pytester.makeini("[pytest]\ntestpaths = tests lanes\n")
    result = pytester.runpytest(*stop, "-rA")
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines(
        [
            "demo/dev: 0 case(s), 1 never reported",
            "  overall: FAIL (incomplete: *) (not gated: the run stopped early, -x or --maxfail;*",
            "*stopping after 1 failures*",
        ]
    )
    assert "::gate" not in result.stdout.str()
    gated = pytester.runpytest(*stop, "--lane-gate=always", "-rA")
    gated.stdout.fnmatch_lines(["FAILED lanes/demo::dev::gate - FAIL (incomplete: 1 case(s)*"])


def test_lane_gate_never_reports_without_gating(missing_lane: pytest.Pytester) -> None:
    result = missing_lane.runpytest("--lane-gate=never")
    assert result.ret == pytest.ExitCode.OK
    result.assert_outcomes(passed=3)
    result.stdout.fnmatch_lines(["  overall: FAIL (1 threshold(s) not met: correct) (not gated*"])


def test_lane_gate_rejects_other_values(missing_lane: pytest.Pytester) -> None:
    result = missing_lane.runpytest("--lane-gate=sometimes")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines(["*--lane-gate*invalid choice*sometimes*"])


# -- 4. inspection modes -----------------------------------------------------------------


@pytest.mark.parametrize(
    "mode",
    ["--co", "--fixtures", "--fixtures-per-test", "--setup-plan", "--setup-only"],
)
def test_inspection_modes_print_no_verdict_and_keep_the_exit_code(
    missing_lane: pytest.Pytester, mode: str
) -> None:
    result = missing_lane.runpytest(mode)
    assert result.ret == pytest.ExitCode.OK, result.stdout.str()
    text = result.stdout.str()
    assert "overall:" not in text and "core-verify lanes" not in text
    assert "incomplete" not in text and "::gate" not in text


def test_no_summary_hides_the_lane_section(missing_lane: pytest.Pytester) -> None:
    result = missing_lane.runpytest("--no-summary")
    assert "core-verify lanes" not in result.stdout.str()
    assert result.ret == pytest.ExitCode.TESTS_FAILED  # the gate still counts


# -- 5. --lane that collects nothing is a usage error ------------------------------------


def test_lane_from_a_subdirectory_is_a_usage_error(
    pytester: pytest.Pytester, make_lane: MakeLane
) -> None:
    make_lane(dev=[GOOD])
    (pytester.path / "tests").mkdir()
    (pytester.path / "tests" / "test_t.py").write_text(PASSING)
    with pytest.MonkeyPatch.context() as mp:
        mp.chdir(pytester.path / "tests")
        result = pytester.runpytest_subprocess("--lane", "demo")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines(
        [
            "*--lane demo: nothing of the lane would be collected: pytest collects from the "
            "current directory (tests*run from the rootdir*or pass the lane's directory: "
            "pytest ../lanes/demo --lane demo*"
        ]
    )


def test_lane_outside_testpaths_is_a_usage_error(
    pytester: pytest.Pytester, make_lane: MakeLane
) -> None:
    make_lane(dev=[GOOD])
    (pytester.path / "pytest.ini").write_text("[pytest]\ntestpaths = tests\n")
    (pytester.path / "tests").mkdir()
    (pytester.path / "tests" / "test_t.py").write_text(PASSING)
    result = pytester.runpytest("--lane", "demo")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines(
        [
            "*--lane demo: *testpaths in pytest.ini (tests) does not include lanes; add lanes "
            "to testpaths, or pass the lane's directory: pytest lanes/demo --lane demo*"
        ]
    )
    # The fix it names works.
    pytester.runpytest("lanes/demo", "--lane", "demo", "--snapshot-update").assert_outcomes(
        passed=2
    )


def test_lane_without_the_split_is_a_usage_error(
    pytester: pytest.Pytester, make_lane: MakeLane
) -> None:
    make_lane(dev=[GOOD])
    result = pytester.runpytest("--lane", "demo", "--split", "public")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines(
        [
            "*--lane demo --split public: lane demo has no such split (it has: dev); "
            "run with --split dev*"
        ]
    )


def test_lane_without_cases_is_a_usage_error(
    pytester: pytest.Pytester, make_lane: MakeLane
) -> None:
    make_lane()
    result = pytester.runpytest("--lane", "demo")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines(["*--lane demo: the lane has no cases yet: add lanes/demo/dev/*"])


def test_lane_excluded_by_norecursedirs_is_a_usage_error(
    pytester: pytest.Pytester, make_lane: MakeLane
) -> None:
    make_lane(dev=[GOOD])
    (pytester.path / "pytest.ini").write_text("[pytest]\nnorecursedirs = lanes\n")
    result = pytester.runpytest("--lane", "demo")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines(["*--lane demo: no cases file of demo was collected*"])


# -- 10. turning it off ------------------------------------------------------------------


@pytest.mark.parametrize("name", ["core_verify", "core-verify"])
def test_p_no_disables_the_plugin_by_either_name(
    pytester: pytest.Pytester, make_lane: MakeLane, name: str
) -> None:
    make_lane(dev=[GOOD])
    pytester.makepyfile(test_plain=PASSING)
    result = pytester.runpytest("-p", f"no:{name}", "-rA")
    result.assert_outcomes(passed=1)
    assert "core-verify lanes" not in result.stdout.str()
    unknown = pytester.runpytest("-p", f"no:{name}", "--lane", "demo")
    assert unknown.ret == pytest.ExitCode.USAGE_ERROR
    unknown.stderr.fnmatch_lines(["*unrecognized arguments: --lane*"])


def test_lane_skip_runs_ordinary_tests_only(pytester: pytest.Pytester, make_lane: MakeLane) -> None:
    make_lane(dev=[GOOD])
    pytester.makepyfile(test_plain=PASSING)
    result = pytester.runpytest("--lane-skip")
    result.assert_outcomes(passed=1)
    assert "core-verify lanes" not in result.stdout.str()
    both = pytester.runpytest("--lane-skip", "--lane", "demo")
    assert both.ret == pytest.ExitCode.USAGE_ERROR


def test_the_header_says_how_to_turn_it_off(pytester: pytest.Pytester, make_lane: MakeLane) -> None:
    make_lane(dev=[GOOD])
    result = pytester.runpytest("--co")
    result.stdout.fnmatch_lines(
        [
            "core-verify: lanes demo under lanes/ (--lane-skip: ordinary tests only; "
            "-p no:core_verify: plugin off)"
        ]
    )


def test_pytest_version_lists_the_plugin(pytester: pytest.Pytester) -> None:
    result = pytester.runpytest_subprocess("--version", "--version")
    assert "pytest-core-verify-0.1.0" in result.stdout.str() + result.stderr.str()


# -- 12. gates are tests -----------------------------------------------------------------


def test_a_failed_gate_is_a_failed_test_in_junit_and_rA(missing_lane: pytest.Pytester) -> None:
    result = missing_lane.runpytest("--junitxml=junit.xml", "-rA")
    assert result.ret == pytest.ExitCode.TESTS_FAILED
    result.assert_outcomes(passed=3, failed=1)
    result.stdout.fnmatch_lines(
        [
            "*_ lanes/demo::dev::gate _*",
            "demo/dev: 3 case(s)",
            "  correct * FAIL    b, c",
            "FAILED lanes/demo::dev::gate - FAIL (1 threshold(s) not met: correct)",
        ]
    )
    suite = ET.parse(missing_lane.path / "junit.xml").getroot().find("testsuite")
    assert suite is not None
    assert (suite.get("tests"), suite.get("failures")) == ("4", "1")
    [gate] = [c for c in suite.iter("testcase") if c.get("name") == "gate"]
    failure = gate.find("failure")
    assert failure is not None and "correct" in (failure.get("message") or "")
    props = {p.get("name"): p.get("value") for p in gate.iter("property")}
    assert props["overall_pass"] == "false"


def test_gates_are_the_same_under_xdist(pytester: pytest.Pytester, make_lane: MakeLane) -> None:
    make_lane(dev=[GOOD, MISS, {"id": "c", "x": 2, "expect": 7}], public={"v1": [GOOD]})
    pytester.runpytest("--snapshot-update")
    serial = pytester.runpytest("-rA", "-p", "no:xdist")
    dist = pytester.runpytest_subprocess("-rA", "-n", "2")

    def gates(result: pytest.RunResult) -> list[str]:
        return sorted(
            line for line in result.outlines if line.endswith("::gate") or "::gate -" in line
        )

    assert (
        gates(serial)
        == gates(dist)
        == [
            "FAILED lanes/demo::dev::gate - FAIL (1 threshold(s) not met: correct)",
            "PASSED lanes/demo::public/v1::gate",
        ]
    )
    assert serial.ret == dist.ret == pytest.ExitCode.TESTS_FAILED
