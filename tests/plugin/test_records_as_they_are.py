"""Another dataset's lines as they are: ids from a field or derived, fields mapped, gzip."""

from __future__ import annotations

import gzip
import json

import pytest

from tests.helpers import MakeLane

GSM_LIKE = [
    {"question": "What is 2 doubled?", "answer": "#### 4", "x": 2},
    {"question": "What is 3 doubled?", "answer": "#### 6", "x": 3},
]
MAPPED_LANE = """
from pytest_core_verify import content_hash, metric

case_id = content_hash

def record_to_case(record):
    return {"x": record["x"], "expect": int(record["answer"].split("####")[1])}

def run(case, workdir):
    return {"double": case["x"] * 2}

@metric
def correct(case, result):
    return result["double"] == case["expect"]
"""


@pytest.mark.parametrize("xdist", [["-p", "no:xdist"], ["-n", "2"]], ids=["serial", "xdist"])
def test_lines_without_ids_run_with_derived_ids_and_mapped_fields(
    pytester: pytest.Pytester, make_lane: MakeLane, xdist: list[str]
) -> None:
    make_lane(code=MAPPED_LANE, dev=GSM_LIKE)
    result = pytester.runpytest("--snapshot-update", "--results", "out", "-v", *xdist)
    result.assert_outcomes(passed=3)
    doc = json.loads((pytester.path / "out" / "demo.dev.json").read_text("utf-8"))
    ids = [case["id"] for case in doc["cases"]]
    assert all(i.startswith("h") and len(i) == 13 for i in ids) and len(set(ids)) == 2
    assert doc["metrics"]["correct"] == 1.0
    # The id follows the content, not the line: reversed, every case keeps its pin.
    make_lane(code=MAPPED_LANE, dev=list(reversed(GSM_LIKE)))
    again = pytester.runpytest("--results", "again", *xdist)
    again.assert_outcomes(passed=3)
    doc2 = json.loads((pytester.path / "again" / "demo.dev.json").read_text("utf-8"))
    assert sorted(c["id"] for c in doc2["cases"]) == sorted(ids)


def test_an_id_field_names_the_case(pytester: pytest.Pytester, make_lane: MakeLane) -> None:
    code = "case_id = 'qid'\n\ndef run(case, workdir):\n    return {'x': case['x']}\n"
    make_lane(code=code, dev=[{"qid": 17, "x": 1}, {"qid": "b", "x": 2}, {"x": 3}])
    result = pytester.runpytest("--snapshot-update", "-p", "no:xdist", "-rA")
    # Line 3 is an error, and a split with a broken line fails its gate.
    result.assert_outcomes(passed=2, failed=1, errors=1)
    result.stdout.fnmatch_lines(
        [
            "*lanes/demo/dev/cases.jsonl:3: case_id = 'qid': the field 'qid' is missing*",
            "PASSED lanes/demo/dev/cases.jsonl::17",
            "PASSED lanes/demo/dev/cases.jsonl::b",
        ]
    )


def test_a_mapper_that_raises_is_that_lines_error_only(
    pytester: pytest.Pytester, make_lane: MakeLane
) -> None:
    make_lane(code=MAPPED_LANE, dev=[*GSM_LIKE, {"question": "no answer", "x": 1}])
    result = pytester.runpytest("--snapshot-update", "-p", "no:xdist")
    assert result.parseoutcomes()["errors"] == 1  # that line; both others ran and passed
    result.stdout.fnmatch_lines(["*cases.jsonl ..E*"])
    result.stdout.fnmatch_lines(["*cases.jsonl:3: record_to_case raised KeyError: 'answer'*"])


def test_a_setting_of_the_wrong_type_is_the_lanes_error(
    pytester: pytest.Pytester, make_lane: MakeLane
) -> None:
    make_lane(code="case_id = 3\n\ndef run(case, workdir):\n    return {}\n", dev=GSM_LIKE)
    result = pytester.runpytest("-p", "no:xdist")
    result.stdout.fnmatch_lines(
        ["*sets case_id = 3; give a field name, line_number or content_hash*"]
    )


def test_a_gzip_cases_file_reads_the_same(pytester: pytest.Pytester, make_lane: MakeLane) -> None:
    lane = make_lane(dev=[{"id": "a", "x": 1, "expect": 2}])
    plain = lane / "dev" / "cases.jsonl"
    (lane / "dev" / "cases.jsonl.gz").write_bytes(gzip.compress(plain.read_bytes()))
    both = pytester.runpytest("-p", "no:xdist")
    both.stdout.fnmatch_lines(["*cases.jsonl.gz: cases.jsonl is there too; keep one cases file*"])
    plain.unlink()
    result = pytester.runpytest("--snapshot-update", "-p", "no:xdist", "-v")
    result.assert_outcomes(passed=2)
    result.stdout.fnmatch_lines(["*lanes/demo/dev/cases.jsonl.gz::a PASSED*"])
    (lane / "dev" / "cases.jsonl.gz").write_bytes(b"not gzip at all")
    broken = pytester.runpytest("-p", "no:xdist")
    broken.stdout.fnmatch_lines(["*cases.jsonl.gz: cannot read the cases file (*gzip*"])


def test_core_verify_lanes_counts_gzip_and_id_less_files(
    pytester: pytest.Pytester, make_lane: MakeLane, capsys: pytest.CaptureFixture[str]
) -> None:
    from pytest_core_verify.cli import main as core_verify

    lane = make_lane(code=MAPPED_LANE, dev=GSM_LIKE)
    public = lane / "public" / "v1"
    public.mkdir(parents=True)
    (public / "cases.jsonl.gz").write_bytes(
        gzip.compress("".join(json.dumps(r) + "\n" for r in GSM_LIKE * 2).encode())
    )
    capsys.readouterr()
    assert core_verify(["lanes", "--json", "--rootdir", str(pytester.path)]) == 0
    (entry,) = json.loads(capsys.readouterr().out)["lanes"]
    assert entry["splits"]["dev"] == {"cases": 2}
    assert entry["splits"]["public"] == {"v1": {"cases": 4}}
