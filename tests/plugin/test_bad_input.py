"""Every bad input gets a clear error naming file:line (or the lane) and the fix,
while the file's other cases and the other lanes still collect and run."""

from __future__ import annotations

import pytest

from tests.helpers import MakeLane

GOOD = {"id": "good", "x": 1, "expect": 2}


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("{not json", "*cases.jsonl:2: invalid JSON: Expecting property name*column 2*"),
        ("[1, 2]", "*cases.jsonl:2: a case must be a JSON object, got list*"),
        ('{"x": 1}', '*cases.jsonl:2: the case has no "id"; add a string "id"*'),
        ('{"id": 7}', '*cases.jsonl:2: "id" must be a string, got int 7*'),
        ('{"id": "good"}', '*cases.jsonl:2: duplicate "id" *good* (first used on line 1)*'),
        ('{"id": "a", "id": "b"}', "*cases.jsonl:2: duplicate key 'id' in one object; keep one*"),
        ('{"id": "n", "x": NaN}', "*cases.jsonl:2: invalid JSON: NaN is not valid JSON*"),
    ],
)
def test_a_bad_line_is_an_error_and_the_rest_still_runs(
    pytester: pytest.Pytester, make_lane: MakeLane, line: str, message: str
) -> None:
    make_lane(dev=[GOOD, line, {"id": "after", "x": 2, "expect": 4}], public={"v1": [GOOD]})
    result = pytester.runpytest("--snapshot-update")
    # The split's gate fails on the broken line.
    result.assert_outcomes(passed=4, failed=1, errors=1)
    result.stdout.fnmatch_lines(["*ERROR at setup of lanes/demo/dev/cases.jsonl::line 2*", message])


def test_schema_violations_name_the_field(pytester: pytest.Pytester, make_lane: MakeLane) -> None:
    schema = {
        "type": "object",
        "required": ["id", "x"],
        "properties": {"id": {"type": "string"}, "x": {"type": "integer"}},
    }
    make_lane(dev=[GOOD, {"id": "bad-x", "x": "two"}, {"id": "no-x"}], schema=schema)
    result = pytester.runpytest("--snapshot-update")
    # The split's gate fails on the broken line.
    result.assert_outcomes(passed=1, failed=1, errors=2)
    result.stdout.fnmatch_lines(
        [
            "*cases.jsonl:2: case 'bad-x' does not match case.schema.json: $.x: 'two' is not of type 'integer'*",
            "*cases.jsonl:3: case 'no-x' does not match case.schema.json: $: 'x' is a required property*",
        ]
    )


def test_bom_and_crlf_run_but_warn(pytester: pytest.Pytester, make_lane: MakeLane) -> None:
    lane_dir = make_lane(dev=[])
    (lane_dir / "dev" / "cases.jsonl").write_bytes(
        b'\xef\xbb\xbf{"id": "a", "x": 1, "expect": 2}\r\n{"id": "b", "x": 2, "expect": 4}\r\n'
    )
    result = pytester.runpytest("--snapshot-update")
    result.assert_outcomes(passed=3, warnings=2)
    result.stdout.fnmatch_lines(
        [
            "*cases.jsonl:1: the file starts with a UTF-8 byte order mark; save it without one*",
            "*cases.jsonl:1: 2 line(s) end in CRLF; convert the file to LF line ends*",
        ]
    )


@pytest.mark.parametrize("category", ["CaseFileWarning", "SealedFilesNotCollected"])
def test_a_project_that_makes_warnings_errors_can_name_the_plugins_warnings(
    pytester: pytest.Pytester, make_lane: MakeLane, category: str
) -> None:
    """`filterwarnings = error` is common; relaxing one of the plugin's warnings takes its
    category by a public name (pytest imports it from the filter's text)."""
    lane_dir = make_lane(dev=[])
    (lane_dir / "dev" / "cases.jsonl").write_bytes(b'{"id": "a", "x": 1, "expect": 2}\r\n')
    pytester.makeini(
        f"[pytest]\nfilterwarnings =\n    error\n    default::pytest_core_verify.{category}\n"
    )
    result = pytester.runpytest("--snapshot-update")
    if category == "CaseFileWarning":
        result.assert_outcomes(passed=2, warnings=1)
        result.stdout.fnmatch_lines(["*CaseFileWarning*1 line(s) end in CRLF*"])
    else:
        # The filter names a real category; the CRLF warning is then an error, as asked.
        result.assert_outcomes(errors=1)
        result.stdout.fnmatch_lines(["*CaseFileWarning*1 line(s) end in CRLF*"])


def test_blank_lines_are_skipped_and_an_empty_file_has_no_items(
    pytester: pytest.Pytester, make_lane: MakeLane
) -> None:
    make_lane(dev=["", GOOD, "   ", ""], public={"v1": []})
    result = pytester.runpytest("--snapshot-update", "-v")
    result.assert_outcomes(passed=2)
    result.stdout.fnmatch_lines(["*lanes/demo/dev/cases.jsonl::good PASSED*"])


