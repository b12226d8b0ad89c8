"""``--junitxml``: every item of a lane split (cases, perturbed cases, bad lines, the
gate) carries the split's one classname; ordinary tests keep pytest's own."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections import defaultdict
from pathlib import Path

import pytest

from tests.helpers import MakeLane

LANE = """
import pytest
from pytest_core_verify import metric, perturbation

pytestmark = [pytest.mark.threshold("correct", min=1.0)]

def run(case, workdir):
    return {"double": case["x"] * 2}

@metric
def correct(case, result):
    return result["double"] == case["expect"]

@perturbation(expect="different")
def incremented(case):
    return {**case, "x": case["x"] + 1}
"""
DEV = [
    {"id": "ok-1", "x": 1, "expect": 2},
    {"id": "miss", "x": 2, "expect": 5},
    "{not json",
]
PUBLIC = {"v1": [{"id": "p", "x": 4, "expect": 8}]}
PLAIN = """
class TestPlain:
    def test_one(self):
        pass

def test_two():
    pass
"""
XDIST = [["-p", "no:xdist"], ["-n", "2"]]


def by_classname(path: Path) -> dict[str, set[str]]:
    """By classname: the names of its testcases."""
    found: dict[str, set[str]] = defaultdict(set)
    for case in ET.parse(path).getroot().iter("testcase"):
        found[case.get("classname", "")].add(case.get("name", ""))
    return dict(found)


@pytest.mark.parametrize("xdist", XDIST, ids=["serial", "xdist"])
@pytest.mark.parametrize(
    ("family", "prefix"), [("xunit2", None), ("xunit1", "ci")], ids=["xunit2", "xunit1-prefix"]
)
def test_one_classname_per_split_and_ordinary_tests_untouched(
    pytester: pytest.Pytester,
    make_lane: MakeLane,
    xdist: list[str],
    family: str,
    prefix: str | None,
) -> None:
    make_lane(code=LANE, dev=DEV, public=PUBLIC)
    pytester.makepyfile(test_plain=PLAIN)
    pytester.runpytest("-p", "no:xdist", "--snapshot-update")
    args = [*xdist, "--junitxml=out.xml", "-o", f"junit_family={family}"]
    if prefix:
        args.append(f"--junit-prefix={prefix}")
    run = pytester.runpytest_subprocess(*args) if "-n" in xdist else pytester.runpytest(*args)
    # The miss fails the dev gate (its case passes); the bad line is an error.
    run.assert_outcomes(passed=9, failed=1, errors=1)

    lead = f"{prefix}." if prefix else ""
    assert by_classname(pytester.path / "out.xml") == {
        f"{lead}lanes.demo.dev": {
            "ok-1",
            "ok-1~incremented",
            "miss",
            "miss~incremented",
            "line 3",
            "gate",
        },
        f"{lead}lanes.demo.public.v1": {"p", "p~incremented", "gate"},
        # pytest's own classnames for everything else.
        f"{lead}test_plain.TestPlain": {"test_one"},
        f"{lead}test_plain": {"test_two"},
    }


def test_without_junitxml_nothing_is_registered(
    pytester: pytest.Pytester, make_lane: MakeLane
) -> None:
    make_lane(dev=DEV[:1])
    reprec = pytester.inline_run("-p", "no:xdist", "--snapshot-update")
    [config] = {r.config for r in reprec.getcalls("pytest_unconfigure")}
    assert config.pluginmanager.get_plugin("core_verify_junit") is None
    assert not any(
        hasattr(r, "core_verify_classname") for r in reprec.getreports("pytest_runtest_logreport")
    )
