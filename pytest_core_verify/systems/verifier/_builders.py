"""Clause builders, first family: joint holdings, containers, rates, pairs, tasks, purchases,
transfers, motion, fractions of a stock, holdings.

Part of the reader (``_parse.parse_problem`` is its entry point); no pytest import.
"""

from __future__ import annotations

import re
from fractions import Fraction

from ._grammar import (
    Unreadable,
    _Builder,
    _Context,
    _held,
    _mk,
    _pairs,
    _rate,
    _stated,
    _unit,
)
from ._lexicon import (
    CONTINUOUS_UNITS,
    FRACTION_WORDS,
)
from ._types import (
    TASK,
    Clause,
    ClauseKind,
)
from ._verbs import inflect, tensed

# --------------------------------------------------------------------------- clause builders


def _b_joint(m: re.Match[str], ctx: _Context) -> list[list[Clause]]:
    return [
        [_stated("joint", m, ctx, "n", "w", entities=sorted([a, b]), unit=_unit(m["u"]))]
        for a, b in _pairs(m, ctx, "a", "b")
    ]


def _b_container(m: re.Match[str], ctx: _Context) -> list[list[Clause]]:
    kind: ClauseKind = "gain" if m["v"] in tensed("buy") else "have"
    c = _unit(m["c"])
    if kind == "gain" and str(_unit(m["u"])).split()[-1] in {"dollar", "cent"}:
        # "bought 2 pens with 3 dollars": the money paid, not what each pen holds
        raise Unreadable("money with a purchase is its payment, not contents")
    out = []
    for e in ctx.entity(m["e"]):
        held = _held(kind, m, ctx, e, "m", "v", c)
        out.append([held, _rate(m, ctx, "n", "w", _unit(m["u"]), per=c)])
        if m["w"] == "with" and not m.group(0).endswith("each"):
            # "3 bags with 20 marbles": 20 in each bag, or 20 in all of them; only "each"
            # or "in each" says which, so both are readings and a question they answer
            # differently is refused
            out.append([held, _held(kind, m, ctx, e, "n", "v", _unit(m["u"]))])
    return out


def _b_container_coord(m: re.Match[str], ctx: _Context) -> list[list[Clause]]:
    c = _unit(m["c"])
    out = []
    for e in ctx.entity(m["e"]):
        have = _held("have", m, ctx, e, "m", "v", c)
        r1 = _rate(m, ctx, "n1", "w", _unit(m["u1"]), per=c)
        r2 = _rate(m, ctx, "n2", "w", _unit(m["u2"]), per=c)
        own1 = _held("have", m, ctx, e, "n1", "w", _unit(m["u1"]))
        own2 = _held("have", m, ctx, e, "n2", "and", _unit(m["u2"]))
        out.append([have, r1, r2])
        if not m.groupdict().get("each"):
            # "3 boxes with 4 pens and 2 pencils": without "each" the pens may be in every
            # box or 4 in all, and the pencils likewise
            out.extend([[have, r1, own2], [have, own1, r2], [have, own1, own2]])
    return out


def _b_rate_pair(m: re.Match[str], ctx: _Context) -> list[list[Clause]]:
    return [
        [
            _rate(m, ctx, "n1", "d1", _unit(m["u1"]), per=_unit(m["c1"])),
            _rate(m, ctx, "n2", "d2", _unit(m["u2"]), per=_unit(m["c2"])),
        ]
    ]


def _b_rate_two_contents(m: re.Match[str], ctx: _Context) -> list[list[Clause]]:
    """'Each crate holds 6 pears and 4 plums': two contents of one kind of container, each
    a rate per that container."""
    per = _unit(m["c"])
    return [
        [
            _rate(m, ctx, "n1", "d", _unit(m["u1"]), per=per),
            _rate(m, ctx, "n2", "d", _unit(m["u2"]), per=per),
        ]
    ]


def _b_takes_to_make(m: re.Match[str], ctx: _Context) -> list[list[Clause]]:
    """'It takes 4 eggs to make a cake': so many of the ingredient per thing made; the
    number before the thing, if any, is 1 (the rate is per one)."""
    also: tuple[str, ...] = ()
    if m.groupdict().get("one"):
        if m["one"] != "1":
            raise Unreadable("a rate for several things made, not for one")
        also = ("one",)
    return [[_rate(m, ctx, "n", "v", _unit(m["u"]), per=_unit(m["c"]), also=also)]]


