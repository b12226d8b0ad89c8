"""The ledger reader: changes of one owner's holding in order, goals, and the comparative
reader over relations.

Part of the readers (``_readers.READERS`` lists them); no pytest import.
"""

from __future__ import annotations

from fractions import Fraction

from ._parse import GROUP, Clause, Parse, Question
from ._timed import timed_change
from ._units import UNIT_MEASURE
from ._values import (
    Abstain,
    Missing,
    Outcome,
    Val,
    _afford,
    _compared,
    _const,
    _inverse,
    _lit,
    _missing_share,
    _need_left,
    _one_need,
    _op,
    _pair_of,
    _subkinds,
    _sum,
    _unit_key,
    _unit_match,
)
from ._verbs import verb_forms

# --------------------------------------------------------------------------- question verbs

#: Question verbs that ask for a state; any other verb asks for an activity's tally.
STATE_VERBS = frozenset({"have", "own", "keep"})


def _verb_forms(verb: str) -> frozenset[str]:
    """The forms of ``verb`` a clause may be cued by; going to games is attending them
    ("went to 11 games", "attended 4 games")."""
    if verb == "go":
        return verb_forms("go") | verb_forms("attend")
    return verb_forms(verb)


def _loss_tally(clauses: list[Clause], q: Question, parse: Parse) -> Val | None:
    """'How many grapes did Mia eat?' when every clause about Mia's grapes is an eating:
    the tally is the sum of what she ate (None: not such a question)."""
    verb = q.args.get("verb")
    if q.kind != "state" or verb is None or verb in STATE_VERBS:
        return None
    forms = _verb_forms(verb)
    unit, entity = q.args["unit"], q.args["entity"]
    mine = [
        c
        for c in clauses
        if entity in {c.args.get("entity"), c.args.get("giver"), c.args.get("taker")}
        and (c.args.get("unit") is None or _unit_match(unit, c.args["unit"]))
    ]
    if not mine or not all(
        (c.kind in {"lose", "tally"} or (c.kind == "change_than" and c.args["sign"] == "-"))
        and c.cues
        and c.cues[0].text.lower() in forms
        and not c.args.get("times")
        for c in mine
    ):
        return None
    # "She sold 12 fewer cakes on Tuesday than on Monday": Monday's sale, less 12
    return _sum(
        [
            timed_change(parse, clauses[: clauses.index(c)], c)[0]
            if c.kind == "change_than"
            else _lit(parse, c.args["q"])
            for c in mine
        ]
    )


def _activity_guard(clauses: list[Clause], q: Question) -> None:
    """'How many apples does Sara eat?' asks for a tally, not Sara's state: only clauses of
    that very activity (rates, which derive it, and comparisons made with the same verb,
    whose bases are checked in turn) may build the answer."""
    verb = q.args.get("verb")
    if q.kind not in {"state", "total", "difference"} or verb is None or verb in STATE_VERBS:
        return
    forms = _verb_forms(verb)
    unit = q.args["unit"]
    pending = [q.args["entity"]] if q.kind == "state" else list(q.args["entities"])
    seen: set[str] = set()
    while pending:
        entity = pending.pop()
        seen.add(entity)
        for c in clauses:
            a = c.args
            owners = {a.get("entity"), a.get("taker"), a.get("giver"), a.get("owner")}
            cu = a.get("unit")
            if entity not in owners or (cu is not None and not _unit_match(unit, cu)):
                continue
            if c.kind in {"rate", "part"}:
                continue  # a rate derives the tally; a part changes nothing
            if (
                c.kind in {"gain", "purchase", "change_than"}
                and c.cues
                and c.cues[0].text.lower() in forms
            ):
                continue
            if c.kind == "rel" and a.get("verb") in forms and a.get("entity") == entity:
                if a["base"] not in seen:
                    pending.append(a["base"])
                continue
            raise Abstain(f"the question asks what {entity} did ({verb}), not what {entity} has")


