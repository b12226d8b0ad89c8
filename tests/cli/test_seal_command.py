"""``core-verify seal FILE``: seals beside the file, never overwrites silently, no unseal."""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path

import pyrage
import pytest

from pytest_core_verify.cli import build_parser, main

CASES = b'{"id": "h-1", "x": 1}\n{"id": "h-2", "x": 2}\n'


@pytest.fixture
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A cwd with holdouts/recipients.txt (two recipients) and one plaintext cases file."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "holdouts").mkdir()
    (tmp_path / "holdouts" / "lane" / "v1").mkdir(parents=True)
    (tmp_path / "holdouts" / "lane" / "v1" / "cases.jsonl").write_bytes(CASES)
    return tmp_path


def _identities(project: Path, count: int = 2) -> list[pyrage.x25519.Identity]:
    identities = [pyrage.x25519.Identity.generate() for _ in range(count)]
    lines = ["# who may open the holdouts", ""] + [str(i.to_public()) for i in identities]
    (project / "holdouts" / "recipients.txt").write_text("\n".join(lines) + "\n")
    return identities


PLAIN = Path("holdouts/lane/v1/cases.jsonl")
SEALED = Path("holdouts/lane/v1/cases.jsonl.age")


def test_seal_writes_file_age_beside_it_for_every_recipient(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    identities = _identities(project)
    assert main(["seal", str(PLAIN)]) == 0  # --recipients defaults to holdouts/recipients.txt
    out = capsys.readouterr().out
    assert f"sealed {PLAIN} -> {SEALED}" in out
    assert "delete it" in out  # the plaintext stays until the user deletes it
    sealed = SEALED.read_bytes()
    assert sealed.startswith(b"age-encryption.org/v1\n")
    assert b"h-1" not in sealed
    for identity in identities:  # each recipient alone can open it
        assert pyrage.decrypt(sealed, [identity]) == CASES
    assert PLAIN.read_bytes() == CASES


def test_seal_refuses_to_overwrite_without_force(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (identity,) = _identities(project, count=1)
    assert main(["seal", str(PLAIN)]) == 0
    first = SEALED.read_bytes()
    PLAIN.write_bytes(CASES + b'{"id": "h-3"}\n')
    capsys.readouterr()
    assert main(["seal", str(PLAIN)]) == 2
    assert capsys.readouterr().err == (
        f"core-verify seal: {SEALED} exists; pass --force to overwrite it\n"
    )
    assert SEALED.read_bytes() == first
    assert main(["seal", str(PLAIN), "--force"]) == 0
    assert pyrage.decrypt(SEALED.read_bytes(), [identity]) == PLAIN.read_bytes()


@pytest.mark.parametrize(
    ("content", "expected"),
    [
        (
            "# ok\nage1qqqq\n",
            "{}:2: 'age1qqqq' is not an age X25519 recipient (age1...)",
        ),
        (
            "# a secret pasted by mistake\n{secret}\n",
            "{}:2: this is an age identity (a secret key), not a recipient; list its public "
            "key (age-keygen -y KEYFILE) and keep the secret out of the repository",
        ),
        ("# nobody\n\n", "{}: no recipients listed; add at least one age1... line"),
        (None, "{}: cannot read the recipients list (No such file or directory); *"),
    ],
    ids=["not-a-recipient", "a-secret-key", "empty", "missing"],
)
def test_a_bad_recipients_file_is_an_error_with_file_and_line(
    project: Path, capsys: pytest.CaptureFixture[str], content: str | None, expected: str
) -> None:
    recipients = project / "holdouts" / "recipients.txt"
    secret = str(pyrage.x25519.Identity.generate())
    if content is not None:
        recipients.write_text(content.format(secret=secret))
    assert main(["seal", str(PLAIN)]) == 2
    err = capsys.readouterr().err
    message = "core-verify seal: " + expected.format("holdouts/recipients.txt")
    assert err.rstrip("\n") == message or (
        message.endswith("*") and err.startswith(message[:-1])
    ), err
    assert secret not in err  # a pasted secret key is never echoed
    assert not SEALED.exists()


def test_seal_takes_a_recipients_path(project: Path) -> None:
    identity = pyrage.x25519.Identity.generate()
    (project / "team.txt").write_text(f"{identity.to_public()}\n")
    assert main(["seal", str(PLAIN), "--recipients", "team.txt"]) == 0
    assert pyrage.decrypt(SEALED.read_bytes(), [identity]) == CASES


@pytest.mark.parametrize(
    ("plaintext", "expected"),
    [
        (
            CASES + b'{"id": "h-3"\n{"x": 1}\n',
            [
                f"core-verify seal: {PLAIN}:3: invalid JSON: *",
                f'{PLAIN}:4: the case has no "id"; *',
                "nothing was sealed; fix these lines first",
            ],
        ),
        (b"\n\n", [f"core-verify seal: {PLAIN}: no cases to seal"]),
        (
            b"age-encryption.org/v1\n-> X25519 abc\n",
            [f"core-verify seal: {PLAIN}: already sealed (an age file); seal the plaintext"],
        ),
    ],
    ids=["bad-lines", "empty", "already-sealed"],
)
def test_seal_refuses_what_would_not_run(
    project: Path, capsys: pytest.CaptureFixture[str], plaintext: bytes, expected: list[str]
) -> None:
    _identities(project, count=1)
    PLAIN.write_bytes(plaintext)
    assert main(["seal", str(PLAIN)]) == 2
    lines = capsys.readouterr().err.splitlines()
    assert len(lines) == len(expected)
    for line, pattern in zip(lines, expected, strict=True):
        assert line == pattern or (pattern.endswith("*") and line.startswith(pattern[:-1]))
    assert not SEALED.exists()


def test_a_missing_plaintext_is_an_error(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _identities(project, count=1)
    assert main(["seal", "holdouts/lane/v2/cases.jsonl"]) == 2
    assert capsys.readouterr().err == (
        "core-verify seal: holdouts/lane/v2/cases.jsonl: cannot read (No such file or directory)\n"
    )


def test_there_is_no_unseal_command(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (subcommands,) = [
        a for a in build_parser()._actions if isinstance(a, argparse._SubParsersAction)
    ]
    commands = subcommands.choices
    assert "seal" in commands
    assert not [name for name in commands if "unseal" in name or "decrypt" in name]
    # As a user would meet it: the command rejects it (exit 2, usage).
    completed = subprocess.run(
        [sys.executable, "-m", "pytest_core_verify.cli", "unseal", str(SEALED)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert completed.returncode == 2
    assert "invalid choice: 'unseal'" in completed.stderr
    with pytest.raises(SystemExit) as exited:
        main(["seal", "--unseal", str(PLAIN)])
    assert exited.value.code == 2
    assert "unrecognized arguments: --unseal" in capsys.readouterr().err
    assert not SEALED.exists()
    assert json.loads(PLAIN.read_text().splitlines()[0])["id"] == "h-1"