def _rate_reader(there: bool) -> _Builder:
    """So many per container ("each box holds 4 pens"); ``there``: the "there are 20
    cookies on a plate" form, whose "a" may name one container the problem names again."""

    def build(m: re.Match[str], ctx: _Context) -> list[list[Clause]]:
        return _read_rate(m, ctx, there)

    return build


def _read_rate(m: re.Match[str], ctx: _Context, there: bool) -> list[list[Clause]]:
    also = ("one",) if m.groupdict().get("one") and m["one"][0].isdigit() else ()
    # "Each pen costs 3 dollars" prices a pen; it does not put dollars in it.
    role = "price" if (m.groupdict().get("rv") or "").startswith("cost") else "content"
    per = _unit(m["c"])
    if per == "one":
        # "each one costs 5 dollars": each of the one thing the problem counts
        units = sorted(u for u in ctx.units - {"?", "dollar", "cent"})
        if len(units) != 1:
            raise Unreadable("'each one' with no single thing it counts")
        per = units[0]
        return [[_rate(m, ctx, "n", "d", _unit(m["u"]), per, also=also, role=role)]]
    out = [[_rate(m, ctx, "n", "d", _unit(m["u"]), per, also=also, role=role)]]
    owner = f"the {m['c']}"
    if there and m["d"] in {"a", "an"}:
        # "There are 20 cookies on a plate": the plate, when the problem names it again
        # ("left on the plate", "in the box"); otherwise so many on each ("10 stickers on
        # a page"), or (in a container) either reading (below).
        if re.search(rf"\b{owner}\b", ctx.text[ctx.at(m.end()) :], re.IGNORECASE):
            if owner not in ctx.locations:
                ctx.locations.append(owner)
            return [[_held("have", m, ctx, owner, "n", "d", _unit(m["u"]))]]
        if m.groupdict().get("on"):
            return out
    if there and m["d"] in {"a", "an"} and _unit(m["c"]) not in CONTINUOUS_UNITS:
        # "There are 88 candies in a box": so many per box, or the one box that holds
        # them ("Diana takes 6 candies out of the box"); both readings go to the readers.
        # Never for a measure ("60 minutes in an hour" is a conversion).
        if owner not in ctx.locations:
            ctx.locations.append(owner)
        out.append([_held("have", m, ctx, owner, "n", "d", _unit(m["u"]))])
    return out


_b_rate = _rate_reader(there=False)
_b_rate_there = _rate_reader(there=True)


def _b_rate_owner(m: re.Match[str], ctx: _Context) -> list[list[Clause]]:
    # Earnings add to money already held; other activity rates do not. Money spent or
    # paid so much per hour is a price, paid and never held ("spends 13 dollars per hour").
    accrue = tensed("earn", "make", "save", "get")
    role = "accrue" if m["rv"] in accrue else "content"
    if m["rv"] in tensed("spend", "pay") and _unit(m["u"]) in {"dollar", "cent"}:
        role = "price"
    return [
        [_rate(m, ctx, "n", "d", _unit(m["u"]), _unit(m["c"]), owner=e, role=role)]
        for e in ctx.entity(m["e"])
    ]


def _b_rate_for_days(m: re.Match[str], ctx: _Context) -> list[list[Clause]]:
    per = _unit(m["c2"])
    if m["c"] and _unit(m["c"]) != per:
        raise Unreadable("so much per one span, for a number of another")
    cue = "d" if m["d"] else "f"
    # Money saved or earned each day adds to money held, as in ``_b_rate_owner``.
    role = "accrue" if m["rv"] in tensed("earn", "make", "save", "get") else "content"
    return [
        [
            _rate(m, ctx, "n", cue, _unit(m["u"]), per, owner=e, role=role),
            _held("have", m, ctx, e, "m", "f", per),
        ]
        for e in ctx.entity(m["e"])
    ]


def _b_motion_in_time(m: re.Match[str], ctx: _Context) -> list[list[Clause]]:
    """'Tammy drove 55 miles in 1 hour': so much way per hour (55 / 1)."""
    per = _unit(m["c"])
    if m["w"]:
        owners = ["the " + m["w"]]
        if owners[0] not in ctx.holders:
            ctx.holders.append(owners[0])
    else:
        owners = ctx.entity(m["e"])
    return [
        [_rate(m, ctx, "n", "in", _unit(m["u"]), per, owner=e, also=("m",), verb=m["v"])]
        for e in owners
    ]


