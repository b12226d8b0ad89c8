"""Clause builders, fourth family: a change compared with the change of another time ("He
picked 20 more apples in the afternoon than in the morning", "On Tuesday she sold twice
as many cakes as on Monday").

A comparison anchored to a time names the amount changed at that time, not a holding: the
clause (``change_than``) is read only with the time it is compared with and a time of its
own; ``_timed`` resolves it in the simulation.

Part of the reader (``_parse.parse_problem`` is its entry point); no pytest import.
"""

from __future__ import annotations

import re
from fractions import Fraction

from ._grammar import Unreadable, _Context, _held, _mk, _unit
from ._lexicon import FRACTION_WORDS
from ._types import Clause
from ._vocabulary import GAIN_V

_DAYS = "Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday"
#: The times a change may be anchored to and compared with: parts of a day, named days,
#: the day before or this one, weeks, months and years named by "last" or "this".
TIME = (
    rf"(?:in the (?:morning|afternoon|evening)|at night|on (?:{_DAYS})|yesterday|today|"
    r"(?:last|this) (?:week|month|year))"
)
LEAD_TIME = re.compile(rf"(?i:({TIME})),? ")


def anchor(text: str) -> str:
    return text.lower()


def _own_time(m: re.Match[str], ctx: _Context) -> str:
    """The clause's own time: after its noun, or the sentence's lead ("On Tuesday, he ...",
    "On Tuesday it sold ...")."""
    if m.groupdict().get("t2"):
        return anchor(m["t2"])
    if m.groupdict().get("t0"):
        return anchor(m["t0"])
    head = ctx.text[: ctx.at(0)]
    lead = re.search(r"(?:^|[.?!] )([^.?!]*)$", head)
    found = LEAD_TIME.fullmatch(lead.group(1)) if lead else None
    if found is None:
        # "On Tuesday, he sold ...", its setting told as a sentence of its own
        found = re.search(rf"(?:^|[.?!] )(?i:({TIME}))\. $", head)
    if found is None:
        raise Unreadable("a change compared with another time, at no time of its own")
    return anchor(found.group(1))


def _b_change_than(m: re.Match[str], ctx: _Context) -> list[list[Clause]]:
    """'He picked 20 more apples in the afternoon than in the morning': the morning's
    change, plus or less so many, or so many times it ("twice as many ... as on Monday")."""
    than = anchor(m["t1"])
    if _own_time(m, ctx) == than:
        raise Unreadable("a change compared with its own time")
    sign = "+" if re.fullmatch(GAIN_V, m["v"]) else "-"
    qids: list[str] = [ctx.q(m, "k")] if m.groupdict().get("k") else []
    word = m.groupdict().get("x")
    if word is None:
        op, factor, cue = ("+" if m["d"] == "more" else "-"), None, "d"
    else:
        op, cue = "*", "x"
        factor = FRACTION_WORDS.get(word, Fraction(2) if word == "twice" else None)
        if word == "half":
            factor = Fraction(1, 2)
    unit = _unit(m.groupdict().get("u"))
    entities = ctx.entity(m["e"])
    if m.groupdict().get("did") and ctx.entity(m["did"]) != entities:
        # "Ann picked 20 more than he did in the morning": another's change of that time
        raise Unreadable("a change compared with another holder's change of a time")
    return [
        [
            _mk(
                "change_than",
                ctx,
                qids,
                [ctx.cue(m, "v"), ctx.cue(m, cue)],
                entity=e,
                unit=unit,
                q=qids[0] if qids else None,
                op=op,
                factor=factor,
                than=than,
                sign=sign,
                verb=m["v"].lower(),
            )
        ]
        for e in entities
    ]


def _b_activity_at_time(m: re.Match[str], ctx: _Context) -> list[list[Clause]]:
    """'She worked 9 hours on Friday': the time spent that day adds to the time spent on the
    other days named ("and 3 hours on Saturday"), so each is a gain of the time unit, which
    a pay rate per that unit multiplies (the rule's pattern names the units of time)."""
    unit = _unit(m["c"])
    at = re.escape(m["t"])
    if len(re.findall(rf"(?i:\d+(?:\.\d+)? [a-z]+ {at})\b", ctx.text)) > 1:
        # "She worked 9 hours on Friday. She worked 4 hours on Friday.": a second shift
        # or the first restated; which is not said
        raise Unreadable(f"time spent {m['t']} is stated twice")
    return [[_held("gain", m, ctx, e, "m", "v", unit)] for e in ctx.entity(m["e"])]
