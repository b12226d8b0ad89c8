"""A lane.py imports helper modules beside it relatively, without leaks between lanes."""

from __future__ import annotations

import pytest

from tests.helpers import MakeLane

HELPED_LANE = """
from pytest_core_verify import metric

from . import helpers
from .helpers import LABEL


def run(case, workdir):
    return {"label": LABEL, "value": helpers.transform(case["x"])}


@metric
def labelled(case, result):
    return result["label"] == case["label"]
"""


def test_same_named_helpers_of_two_lanes_stay_apart(
    pytester: pytest.Pytester, make_lane: MakeLane
) -> None:
    for name, factor in (("first", 2), ("second", 3)):
        lane_dir = make_lane(
            name,
            code=HELPED_LANE,
            dev=[{"id": "a", "x": 5, "label": name}],
        )
        (lane_dir / "helpers.py").write_text(
            f"LABEL = {name!r}\n\ndef transform(x):\n    return x * {factor}\n"
        )
    result = pytester.runpytest("--snapshot-update", "-p", "no:xdist")
    result.assert_outcomes(passed=4)
    assert (pytester.path / "snapshots/first/dev/a.json").read_text().count('"value": 10') == 1
    assert (pytester.path / "snapshots/second/dev/a.json").read_text().count('"value": 15') == 1
    result.stdout.fnmatch_lines(["  labelled * 1.0000 *"])
    # The same under xdist, where each worker imports the lanes itself.
    pytester.runpytest_subprocess("-n", "2").assert_outcomes(passed=4)


def test_an_absolute_import_of_a_helper_says_how_to_fix_it(
    pytester: pytest.Pytester, make_lane: MakeLane
) -> None:
    lane_dir = make_lane(
        code="from helpers import x\n\ndef run(case, workdir):\n    return {}\n",
        dev=[{"id": "a"}],
    )
    (lane_dir / "helpers.py").write_text("x = 1\n")
    result = pytester.runpytest()
    result.assert_outcomes(errors=1)
    result.stdout.fnmatch_lines(
        [
            "*ModuleNotFoundError: No module named 'helpers'; helpers.py is beside lane.py: "
            "import it relatively, `from . import helpers`*"
        ]
    )
