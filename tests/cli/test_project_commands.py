"""``core-verify lanes`` finds the project as pytest does; ``--version``; ``init LANE``."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from pytest_core_verify import __version__, cli

LANE_PY = "def run(case, workdir):\n    return {}\n"


def _lane(root: Path, name: str, *, cases: int = 1) -> Path:
    directory = root / name
    (directory / "dev").mkdir(parents=True)
    (directory / "lane.py").write_text(LANE_PY, encoding="utf-8")
    lines = "".join(json.dumps({"id": f"c{i}"}) + "\n" for i in range(cases))
    (directory / "dev" / "cases.jsonl").write_text(lines, encoding="utf-8")
    return directory


def _lanes_json(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, dict[str, object]]:
    status = cli.main(["lanes", "--json", *args])
    out = capsys.readouterr().out
    return status, json.loads(out)


@pytest.mark.parametrize(
    ("name", "text"),
    [
        ("pytest.ini", "[pytest]\ncore_verify_lanes = evals\n"),
        ("pyproject.toml", '[tool.pytest.ini_options]\ncore_verify_lanes = "evals"\n'),
        ("tox.ini", "[pytest]\ncore_verify_lanes = evals\n"),
        ("setup.cfg", "[tool:pytest]\ncore_verify_lanes = evals\n"),
    ],
)
def test_lanes_reads_the_ini_key_from_any_pytest_config_upwards(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    name: str,
    text: str,
) -> None:
    (tmp_path / name).write_text(text, encoding="utf-8")
    _lane(tmp_path / "evals", "alpha")
    (tmp_path / "tests" / "deep").mkdir(parents=True)
    monkeypatch.chdir(tmp_path / "tests" / "deep")
    status, inventory = _lanes_json(capsys)
    assert status == 0
    assert inventory["names"] == inventory["runnable"] == ["alpha"]


def test_lanes_from_a_subdirectory_and_its_text_names_the_rootdir(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "pytest.ini").write_text("[pytest]\n", encoding="utf-8")
    _lane(tmp_path / "lanes", "alpha", cases=2)
    (tmp_path / "tests").mkdir()
    monkeypatch.chdir(tmp_path / "tests")
    assert cli.main(["lanes"]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[:3] == [
        f"lanes under lanes/ (rootdir: {tmp_path}, configfile: pytest.ini)",
        "alpha",
        "  dev: 2 cases",
    ]


def test_lanes_c_and_rootdir_override_as_in_pytest(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    project = tmp_path / "project"
    project.mkdir()
    (project / "ci.ini").write_text("[pytest]\ncore_verify_lanes = evals\n", encoding="utf-8")
    _lane(project / "evals", "beta")
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)
    status, inventory = _lanes_json(capsys, "-c", "../project/ci.ini")
    assert (status, inventory["names"]) == (0, ["beta"])
    _lane(tmp_path / "other" / "lanes", "gamma")
    status, inventory = _lanes_json(capsys, "--rootdir", str(tmp_path / "other"))
    assert (status, inventory["names"]) == (0, ["gamma"])


def test_lanes_exits_non_zero_when_it_finds_none(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "pytest.ini").write_text("[pytest]\ncore_verify_lanes = evals\n")
    (tmp_path / "lanes" / "x").mkdir(parents=True)  # not the configured directory
    monkeypatch.chdir(tmp_path)
    assert cli.main(["lanes"]) == 1
    err = capsys.readouterr().err
    assert f"no lanes under {tmp_path / 'evals'} (rootdir: {tmp_path}" in err
    assert "core-verify init NAME" in err
    status, inventory = _lanes_json(capsys)
    assert (status, inventory["names"]) == (1, [])


def test_an_empty_lane_is_listed_as_empty_and_not_runnable(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "pytest.ini").write_text("[pytest]\n")
    _lane(tmp_path / "lanes", "full")
    (tmp_path / "lanes" / "empty").mkdir()
    (tmp_path / "lanes" / "empty" / "lane.py").write_text(LANE_PY)
    monkeypatch.chdir(tmp_path)
    status, inventory = _lanes_json(capsys)
    assert status == 0
    assert inventory["names"] == ["empty", "full"]
    assert inventory["runnable"] == ["full"]
    assert cli.main(["lanes"]) == 0
    assert "  no dev or public cases yet: empty, not run" in capsys.readouterr().out


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        cli.main(["--version"])
    assert exit_info.value.code == 0
    assert capsys.readouterr().out.strip() == f"core-verify {__version__} (pytest-core-verify)"
    run = subprocess.run(
        [sys.executable, "-m", "pytest_core_verify.cli", "--version"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert (run.returncode, run.stdout.strip()) == (
        0,
        f"core-verify {__version__} (pytest-core-verify)",
    )


# -- init --------------------------------------------------------------------------------


def test_init_scaffolds_a_lane_that_runs_at_once(
    pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    pytester.makeini("[pytest]\ncore_verify_lanes = evals\n")
    (pytester.path / "tests").mkdir()
    monkeypatch.chdir(pytester.path / "tests")
    assert cli.main(["init", "wordcount"]) == 0
    out = capsys.readouterr().out
    lane = pytester.path / "evals" / "wordcount"
    assert sorted(p.relative_to(lane).as_posix() for p in lane.rglob("*") if p.is_file()) == [
        "case.schema.json",
        "contract.md",
        "dev/cases.jsonl",
        "lane.py",
    ]
    assert "pytest --lane wordcount --snapshot-update" in out
    monkeypatch.chdir(pytester.path)
    # The case and the lane's gate; then the same against the new pin.
    pytester.runpytest("--lane", "wordcount", "--snapshot-update").assert_outcomes(passed=2)
    result = pytester.runpytest("--lane", "wordcount")
    result.assert_outcomes(passed=2)
    result.stdout.fnmatch_lines(["wordcount/dev: 1 case(s)", "  exact * 1.0000  >= 1 * PASS"])
    assert (pytester.path / "snapshots" / "wordcount" / "dev" / "example-1.json").is_file()


@pytest.mark.parametrize("name", ["has-dash", "1st", "a.b", ""])
def test_init_refuses_a_bad_name(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], name: str
) -> None:
    monkeypatch.chdir(tmp_path)
    assert cli.main(["init", name]) == 2
    assert "is not a lane name" in capsys.readouterr().err
    assert not (tmp_path / "lanes").exists()


def test_init_refuses_an_existing_lane(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    assert cli.main(["init", "mine"]) == 0
    (tmp_path / "lanes" / "mine" / "lane.py").write_text("# edited\n")
    assert cli.main(["init", "mine"]) == 2
    assert "already exists" in capsys.readouterr().err
    assert (tmp_path / "lanes" / "mine" / "lane.py").read_text() == "# edited\n"


@pytest.mark.parametrize(
    ("ini_name", "ini_text", "note"),
    [
        ("pyproject.toml", '[tool.pytest.ini_options]\ntestpaths = ["tests"]\n', True),
        ("pyproject.toml", '[tool.pytest.ini_options]\ntestpaths = ["tests", "lanes"]\n', False),
        ("pytest.ini", "[pytest]\ntestpaths = tests\n", True),
        ("pytest.ini", "[pytest]\ntestpaths = tests la*\n", False),
        ("pytest.ini", "[pytest]\n", False),
    ],
    ids=["toml-without", "toml-with", "ini-without", "ini-glob", "no-testpaths"],
)
def test_init_says_when_testpaths_would_leave_the_lane_out(
    pytester: pytest.Pytester,
    capsys: pytest.CaptureFixture[str],
    ini_name: str,
    ini_text: str,
    note: bool,
) -> None:
    (pytester.path / ini_name).write_text(ini_text, encoding="utf-8")
    (pytester.path / "lanes").mkdir()
    pytester.makepyfile(**{"tests/test_app": "def test_ok():\n    pass\n"})
    assert cli.main(["init", "wordcount"]) == 0
    out = capsys.readouterr().out
    expected = (
        f"note: testpaths in {ini_name} (tests) does not include lanes/wordcount, so "
        "pytest run from the rootdir will not collect it; add lanes to testpaths"
    )
    assert (expected in out) is note
    # The note is right: pytest itself refuses --lane exactly when it is printed.
    result = pytester.runpytest("--lane", "wordcount", "--snapshot-update", "-p", "no:xdist")
    assert (result.ret == pytest.ExitCode.USAGE_ERROR) is note
