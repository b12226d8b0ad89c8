"""``core-verify decide``: formulas, English, problem files; exit codes 0 / 3 / 2 / 1."""

from __future__ import annotations

import io
import json
import pathlib
import subprocess
import sys
from typing import Any

import pytest

from pytest_core_verify.cli import main


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, Any, str]:
    code = main(["decide", *argv])
    captured = capsys.readouterr()
    return code, json.loads(captured.out) if captured.out else None, captured.err


def test_formulas(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["-p", "a | b", "-p", "~a", "-q", "b", "--check"], capsys)
    assert code == 0
    assert out["outcome"] == "entailed"
    assert out["certificate"]["kind"] == "drat"
    assert out["certificate_check"] == "valid"
    code, out, _ = run(["-q", "a"], capsys)
    assert (code, out["outcome"]) == (0, "unknown")
    code, out, _ = run(["-p", "a", "-q", "~a"], capsys)
    assert (code, out["outcome"]) == (0, "refuted")


def test_english(capsys: pytest.CaptureFixture[str]) -> None:
    argv = [
        "--english",
        "-p",
        "Socrates is a man.",
        "-p",
        "A man is mortal.",
        "-q",
        "socrates is mortal",
    ]
    code, out, _ = run(argv, capsys)
    assert (code, out["outcome"]) == (0, "entailed")
    code, out, _ = run(["--english", "-p", "dawn precedes noon", "-q", "dawn is noon"], capsys)
    assert (code, out["outcome"], out["refusal"]["kind"]) == (3, "refused", "out_of_regime")


def test_refusals_exit_3(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["-p", "a", "-p", "~a", "-q", "b"], capsys)
    assert (code, out["refusal"]["kind"]) == (3, "inconsistent")
    code, out, _ = run(["-p", "a &", "-q", "b"], capsys)
    assert code == 3
    assert out["refusal"] == {
        "kind": "malformed",
        "where": "premise 1",
        "position": 4,
        "reason": "missing operand: expected an atom, a constant, 'not' or '(' but found the end of the formula",
    }


def test_problem_files(tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]) -> None:
    case = {
        "id": "x",
        "gold": "entailed",
        "entities": ["socrates"],
        "facts": [{"entity": "socrates", "predicate": "man", "polarity": "positive"}],
        "rules": [
            {"if": [{"var": "x", "predicate": "man"}], "then": {"var": "x", "predicate": "mortal"}}
        ],
        "query": {"entity": "socrates", "predicate": "mortal"},
    }
    path = tmp_path / "case.json"
    path.write_text(json.dumps(case), encoding="utf-8")
    code, out, _ = run(["--problem", str(path), "--compact"], capsys)
    assert (code, out["outcome"]) == (0, "entailed")
    path.write_text(json.dumps({"premises": ["a is b"], "query": "a is b", "language": "english"}))
    code, out, _ = run(["--problem", str(path)], capsys)
    assert code == 3  # "a" alone is an article: the reader refuses it
    path.write_text(json.dumps({"premises": ["x is y"], "query": "x is y", "language": "english"}))
    assert run(["--problem", str(path)], capsys)[:2][0] == 0


def test_problem_from_stdin(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO('{"premises": ["a -> b", "a"], "query": "b"}'))
    code, out, _ = run(["--problem", "-"], capsys)
    assert (code, out["outcome"]) == (0, "entailed")


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["-p", "a"], "give the query"),
        (["--problem", "missing.json"], "cannot read problem file missing.json"),
        (["--problem", "BAD", "-q", "a"], "either --problem or -p/-q"),
    ],
)
def test_usage_errors_exit_2(
    argv: list[str], words: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run(argv, capsys)
    assert code == 2
    assert out is None
    assert words in err


def test_bad_problem_files_exit_2(
    tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "p.json"
    for text, words in [
        ("{", "p.json:1:2: not valid JSON"),
        ("[1]", "must hold one JSON object"),
        ('{"premises": []}', "expected keys"),
        ('{"premises": [], "query": "a", "language": "klingon"}', "language must be"),
    ]:
        path.write_text(text, encoding="utf-8")
        code, _, err = run(["--problem", str(path)], capsys)
        assert code == 2, text
        assert words in err, (text, err)


def test_installed_command() -> None:
    proc = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest_core_verify.cli",
            "decide",
            "-p",
            "p -> q",
            "-p",
            "~q",
            "-q",
            "~p",
            "--compact",
        ],
        capture_output=True,
        text=True,
        check=False,
    )
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout)["outcome"] == "entailed"
    assert "\n" not in proc.stdout.strip()
