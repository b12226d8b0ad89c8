"""``@perturbation`` in a lane: perturbed items ``<case id>~<name>`` beside their case,
pinned, checked against the original case's result, measured as ``perturbation:<name>``
and gated; ``--perturbations=off``; errors in a perturbation; sealed cases."""

from __future__ import annotations

import json
import re
import secrets
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest

from pytest_core_verify.cli import main as core_verify
from tests.helpers import MakeLane

SUM_LANE = """
import pytest
from pytest_core_verify import metric, perturbation, perturbation_random

pytestmark = [pytest.mark.threshold("perturbation:shuffled", min=1.0)]

def run(case, workdir):
    xs = case["xs"]
    return {"sum": sum(xs), "first": xs[0], "n": len(xs)}

@metric
def correct(case, result):
    return result["sum"] == case.get("expect")

@perturbation(expect="same", view=lambda result: result["sum"])
def shuffled(case):
    if len(set(case["xs"])) < 2:
        return None  # nothing to reorder
    xs, rng = list(case["xs"]), perturbation_random(case, "shuffled")
    while xs == case["xs"]:
        rng.shuffle(xs)
    return {**case, "xs": xs}

@perturbation(expect="different")
def incremented(case):
    return {**case, "xs": [x + 1 for x in case["xs"]]}

def doubles(original, perturbed):
    return perturbed["sum"] == 2 * original["sum"]

@perturbation(expect=doubles)
def repeated_first(case):
    return {**case, "xs": case["xs"] + case["xs"][:1]}
"""

CASES = [
    {"id": "c1", "xs": [1, 2, 3], "expect": 6},
    {"id": "c2", "xs": [5], "expect": 5},
    {"id": "c3", "xs": [0, 0], "expect": 0},
]
NODE = "lanes/demo/dev/cases.jsonl"
XDIST = [["-p", "no:xdist"], ["-n", "2"]]


def results(root: Path, name: str = "demo.dev.json", directory: str = "out") -> dict[str, Any]:
    doc: dict[str, Any] = json.loads((root / directory / name).read_text(encoding="utf-8"))
    doc.pop("timestamp")
    return doc


@pytest.fixture(autouse=True)
def _wide_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "300")


def test_each_applicable_case_gets_one_item_per_perturbation_after_its_case(
    pytester: pytest.Pytester, make_lane: MakeLane
) -> None:
    make_lane(code=SUM_LANE, dev=CASES)
    collected = pytester.runpytest("--co", "-q")
    ids = [line.split("::", 1)[1] for line in collected.stdout.lines if line.startswith(NODE)]
    # In file order, each case followed by its perturbed items (by perturbation name);
    # c2 has one element (nothing to shuffle), c3 two equal ones.
    assert ids == [
        "c1",
        "c1~incremented",
        "c1~repeated_first",
        "c1~shuffled",
        "c2",
        "c2~incremented",
        "c2~repeated_first",
        "c3",
        "c3~incremented",
        "c3~repeated_first",
    ]
    by_name = pytester.runpytest("--co", "-q", "-k", "shuffled")
    assert [line for line in by_name.stdout.lines if line.startswith(NODE)] == [
        f"{NODE}::c1~shuffled"
    ]


