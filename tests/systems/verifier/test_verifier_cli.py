"""``core-verify demo`` and ``core-verify verify`` through the verifier's own register()."""

from __future__ import annotations

import argparse
import io
import json
import pathlib
import shutil
import subprocess
import sys

import pytest

from pytest_core_verify.systems.verifier import cli

ROOT = pathlib.Path(__file__).resolve().parents[3]
S1 = (
    "Sara has 32 dollars. Sara earns 15 dollars. She uses 21 dollars. "
    "How many dollars does Sara have left?"
)
S3 = (
    "Each large bus holds 50 students and each small bus holds 30 students. "
    "The buses carry 260 students in total. How many large buses are there?"
)


def parse(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="core-verify")
    cli.register(parser.add_subparsers(dest="command", required=True))
    return parser.parse_args(argv)


def run(argv: list[str]) -> int:
    args = parse(argv)
    return int(args.func(args))


def test_demo_in_repo_prints_five_pass_lines(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(ROOT)
    assert run(["demo"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert [line.split()[:2] for line in lines[:5]] == [["PASS", f"s{i}"] for i in range(1, 6)]
    assert "lanes/scenarios/public/v1/cases.jsonl" in lines[-1]


def test_demo_outside_repo_uses_packaged_copy(
    tmp_path: pathlib.Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    out = tmp_path / "out"
    assert run(["demo", "--json", "--out", str(out)]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["source"] == "packaged scenarios.json" and report["passed"] is True
    assert [s["id"] for s in report["scenarios"]] == ["s1", "s2", "s3", "s4", "s5"]
    assert all(s["replay_identical"] and s["pin_holds"] for s in report["scenarios"])
    # Both runs kept; the ask leg's artifact is in each.
    assert len(list((out / "run-1" / "s3" / "questions").glob("*.json"))) == 1
    assert (out / "run-2" / "s1.response.json").is_file()


def test_demo_fails_when_a_status_does_not_hold(
    tmp_path: pathlib.Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    lane = tmp_path / "lanes/scenarios/public/v1"
    lane.mkdir(parents=True)
    case = json.loads((ROOT / "lanes/scenarios/public/v1/cases.jsonl").read_text().splitlines()[0])
    case["expected_status"] = "refused"
    (lane / "cases.jsonl").write_text(json.dumps(case) + "\n")
    monkeypatch.chdir(tmp_path)
    assert run(["demo"]) == 1
    assert capsys.readouterr().out.startswith("FAIL s1")


def test_verify_file_and_exit_codes(
    tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]
) -> None:
    p = tmp_path / "p.json"
    p.write_text(json.dumps({"problem_text": S1, "request_id": "cli-1"}))
    assert run(["verify", str(p), "--workdir", str(tmp_path)]) == 0
    assert json.loads(capsys.readouterr().out)["answer"] == 26
    p.write_text(
        json.dumps(
            {
                "name": "core.semantic_derivation.verify",
                "arguments": {"problem_text": S3, "request_id": "x"},
            }
        )
    )
    assert run(["verify", str(p), "--workdir", str(tmp_path)]) == 3
    assert json.loads(capsys.readouterr().out)["status"] == "ask"
    assert run(["verify", str(p), "--workdir", str(tmp_path), "--no-ask"]) == 1
    capsys.readouterr()
    p.write_text(json.dumps({"problem_text": S1, "request_id": "x", "answer": 26}))
    assert run(["verify", str(p)]) == 4


def test_verify_stdin_and_unreadable(
    tmp_path: pathlib.Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(
        sys, "stdin", io.StringIO(json.dumps({"problem_text": S1, "request_id": "x"}))
    )
    assert run(["verify", "-", "--workdir", str(tmp_path)]) == 0
    capsys.readouterr()
    assert run(["verify", str(tmp_path / "missing.json")]) == 2
    assert "cannot read a JSON payload" in capsys.readouterr().err
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    assert run(["verify", str(bad)]) == 2


def test_verify_help_documents_exit_codes(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        parse(["verify", "--help"])
    assert "0 verified, 1 refused, 3 ask, 4 invalid" in " ".join(capsys.readouterr().out.split())


@pytest.mark.skipif(
    shutil.which("core-verify") is None
    and not (pathlib.Path(sys.executable).parent / "core-verify").exists(),
    reason="console script not installed",
)
def test_core_verify_demo_subprocess() -> None:
    exe = pathlib.Path(sys.executable).parent / "core-verify"
    proc = subprocess.run([str(exe), "demo"], cwd=ROOT, capture_output=True, text=True, timeout=120)
    if proc.returncode != 0 and "invalid choice: 'demo'" in proc.stderr:
        pytest.skip("core-verify does not dispatch to the verifier yet")
    assert proc.returncode == 0, proc.stderr
    assert sum(line.startswith("PASS ") for line in proc.stdout.splitlines()) == 5


def test_verify_writes_no_question_into_the_current_directory_by_default(
    tmp_path: pathlib.Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    payload = tmp_path / "ask.json"
    payload.write_text(
        json.dumps(
            {
                "problem_text": "Each large bus holds 50 students and each small bus holds 30 "
                "students. The buses carry 260 students in total. How many large buses are there?",
                "request_id": "q",
            }
        ),
        encoding="utf-8",
    )
    assert run(["verify", str(payload)]) == 3
    response = json.loads(capsys.readouterr().out)
    assert response["question"]["text"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["ask.json"]
    assert run(["verify", str(payload), "--ask-dir", str(tmp_path / "asked")]) == 3
    assert (tmp_path / "asked" / response["question"]["artifact"]).is_file()