#: Activities a time is spent on that a pay rate per that time does not pay for ("studied
#: 9 hours", "exercised for 2 hours"); working, or doing "this", is what it pays.
# fmt: off
_UNPAID_TIME_VERBS: tuple[str, ...] = (
    "read", "walk", "run", "drive", "practice", "study", "play", "swim", "ride", "train",
    "exercise", "hike", "jog", "bike", "cycle", "volunteer", "sleep",
)
# fmt: on
_UNPAID_TIME_FORMS = frozenset().union(*(_verb_forms(v) for v in _UNPAID_TIME_VERBS))


def _earning_guard(clauses: list[Clause], q: Question) -> None:
    """'How much money did Dana earn?' asks for money earned: a rate of money that is not
    earned ("uses 13 dollars per hour") does not answer it; and a pay rate per unit of
    time multiplies only the time spent working ("studied 9 hours" is not paid), whatever
    the question about the money asks."""
    if q.kind not in {"money", "state"} or q.args.get("unit") != "dollar":
        return
    entity = q.args["entity"]
    paid_per: set[str] = set()
    for c in clauses:
        a = c.args
        if c.kind != "rate" or a.get("owner") not in {entity, None} or a.get("unit") != "dollar":
            continue
        if a.get("role") not in {"accrue", "price"} and q.args.get("verb") == "earn":
            raise Abstain(f"the question asks what {entity} earned; a rate of money is not earned")
        if a.get("role") == "accrue":
            paid_per.add(str(a.get("per")))
    for c in clauses:
        a = c.args
        if (
            c.kind in {"have", "gain"}
            and a.get("entity") == entity
            and a.get("unit") in paid_per
            and UNIT_MEASURE.get(str(a.get("unit")), ("",))[0] == "time"
            and c.cues
            and c.cues[0].text.lower() in _UNPAID_TIME_FORMS
        ):
            raise Abstain(f"{c.cues[0].text!r} for so long is not the work a pay rate pays")


# --------------------------------------------------------------------------- ledger (accumulation)


def _unknown_change(clauses: list[Clause], q: Question, parse: Parse) -> Outcome:
    """'Rosa had 67 flowers. Andre gave her some more. Now Rosa has 90. How many flowers did
    Andre give to Rosa?': the holding after less the holding before (a loss: before less
    after). Only when one such change is the problem's only change, with exactly one
    holding stated before it and one after, and the question asks for that very change."""
    changes = [c for c in clauses if c.kind == "change_unknown"]
    if len(changes) != 1:
        raise Abstain("not one unknown change")
    change = changes[0]
    a = change.args
    verb = q.args.get("verb")
    if q.kind != "state" or not isinstance(verb, str):
        raise Abstain("the question does not ask for the change")
    if a["verb"] != verb and a["verb"] not in _verb_forms(verb.split()[0]):
        raise Abstain("the question asks for another change")
    if q.args["entity"] != a["agent"]:
        # "How many did Andre give?" of Andre's gift; "did Rosa give" asks another thing
        raise Abstain("the question asks about someone else")
    owner = a["entity"]
    unit = a["unit"] or q.args["unit"]
    if not _unit_match(q.args["unit"], unit):
        raise Abstain("the question counts another thing")
    others = [c for c in clauses if c is not change]
    held = [
        c
        for c in others
        if c.kind in {"have", "have_final"}
        and c.args["entity"] == owner
        and c.args.get("unit") is not None
        and _unit_match(unit, c.args["unit"])
    ]
    before = [c for c in held if c.sentence < change.sentence and c.kind == "have"]
    after = [c for c in held if c.sentence > change.sentence]
    if len(others) != 2 or len(before) != 1 or len(after) != 1:
        raise Abstain("not one holding before and one after the unknown change")
    start, end = _lit(parse, before[0].args["q"]), _lit(parse, after[0].args["q"])
    value = _op(end, "-", start) if a["sign"] == "+" else _op(start, "-", end)
    return Outcome(value, unit, [])