def _set_pair(m: re.Match[str], ctx: _Context) -> None:
    pairs = _pairs(m, ctx, "a", "b")
    if len(pairs) != 1:
        raise Unreadable("the pair is not two single people")
    ctx.group = sorted(pairs[0])
    for e in ctx.group:
        if e not in ctx.entities:
            ctx.entities.append(e)


def _b_pair(m: re.Match[str], ctx: _Context) -> list[list[Clause]]:
    """A pair named together: "they" is the two of them from here on. Nothing is counted."""
    _set_pair(m, ctx)
    return [[_mk("pair", ctx, [], [ctx.cue(m, "v")], entities=list(ctx.group))]]


def _b_pair_buying(m: re.Match[str], ctx: _Context) -> list[list[Clause]]:
    _set_pair(m, ctx)
    return [
        [
            _mk("pair", ctx, [], [ctx.cue(m, "v")], entities=list(ctx.group)),
            _rate(m, ctx, "n", "d", _unit(m["u"]), _unit(m["c"]), role="price"),
        ]
    ]


def _b_for_every(m: re.Match[str], ctx: _Context) -> list[list[Clause]]:
    """'For every 3 pounds they recycled they earned 1 point': 1 point per 3 pounds."""
    return [[_rate(m, ctx, "n", "d", _unit(m["u"]), _unit(m["c"]), also=("k",), role="content")]]


def _b_discovered_part(m: re.Match[str], ctx: _Context) -> list[list[Clause]]:
    units = sorted(ctx.units - {"?"})
    if len(units) != 1:
        raise Unreadable("part of what is not said")
    q = ctx.q(m, "k")
    return [[_mk("part", ctx, [q], [ctx.cue(m, "w")], entity=None, unit=units[0], q=q,
                 quality=m["w"])]]  # fmt: skip


def _b_invited(m: re.Match[str], ctx: _Context) -> list[list[Clause]]:
    if m["w"]:
        owner = "the " + m["w"]
        for where in (ctx.holders, ctx.locations):
            if owner not in where:
                where.append(owner)
        owners = [owner]
    else:
        owners = ctx.entity(m["e"])
    return [[_held("have", m, ctx, e, "n", "v", _unit(m["u"]))] for e in owners]


def _b_containers_held_each(m: re.Match[str], ctx: _Context) -> list[list[Clause]]:
    return [[_rate(m, ctx, "n", "d", _unit(m["u"]), _unit(m["c"]))]]


def _b_has_to_buy(m: re.Match[str], ctx: _Context) -> list[list[Clause]]:
    out = []
    for e in ctx.entity(m["e"]):
        paid = _mk("paid", ctx, [ctx.q(m, "m")], [ctx.cue(m, "v")], entity=e,
                   q=ctx.q(m, "m"), money="dollar")  # fmt: skip
        bought = _mk(
            "purchase_total", ctx, [ctx.q(m, "n")], [ctx.cue(m, "d")], entity=e,
            unit=_unit(m["c"]), q=None, cost=ctx.q(m, "n"), money=_unit(m["u"]),
        )  # fmt: skip
        out.append([paid, bought])
    return out


def _b_times(m: re.Match[str], ctx: _Context) -> list[list[Clause]]:
    """Visits counted ("went to the store 3 times"): never a holding a distractor rule may
    set aside, since what each visit brought is not said."""
    return [[_held("visits", m, ctx, e, "n", "t", "time")] for e in ctx.entity(m["e"])]


def _b_divided_among(m: re.Match[str], ctx: _Context) -> list[list[Clause]]:
    return [[_mk("divide", ctx, [], [ctx.cue(m, "v")], unit=_unit(m["u"]), per=_unit(m["c"]))]]


def _b_holds_on_each(m: re.Match[str], ctx: _Context) -> list[list[Clause]]:
    unit = _unit(m.groupdict().get("u"))
    if unit is None:
        heads = {u.split()[-1] for u in ctx.units - {"?"}}
        if len(heads) != 1:
            raise Unreadable("holds so many of what is not said")
        unit = heads.pop()
    return [[_rate(m, ctx, "n", "d", unit, _unit(m["c"]))]]


