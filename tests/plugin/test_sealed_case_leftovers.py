"""What a sealed case leaves behind shows none of it: its files do not stay on disk
when the replay helper is stopped in the middle of a call (over its time limit) or
crashes there (the warm-up workdir, run B's workdir and the helper's TMPDIR and HOME
are emptied all the same), and objects it left in reference cycles are freed while its
output is withheld, not later in another test."""

from __future__ import annotations

import json
import os
import secrets
from pathlib import Path

import pyrage  # type: ignore[import-untyped]
import pytest

from pytest_core_verify._core.lanes import REPLAY_MODES
from pytest_core_verify.cli import main as core_verify
from tests.helpers import MakeLane

# In the helper only (its HOME is its own): write the case into every place it may
# write, then hang or crash in the middle of the call.
STOPPED_MID_CALL = """
import os
import tempfile
import time
from pathlib import Path

def run(case, workdir):
    if "cv-replay-helper" in os.environ.get("HOME", ""):
        secret = case["secret"]
        (workdir / "note.txt").write_text(secret, encoding="utf-8")
        Path(tempfile.gettempdir(), "note.txt").write_text(secret, encoding="utf-8")
        Path(os.environ["HOME"], "note.txt").write_text(secret, encoding="utf-8")
        if case["how"] == "crash":
            os._exit(3)
        time.sleep(60)
    return {}
"""


def _files_containing(root: Path, needle: bytes) -> list[str]:
    return [
        os.path.join(dirpath, name)
        for dirpath, _, names in os.walk(root)
        for name in names
        if not os.path.islink(os.path.join(dirpath, name))
        and needle in Path(dirpath, name).read_bytes()
    ]


def _seal(
    pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch, cases: list[dict[str, str]]
) -> None:
    """Seal ``cases`` as holdout v1 of lane ``sealed_lane`` (through ``core-verify seal``)
    and set ``CORE_VERIFY_HOLDOUT_KEY`` to its key."""
    identity = pyrage.x25519.Identity.generate()
    key = pytester.path / "holdout.key"
    key.write_text(f"# throwaway test key\n{identity}\n", encoding="utf-8")
    (pytester.path / "holdouts").mkdir()
    (pytester.path / "holdouts" / "recipients.txt").write_text(
        f"{identity.to_public()}\n", encoding="utf-8"
    )
    plain = pytester.path / "holdouts" / "sealed_lane" / "v1" / "cases.jsonl"
    plain.parent.mkdir(parents=True)
    plain.write_text("".join(json.dumps(case) + "\n" for case in cases))
    monkeypatch.chdir(pytester.path)
    assert core_verify(["seal", "holdouts/sealed_lane/v1/cases.jsonl"]) == 0
    plain.unlink()
    monkeypatch.setenv("CORE_VERIFY_HOLDOUT_KEY", str(key))


@pytest.mark.parametrize("how", ["hang", "crash"])
def test_a_sealed_cases_files_are_removed_when_the_helper_stops_mid_call(
    pytester: pytest.Pytester, make_lane: MakeLane, monkeypatch: pytest.MonkeyPatch, how: str
) -> None:
    canary = f"CANARY{secrets.token_hex(12)}"
    make_lane("sealed_lane", code=STOPPED_MID_CALL, dev=[])
    _seal(pytester, monkeypatch, [{"id": "H-1", "how": how, "secret": canary}])
    assert _files_containing(pytester.path, canary.encode()) == []
    basetemp = pytester.path / "basetemp"
    result = pytester.runpytest_subprocess(
        f"--basetemp={basetemp}",
        "--split",
        "holdout",
        "--run-timeout",
        "1",
        "-p",
        "no:xdist",
        timeout=60,
    )
    result.assert_outcomes(failed=2)  # the case, and its lane's gate
    assert canary not in result.stdout.str() + result.stderr.str()
    assert _files_containing(basetemp, canary.encode()) == []


# Each call leaves an object in a reference cycle whose __del__ prints the case and
# raises with it (pytest would quote that in an unraisable-exception warning); a module
# object made before the case is linked in too. A later test collects the garbage.
CYCLIC_GARBAGE = """
import sys

BEFORE_THE_CASE = {"made": "at import"}

class _Loud:
    def __init__(self, text):
        self.text = text
        self.me = self
        self.old = BEFORE_THE_CASE

    def __del__(self):
        print("__del__ says", self.text)
        sys.__stderr__.write("__del__ writes " + self.text + "\\n")
        raise ValueError("__del__ raises " + self.text)

def run(case, workdir):
    _Loud(case["secret"])
    return {"ok": True}
"""

COLLECTS_LATER = """
import gc

def test_later():
    gc.collect()
    gc.collect()
"""


@pytest.mark.parametrize("mode", REPLAY_MODES)
def test_a_sealed_cases_cyclic_garbage_is_freed_while_its_output_is_withheld(
    pytester: pytest.Pytester, make_lane: MakeLane, monkeypatch: pytest.MonkeyPatch, mode: str
) -> None:
    canary = f"CANARY{secrets.token_hex(12)}"
    make_lane("sealed_lane", code=CYCLIC_GARBAGE, dev=[])
    _seal(pytester, monkeypatch, [{"id": f"H-{i}", "secret": canary} for i in range(3)])
    pytester.makepyfile(test_zz_later=COLLECTS_LATER)
    args = ["--split", "holdout", "-p", "no:xdist", "-p", "no:randomly", "--replay", mode, "-s"]
    pytester.runpytest_subprocess("--snapshot-update", *args, timeout=60)
    result = pytester.runpytest_subprocess(*args, "test_zz_later.py", "holdouts", timeout=60)
    result.assert_outcomes(passed=5)  # three cases, the gate, the later test
    assert canary not in result.stdout.str() + result.stderr.str()
