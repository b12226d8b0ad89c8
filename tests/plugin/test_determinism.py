"""The double run catches results that are not reproducible."""

from __future__ import annotations

import json

import pytest

from tests.helpers import MakeLane

RUNNERS = {
    "wall_clock": (
        "import time\n\ndef run(case, workdir):\n    return {'at': time.time()}\n",
        ["*differing JSON paths: $.at*", '*-  "at": *', '*+  "at": *'],
    ),
    "unseeded_random": (
        "import random\n\ndef run(case, workdir):\n    return {'roll': random.random()}\n",
        ["*differing JSON paths: $.roll*"],
    ),
    "workdir_path": (
        "def run(case, workdir):\n    return {'where': str(workdir), 'ok': True}\n",
        ["*differing JSON paths: $.where*"],
    ),
    "module_global": (
        "CALLS = []\n\ndef run(case, workdir):\n    CALLS.append(1)\n    return {'calls': len(CALLS)}\n",
        ["*differing JSON paths: $.calls*"],
    ),
    "different_file": (
        "import os\nCALLS = []\n\ndef run(case, workdir):\n    CALLS.append(1)\n"
        "    (workdir / 'out.txt').write_text('x' * len(CALLS))\n    return {'ok': True}\n",
        ["*file out.txt: content differs*"],
    ),
}


@pytest.mark.parametrize("runner", sorted(RUNNERS))
def test_nondeterministic_runner_fails_and_is_not_pinned(
    pytester: pytest.Pytester, make_lane: MakeLane, runner: str
) -> None:
    code, expected = RUNNERS[runner]
    make_lane(code=code, dev=[{"id": "a"}])
    result = pytester.runpytest("--snapshot-update")
    result.assert_outcomes(passed=1, failed=1)
    result.stdout.fnmatch_lines(
        ["*the two runs of this case differ (replay_determinism = 0)*", *expected]
    )
    result.stdout.fnmatch_lines(["*replay_determinism    0.0000*"])
    assert not (pytester.path / "snapshots" / "demo" / "dev" / "a.json").exists()


def test_the_environment_is_varied_and_restored(
    pytester: pytest.Pytester, make_lane: MakeLane
) -> None:
    make_lane(
        code="""
        import os, random, time
        replay = "inprocess"  # both runs in this process, to compare them here
        SEEN = []

        def run(case, workdir):
            SEEN.append({
                "tz": os.environ["TZ"], "lang": os.environ["LANG"], "cwd": os.getcwd(),
                "umask": os.umask(0o022), "rand": random.random(),
                "epoch": os.environ["SOURCE_DATE_EPOCH"], "workdir": str(workdir),
            })
            os.umask(SEEN[-1]["umask"])
            if len(SEEN) == 2:
                a, b = SEEN
                for key in ("tz", "lang", "cwd", "umask", "rand", "workdir"):
                    assert a[key] != b[key], key
                assert a["epoch"] == b["epoch"] == "1767225600"
                assert a["cwd"] == a["workdir"] and b["cwd"] != b["workdir"]
                assert not os.listdir(a["workdir"]) and not os.listdir(b["workdir"])
            return {"ok": True}
        """,
        dev=[{"id": "a"}],
    )
    pytester.makeconftest(
        """
        import os
        def pytest_runtest_teardown(item):
            assert os.environ.get("TZ") is None or os.environ["TZ"] != "Pacific/Kiritimati"
            print("CWD-AFTER", os.getcwd())
        """
    )
    result = pytester.runpytest("--snapshot-update", "-s")
    result.assert_outcomes(passed=2)
    result.stdout.fnmatch_lines([f"*CWD-AFTER {pytester.path}"])


def test_source_date_epoch_comes_from_the_ini(
    pytester: pytest.Pytester, make_lane: MakeLane
) -> None:
    make_lane(
        code="import os\n\ndef run(case, workdir):\n    return {'epoch': os.environ['SOURCE_DATE_EPOCH']}\n",
        dev=[{"id": "a"}],
    )
    pytester.makeini("[pytest]\ncore_verify_source_date_epoch = 86400\n")
    pytester.runpytest("--snapshot-update").assert_outcomes(passed=2)
    pinned = (pytester.path / "snapshots" / "demo" / "dev" / "a.json").read_text()
    assert '"epoch": "86400"' in pinned
    pytester.makeini("[pytest]\ncore_verify_source_date_epoch = yesterday\n")
    result = pytester.runpytest()
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines(
        ["*ini key core_verify_source_date_epoch = 'yesterday': must be whole seconds*"]
    )


def test_a_run_that_mutates_its_case_does_not_leak_into_the_replay(
    pytester: pytest.Pytester, make_lane: MakeLane
) -> None:
    make_lane(
        code="def run(case, workdir):\n    case.setdefault('seen', 0)\n    case['seen'] += 1\n    return {'seen': case['seen']}\n",
        dev=[{"id": "a"}],
    )
    pytester.runpytest("--snapshot-update").assert_outcomes(passed=2)


def test_every_case_gets_empty_default_mode_workdirs(
    pytester: pytest.Pytester, make_lane: MakeLane
) -> None:
    """Directories left untouched by a passing case are handed on (a rename is cheaper
    than mkdir); whatever a case did to its own must never reach the next case."""
    make_lane(
        code="""
        import os, stat

        def run(case, workdir):
            mode = stat.S_IMODE(os.lstat(workdir).st_mode)
            state = {"empty": not os.listdir(workdir), "mode": oct(mode),
                     "parent_entries": sorted(os.listdir(workdir.parent))}
            if case["act"] == "subdir":
                (workdir / "made").mkdir()
            elif case["act"] == "chmod":
                os.chmod(workdir, 0o700)
            elif case["act"] == "file":
                (workdir / "f.txt").write_text("x")
            return state
        """,
        dev=[
            {"id": f"{i}-{act}", "act": act}
            for i, act in enumerate(
                ["plain", "subdir", "plain", "chmod", "plain", "file", "plain", "plain"]
            )
        ],
    )
    result = pytester.runpytest("--snapshot-update")
    result.assert_outcomes(passed=9)
    pins = sorted((pytester.path / "snapshots" / "demo" / "dev").glob("*.json"))
    states = [json.loads(p.read_text()) for p in pins]
    assert all(s["empty"] for s in states)
    # Every case sees the mode a fresh directory gets, whatever an earlier case did.
    assert len({s["mode"] for s in states}) == 1
    assert all(s["parent_entries"] == ["a", "b", "cwd-b"] for s in states)