def _b_split_groups_of(m: re.Match[str], ctx: _Context) -> list[list[Clause]]:
    ctx.entity(m["e"])
    return [[_rate(m, ctx, "n", "d", _unit(m["u"]), _unit(m["c"]))]]


def _b_rate_of_owner(m: re.Match[str], ctx: _Context) -> list[list[Clause]]:
    """A rate the owner keeps things in ("with 5 on each page"); the scene is the owner's."""
    ctx.entity(m["e"])  # the owner must resolve (a pronoun with no antecedent is not read)
    return [[_rate(m, ctx, "n", "d", _unit(m["u"]), _unit(m["c"]))]]


def _b_task(m: re.Match[str], ctx: _Context) -> list[list[Clause]]:
    """'A painter needed to paint 12 rooms', 'A new building needed 14 windows': a job of so
    many things, to be done (with the verb, when stated)."""
    verb = m.groupdict().get("tv")
    if verb:
        ctx.task_verbs.add(verb)
    clauses = [_held("task", m, ctx, TASK, "n", "v", _unit(m["u"]), verb=verb)]
    if m.groupdict().get("n2"):
        clauses.append(_held("task", m, ctx, TASK, "n2", "v", _unit(m["u2"]), verb=verb))
    for c in clauses:
        ctx.task_units.add(str(c.args["unit"]))
    return [clauses]


def _b_need(m: re.Match[str], ctx: _Context) -> list[list[Clause]]:
    unit = _unit(m["u"])
    return [[_held("need", m, ctx, e, "n", "v", unit)] for e in ctx.entity(m["e"])]


def _b_have_but_need(m: re.Match[str], ctx: _Context) -> list[list[Clause]]:
    unit = _unit(m["u"])
    return [
        [_held("have", m, ctx, e, "n", "v", unit), _held("need", m, ctx, e, "k", "v2", unit)]
        for e in ctx.entity(m["e"])
    ]


def _b_done_but_needed(m: re.Match[str], ctx: _Context) -> list[list[Clause]]:
    unit = _unit(m["u"])
    ctx.entity(m["e"])  # the subject must resolve
    ctx.task_units.add(str(unit))
    return [
        [
            _held("done", m, ctx, TASK, "k", "dv", unit, verb=None),
            _held("task", m, ctx, TASK, "n", "v", unit, verb=None),
        ]
    ]


def _b_used_on_each(m: re.Match[str], ctx: _Context) -> list[list[Clause]]:
    """'She used 5 cups of flour on each one': per thing of the one job ("each one")."""
    ctx.entity(m["e"])
    per = _unit(m.groupdict().get("c"))
    if per is None:
        if len(ctx.task_units) != 1:
            raise Unreadable("'each one' with no single thing it counts")
        per = next(iter(ctx.task_units))
    return [[_rate(m, ctx, "n", "d", _unit(m["u"]), per)]]


def _b_task_more(m: re.Match[str], ctx: _Context) -> list[list[Clause]]:
    """'another 15 were turned in': more of the one job."""
    if not ctx.task_units:
        raise Unreadable("more of a job that was not stated")
    return [[_held("task_more", m, ctx, TASK, "n", "v", _unit(m.groupdict().get("u")))]]


def _b_done(m: re.Match[str], ctx: _Context) -> list[list[Clause]]:
    """'The builder had already installed 5 of them': so much of the job is done."""
    unit = _unit(m.groupdict().get("u"))
    return [[_held("done", m, ctx, TASK, "k", "dv", unit, verb=m["dv"])]]


def _b_done_of_job(m: re.Match[str], ctx: _Context) -> list[list[Clause]]:
    """'He painted 5 rooms' after 'needed to paint 12 rooms': work done on that job, only
    if the verb is the past of the job's verb."""
    if not any(m["dv"] == inflect(v, "past") for v in ctx.task_verbs):
        raise Unreadable("a past verb that is not the job's")
    return _b_done(m, ctx)


