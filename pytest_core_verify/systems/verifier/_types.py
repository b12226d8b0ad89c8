"""The values a reading is made of: quantities, cues, clauses, sentences, the question, the parse.

Part of the reader (``_parse.parse_problem`` is its entry point); no pytest import.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Literal

#: The owner of quantities stated without one ("There are 30 students").
WORLD = "(world)"
#: "they" when the problem names one pair ("Janet and her sister combined the candy they
#: received. ... They ate 4 pieces"): what the pair does together.
GROUP = "(they)"
#: What is still to be done of a job ("A painter needed to paint 12 rooms"): what the job
#: needs, less what was already done.
TASK = "(task)"


#: What a clause states: a holding (at first, at the end, unknown), a change of one stock
#: (a gain, a loss, a fraction lost), a transfer between two (a gift, a fraction given), a
#: rate, a relation, a part, a job and its progress, a purchase, a sharing, a tally.
ClauseKind = Literal[
    "all_but", "change_than", "change_unknown", "divide", "done", "gain", "give", "give_frac",
    "have", "have_final", "have_unknown", "joint", "lose", "lose_frac", "need", "pack", "paid",
    "pair", "part", "part_count", "purchase", "purchase_total", "rate", "rel", "share",
    "subset", "tally", "task", "task_more", "total", "visits",
]  # fmt: skip

#: What a question asks for; the question reader has one handling per kind.
QuestionKind = Literal[
    "afford",
    "age",
    "change",
    "containers",
    "difference",
    "distance",
    "duration",
    "goal",
    "initial",
    "last",
    "money",
    "need_left",
    "packed",
    "per_each",
    "rate_times",
    "spend",
    "speed",
    "state",
    "subset",
    "subset_not",
    "task_left",
    "total",
    "unit_price",
    "world",
]


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
    # A ClauseKind; typed where clauses are made (``_grammar._mk``), a plain str here so
    # that sets of kinds read elsewhere stay sets of str.
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
    kind: QuestionKind
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
    #: the words of the leads stripped before a clause ("In the afternoon "), each with
    #: the role that lets it pass (``_passable.lead_words``), in text order
    leads: list[tuple[str, str]] = field(default_factory=list)

    def quantity(self, qid: str) -> Quantity:
        return self.quantities[int(qid[1:])]