def _ledger(clauses: list[Clause], q: Question, parse: Parse) -> Outcome | Missing:
    """Signed entries per (owner, unit), read in order; solves "at first" backwards."""
    if any(c.kind == "change_unknown" for c in clauses):
        return _unknown_change(clauses, q, parse)
    tally = _loss_tally(clauses, q, parse)
    if tally is not None:
        return Outcome(tally, q.args["unit"], [])
    _activity_guard(clauses, q)
    entries: dict[tuple[str, str], list[tuple[str, Val]]] = {}
    finals: dict[tuple[str, str], Val] = {}
    joints: list[tuple[list[str], str, Val]] = []
    defects: list[str] = []
    needs: list[Clause] = []

    def key(entity: str, unit: str | None) -> tuple[str, str]:
        return _unit_key(entries, entity, unit)

    for c in clauses:
        a = c.args
        if c.kind == "have":
            k = key(a["entity"], a["unit"])
            if a.get("original") and k in entries and all(s != "=" for s, _v in entries[k]):
                # "There were originally 57 apples in the jar", told after a change
                entries[k].insert(0, ("=", _lit(parse, a["q"])))
                continue
            if k in entries:
                defects.append(f"restated_state:{k[0]}")
            entries[k] = [("=", _lit(parse, a["q"]))]
        elif c.kind == "gain":
            entries.setdefault(key(a["entity"], a["unit"]), []).append(("+", _lit(parse, a["q"])))
        elif c.kind == "lose":
            amount = _lit(parse, a["q"])
            if a.get("times"):
                amount = _op(amount, "*", _lit(parse, a["times"]))
            entries.setdefault(key(a["entity"], a["unit"]), []).append(("-", amount))
        elif c.kind == "give":
            kt = (
                key(a["taker"], a["unit"])
                if a["unit"] or any(e == a["taker"] for e, _ in entries)
                else None
            )
            unit = a["unit"] or (kt[1] if kt else None)
            if unit is None:
                unit = key(a["giver"], None)[1]
            kg = key(a["giver"], unit)
            if kg in entries or _subkinds(entries, kg[0], kg[1]) is not None:
                # the giver holds a stock (or kinds of it): a transfer, not a gift
                entries.setdefault(kg, []).append(("-", _lit(parse, a["q"])))
            entries.setdefault(key(a["taker"], kg[1]), []).append(("+", _lit(parse, a["q"])))
        elif c.kind == "have_unknown":
            k = key(a["entity"], a["unit"])
            if k in entries:
                defects.append(f"restated_state:{k[0]}")
            entries[k] = [("?", _const(Fraction(0)))]
        elif c.kind == "have_final":
            finals[key(a["entity"], a["unit"])] = _lit(parse, a["q"])
        elif c.kind == "joint":
            joints.append((list(a["entities"]), a["unit"], _lit(parse, a["q"])))
        elif c.kind == "part":
            pass  # "9 were torn": still held; nothing changes
        elif c.kind == "tally":
            # "served 6 cakes": how the stock changed is not said; only a question about
            # that very activity (answered before) reads it.
            raise Abstain("a tally of an activity says nothing of what is held")
        elif c.kind == "need":
            needs.append(c)
        elif c.kind == "pair":
            pass  # "Janet and her sister combined the candy": who "they" are
        else:
            raise Abstain(f"clause kind {c.kind} is not the ledger's")

    def total(k: tuple[str, str]) -> Val:
        acc: Val | None = None
        for sign, v in entries.get(k, []):
            if sign == "?":
                raise Abstain(f"{k[0]}'s starting {k[1]} is unknown")
            if sign == "=":
                acc = v
            elif acc is None:
                acc = v if sign == "+" else _op(_const(Fraction(0)), "-", v)
            else:
                acc = _op(acc, sign, v)
            if acc.v < 0:
                defects.append(f"negative_state:{k[0]}")
        if acc is None:
            raise Abstain(f"nothing known of {k[0]}'s {k[1]}")
        if entries[k][0][0] != "=" and k not in finals:
            defects.append(f"unknown_start:{k[0]}")
        return acc

    def value(entity: str, unit: str) -> Val:
        kinds = _subkinds(entries, entity, unit)
        if kinds is not None:
            subs, has_exact = kinds
            if not has_exact or entries[(entity, unit)][0][0] != "=":
                # Each kind held; changes of the whole kind come after (a stated whole
                # beside its kinds is ambiguous: the kinds may be part of it).
                acc = _sum([total(s) for s in subs])
                for sign, v in entries.get((entity, unit), []):
                    acc = _op(acc, sign, v)
                if acc.v < 0:
                    defects.append(f"negative_state:{entity}")
                return acc
        k = key(entity, unit)
        if k in entries:
            if entries[k][0][0] != "=" and any(entity in m for m, _u, _v in joints):
                raise Abstain(f"{entity}'s share of a joint total has no stated start")
            return total(k)
        for members, junit, jv in joints:
            if entity in members and _unit_match(unit, junit):
                others = [m for m in members if m != entity]
                known = [o for o in others if key(o, junit) in entries]
                if any(len(entries[key(o, junit)]) != 1 for o in known):
                    # The joint total was stated once; a share that changed since is not it.
                    raise Abstain("a share of the joint total changed after it was stated")
                if len(known) == len(others):
                    acc = jv
                    for o in others:
                        acc = _op(acc, "-", total(key(o, junit)))
                    return acc
                if len(others) == 1:
                    raise _MissingSignal(_missing_share(junit, others[0]))
        raise Abstain(f"nothing known of {entity}'s {unit}")

    try:
        if q.kind in {"state", "money"}:
            if finals:
                raise Abstain("a final state is stated; only an 'at first' question uses it")
            v = value(q.args["entity"], q.args["unit"])
            return Outcome(v, key(q.args["entity"], q.args["unit"])[1], defects)
        if q.kind == "goal":
            return _goal(value(q.args["entity"], q.args["unit"]), q, parse, defects)
        if q.kind == "afford":
            if finals:
                raise Abstain("a final state is stated; only an 'at first' question uses it")
            return _afford(value(q.args["entity"], "dollar"), q, parse, defects)
        if q.kind == "need_left" and q.args["unit"] != "dollar":
            need = _one_need(needs, q)
            return _need_left(need, value(q.args["entity"], q.args["unit"]), q, parse, defects)
        if needs:
            raise Abstain("a need, and a question of something else")
        if q.kind == "initial":
            k = key(q.args["entity"], q.args["unit"])
            if k not in finals or any(s == "=" for s, _ in entries.get(k, [])):
                raise Abstain(
                    "an 'at first' question needs a stated final state and no stated start"
                )
            acc = finals[k]
            for sign, v in reversed(entries.get(k, [])):
                acc = _op(acc, "-" if sign == "+" else "+", v)
            return Outcome(acc, k[1], defects)
        if q.kind == "total":
            ents = list(q.args["entities"])
            for members, junit, jv in joints:
                if sorted(members) == sorted(ents) and _unit_match(q.args["unit"], junit):
                    return Outcome(jv, junit, defects)
            group = [k for k in entries if k[0] == GROUP]
            acc = _sum([value(e, q.args["unit"]) for e in ents if e != GROUP])
            if group:
                # "They ate 4 pieces" of what the pair holds together
                if sorted(ents) != sorted(_pair_of(clauses)) or len(group) != 1:
                    raise Abstain("a change of the pair, and a question of others")
                for sign, v in entries[group[0]]:
                    if sign not in {"+", "-"}:
                        raise Abstain("the pair's holding is stated, not changed")
                    acc = _op(acc, sign, v)
                if acc.v < 0:
                    defects.append("negative_state:the pair")
            return Outcome(acc, key(ents[0], q.args["unit"])[1], defects)
        if q.kind == "difference":
            a, b = q.args["entities"]
            # "how many more cups are there than plates": one holder, two things
            ua, ub = q.args.get("units") or (q.args["unit"], q.args["unit"])
            return Outcome(_op(value(a, ua), "-", value(b, ub)), q.args["unit"], defects)
    except _MissingSignal as sig:
        return sig.missing
    raise Abstain(f"question kind {q.kind} is not the ledger's")


