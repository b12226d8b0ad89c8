"""The state-machine evaluator shared by the multiplicative and the general simulation
readers: holdings, rates, containers, coins, tasks, motion.

Part of the readers (``_readers.READERS`` lists them); no pytest import.
"""

from __future__ import annotations

import re
from fractions import Fraction
from typing import Any

from ._ledger import (
    _activity_guard,
    _earning_guard,
    _goal,
    _loss_tally,
    _MissingSignal,
    _verb_forms,
)
from ._lexicon import GENERIC_NOUNS, singular
from ._parse import GROUP, TASK, WORLD, Clause, Parse, Question
from ._timed import timed_change
from ._units import UNIT_MEASURE, unit_of
from ._values import (
    Abstain,
    Missing,
    Outcome,
    Val,
    _afford,
    _compared,
    _const,
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
from ._verbs import gerund_lemmas, tensed

# --------------------------------------------------------------------------- state machine


#: Verbs of a clause of losing money that say it was spent ("cost" as in "a lamp cost her
#: 14 dollars").
_SPENDING = tensed("spend") | {"cost"}


class _Sim:
    def __init__(self, parse: Parse) -> None:
        self.parse = parse
        self.state: dict[tuple[str, str], Val] = {}
        self.rates: dict[tuple[str | None, str, str], Val] = {}
        self.roles: dict[tuple[str | None, str, str], str] = {}
        self.bought: list[tuple[str, str, Val]] = []
        self.spent: dict[str, Val] = {}
        self.paid: dict[str, Val] = {}
        self.prices: dict[str, Val] = {}
        self.subsets: list[tuple[str, str, Val, Val]] = []
        self.joints: list[tuple[list[str], str, Val]] = []
        self.defects: list[str] = []
        #: The clauses applied so far, in order (a change compared with another time's).
        self.applied: list[Clause] = []
        self.generic_scope = "contents"
        #: The question asks what is held now ("how much money does he have left"), so
        #: money spent from earnings alone is taken from them.
        self.net_of_spending = False
        self.stated: set[tuple[str, str]] = set()
        self.shares: list[tuple[str, str | None, str, Val]] = []
        #: What the sharer held when sharing (one entry per share, in order).
        self.shared_stock: list[dict[tuple[str, str], Val]] = []
        self.changed: set[tuple[str, str]] = set()
        self.unstarted: set[tuple[str, str]] = set()
        self.packed: list[tuple[str, str, Val]] = []
        self.sold: list[tuple[str, str, Val]] = []
        self.rescued: set[tuple[str, str]] = set()
        self.needs: list[Clause] = []
        self.divisions: list[tuple[str, str]] = []
        #: The state as the current sentence found it: a part of a stock that the same
        #: sentence already changed ("gave her 8 dollars and 3/8 of his dollars") is of
        #: the stock before or after that change, unsure; one it first states is not.
        self.sentence: int | None = None
        self.sentence_start: dict[tuple[str, str], Val] = {}

    def lit(self, qid: str) -> Val:
        return _lit(self.parse, qid)

    def key(self, entity: str, unit: str | None) -> tuple[str, str]:
        return _unit_key(self.state, entity, unit)

    def add(self, k: tuple[str, str], v: Val, sign: str) -> None:
        cur = self.state.get(k)
        if cur is None:
            if sign == "-":
                # A loss from nothing stated: negative, unless the amount is derived from
                # containers ("3 packs of 6 rolls ... she ate 4 rolls"); decided at the end.
                self.unstarted.add(k)
            cur = _const(Fraction(0))
        new = _op(cur, sign, v) if cur.deps or cur.v else (v if sign == "+" else _op(cur, "-", v))
        if new.v < 0 and k not in self.unstarted:
            self.defects.append(f"negative_state:{k[0]}")
        self.state[k] = new
        self.changed.add(k)

    def money_key(self, entity: str) -> tuple[str, str] | None:
        hits = [k for k in self.state if k[0] == entity and k[1] == "dollar"]
        return hits[0] if hits else None

    def apply(self, c: Clause) -> None:
        a = c.args
        kind = c.kind
        if c.sentence != self.sentence:
            self.sentence, self.sentence_start = c.sentence, dict(self.state)
        self.applied.append(c)
        if kind == "change_than" and a["sign"] == "+":
            # "20 more in the afternoon than in the morning": the morning's gain, and 20
            amount, unit = timed_change(self.parse, self.applied[:-1], c)
            self.add(self.key(a["entity"], unit), amount, "+")
            return
        if kind == "have" and a.get("original"):
            k = self.key(a["entity"], a["unit"])
            if k in self.state and k not in self.stated:
                # "There were originally 57 apples in the jar", told after a change
                self.state[k] = _op(self.lit(a["q"]), "+", self.state[k])
                self.stated.add(k)
                self.rescued.add(k)
                return
        if kind in {"have", "visits"}:
            k = self.key(a["entity"], a["unit"])
            if k in self.state:
                self.defects.append(f"restated_state:{k[0]}")
            self.state[k] = self.lit(a["q"])
            self.stated.add(k)
        elif kind == "gain":
            self.add(self.key(a["entity"], a["unit"]), self.lit(a["q"]), "+")
            if c.cues and c.cues[0].text in tensed("buy"):
                self.bought.append(
                    (a["entity"], self.key(a["entity"], a["unit"])[1], self.lit(a["q"]))
                )
        elif kind == "lose" or (kind == "change_than" and a["sign"] == "-"):
            if kind == "change_than":
                # "3 more on Tuesday than on Monday": Monday's loss, and 3 (as one stated)
                amount, unit = timed_change(self.parse, self.applied[:-1], c)
                k = self.key(a["entity"], unit)
            else:
                amount = self.lit(a["q"])
                if a.get("times"):
                    amount = _op(amount, "*", self.lit(a["times"]))
                k = self.key(a["entity"], a["unit"])
            if c.cues and c.cues[0].text.lower() in tensed("sell") and k[1] != "dollar":
                self.sold.append((a["entity"], k[1], amount))
            if c.cues and c.cues[0].text.lower() in _SPENDING and k[1] == "dollar":
                # "She spent 13.99 dollars on shorts", "a lamp cost her 14 dollars": money
                # paid, as a purchase is.
                e = a["entity"]
                self.spent[e] = _op(self.spent[e], "+", amount) if e in self.spent else amount
                if k not in self.state:
                    return
            self.add(k, amount, "-")
        elif kind == "part":
            pass  # "9 were torn": still held; nothing changes
        elif kind == "tally":
            raise Abstain("a tally of an activity says nothing of what is held")
        elif kind == "need":
            self.needs.append(c)
        elif kind == "pair":
            pass  # who "they" are
        elif kind == "all_but":
            # "Vanessa sold all but 7 bars": the one stock of bars keeps 7; the rest went
            held = [k for k in self.state if a["unit"] is None or _unit_match(a["unit"], k[1])]
            if len(held) != 1:
                raise Abstain("all but some of no single stock")
            k = held[0]
            amount = _op(self.state[k], "-", self.lit(a["q"]))
            if amount.v < 0:
                self.defects.append(f"negative_state:{k[0]}")
            self.state[k] = self.lit(a["q"])
            self.changed.add(k)
            if str(a["verb"]) in {"sold", "sells"}:
                self.sold.append((a["entity"], k[1], amount))
        elif kind == "divide":
            self.divisions.append((str(a["unit"]), str(a["per"])))
        elif kind in {"task", "done", "task_more"}:
            pass  # a job and the work on it: only the question of what is left reads them
        elif kind == "pack":
            # What the owner holds now, put in containers of q each: that many containers.
            k = self.key(a["entity"], a["unit"])
            count = _op(self.value(k[0], k[1]), "/", self.lit(a["q"]))
            self.packed.append((a["entity"], str(a["per"]), count))
        elif kind == "share":
            # "She shares them among 5 friends": the owner's stock split in equal parts.
            self.shares.append((a["entity"], a["unit"], str(a["per"]), self.lit(a["q"])))
            self.shared_stock.append({k: v for k, v in self.state.items() if k[0] == a["entity"]})
        elif kind == "give":
            unit = a["unit"]
            if unit is None:
                giver_units = {u for (e, u) in self.state if e == a["giver"]}
                unit = self.key(a["giver"] if giver_units else a["taker"], None)[1]
            kg = self.key(a["giver"], unit)
            if (
                kg in self.state
                or _subkinds(self.state, kg[0], kg[1]) is not None
                or self._held_in_containers(kg[0], kg[1])
            ):
                self.add(kg, self.lit(a["q"]), "-")
            self.add(self.key(a["taker"], kg[1]), self.lit(a["q"]), "+")
        elif kind in {"lose_frac", "give_frac"}:
            owner = a["entity"] if kind == "lose_frac" else a["giver"]
            k = self.key(owner, a["unit"])
            if k not in self.state:
                raise Abstain(f"a fraction of {owner}'s unknown {k[1]}")
            if _kind_of(a["unit"], k[1]):
                # "half of his red apples" of 200 apples: a part of a kind whose count is
                # not held, never a part of all of them ("the remaining apples" are all)
                raise Abstain(f"a fraction of {owner}'s {a['unit']}, a kind not counted")
            # "1/3 of the apples" while another also holds apples: whose, or all of them?
            if a.get("the_noun") and any(e != owner and u == k[1] for e, u in self.state):
                raise Abstain(f"a fraction of the {k[1]}, which more than one holds")
            frac = Val(a["frac"], frozenset(c.qids), str(a["frac"]))
            part = _op(self.state[k], "*", frac)
            if k in self.sentence_start and self.sentence_start[k] is not self.state[k]:
                raise Abstain(f"a part of {owner}'s {k[1]}, changed in the same sentence")
            if not _whole_part(k[1], part.v):
                raise Abstain(f"{a['frac']} of {owner}'s {k[1]} is no whole {k[1]}")
            self.state[k] = _op(self.state[k], "-", part)
            self.changed.add(k)
            # As a stated loss is: a part spent is money paid, a part sold is a sale.
            verb = c.cues[0].text.lower() if c.cues else ""
            if kind == "lose_frac" and verb in _SPENDING and k[1] == "dollar":
                self.spent[owner] = (
                    _op(self.spent[owner], "+", part) if owner in self.spent else part
                )
            if kind == "lose_frac" and verb in tensed("sell") and k[1] != "dollar":
                self.sold.append((owner, k[1], part))
            if kind == "give_frac":
                self.add(self.key(a["taker"], k[1]), part, "+")
        elif kind == "rate":
            rk = (a["owner"], a["unit"], a["per"])
            if rk in self.rates:
                self.defects.append(f"restated_rate:{a['unit']}/{a['per']}")
            qv = self.lit(a["q"])
            # "1 box holds 6 eggs": the 1 is grounded and used, it divides by one.
            for extra in c.qids:
                if extra != a["q"]:
                    qv = _op(qv, "/", self.lit(extra))
            self.rates[rk] = qv
            self.roles[rk] = str(a.get("role", "content"))
        elif kind == "purchase":
            count, price = self.lit(a["q"]), self.lit(a["price"])
            self.add(self.key(a["entity"], a["unit"]), count, "+")
            self._spend(a["entity"], _op(count, "*", price))
            self.prices[a["unit"]] = price
        elif kind == "purchase_total":
            cost = self.lit(a["cost"])
            if a["q"]:
                self.add(self.key(a["entity"], a["unit"]), self.lit(a["q"]), "+")
                self.prices[a["unit"]] = _op(cost, "/", self.lit(a["q"]))
            else:
                self.prices[a["unit"]] = cost
            self._spend(a["entity"], cost)
        elif kind == "paid":
            self.paid[a["entity"]] = self.lit(a["q"])
        elif kind == "subset":
            frac = Val(a["frac"], frozenset(q for q in c.qids if q != a["q"]), str(a["frac"]))
            whole = self.lit(a["q"])
            self.subsets.append((a["unit"], a["part"], _op(whole, "*", frac), whole))
        elif kind == "part_count":
            # "38 of the carrots were good": so many of all the carrots there are now, of
            # everyone's (the whole is what the problem holds of that thing, all of it)
            keys = sorted(
                k for k in self.state if a["unit"] is None or _unit_match(a["unit"], k[1])
            )
            if not keys:
                raise Abstain(f"no {a['unit']} known for a part of them")
            whole = _sum([self.state[k] for k in keys])
            if a.get("frac") is not None:
                # "Half of them are red": that part of all of them held now
                if a["unit"] is None and len(keys) != 1:
                    # "them" names the one stock held; of several, which is not said
                    raise Abstain("a part of them, of no single stock held")
                frac = Val(a["frac"], frozenset(c.qids), str(a["frac"]))
                part_name, part_val = str(a["part"]), _op(whole, "*", frac)
                if not _whole_part(keys[0][1], part_val.v) or (
                    UNIT_MEASURE.get(unit_of(keys[0][1]) or keys[0][1]) is None
                    and part_val.v.denominator != 1
                ):
                    raise Abstain(f"{a['frac']} of the {keys[0][1]} is no whole number")
            else:
                part_name, part_val = str(a["part"]), self.lit(a["q"])
            if part_name.startswith("not "):
                # "34 of the customers were not tipping": the tipping ones are the others
                part_name, part_val = part_name[4:], _op(whole, "-", part_val)
            self.subsets.append((str(a["unit"] or keys[0][1]), part_name, part_val, whole))
        elif kind == "joint":
            self.joints.append((list(a["entities"]), a["unit"], self.lit(a["q"])))
        elif kind == "rel":
            # Read in order: the base must already be known (the comparative reader
            # resolves any order; the two agree or the pool refuses).
            try:
                # "18 cows and 3 times as many chickens as cows": a base of another thing
                base = self.value(a["base"], a.get("base_unit") or a["unit"])
            except _MissingSignal as sig:
                # Only the question may name a missing datum; mid-way it is just unknown.
                raise Abstain(f"the base of a comparison is unknown: {sig}") from None
            v = _compared(self.parse, c, base)
            k = self.key(a["entity"], a["unit"])
            if k in self.state:
                self.defects.append(f"overdetermined:{k[0]}")
            self.state[k] = v
        else:
            raise Abstain(f"clause kind {kind} is not the simulation's")

    def _spend(self, entity: str, cost: Val) -> None:
        self.spent[entity] = _op(self.spent[entity], "+", cost) if entity in self.spent else cost
        mk = self.money_key(entity)
        if mk is not None:
            self.add(mk, cost, "-")

    def settle(self) -> None:
        # Items bought before or after their price is stated are paid for once, at the end.
        for entity, unit, count in self.bought:
            price = self.rate(None, "dollar", unit)
            if price is not None:
                self._spend(entity, _op(count, "*", price))

    def rate(self, owner: str | None, unit: str, per: str) -> Val | None:
        hits = [
            v
            for (o, u, p), v in sorted(self.rates.items(), key=lambda kv: str(kv[0]))
            if o in {owner, None} and _unit_match(unit, u) and _unit_match(per, p)
        ]
        if len(hits) > 1:
            raise Abstain(f"several rates of {unit} per {per}")
        return hits[0] if hits else None

    def value(self, entity: str, unit: str, depth: int = 0) -> Val:
        if depth > 4:
            raise Abstain("rate chain too deep")
        kinds = _subkinds(self.state, entity, unit)
        if (
            kinds is not None
            and (not kinds[1] or (entity, unit) not in self.stated)
            and not any(_unit_match(unit, u) for (_o, u, _p) in self.rates)
        ):
            # Each kind stated ("36 siamese cats and 18 house cats"): the kind is their sum,
            # with what happened to the whole kind ("sold 26 cats").
            whole = _sum([self.state[k] for k in kinds[0]])
            if kinds[1]:
                whole = _op(whole, "+", self.state[(entity, unit)])
                self.rescued.add((entity, unit))
            return whole
        hits = [k for k in self.state if k[0] == entity and _unit_match(unit, k[1])]
        if len(hits) > 1:
            raise Abstain(f"unit {unit} is ambiguous for {entity}")
        derived: list[Val] = []
        accrued: list[Val] = []
        for rk, r in sorted(self.rates.items(), key=lambda kv: str(kv[0])):
            owner, ru, per = rk
            if owner not in {entity, None} or not _unit_match(unit, ru):
                continue
            if self.roles.get(rk) == "price":
                continue  # a price is paid, never held
            if any(k[0] == entity and _unit_match(per, k[1]) for k in self.state) or any(
                o2 == entity and _unit_match(per, u2) for (o2, u2, _p2) in self.rates
            ):
                v = _op(self.value(entity, per, depth + 1), "*", r)
                if self.roles.get(rk) == "accrue" or self._only_gained(entity, per):
                    # Earned money, or bought / received packs: they add to what is held.
                    accrued.append(v)
                else:
                    derived.append(v)
        if (
            hits
            and len(derived) == 1
            and not accrued
            and hits[0] in self.unstarted
            and hits[0] not in self.stated
        ):
            # Only losses of what the containers hold: the derived amount less them.
            self.rescued.add(hits[0])
            return _op(derived[0], "+", self.state[hits[0]])
        if hits and derived:
            raise Abstain(f"{entity}'s {unit} is both stated and derived")
        if hits and hits[0] not in self.stated and any(entity in m for m, _u, _v in self.joints):
            # A share of a joint total changed without a stated start: the share is unknown.
            raise Abstain(f"{entity}'s share of a joint total has no stated start")
        if hits or (accrued and not derived):
            acc = self.state[hits[0]] if hits else None
            for v in accrued:
                acc = v if acc is None else _op(acc, "+", v)
            if (
                hits
                and accrued
                and hits[0] in self.unstarted
                and hits[0] not in self.stated
                and acc is not None
                and acc.v >= 0
            ):
                # Only losses of what bought or earned containers hold: of those.
                self.rescued.add(hits[0])
            if not hits and unit == "dollar" and self.net_of_spending and entity in self.spent:
                # Earned, then spent with no money stated: what was spent is of the earnings.
                acc = _op(acc, "-", self.spent[entity]) if acc is not None else None
            if acc is not None:
                return acc
        if len(derived) == 1 and not accrued:
            return derived[0]
        kinds_rated = sorted(
            rk
            for rk in self.rates
            if rk[0] in {entity, None}
            and rk[1].endswith(" " + unit)
            and self.roles.get(rk) != "price"
        )
        if (
            derived
            and not accrued
            and not hits
            and len(kinds_rated) == len(derived)
            and len({rk[1] for rk in kinds_rated}) == len(kinds_rated)
        ):
            # "Each cage has 2 parrots and 6 parakeets" and "how many birds": each kind is
            # derived once, and the kinds of the noun sum.
            return _sum(derived)
        if derived:
            raise Abstain(f"several derivations of {entity}'s {unit}")
        packed = [v for e, per, v in self.packed if e == entity and _unit_match(unit, per)]
        if len(packed) == 1 and not hits and not derived and not accrued:
            return packed[0]
        if unit in GENERIC_NOUNS:
            return self.generic(entity)
        for members, junit, jv in self.joints:
            if entity in members and _unit_match(unit, junit):
                others = [m for m in members if m != entity]
                if len(others) == 1 and not any(k[0] == others[0] for k in self.state):
                    raise _MissingSignal(_missing_share(junit, others[0]))
                if any(k[0] in others and k in self.changed for k in self.state):
                    # The joint total was stated once; a share that changed since is not it.
                    raise Abstain("a share of the joint total changed after it was stated")
                acc = jv
                for o in others:
                    acc = _op(acc, "-", self.value(o, junit, depth + 1))
                return acc
        raise Abstain(f"nothing known of {entity}'s {unit}")

    def _held_in_containers(self, entity: str, unit: str) -> bool:
        """The entity's things of ``unit`` are in its containers ("4 packs ... each pack
        has 10 pencils"): a gift of them is taken from what the containers hold."""
        return any(
            o in {entity, None}
            and _unit_match(unit, u)
            and self.roles.get((o, u, p)) != "price"
            and any(k[0] == entity and _unit_match(p, k[1]) for k in self.state)
            for (o, u, p) in self.rates
        )

    def _only_gained(self, entity: str, per: str) -> bool:
        """The entity's containers all came by gains (bought, received), none were stated."""
        keys = [k for k in self.state if k[0] == entity and _unit_match(per, k[1])]
        return bool(keys) and all(k in self.changed and k not in self.stated for k in keys)

    def generic(self, entity: str) -> Val:
        # "How many things": whether the containers count is the question's own
        # alternative (scope "all" or "contents"), so a container makes two readings.
        contents = [rk for rk in self.rates if self.roles.get(rk) != "price"]
        containers = {p for (_o, _u, p) in contents}
        units = sorted(
            {u for (e, u) in self.state if e == entity} | {u for (_o, u, _p) in contents}
        )
        keep_containers = self.generic_scope == "all"
        parts = [
            self.value(entity, u, 1)
            for u in units
            if u != "dollar" and (keep_containers or u not in containers)
        ]
        if not parts:
            raise Abstain("no counted things")
        return _sum(parts)


def _per_each(sim: _Sim, a: dict[str, Any]) -> Val:
    """'How many marbles does each friend get?': one owner's stock over the stated number
    of equal parts (a share clause, or the one stated count of the parts)."""
    per = a["per"]
    shares = [(s, i) for i, s in enumerate(sim.shares) if _unit_match(per, s[2])]
    if len(shares) == 1:
        (owner, unit, _per, count), at = shares[0]
        then = sim.shared_stock[at]
        now = {k: v for k, v in sim.state.items() if k[0] == owner}
        if set(now) != set(then) or any(now[k] is not v for k, v in then.items()):
            # "He put them into 2 albums. He lost 2 pictures.": from which part is not said
            raise Abstain("the stock changed after it was shared")
        return _op(sim.value(owner, unit or a["unit"]), "/", count)
    if shares:
        raise Abstain("several shares into those parts")
    if any(not (_unit_match(a["unit"], u) and _unit_match(per, p)) for u, p in sim.divisions):
        raise Abstain("divided among others than the question's")
    counts = [k for k in sim.state if _unit_match(per, k[1])]
    holders = sorted({k[0] for k in sim.state if _unit_match(a["unit"], k[1])})
    if len(counts) != 1 or len(holders) != 1:
        raise Abstain("no single count of the parts and single stock to split")
    return _op(sim.value(holders[0], a["unit"]), "/", sim.state[counts[0]])


_AGE_WORDS = frozenset({"new", "old", "extra", "spare", "more"})


def _containers(sim: _Sim, q: Question) -> Outcome:
    """'How many pages would he use?' with '5 cards on each page': all the cards he holds
    (of every kind) over the number per page; a remainder is a defect, never rounded."""
    a = q.args
    per = str(a["unit"])
    rates = [
        rk
        for rk in sorted(sim.rates, key=str)
        if _unit_match(per, rk[2]) and sim.roles[rk] != "price"
    ]
    if len(rates) != 1:
        raise Abstain("no single number per container")
    owner, unit, _p = rates[0]
    if a.get("contents") is not None and a["contents"] != unit:
        # "to hold the roses" with "6 flowers in each vase": a part, not what is counted.
        raise Abstain("the question's stock is not what the containers hold")
    if owner not in {None, a["entity"]}:
        raise Abstain("the rate is someone else's")
    if any(k[0] == a["entity"] and _unit_match(per, k[1]) for k in sim.state):
        raise Abstain("containers already held")
    head = unit.split()[-1]
    # "3 new cards and 42 old cards" for a binder of baseball cards: new and old ones of
    # that thing, never another kind of it ("football cards").
    keys = sorted(
        k
        for k in sim.state
        if k[0] == a["entity"]
        and (
            _unit_match(unit, k[1])
            or (k[1].split()[-1] == head and set(k[1].split()[:-1]) <= _AGE_WORDS)
        )
    )
    if not keys:
        raise Abstain(f"nothing known of {a['entity']}'s {unit}")
    stock = _sum([sim.state[k] for k in keys])
    return Outcome(_op(stock, "/", sim.rates[rates[0]]), per, sim.defects)


_TIMES = frozenset({"hour", "minute", "second"})
_WAYS = frozenset({"mile", "kilometer", "meter", "yard", "foot", "lap", "block"})


def _category_names_all(category: str, clauses: list[Clause], a: dict[str, Any]) -> bool:
    """A kind asked about ("How much did he spend on hats?") is all he spent only if every
    spending clause of his buys that kind (one sentence may list shirts and hats): else it
    asks for a part the total does not give."""
    head = singular(category.split()[-1])
    spent = [
        c
        for c in clauses
        if c.kind in {"purchase", "purchase_total", "lose"} and c.args.get("entity") == a["entity"]
    ]
    items = {singular((str(c.args.get("unit") or "?").split() or ["?"])[-1]) for c in spent}
    return len(spent) <= 1 or items == {head}


#: What a coin is worth, in cents.
_COIN_CENTS = {"penny": 1, "nickel": 5, "dime": 10, "quarter": 25}


def _coins(sim: _Sim, entity: str, unit: str) -> Val | None:
    """'How many cents does Sara have?' when all she holds is coins ("11 quarters"): what
    the coins are worth (None: she holds money as such, or things that are not coins)."""
    keys = sorted(k for k in sim.state if k[0] == entity)
    if not keys or any(k[1] not in _COIN_CENTS for k in keys):
        return None
    if any(o in {entity, None} for (o, _u, _p) in sim.rates):
        return None
    cents = _sum([_op(sim.state[k], "*", _const(Fraction(_COIN_CENTS[k[1]]))) for k in keys])
    return cents if unit == "cent" else _op(cents, "/", _const(Fraction(100)))


def _last(sim: _Sim, q: Question) -> Outcome:
    """'How long would the money last him?': what he holds over the one amount he uses per
    day (week, ...), in days; a stock that does not last a whole number of them is
    refused, never rounded."""
    a = q.args
    entity, unit = a["entity"], str(a["unit"])
    uses = [
        (k, v) for k, v in sorted(sim.rates.items(), key=str)
        if k[0] == entity and sim.roles.get(k) != "accrue"
    ]  # fmt: skip
    if len(uses) != 1:
        raise Abstain("no single amount used per day")
    (_o, used, per), rate = uses[0]
    if any(k[0] == entity and _unit_match(per, k[1]) for k in sim.state):
        raise Abstain("the days are stated, not asked")
    # "the candy" held as "11 candy pieces" and "5 pieces", eaten "8 pieces a day": the
    # stock in the unit used, naming the question's stuff (or being it).
    keys = sorted(k for k in sim.state if k[0] == entity and _unit_match(used, k[1]))
    if not keys or not (_unit_match(unit, used) or any(unit in k[1].split()[:-1] for k in keys)):
        raise Abstain("the amount used per day is not of the stock asked about")
    if len(keys) != len([k for k in sim.state if k[0] == entity]):
        raise Abstain("other things held beside the stock")
    have = _sum([sim.state[k] for k in keys])
    days = _op(have, "/", rate)
    if days.v.denominator != 1:
        raise Abstain("the stock does not last a whole number of days")
    return Outcome(days, per, sim.defects)


def _speed(sim: _Sim, entity: str) -> Outcome:
    """'How fast did Rachel go?': her one stated speed, or the one way she went over the
    one time it took ("It is 10 miles from ... It took Rachel 5 hours")."""
    speeds = [
        (k, v) for k, v in sorted(sim.rates.items(), key=str)
        if k[0] == entity and k[1] in _WAYS and k[2] in _TIMES
    ]  # fmt: skip
    ways = [k for k in sim.state if k[0] == entity and k[1] in _WAYS]
    times = [k for k in sim.state if k[0] == entity and k[1] in _TIMES]
    if len(speeds) == 1 and not ways and not times:
        (_o, unit, per), v = speeds[0]
        return Outcome(v, f"{unit} per {per}", sim.defects)
    if speeds or len(ways) != 1 or len(times) != 1:
        raise Abstain("no single way over a single time")
    v = _op(sim.state[ways[0]], "/", sim.state[times[0]])
    return Outcome(v, f"{ways[0][1]} per {times[0][1]}", sim.defects)


def _way_tally(sim: _Sim, clauses: list[Clause], q: Question) -> Outcome:
    """'How far did Terrell hike all together?' with no speed: every way he went, each by
    the question's verb, in one unit; nothing else is said of him."""
    a = q.args
    verb = str(a.get("verb", "go"))
    mine = [c for c in clauses if a["entity"] in {c.args.get(k) for k in ("entity", "owner")}]
    if not mine or any(c.kind != "gain" or c.args.get("unit") not in _WAYS for c in mine):
        raise Abstain("not only ways gone")
    if verb not in {"go", "travel"} and any(
        c.cues[0].text.lower() not in _verb_forms(verb) for c in mine
    ):
        raise Abstain(f"a way gone otherwise than by the question's {verb!r}")
    if len({c.args["unit"] for c in mine}) != 1:
        raise Abstain("ways in two units")
    return Outcome(
        _sum([_lit(sim.parse, c.args["q"]) for c in mine]), mine[0].args["unit"], sim.defects
    )


def _task_left(sim: _Sim, clauses: list[Clause], q: Question) -> Outcome:
    """'How long will it take him to install the rest?', 'How many more problems does she
    have to grade?': what the job still needs (stated, plus what was added, less what was
    done), in the job's things, or times the one amount per thing the question counts (a
    time per thing, problems per worksheet). The job, the work done and a time per thing
    must all name the question's verb ("installed 5" is no part of painting)."""
    a = q.args
    verb = str(a["verb"])
    forms = _verb_forms(verb)
    tasks = [c for c in clauses if c.kind == "task"]
    if not tasks or any(c.args.get("verb") not in {None, verb} for c in tasks):
        raise Abstain("no job of the question's verb")
    if verb == "need" and any(c.args.get("verb") is not None for c in tasks):
        raise Abstain("what is still needed of a job with a verb of its own")
    heads = {str(c.args["unit"]).split()[-1] for c in tasks}
    if len(heads) != 1:
        raise Abstain("a job of several things")
    head = heads.pop()
    done = [c for c in clauses if c.kind == "done"]
    # a done clause without a verb was read with its job ("baked 3, but needed 5")
    if any(c.args.get("verb") is not None and c.args["verb"] not in forms for c in done):
        raise Abstain("work done with another verb than the question's")
    if any(c.args.get("verb") is None for c in done) != (verb == "need"):
        raise Abstain("work done of a job and a question of another kind")
    more = [c for c in clauses if c.kind == "task_more"]
    for c in [*done, *more]:
        if c.args.get("unit") is not None and not _unit_match(head, c.args["unit"]):
            raise Abstain("work on another thing than the job's")
    left = _sum([_lit(sim.parse, c.args["q"]) for c in [*tasks, *more]])
    for c in done:
        left = _op(left, "-", _lit(sim.parse, c.args["q"]))
    sim.rescued |= {k for k in sim.unstarted if k[0] == TASK}
    unit = str(a["unit"])
    rates = [c for c in clauses if c.kind == "rate"]
    if _unit_match(unit, head) or _unit_match(head, unit):
        if rates:
            raise Abstain("a rate beside a job asked in its own things")
        return Outcome(left, head, sim.defects)
    if len(rates) != 1 or not _unit_match(head, str(rates[0].args["per"])):
        raise Abstain("no single amount per thing of the job")
    timed = str(rates[0].args["unit"]) in _TIMES
    if timed and rates[0].args.get("verb") != verb:
        raise Abstain("no single time per thing for the question's verb")
    if not _unit_match(unit, str(rates[0].args["unit"])):
        raise Abstain("the amount per thing counts another thing")
    per = _lit(sim.parse, rates[0].args["q"])
    for extra in rates[0].qids:
        if extra != rates[0].args["q"]:
            per = _op(per, "/", _lit(sim.parse, extra))
    return Outcome(_op(left, "*", per), unit, sim.defects)


def _earned_from_stock(clauses: list[Clause], q: Question, parse: Parse) -> Outcome | None:
    """'A magician was selling decks for 7 dollars each. He started with 16 decks and by the
    end of the day he had 8 left. How much money did he earn?': what left the stock, at its
    price. Only a price, the stock at first and the stock at the end: nothing else."""
    if q.kind != "money" or q.args.get("verb") != "earn" or len(clauses) != 3:
        return None
    kinds = sorted(c.kind for c in clauses)
    if kinds != ["have", "have_final", "rate"]:
        return None
    rate = next(c for c in clauses if c.kind == "rate")
    start = next(c for c in clauses if c.kind == "have")
    end = next(c for c in clauses if c.kind == "have_final")
    entity = q.args["entity"]
    unit = str(rate.args["per"])
    if (
        rate.args.get("role") != "price"
        or rate.args["unit"] != "dollar"
        or {start.args["entity"], end.args["entity"]} != {entity}
        or not _unit_match(unit, str(start.args["unit"]))
        or not _unit_match(unit, str(end.args["unit"]))
        or start.sentence >= end.sentence
    ):
        return None
    sold = _op(_lit(parse, start.args["q"]), "-", _lit(parse, end.args["q"]))
    defects = ["negative_state:" + entity] if sold.v < 0 else []
    return Outcome(_op(sold, "*", _lit(parse, rate.args["q"])), "dollar", defects)


def _simulate(clauses: list[Clause], q: Question, parse: Parse) -> Outcome | Missing:
    earned = _earned_from_stock(clauses, q, parse)
    if earned is not None:
        return earned
    tally = _loss_tally(clauses, q, parse)
    if tally is not None:
        return Outcome(tally, q.args["unit"], [])
    _activity_guard(clauses, q)
    _earning_guard(clauses, q)
    sim = _Sim(parse)
    out = _simulate_on(sim, clauses, q, parse)
    for k in sorted(sim.unstarted - sim.rescued):
        # A loss from nothing stated and nothing derived: the stock went negative.
        sim.defects.append(f"negative_state:{k[0]}")
    if isinstance(out, Outcome):
        out.defects = sim.defects
    return out


def _simulate_on(sim: _Sim, clauses: list[Clause], q: Question, parse: Parse) -> Outcome | Missing:
    sim.generic_scope = str(q.args.get("generic", "contents"))
    if any(c.kind == "have_final" for c in clauses):
        raise Abstain("a stated final state is for the ledger's 'at first' question")
    a = q.args
    try:
        for c in clauses:
            sim.apply(c)
        sim.settle()
        sales = [(u, n) for e, u, n in sim.sold if e == a.get("entity")]
        if (
            q.kind == "money"
            and a.get("verb") == "earn"
            and sales
            and not sim.money_key(a["entity"])
            and not any(
                o in {a["entity"], None} and u == "dollar"
                for (o, u, _p) in sim.rates
                if sim.roles.get((o, u, _p)) == "accrue"
            )
        ):
            # "How much money did she earn?": what she sold, each at its stated price (a
            # stock sold from nothing stated is not asked about).
            sim.rescued |= {
                k for k in sim.unstarted if (k[0], k[1]) in {(a["entity"], u) for u, _n in sales}
            }
            parts = []
            for unit, count in sales:
                price = sim.rate(None, "dollar", unit)
                if price is None:
                    raise Abstain(f"no price for {unit}")
                parts.append(_op(count, "*", price))
            return Outcome(_sum(parts), "dollar", sim.defects)
        if q.kind in {"state", "money"} and a["unit"] in {"dollar", "cent"}:
            coins = _coins(sim, a["entity"], str(a["unit"]))
            if coins is not None:
                return Outcome(coins, a["unit"], sim.defects)
        if q.kind in {"state", "money", "age"}:
            sim.net_of_spending = a.get("verb") in {None, "have"} and bool(
                q.cues and re.search(r"\b(?:have|has)\b", q.cues[0].text)
            )
            return Outcome(sim.value(a["entity"], a["unit"]), a["unit"], sim.defects)
        if q.kind == "world":
            packs = [v for _e, per, v in sim.packed if _unit_match(str(a["unit"]), per)]
            if len(packs) == 1 and not any(k[0] == WORLD for k in sim.state):
                # "How many groups are there?" when the one holder put its things into
                # groups of so many and nothing is the world's: the groups it made
                return Outcome(packs[0], a["unit"], sim.defects)
            return Outcome(sim.value(WORLD, a["unit"]), a["unit"], sim.defects)
        if q.kind == "goal":
            return _goal(sim.value(a["entity"], a["unit"]), q, parse, sim.defects)
        if q.kind == "afford":
            return _afford(sim.value(a["entity"], "dollar"), q, parse, sim.defects)
        if q.kind == "total":
            acc = _sum([sim.value(e, a["unit"]) for e in a["entities"]])
            group = [k for k in sim.state if k[0] == GROUP]
            if group:
                # "They ate 4 pieces" of what the pair holds together
                if sorted(a["entities"]) != sorted(_pair_of(clauses)) or len(group) != 1:
                    raise Abstain("a change of the pair, and a question of others")
                if group[0] in sim.stated:
                    raise Abstain("the pair's holding is stated, not changed")
                acc = _op(acc, "+", sim.state[group[0]])
                sim.rescued.add(group[0])
                if acc.v < 0:
                    sim.defects.append("negative_state:the pair")
            return Outcome(acc, a["unit"], sim.defects)
        if q.kind == "difference":
            x, y = a["entities"]
            # "how many more cups are there than plates": one holder, two things
            ux, uy = a.get("units") or (a["unit"], a["unit"])
            return Outcome(_op(sim.value(x, ux), "-", sim.value(y, uy)), a["unit"], sim.defects)
        if q.kind == "spend" and a["entity"] == GROUP:
            # "How much did they spend?": what each of the pair spent
            if any(e not in sim.spent for e in a["entities"]):
                raise Abstain("one of the pair bought nothing stated")
            if sorted(a["entities"]) != sorted(_pair_of(clauses)):
                raise Abstain("not the pair")
            return Outcome(_sum([sim.spent[e] for e in a["entities"]]), "dollar", sim.defects)
        if q.kind == "spend":
            if a["entity"] not in sim.spent:
                raise Abstain("no grounded purchase")
            spending = {
                c.sentence
                for c in clauses
                if c.kind in {"purchase", "purchase_total", "lose"}
                and c.args.get("entity") == a["entity"]
            }
            if a.get("category") and len(spending) > 1:
                raise Abstain("purchases in several sentences, asked about one kind of thing")
            if a.get("category") and not _category_names_all(str(a["category"]), clauses, a):
                raise Abstain("purchases of several things, asked about one kind of them")
            return Outcome(sim.spent[a["entity"]], "dollar", sim.defects)
        if q.kind == "change":
            e = a["entity"]
            if e not in sim.spent or e not in sim.paid:
                raise Abstain("change needs a grounded cost and a payment")
            return Outcome(_op(sim.paid[e], "-", sim.spent[e]), "dollar", sim.defects)
        if q.kind == "unit_price":
            hits = [v for u, v in sorted(sim.prices.items()) if _unit_match(a["item"], u)]
            r = sim.rate(None, "dollar", a["item"])
            if r is not None:
                hits.append(r)
            if len(hits) != 1:
                raise Abstain("no single grounded price")
            return Outcome(hits[0], "dollar", sim.defects)
        if q.kind == "need_left":
            need = _one_need(sim.needs, q)
            if a["unit"] == "dollar":
                # "How much money would he need to finish his collection?" at its price
                item = str(need.args["unit"])
                price = sim.rate(None, "dollar", item)
                if price is None:
                    raise Abstain("no price of what is still needed")
                left = _op(_lit(parse, need.args["q"]), "-", sim.value(a["entity"], item))
                return Outcome(_op(left, "*", price), "dollar", sim.defects)
            return _need_left(need, sim.value(a["entity"], a["unit"]), q, parse, sim.defects)
        if sim.needs:
            raise Abstain("a need, and a question of something else")
        if q.kind == "containers":
            return _containers(sim, q)
        if q.kind == "task_left":
            return _task_left(sim, clauses, q)
        if q.kind == "rate_times" and a.get("verb"):
            # "How long will it take to bake 4 pans?": the time per pan of that very verb.
            timed = [c for c in clauses if c.kind == "rate" and c.args.get("verb")]
            if len(timed) != 1 or timed[0].args["verb"] not in _verb_forms(str(a["verb"])):
                raise Abstain("no single time per thing for the question's verb")
        if q.kind == "rate_times":
            owner = a.get("entity")
            r = sim.rate(owner, a["unit"], a["per"])
            if r is None or not q.qids:
                raise Abstain("no rate for the question's number")
            return Outcome(_op(r, "*", _lit(parse, q.qids[0])), a["unit"], sim.defects)
        if q.kind == "per_each":
            return Outcome(_per_each(sim, a), a["unit"], sim.defects)
        if q.kind == "speed":
            return _speed(sim, a["entity"])
        if q.kind == "last":
            return _last(sim, q)
        if q.kind == "distance" and not any(
            o == a["entity"] and p in _TIMES for (o, _u, p) in sim.rates
        ):
            return _way_tally(sim, clauses, q)
        if q.kind in {"duration", "distance"}:
            speeds = [
                (u, p, v)
                for (o, u, p), v in sorted(sim.rates.items(), key=lambda kv: str(kv[0]))
                if o == a["entity"] and p in {"hour", "minute", "second"}
            ]
            if len(speeds) != 1:
                raise Abstain("no single speed")
            dist, per, speed = speeds[0]
            # The question's verb is the motion's ("How long did James ride?" after "James
            # rode 80 miles"), or travelling in general; "how long did he rest" is not.
            moved = {
                str(c.args.get("verb")).lower()
                for c in clauses
                if c.kind == "rate" and c.args.get("owner") == a["entity"] and c.args.get("verb")
            }
            verb = str(a.get("verb", ""))
            lemmas = gerund_lemmas(verb) or (verb,)
            if verb not in {"go", "travel", "travelling", "traveling", "going"} and not any(
                moved & _verb_forms(lemma) for lemma in lemmas
            ):
                raise Abstain(f"the question asks how long {a['entity']} did {verb}, not moved")
            if q.kind == "distance":
                return Outcome(sim.value(a["entity"], dist), dist, sim.defects)
            held = [
                k
                for k in sim.state
                if k[0] == a["entity"] and k[1] == dist and k in sim.stated and k not in sim.changed
            ]
            if len(held) != 1:
                raise Abstain("no single distance travelled")
            return Outcome(_op(sim.state[held[0]], "/", speed), per, sim.defects)
        if q.kind == "packed":
            hits = [
                v for e, per, v in sim.packed if e == a["entity"] and _unit_match(a["unit"], per)
            ]
            if len(hits) != 1:
                raise Abstain("no single packing into those containers")
            return Outcome(hits[0], a["unit"], sim.defects)
        if q.kind in {"subset", "subset_not"}:
            subset_hits = [
                s
                for s in sim.subsets
                if _unit_match(a["unit"], s[0]) and s[1].rstrip("s") == a["part"].rstrip("s")
            ]
            if len(subset_hits) != 1:
                raise Abstain("no single grounded part")
            _u, _p, part, whole = subset_hits[0]
            return Outcome(
                part if q.kind == "subset" else _op(whole, "-", part), a["unit"], sim.defects
            )
    except _MissingSignal as sig:
        return sig.missing
    raise Abstain(f"question kind {q.kind} is not the simulation's")


def _kind_of(unit: str | None, held: str) -> bool:
    """``unit`` names a kind of the ``held`` noun ("red apple" of "apple"), not all of it
    ("remaining apple")."""
    if unit is None or unit == held or not unit.endswith(" " + held):
        return False
    return bool(set(unit[: -len(held)].split()) - {"remaining", "leftover"})


def _whole_part(unit: str, part: Fraction) -> bool:
    """A part of money is a whole number of cents; a part of another measure (a length, a
    mass) may be any exact fraction. A part of a count noun that is no whole count passes
    here: the candidate it makes is incomplete (``no_complete_candidate``)."""
    measure = UNIT_MEASURE.get(unit_of(unit) or unit)
    if measure is None:
        return True
    if measure[0] == "money":
        factor = measure[1] or Fraction(1)
        return (part * factor).denominator == 1
    return True
