"""Clause builders, second family: nounless clauses filled, kinds, places, shares, packing,
taking, relations, subsets and totals; the pattern fragments the sentence rules share.

Part of the reader (``_parse.parse_problem`` is its entry point); no pytest import.
"""

from __future__ import annotations

import re
from fractions import Fraction

from ._builders import (
    _b_have,
    _fraction_of,
)
from ._grammar import (
    UNIT,
    Unreadable,
    _Builder,
    _Context,
    _held,
    _mk,
    _pairs,
    _rel,
    _stated,
    _unit,
)
from ._lexicon import (
    FRACTION_WORDS,
    KINDS_OF,
)
from ._types import (
    WORLD,
    Clause,
    ClauseKind,
    Question,
    Sentence,
)
from ._verbs import tensed
from ._vocabulary import verbs


def _fill_nounless(sentences: list[Sentence]) -> None:
    """A holding stated without a noun ("He started out with 39") counts the one thing the
    read clauses count; if they count several things (or none), its sentence is unread."""
    units = {
        c.args["unit"]
        for s in sentences
        for alt in s.alternatives
        for c in alt
        if isinstance(c.args.get("unit"), str) and c.kind != "rate"
    }
    for s in sentences:
        nounless = [c for alt in s.alternatives for c in alt if c.args.get("nounless")]
        if not nounless:
            continue
        heads = {u.split()[-1] for u in units}
        named = [u for u in units if " " in u]
        if len(units) > 1 and len(heads) == 1 and len(named) == 1:
            # "34 candy pieces ... her sister had 33 ... ate 4 pieces": the candy pieces
            units = set(named)
        if len(units) != 1:
            s.status, s.alternatives = "unread", []
            s.labels.append("a holding without a noun, and no single thing counted")
            continue
        owners = {c.args["entity"] for c in nounless if c.kind == "have"}
        if any(
            c.kind == "have" and c.args.get("entity") in owners
            for o in sentences
            if o is not s
            for alt in o.alternatives
            for c in alt
        ):
            # "Mia has 6 dolls. Mia has 36.": a second holding of hers, or more of them?
            s.status, s.alternatives = "unread", []
            s.labels.append("a holding without a noun of an owner already holding")
            continue
        for c in nounless:
            c.args["unit"] = next(iter(units))


def _kinds_of_question(sentences: list[Sentence], questions: list[Question]) -> None:
    """'How many children' over '28 girls and 35 boys': each clause counted in a kind of the
    question's noun (``KINDS_OF``) counts that kind of it ("girl child"), so the readers sum
    the kinds as they do "siamese cats and house cats"."""
    wanted = {q.args.get("unit") for q in questions}
    if len(wanted) != 1:
        return
    noun = next(iter(wanted))
    if not isinstance(noun, str) or noun not in KINDS_OF:
        return
    kinds = KINDS_OF[noun]
    for s in sentences:
        for alt in s.alternatives:
            for c in alt:
                unit = c.args.get("unit")
                if isinstance(unit, str) and unit.split()[-1] in kinds:
                    c.args["unit"] = f"{unit} {noun}"


def _kinds_of_rate(sentences: list[Sentence], questions: list[Question]) -> None:
    """'Each flower costs 6 dollars' beside '5 roses and 3 daisies', 'Each van can hold 8
    people' beside '22 students and 2 adults': a rate counts per (or counts) a noun of
    ``KINDS_OF``, and the problem's things are kinds of it; each is counted as that kind of
    it ("rose flower"), so the rate applies to all of them. Only when one such noun is rated,
    nothing is counted by that noun itself (the roses might be among "5 flowers"), and the
    question does not ask for one of the kinds."""
    rated = {
        v
        for s in sentences
        for alt in s.alternatives
        for c in alt
        if c.kind == "rate"
        for v in (c.args.get("per"), c.args.get("unit"))
        if isinstance(v, str) and v in KINDS_OF
    }
    if len(rated) != 1:
        return
    noun = next(iter(rated))
    kinds = KINDS_OF[noun]
    asked = {q.args.get("unit") for q in questions}
    if any(isinstance(u, str) and u.split()[-1] in kinds for u in asked):
        return
    clauses = [c for s in sentences for alt in s.alternatives for c in alt if c.kind != "rate"]
    if any(isinstance(c.args.get("unit"), str) and c.args["unit"].split()[-1] == noun
           for c in clauses):  # fmt: skip
        return
    for c in clauses:
        unit = c.args.get("unit")
        if isinstance(unit, str) and unit.split()[-1] in kinds:
            c.args["unit"] = f"{unit} {noun}"


