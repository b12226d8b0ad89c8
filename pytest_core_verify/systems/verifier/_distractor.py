"""Distractor quantities: the named rules that let a candidate leave a stated number unused.

The commit law wants every quantity of the problem used. A number may be left out only
when a rule below proves that nothing the question asks can depend on it; the candidate
then lists it under ``set_aside`` with the rule's name, and the authority audit re-runs
the rules on the trace's own clauses (JSON), so a forged ``set_aside`` is caught.

- ``distractor_other_unit``: the number is held, gained or lost in a unit that is not the
  question's nor of its measure ("3 quarters" are money when it asks dollars, "5
  centimeters" length when it asks inches: amounts the answer includes), nor, for a gain
  or a loss, a noun of a part or a group ("ate 3 slices", "sold 10 packs" of them),
  and no clause of the reading converts, prices, compares or pools that unit (only
  holdings, gains, losses and transfers mention it): the counterpart of such a change is
  in the same unit, or in money (trades are checked below). A transfer is never set
  aside: its unit may be misread ("2 cards back" is cards). Neither is a number counted
  in, or asked about in, a noun that names many kinds ("sold 4 animals" may be cats;
  "how many animals" counts the cats).
- ``distractor_part``: the number only describes part of a stock ("and 9 were torn"): it
  changes nothing, and the question asks for that owner's state, total or count in the
  stock's own unit, never naming the part's quality ("how many torn cards" is refused).
- ``distractor_idle_rate``: the number is a rate of nobody in particular ("each apple
  comes in a package of 11") whose container no other clause and not the question names:
  with no count of packages nothing can be converted by it. An owner's rate ("reads 5
  pages a day") is an activity over an unstated time and is never set aside.
- ``distractor_other_kind_rate``: the number is so many of another thing per container
  ("each butterfly has 12 black dots and 17 yellow dots", asked for black dots), beside
  a rate of the question's thing per the same container; a rate of nobody in particular
  whose thing no other clause and not the question names, and the question counts one
  thing (no kind noun over both) other than the container: nothing can convert it into
  the question's thing.
- ``distractor_other_entity``: the question asks for one owner's state, and the number is
  another owner's stated holding or produced gain (grown, picked, found, caught, baked,
  made), an owner that takes part in no transfer, comparison, joint total or rate.

A gain or a loss is never set aside: its counterpart may be implicit ("Students returned
15 books" fills the library the question asks about).

Neither applies when a clause of the reading trades across the question's side (buying
apples changes money by an unstated amount, spending money changes goods), when a clause
swaps or trades things for things, when the number's own unit is unstated (an elliptic
"4 more"), or when the question is about "things" in general.
"""

from __future__ import annotations

from typing import Any

from ._lexicon import KINDS_OF, singular
from ._units import FAMILY, UNIT_MEASURE

__all__ = ["DISTRACTOR_RULES", "set_aside_quantities"]

DISTRACTOR_RULES = (
    "distractor_other_unit",
    "distractor_other_entity",
    "distractor_part",
    "distractor_idle_rate",
    "distractor_other_kind_rate",
)

_HOLDING = frozenset({"have", "gain", "lose"})
#: Verbs whose clause changes money and goods together: the other side changes by an
#: amount the clause does not state.
_TRADE = frozenset(
    [
        "buys",
        "bought",
        "buy",
        "sells",
        "sold",
        "sell",
        "spends",
        "spent",
        "spend",
        "pays",
        "paid",
        "pay",
        "earns",
        "earned",
        "earn",
        "costs",
        "cost",
        "charges",
        "charged",
        "orders",
        "ordered",
        "purchases",
        "purchased",
    ]
)
_SWAP = frozenset(
    ["trades", "traded", "trade", "swaps", "swapped", "swap", "exchanges", "exchanged"]
)
_MONEY = frozenset({"dollar", "cent", "euro", "pound"})
#: Gains with no giver: what is grown, picked, found, caught, baked or made.
_PRODUCE = frozenset(
    {"grows", "grew", "picks", "picked", "finds", "found", "collects", "collected"}
    | {"catches", "caught", "bakes", "baked", "makes", "made", "plants", "planted"}
)
_GENERIC = frozenset({"thing", "item", "object"})
#: Nouns that name a kind of many things ("sold 4 animals" may be 4 of the cats): a number
#: counted in one of them alone, or asked about in one, is never another unit's ("tall
#: trees" and "short trees" are two kinds; "trees" may be either).
_HYPERNYMS = frozenset(
    [
        "animal",
        "pet",
        "fruit",
        "vegetable",
        "toy",
        "coin",
        "bird",
        "flower",
        "food",
        "vehicle",
        "clothes",
        "clothing",
        "furniture",
        "person",
        "people",
        "child",
        "kid",
        "creature",
        "plant",
        "tree",
        "insect",
        "bug",
        "fish",
        "game",
        "snack",
        "treat",
        "sweet",
        "dessert",
        "drink",
        "instrument",
        "tool",
        "supply",
        "grocery",
        "good",
        "stuff",
        "piece",
        "one",
        "total",
        "sum",
    ]
    # and every noun the lexicon counts kinds of ("3 students left" may be girls)
) | frozenset(KINDS_OF)


