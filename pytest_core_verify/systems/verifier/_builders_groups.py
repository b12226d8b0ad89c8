"""Clause builders, third family: equal groups named twice ("3 boxes with 8 crayons in each
box"), holders named by a common noun ("A baker made 36 rolls"), so much per one measure
of a stuff ("A bag of chips costs 2 dollars").

Part of the reader (``_parse.parse_problem`` is its entry point); no pytest import.
"""

from __future__ import annotations

import re
from fractions import Fraction

from ._builders import _fraction_of
from ._grammar import Unreadable, _Builder, _Context, _held, _mk, _rate, _unit
from ._lexicon import CONTINUOUS_UNITS, FRACTION_WORDS, singular
from ._types import WORLD, Clause, ClauseKind
from ._units import UNIT_MEASURE, unit_of
from ._verbs import tensed


def _same_container(m: re.Match[str]) -> str:
    """The container of "<m> <c> with <n> <u> in each <c2>": ``c2`` must name ``c`` (its
    head noun, or the whole of it), or the groups are of something else."""
    c = _unit(m["c"])
    each = _unit(m["c2"])
    assert c is not None and each is not None  # both slots are required by the patterns
    if each != c and each != c.split()[-1]:
        raise Unreadable(f"so many in each {each}, counted per {c}")
    return c


def _b_container_in_each(m: re.Match[str], ctx: _Context) -> list[list[Clause]]:
    """'Paulo has 3 crayon boxes with 16 crayons in each box': the containers held (or
    bought), and so many things in each of them."""
    c = _same_container(m)
    kind: ClauseKind = "gain" if m["v"] in tensed("buy") else "have"
    if m["holder"]:
        # "A hotel has 4 floors ...": the one hotel, "the hotel" afterwards (as a place
        # named by "a tin had 64 buttons" is).
        owners = [_register_holder(ctx, "the " + m["holder"], place=True)]
    else:
        owners = ctx.entity(m["e"])
    return [
        [_held(kind, m, ctx, e, "m", "v", c), _rate(m, ctx, "n", "d", _unit(m["u"]), per=c)]
        for e in owners
    ]


def _register_holder(ctx: _Context, owner: str, place: bool = False) -> str:
    """A holder named by a common noun, which a later "he", "she" or "it" may name when it
    is the only holder and no person is named (``_Context.sole_holder``)."""
    if owner not in ctx.holders:
        ctx.holders.append(owner)
    if place and owner not in ctx.locations:
        ctx.locations.append(owner)
    return owner


def _b_there_in_each(m: re.Match[str], ctx: _Context) -> list[list[Clause]]:
    """'There are 3 bags with 9 oranges in each bag': the world holds the containers."""
    c = _same_container(m)
    return [
        [_held("have", m, ctx, WORLD, "m", "v", c), _rate(m, ctx, "n", "d", _unit(m["u"]), per=c)]
    ]


def _b_indefinite_holder(kind: ClauseKind) -> _Builder:
    """'A baker made 36 rolls', 'A store sold 48 hats': one holder, named by a common noun;
    later sentences and the question name it "the baker" (or "he", when it is the only
    holder and no person is named)."""

    def build(m: re.Match[str], ctx: _Context) -> list[list[Clause]]:
        owner = _register_holder(ctx, "the " + m["holder"])
        return [[_held(kind, m, ctx, owner, "n", "v", _unit(m["u"]))]]

    return build


def _b_of_measure(m: re.Match[str], ctx: _Context) -> list[list[Clause]]:
    """'A bag of chips costs 2 dollars', 'each box of crayons has 8 crayons': so much per
    one bag of chips, the unit the normaliser gives "3 bags of chips" ("3 chip bags"); a
    price is in money or unread."""
    unit = _unit(m["u"])
    price = m["rv"].startswith("cost")
    if price and unit not in {"dollar", "cent"}:
        raise Unreadable(f"a price in {unit}")
    stuff = m["k"].split()
    per = _unit(" ".join([*stuff[:-1], singular(stuff[-1]), m["c"]]))
    return [[_rate(m, ctx, "n", "d", unit, per, role="price" if price else "content")]]


#: Verbs whose rate adds to what is held (as in ``_builders._b_rate_owner``).
_ACCRUE = tensed("earn", "make", "save", "get")
_MOTION = tensed("travel", "drive", "fly", "walk", "run")