def _b_time_each(m: re.Match[str], ctx: _Context) -> list[list[Clause]]:
    """'Each room takes 7 hours to paint', 'it takes 4 hours to install each window': so
    much time per thing, for that verb."""
    per = _unit(m["c"])
    tu = _unit(m["tu"])
    if tu not in _TIME_UNITS:
        raise Unreadable("a time per thing is counted in hours, minutes or seconds")
    ctx.times.add(str(tu))
    also = ("one",) if m.groupdict().get("one") and m["one"][0].isdigit() else ()
    return [[_rate(m, ctx, "n", "tk", tu, per, also=also, role="content", verb=m["tv"])]]


def _b_activity(m: re.Match[str], ctx: _Context) -> list[list[Clause]]:
    return [[_held("have", m, ctx, e, "m", "v", _unit(m["c"]))] for e in ctx.entity(m["e"])]


def _b_buy_one_priced(m: re.Match[str], ctx: _Context) -> list[list[Clause]]:
    """'He bought a kite for 6 dollars': the purchase; or the purchase and so the price of
    one kite (what "How much would 3 kites cost?" multiplies). Both readings, since a
    second kite bought at another price is no contradiction of the purchase."""
    price = _rate(m, ctx, "n", "d", _unit(m["u"]), per=_unit(m["c"]), role="price")
    bought = _b_buy_total(m, ctx)
    return [*bought, *([*reading, price] for reading in bought)]


def _b_buy_total(m: re.Match[str], ctx: _Context) -> list[list[Clause]]:
    c = _unit(m["c"])
    qm = ctx.q(m, "m") if m.groupdict().get("m") else None
    out = []
    for e in ctx.entity(m["e"]):
        qids = [x for x in (qm, ctx.q(m, "n")) if x]
        out.append(
            [
                _mk(
                    "purchase_total",
                    ctx,
                    qids,
                    [ctx.cue(m, "v"), ctx.cue(m, "d")],
                    entity=e,
                    unit=c,
                    q=qm,
                    cost=ctx.q(m, "n"),
                    money=_unit(m["u"]),
                )
            ]
        )
    return out


def _b_pays(m: re.Match[str], ctx: _Context) -> list[list[Clause]]:
    return [
        [
            _mk(
                "paid",
                ctx,
                [ctx.q(m, "n")],
                [ctx.cue(m, "v")],
                entity=e,
                q=ctx.q(m, "n"),
                money="dollar",
            )
        ]
        for e in ctx.entity(m["e"])
    ]


def _b_give(m: re.Match[str], ctx: _Context) -> list[list[Clause]]:
    # "gave Tim 13 of the seashells": the partitive names the unit; "of them" leaves it
    # to the giver's one unit.
    unit = _unit(m.groupdict().get("u") or m.groupdict().get("u2"))
    return [
        [_stated("give", m, ctx, "n", "v", giver=a, taker=b, unit=unit)]
        for a, b in _pairs(m, ctx, "a", "b")
    ]


def _b_give_all(m: re.Match[str], ctx: _Context) -> list[list[Clause]]:
    """'Lisa gives all of her pencils to Gloria': the giver's whole stock moves."""
    cues = [ctx.cue(m, "v"), ctx.cue(m, "fx")]
    return [
        [_mk("give_frac", ctx, [], cues, giver=a, taker=b, unit=_unit(m["u"]), frac=Fraction(1))]
        for a, b in _pairs(m, ctx, "a", "b")
    ]


def _b_take_of_owner(m: re.Match[str], ctx: _Context) -> list[list[Clause]]:
    """'Keith bought 22 of Fred's cards', 'His sister borrowed 3 of his dimes': they move
    from the owner named to the subject."""
    owners = [m["a"]] if m["a"] else ctx.pronoun(m["pa"])
    unit = _unit(m["u"])
    return [
        [_stated("give", m, ctx, "n", "v", giver=a, taker=b, unit=unit)]
        for a in owners
        for b in ctx.entity(m["b"])
        if a != b
    ]


def _b_have_part(m: re.Match[str], ctx: _Context) -> list[list[Clause]]:
    unit = _unit(m["u"])
    return [
        [
            _held("have", m, ctx, e, "n", "v", unit),
            _mk("part", ctx, [ctx.q(m, "k")], [ctx.cue(m, "w")], entity=e, unit=unit,
                q=ctx.q(m, "k"), quality=m["w"]),
        ]
        for e in ctx.entity(m["e"])
    ]  # fmt: skip