#: Coins and notes are money: "3 quarters" is an amount the dollars asked for include.
_MONEY_THINGS = frozenset({"penny", "nickel", "dime", "quarter", "coin", "bill", "note"})


#: Nouns of a part or a group of other things: "ate 3 slices" may be of the pizzas the
#: question counts, "sold 10 packs" packs of its cards, so a gain or a loss counted in one
#: is never another unit's (a holding of them is: "4 boxes and 2 bags" are stated beside
#: the eggs, not instead of them).
_PARTS_AND_GROUPS = frozenset(
    {"pack", "package", "packet", "box", "bag", "set", "bundle", "bunch", "bouquet", "crate",
     "carton", "case", "jar", "bottle", "basket", "bucket", "bushel", "tray", "plate", "bowl",
     "roll", "stack", "pile", "group", "row", "deck", "batch", "load", "handful", "ream",
     "slice", "piece", "bite", "half", "page", "sheet", "strip", "chunk", "wedge", "portion",
     "serving", "scoop", "spoonful", "segment"}
)  # fmt: skip


def _measure(unit: str) -> str | None:
    """The family of measure a unit's head noun is of ("quarter" -> money), or None."""
    head = singular(unit.split()[-1])
    found = UNIT_MEASURE.get(head)
    if found is not None:
        return FAMILY[found[0]]
    return "money" if head in _MONEY_THINGS or head in _MONEY else None


def _one_measure(unit: str, q_unit: str) -> bool:
    """``unit`` measures what the question's unit does ("3 quarters" when it asks dollars,
    "5 centimeters" when it asks inches): an amount the answer includes, never another
    thing. A question counting coins ("how many quarters") counts things, not a measure."""
    if singular(q_unit.split()[-1]) in _MONEY_THINGS:
        return False
    asked = _measure(q_unit)
    if asked is None or asked != _measure(unit):
        return False
    # "300 bean grams" beside "rice grams": the measure of another stuff, each named
    kinds, q_kinds = unit.split()[:-1], q_unit.split()[:-1]
    return not (kinds and q_kinds and kinds != q_kinds)


def _unit_match(want: str, have: str) -> bool:
    return want == have or have.endswith(" " + want) or want.endswith(" " + have)


def _singular(word: str) -> str:
    return word[:-1] if word.endswith("s") and not word.endswith("ss") else word


def _shares_head(unit: str, q_unit: str) -> bool:
    """A unit with the question's head noun before its own head ("games last year" when
    the question counts football games) is the question's own thing with words read into
    it: never another unit."""
    head = _singular(q_unit.split()[-1])
    # Not as the unit's own head: "tall trees" and "short trees" are two kinds.
    return head in {_singular(w) for w in unit.split()[:-1]}


def _units_of(clause: dict[str, Any]) -> set[str]:
    args = clause["args"]
    return {str(args[k]) for k in ("unit", "per", "item", "over", "money") if args.get(k)}


def _owners_of(clause: dict[str, Any]) -> set[str]:
    args = clause["args"]
    owners = {str(args[k]) for k in ("entity", "giver", "taker", "owner", "base") if args.get(k)}
    return owners | {str(e) for e in args.get("entities") or []}