@pytest.mark.parametrize("xdist", XDIST, ids=["serial", "xdist"])
def test_perturbed_items_are_pinned_measured_and_gated_like_cases(
    pytester: pytest.Pytester, make_lane: MakeLane, xdist: list[str]
) -> None:
    make_lane(code=SUM_LANE, dev=CASES)
    first = pytester.runpytest("--snapshot-update", "-p", "no:xdist")
    first.assert_outcomes(passed=10, failed=1)  # c1~repeated_first; the gate passes
    pins = pytester.path / "snapshots" / "demo" / "dev"
    assert sorted(p.name for p in pins.iterdir()) == sorted(
        f"{i}.json"
        for i in [
            "c1",
            "c1~incremented",
            "c1~repeated_first",
            "c1~shuffled",
            "c2",
            "c2~incremented",
            "c2~repeated_first",
            "c3",
            "c3~incremented",
            "c3~repeated_first",
        ]
    )
    pin = json.loads((pins / "c1~shuffled.json").read_text(encoding="utf-8"))
    assert pin["sum"] == 6 and pin["first"] != 1  # the perturbed case's own result

    result = pytester.runpytest(*xdist, "-rA", "--results", "out", "--junitxml", "junit.xml")
    result.assert_outcomes(passed=10, failed=1)
    result.stdout.fnmatch_lines_random(
        [
            "demo/dev: 10 case(s)",
            "  perturbation:incremented * 1.0000  - * -",
            "  perturbation:repeated_first * 0.6667  - * -",
            "  perturbation:shuffled * 1.0000  >= 1 * PASS",
            f"FAILED {NODE}::c1~repeated_first - perturbation 'repeated_first' of case 'c1' "
            "(relation: doubles (lane.py:*)) does not hold*",
        ]
    )
    doc = results(pytester.path)
    assert doc["metrics"]["perturbation:shuffled"] == 1.0
    assert doc["metrics"]["perturbation:repeated_first"] == pytest.approx(2 / 3)
    assert doc["metrics"]["correct"] == 1.0  # the lane's metrics: original cases only
    cases = {case["id"]: case for case in doc["cases"]}
    assert cases["c1~repeated_first"]["metrics"] == {
        "perturbation:repeated_first": False,
        "replay_determinism": True,
    }
    assert cases["c1~repeated_first"]["status"] == "failed"
    assert "perturbation:shuffled" not in cases["c1"]["metrics"]
    junit = ET.parse(pytester.path / "junit.xml").getroot()
    props = {
        case.get("name"): {p.get("name"): p.get("value") for p in case.iter("property")}
        for case in junit.iter("testcase")
    }
    assert props["c3~incremented"]["metric:perturbation:incremented"] == "true"
    assert props["c1~repeated_first"]["metric:perturbation:repeated_first"] == "false"


@pytest.mark.parametrize("xdist", XDIST, ids=["serial", "xdist"])
def test_serial_and_distributed_runs_give_the_same_results(
    pytester: pytest.Pytester, make_lane: MakeLane, xdist: list[str]
) -> None:
    """Under -n 2 a perturbed item often runs on another worker than its case and runs
    the original itself: the same relation, the same numbers."""
    make_lane(code=SUM_LANE, dev=[*CASES, *({"id": f"d{i}", "xs": [i, i + 1]} for i in range(8))])
    pytester.runpytest("--snapshot-update", "-p", "no:xdist", "--results", "serial")
    pytester.runpytest(*xdist, "--results", "other")
    assert results(pytester.path, directory="serial") == results(pytester.path, directory="other")


def test_a_perturbed_item_run_alone_runs_its_original_case_itself(
    pytester: pytest.Pytester, make_lane: MakeLane
) -> None:
    make_lane(code=SUM_LANE, dev=CASES)
    pytester.runpytest("--snapshot-update", "-p", "no:xdist")
    alone = pytester.runpytest(f"{NODE}::c1~repeated_first", "-p", "no:xdist")
    alone.assert_outcomes(failed=1)
    alone.stdout.fnmatch_lines(
        ["*differing JSON paths: $.n, $.sum", '*-  "sum": 6', '*+  "sum": 7']
    )
    pytester.runpytest(f"{NODE}::c1~shuffled", "-p", "no:xdist").assert_outcomes(passed=1)


def test_a_changed_perturbed_result_fails_its_pin_and_waits_for_review(
    pytester: pytest.Pytester, make_lane: MakeLane
) -> None:
    make_lane(code=SUM_LANE, dev=CASES)
    pytester.runpytest("--snapshot-update", "-p", "no:xdist")
    pin = pytester.path / "snapshots" / "demo" / "dev" / "c2~incremented.json"
    pin.write_text(json.dumps({"first": 0, "n": 1, "sum": 0}, indent=2) + "\n", encoding="utf-8")
    result = pytester.runpytest("-p", "no:xdist", "-k", "c2")
    result.assert_outcomes(passed=2, failed=1)
    result.stdout.fnmatch_lines(
        [f"FAILED {NODE}::c2~incremented - *the result differs from its snapshot*"]
    )
    with pytest.MonkeyPatch.context() as mp:
        mp.chdir(pytester.path)
        assert core_verify(["review", "--accept-all"]) == 0
    assert json.loads(pin.read_text(encoding="utf-8"))["sum"] == 6


