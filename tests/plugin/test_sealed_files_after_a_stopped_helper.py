"""A sealed case's files do not stay on disk when the replay helper is stopped in the
middle of a call (over its time limit) or crashes there: the warm-up workdir, run B's
workdir and the helper's TMPDIR and HOME are emptied all the same."""

from __future__ import annotations

import json
import os
import secrets
from pathlib import Path

import pyrage  # type: ignore[import-untyped]
import pytest

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


@pytest.mark.parametrize("how", ["hang", "crash"])
def test_a_sealed_cases_files_are_removed_when_the_helper_stops_mid_call(
    pytester: pytest.Pytester, make_lane: MakeLane, monkeypatch: pytest.MonkeyPatch, how: str
) -> None:
    canary = f"CANARY{secrets.token_hex(12)}"
    make_lane("sealed_lane", code=STOPPED_MID_CALL, dev=[])
    identity = pyrage.x25519.Identity.generate()
    key = pytester.path / "holdout.key"
    key.write_text(f"# throwaway test key\n{identity}\n", encoding="utf-8")
    (pytester.path / "holdouts").mkdir()
    (pytester.path / "holdouts" / "recipients.txt").write_text(
        f"{identity.to_public()}\n", encoding="utf-8"
    )
    plain = pytester.path / "holdouts" / "sealed_lane" / "v1" / "cases.jsonl"
    plain.parent.mkdir(parents=True)
    plain.write_text(json.dumps({"id": "H-1", "how": how, "secret": canary}) + "\n")
    monkeypatch.chdir(pytester.path)
    assert core_verify(["seal", "holdouts/sealed_lane/v1/cases.jsonl"]) == 0
    plain.unlink()
    assert _files_containing(pytester.path, canary.encode()) == []
    monkeypatch.setenv("CORE_VERIFY_HOLDOUT_KEY", str(key))
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
