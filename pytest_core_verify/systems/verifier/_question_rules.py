"""The question reader: the first question rule (``_rules.QUESTION_RULES``) that matches
the question whole, read into questions by its kind.

Part of the reader (``_parse.parse_problem`` is its entry point); no pytest import.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ._builders import (
    _WAY_UNITS,
)
from ._grammar import (
    Unreadable,
    _Context,
    _product,
    _unit,
)
from ._lexicon import (
    GENERIC_NOUNS,
    singular,
)
from ._rules import QUESTION_RULES, QuestionKind
from ._set_aside import (
    SCALE_WORDS,
)
from ._types import (
    GROUP,
    TASK,
    WORLD,
    Question,
)
from ._units import UNIT_MEASURE
from ._verbs import inflect
from ._vocabulary import PASSIVE_TALLY_VERBS

# --------------------------------------------------------------------------- questions


#: The passive tallies a question asks for ("How many pears were picked"), by participle.
_PARTICIPLE = {inflect(verb, "participle"): verb for verb in PASSIVE_TALLY_VERBS}
_TOTAL_WORDS = frozenset(
    {"together", "in all", "altogether", "combined", "in total", "have", "own", "left"}
)


_ITEM = re.compile(
    r"\b(?:(?:\d+(?:\.\d+)? dollars?|\d+ cents?) (?:on|for)|(?:bought|purchased|rented|got) "
    r"(?:\d+ )?)(?: (?:a|an|the|some|his|her))? ?([a-z]+(?: [a-z]+){0,2}?)"
    r"(?= for \d| which|,|\.| and\b|$)"
)


#: The further items of a list of purchases ("..., and a card game for $3.35").
_LIST_ITEM = re.compile(r",? (?:and )?(?:a|an|the) ([a-z]+(?: [a-z]+){0,2}?)(?= for \d)")


def _check_category(category: str, body: str) -> None:
    """The kind asked about ("on toys") must name all the things bought or none of them:
    "How much did she spend on the cap?" asks for one item of a list, and so does "on the
    puzzle game" beside "a card game"."""
    head = singular(category.split()[-1])
    found = [m.group(1) for m in _ITEM.finditer(body)] + [
        m.group(1) for m in _LIST_ITEM.finditer(body)
    ]
    items = {singular(f.split()[-1]) for f in found}
    if head in items and items != {head}:
        raise Unreadable(f"'{category}' names one of the things bought, not all of them")
    named = re.sub(r"^(?:on|at|for) (?:the |a |an |his |her |their )?", "", category).split()
    full = {" ".join([*f.split()[:-1], singular(f.split()[-1])]) for f in found}
    asked = " ".join([*named[:-1], singular(named[-1])])
    if len(full) > 1 and asked in full:
        raise Unreadable(f"'{category}' names one of the things bought, not all of them")


# --------------------------------------------------------------------------- kinds


@dataclass
class _Asked:
    """A question being read: its match, its slots (rewritten as they are resolved), the
    arguments of the question, the numbers it grounds, and its unit as the text says it."""

    m: re.Match[str]
    ctx: _Context
    gd: dict[str, Any]
    base: dict[str, Any]
    qids: tuple[str, ...]
    unit_surface: str


#: Kinds whose rules hold only when the problem states what they count; otherwise the
#: next matching rule reads the question.
_HOLDS: dict[QuestionKind, Callable[[dict[str, Any], _Context], bool]] = {
    # containers something was packed into; otherwise an activity's tally
    "packed": lambda gd, ctx: _unit(gd.get("u")) in ctx.packs,
    # the containers a rate counts per, with nothing packed
    "containers": lambda gd, ctx: _unit(gd.get("u")) in ctx.fills and not ctx.packs,
    # a job stated: else "have to use" is not what is left of one
    "task_left": lambda gd, ctx: bool(ctx.task_units or ctx.task_verbs),
}