def _b_age(m: re.Match[str], ctx: _Context) -> list[list[Clause]]:
    return [[_held("have", m, ctx, e, "n", "v", "year")] for e in ctx.entity(m["e"])]


def _b_have_unknown(m: re.Match[str], ctx: _Context) -> list[list[Clause]]:
    return [
        [_mk("have_unknown", ctx, [], [ctx.cue(m, "v")], entity=e, unit=_unit(m["u"]))]
        for e in ctx.entity(m["e"])
    ]


def _b_have_final_now(m: re.Match[str], ctx: _Context) -> list[list[Clause]]:
    unit = _unit(m["u"])
    return [[_held("have_final", m, ctx, e, "n", "v", unit)] for e in ctx.entity(m["e"])]


def _b_have_two(m: re.Match[str], ctx: _Context) -> list[list[Clause]]:
    return [
        [
            _held("have", m, ctx, e, "n1", "v", _unit(m["u1"])),
            _held("have", m, ctx, e, "n2", "v", _unit(m["u2"])),
        ]
        for e in ctx.entity(m["e"])
    ]


def _b_there(m: re.Match[str], ctx: _Context) -> list[list[Clause]]:
    total = bool(m.groupdict().get("tot"))
    owner = WORLD
    if m.groupdict().get("loc") and not total:
        # "There are 46 rulers in the drawer": the drawer holds them, like an owner.
        owner = re.sub(r"^(?:a|an) ", "the ", m["loc"])
        if owner not in ctx.locations:
            ctx.locations.append(owner)
    if m.groupdict().get("orig"):
        # "There were originally 57 apples in the jar", after a change: the start
        return [[_held("have", m, ctx, owner, "n", "v", _unit(m["u"]), total=total, original=True)]]
    return [[_held("have", m, ctx, owner, "n", "v", _unit(m["u"]), total=total)]]


def _b_place_have(m: re.Match[str], ctx: _Context) -> list[list[Clause]]:
    """'The shelf had 80 cans', 'A tin had 64 buttons': a place (or a holder named by a
    common noun) holds them; later changes and the question may name it "the tin"."""
    owner = "the " + (m["the"] or m["past"])
    if owner not in ctx.locations:
        ctx.locations.append(owner)
    if owner not in ctx.holders:
        ctx.holders.append(owner)
    verb = "v" if m["v"] else "v2"
    return [[_held("have", m, ctx, owner, "n", verb, _unit(m["u"]))]]


def _b_served(m: re.Match[str], ctx: _Context) -> list[list[Clause]]:
    owner = "the " + (m["the"] or m["past"])
    if owner not in ctx.holders:
        ctx.holders.append(owner)
    if owner not in ctx.locations:
        ctx.locations.append(owner)
    unit = _unit(m["u"])
    if m["u2"] and _unit(m["u2"]) != unit:
        raise Unreadable("two things served")
    clauses = [_held("tally", m, ctx, owner, "n", "v", unit)]
    if m["n2"]:
        clauses.append(_held("tally", m, ctx, owner, "n2", "v", unit))
    return [clauses]


def _b_place_have_two(m: re.Match[str], ctx: _Context) -> list[list[Clause]]:
    """'A pet store had 36 siamese cats and 18 house cats': two stocks of one holder."""
    owner = "the " + (m["the"] or m["past"])
    if owner not in ctx.locations:
        ctx.locations.append(owner)
    if owner not in ctx.holders:
        ctx.holders.append(owner)
    verb = "v" if m["v"] else "v2"
    return [
        [
            _held("have", m, ctx, owner, "n1", verb, _unit(m["u1"])),
            _held("have", m, ctx, owner, "n2", verb, _unit(m["u2"])),
        ]
    ]


def _b_have_of(m: re.Match[str], ctx: _Context) -> list[list[Clause]]:
    """'Beth has 4 packs of crayons': 4 crayon packs (never 4 crayons)."""
    kind: ClauseKind = "gain" if m["v"] in tensed("buy") else "have"
    unit = f"{_unit(m['u'])} {_unit(m['c'])}"
    return [[_held(kind, m, ctx, e, "n", "v", unit)] for e in ctx.entity(m["e"])]


def _b_there_two(m: re.Match[str], ctx: _Context) -> list[list[Clause]]:
    """'There are 9 pencils and 4 rulers in the drawer': two stocks of one place."""
    owner = WORLD
    if m["loc"]:
        owner = re.sub(r"^(?:a|an) ", "the ", m["loc"])
        if owner not in ctx.locations:
            ctx.locations.append(owner)
    return [
        [
            _held("have", m, ctx, owner, "n1", "v", _unit(m["u1"])),
            _held("have", m, ctx, owner, "n2", "v", _unit(m["u2"])),
        ]
    ]


