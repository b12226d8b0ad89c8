"""The values a reading is made of: quantities, cues, clauses, sentences, the question, the parse.

Part of the reader (``_parse.parse_problem`` is its entry point); no pytest import.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

#: The owner of quantities stated without one ("There are 30 students").
WORLD = "(world)"
#: "they" when the problem names one pair ("Janet and her sister combined the candy they
#: received. ... They ate 4 pieces"): what the pair does together.
GROUP = "(they)"
#: What is still to be done of a job ("A painter needed to paint 12 rooms"): what the job
#: needs, less what was already done.
TASK = "(task)"


@dataclass(frozen=True)
class Quantity:
    id: str
    value: Fraction
    text: str
    start: int
    end: int
    sentence: int


@dataclass(frozen=True)
class Cue:
    text: str
    start: int
    end: int


@dataclass
class Clause:
    kind: str
    sentence: int
    args: dict[str, Any]
    qids: tuple[str, ...]
    cues: tuple[Cue, ...]

    def to_json(self) -> dict[str, Any]:
        args = {k: (str(v) if isinstance(v, Fraction) else v) for k, v in sorted(self.args.items())}
        return {
            "kind": self.kind,
            "args": args,
            "quantities": list(self.qids),
            "cues": [[c.text, c.start, c.end] for c in self.cues],
        }


@dataclass
class Sentence:
    index: int
    text: str
    start: int
    status: str  # "read", "ignored", "unread", "question"
    pattern: str | None = None
    alternatives: list[list[Clause]] = field(default_factory=list)
    labels: list[str] = field(default_factory=list)


@dataclass
class Question:
    kind: str
    args: dict[str, Any]
    cues: tuple[Cue, ...]
    sentence: int
    unit_surface: str
    qids: tuple[str, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {
            "quantities": list(self.qids),
            "kind": self.kind,
            "args": dict(sorted(self.args.items())),
            "cues": [[c.text, c.start, c.end] for c in self.cues],
            "sentence": self.sentence,
            "unit": self.unit_surface,
        }


@dataclass
class Parse:
    text: str
    quantities: list[Quantity]
    sentences: list[Sentence]
    question: list[Question]  # alternatives (pronoun ambiguity); empty if none
    question_error: str | None
    persons: list[str]

    def quantity(self, qid: str) -> Quantity:
        return self.quantities[int(qid[1:])]