_DOLLARS = ("dollar", "dollars")
#: Kinds that ask in one unit whatever the question names: (unit, as the text says it).
_FIXED_UNIT: dict[QuestionKind, tuple[str, str]] = {
    "money": _DOLLARS,
    "spend": _DOLLARS,
    "change": _DOLLARS,
    "unit_price": _DOLLARS,
    "age": ("year", "years"),
}

#: What a question verb does to the amount it asks to reach ("give away" to have 35 left).
_GOAL_DOWN = frozenset({"give", "spend", "sell", "eat", "use", "lose", "throw"})
_GOAL_UP = frozenset(
    {"find", "buy", "pick", "get", "earn", "save", "make", "bake", "collect", "catch", "grow",
     "add", "win", "have", "read"}
)  # fmt: skip


def _how_long(a: _Asked) -> None:
    """'How long': in the one time unit a "takes 7 hours to paint" clause counts in."""
    if len(a.ctx.times) != 1:
        raise Unreadable("how long, with no single time per thing")
    a.gd = dict(a.gd, u=next(iter(a.ctx.times)))
    a.base["unit"], a.base["verb"] = a.gd["u"], a.gd["tv"]
    a.unit_surface = a.gd["u"] + "s"


def _part(a: _Asked) -> None:
    a.base["part"] = a.gd["w"]


def _per_each(a: _Asked) -> None:
    a.base["per"] = _unit(a.gd["c"])


def _unit_price(a: _Asked) -> None:
    a.base["item"] = _unit(a.gd["c"])


def _afford(a: _Asked) -> None:
    # What the money held buys, in whole things at the question's price.
    a.base["unit"], a.base["item"] = "dollar", _unit(a.gd["u"])
    a.qids = (a.ctx.q(a.m, "k"),)


def _task_left(a: _Asked) -> None:
    gd = a.gd
    if gd.get("u") or gd.get("nounless"):
        # in the thing asked about, or (no noun) in the one kind of thing the job counts
        if gd.get("nounless"):
            heads = {u.split()[-1] for u in a.ctx.task_units}
            if len(heads) != 1:
                raise Unreadable("the question names no thing and the job counts several")
            a.gd = gd = dict(gd, u=heads.pop())
            a.unit_surface = ""
        a.base["unit"], a.base["verb"] = _unit(gd["u"]), gd["tv"]
    else:
        _how_long(a)
    a.base["entity"] = TASK


def _rate_times(a: _Asked) -> None:
    """'How many pages does he read in 5 days': a rate times the question's number."""
    ctx = a.ctx
    if a.gd.get("time") is not None:
        _how_long(a)
    a.base["per"] = _unit(a.gd["c"])
    a.qids = (ctx.q(a.m, "k"),)
    if a.gd.get("price") is not None:
        a.base["unit"], a.unit_surface = "dollar", "dollars"
        if "cent" in ctx.units and "dollar" not in ctx.units:
            # "How much would 136 pieces cost?" at "18 cents" each: in cents.
            a.base["unit"], a.unit_surface = "cent", "cents"
    if a.gd.get("weight") is not None:
        # "How much do 5 pencils weigh?": in the one unit of mass the problem counts.
        masses = sorted(u for u in ctx.units if UNIT_MEASURE.get(u, ("",))[0] == "mass")
        if len(masses) != 1:
            raise Unreadable("how much it weighs, with no single unit of mass")
        a.base["unit"], a.unit_surface = masses[0], masses[0] + "s"
    if a.gd.get("way") is not None:
        # "how far ... in 36 hours": in the one unit of way the problem counts.
        ways = sorted(u for u in ctx.units if u in _WAY_UNITS)
        if len(ways) != 1:
            raise Unreadable("how far, with no single unit of way")
        a.base["unit"], a.base["verb"] = ways[0], a.gd["mv"]
        a.unit_surface = ways[0] + "s"


def _state(a: _Asked) -> None:
    if a.gd.get("v"):
        a.base["verb"] = "go" if a.gd["v"] in {"go to", "attend"} else a.gd["v"]