def _b_there_two_places(m: re.Match[str], ctx: _Context) -> list[list[Clause]]:
    """'There are 43 pencils in the drawer and 19 pencils on the desk': two places."""
    if m["loc1"] == m["loc2"]:
        raise Unreadable("one place named twice")
    for loc in (m["loc1"], m["loc2"]):
        if loc not in ctx.locations:
            ctx.locations.append(loc)
    return [
        [
            _held("have", m, ctx, m["loc1"], "n1", "v", _unit(m["u1"])),
            _held("have", m, ctx, m["loc2"], "n2", "v", _unit(m["u2"])),
        ]
    ]


def _b_place_change(kind: ClauseKind) -> _Builder:
    """'12 more birds landed in the tree', '8 of them popped': a change of a place's stock."""

    def build(m: re.Match[str], ctx: _Context) -> list[list[Clause]]:
        unit = _unit(m.groupdict().get("u") or m.groupdict().get("u2"))
        return [[_held(kind, m, ctx, ctx.place(m), "n", "v", unit)]]

    return build


def _b_workers(m: re.Match[str], ctx: _Context) -> list[list[Clause]]:
    """'Park workers will plant 37 bushes today and 25 bushes tomorrow': the place gains."""
    place = ctx.place(m)
    clauses = [_held("gain", m, ctx, place, "n", "v", _unit(m["u"]))]
    if m["n2"]:
        clauses.append(_held("gain", m, ctx, place, "n2", "v", _unit(m["u2"])))
    return [clauses]


def _b_share(m: re.Match[str], ctx: _Context) -> list[list[Clause]]:
    """'She shares them among 5 friends', 'puts 36 pens into 4 boxes': equal parts."""
    gd = m.groupdict()
    unit = _unit(gd.get("u") or gd.get("u2") or gd.get("u3"))
    out = []
    for e in ctx.entity(m["e"]):
        clauses = []
        if gd.get("n0"):
            clauses.append(_held("have", m, ctx, e, "n0", "v", unit))
        clauses.append(
            _mk("share", ctx, [ctx.q(m, "n")], [ctx.cue(m, "v")], entity=e, unit=unit,
                q=ctx.q(m, "n"), per=_unit(m["c"]))
        )  # fmt: skip
        out.append(clauses)
    return out


def _b_world_share(m: re.Match[str], ctx: _Context) -> list[list[Clause]]:
    if ctx.persons or ctx.holders or ctx.locations or ctx.group:
        raise Unreadable("'they' may be someone named, not all there is")
    return [
        [
            _mk("share", ctx, [ctx.q(m, "n")], [ctx.cue(m, "v")], entity=WORLD, unit=None,
                q=ctx.q(m, "n"), per=_unit(m["c"]))
        ]
    ]  # fmt: skip


def _b_share_rest(m: re.Match[str], ctx: _Context) -> list[list[Clause]]:
    """'the rest were put into 3 groups': what the one place (or owner) holds now, split."""
    owner = ctx.place(m)
    return [
        [
            _mk("share", ctx, [ctx.q(m, "n")], [ctx.cue(m, "v")], entity=owner, unit=None,
                q=ctx.q(m, "n"), per=_unit(m["c"]))
        ]
    ]  # fmt: skip


def _b_pack(m: re.Match[str], ctx: _Context) -> list[list[Clause]]:
    unit = _unit(m.groupdict().get("u") or m.groupdict().get("u2"))
    per = _unit(m["c"])
    ctx.packs.add(str(per))
    if m.groupdict().get("c2") and _unit(m["c2"]) != per:
        raise Unreadable("the containers are named two ways")
    return [
        [
            _mk("pack", ctx, [ctx.q(m, "n")], [ctx.cue(m, "v"), ctx.cue(m, "w")], entity=e,
                unit=unit, per=per, q=ctx.q(m, "n"))
        ]
        for e in ctx.entity(m["e"])
    ]  # fmt: skip


def _b_take_from(m: re.Match[str], ctx: _Context) -> list[list[Clause]]:
    """'Tim takes 25 rulers out of the drawer': the place gives them to the taker.

    With no place to take from ("Sam removes 3 apples"), the taker would be the giver:
    such a sentence does not say where the things go, so it is not read as a transfer."""
    place = ctx.place(m)
    gd = m.groupdict()
    unit = _unit(gd.get("u") or gd.get("u2"))
    out = [
        [_stated("give", m, ctx, "n", "v", giver=place, taker=e, unit=unit)]
        for e in ctx.entity(m["e"])
    ]
    if any(c.args["giver"] == c.args["taker"] for alt in out for c in alt):
        raise Unreadable("take_from_self: nothing is named to take from")
    return out