RELATIONS_LANE = """
from pytest_core_verify import perturbation

def run(case, workdir):
    return {"answer": case["q"].upper(), "length": len(case["q"])}

@perturbation(expect="same", view=lambda r: r["answer"])
def same_but_not(case):
    return {**case, "q": case["q"] + "!"}

@perturbation(expect="different", view=lambda r: r["length"])
def different_but_not(case):
    return {**case, "q": case["q"][::-1]}

@perturbation(expect=lambda original, perturbed: perturbed is None)
def refused(case):
    return {**case, "q": "x"}

@perturbation(expect=lambda original, perturbed: "yes")
def not_a_bool(case):
    return dict(case)

@perturbation(expect="same", view=lambda r: r["missing"])
def bad_view(case):
    return dict(case)
"""


def test_a_relation_that_fails_names_the_perturbation_the_relation_and_what_differs(
    pytester: pytest.Pytester, make_lane: MakeLane
) -> None:
    make_lane(code=RELATIONS_LANE, dev=[{"id": "q1", "q": "ab"}])
    result = pytester.runpytest("--snapshot-update", "-p", "no:xdist", "--results", "out")
    result.assert_outcomes(passed=1, failed=6)  # and the gate: two items have errors
    result.stdout.fnmatch_lines_random(
        [
            "perturbation 'same_but_not' of case 'q1' (relation: same, view: <lambda> "
            "(lane.py:7)) does not hold: view(result) of the perturbed case differs from the "
            "original case's; differing JSON paths: $",
            '-"AB"',
            '+"AB!"',
            "perturbation 'different_but_not' of case 'q1' (relation: different, view: "
            "<lambda> (lane.py:11)) does not hold: view(result) of the perturbed case is the "
            "same as the original case's: 2",
            "perturbation 'refused' of case 'q1' (relation: <lambda> (lane.py:15)) does not "
            "hold: the relation returned False for the result of the original and the "
            "perturbed case; differing JSON paths: $.answer, $.length",
            "*the relation of perturbation 'not_a_bool' returned \"yes\" (a str); it must "
            "return True or False",
            "E   KeyError: 'missing'",
            "*core-verify: the view of perturbation 'bad_view' raised KeyError",
        ]
    )
    cases = {c["id"]: c for c in results(pytester.path)["cases"]}
    assert cases["q1~same_but_not"]["status"] == "failed"
    assert cases["q1~bad_view"]["status"] == "error"
    assert cases["q1~bad_view"]["error"] == "the view of perturbation 'bad_view' raised KeyError"
    assert cases["q1~bad_view"]["metrics"]["perturbation:bad_view"] is False


ERRORS_LANE = """
import random
from pytest_core_verify import perturbation

def run(case, workdir):
    if case.get("fail"):
        raise ValueError("no")
    return {"x": case["x"]}

@perturbation(expect="same")
def raises(case):
    if case["x"] == 2:
        raise KeyError("no such premise")
    return dict(case)

@perturbation(expect="same")
def not_a_case(case):
    return [case] if case["x"] == 1 else None

@perturbation(expect="same")
def unseeded(case):
    return {**case, "noise": random.random()} if case["x"] == 1 else None

@perturbation(expect="same")
def breaks_the_schema(case):
    return {**case, "x": "two"} if case["x"] == 3 else None

@perturbation(expect="different")
def failing_run(case):
    return {**case, "fail": True} if case["x"] == 3 else None
"""


