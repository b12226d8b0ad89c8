"""Sealed held-out cases: age (X25519) through pyrage (pure: no pytest import).

The plaintext of a sealed file only ever exists in memory.
"""

from __future__ import annotations

import contextlib
import io
import logging
import os
import sys
import threading
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pyrage  # type: ignore[import-untyped]  # no stubs or py.typed

from pytest_core_verify._core.atomic import atomic_write_bytes
from pytest_core_verify._core.cases import parse_cases
from pytest_core_verify._core.sealed import WITHHELD

__all__ = [
    "KEY_ENV",
    "SEALED_SUFFIX",
    "HoldoutError",
    "load_identities",
    "load_recipients",
    "scrub_report",
    "seal_file",
    "silenced",
    "unseal_bytes",
]

KEY_ENV = "CORE_VERIFY_HOLDOUT_KEY"
SEALED_SUFFIX = ".age"
_AGE_HEADER = b"age-encryption.org/"


class HoldoutError(Exception):
    """A key, recipient list or sealed file that cannot be used; says how to fix it."""


def _key_lines(text: str) -> Iterator[tuple[int, str]]:
    """The numbered lines of an age key or recipients file, less blanks and # comments."""
    for number, line in enumerate(text.splitlines(), start=1):
        line = line.strip()
        if line and not line.startswith("#"):
            yield number, line


def _read_key_text(path: Path, where: str, what: str, fix: str) -> str:
    """The text of a key or recipients file; any failure is a ``HoldoutError`` that names
    the file and never quotes a byte of it.

    Nothing raised here may carry the file's content: a ``UnicodeDecodeError`` holds the
    bytes it failed on (and a traceback of this frame would show them as locals), so
    every error is built after the exception and its frame are gone.
    """
    problem: str | None = None
    text = ""
    try:
        raw = path.read_bytes()
    except OSError as exc:
        problem = f"cannot read {what} ({exc.strerror or type(exc).__name__})"
    else:
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError as exc:
            line = raw.count(b"\n", 0, exc.start) + 1
            problem = f"line {line} is not UTF-8 (byte {exc.start}); save {what} as UTF-8 text"
        del raw
    if problem is not None:
        raise HoldoutError(f"{where}: {problem}; {fix}")
    return text


def load_identities(key_path: str | None = None) -> list[pyrage.x25519.Identity] | None:
    """The identities in the file named by ``CORE_VERIFY_HOLDOUT_KEY``; ``None`` if unset."""
    key_path = key_path if key_path is not None else os.environ.get(KEY_ENV)
    if not key_path:
        return None
    text = _read_key_text(
        Path(key_path),
        f"{KEY_ENV}={key_path}",
        "the identity file",
        "point it at an age identity file (AGE-SECRET-KEY-1...)",
    )
    identities = []
    bad_line: int | None = None
    for number, line in _key_lines(text):
        try:
            identities.append(pyrage.x25519.Identity.from_str(line))
        except Exception:  # pyrage.IdentityError, or anything odd: never with the line
            bad_line = number
            break
    del text
    if bad_line is not None:
        raise HoldoutError(
            f"{KEY_ENV}={key_path}:{bad_line}: not an age X25519 identity; the file must "
            "hold AGE-SECRET-KEY-1... lines (and # comments)"
        )
    if not identities:
        raise HoldoutError(f"{KEY_ENV}={key_path}: the file holds no AGE-SECRET-KEY-1... line")
    return identities


def unseal_bytes(sealed: bytes, identities: list[pyrage.x25519.Identity], *, source: str) -> bytes:
    """Decrypt in memory. A wrong key or a corrupt file is an error: never a fallback."""
    try:
        return bytes(pyrage.decrypt(sealed, identities))
    except pyrage.DecryptError as exc:
        reason = str(exc)
        if "No matching keys" in reason:
            raise HoldoutError(
                f"{source}: {KEY_ENV} holds no key this file is sealed to; use the identity "
                "that matches holdouts/recipients.txt"
            ) from None
        raise HoldoutError(
            f"{source}: not a readable age file ({reason}); restore it from version control"
        ) from None


def load_recipients(path: Path) -> list[pyrage.x25519.Recipient]:
    text = _read_key_text(
        path, str(path), "the recipients list", "list one age recipient (age1...) per line"
    )
    recipients = []
    for number, line in _key_lines(text):
        if line.upper().startswith("AGE-SECRET-KEY-"):
            # Never echo it: this message may land in a CI log.
            raise HoldoutError(
                f"{path}:{number}: this is an age identity (a secret key), not a recipient; "
                "list its public key (age-keygen -y KEYFILE) and keep the secret out of the "
                "repository"
            )
        try:
            recipients.append(pyrage.x25519.Recipient.from_str(line))
        except pyrage.RecipientError:
            shown = line if len(line) <= 80 else line[:77] + "..."
            raise HoldoutError(
                f"{path}:{number}: {shown!r} is not an age X25519 recipient (age1...)"
            ) from None
    if not recipients:
        raise HoldoutError(f"{path}: no recipients listed; add at least one age1... line")
    return recipients