def _b_take_pictures(m: re.Match[str], ctx: _Context) -> list[list[Clause]]:
    """'took 15 pictures at the zoo and 18 at the museum': without a noun, only in a
    sentence about pictures ("Tom took 5" may be taken from anyone)."""
    if not m["u"]:
        start = ctx.prefix_base if ctx.prefix_len else ctx.offset
        end = ctx.text.find(".", start)
        sentence = ctx.text[start : end if end >= 0 else len(ctx.text)]
        if not re.search(r"\b(?:pictures|photos|photographs|pics)\b", sentence):
            raise Unreadable("took how many of what is not said")
    return _b_have("gain")(m, ctx)


def _b_pests(m: re.Match[str], ctx: _Context) -> list[list[Clause]]:
    if f"the {m['w']}" in ctx.entities:
        raise Unreadable("the eaters hold things of their own")
    return _b_place_change("lose")(m, ctx)


def _b_take_away(m: re.Match[str], ctx: _Context) -> list[list[Clause]]:
    """'Melissa has 70 oranges. John takes 19 away.': from the one other person who holds
    anything, to the taker; with no such single person the sentence is unread."""
    unit = _unit(m.groupdict().get("u"))
    out = []
    for e in ctx.entity(m["e"]):
        holders = [p for p in ctx.entities if p != e and p in ctx.persons]
        if len(holders) != 1:
            raise Unreadable("whose things were taken is not said")
        out.append([_stated("give", m, ctx, "n", "v", giver=holders[0], taker=e, unit=unit)])
    return out


def _b_put_into(m: re.Match[str], ctx: _Context) -> list[list[Clause]]:
    """'Dan puts 16 more pencils on the desk': the place gains them (from Dan's stock, if
    he has one)."""
    place = ctx.place(m)
    unit = _unit(m.groupdict().get("u"))
    return [
        [_stated("give", m, ctx, "n", "v", giver=e, taker=place, unit=unit)]
        for e in ctx.entity(m["e"])
    ]


def _b_rel_add(m: re.Match[str], ctx: _Context) -> list[list[Clause]]:
    op = "add" if m["d"] in {"more", "older", "taller", "heavier", "longer"} else "sub"
    return [
        [_rel(m, ctx, e, b, [ctx.q(m, "k")], ("d", "than"), op=op, factor=None)]
        for e, b in _pairs(m, ctx, "e", "b")
    ]


def _b_rel_add_elliptic(m: re.Match[str], ctx: _Context) -> list[list[Clause]]:
    """'Kenya has 48 more than Jose': the unit is the one thing the problem counts so far."""
    units = sorted(ctx.units - {"?"})
    if len(units) != 1:
        raise Unreadable("a comparison without a noun, and no single unit to give it")
    op = "add" if m["d"] == "more" else "sub"
    out = []
    for e, b in _pairs(m, ctx, "e", "b"):
        clause = _rel(m, ctx, e, b, [ctx.q(m, "k")], ("d", "than"), op=op, factor=None)
        clause.args["unit"] = units[0]
        out.append([clause])
    return out


def _b_rel_mul(
    m: re.Match[str], ctx: _Context, base: str | None = None, entity: str | None = None
) -> list[list[Clause]]:
    word = m["x"]
    qids: list[str] = []
    if word == "twice":
        factor = Fraction(2)
    elif word == "half":
        factor = Fraction(1, 2)
    elif word in FRACTION_WORDS:
        factor = FRACTION_WORDS[word]
    else:
        qids = [ctx.q(m, "k")]
        factor = None
    pairs = [(entity, base)] if entity and base else _pairs(m, ctx, "e", "b")
    return [[_rel(m, ctx, e, b, qids, ("x", "as"), op="mul", factor=factor)] for e, b in pairs]


def _b_rel_mul_elliptic(m: re.Match[str], ctx: _Context) -> list[list[Clause]]:
    """'Arthur baked 115 muffins. James baked 12 times as many.': no noun and no base; the
    base is the one other person, the unit the one thing the problem counts so far."""
    units = sorted(ctx.units - {"?"})
    if len(units) != 1:
        raise Unreadable("a comparison without a noun, and no single unit to give it")
    out = []
    for e in ctx.entity(m["e"]):
        others = [p for p in ctx.persons if p != e]
        if len(others) != 1:
            raise Unreadable("'as many' without 'as' needs exactly one other person")
        (clause,) = _b_rel_mul(m, ctx, base=others[0], entity=e)[0]
        clause.args["unit"] = units[0]
        out.append([clause])
    return out