@pytest.mark.parametrize("xdist", XDIST, ids=["serial", "xdist"])
def test_a_perturbation_that_raises_is_an_error_item_and_the_others_still_run(
    pytester: pytest.Pytester, make_lane: MakeLane, xdist: list[str]
) -> None:
    make_lane(
        code=ERRORS_LANE,
        dev=[{"id": f"e{x}", "x": x} for x in (1, 2, 3)],
        schema={"type": "object", "properties": {"x": {"type": "integer"}}},
    )
    result = pytester.runpytest("--snapshot-update", "-rA", "--results", "out", *xdist)
    # e1, e2, e3, e1~raises, e3~raises pass; e3~failing_run fails, and so the gate (its
    # run() raised); four error items.
    result.assert_outcomes(passed=5, failed=2, errors=4)
    result.stdout.fnmatch_lines_random(
        [
            f"ERROR {NODE}::e2~raises*",
            f"*{NODE}:2: perturbation 'raises' on case 'e2' raised KeyError: 'no such "
            "premise' (at lanes/demo/lane.py:13)",
            f"*{NODE}:1: perturbation 'not_a_case' on case 'e1' returned a list; return the "
            "new case (a dict) or None when the perturbation does not apply",
            f"*{NODE}:1: perturbation 'unseeded' on case 'e1' is not deterministic: two "
            "calls on the same case returned different cases; take any random choice from "
            "perturbation_random(case, 'unseeded')*",
            f"*{NODE}:3: perturbation 'breaks_the_schema' on case 'e3' returned a case that "
            "does not match case.schema.json: 'two' is not of type 'integer'",
            f"FAILED {NODE}::e3~failing_run*",
        ]
    )
    doc = results(pytester.path)
    cases = {c["id"]: c for c in doc["cases"]}
    assert cases["e3~failing_run"]["status"] == "error"
    assert cases["e3~failing_run"]["error"] == "run() raised ValueError"
    # An item that could not show its relation counts against the rate.
    assert doc["metrics"]["perturbation:failing_run"] == 0.0
    assert doc["metrics"]["perturbation:raises"] == 1.0  # e1 and e3; e2 is an error item


GATED_LANE = SUM_LANE.replace(
    'pytestmark = [pytest.mark.threshold("perturbation:shuffled", min=1.0)]',
    'pytestmark = [pytest.mark.threshold("perturbation:repeated_first", min=1.0)]',
)