def _money(a: _Asked) -> None:
    if a.gd.get("earn") in {"earn", "make", "have made"}:
        a.base["verb"] = "earn"


def _motion(a: _Asked) -> None:
    a.base["verb"] = a.gd.get("mv") or "go"


def _counted_purchase(noun: str, count: str, body: str) -> None:
    """ "for the 3 pizzas": the count restates the one purchase of that noun the problem
    states, and that is all that was bought; else the question asks for a part."""
    head = singular(noun)
    items = {singular(m.group(1).split()[-1]) for m in _ITEM.finditer(body)} | {
        singular(m.group(1).split()[-1]) for m in _LIST_ITEM.finditer(body)
    }
    if items != {head}:
        raise Unreadable(f"'the {count} {noun}' is not all that was bought")
    counts = re.findall(rf"\b(\d+(?:\.\d+)?) (?:[a-z]+ )?(?:{noun}|{head})\b", body)
    if counts != [count]:
        raise Unreadable(f"'the {count} {noun}' restates no one stated count of them")


def _spend(a: _Asked) -> None:
    if a.gd.get("n"):
        _counted_purchase(a.gd["cu"], a.gd["n"], a.ctx.text[: a.ctx.offset])
        # the count restates the purchase's: the question grounds it, it adds nothing
        a.qids = (a.ctx.q(a.m, "n"),)
        a.base["category"] = f"for the {a.gd['cu']}"
    if a.gd.get("pv"):
        # "the total cost of her purchases": what she spent purchasing, the verb it binds.
        a.base["verb"] = "purchase"
    if a.gd.get("cat"):
        # "How much did she spend on toys?": only what was bought in one go is known
        # to be of that kind (another sentence may buy pants), and only if the kind is
        # not one of the things bought ("spend on the cap" is that item alone).
        a.base["category"] = a.gd["cat"]
        _check_category(a.gd["cat"], a.ctx.text[: a.ctx.offset])


def _goal(a: _Asked) -> None:
    gd, ctx = a.gd, a.ctx
    verb = gd.get("gv") or gd["gh"]
    if gd.get("e2") and ctx.entity(gd["e2"]) != ctx.entity(gd["e"]):
        raise Unreadable("the target is someone else's")
    if verb.split()[0] in _GOAL_DOWN:
        a.base["direction"] = "down"
    elif verb.split()[0] in _GOAL_UP:
        a.base["direction"] = "up"
    else:
        raise Unreadable(f"what {verb!r} does to the amount is not known")
    if gd.get("u2") and gd.get("u") and _unit(gd["u2"]) != _unit(gd["u"]):
        raise Unreadable("the target counts another thing")
    if not gd.get("u"):
        if not gd.get("u2"):
            raise Unreadable("the question names no unit")
        a.gd = gd = dict(gd, u=gd["u2"])
        a.base["unit"] = _unit(gd["u2"])
        a.unit_surface = gd["u2"]
    a.qids = (ctx.q(a.m, "k"),)


def _last(a: _Asked) -> None:
    a.base["unit"] = "dollar" if a.gd["stuff"] == "money" else _unit(a.gd["stuff"])


def _speed(a: _Asked) -> None:
    if a.gd.get("pos") in {"its", "their"}:
        # "What was its average speed?": the one holder named by a common noun.
        sole = a.ctx.sole_holder()
        if sole is None:
            raise Unreadable(f"'{a.gd['pos']}' has no single antecedent")
        a.gd = dict(a.gd, pos=None, e=sole[0])


def _difference(a: _Asked) -> None:
    if a.gd.get("u2"):
        # "How many fewer bees are there than flowers?": the one holder's two things, the
        # larger first for "fewer" (flowers less bees), in the unit asked first.
        units = [_unit(a.gd["u"]), _unit(a.gd["u2"])]
        if a.gd["d"] in {"fewer", "less"}:
            units.reverse()
        sole = a.ctx.sole_holder()
        holder = sole[0] if sole else WORLD
        a.base["units"], a.base["entities"] = units, [holder, holder]
    if a.gd.get("dv") not in {None, "have", "own"}:
        a.base["verb"] = a.gd["dv"]


