"""The ask leg: a grounded question for the one missing datum, as a content-addressed artifact."""

from __future__ import annotations

import pathlib
from collections.abc import Callable
from typing import Any

from ._canonical import canonical_bytes, sha256_hex

__all__ = ["ArtifactTampered", "question_artifact", "write_and_reread"]

ARTIFACT_KIND = "core.semantic_derivation.question/1"


class ArtifactTampered(Exception):
    """The artifact read back is not the artifact written."""


def question_artifact(problem_sha256: str, missing: dict[str, str]) -> dict[str, Any]:
    return {
        "kind": ARTIFACT_KIND,
        "problem_sha256": problem_sha256,
        "missing": missing["datum"],
        "question": missing["question"],
    }


def write_and_reread(
    workdir: pathlib.Path,
    artifact: dict[str, Any],
    after_write: Callable[[pathlib.Path], None] | None = None,
) -> tuple[str, str, dict[str, Any]]:
    """Write ``questions/<sha256>.json`` under ``workdir``, then re-read and re-hash it.

    Returns ``(relative_path, sha256, artifact_as_read)``; raises ArtifactTampered if the
    bytes read back do not hash to the name they were written under.
    """
    data = canonical_bytes(artifact)
    digest = sha256_hex(data)
    rel = f"questions/{digest}.json"
    path = workdir / "questions" / f"{digest}.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)
    if after_write is not None:
        after_write(path)
    # Serve only what is on disk and still hashes to its own name.
    read = path.read_bytes()
    if sha256_hex(read) != digest or read != data:
        raise ArtifactTampered(rel)
    return rel, digest, artifact
