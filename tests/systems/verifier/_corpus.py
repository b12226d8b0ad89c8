"""The lane's corpora (text written in this repository) as the verifier's reader sees them:
every sentence body, normalised, split and prepared, for the tests that pin the rules."""

from __future__ import annotations

import json
import pathlib
from functools import lru_cache

from pytest_core_verify.systems.verifier._normalize import normalize
from pytest_core_verify.systems.verifier._parse import _SPLIT, _capitalised_nouns, _prepare

ROOT = pathlib.Path(__file__).resolve().parents[3]
CORPORA = sorted((ROOT / "lanes/scenarios/corpus").glob("*.jsonl"))


@lru_cache(maxsize=2)
def prepared_bodies(questions: bool) -> tuple[str, ...]:
    """Every distinct question body (``questions``) or other sentence body, in corpus order."""
    found: dict[str, None] = {}
    for path in CORPORA:
        for line in path.read_text(encoding="utf-8").splitlines():
            if not line.strip():
                continue
            text = normalize(json.loads(line)["problem"])
            nouns = _capitalised_nouns(text)
            for raw in _SPLIT.split(text):
                if raw.endswith("?") != questions:
                    continue
                body, _ = _prepare(raw.rstrip(".?!").rstrip(), nouns)
                found.setdefault(body)
    return tuple(found)
