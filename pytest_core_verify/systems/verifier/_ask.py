"""The ask leg: a grounded question for the one missing datum, as a content-addressed artifact."""

from __future__ import annotations

import pathlib
import re
from collections.abc import Callable
from typing import Any

from ._canonical import canonical_bytes, sha256_hex
from ._question_vocabulary import FRAME_WORDS, known_name, known_noun

__all__ = ["ArtifactTampered", "question_artifact", "ungrounded_word", "write_and_reread"]

_WORD = re.compile(r"[^\W\d_]+(?:['\u2019][^\W\d_]+)*")

ARTIFACT_KIND = "core.semantic_derivation.question/1"


class ArtifactTampered(Exception):
    """The artifact read back is not the artifact written."""


def ungrounded_word(question: str, problem_text: str) -> str | None:
    """The first word of ``question`` the problem does not ground, or ``None``.

    A word is grounded when it is a word of the question frame, or when the problem uses
    it (as written) and it is a first name of the name lexicon or a noun or describing
    word of the question vocabulary. Anything else in a question (a digit, a sign
    other than the closing question mark, a word the caller made up) is not.
    """
    if not question.endswith("?") or re.search(r"[^\w\s'\u2019?]|\d|_", question[:-1]):
        return question
    used = {str(w).lower() for w in _WORD.findall(problem_text)}
    words: list[str] = _WORD.findall(question)
    for word in words:
        lower = word.lower()
        if lower in FRAME_WORDS:
            continue
        if lower not in used:
            return word
        known = known_name(word) if word[:1].isupper() else known_noun(lower)
        if not known:
            return word
    return None


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
