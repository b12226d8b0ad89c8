"""Metamorphic edits of a word problem: pure functions ``edit(problem, seed) -> Edited | None``.

Each edit changes the text in one controlled way and says how the answer must change
(in the spirit of CheckList's invariance and directional tests):

- ``same``: renamed people, two independent facts in the other order, a sentence about
  another entity, an adverb of manner after a completed action, a synonym of a known
  loss verb; the answer is unchanged.
- ``scaled``: the question asks in another unit of the same measure; the answer is the
  old one times an exact factor.
- ``substituted``: one number or one quantity's unit is changed; the answer is the old
  reading's expression with that one value replaced (the edit is offered only where the
  value occurs once in the problem).
- ``undetermined``: a qualifier the problem never grounds is added to the question
  ("How many red apples" where nothing is said to be red); no answer is determined.
- ``changed``: the question is narrowed to one of two kinds the answer counted ("How
  many pieces" -> "How many pieces of candy" over gum and candy packages); whatever the
  new answer is, it is not the old one.

A verifier passes an edit when it refuses, or commits the expected answer. ``None`` means
the edit does not apply to that problem (no name to rename, no unit to change, ...).
``seed`` picks among the applicable variants, so Hypothesis can draw it.

Pure: no I/O, no randomness beyond the seed; the same (problem, seed) gives the same edit.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Literal

from ._lexicon import NAME_GENDER, singular
from ._units import UNIT_MEASURE, factor_between, unit_of

__all__ = [
    "EDITS",
    "Edit",
    "Edited",
    "Relation",
    "Verdict",
    "expected_answer",
    "judge",
    "substitute",
]

Relation = Literal["same", "scaled", "substituted", "undetermined", "changed"]
#: How a verifier did on an edit: committed the expected answer, refused, committed
#: another answer, or the relation could not be evaluated (the edit does not count).
Verdict = Literal["expected", "refused", "wrong", "unknown"]


@dataclass(frozen=True)
class Edited:
    """An edited problem and how its answer relates to the original's."""

    edit: str
    text: str
    relation: Relation
    factor: Fraction = Fraction(1)
    old: Fraction | None = None
    new: Fraction | None = None


@dataclass(frozen=True)
class Edit:
    """One metamorphic edit: its name, its relation, the pure function."""

    name: str
    relation: Relation
    apply: Callable[[str, int], Edited | None]


_SENTENCE = re.compile(r"[^.?!]+[.?!]")
_QUESTION_START = re.compile(r"\b(?:[Hh]ow (?:many|much)|[Ww]hat)\b")


def _sentences(text: str) -> list[str]:
    return [s.strip() for s in _SENTENCE.findall(text)]


def _question_index(parts: list[str]) -> int | None:
    if parts and parts[-1].endswith("?"):
        return len(parts) - 1
    return None


def _pick(options: list[str], seed: int) -> str | None:
    return options[seed % len(options)] if options else None


# --------------------------------------------------------------------------- same answer