def seal_file(plaintext_path: Path, recipients_path: Path, *, force: bool = False) -> Path:
    """Write ``FILE.age`` beside ``FILE``, sealed to every listed recipient.

    The plaintext is checked first (JSON objects with unique string ids, line by line):
    a broken case found only by whoever holds the key would be too late to fix.
    """
    target = plaintext_path.with_name(plaintext_path.name + SEALED_SUFFIX)
    if target.exists() and not force:
        raise HoldoutError(f"{target} exists; pass --force to overwrite it")
    recipients = load_recipients(recipients_path)
    try:
        plaintext = plaintext_path.read_bytes()
    except OSError as exc:
        raise HoldoutError(f"{plaintext_path}: cannot read ({exc.strerror})") from None
    if plaintext.startswith(_AGE_HEADER):
        raise HoldoutError(f"{plaintext_path}: already sealed (an age file); seal the plaintext")
    parsed = parse_cases(plaintext)
    if parsed.errors:
        problems = "\n".join(f"{plaintext_path}:{p.line}: {p.message}" for p in parsed.errors)
        raise HoldoutError(f"{problems}\nnothing was sealed; fix these lines first")
    if not parsed.cases:
        raise HoldoutError(f"{plaintext_path}: no cases to seal")
    atomic_write_bytes(target, bytes(pyrage.encrypt(plaintext, recipients)))
    return target


@contextlib.contextmanager
def silenced() -> Iterator[None]:
    """Run a sealed case with every output channel it could use shut.

    Whatever a sealed case prints, logs or warns may carry its content, and pytest
    would show it (``-s``, live logs, the warnings summary) or spool it to a temporary
    file (fd capture). So for the duration: ``sys.stdout``/``sys.stderr`` go to memory,
    file descriptors 1 and 2 (``os.write``, child processes) to the null device,
    logging is disabled, and warnings and exceptions that nobody can catch (in
    ``__del__``, in a thread) are dropped.
    """
    _flush_standard_streams()  # what was written before belongs where it was going
    saved = [os.dup(fd) for fd in (1, 2)]
    devnull = os.open(os.devnull, os.O_WRONLY)
    previous_disable = logging.root.manager.disable
    hooks = sys.unraisablehook, threading.excepthook
    sink = io.StringIO()
    try:
        os.dup2(devnull, 1)
        os.dup2(devnull, 2)
        logging.disable(logging.CRITICAL)
        # pytest turns these into warnings that quote the exception's message.
        sys.unraisablehook = threading.excepthook = _discard
        with (
            warnings.catch_warnings(),
            contextlib.redirect_stdout(sink),
            contextlib.redirect_stderr(sink),
        ):
            warnings.simplefilter("ignore")
            yield
    finally:
        # Text the case left in a buffer (sys.__stdout__.write) goes to the null device too.
        _flush_standard_streams()
        sys.unraisablehook, threading.excepthook = hooks
        logging.disable(previous_disable)
        for fd, copy in zip((1, 2), saved, strict=True):
            os.dup2(copy, fd)
            os.close(copy)
        os.close(devnull)


def _discard(_: Any) -> None:
    """An unraisable or thread exception of a sealed case: its message is content."""


def _flush_standard_streams() -> None:
    for stream in (sys.stdout, sys.stderr, sys.__stdout__, sys.__stderr__):
        if stream is not None:
            with contextlib.suppress(Exception):  # a closed or detached stream
                stream.flush()


def scrub_report(report: Any, case_id: str) -> None:
    """Strip what a sealed case's test report could carry of its content.

    Captured output and logs (``sections``) go; so does the reason the case gave to
    ``pytest.skip``/``pytest.xfail``, which pytest would print with ``-rs``/``-rx``
    and write to JUnit. Failures are already reduced by the item's ``repr_failure``.
    """
    report.sections = []
    if report.skipped and isinstance(report.longrepr, tuple) and len(report.longrepr) == 3:
        path, lineno, _ = report.longrepr
        report.longrepr = (path, lineno, f"Skipped: holdout case {case_id} ({WITHHELD})")
    if getattr(report, "wasxfail", None) is not None:
        report.wasxfail = f"holdout case {case_id} ({WITHHELD})"