def _total(a: _Asked) -> None:
    if a.gd.get("w") and a.gd["w"].strip() not in _TOTAL_WORDS:
        # "How many apples did they pick": the tally of that activity, per person.
        a.base["verb"] = a.gd["w"].strip()


def _containers(a: _Asked) -> None:
    if a.gd.get("w"):
        # "to hold the flowers": the stock the containers hold, checked against the rate's.
        a.base["contents"] = _unit(a.gd["w"])


#: What each kind of question reads from its slots into the question's arguments (kinds
#: not listed read nothing beyond their unit and entities).
_READ_KIND: dict[QuestionKind, Callable[[_Asked], None]] = {
    "subset": _part,
    "subset_not": _part,
    "per_each": _per_each,
    "unit_price": _unit_price,
    "afford": _afford,
    "task_left": _task_left,
    "rate_times": _rate_times,
    "state": _state,
    "money": _money,
    "duration": _motion,
    "distance": _motion,
    "spend": _spend,
    "goal": _goal,
    "last": _last,
    "speed": _speed,
    "difference": _difference,
    "total": _total,
    "containers": _containers,
}


def _question(body: str, ctx: _Context) -> list[Question]:
    for rule in QUESTION_RULES:
        kind = rule.kind
        m = rule.compiled.fullmatch(body)
        if not m:
            continue
        gd = m.groupdict()
        holds = _HOLDS.get(kind)
        if holds is not None and not holds(gd, ctx):
            continue
        if kind == "task_left":
            gd = {k: v for k, v in gd.items() if k != "e"}  # the job's, whoever does it
        for w in SCALE_WORDS.finditer(body):
            # "How many quarters" asks for coins; any other scale word is not read here.
            if not (w.group(0).startswith("quarter") and _unit(gd.get("u")) == "quarter"):
                raise Unreadable(f"scale word {w.group(0)!r} in the question is not read")
        cue = ctx.cue(m, 0)
        # "How much does 1 pencil cost": the 1 is a determiner the pattern grounds.
        qids = tuple(ctx.q(m, "one") for _ in [0] if gd.get("one"))
        unit_surface = gd.get("u") or ""
        if gd.get("nounless") and kind != "task_left":
            # No noun: the one unit the problem's holdings have, or not read. Packs of
            # cupcakes hold cupcakes: a container unit yields to what it contains.
            units = sorted(ctx.units - {"?"})
            units = [u for u in units if not any(u.startswith(v + " ") for v in units)]
            if kind == "per_each":
                # "How many does each student get?": of the thing that is not the students
                units = [u for u in units if u != _unit(gd["c"])]
            if len(units) != 1:
                raise Unreadable("the question names no unit and the problem has no single one")
            gd = dict(gd, u=units[0])
        fixed = _FIXED_UNIT.get(kind)
        if fixed is None and m.group(0).startswith("how much money"):
            fixed = _DOLLARS
        if fixed is not None:
            unit_surface = fixed[1]
        base: dict[str, Any] = {"unit": _unit(gd.get("u")) if gd.get("u") else None}
        if fixed is not None:
            base["unit"] = fixed[0]
        asked = _Asked(m, ctx, gd, base, qids, unit_surface)
        read_kind = _READ_KIND.get(kind)
        if read_kind is not None:
            read_kind(asked)
        gd, qids, unit_surface = asked.gd, asked.qids, asked.unit_surface
        if gd.get("pos"):
            gd = dict(gd, e=gd["pos"])
        out: list[Question] = []
        if gd.get("other") is not None:
            # The other of exactly two people named in the problem.
            if len(ctx.persons) != 2:
                raise Unreadable("'more' without 'than' needs exactly two people")
            others = [p for p in ctx.persons if p not in ctx.entity(gd["a"])]
            if len(others) != 1:
                raise Unreadable("no single other person to compare with")
            gd = dict(gd, b=others[0])
        if gd.get("needed") is not None:
            # needed by nobody who holds anything ("Debby's class is going on a trip" names
            # whose trip): the one holder of the problem, or the world's stock
            if any(e in ctx.persons for e, _u in ctx.owned) or len(ctx.locations) > 1:
                raise Unreadable("who needs them is not said")
            sole = ctx.sole_holder()
            gd = dict(gd, e=sole[0] if sole else (ctx.locations or [WORLD])[0])
        if gd.get("solo") is not None:
            if len(ctx.persons) != 1:
                raise Unreadable("whose money is left is not said")
            gd = dict(gd, e=ctx.persons[0])
        if gd.get("passive"):
            # "How many pears were picked in total?": every named person's tally of it.
            # Closed world: a person no sentence gives any of that thing has none of it
            # ("Fred picked 130 apples" picked no oranges).
            unit = str(base["unit"])
            pickers = [
                p
                for p in ctx.persons
                if any(e == p and (u == unit or u.endswith(" " + unit)) for e, u in ctx.owned)
            ]
            if any(e in ctx.persons and e not in pickers and u == "None" for e, u in ctx.owned):
                raise Unreadable("someone's tally has no stated unit")
            if body.endswith(" today") and re.search(
                r"\b(?:yesterday|tomorrow|last|next|ago)\b", ctx.text[: ctx.offset]
            ):
                raise Unreadable("asked about today, with other days in the problem")
            sole = ctx.sole_holder()
            if not pickers and sole is not None:
                # "How many cakes were served today?" of the one restaurant of the problem.
                args = dict(base, entity=sole[0], verb=_PARTICIPLE[gd["passive"]])
                out.append(Question("state", args, (cue,), ctx.sentence, unit_surface, qids))
                return out
            if len(pickers) < 2:
                raise Unreadable("a total of a tally needs two or more named people")
            args = dict(base, entities=sorted(pickers), verb=_PARTICIPLE[gd["passive"]])
            out.append(Question(kind, args, (cue,), ctx.sentence, unit_surface, qids))
        elif gd.get("they"):
            # "they" in a total: every named person, and there must be several; or the pair
            # named together ("Janet and her sister").
            if ctx.group_ok():
                args = dict(base, entities=list(ctx.group))
            elif len(ctx.persons) < 2 and ctx.sole_holder() is not None and kind == "total":
                # "How many hens do they have left?" of the one farm: its state
                for e in ctx.entity("they"):
                    out.append(
                        Question("state", dict(base, entity=e), (cue,), ctx.sentence,
                                 unit_surface, qids)
                    )  # fmt: skip
                return out
            elif len(ctx.persons) < 2:
                raise Unreadable("'they' needs two or more named people")
            else:
                args = dict(base, entities=sorted(ctx.persons))
            out.append(Question(kind, args, (cue,), ctx.sentence, unit_surface, qids))
        elif kind == "spend" and gd.get("e") == "they" and ctx.group_ok():
            # "How much did they spend?": what each of the pair spent
            args = dict(base, entity=GROUP, entities=list(ctx.group))
            out.append(Question(kind, args, (cue,), ctx.sentence, unit_surface, qids))
        elif gd.get("x3"):
            mentions = [ctx.entity(gd[g]) for g in ("x1", "x2", "x3")]
            for combo in _product(*mentions):
                if len(set(combo)) == 3:
                    args = dict(base, entities=sorted(combo))
                    out.append(Question(kind, args, (cue,), ctx.sentence, unit_surface, qids))
        elif "a" in gd and gd.get("a"):
            for a, b in _product(ctx.entity(gd["a"]), ctx.entity(gd["b"])):
                if a != b:
                    args = dict(base, entities=[a, b] if kind == "difference" else sorted([a, b]))
                    out.append(Question(kind, args, (cue,), ctx.sentence, unit_surface, qids))
        elif (
            gd.get("loc")
            and gd["loc"] not in ctx.locations
            and not ctx.locations
            and any(
                e == WORLD and u.split()[-1] == singular(gd["loc"].split()[-1])
                for e, u in ctx.owned_world
            )
        ):
            # "How many books were on the shelves?" after "There were 150 book shelves":
            # the world's, on the shelves it has
            args = dict(base, entity=WORLD)
            out.append(Question("world", args, (cue,), ctx.sentence, unit_surface, qids))
        elif (
            gd.get("loc")
            and gd["loc"] not in ctx.locations
            and gd["loc"] in ctx.entities
            and not ctx.persons
        ):
            # "How many tulips are in the garden?" after "The garden has 7 rows of
            # tulips": what the garden holds, a holder the problem named
            args = dict(base, entity=gd["loc"])
            out.append(Question(kind, args, (cue,), ctx.sentence, unit_surface, qids))
        elif gd.get("loc"):
            if gd["loc"] not in ctx.locations:
                # "on the bus" for "the school bus": the one place of that name
                named = [loc for loc in ctx.locations if loc.endswith(" " + gd["loc"].split()[-1])]
                if len(named) != 1 or len(gd["loc"].split()) != 2:
                    raise Unreadable(f"{gd['loc']} holds nothing the problem stated")
                gd = dict(gd, loc=named[0])
            args = dict(base, entity=gd["loc"])
            out.append(Question(kind, args, (cue,), ctx.sentence, unit_surface, qids))
        elif kind == "world" and len(ctx.locations) > 1 and gd.get("tot"):
            # "How many pencils are there in total?" over the drawer and the desk.
            args = dict(base, entities=sorted(ctx.locations))
            out.append(Question("total", args, (cue,), ctx.sentence, unit_surface, qids))
        elif kind == "world" and len(ctx.locations) == 1:
            # "How many birds are there now?" with one place in the problem: that place.
            args = dict(base, entity=ctx.locations[0])
            out.append(Question("state", args, (cue,), ctx.sentence, unit_surface, qids))
        elif kind == "world" and not ctx.locations and len(ctx.persons) == 1:
            # "How many are left?" when one person holds everything: what she holds.
            args = dict(base, entity=ctx.persons[0])
            out.append(Question("state", args, (cue,), ctx.sentence, unit_surface, qids))
        elif (
            kind == "world"
            and not ctx.locations
            and not ctx.persons
            and ctx.sole_holder() is not None
            and not any(e == WORLD for e, _u in ctx.owned_world)
        ):
            # "How many rolls are left?" when one holder named by a common noun ("a baker")
            # holds everything and no person is named: what it holds.
            for e in ctx.sole_holder() or []:
                args = dict(base, entity=e)
                out.append(Question("state", args, (cue,), ctx.sentence, unit_surface, qids))
        elif (
            kind == "state"
            and gd.get("e", "").startswith("the ")
            and gd["e"] not in ctx.holders
            and gd["e"] not in ctx.entities
            and (WORLD, singular(gd["e"].split()[-1])) in ctx.owned_world
            and len(gd["e"].split()) == 2
        ):
            # "How many legs do the cats have?" after "There are 5 cats": the world's cats,
            # and what they hold by their rate
            args = dict(base, entity=WORLD)
            out.append(Question("world", args, (cue,), ctx.sentence, unit_surface, qids))
        elif gd.get("e") and base.get("unit") in GENERIC_NOUNS:
            for e in ctx.entity(gd["e"]):
                for scope in ("all", "contents"):
                    args = dict(base, entity=e, generic=scope)
                    out.append(Question(kind, args, (cue,), ctx.sentence, unit_surface, qids))
        elif gd.get("e"):
            for e in ctx.entity(gd["e"]):
                out.append(
                    Question(kind, dict(base, entity=e), (cue,), ctx.sentence, unit_surface, qids)
                )
        else:
            out.append(Question(kind, base, (cue,), ctx.sentence, unit_surface, qids))
        return out
    raise Unreadable("question matches no question pattern")
