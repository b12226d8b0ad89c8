"""The change a comparison with another time names ("20 more apples in the afternoon
than in the morning"): exactly one stated change of the same holder, verb and noun bound
to that time (the time right after its number and noun, or the lead of a sentence with
one number), so many more, fewer or times it; anything else abstains.

Part of the reader's simulation; no pytest import.
"""

from __future__ import annotations

import re
from fractions import Fraction

from ._builders_times import LEAD_TIME, anchor
from ._types import Clause, Parse
from ._values import Abstain, Val, _const, _lit, _op


def _bound_to(parse: Parse, c: Clause, than: str) -> bool:
    """The change ``c`` is anchored to the time ``than``: the time follows its number and
    noun ("15 apples in the morning"), or leads a sentence of one number."""
    q = parse.quantity(str(c.args["q"]))
    after = parse.text[q.end :]
    # (the time whole: "yesterday morning" is a part of yesterday, not all of it)
    whole = rf"{re.escape(than)}\b(?! (?:than|morning|afternoon|evening|night)\b)"
    if re.match(rf"(?: [a-z]+){{0,2}} {whole}", after, re.IGNORECASE):
        return True
    sentence = parse.sentences[q.sentence].text
    lead = LEAD_TIME.match(sentence)
    one = sum(1 for other in parse.quantities if other.sentence == q.sentence) == 1
    if not re.match(rf"{whole},? ", sentence, re.IGNORECASE):
        return False
    return bool(lead and anchor(lead.group(1)) == than and one)


def timed_change(parse: Parse, applied: list[Clause], c: Clause) -> tuple[Val, str]:
    """The amount a ``change_than`` clause changes by, and its unit: the one earlier
    change of the same holder, verb and noun bound to the time compared with, so many more,
    fewer or times it. Anything else abstains."""
    a = c.args
    kind = "gain" if a["sign"] == "+" else "lose"
    bases = [
        b
        for b in applied
        if b.kind == kind
        and b.args.get("entity") == a["entity"]
        and b.args.get("q") is not None
        and not b.args.get("times")
        and b.cues
        and b.cues[0].text.lower() == a["verb"]
        and (a["unit"] is None or b.args.get("unit") == a["unit"])
        and _bound_to(parse, b, str(a["than"]))
    ]
    if len(bases) != 1:
        raise Abstain(f"no single change {a['than']} to compare with ({len(bases)})")
    base = bases[0]
    was = _lit(parse, str(base.args["q"]))
    if a["op"] == "*":
        by = _lit(parse, str(a["q"])) if a["q"] else _const(Fraction(a["factor"]))
        amount = _op(was, "*", by)
    else:
        amount = _op(was, str(a["op"]), _lit(parse, str(a["q"])))
    if amount.v <= 0 or (amount.v.denominator != 1 and was.v.denominator == 1):
        raise Abstain(f"a change of {amount.v} compared with {was.v}")
    return amount, str(base.args["unit"])
