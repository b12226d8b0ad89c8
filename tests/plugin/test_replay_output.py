"""What a case prints: run A's, then the helper's calls each under its heading, so the
warm-up call's output is never read as run B's."""

from __future__ import annotations

import pytest

from tests.helpers import MakeLane

LANE = """
import os

CALLS = []

def run(case, workdir):
    CALLS.append(1)
    print(f"printed by call {len(CALLS)} in pid {os.getpid()}")
    raise ValueError("fail, so that pytest shows what the case printed")
"""


@pytest.mark.parametrize("xdist", [["-p", "no:xdist"], ["-n", "2"]], ids=["serial", "xdist"])
def test_the_output_shown_is_run_a_and_run_b_only(
    pytester: pytest.Pytester, make_lane: MakeLane, xdist: list[str]
) -> None:
    make_lane(code=LANE, dev=[{"id": "a"}])
    result = pytester.runpytest("--replay=process", *xdist)
    lines = result.stdout.lines
    printed = [i for i, line in enumerate(lines) if line.startswith("printed by call")]
    # Run A in the pytest process; in the helper, the warm-up call, then run B.
    assert len(printed) == 3, result.stdout.str()
    run_a, warm_up, run_b = (lines[i] for i in printed)
    assert run_a.startswith("printed by call 1 ") and warm_up.startswith("printed by call 1 ")
    assert lines[printed[1] - 1] == "[replay helper: warm-up call, its result dropped]"
    assert run_b.startswith("printed by call 2 ")
    assert lines[printed[2] - 1] == "[replay helper: run B]"


def test_headings_with_nothing_under_them_are_not_shown() -> None:
    from pytest_core_verify._replay.wire import RUN_B_HEADING, WARM_UP_HEADING, shown_output

    assert shown_output(WARM_UP_HEADING + RUN_B_HEADING) == b""
    assert shown_output(WARM_UP_HEADING + RUN_B_HEADING + b"b\n") == RUN_B_HEADING + b"b\n"
    assert shown_output(WARM_UP_HEADING + b"w\n" + RUN_B_HEADING) == WARM_UP_HEADING + b"w\n"
    assert shown_output(b"") == b""
