"""The grammar's slots (units, numbers, entities, fractions), its tails, and the reading context
clauses are built in.

Part of the reader (``_parse.parse_problem`` is its entry point); no pytest import.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from ._lexicon import (
    FRACTION_WORDS,
    NAME_GENDER,
    singular,
)
from ._types import (
    GROUP,
    WORLD,
    Clause,
    ClauseKind,
    Cue,
)
from ._vocabulary import (
    GAIN_V,
    GIVE_V,
    LOSE_V,
)

# --------------------------------------------------------------------------- grammar pieces

_FUNCTION = (
    "and|in|of|with|each|every|per|more|than|left|now|to|from|for|at|on|the|a|an|all|total|"
    "together|altogether|is|are|was|were|has|have|had|does|do|did|as|many|much|fewer|less|"
    "his|her|their|them|it|by|this|that|there|how|old|then|combined|times|twice|half|if|"
    "still|some|after|before|first|begin|start|end|will|would|can|could|so|but|or|its|our|"
    "currently|today|tomorrow|yesterday|tonight|already|only|just|exactly|also|again|ago|"
    "another|other|others|must|should|might|may|shall|back|last|next|during|while|when|"
    "though|too|equally|evenly"
)
_WORD = rf"(?!(?:{_FUNCTION})\b)[a-z]+"
#: Nouns that end in "-ing"; any other "-ing" word after a unit's first word starts a
#: phrase of how ("19 dollars mowing lawns"), never a part of the unit.
_ING_NOUNS = (
    "thing|things|string|strings|ring|rings|wing|wings|king|kings|swing|swings|spring|"
    "springs|clothing|frosting|icing|stuffing|filling|fillings|pudding|puddings|topping|"
    "toppings|building|buildings|painting|paintings|drawing|drawings|earring|earrings|"
    "sibling|siblings|seedling|seedlings|dumpling|dumplings|sapling|saplings|duckling|"
    "ducklings|stocking|stockings|serving|servings|helping|helpings|recording|recordings|"
    "seating|ceiling|ceilings|pudding|bedding|railing|railings|sling|slings|shilling|"
    "shillings|morning|mornings|evening|evenings|wedding|weddings|meeting|meetings|"
    "reading|readings|writing|writings|setting|settings|opening|openings|crossing|"
    "crossings|ending|endings|cutting|cuttings|shaving|shavings|lining|linings|awning|"
    "awnings|siding|housing|parking|dressing|dressings|seasoning|seasonings|icing|casing|"
    "casings|coating|coatings|sprinkling|wrapping|wrappings|packing|bowling|sewing|baking"
)
#: Prepositions that end in "-ing": never a verb of a phrase of how.
_ING_PREPOSITIONS = "during|according|including|regarding|following|concerning|excluding"
_LATER_WORD = (
    rf"(?!(?:{_FUNCTION})\b)(?!(?!(?:{_ING_NOUNS})\b)[a-z]{{3,}}ing\b)[a-z]+\b"
    # nor the noun of a phrase of how ("26 dollars weed eating")
    rf"(?! (?!(?:{_ING_NOUNS}|{_FUNCTION}|{_ING_PREPOSITIONS})\b)[a-z]{{3,}}ing\b)"
)
#: "old" is a function word ("how old"), yet "42 old cards" are cards.
UNIT = rf"(?:old (?={_WORD}))?{_WORD}(?: {_LATER_WORD}){{0,2}}"
_W2 = rf"{_WORD}(?: {_WORD})?"
NUM = r"\d+(?:\.\d+)?(?:/[1-9]\d*)?"
ENT = (
    r"(?:[A-Z][a-z]+(?:'s [a-z]+)?|(?:his|her|their|the|your) "
    + _WORD
    + r"(?: "
    + _WORD
    + r")?|he|she|him|her|they|them|you|it)"
)
FRAC = "|".join(sorted((re.escape(k) for k in FRACTION_WORDS), key=len, reverse=True))
# A part of a stock, as "of ..." follows it: a fraction word ("a third"), so many percent, or
# a numeral ratio ("3/8", "0.25"; a part only when under 1, which the builders check).
PART_OF = r"(?P<fx>(?P<f>" + FRAC + r")|<p:N> percent|(?P<r>\d+/[1-9]\d*|\d+\.\d+)) of "
_ONE_TAIL = (
    r"(?: (?:at|in|on|from|to|for|over) (?:the|a|an|his|her|their|[A-Z][a-z]+'s) [a-z0-9]+(?:'s)?"
    r"(?: [a-z]+)?| during [a-z]+(?: [a-z]+)?| (?:before|after) [a-z]+| from (?:it|them)| today|"
    r" yesterday| later| the (?:first|second|third|next|last) (?:night|day|week|time)|"
    r" from (?:neighbors|friends|family|relatives|classmates|parents|grandparents)|"
    # what for: "for washing clothes", "for mowing lawns"
    r" for (?!(?:during|according|including)\b)[a-z]{2,}ing(?: [a-z]+)?|"
    r" tomorrow| the next day| the day after|"
    r" (?:this|last|next) (?:week|month|year|season|summer|winter|fall)|"
    r" on (?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)"
    # "made 19 dollars mowing lawns", "spent 11 dollars buying new blades": how, with no
    # number and no word of amount ("eating some of them" is a change of its own).
    r"| (?!(?:[a-z]+ )?(?:some|several|few|many|all|half|most|them|it|any|none|more|less)\b)"
    r"(?:(?!during\b)[a-z]+ )?(?!(?:during|according|including|regarding|following|"
    r"concerning|excluding)\b)[a-z]{2,}ing(?: (?!some\b|several\b|few\b|many\b|all\b|"
    r"half\b|most\b|them\b|it\b|any\b|none\b|more\b|less\b)[a-z]+){0,3})"
)
#: When a question's holding is asked for: at the end, or at first.
_WHEN_FINAL = r"(?: left| now| in all| altogether| in total| at the end| then)?"
_WHEN_INITIAL = r" (?P<init>at first|to begin with|at the start|in the beginning|before|originally)"
#: Where and when a change happened ("from the pear tree", "at the store in the mall"):
#: at most two such phrases, with no number in them.
_TAIL = rf"(?:{_ONE_TAIL}{_ONE_TAIL}?)?"
CHANGE_WORDS = re.compile(
    rf"\b(?:{GAIN_V}|{LOSE_V}|{GIVE_V}|some|several|few|many|rest|all|none|half|twice|double|"
    r"triple|more|less|fewer|times|percent|each|every|per)\b"
)

_PLACEHOLDER = re.compile(r"<(\w+):(E|N|U|F)>")


def _compile(template: str) -> re.Pattern[str]:
    kinds = {"E": ENT, "N": NUM, "U": UNIT, "F": FRAC}

    def sub(m: re.Match[str]) -> str:
        return f"(?P<{m.group(1)}>{kinds[m.group(2)]})"

    return re.compile("^" + _PLACEHOLDER.sub(sub, template) + "$")


# --------------------------------------------------------------------------- context


class Unreadable(Exception):
    """A sentence that matched a pattern but cannot be grounded (named reason)."""


@dataclass
class _Context:
    text: str  # the normalised problem
    offset: int  # start of the sentence body in the normalised text
    qids: dict[int, str]  # global start offset -> quantity id
    persons: list[str]
    entities: list[str]
    sentence: int
    last_subject: list[str] = field(default_factory=list)
    prefix_len: int = 0
    prefix_base: int = 0
    #: Places things were stated to be in ("There are 9 birds on the fence"), in order.
    locations: list[str] = field(default_factory=list)
    #: Units of what the read sentences hold, gain, lose or give (a question without a
    #: noun, "How many does she have?", asks for the one unit there is).
    units: set[str] = field(default_factory=set)
    #: Holders named by a common noun ("A pet store had 88 puppies", "A waiter had 19
    #: customers"): with no named person, the one such holder is what "he", "she" or
    #: "they" points to.
    holders: list[str] = field(default_factory=list)
    #: Containers a "pack" clause fills ("into cages with 8 in each cage").
    packs: set[str] = field(default_factory=set)
    #: (owner, unit) of every clause read so far, in any reading.
    owned: set[tuple[str, str]] = field(default_factory=set)
    #: (owner, unit) of holdings of the world ("There were 150 book shelves").
    owned_world: set[tuple[str, str]] = field(default_factory=set)
    #: The pair named together ("Haley and her friends were recycling paper"), if any.
    group: list[str] = field(default_factory=list)
    #: Containers some rate counts per ("5 cards on each page"): "How many pages would he
    #: use?" asks how many such containers the stock fills.
    fills: set[str] = field(default_factory=set)
    #: Time units of "takes 7 hours to paint" clauses ("how long" asks in the one there is).
    times: set[str] = field(default_factory=set)
    #: Verbs of the jobs stated ("needed to paint 12 rooms"): "He painted 5 rooms" is work
    #: done on that job.
    task_verbs: set[str] = field(default_factory=set)
    #: Units of the jobs stated ("9 short sleeve shirts and 27 long sleeve shirts").
    task_units: set[str] = field(default_factory=set)

    def group_ok(self) -> bool:
        """A pair was named together, and no other person is named."""
        return bool(self.group) and all(p in self.group for p in self.persons)

    def sole_holder(self) -> list[str] | None:
        if not self.persons and len(self.holders) == 1:
            return list(self.holders)
        return None

    def place(self, m: re.Match[str]) -> str:
        """The place a clause names, or the one place of the problem, or the world."""
        loc = m.groupdict().get("loc")
        if loc:
            if loc not in self.locations and len(loc.split()) == 2:
                # "off of the bus" after "on the school bus": the one place of that name
                named = [p for p in self.locations if p.endswith(" " + loc.split()[-1])]
                if len(named) == 1:
                    return named[0]
            return loc
        if len(self.locations) == 1:
            return self.locations[0]
        if self.locations:
            raise Unreadable("several places; the clause names none")
        if len(self.persons) == 1:
            # "Eva had 14 balloons. 8 of them popped.": the one owner of the problem.
            return self.persons[0]
        if self.persons:
            raise Unreadable("whose things changed is not said")
        return WORLD

    def at(self, pos: int) -> int:
        """Position in the normalised text of ``pos`` in the string being matched.

        A clause read with a borrowed prefix ("Tom buys " + "2 pencils") maps the prefix
        back to where it stands in the sentence, so its cues stay grounded."""
        if pos < self.prefix_len:
            return self.prefix_base + pos
        return self.offset + pos

    def q(self, m: re.Match[str], group: str) -> str:
        start = self.at(m.start(group))
        if start not in self.qids:
            raise Unreadable(f"number in group {group} is not a quantity")
        return self.qids[start]

    def cue(self, m: re.Match[str], group: str | int = 0) -> Cue:
        start = self.at(m.start(group))
        return Cue(m.group(group), start, start + len(m.group(group)))

    def pronoun(self, word: str) -> list[str]:
        gender = {"he": "m", "him": "m", "his": "m", "she": "f", "her": "f"}.get(word)
        sole = self.sole_holder()
        if sole is not None and gender is not None:
            return sole
        if gender is None:
            raise Unreadable(f"pronoun {word!r} has no single antecedent")
        found = [p for p in self.persons if NAME_GENDER.get(p, gender) == gender]
        if not found:
            raise Unreadable(f"pronoun {word!r} has no antecedent")
        if len(found) > 1 and self.group:
            # "Dora and Ian were organizing stamps. She ...": one of the pair, not said which
            # (a reading that cannot be grounded would not veto the other).
            raise Unreadable(f"pronoun {word!r} names one of a pair")
        return found

    def entity(self, mention: str) -> list[str]:
        low = mention.lower()
        if low in {"he", "him", "she", "her"}:
            return self.pronoun(low)
        if low == "you":
            return ["you"]  # the reader addressed: one person, never a pronoun of another
        if low == "it":
            # "A store sold 48 hats. It ...": the one holder named by a common noun, while
            # no person is named; anything else "it" might name is not read.
            sole = self.sole_holder()
            if sole is None:
                raise Unreadable("pronoun 'it' has no single antecedent")
            return sole
        if low in {"they", "them"}:
            sole = self.sole_holder()
            if sole is not None:
                return sole
            if self.group_ok():
                return [GROUP]
            raise Unreadable("plural pronoun")
        head, _, noun = mention.partition(" ")
        if head.lower() in {"his", "her"} and noun:
            return [f"{p}'s {noun}" for p in self.pronoun(head.lower())]
        if head.lower() == "their":
            raise Unreadable("plural possessive")
        if head.lower() == "the" and noun:
            matches = [e for e in self.entities if e.endswith(f"'s {noun}")]
            if len(matches) == 1:
                return matches
            if len(matches) > 1:
                return matches
            # "The car travels 55 miles per hour ... it": a holder named by a common noun,
            # which "it" (or "he", "she") may name while it is the only one.
            if f"the {noun}" not in self.holders:
                self.holders.append(f"the {noun}")
            return [f"the {noun}"]
        return [mention]

    def register(self, entity: str) -> None:
        if entity not in self.entities:
            self.entities.append(entity)
        if re.fullmatch(r"[A-Z][a-z]+", entity) and entity not in self.persons:
            self.persons.append(entity)


def _unit(text: str | None) -> str | None:
    if text is None:
        return None
    if text == "money":  # "half of her money": money is counted in dollars here
        return "dollar"
    words = text.split()
    head = singular(words[-1])
    return " ".join([*words[:-1], SYNONYMS.get(head, head)])


#: One name for one thing: "40 photos" and "12 pictures" are pictures alike (else a
#: distractor rule could set one of them aside as another unit).
SYNONYMS = {"photo": "picture", "photograph": "picture", "pic": "picture", "buck": "dollar"}


_Builder = Callable[[re.Match[str], _Context], list[list[Clause]]]


#: A number written as a part ("3/8", "0.25"): with no unit after it, what it counts is left
#: to the reader ("gave 3/8 to his mother": 3/8 of his money, or of a dollar?).
_PART_NUMERAL = re.compile(r"(?:\d+/[1-9]\d*|0?\.\d+)(?![\d/]|\.\d)(?! of\b)")


def _bare_part(ctx: _Context, qids: list[str]) -> str | None:
    """The text of a number among ``qids`` written as a ratio or decimal under 1."""
    starts = {q: s for s, q in ctx.qids.items()}
    for q in qids:
        if q not in starts:
            continue
        m = _PART_NUMERAL.match(ctx.text, starts[q])
        if m and 0 < Fraction(m.group(0)) < 1:
            return m.group(0)
    return None


def _mk(kind: ClauseKind, ctx: _Context, qids: list[str], cues: list[Cue], **args: Any) -> Clause:
    if "unit" in args and args["unit"] is None and (part := _bare_part(ctx, qids)) is not None:
        # "He gave 3/8 to his mother", "She spent 0.25 on food": a part with no unit is a
        # part of a stock or an amount of an unsaid unit; neither is read.
        raise Unreadable(f"the part {part} names no unit and no stock")
    return Clause(kind, ctx.sentence, dict(args), tuple(qids), tuple(cues))


def _product(*options: list[str]) -> Iterator[tuple[str, ...]]:
    return itertools.product(*options)


# --------------------------------------------------------------------------- clause shapes
# The shapes many builders share. Each grounds its number (group ``n``) with ``ctx.q``
# before its cue, as the builders always did, so a sentence that fails to ground fails
# with the same note.


def _stated(
    kind: ClauseKind, m: re.Match[str], ctx: _Context, n: str, cue: str, **args: Any
) -> Clause:
    """A clause on the one number in group ``n`` (its ``q``), cued by ``cue``."""
    q = ctx.q(m, n)
    return _mk(kind, ctx, [q], [ctx.cue(m, cue)], **args, q=q)


def _held(
    kind: ClauseKind,
    m: re.Match[str],
    ctx: _Context,
    owner: str,
    n: str,
    cue: str,
    unit: str | None,
    **extra: Any,
) -> Clause:
    """``owner`` has (gains, loses, ...) the number in group ``n`` of ``unit``, cued by ``cue``."""
    q = ctx.q(m, n)
    return _mk(kind, ctx, [q], [ctx.cue(m, cue)], entity=owner, unit=unit, q=q, **extra)


def _rate(
    m: re.Match[str],
    ctx: _Context,
    n: str,
    cue: str,
    unit: str | None,
    per: str | None,
    owner: str | None = None,
    also: tuple[str, ...] = (),
    **extra: Any,
) -> Clause:
    """The number in group ``n`` of ``unit`` per ``per`` ("each box holds 4 pens"); the
    numbers in groups ``also`` ground the clause too. ``owner`` None: anyone's rate."""
    q = ctx.q(m, n)
    qids = [q, *(ctx.q(m, g) for g in also)]
    if per is not None:
        ctx.fills.add(per)
    return _mk("rate", ctx, qids, [ctx.cue(m, cue)], unit=unit, per=per, q=q, owner=owner, **extra)


def _rel(
    m: re.Match[str],
    ctx: _Context,
    entity: str,
    base: str,
    qids: list[str],
    cues: tuple[str, str],
    op: str,
    factor: Fraction | None,
) -> Clause:
    """``entity`` compared with ``base``: ``base op q`` (or ``base * factor`` without a q);
    an unstated unit is an age in years."""
    return _mk(
        "rel",
        ctx,
        qids,
        [ctx.cue(m, cues[0]), ctx.cue(m, cues[1])],
        entity=entity,
        unit=_unit(m.groupdict().get("u")) or "year",
        base=base,
        op=op,
        q=qids[0] if qids else None,
        factor=factor,
        verb=m.groupdict().get("tv"),
    )


def _pairs(m: re.Match[str], ctx: _Context, first: str, second: str) -> list[tuple[str, str]]:
    """The readings of two mentions as two different entities: one cannot be both."""
    return [(a, b) for a, b in _product(ctx.entity(m[first]), ctx.entity(m[second])) if a != b]