def _b_subset(m: re.Match[str], ctx: _Context) -> list[list[Clause]]:
    frac, qids = _fraction_of(m, ctx)
    return [
        [
            _mk(
                "subset",
                ctx,
                [*qids, ctx.q(m, "n")],
                [ctx.cue(m, "fx"), ctx.cue(m, "v")],
                unit=_unit(m["u"]),
                part=m["w"],
                frac=frac,
                q=ctx.q(m, "n"),
            )
        ]
    ]


def _b_part_count(m: re.Match[str], ctx: _Context) -> list[list[Clause]]:
    return [
        [
            _mk("part_count", ctx, [ctx.q(m, "n")], [ctx.cue(m, "v")], unit=_unit(m["u"]),
                part=m["w"], q=ctx.q(m, "n"))
        ]
    ]  # fmt: skip


def _b_total(m: re.Match[str], ctx: _Context) -> list[list[Clause]]:
    return [[_stated("total", m, ctx, "n", "tot", unit=_unit(m["u"]), over=_unit(m["c"]))]]


def _b_buy_each(m: re.Match[str], ctx: _Context) -> list[list[Clause]]:
    gd = m.groupdict()
    for n, u in (("n", "u"), ("n2", "u2"), ("n3", "u3")):
        if gd.get(n):
            c = _unit(m["c"])
            return [
                [
                    _mk(
                        "purchase",
                        ctx,
                        [ctx.q(m, "m"), ctx.q(m, n)],
                        [ctx.cue(m, "v"), ctx.cue(m, "d")],
                        entity=e,
                        unit=c,
                        q=ctx.q(m, "m"),
                        price=ctx.q(m, n),
                        money=_unit(m[u]),
                    )
                ]
                for e in ctx.entity(m["e"])
            ]
    raise Unreadable("purchase without a price")


#: Where an owner keeps what it has ("in her bank", "on his desk", "in January"): the
#: owner still holds it.
_MONTHS = "January|February|March|April|May|June|July|August|September|October|November|December"
_OWN_PLACE = (
    r"(?: (?:currently |now )?(?:in|on|at|inside) (?:his|her|their|the|a|an|[A-Z][a-z]+'s)"
    r" [a-z0-9]+(?: [a-z]+)?"
    rf"| in (?:{_MONTHS})"
    # What the things are for does not change how many there are: "stored in boxes",
    # "that must be put away in boxes", "to put in the binder", "to wash", "for homework".
    r"| (?:stored|kept) in [a-z]+"
    r"| that (?:must|need to|needs to|have to|has to) be [a-z]+(?: [a-z]+){0,3}"
    r"| to (?!give\b|share\b|sell\b|spend\b)[a-z]+(?: on| for| with)?"
    r"(?: (?:in|on|into) (?:the|a|an|his|her|their) [a-z]+)?"
    r"| for (?:homework|school|class)"
    r"| from (?:[a-z]+ing|selling|doing) [a-z]+(?: [a-z]+)?)?"
)

#: What the things stated are doing where they are ("students trying out for the school's
#: trivia teams", "birds sitting on the fence"): no number and no word of amount.
_DOING = (
    r"(?: (?!(?:some|several|few|many|all|half|most|more|less|none|any)\b)[a-z]+ing"
    r"(?: out| up| around)?(?: (?:for|in|on|at|to|with) (?:the |a |an |his |her |their )?"
    r"(?:[a-z]+'s )?[a-z]+(?: [a-z]+)?)?)?"
)

#: Verbs of going a way, and the units a way is counted in.
_MOTION_V = (
    verbs("fly drive walk hike run ride swim bike jog sail travel", "past")
    # the British spelling as well
    + "|travelled|"
    + verbs("sprint stroll", "past")
    + "|"
    + verbs("walk drive fly hike run ride swim bike jog travel", "third")
)
_DISTANCE = (
    r"miles|mile|kilometers|kilometer|meters|meter|yards|yard|feet|foot|laps|lap|blocks|block"
)

#: "13 of the seashells", "26 of them": a part of what the giver holds.
_PART = r"(?:of (?:the|his|her|their) (?P<u2>" + UNIT + r")|of them)"

# "the rest" and "what is left" are the owner's current amount, like "them".
_OWN = r"(?:them|it|the rest|what is left|(?P<own>his|her|the) (?P<u>" + UNIT + r"))"
_RATE_VERB = (
    r"is worth|holds|has|contains|carries|costs|weighs|seats|can hold|can carry|gets|needs|uses|is|"
    r"equals|"
    r"takes|requires|"
    r"fits|can seat"
)
