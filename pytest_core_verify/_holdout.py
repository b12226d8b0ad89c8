"""Sealed held-out cases: age (X25519) through pyrage (pure: no pytest import).

The plaintext of a sealed file only ever exists in memory.
"""

from __future__ import annotations

import os
from pathlib import Path

import pyrage

from pytest_core_verify._atomic import atomic_write_bytes

__all__ = [
    "KEY_ENV",
    "SEALED_SUFFIX",
    "HoldoutError",
    "load_identities",
    "load_recipients",
    "seal_file",
    "unseal_bytes",
]

KEY_ENV = "CORE_VERIFY_HOLDOUT_KEY"
SEALED_SUFFIX = ".age"


class HoldoutError(Exception):
    """A key, recipient list or sealed file that cannot be used; says how to fix it."""


def load_identities(key_path: str | None = None) -> list[pyrage.x25519.Identity] | None:
    """The identities in the file named by ``CORE_VERIFY_HOLDOUT_KEY``; ``None`` if unset."""
    key_path = key_path if key_path is not None else os.environ.get(KEY_ENV)
    if not key_path:
        return None
    path = Path(key_path)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise HoldoutError(
            f"{KEY_ENV}={key_path}: cannot read the identity file ({exc.strerror}); point it "
            "at an age identity file (AGE-SECRET-KEY-1...)"
        ) from None
    identities = []
    for number, line in enumerate(text.splitlines(), start=1):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        try:
            identities.append(pyrage.x25519.Identity.from_str(line))
        except pyrage.IdentityError:
            raise HoldoutError(
                f"{KEY_ENV}={key_path}:{number}: not an age X25519 identity; the file must "
                "hold AGE-SECRET-KEY-1... lines (and # comments)"
            ) from None
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
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise HoldoutError(
            f"{path}: cannot read the recipients list ({exc.strerror}); list one age "
            "recipient (age1...) per line"
        ) from None
    recipients = []
    for number, line in enumerate(text.splitlines(), start=1):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        try:
            recipients.append(pyrage.x25519.Recipient.from_str(line))
        except pyrage.RecipientError:
            raise HoldoutError(
                f"{path}:{number}: {line!r} is not an age recipient (age1...)"
            ) from None
    if not recipients:
        raise HoldoutError(f"{path}: no recipients listed; add at least one age1... line")
    return recipients


def seal_file(plaintext_path: Path, recipients_path: Path, *, force: bool = False) -> Path:
    """Write ``FILE.age`` beside ``FILE``, sealed to every listed recipient."""
    target = plaintext_path.with_name(plaintext_path.name + SEALED_SUFFIX)
    if target.exists() and not force:
        raise HoldoutError(f"{target} exists; pass --force to overwrite it")
    recipients = load_recipients(recipients_path)
    try:
        plaintext = plaintext_path.read_bytes()
    except OSError as exc:
        raise HoldoutError(f"{plaintext_path}: cannot read ({exc.strerror})") from None
    atomic_write_bytes(target, bytes(pyrage.encrypt(plaintext, recipients)))
    return target