def set_aside_quantities(
    clauses: list[dict[str, Any]], question: dict[str, Any], unused: list[str]
) -> dict[str, str] | None:
    """The rule that sets aside each of ``unused`` (quantity id -> rule name), or None
    when any of them is not provably irrelevant (the candidate then stays incomplete)."""
    if not unused:
        return {}
    q_args = question["args"]
    q_unit = q_args.get("unit")
    if not isinstance(q_unit, str) or q_unit in _GENERIC or q_args.get("generic"):
        return None
    asks_money = q_unit.split()[-1] in _MONEY
    for c in clauses:
        verbs = {cue[0].lower() for cue in c["cues"]}
        unit = c["args"].get("unit")
        if verbs & _SWAP:
            return None
        # Buying apples changes the money by an unstated amount, spending money the goods:
        # a question on the other side of a trade is not safe to answer around it.
        if verbs & _TRADE and (not unit or (str(unit).split()[-1] in _MONEY) != asks_money):
            return None
    out: dict[str, str] = {}
    for qid in unused:
        holders = [c for c in clauses if qid in c["quantities"]]
        if len(holders) == 1 and holders[0]["kind"] == "rate":
            per = str(holders[0]["args"].get("per") or "")
            others = [c for c in clauses if c is not holders[0]]
            named = {u for c in others for u in _units_of(c)} | {
                str(q_args.get(k)) for k in ("unit", "per", "item") if q_args.get(k)
            }
            if (
                per
                and holders[0]["args"].get("owner") is None  # an owner's rate is an activity
                and holders[0]["quantities"] == [qid]
                and not any(_unit_match(per, u) or _unit_match(u, per) for u in named)
            ):
                out[qid] = "distractor_idle_rate"
                continue
            rate_unit = str(holders[0]["args"].get("unit") or "")
            if (
                rate_unit
                and holders[0]["args"].get("owner") is None
                and holders[0]["args"].get("role") != "price"
                and holders[0]["quantities"] == [qid]
                and question["kind"] in {"state", "total", "world"}
                and not _unit_match(q_unit, rate_unit)
                and not _shares_head(rate_unit, q_unit)
                and rate_unit not in _HYPERNYMS
                and q_unit not in _HYPERNYMS
                and not any(_unit_match(rate_unit, u) or _unit_match(u, rate_unit) for u in named)
                and not _unit_match(q_unit, per)
                and any(
                    c["kind"] == "rate"
                    and c["args"].get("owner") is None
                    and c["args"].get("per") == per
                    and _unit_match(q_unit, str(c["args"].get("unit") or ""))
                    for c in others
                )
            ):
                out[qid] = "distractor_other_kind_rate"
                continue
            return None
        if len(holders) == 1 and holders[0]["kind"] == "part":
            part = holders[0]["args"]
            if (
                question["kind"] in {"state", "total", "world"}
                and q_unit == part.get("unit")
                and str(part.get("quality")) not in q_unit.split()
                and holders[0]["quantities"] == [qid]
            ):
                out[qid] = "distractor_part"
                continue
            return None
        if len(holders) != 1 or holders[0]["kind"] not in _HOLDING:
            return None
        clause = holders[0]
        if clause["quantities"] != [qid] or not clause["args"].get("unit"):
            return None
        unit = str(clause["args"]["unit"])
        entity = str(clause["args"]["entity"])
        # Only a stated holding or a produced gain (grown, picked, found, ...) of another
        # owner: any other change may have a counterpart the text leaves implicit
        # ("Students returned 15 books" fills the library). A change of another unit has
        # its counterpart in that unit, or in money (checked above).
        owned = clause["kind"] == "have" or (
            clause["kind"] == "gain" and clause["cues"][0][0].lower() in _PRODUCE
        )
        if (
            not _unit_match(q_unit, unit)
            and not _shares_head(unit, q_unit)
            and not _one_measure(unit, q_unit)
            and (clause["kind"] == "have" or singular(unit.split()[-1]) not in _PARTS_AND_GROUPS)
            and unit not in _HYPERNYMS
            and q_unit not in _HYPERNYMS
            and not any(
                c["kind"] not in _HOLDING | {"give"}
                and any(_unit_match(unit, u) for u in _units_of(c))
                for c in clauses
            )
        ):
            out[qid] = "distractor_other_unit"
            continue
        q_entity = q_args.get("entity")
        if (
            owned
            and question["kind"] in {"state", "money"}
            and isinstance(q_entity, str)
            and entity != q_entity
            and not entity.startswith(q_entity + "'s ")
            and not q_entity.startswith(entity + "'s ")
            and not any(c["kind"] not in _HOLDING and entity in _owners_of(c) for c in clauses)
        ):
            out[qid] = "distractor_other_entity"
            continue
        return None
    return out
