"""Independent readers: each turns one reading of the clauses into a candidate, or abstains.

A reader accepts a fixed set of clause kinds and question kinds. The ledger and the
comparative reader have their own evaluators; the multiplicative and the general
simulation reader share the state-machine evaluator over different clause sets; the
linear-system reader solves two unknowns. Every value carries the quantity ids it
was computed from, so completeness ("uses every quantity") is checked, not assumed.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ._ledger import (
    _comparative,
    _ledger,
)
from ._parse import WORLD, Clause, Parse, Question
from ._simulation import (
    _simulate,
)
from ._types import ClauseKind, QuestionKind
from ._values import (
    Abstain,
    Missing,
    Outcome,
    Val,
    _lit,
    _op,
    _plural,
    _unit_match,
)

__all__ = ["READERS", "Abstain", "Missing", "Outcome", "Reader", "Val"]


# --------------------------------------------------------------------------- linear system


def _system(clauses: list[Clause], q: Question, parse: Parse) -> Outcome | Missing:
    """Two classes of one kind (large and small buses): a per-class rate each, a total of
    the contents, and a total count of the containers; solves for one class's count."""
    rates = [c for c in clauses if c.kind == "rate"]
    totals = [c for c in clauses if c.kind == "total"]
    counts = [c for c in clauses if c.kind == "have" and c.args["entity"] == WORLD]
    others = [c for c in clauses if c not in rates + totals + counts]
    if others or len(rates) != 2 or len(totals) != 1 or q.kind != "world":
        raise Abstain("not two classes, a total and a count question")
    (r1, r2), total = rates, totals[0]
    heads = {r1.args["per"].split()[-1], r2.args["per"].split()[-1]}
    content = {r1.args["unit"], r2.args["unit"]}
    if len(heads) != 1 or len(content) != 1 or r1.args["per"] == r2.args["per"]:
        raise Abstain("the two rates are not two classes of one container")
    head = heads.pop()
    if not _unit_match(total.args["unit"], content.pop()) or not _unit_match(
        head, total.args["over"]
    ):
        raise Abstain("the total does not count the rated contents")
    want = q.args["unit"]
    if _unit_match(want, r1.args["per"]) and want != head:
        target, other = r1, r2
    elif _unit_match(want, r2.args["per"]) and want != head:
        target, other = r2, r1
    else:
        raise Abstain("the question asks for neither class")
    if not counts:
        return Missing(
            f"total number of {_plural(head)}", f"How many {_plural(head)} are there in total?"
        )
    if len(counts) != 1 or not _unit_match(head, counts[0].args["unit"]):
        raise Abstain("the count does not count the containers")
    n = _lit(parse, counts[0].args["q"])
    t = _lit(parse, total.args["q"])
    rt, ro = _lit(parse, target.args["q"]), _lit(parse, other.args["q"])
    # target*rt + (n - target)*ro = t  =>  target = (t - n*ro) / (rt - ro)
    value = _op(_op(t, "-", _op(n, "*", ro)), "/", _op(rt, "-", ro))
    defects = []
    if value.v < 0 or value.v > n.v or value.v.denominator != 1:
        defects.append("no_whole_solution")
    return Outcome(value, target.args["per"], defects)


# --------------------------------------------------------------------------- registry


@dataclass(frozen=True)
class Reader:
    name: str
    clause_kinds: frozenset[ClauseKind]
    question_kinds: frozenset[QuestionKind]
    evaluate: Callable[[list[Clause], Question, Parse], Outcome | Missing]


def _clauses(*kinds: ClauseKind) -> frozenset[ClauseKind]:
    return frozenset(kinds)


def _questions(*kinds: QuestionKind) -> frozenset[QuestionKind]:
    return frozenset(kinds)


# fmt: off
READERS: tuple[Reader, ...] = (
    Reader(
        "accumulation",
        _clauses(
            "have", "have_unknown", "have_final", "gain", "lose", "give", "joint", "part",
            "tally", "change_unknown", "need",
        ),
        _questions(
            "state", "money", "initial", "total", "difference", "goal", "afford", "need_left",
        ),
        _ledger,
    ),
    Reader(
        "multiplicative",
        _clauses(
            "have", "gain", "rate", "lose_frac", "give_frac", "subset", "purchase",
            "purchase_total", "paid", "share", "visits",
        ),
        _questions(
            "state", "money", "world", "spend", "change", "unit_price", "subset", "subset_not",
            "total", "per_each", "rate_times", "goal",
        ),
        _simulate,
    ),
    Reader(
        "comparative",
        _clauses(
            "have", "rel",
        ),
        _questions(
            "state", "age", "money", "total", "difference",
        ),
        _comparative,
    ),
    Reader(
        "linear_system",
        _clauses(
            "rate", "total", "have",
        ),
        _questions(
            "world",
        ),
        _system,
    ),
    Reader(
        "simulation",
        _clauses(
            "have", "gain", "lose", "give", "rate", "lose_frac", "give_frac", "subset",
            "purchase", "purchase_total", "paid", "joint", "rel", "share", "pack", "part",
            "tally", "task", "done", "task_more", "visits", "need", "pair", "divide",
            "all_but", "have_final", "part_count", "change_than",
        ),
        _questions(
            "state", "money", "age", "world", "total", "difference", "spend", "change",
            "unit_price", "subset", "subset_not", "per_each", "rate_times", "goal", "packed",
            "duration", "distance", "afford", "task_left", "containers", "speed", "last",
            "need_left",
        ),
        _simulate,
    ),
)
# fmt: on
