"""The process state is restored after each case, in the pytest process and in the
replay helper between requests: all of ``os.environ`` (with the time zone), the current
directory, the umask and ``random``'s state. So a pin does not depend on which cases
ran before (``-k``, ``-n``), and a test after the lanes sees the session's own state."""

from __future__ import annotations

import pytest

from tests.helpers import MakeLane

# Case "a" changes what it can of the process; case "b" reports it.
CHANGES_STATE = """
import os
import random
import time

def run(case, workdir):
    if case["id"] == "a":
        os.environ["LEFT_BEHIND"] = "by a"
        os.environ.pop("KEPT_FOR_B", None)
        os.environ["TZ"] = "America/Sao_Paulo"
        time.tzset()
        os.umask(0o000)
        os.chdir("/")
        random.seed(1)
        return {}
    return {
        "left_behind": os.environ.get("LEFT_BEHIND"),
        "kept_for_b": os.environ.get("KEPT_FOR_B"),
    }
"""

# A test that runs after the lanes: the state it finds is the session's own.
STATE_AFTER = """
import os
import random
import time

import conftest

def test_the_state_after_the_lanes_is_the_sessions_own():
    environ = dict(os.environ)
    environ.pop("PYTEST_CURRENT_TEST")  # pytest's own, set for each test
    assert environ == conftest.ENVIRON
    assert os.getcwd() == conftest.CWD
    umask = os.umask(0o022)
    os.umask(umask)
    assert umask == conftest.UMASK
    assert random.getstate() == conftest.RANDOM
    assert time.timezone == conftest.TIMEZONE
"""

STATE_BEFORE = """
import os
import random
import time

os.environ["KEPT_FOR_B"] = "the session's"
ENVIRON = dict(os.environ)
ENVIRON.pop("PYTEST_CURRENT_TEST", None)
CWD = os.getcwd()
UMASK = os.umask(0o022)
os.umask(UMASK)
RANDOM = random.getstate()
TIMEZONE = time.timezone

def pytest_collection_modifyitems(items):
    # The check runs last: after every case.
    items.sort(key=lambda item: item.name == "test_the_state_after_the_lanes_is_the_sessions_own")
"""


@pytest.mark.parametrize("mode", ["process", "inprocess"])
def test_a_pin_does_not_depend_on_the_cases_run_before_it(
    pytester: pytest.Pytester, make_lane: MakeLane, mode: str
) -> None:
    make_lane(code=CHANGES_STATE, dev=[{"id": "a"}, {"id": "b"}])
    pytester.makeconftest(STATE_BEFORE)
    pytester.makepyfile(test_zz_after=STATE_AFTER)
    args = ["-p", "no:xdist", "-p", "no:randomly", "--replay", mode]
    pytester.runpytest_subprocess("--snapshot-update", *args, timeout=120).assert_outcomes(passed=4)
    # Alone, "b" finds what it found after "a": nothing that "a" left.
    alone = pytester.runpytest_subprocess("lanes/demo/dev/cases.jsonl::b", *args, timeout=120)
    alone.assert_outcomes(passed=1)
    pins = pytester.path / "snapshots" / "demo" / "dev"
    assert '"left_behind": null' in (pins / "b.json").read_text()
    assert "the session's" in (pins / "b.json").read_text()


def test_a_pin_does_not_depend_on_the_worker_its_case_ran_on(
    pytester: pytest.Pytester, make_lane: MakeLane
) -> None:
    make_lane(code=CHANGES_STATE, dev=[{"id": "a"}, {"id": "b"}])
    pytester.makeconftest(STATE_BEFORE)
    pytester.runpytest_subprocess(
        "--snapshot-update", "-p", "no:xdist", timeout=120
    ).assert_outcomes(passed=3)
    pytester.runpytest_subprocess("-n", "2", timeout=120).assert_outcomes(passed=3)
