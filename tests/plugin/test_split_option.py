"""--split dev|public|holdout|all: which splits run; default dev and public."""

from __future__ import annotations

import pytest

from tests.helpers import MakeLane

CASE = {"id": "a", "x": 1, "expect": 2}


@pytest.fixture
def split_lane(pytester: pytest.Pytester, make_lane: MakeLane) -> pytest.Pytester:
    make_lane(
        dev=[CASE | {"id": "d"}], public={"v1": [CASE | {"id": "p1"}], "v2": [CASE | {"id": "p2"}]}
    )
    sealed = pytester.path / "holdouts" / "demo" / "v1" / "cases.jsonl.age"
    sealed.parent.mkdir(parents=True)
    sealed.write_bytes(b"not opened without a key")
    return pytester


def _ids(result: pytest.RunResult) -> list[str]:
    return [line.rsplit("::", 1)[1] for line in result.stdout.lines if "::" in line]


@pytest.mark.parametrize(
    ("args", "expected"),
    [
        ((), ["d", "p1", "p2"]),
        (("--split", "dev"), ["d"]),
        (("--split", "public"), ["p1", "p2"]),
        (("--split", "holdout"), ["sealed"]),
        (("--split", "dev,holdout"), ["d", "sealed"]),
        (("--split", "all"), ["d", "p1", "p2", "sealed"]),
    ],
)
def test_split_selects(
    split_lane: pytest.Pytester, args: tuple[str, ...], expected: list[str]
) -> None:
    result = split_lane.runpytest("--collect-only", "-q", *args)
    assert sorted(_ids(result)) == expected


def test_holdout_without_key_is_skipped_not_failed(
    split_lane: pytest.Pytester, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("CORE_VERIFY_HOLDOUT_KEY", raising=False)
    result = split_lane.runpytest("--split", "holdout", "-rs")
    result.assert_outcomes(skipped=1)
    assert result.ret == pytest.ExitCode.OK
    result.stdout.fnmatch_lines(["*sealed: set CORE_VERIFY_HOLDOUT_KEY to run*"])


def test_unknown_split_is_a_usage_error(split_lane: pytest.Pytester) -> None:
    result = split_lane.runpytest("--split", "train")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines(
        ["*--split train: not a split; use one of dev, public, holdout, all*"]
    )


def test_a_split_value_that_names_nothing_is_a_usage_error(split_lane: pytest.Pytester) -> None:
    result = split_lane.runpytest("--split=")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines(["ERROR: --split '': names no split; give one (--split SPLIT)*"])
