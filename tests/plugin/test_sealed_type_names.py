"""A sealed case's failure names the type of what was raised or returned only by a name
written in code: a class made at run time may be named after the case's content, so
its nearest base named in source stands for it. A public case keeps the class's name."""

from __future__ import annotations

import json
import os
import secrets
from pathlib import Path

import pyrage  # type: ignore[import-untyped]  # no stubs or py.typed
import pytest

from pytest_core_verify._core.lanes import REPLAY_MODES
from pytest_core_verify._core.sealed import PUBLIC, SEALED, source_type_name
from pytest_core_verify.cli import main as core_verify
from tests.helpers import MakeLane

NAMES_FROM_THE_CASE = """
from pytest_core_verify import metric


class LaneError(Exception):
    pass


def run(case, workdir):
    if case["how"] == "raise":
        made = type("E_" + case["secret"], (LaneError,), {})
        raise made("x")
    if case["how"] == "static":
        raise LaneError("x")
    return {"n": 1}


@metric
def odd(case, result):
    if case["how"] == "metric_raise":
        raise type("M_" + case["secret"], (ValueError,), {})("x")
    if case["how"] == "metric_value":
        return type("V_" + case["secret"], (), {})()
    return 1
"""

HOWS = ["raise", "static", "metric_raise", "metric_value"]


def test_a_class_made_at_run_time_is_named_by_its_nearest_base_named_in_source() -> None:
    class Local(KeyError):
        pass

    made = type("Made", (Local,), {})
    assert source_type_name(ValueError) == "ValueError"
    assert source_type_name(PUBLIC.__class__) == "Disclosure"
    assert source_type_name(made) == "KeyError"  # Local is in a function's locals
    assert SEALED.type_name(made) == "KeyError"
    assert PUBLIC.type_name(made) == "Made"


def _seal_cases(root: Path, canary: str) -> Path:
    identity = pyrage.x25519.Identity.generate()
    key = root / "keys" / "holdout.key"
    key.parent.mkdir()
    key.write_text(f"{identity}\n", encoding="utf-8")
    (root / "holdouts").mkdir()
    (root / "holdouts" / "recipients.txt").write_text(f"{identity.to_public()}\n", "utf-8")
    plain = root / "holdouts" / "named" / "v1" / "cases.jsonl"
    plain.parent.mkdir(parents=True)
    lines = [json.dumps({"id": f"h-{how}", "how": how, "secret": canary}) for how in HOWS]
    plain.write_text("\n".join(lines) + "\n", encoding="utf-8")
    with pytest.MonkeyPatch.context() as mp:
        mp.chdir(root)
        assert core_verify(["seal", "holdouts/named/v1/cases.jsonl"]) == 0
    plain.unlink()
    return key


@pytest.mark.parametrize("xdist", [False, True], ids=["serial", "xdist"])
@pytest.mark.parametrize("mode", REPLAY_MODES)
def test_a_sealed_case_never_shows_a_class_name_made_of_its_content(
    pytester: pytest.Pytester,
    make_lane: MakeLane,
    monkeypatch: pytest.MonkeyPatch,
    mode: str,
    xdist: bool,
) -> None:
    canary = f"CANARY{secrets.token_hex(8)}"
    make_lane("named", code=NAMES_FROM_THE_CASE, dev=[{"id": "d", "how": "ok", "secret": ""}])
    key = _seal_cases(pytester.path, canary)
    monkeypatch.setenv("CORE_VERIFY_HOLDOUT_KEY", str(key))
    workers = ["-n", "2"] if xdist else ["-p", "no:xdist"]
    result = pytester.runpytest_subprocess(
        "--split",
        "all",
        "--snapshot-update",
        "--replay",
        mode,
        "-rA",
        "-vv",
        *workers,
        f"--results={pytester.path / 'results'}",
        f"--basetemp={pytester.path / 'tmp'}",
        timeout=120,
    )
    output = result.stdout.str() + result.stderr.str()
    assert canary not in output
    for dirpath, _, filenames in os.walk(pytester.path):
        for name in filenames:
            assert canary.encode() not in Path(dirpath, name).read_bytes(), name
    # What can be said is still said: the nearest class named in source.
    result.stdout.fnmatch_lines_random(
        [
            "*h-raise*run() raised LaneError*",
            "*h-static*run() raised LaneError*",
            "*h-metric_raise*metric 'odd' raised ValueError*",
            "*h-metric_value*metric 'odd'*returned a object*",
        ]
    )


def test_a_sealed_file_that_fails_to_collect_names_no_class_made_of_its_content(
    pytester: pytest.Pytester, make_lane: MakeLane, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Collection runs in this process (runpytest inline), so the parser can be made to
    # raise a class named after the file's content, as lane code run there could.
    from pytest_core_verify._plugin import items

    canary = f"CANARY{secrets.token_hex(8)}"
    make_lane("named", code=NAMES_FROM_THE_CASE, dev=[{"id": "d", "how": "ok", "secret": ""}])
    key = _seal_cases(pytester.path, canary)
    monkeypatch.setenv("CORE_VERIFY_HOLDOUT_KEY", str(key))
    real = items.parse_cases

    def parse_or_raise(data: bytes, **kwargs: object) -> object:
        if canary.encode() in data:
            raise type("E_" + canary, (KeyError,), {})("x")
        return real(data, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(items, "parse_cases", parse_or_raise)
    result = pytester.runpytest("--split", "all", "-p", "no:xdist", "-rA", "--snapshot-update")
    output = result.stdout.str() + result.stderr.str()
    assert canary not in output
    result.stdout.fnmatch_lines(["*sealed file could not be collected (KeyError;*"])