def _goal(have: Val, q: Question, parse: Parse, defects: list[str]) -> Outcome:
    """'How many more does she need to find to have 25?': the target less what she has
    (or, giving away, what she has less the target); a negative need is a defect."""
    target = _lit(parse, q.qids[0])
    if q.args["direction"] == "up":
        return Outcome(_op(target, "-", have), q.args["unit"], defects)
    return Outcome(_op(have, "-", target), q.args["unit"], defects)


class _MissingSignal(Exception):
    def __init__(self, missing: Missing) -> None:
        super().__init__(missing.datum)
        self.missing = missing


# --------------------------------------------------------------------------- comparative


def _comparative(clauses: list[Clause], q: Question, parse: Parse) -> Outcome | Missing:
    """Known values and relations resolved to a fixed point, in any sentence order."""
    _activity_guard(clauses, q)
    known: dict[tuple[str, str], Val] = {}
    rels: list[Clause] = []
    defects: list[str] = []
    for c in clauses:
        if c.kind == "have":
            k = (c.args["entity"], c.args["unit"])
            if k in known:
                defects.append(f"restated_state:{k[0]}")
            known[k] = _lit(parse, c.args["q"])
        elif c.kind == "rel":
            rels.append(c)
        else:
            raise Abstain(f"clause kind {c.kind} is not the comparative reader's")
    if not rels:
        raise Abstain("no comparison to read")

    def find(entity: str, unit: str) -> tuple[str, str] | None:
        hits = [k for k in known if k[0] == entity and _unit_match(unit, k[1])]
        if len(hits) > 1:
            raise Abstain(f"unit {unit} is ambiguous for {entity}")
        return hits[0] if hits else None

    pending = list(rels)
    while pending:
        progressed = False
        for c in list(pending):
            a = c.args
            # "18 cows and 3 times as many chickens as cows": a base of another thing
            base_unit = a.get("base_unit")
            base = find(a["base"], base_unit or a["unit"])
            if base is None:
                # "Lizette has 813 stamps, 125 more than Minerva": solve for the base.
                known_target = find(a["entity"], a["unit"])
                if known_target is None:
                    continue
                solved = (a["base"], base_unit or known_target[1])
                known[solved] = _inverse(parse, c, known[known_target])
                pending.remove(c)
                progressed = True
                continue
            v = _compared(parse, c, known[base])
            target = (a["entity"], a["unit"] if base_unit else base[1])
            if find(*target) is not None:
                defects.append(f"overdetermined:{target[0]}")
            known[target] = v
            pending.remove(c)
            progressed = True
        if not progressed:
            raise Abstain("a comparison refers to an unknown base")

    def value(entity: str, unit: str) -> Val:
        k = find(entity, unit)
        if k is None:
            raise Abstain(f"nothing known of {entity}'s {unit}")
        return known[k]

    if q.kind in {"state", "age", "money"}:
        return Outcome(value(q.args["entity"], q.args["unit"]), q.args["unit"], defects)
    if q.kind == "total":
        acc = _sum([value(e, q.args["unit"]) for e in q.args["entities"]])
        return Outcome(acc, q.args["unit"], defects)
    if q.kind == "difference":
        a, b = q.args["entities"]
        ua, ub = q.args.get("units") or (q.args["unit"], q.args["unit"])
        return Outcome(_op(value(a, ua), "-", value(b, ub)), q.args["unit"], defects)
    raise Abstain(f"question kind {q.kind} is not the comparative reader's")