def _b_attend(m: re.Match[str], ctx: _Context) -> list[list[Clause]]:
    unit = _unit(m["u"])
    out = []
    for e in ctx.entity(m["e"]):
        clauses = [_held("gain", m, ctx, e, "n", "v", unit)]
        if m["w"]:
            clauses.append(
                _mk("part", ctx, [ctx.q(m, "k")], [ctx.cue(m, "w")], entity=e, unit=unit,
                    q=ctx.q(m, "k"), quality="missed")
            )  # fmt: skip
        out.append(clauses)
    return out


_TIME_UNITS = frozenset({"hour", "minute", "second"})
_WAY_UNITS = frozenset({"mile", "kilometer", "meter", "yard", "foot", "lap", "block"})


def _b_motion(m: re.Match[str], ctx: _Context) -> list[list[Clause]]:
    unit, dist, per = _unit(m["u"]), _unit(m["u2"]), m["per"]
    if dist in _TIME_UNITS or (unit in _TIME_UNITS and unit != per):
        raise Unreadable("a speed is a distance per time")
    if unit not in _TIME_UNITS and unit != dist:
        raise Unreadable("the distance and the speed are in two units")
    return [
        [
            _held("have", m, ctx, e, "n", "v", unit),
            _rate(m, ctx, "k", "at", dist, per, owner=e, verb=m["v"]),
        ]
        for e in ctx.entity(m["e"])
    ]


def _b_each_have(m: re.Match[str], ctx: _Context) -> list[list[Clause]]:
    """'Mary, Sam, Keith, and Alyssa each have 6 cards': one holding per person named."""
    names = re.split(r",? and |, ", m["list"])
    if len(set(names)) != len(names):
        raise Unreadable("a person named twice")
    return [[_held("have", m, ctx, e, "n", "v", _unit(m["u"])) for e in names]]


def _fraction_of(m: re.Match[str], ctx: _Context) -> tuple[Fraction, list[str]]:
    if m.groupdict().get("f"):
        return FRACTION_WORDS[m["f"]], []
    if m.groupdict().get("p"):
        return Fraction(m["p"]) / 100, [ctx.q(m, "p")]
    if m.groupdict().get("r"):
        # "3/8 of his money", "0.25 of the apples": a numeral names a part only when it
        # is less than the whole ("5/4 of his money" or "2 of it" is not a part of it).
        part = Fraction(m["r"])
        if not 0 < part < 1:
            raise Unreadable(f"{m['r']} of a stock is not a part of it")
        return part, [ctx.q(m, "r")]
    raise Unreadable("no fraction")


def _stock_named_by_the(m: re.Match[str]) -> dict[str, bool]:
    """The part is of "the apples", a stock named by its noun alone, which is the owner's
    only if no one else holds that noun (decided on the state; the clause then carries
    ``the_noun``, and no other clause changes). A place after it ("of the apples in the
    box") selects a stock the reading does not hold: unreadable."""
    if not m.groupdict().get("u") or m.string[max(0, m.start("u") - 4) : m.start("u")] != "the ":
        return {}
    if re.match(r" (?:in|on|at|inside|from|under) ", m.string[m.end("u") :]):
        raise Unreadable(f"a part of the {m['u']} in a place the reading does not hold")
    return {"the_noun": True}


def _b_frac_own(m: re.Match[str], ctx: _Context) -> list[list[Clause]]:
    frac, qids = _fraction_of(m, ctx)
    unit = _unit(m.groupdict().get("u"))
    cues = [ctx.cue(m, "v"), ctx.cue(m, "fx")]
    shared = _stock_named_by_the(m)
    return [
        [_mk("lose_frac", ctx, qids, cues, entity=e, unit=unit, frac=frac, **shared)]
        for e in ctx.entity(m["e"])
    ]


def _possessor(m: re.Match[str], ctx: _Context) -> set[str] | None:
    """Who "his"/"her" before the stock's noun can name ("half of his marbles"), or None
    when no possessive names the stock ("of them", "of the marbles")."""
    if not m.groupdict().get("u"):
        return None
    word = m.string[max(0, m.start("u") - 4) : m.start("u")].strip()
    return set(ctx.pronoun(word)) if word in {"his", "her"} else None


