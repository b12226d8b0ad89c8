"""Values the readers compute with: a value with the quantity ids it came from, the
outcomes of a reading (a candidate, an abstention, a missing datum), unit matching.

Part of the readers (``_readers.READERS`` lists them); no pytest import.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from fractions import Fraction

from ._parse import Clause, Parse, Question


@dataclass(frozen=True)
class Val:
    v: Fraction
    deps: frozenset[str]
    expr: str


def _lit(parse: Parse, qid: str) -> Val:
    q = parse.quantity(qid)
    return Val(q.value, frozenset({qid}), q.text)


def _const(value: Fraction) -> Val:
    return Val(value, frozenset(), str(value))


def _op(a: Val, sym: str, b: Val) -> Val:
    ops: dict[str, Callable[[Fraction, Fraction], Fraction]] = {
        "+": lambda x, y: x + y,
        "-": lambda x, y: x - y,
        "*": lambda x, y: x * y,
        "/": lambda x, y: x / y,
    }
    if sym == "/" and b.v == 0:
        raise Abstain("division by zero")
    return Val(ops[sym](a.v, b.v), a.deps | b.deps, f"({a.expr} {sym} {b.expr})")


def _whole(a: Val, b: Val) -> Val:
    """How many whole ``b`` fit in ``a`` ("how many 5 dollar toys could he buy")."""
    if b.v <= 0:
        raise Abstain("a price that is not positive")
    q = _op(a, "/", b)
    return Val(Fraction(q.v.numerator // q.v.denominator), q.deps, f"floor{q.expr}")


def _pair_of(clauses: list[Clause]) -> list[str]:
    pairs = {tuple(c.args["entities"]) for c in clauses if c.kind == "pair"}
    if len(pairs) != 1:
        raise Abstain("no single pair for 'they'")
    return list(pairs.pop())


def _one_need(needs: list[Clause], q: Question) -> Clause:
    mine = [c for c in needs if c.args["entity"] == q.args["entity"]]
    if len(mine) != 1 or len(needs) != 1:
        raise Abstain("no single need of the question's owner")
    return mine[0]


def _need_left(need: Clause, have: Val, q: Question, parse: Parse, defects: list[str]) -> Outcome:
    """'Justin needs 61 plates ... has 26 blue plates and 7 red plates. How many more plates
    should Justin buy?': what he needs less what he holds (never less than nothing)."""
    if not _unit_match(str(q.args["unit"]), str(need.args["unit"])) and not _unit_match(
        str(need.args["unit"]), str(q.args["unit"])
    ):
        raise Abstain("the need is of another thing")
    left = _op(_lit(parse, need.args["q"]), "-", have)
    return Outcome(left, str(q.args["unit"]), defects)


def _afford(have: Val, q: Question, parse: Parse, defects: list[str]) -> Outcome:
    """Whole things at the question's price that the money held buys."""
    if have.v < 0:
        defects = [*defects, "negative_state:money"]
    return Outcome(_whole(have, _lit(parse, q.qids[0])), str(q.args["item"]), defects)


def _sum(parts: list[Val]) -> Val:
    """``parts[0] + parts[1] + ...``, added left to right."""
    acc = parts[0]
    for p in parts[1:]:
        acc = _op(acc, "+", p)
    return acc


def _compared(parse: Parse, rel: Clause, base: Val) -> Val:
    """The value a ``rel`` clause gives its entity, from its base's: ``base * factor``
    (a stated or a word factor), ``base + q`` or ``base - q``."""
    a = rel.args
    if a["op"] == "mul":
        factor = _lit(parse, a["q"]) if a["q"] else _const(Fraction(a["factor"]))
        return _op(base, "*", factor)
    return _op(base, "+" if a["op"] == "add" else "-", _lit(parse, a["q"]))


def _inverse(parse: Parse, rel: Clause, value: Val) -> Val:
    """The base of a ``rel`` clause from its entity's value: the inverse of ``_compared``."""
    a = rel.args
    if a["op"] == "mul":
        factor = _lit(parse, a["q"]) if a["q"] else _const(Fraction(a["factor"]))
        return _op(value, "/", factor)
    return _op(value, "-" if a["op"] == "add" else "+", _lit(parse, a["q"]))


class Abstain(Exception):
    """The reader cannot ground this reading; the message names why."""


@dataclass(frozen=True)
class Missing:
    """The reading is underdetermined by exactly one nameable datum."""

    datum: str
    question: str


@dataclass
class Outcome:
    value: Val
    unit: str
    defects: list[str] = field(default_factory=list)


def _unit_match(want: str, have: str) -> bool:
    return want == have or have.endswith(" " + want) or want.endswith(" " + have)


def _unit_key(held: Iterable[tuple[str, str]], entity: str, unit: str | None) -> tuple[str, str]:
    """The (entity, unit) key among ``held`` that ``unit`` names; no unit: the entity's only
    one. A unit that matches none is a new key."""
    units = sorted({u for (e, u) in held if e == entity})
    if unit is None:
        heads = {u.split()[-1] for u in units}
        if len(units) > 1 and len(heads) == 1 and all(" " in u for u in units):
            # "5 green towels and 30 white towels ... 26 of them": towels of both kinds.
            return (entity, heads.pop())
        if len(units) != 1:
            raise Abstain(f"no single unit for {entity}")
        return (entity, units[0])
    matching = [u for u in units if _unit_match(unit, u)]
    if len(matching) > 1 and all(u == unit or u.endswith(" " + unit) for u in matching):
        # "sold 26 cats" of 36 siamese cats and 18 house cats: a change of all the cats,
        # kept under the kind's own name (its value sums the kinds, see _kinds_total).
        return (entity, unit)
    if len(matching) > 1:
        raise Abstain(f"unit {unit} matches several of {entity}'s units")
    return (entity, matching[0] if matching else unit)


def _subkinds(
    keys: Iterable[tuple[str, str]], entity: str, unit: str
) -> tuple[list[tuple[str, str]], bool] | None:
    """The kinds of ``unit`` an entity holds ("siamese cat", "house cat" for "cat") and
    whether the entity also has a key of ``unit`` itself, or None if ``unit`` names some
    other mix of its keys."""
    hits = sorted(k for k in keys if k[0] == entity and _unit_match(unit, k[1]))
    subs = [k for k in hits if k[1].endswith(" " + unit)]
    exact = [k for k in hits if k[1] == unit]
    if len(subs) < 2 or len(subs) + len(exact) != len(hits):
        return None
    return subs, bool(exact)


def _missing_share(unit: str, other: str) -> Missing:
    return Missing(
        f"number of {_plural(unit)} {other} has", f"How many {_plural(unit)} does {other} have?"
    )


def _plural(noun: str) -> str:
    if noun.endswith(("s", "x", "ch", "sh")):
        return noun + "es"
    if noun.endswith("y") and noun[-2:-1] not in {"a", "e", "o", "u"}:
        return noun[:-1] + "ies"
    return noun + "s"