def test_a_directory_without_lane_py_is_not_a_lane(
    pytester: pytest.Pytester, make_lane: MakeLane
) -> None:
    make_lane("notalane", code=None, dev=[GOOD], public={"v1": [GOOD]})
    make_lane("fine", dev=[GOOD])
    result = pytester.runpytest("--snapshot-update")
    # fine's case and gate; notalane's cases files are not claimed (and not tests).
    result.assert_outcomes(passed=2, errors=0)
    assert "notalane" not in result.stdout.str()
    usage = pytester.runpytest("--lane", "notalane")
    assert usage.ret == pytest.ExitCode.USAGE_ERROR
    usage.stderr.fnmatch_lines(["*--lane notalane: no such lane; known lanes: fine*"])


@pytest.mark.parametrize("kind", ["broken link", "directory"])
def test_a_lane_py_that_is_not_a_file_is_one_error_not_a_missing_lane(
    pytester: pytest.Pytester, make_lane: MakeLane, kind: str
) -> None:
    # A lane.py that is there but cannot be read must not make the lane vanish silently
    # (its cases would then be nobody's, and --lane would say "no such lane").
    lane_dir = make_lane("broken", code=None, dev=[GOOD, GOOD | {"id": "g2"}])
    if kind == "broken link":
        (lane_dir / "lane.py").symlink_to(lane_dir / "gone.py")
        expected = "*lane 'broken': *lane.py is a symbolic link to *gone.py*, which does not exist*"
    else:
        (lane_dir / "lane.py").mkdir()
        expected = "*lane 'broken': *lane.py is not a regular file*"
    make_lane("fine", dev=[GOOD])
    result = pytester.runpytest("--snapshot-update")
    result.assert_outcomes(passed=2, errors=1)
    result.stdout.fnmatch_lines([expected])
    alone = pytester.runpytest("--lane", "broken")
    assert alone.ret != pytest.ExitCode.USAGE_ERROR
    alone.assert_outcomes(errors=1)
    alone.stdout.fnmatch_lines([expected])


def test_lane_py_without_run_is_one_error(pytester: pytest.Pytester, make_lane: MakeLane) -> None:
    make_lane("broken", code="x = 1\n", dev=[GOOD, GOOD | {"id": "g2"}])
    make_lane("fine", dev=[GOOD])
    result = pytester.runpytest("--snapshot-update")
    result.assert_outcomes(passed=2, errors=1)
    result.stdout.fnmatch_lines(
        ["*lane 'broken': *lane.py defines no run(case, workdir) function*"]
    )


def test_lane_py_that_fails_to_import_is_one_error(
    pytester: pytest.Pytester, make_lane: MakeLane
) -> None:
    make_lane("broken", code="import no_such_module_here\n", dev=[GOOD], public={"v1": [GOOD]})
    make_lane("fine", dev=[GOOD])
    result = pytester.runpytest("--snapshot-update")
    result.assert_outcomes(passed=2, errors=1)
    result.stdout.fnmatch_lines(
        ["*lane 'broken': importing *lane.py failed: ModuleNotFoundError: No module named*"]
    )


@pytest.mark.parametrize(
    ("returned", "message"),
    [
        (
            "{'when': object()}",
            "*run A: run() returned a result that is not canonical JSON at $.when: an object is not JSON-serialisable*",
        ),
        ("{'score': float('nan')}", "*not canonical JSON at $.score: nan is not valid JSON*"),
        (
            "{'deep': [1, {'x': float('inf')}]}",
            "*not canonical JSON at $.deep?1?.x: inf is not valid JSON*",
        ),
    ],
)
def test_result_that_is_not_json_fails_the_item(
    pytester: pytest.Pytester, make_lane: MakeLane, returned: str, message: str
) -> None:
    make_lane(code=f"def run(case, workdir):\n    return {returned}\n", dev=[{"id": "a"}])
    result = pytester.runpytest()
    result.assert_outcomes(failed=2)
    result.stdout.fnmatch_lines([message])


def test_run_raising_shows_the_systems_traceback(
    pytester: pytest.Pytester, make_lane: MakeLane
) -> None:
    pytester.makepyfile(
        mysystem="""
        def solve(case):
            return helper(case["x"])

        def helper(x):
            raise ZeroDivisionError(f"cannot solve {x}")
        """
    )
    make_lane(
        code="import mysystem\n\ndef run(case, workdir):\n    return mysystem.solve(case)\n",
        dev=[{"id": "a", "x": 3}, GOOD | {"id": "b"}],
    )
    pytester.syspathinsert()
    result = pytester.runpytest()
    result.assert_outcomes(failed=3)
    out = result.stdout.str()
    assert "return mysystem.solve(case)" in out
    assert 'raise ZeroDivisionError(f"cannot solve {x}")' in out
    assert "E       ZeroDivisionError: cannot solve 3" in out
    # None of the harness's own frames.
    assert "_replay.py" not in out
    assert "_items.py" not in out