def _b_frac_give(m: re.Match[str], ctx: _Context) -> list[list[Clause]]:
    frac, qids = _fraction_of(m, ctx)
    unit = _unit(m.groupdict().get("u"))
    cues = [ctx.cue(m, "v"), ctx.cue(m, "fx")]
    shared = _stock_named_by_the(m)
    owners = _possessor(m, ctx)
    pairs = [(a, b) for a, b in _pairs(m, ctx, "a", "b") if owners is None or a in owners]
    if not pairs:
        # "She gave him half of his marbles": a part of the taker's stock, not the giver's
        raise Unreadable("the part given is of another's stock")
    return [
        [_mk("give_frac", ctx, qids, cues, giver=a, taker=b, unit=unit, frac=frac, **shared)]
        for a, b in pairs
    ]


def _b_have(kind: ClauseKind) -> _Builder:
    def build(m: re.Match[str], ctx: _Context) -> list[list[Clause]]:
        final = kind == "have" and bool(m.groupdict().get("fin"))
        gd = m.groupdict()
        # "lost 9 of the marbles": the partitive names the unit; "9 of them" leaves it
        # to the owner's one unit.
        unit = _unit(gd.get("u") or gd.get("u2"))
        return [
            [_held("have_final" if final else kind, m, ctx, e, "n", "v", unit)]
            for e in ctx.entity(m["e"])
        ]

    return build


def _b_give_each(m: re.Match[str], ctx: _Context) -> list[list[Clause]]:
    """'gives 3 apples to each of her 4 friends': 3 x 4 leave, to people who hold nothing."""
    unit = _unit(m["u"]) if m.groupdict().get("u") else None
    return [
        [
            _mk(
                "lose",
                ctx,
                [ctx.q(m, "n"), ctx.q(m, "k")],
                [ctx.cue(m, "v")],
                entity=e,
                unit=unit,
                q=ctx.q(m, "n"),
                times=ctx.q(m, "k"),
            )
        ]
        for e in ctx.entity(m["e"])
    ]


def _b_have_final_nounless(m: re.Match[str], ctx: _Context) -> list[list[Clause]]:
    return [
        [_held("have_final", m, ctx, e, "n", "v", None, nounless=True)] for e in ctx.entity(m["e"])
    ]


def _b_change_unknown(sign: str) -> _Builder:
    """Some (more) of a thing moved, the amount unsaid: only a question asking for that
    very amount, with the holding before and after it stated, reads it."""

    def build(m: re.Match[str], ctx: _Context) -> list[list[Clause]]:
        return _change_unknown(m, ctx, sign)

    return build


def _change_unknown(m: re.Match[str], ctx: _Context, sign: str) -> list[list[Clause]]:
    gd = m.groupdict()
    unit = _unit(gd.get("u") or gd.get("u2"))
    verb = m["v"].lower()
    out: list[tuple[str, str, str]] = []
    if gd.get("pos"):
        out += [(owner, owner, sign) for owner in ctx.pronoun(gd["pos"])]
    elif gd.get("b"):
        out += [(b, a, sign) for a, b in _pairs(m, ctx, "a", "b")]
    else:
        out += [(a, a, sign) for a in ctx.entity(m["a"])]
    return [
        [
            _mk("change_unknown", ctx, [], [ctx.cue(m, "v")], entity=owner, agent=agent,
                unit=unit, sign=sign, verb=verb)
        ]
        for owner, agent, sign in out
    ]  # fmt: skip


def _b_have_nounless(m: re.Match[str], ctx: _Context) -> list[list[Clause]]:
    kind: ClauseKind = "have_final" if m["fin"] else "have"
    return [[_held(kind, m, ctx, e, "n", "v", None, nounless=True)] for e in ctx.entity(m["e"])]


def _b_all_but(m: re.Match[str], ctx: _Context) -> list[list[Clause]]:
    unit = _unit(m.groupdict().get("u"))
    return [[_held("all_but", m, ctx, e, "n", "v", unit, verb=m["v"])] for e in ctx.entity(m["e"])]


def _b_selling_for_each(m: re.Match[str], ctx: _Context) -> list[list[Clause]]:
    if m["w"]:
        holder = "the " + m["w"]
        if holder not in ctx.holders:
            ctx.holders.append(holder)
    else:
        ctx.entity(m["e"])
    return [[_rate(m, ctx, "n", "d", _unit(m["u"]), _unit(m["c"]), role="price")]]