def rename_person(problem: str, seed: int) -> Edited | None:
    """Every occurrence of one known first name replaced by another of the same gender."""
    present = sorted({w for w in re.findall(r"\b[A-Z][a-z]+\b", problem) if w in NAME_GENDER})
    name = _pick(present, seed)
    if name is None:
        return None
    words = set(re.findall(r"\b[A-Za-z]+\b", problem))
    others = sorted(
        n
        for n, g in NAME_GENDER.items()
        if g == NAME_GENDER[name] and n not in words and not any(n in w for w in words)
    )
    other = _pick(others, seed // max(1, len(present)))
    if other is None:
        return None
    return Edited("rename_person", re.sub(rf"\b{name}\b", other, problem), "same")


_STATIC = re.compile(r"^(?:There (?:are|is|were|was) \d|[A-Z][a-z]+ (?:has|had|have) \d)[^,;]*\.$")
_DEPENDENT = re.compile(
    r"\b(?:he|she|they|it|him|her|his|their|them|then|later|more|left|rest|remaining|each|"
    r"also|other|another|too|now|after|before|same|those|these|this|that|times|as)\b",
    re.IGNORECASE,
)


def reorder_facts(problem: str, seed: int) -> Edited | None:
    """Two adjacent static facts about different holders ("There are 5 X. Tom has 3 Y.")
    swapped; a fact that points back (a pronoun, "more", "then") is never moved."""
    parts = _sentences(problem)
    q = _question_index(parts)
    if q is None:
        return None
    pairs = [
        i
        for i in range(q - 1)
        if all(_STATIC.match(parts[j]) and not _DEPENDENT.search(parts[j]) for j in (i, i + 1))
        and parts[i].split()[0] != parts[i + 1].split()[0]
    ]
    if not pairs:
        return None
    i = pairs[seed % len(pairs)]
    parts[i], parts[i + 1] = parts[i + 1], parts[i]
    return Edited("reorder_facts", " ".join(parts), "same")


_OTHER_NOUNS = ("postcards", "seashells", "stamps", "buttons", "kites", "ribbons")
_GENERIC_QUESTION = re.compile(
    r"\b(?:things|items|objects|toys|supplies|in all|total|altogether|together|combined|"
    r"everyone|everybody|all)\b",
    re.IGNORECASE,
)


def add_other_entity(problem: str, seed: int) -> Edited | None:
    """A sentence about a new person and a noun the problem never mentions, put before
    the question ("Zelda has 7 postcards.")."""
    parts = _sentences(problem)
    q = _question_index(parts)
    if q is None or q == 0 or _GENERIC_QUESTION.search(parts[q]):
        return None
    lower = problem.lower()
    nouns = [n for n in _OTHER_NOUNS if singular(n) not in lower]
    words = set(re.findall(r"\b[A-Za-z]+\b", problem))
    names = sorted(n for n in NAME_GENDER if n not in words)
    noun, name = _pick(nouns, seed), _pick(names, seed * 7 + 3)
    if noun is None or name is None:
        return None
    count = 3 + seed % 17
    parts.insert(q, f"{name} has {count} {noun}.")
    return Edited("add_other_entity", " ".join(parts), "same")


_DONE = re.compile(
    r"\b(?:sold|gave|found|bought|ate|picked|baked|collected|lost|used|made|read|caught|"
    r"planted|spent|received|got)\b"
)
_ADVERBS = ("quickly", "happily", "carefully", "later")


def add_adverb(problem: str, seed: int) -> Edited | None:
    """An adverb of manner or time at the end of a completed action with a number
    ("sold 10 apples." -> "sold 10 apples quickly.")."""
    parts = _sentences(problem)
    q = _question_index(parts)
    if q is None:
        return None
    spots = [
        i
        for i in range(q)
        if _DONE.search(parts[i]) and re.search(r"\d", parts[i]) and "," not in parts[i]
    ]
    if not spots:
        return None
    i = spots[seed % len(spots)]
    adverb = _ADVERBS[(seed // len(spots)) % len(_ADVERBS)]
    parts[i] = parts[i][:-1] + f" {adverb}" + parts[i][-1]
    return Edited("add_adverb", " ".join(parts), "same")


_LOSS = re.compile(r"\b(?:lost|ate|threw away|gave away)\b")
_LOSS_SYNONYMS = ("removed", "discarded", "got rid of")


def loss_synonym(problem: str, seed: int) -> Edited | None:
    """A known loss verb replaced by a synonym ("lost 3" -> "discarded 3")."""
    found = list(_LOSS.finditer(problem))
    if len(found) != 1:
        return None
    m = found[0]
    word = _LOSS_SYNONYMS[seed % len(_LOSS_SYNONYMS)]
    return Edited("loss_synonym", problem[: m.start()] + word + problem[m.end() :], "same")


# --------------------------------------------------------------------------- changed answer

#: Question units and a unit of the same measure to ask in instead, with the factor.
_ASK_IN = {
    "dollars": ("cents", Fraction(100)),
    "hours": ("minutes", Fraction(60)),
    "minutes": ("seconds", Fraction(60)),
    "feet": ("inches", Fraction(12)),
    "yards": ("feet", Fraction(3)),
    "meters": ("centimeters", Fraction(100)),
    "kilometers": ("meters", Fraction(1000)),
    "pounds": ("ounces", Fraction(16)),
    "kilograms": ("grams", Fraction(1000)),
    "gallons": ("quarts", Fraction(4)),
    "days": ("hours", Fraction(24)),
    "weeks": ("days", Fraction(7)),
    "miles": ("feet", Fraction(5280)),
    "cups": ("fluid ounces", Fraction(8)),
}


def ask_in_other_unit(problem: str, seed: int) -> Edited | None:
    """The question asks in a smaller unit of its measure ("How many dollars" -> "How
    many cents"); the answer is multiplied by the exact factor."""
    parts = _sentences(problem)
    q = _question_index(parts)
    if q is None:
        return None
    m = re.search(r"\b[Hh]ow many (\w+)\b", parts[q])
    if m is None or m.group(1) not in _ASK_IN:
        return None
    new_unit, factor = _ASK_IN[m.group(1)]
    parts[q] = parts[q][: m.start(1)] + new_unit + parts[q][m.end(1) :]
    return Edited("ask_in_other_unit", " ".join(parts), "scaled", factor=factor)


_QUANTITY = re.compile(r"(?<![\w.$/])(\$)?(\d+(?:\.\d+)?)(?: ([a-z]+))?")


def _numbers(text: str) -> list[re.Match[str]]:
    return [m for m in _QUANTITY.finditer(text) if "/" not in text[m.end() : m.end() + 1]]


def other_unit_quantity(problem: str, seed: int) -> Edited | None:
    """One body quantity stated in another unit of the same measure ("5 dollars" -> "5
    cents", "$5" -> "5 cents"): that quantity is worth the factor less, in the question's
    unit, and nothing else changes."""
    parts = _sentences(problem)
    q = _question_index(parts)
    if q is None:
        return None
    body = " ".join(parts[:q])
    spots = []
    for m in _numbers(body):
        unit = "dollars" if m.group(1) else m.group(3)
        if unit in _ASK_IN and m.group(2) != "1":
            spots.append(m)
    if not spots:
        return None
    m = spots[seed % len(spots)]
    unit = "dollars" if m.group(1) else m.group(3) or ""
    # Only where the question names the unit the answer is in: "How fast did she go?"
    # may be answered in any unit, and so has no one expected answer.
    if not re.search(rf"\b{unit}\b", parts[q]):
        return None
    small, factor = _ASK_IN[unit]
    value = Fraction(m.group(2))
    start, end = m.start(), m.end()
    text = body[:start] + f"{m.group(2)} {small}" + body[end:] + " " + " ".join(parts[q:])
    return Edited("other_unit_quantity", text, "substituted", old=value, new=value / factor)


def replace_number(problem: str, seed: int) -> Edited | None:
    """One number of the body replaced by another (the answer follows the reading's own
    expression with that value replaced)."""
    parts = _sentences(problem)
    q = _question_index(parts)
    if q is None:
        return None
    body = " ".join(parts[:q])
    found = _numbers(body)
    values = [Fraction(m.group(2)) for m in found]
    spots = [m for m, v in zip(found, values, strict=True) if values.count(v) == 1]
    if not spots:
        return None
    m = spots[seed % len(spots)]
    value = Fraction(m.group(2))
    delta = 1 + (seed // len(spots)) % 9
    new = value + delta
    shown = str(new) if new.denominator == 1 else m.group(2)
    if new.denominator != 1:
        return None
    text = body[: m.start(2)] + shown + body[m.end(2) :] + " " + " ".join(parts[q:])
    return Edited("replace_number", text, "substituted", old=value, new=new)


_QUALIFIERS = ("red", "broken", "striped", "wooden", "good", "tiny")


def add_question_qualifier(problem: str, seed: int) -> Edited | None:
    """An adjective the body never uses put before the question's noun ("How many
    apples" -> "How many red apples"): nothing selects those, so no answer is determined."""
    parts = _sentences(problem)
    q = _question_index(parts)
    if q is None:
        return None
    m = re.search(r"\b[Hh]ow many (\w+)\b", parts[q])
    if m is None or m.group(1) in {"more", "fewer", "less", "times", "of"}:
        return None
    if unit_of(m.group(1)) is not None:
        return None
    lower = problem.lower()
    options = [a for a in _QUALIFIERS if a not in lower]
    adjective = _pick(options, seed)
    if adjective is None:
        return None
    parts[q] = parts[q][: m.start(1)] + adjective + " " + parts[q][m.start(1) :]
    return Edited("add_question_qualifier", " ".join(parts), "undetermined")


_OF_KINDS = re.compile(r"\b(\d+) ([a-z]+) of ([a-z]+) and (\d+) \2 of ([a-z]+)\b")
_ADJ_KINDS = re.compile(r"\b(\d+) ([a-z]+) ([a-z]+) and (\d+) ([a-z]+) \3\b")


def ask_one_kind(problem: str, seed: int) -> Edited | None:
    """The question narrowed to one of two kinds the body counts side by side ("21
    packages of gum and 45 packages of candy ... How many pieces" -> "How many pieces of
    candy"; "41 short trees and 44 tall trees ... How many trees" -> "How many tall
    trees"): the answer that counted both is no longer the answer."""
    parts = _sentences(problem)
    q = _question_index(parts)
    if q is None:
        return None
    body = " ".join(parts[:q])
    m = re.search(r"\b[Hh]ow many ([a-z]+)\b", parts[q])
    if m is None or m.group(1) in {"more", "fewer", "times"}:
        return None
    asked = m.group(1)
    of, adj = _OF_KINDS.search(body), _ADJ_KINDS.search(body)
    if of is not None and singular(asked) != singular(of.group(2)):
        kind = (of.group(3), of.group(5))[seed % 2]
        new = parts[q][: m.end(1)] + f" of {kind}" + parts[q][m.end(1) :]
    elif adj is not None and singular(asked) == singular(adj.group(3)):
        if adj.group(2) == adj.group(5):
            return None
        kind = (adj.group(2), adj.group(5))[seed % 2]
        new = parts[q][: m.start(1)] + f"{kind} " + parts[q][m.start(1) :]
    else:
        return None
    if re.search(rf"\b{kind}\b", parts[q]):
        return None
    parts[q] = new
    return Edited("ask_one_kind", " ".join(parts), "changed")


EDITS: tuple[Edit, ...] = (
    Edit("rename_person", "same", rename_person),
    Edit("reorder_facts", "same", reorder_facts),
    Edit("add_other_entity", "same", add_other_entity),
    Edit("add_adverb", "same", add_adverb),
    Edit("loss_synonym", "same", loss_synonym),
    Edit("ask_in_other_unit", "scaled", ask_in_other_unit),
    Edit("other_unit_quantity", "substituted", other_unit_quantity),
    Edit("replace_number", "substituted", replace_number),
    Edit("add_question_qualifier", "undetermined", add_question_qualifier),
    Edit("ask_one_kind", "changed", ask_one_kind),
)

_TOKEN = re.compile(r"\d+(?:\.\d+)?(?:/\d+)?|[-+*/()]")


def substitute(expression: str, old: Fraction, new: Fraction) -> Fraction | None:
    """The expression's value with the one occurrence of ``old`` replaced by ``new``;
    None if ``old`` occurs other than once or the expression is not plain arithmetic."""
    tokens = _TOKEN.findall(expression)
    if "".join(tokens) != expression.replace(" ", ""):
        return None
    numbers = [t for t in tokens if t[0].isdigit()]
    if sum(Fraction(t) == old for t in numbers) != 1:
        return None
    out = [f"Fraction('{new}')" if t[0].isdigit() and Fraction(t) == old else t for t in tokens]
    out = [f"Fraction('{t}')" if t[0].isdigit() else t for t in out]
    try:
        value = eval(
            "".join(out), {"Fraction": Fraction, "__builtins__": {}}
        )  # the tokens are digits and operators only
    except (ZeroDivisionError, SyntaxError):
        return None
    return value if isinstance(value, Fraction) else None


def expected_answer(
    edited: Edited, value: Fraction, expression: str, used: frozenset[Fraction]
) -> Fraction | Literal["unknown"] | None:
    """What the edited problem's answer must be, given the original's committed value, its
    expression, and the values of the quantities the reading used; ``None`` for no answer,
    ``"unknown"`` where the relation cannot be evaluated (the edit is then skipped); for a
    ``changed`` relation None too (the old value is what it must not be)."""
    if edited.relation == "same":
        return value
    if edited.relation == "scaled":
        return value * edited.factor
    if edited.relation in ("undetermined", "changed"):
        return None
    assert edited.old is not None and edited.new is not None
    if edited.old not in used:
        return "unknown"
    found = substitute(expression, edited.old, edited.new)
    return "unknown" if found is None else found


def judge(original: dict[str, Any], edited: Edited, result: dict[str, Any]) -> Verdict:
    """The verdict on ``result`` (the trace of the edited problem), given ``original``,
    the trace of a problem the verifier committed correctly."""
    decision = original["decision"]
    if decision["law"] != "commit":
        return "unknown"
    value = Fraction(decision["value"])
    values = {q["id"]: Fraction(q["value"]) for q in original["quantities"]}
    basis = next(
        c for c in original["candidates"] if c["complete"] and Fraction(c["value"]) == value
    )
    used = frozenset(values[q] for q in basis["uses"] if q in values)
    expected = expected_answer(edited, value, basis["expression"], used)
    if expected == "unknown":
        return "unknown"
    got = result["decision"]
    if got["law"] != "commit":
        return "refused"
    if edited.relation == "changed":
        return "wrong" if Fraction(got["value"]) == value else "expected"
    if expected is not None and Fraction(got["value"]) == expected:
        return "expected"
    return "wrong"


# The unit table is imported for the factors it shares with the reader.
assert all(UNIT_MEASURE.get(singular(u)) for u in _ASK_IN), "every unit asked in is a unit"
assert all(
    factor_between(singular(big), singular(small)) == f for big, (small, f) in _ASK_IN.items()
), "the edit's factors are the unit table's"
