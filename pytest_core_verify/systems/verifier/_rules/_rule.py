"""What a rule of the reader is: a frozen value with its name, pattern, builder and examples.

A sentence rule reads a clause into alternatives of clauses (``builds``); a question rule
reads the question into a typed kind (``kind``) that the question reader dispatches on.
Every rule carries ``reads``, clauses it must read (each is read by this rule and by no
earlier one), and ``not_reads``, near-misses at its edge that it must not read (another
tense, another word, no number); both are tests, run over every rule.

Part of the reader (``_parse.parse_problem`` is its entry point); no pytest import.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from .._grammar import _Builder, _compile
from .._types import QuestionKind

#: Kinds whose rules hold only when the problem states what they count (a "pack" clause's
#: containers, the containers a rate counts per, a job): otherwise the rule yields to the
#: next rule that matches, so its examples may also match an earlier rule of such a kind.
CONDITIONAL_KINDS: frozenset[QuestionKind] = frozenset({"packed", "containers", "task_left"})


def _check_examples(
    kind: str, name: str, reads: tuple[str, ...], not_reads: tuple[str, ...]
) -> None:
    if not reads or not not_reads:
        raise ValueError(
            f"{kind} rule {name!r}: needs at least one example it reads and one near-miss it "
            "does not read (reads=(...), not_reads=(...))"
        )


@dataclass(frozen=True)
class SentenceRule:
    """A sentence rule: ``pattern`` (a template with ``<name:E|N|U|F>`` slots) read whole,
    ``builds`` the clauses; ``reads`` and ``not_reads`` are its examples."""

    name: str
    pattern: str
    builds: _Builder
    reads: tuple[str, ...]
    not_reads: tuple[str, ...]
    compiled: re.Pattern[str] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        _check_examples("sentence", self.name, self.reads, self.not_reads)
        object.__setattr__(self, "compiled", _compile(self.pattern))


@dataclass(frozen=True)
class QuestionRule:
    """A question rule: ``pattern`` read whole gives a question of ``kind``; ``reads`` and
    ``not_reads`` are its examples."""

    name: str
    kind: QuestionKind
    pattern: str
    reads: tuple[str, ...]
    not_reads: tuple[str, ...]
    compiled: re.Pattern[str] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        _check_examples("question", self.name, self.reads, self.not_reads)
        object.__setattr__(self, "compiled", _compile(self.pattern))