@pytest.mark.parametrize("xdist", XDIST, ids=["serial", "xdist"])
def test_a_threshold_on_a_perturbation_rate_gates_the_lane(
    pytester: pytest.Pytester,
    make_lane: MakeLane,
    xdist: list[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    make_lane(code=GATED_LANE, dev=CASES)
    summary = pytester.path / "summary.md"
    monkeypatch.setenv("GITHUB_STEP_SUMMARY", str(summary))
    result = pytester.runpytest("--snapshot-update", "-rA", *xdist)
    result.assert_outcomes(passed=9, failed=2)  # c1~repeated_first and the gate
    result.stdout.fnmatch_lines_random(
        [
            "  perturbation:repeated_first * 0.6667  >= 1 * FAIL * c1~repeated_first",
            "  overall: FAIL (1 threshold(s) not met: perturbation:repeated_first)",
            "FAILED lanes/demo::dev::gate - FAIL (1 threshold(s) not met: "
            "perturbation:repeated_first)",
        ]
    )
    assert (
        "| perturbation:repeated_first | 0.6667 | >= 1 | FAIL | c1~repeated_first |"
        in summary.read_text(encoding="utf-8")
    )


def test_compare_and_report_show_perturbation_rates(
    pytester: pytest.Pytester, make_lane: MakeLane, capsys: pytest.CaptureFixture[str]
) -> None:
    pytest.importorskip("jinja2", reason="the report extra is not installed")
    pytest.importorskip("matplotlib", reason="the report extra is not installed")
    make_lane(code=SUM_LANE, dev=CASES)
    pytester.runpytest("--snapshot-update", "-p", "no:xdist", "--results", "old")
    # The system changes: the sum of a perturbed case now doubles only for c1.
    lane = pytester.path / "lanes" / "demo" / "lane.py"
    lane.write_text(
        lane.read_text(encoding="utf-8").replace(
            'return {"sum": sum(xs), "first": xs[0], "n": len(xs)}',
            'return {"sum": sum(xs) if len(xs) != 2 else 0, "first": xs[0], "n": len(xs)}',
        ),
        encoding="utf-8",
    )
    pytester.runpytest(
        "--snapshot-update", "-p", "no:xdist", "--results", "new", "--results-history", "h.jsonl"
    )
    with pytest.MonkeyPatch.context() as mp:
        mp.chdir(pytester.path)
        capsys.readouterr()
        core_verify(["compare", "old", "new"])
        compared = capsys.readouterr().out
        assert (
            core_verify(["report", "new", "--results-history", "h.jsonl", "-o", "report.html"]) == 0
        )
    assert re.search(r"perturbation:repeated_first.*0\.6667.*0\.3333", compared), compared
    assert "perturbation:repeated_first" in (pytester.path / "report.html").read_text("utf-8")


@pytest.mark.parametrize("how", [["--perturbations=off"], ["-o", "core_verify_perturbations=off"]])
def test_with_perturbations_off_only_the_cases_run_and_their_pins_stay(
    pytester: pytest.Pytester, make_lane: MakeLane, how: list[str]
) -> None:
    make_lane(code=SUM_LANE, dev=CASES)
    pytester.runpytest("--snapshot-update", "-p", "no:xdist")
    pins = pytester.path / "snapshots" / "demo" / "dev"
    before = sorted(p.name for p in pins.iterdir())
    off = pytester.runpytest("--snapshot-update", "-p", "no:xdist", "--results", "out", *how)
    off.assert_outcomes(passed=4)  # three cases and the gate
    assert "unused" not in off.stdout.str() and "deleted" not in off.stdout.str()
    assert sorted(p.name for p in pins.iterdir()) == before
    doc = results(pytester.path)
    assert [c["id"] for c in doc["cases"]] == ["c1", "c2", "c3"]
    assert doc["metrics"]["perturbation:shuffled"] is None  # n/a: nothing measured


def test_a_removed_perturbation_leaves_unused_pins(
    pytester: pytest.Pytester, make_lane: MakeLane
) -> None:
    make_lane(code=SUM_LANE, dev=CASES)
    pytester.runpytest("--snapshot-update", "-p", "no:xdist")
    make_lane(code=SUM_LANE.replace('@perturbation(expect="different")\n', ""), dev=CASES)
    result = pytester.runpytest("-p", "no:xdist")
    result.stdout.fnmatch_lines(
        ["3 case snapshot(s) unused:", "  snapshots/demo/dev/c1~incremented.json"]
    )


def test_a_bad_ini_value_is_a_usage_error(pytester: pytest.Pytester, make_lane: MakeLane) -> None:
    make_lane(code=SUM_LANE, dev=CASES)
    result = pytester.runpytest("-o", "core_verify_perturbations=maybe")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines(
        ["*ini key core_verify_perturbations = 'maybe': use on (the default) or off"]
    )


def test_a_case_id_with_the_separator_is_refused_only_in_a_lane_with_perturbations(
    pytester: pytest.Pytester, make_lane: MakeLane
) -> None:
    make_lane(code=SUM_LANE, dev=[{"id": "a~b", "xs": [1, 2]}, *CASES])
    result = pytester.runpytest("--snapshot-update", "-p", "no:xdist")
    # The refused line is an error, and a split with a broken line fails its gate.
    result.assert_outcomes(passed=9, failed=2, errors=1)
    result.stdout.fnmatch_lines(
        [
            f'*{NODE}:1: "id" \'a~b\' holds "~", which in a lane with perturbations names '
            "a perturbed case (<case id>~<perturbation>); rename the case"
        ]
    )
    make_lane("plain", dev=[{"id": "a~b", "x": 1, "expect": 2}])
    pytester.runpytest("--lane", "plain", "--snapshot-update").assert_outcomes(passed=2)


def test_a_lane_with_two_perturbations_of_one_name_is_a_lane_error(
    pytester: pytest.Pytester, make_lane: MakeLane
) -> None:
    make_lane(
        code="""
        from pytest_core_verify import perturbation

        def run(case, workdir):
            return {}

        def edit(case):
            return dict(case)

        first = perturbation(expect="same")(edit)
        second = perturbation(expect="different")(edit)
        """,
        dev=CASES,
    )
    result = pytester.runpytest("-p", "no:xdist")
    result.assert_outcomes(errors=1)
    result.stdout.fnmatch_lines(
        ["*lane 'demo': two perturbations are named 'edit'; give one another name*"]
    )


SEALED_LANE = """
from pytest_core_verify import perturbation

def run(case, workdir):
    print("run says", case["secret"])
    (workdir / "note.txt").write_text(case["secret"], encoding="utf-8")
    return {"echo": case["secret"], "n": len(case["secret"])}

@perturbation(expect="same")
def suffixed(case):
    return {**case, "secret": case["secret"] + "!"}

@perturbation(expect="same", view=lambda result: result["n"] > 0)
def doubled(case):
    return {**case, "secret": case["secret"] * 2}

@perturbation(expect="same", view=lambda result: result[result["echo"]])
def bad_view(case):
    return dict(case)

@perturbation(expect="same")
def raises(case):
    print("perturbation says", case["secret"])
    raise ValueError("no " + case["secret"])
"""


def _files_containing(root: Path, needle: str) -> list[str]:
    return sorted(
        str(path)
        for path in root.rglob("*")
        if needle in path.name
        or (path.is_file() and not path.is_symlink() and needle.encode() in path.read_bytes())
    )


@pytest.mark.parametrize("xdist", XDIST, ids=["serial", "xdist"])
def test_perturbed_items_of_sealed_cases_show_ids_hashes_and_metrics_only(
    pytester: pytest.Pytester,
    make_lane: MakeLane,
    xdist: list[str],
    monkeypatch: pytest.MonkeyPatch,
    capfd: pytest.CaptureFixture[str],
) -> None:
    import pyrage  # type: ignore[import-untyped]

    canary = f"CANARY{secrets.token_hex(8)}"
    make_lane(code=SEALED_LANE, dev=[{"id": "D-1", "secret": "public"}])
    identity = pyrage.x25519.Identity.generate()
    key = pytester.path / "keys" / "holdout.key"
    key.parent.mkdir()
    key.write_text(f"{identity}\n", encoding="utf-8")
    holdouts = pytester.path / "holdouts"
    holdouts.mkdir()
    (holdouts / "recipients.txt").write_text(f"{identity.to_public()}\n", encoding="utf-8")
    plain = holdouts / "demo" / "v1" / "cases.jsonl"
    plain.parent.mkdir(parents=True)
    plain.write_text(json.dumps({"id": "H-1", "secret": canary}) + "\n", encoding="utf-8")
    with monkeypatch.context() as mp:
        mp.chdir(pytester.path)
        assert core_verify(["seal", "holdouts/demo/v1/cases.jsonl"]) == 0
    assert _files_containing(pytester.path, canary) == [str(plain)]  # the search finds it
    plain.unlink()
    monkeypatch.setenv("CORE_VERIFY_HOLDOUT_KEY", str(key))
    monkeypatch.setenv("GITHUB_STEP_SUMMARY", str(pytester.path / "summary.md"))
    outputs = []
    for args in (["--snapshot-update"], ["-rA", "--tb=long", "-l", "--junitxml=junit.xml"]):
        result = pytester.runpytest(
            f"--basetemp={pytester.path / 'basetemp'}",
            "--split",
            "all",
            "--results",
            "out",
            *args,
            *xdist,
        )
        outputs += [result.stdout.str(), result.stderr.str()]
    sealed = "holdouts/demo/v1/cases.jsonl.age"
    # D-1 and its doubled pass, D-1~suffixed fails, D-1~bad_view has an error; the same for
    # H-1; two error items (raises); both gates fail (errors in a perturbed item).
    result.assert_outcomes(passed=4, failed=6, errors=2)
    result.stdout.fnmatch_lines_random(
        [
            f"*{sealed}:1: perturbation 'raises' on holdout case 'H-1' raised ValueError",
            f"FAILED {sealed}::H-1~suffixed - holdout case H-1~suffixed: the relation of "
            "perturbation 'suffixed' (relation: same) does not hold (details withheld: the "
            "case is sealed)",
            f"FAILED {sealed}::H-1~bad_view - holdout case H-1~bad_view: the view of "
            "perturbation 'bad_view' raised KeyError (details withheld: the case is sealed)",
            f"*{NODE}:1: perturbation 'raises' on case 'D-1' raised ValueError: no public*",
        ]
    )
    pins = pytester.path / "snapshots" / "demo" / "holdout" / "v1"
    # (H-1~bad_view has none: as for a case whose metric raises, nothing is pinned.)
    assert sorted(p.name for p in pins.iterdir()) == [
        "H-1.json",
        "H-1~doubled.json",
        "H-1~suffixed.json",
    ]
    for pin in pins.iterdir():
        assert list(json.loads(pin.read_text(encoding="utf-8"))) == ["trace_hash"]
    doc = results(pytester.path, "demo.holdout.v1.json")
    assert doc["metrics"]["perturbation:doubled"] == 1.0
    assert doc["metrics"]["perturbation:suffixed"] == 0.0
    captured = capfd.readouterr()
    outputs += [captured.out, captured.err]
    assert not [line for text in outputs for line in text.splitlines() if canary in line]
    assert _files_containing(pytester.path, canary) == []
