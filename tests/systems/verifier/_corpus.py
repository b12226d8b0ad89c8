"""The lane's corpora (text written in this repository) as the verifier's reader sees them:
every sentence body, normalised, split and prepared, for the tests that pin the rules."""

from __future__ import annotations

import json
import pathlib
import re
from collections import Counter, defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Protocol

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


class _Rule(Protocol):
    @property
    def name(self) -> str: ...
    @property
    def compiled(self) -> re.Pattern[str]: ...


@dataclass
class Shadowing:
    """Per rule: how many bodies it reads first, the first of them, and the later rules
    whose patterns match them too (the rules it shadows there)."""

    reads: Counter[str] = field(default_factory=Counter)
    example: dict[str, str] = field(default_factory=dict)
    shadows: defaultdict[str, Counter[str]] = field(default_factory=lambda: defaultdict(Counter))


def shadowing(bodies: Iterable[str], rules: Sequence[_Rule]) -> Shadowing:
    """Which of ``rules`` (in order) matches each body first, and which later ones too."""
    found = Shadowing()
    for body in bodies:
        names = [rule.name for rule in rules if rule.compiled.fullmatch(body)]
        if not names:
            continue
        first, *rest = names
        found.reads[first] += 1
        found.example.setdefault(first, body)
        for later in rest:
            found.shadows[first][later] += 1
    return found
