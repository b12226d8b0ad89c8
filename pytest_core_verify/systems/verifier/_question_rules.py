"""The question reader: the first question rule (``_rules.QUESTION_RULES``) that matches
the question whole, read into questions by its kind.

Part of the reader (``_parse.parse_problem`` is its entry point); no pytest import.
"""

from __future__ import annotations

import re
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
from ._rules import QUESTION_RULES
from ._set_aside import (
    SCALE_WORDS,
)
from ._types import (
    GROUP,
    TASK,
    WORLD,
    Question,
)
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


def _question(body: str, ctx: _Context) -> list[Question]:
    for rule in QUESTION_RULES:
        kind = rule.kind
        m = rule.compiled.fullmatch(body)
        if not m:
            continue
        gd = m.groupdict()
        if kind == "packed" and _unit(gd.get("u")) not in ctx.packs:
            continue  # not containers something was packed into: an activity's tally
        if kind == "containers" and (_unit(gd.get("u")) not in ctx.fills or ctx.packs):
            continue
        if kind == "task_left" and not ctx.task_units and not ctx.task_verbs:
            continue  # no job stated: "have to use" is not what is left of one
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
        money = m.group(0).startswith("how much money")
        if kind in {"money", "spend", "change"} or money:
            unit_surface = "dollars"
        elif kind == "age":
            unit_surface = "years"
        elif kind == "unit_price":
            unit_surface = "dollars"
        base: dict[str, Any] = {"unit": _unit(gd.get("u")) if gd.get("u") else None}
        if kind in {"money", "spend", "change"} or money:
            base["unit"] = "dollar"
        if kind == "age":
            base["unit"] = "year"
        if kind == "unit_price":
            base["item"] = _unit(gd["c"])
            base["unit"] = "dollar"
        if kind in {"subset", "subset_not"}:
            base["part"] = gd["w"]
        if kind == "per_each":
            base["per"] = _unit(gd["c"])
        if kind == "afford":
            # What the money held buys, in whole things at the question's price.
            base["unit"], base["item"] = "dollar", _unit(gd["u"])
            qids = (ctx.q(m, "k"),)
        if kind == "task_left" and (gd.get("u") or gd.get("nounless")):
            # in the thing asked about, or (no noun) in the one kind of thing the job counts
            if gd.get("nounless"):
                heads = {u.split()[-1] for u in ctx.task_units}
                if len(heads) != 1:
                    raise Unreadable("the question names no thing and the job counts several")
                gd = dict(gd, u=heads.pop())
                unit_surface = ""
            base["unit"], base["verb"] = _unit(gd["u"]), gd["tv"]
        elif kind == "task_left" or gd.get("time") is not None:
            # "How long": in the one time unit a "takes 7 hours to paint" clause counts in.
            if len(ctx.times) != 1:
                raise Unreadable("how long, with no single time per thing")
            gd = dict(gd, u=next(iter(ctx.times)))
            base["unit"], base["verb"] = gd["u"], gd["tv"]
            unit_surface = gd["u"] + "s"
        if kind == "task_left":
            base["entity"] = TASK
        if kind == "rate_times":
            # "How many pages does he read in 5 days": a rate times the question's number.
            base["per"] = _unit(gd["c"])
            qids = (ctx.q(m, "k"),)
            if gd.get("price") is not None:
                base["unit"], unit_surface = "dollar", "dollars"
                if "cent" in ctx.units and "dollar" not in ctx.units:
                    # "How much would 136 pieces cost?" at "18 cents" each: in cents.
                    base["unit"], unit_surface = "cent", "cents"
        if kind == "state" and gd.get("v"):
            base["verb"] = "go" if gd["v"] in {"go to", "attend"} else gd["v"]
        if kind == "money" and gd.get("earn") in {"earn", "make", "have made"}:
            base["verb"] = "earn"
        if kind in {"duration", "distance"}:
            base["verb"] = gd.get("mv") or "go"
        if gd.get("way") is not None:
            # "how far ... in 36 hours": in the one unit of way the problem counts.
            ways = sorted(u for u in ctx.units if u in _WAY_UNITS)
            if len(ways) != 1:
                raise Unreadable("how far, with no single unit of way")
            base["unit"], base["verb"] = ways[0], gd["mv"]
            unit_surface = ways[0] + "s"
        if kind == "spend" and gd.get("cat"):
            # "How much did she spend on toys?": only what was bought in one go is known
            # to be of that kind (another sentence may buy pants), and only if the kind is
            # not one of the things bought ("spend on the cap" is that item alone).
            base["category"] = gd["cat"]
            _check_category(gd["cat"], ctx.text[: ctx.offset])
        if kind == "goal":
            verb = gd.get("gv") or gd["gh"]
            if gd.get("e2") and ctx.entity(gd["e2"]) != ctx.entity(gd["e"]):
                raise Unreadable("the target is someone else's")
            if verb.split()[0] in {"give", "spend", "sell", "eat", "use", "lose", "throw"}:
                base["direction"] = "down"
            elif verb.split()[0] in {
                "find",
                "buy",
                "pick",
                "get",
                "earn",
                "save",
                "make",
                "bake",
                "collect",
                "catch",
                "grow",
                "add",
                "win",
                "have",
                "read",
            }:
                base["direction"] = "up"
            else:
                raise Unreadable(f"what {verb!r} does to the amount is not known")
            if gd.get("u2") and gd.get("u") and _unit(gd["u2"]) != _unit(gd["u"]):
                raise Unreadable("the target counts another thing")
            if not gd.get("u"):
                if not gd.get("u2"):
                    raise Unreadable("the question names no unit")
                gd = dict(gd, u=gd["u2"])
                base["unit"] = _unit(gd["u2"])
                unit_surface = gd["u2"]
            qids = (ctx.q(m, "k"),)
        if kind == "last":
            base["unit"] = "dollar" if gd["stuff"] == "money" else _unit(gd["stuff"])
        if kind == "speed" and gd.get("pos") in {"its", "their"}:
            # "What was its average speed?": the one holder named by a common noun.
            sole = ctx.sole_holder()
            if sole is None:
                raise Unreadable(f"'{gd['pos']}' has no single antecedent")
            gd = dict(gd, pos=None, e=sole[0])
        if gd.get("pos"):
            gd = dict(gd, e=gd["pos"])
        if kind == "difference" and gd.get("dv") not in {None, "have", "own"}:
            base["verb"] = gd["dv"]
        if kind == "total" and gd.get("w") and gd["w"].strip() not in _TOTAL_WORDS:
            # "How many apples did they pick": the tally of that activity, per person.
            base["verb"] = gd["w"].strip()
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