def _b_indefinite_rate(m: re.Match[str], ctx: _Context) -> list[list[Clause]]:
    """'A car travels 55 miles each hour', 'A machine makes 20 toys per minute': the rate
    of one holder named by a common noun, "the car" (or "it") afterwards."""
    owner = _register_holder(ctx, "the " + m["holder"])
    role = "accrue" if m["rv"] in _ACCRUE else "content"
    # A motion's verb goes with its speed, as in ``_builders._b_motion``: "how far does it
    # travel" asks for that motion.
    rate = _rate(m, ctx, "n", "d", _unit(m["u"]), _unit(m["c"]), owner=owner, role=role)
    if m["rv"] in _MOTION:
        rate.args["verb"] = m["rv"]
    return [[rate]]


def _b_one_holder_has(m: re.Match[str], ctx: _Context) -> list[list[Clause]]:
    """'A farmer has 18 cows', 'A box has 12 eggs': so many per farmer (or box), or the one
    farmer who holds them; named again as "the farmer", the one farmer only, else both
    readings go to the readers (they must agree). A measure ("an hour has 60 minutes") is
    a conversion only."""
    per = _unit(m["holder"])
    rate = [_rate(m, ctx, "n", "d", _unit(m["u"]), per, role="content")]
    if per is None or unit_of(per) is not None or per in CONTINUOUS_UNITS:
        return [rate]
    owner = "the " + m["holder"]
    held = [_held("have", m, ctx, owner, "n", "rv", _unit(m["u"]))]
    if re.search(rf"\b{owner}\b", ctx.text[ctx.at(m.end()) :], re.IGNORECASE):
        # named again as "the farmer": that one farmer, as "there are 20 cookies on a
        # plate ... on the plate" is one plate (``_builders._read_rate``)
        _register_holder(ctx, owner, place=True)
        return [held]
    return [rate, held]


def _b_part_frac(m: re.Match[str], ctx: _Context) -> list[list[Clause]]:
    """'Half of them are red', '40 percent of the students are girls': a part, of a kind,
    of all the things of that noun held now (the one noun held, for "them"). The simulation
    takes the part of what is held when the sentence is read; it changes nothing."""
    frac, qids = _fraction_of(m, ctx)
    if not 0 < frac < 1:
        raise Unreadable(f"{frac} of a stock is not a part of it")
    return [
        [
            _mk("part_count", ctx, qids, [ctx.cue(m, "fx"), ctx.cue(m, "v")],
                unit=_unit(m["u"]), part=m["w"], q=None, frac=frac)
        ]
    ]  # fmt: skip


def _b_measure_is(m: re.Match[str], ctx: _Context) -> list[list[Clause]]:
    """'The oak tree is 24 feet tall', 'A pencil is 19 centimeters long': a thing's length,
    held as its measure (compared by "how much taller"); only in a unit of length."""
    unit = _unit(m["u"])
    if unit is None or UNIT_MEASURE.get(unit, ("",))[0] != "length":
        raise Unreadable(f"{m['dim']} in {unit}, which is no length")
    return [[_held("have", m, ctx, e, "n", "v", unit)] for e in _owners(m, ctx)]


def _owners(m: re.Match[str], ctx: _Context) -> list[str]:
    """The subject: a holder named by a common noun ("a pencil", then "the pencil"), or
    an entity of the grammar."""
    if m["holder"]:
        return [_register_holder(ctx, "the " + m["holder"])]
    return ctx.entity(m["e"])


def _b_have_and_times_as_many(m: re.Match[str], ctx: _Context) -> list[list[Clause]]:
    """'A farmer has 18 cows and 3 times as many chickens as cows': the cows held, and the
    chickens as so many times the same holder's cows (the thing after "as" must be the
    first thing held)."""
    first, other = _unit(m["u"]), _unit(m["u2"])
    if _unit(m["u3"]) != first or other == first:
        raise Unreadable("so many times as many of a thing not held first")
    word = m["x"]
    factor = FRACTION_WORDS.get(word) if word != "twice" else Fraction(2)
    qids = [] if factor is not None else [ctx.q(m, "k")]
    out = []
    for e in _owners(m, ctx):
        rel = _mk("rel", ctx, qids, [ctx.cue(m, "x"), ctx.cue(m, "as")], entity=e, unit=other,
                  base=e, base_unit=first, op="mul", q=qids[0] if qids else None,
                  factor=factor, verb=None)  # fmt: skip
        out.append([_held("have", m, ctx, e, "n", "v", first), rel])
    return out
