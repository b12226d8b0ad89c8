"""What the verifier's tests ask of a derivation, in one place."""

from __future__ import annotations

from typing import Any

from pytest_core_verify.systems.verifier import derive
from pytest_core_verify.systems.verifier._audit import audit_authority, audit_provenance


def decision(text: str) -> dict[str, Any]:
    """The pool's decision on ``text``, whose own trace must support it."""
    trace = derive(text)
    assert not audit_authority(trace) and not audit_provenance(trace), text
    return dict(trace["decision"])


def commits(text: str, value: str) -> None:
    d = decision(text)
    assert (d["law"], d["value"]) == ("commit", value), (text, d)


def refuses(text: str) -> None:
    d = decision(text)
    assert d["law"] == "refuse", (text, d)
