"""Scale words that must be read, and the named rules that set a sentence aside.

Part of the reader (``_parse.parse_problem`` is its entry point); no pytest import.
"""

from __future__ import annotations

import re

from ._grammar import (
    CHANGE_WORDS,
    ENT,
)
from ._lexicon import (
    singular,
)
from ._types import (
    WORLD,
    Question,
    Sentence,
)

# --------------------------------------------------------------------------- closed world
# Every sentence is read, or set aside by a named rule, or it is unread and the pool
# refuses. Scale words multiply what they touch: one that no clause read as a cue makes
# its sentence unread, never silently dropped.

SCALE_WORDS = re.compile(
    r"\b(?:doubles?|doubled|doubling|triples?|tripled|tripling|quadruples?|quadrupled|"
    r"halves|halved|halving|half|twice|thrice|dozens?|pairs?|(?<=\ba )score|(?<=\d )scores?|"
    r"(?<=\ba )gross|couple|"
    r"thirds?|quarters?|fourths?|fifths?|sixths?|eighths?|tenths?|percent|times|"
    r"twofold|threefold|fourfold|fold)\b",
    re.IGNORECASE,
)
#: "5 quarters" counts coins; "3 quarters of" is a fraction (a scale word).
_COIN_QUARTER = re.compile(
    r"(?:(?<=\d )|(?<=\bhis )|(?<=\bher )|(?<=\btheir )|(?<=\bthe )|(?<=\bmany ))"
    r"quarters?\b(?! of\b)"
)
#: "fourth grade" is a class of a school, not a fraction.
_GRADE = re.compile(r"(?:third|fourth|fifth|sixth|eighth|tenth) grade(?:rs?)?\b")
#: "in the first half" of a game is a time of it, not a fraction of anything.
_HALF_TIME = re.compile(
    r"half\b(?<=\bthe first half)(?! of\b)|half\b(?<=\bthe second half)(?! of\b)"
)
_PRONOUNS = re.compile(r"\b(?:he|she|they|him|her|his|hers|them|their|theirs|it|its)\b", re.I)

#: Named rules that set a sentence aside. Each applies only to a sentence without a
#: number, a scale word or a verb of change (``CHANGE_WORDS``); the trace names the rule.
SET_ASIDE_RULES: tuple[tuple[str, re.Pattern[str] | None], ...] = (
    # Nobody and nothing of the problem is in it: pure scene-setting ("It is a sunny day").
    ("scene_without_actor", None),
    # Going somewhere moves the person, not what they hold ("Sara went to the mall").
    (
        "motion_to_place",
        re.compile(
            rf"^{ENT} (?:went|goes|go|walked|walks|drove|drives|ran|runs|was going|is going|"
            r"strolled|sprinted|jogged|hiked|biked|rode|flew)"
            r" to (?:the|a|an|his|her|their|[A-Z][a-z]+'s) [a-z]+(?: [a-z]+)?"
            rf"(?: with {ENT}(?: and {ENT})?)?"
            # what for: "to see a movie" (a purpose that changes nothing; "to buy apples"
            # is a purchase of an unknown amount and never set aside)
            r"(?: to (?!buy\b|get\b|sell\b|spend\b|give\b|eat\b|use\b|pick\b|collect\b|"
            r"find\b|trade\b|lend\b|borrow\b|pay\b|win\b|lose\b|make\b|bake\b)[a-z]+"
            r"(?: [a-z]+)?)?"
            r"(?: (?:on|last|this|yesterday|today|after) ?[a-z]*)?$"
        ),
    ),
    # An outing is not a quantity ("Sara goes fishing with Melanie").
    (
        "outing",
        re.compile(
            rf"^{ENT} (?:goes|went|go|is going|was going) [a-z]+ing"
            rf"(?: with {ENT}(?: and {ENT})?)?(?: (?:on|at|in|this|last) [a-z]+(?: [a-z]+)?)?$"
        ),
    ),
    # What someone was doing sets a scene ("Emily was planting vegetables in her garden").
    (
        "scene_in_progress",
        re.compile(rf"^{ENT}(?: and {ENT})? (?:was|were|is|are) [a-z]+ing(?: (?:[a-z]+|{ENT}))*$"),
    ),
    # Joining a group is not a quantity ("Mike joined his school's band").
    (
        "joined_group",
        re.compile(
            rf"^{ENT} (?:joined|joins|has joined) (?:the|a|an|his|her|their|[A-Z][a-z]+'s) "
            r"(?:[a-z]+'s )?[a-z]+(?: [a-z]+)?$"
        ),
    ),
    # A liking is not a quantity ("Alyssa loves eating fruits").
    (
        "preference",
        re.compile(
            rf"^{ENT} (?:loves|likes|enjoys|loved|liked|enjoyed)"
            r" (?:[a-z]+ing )?(?:the |a |an )?[a-z]+(?: [a-z]+)?$"
        ),
    ),
)


def unread_scale_words(sentence: Sentence, text: str) -> list[str]:
    """Scale words of a read sentence that no clause cue covers in some alternative."""
    start, end = sentence.start, sentence.start + len(sentence.text)
    missed: list[str] = []
    for m in SCALE_WORDS.finditer(text, start, end):
        if (
            _COIN_QUARTER.match(text, m.start())
            or _GRADE.match(text, m.start())
            or _HALF_TIME.match(text, m.start())
        ):
            continue
        for alt in sentence.alternatives:
            spans = [(c.start, c.end) for clause in alt for c in clause.cues]
            if not any(a <= m.start() and m.end() <= b for a, b in spans):
                missed.append(m.group(0))
                break
    return missed


def _mentions(body: str, persons: list[str], question: list[Question]) -> str | None:
    """What of the problem a sentence mentions: a person, a pronoun, the question's noun."""
    for p in persons:
        if re.search(rf"\b{re.escape(p)}\b", body):
            return f"person {p}"
    m = _PRONOUNS.search(body)
    if m:
        return f"pronoun {m.group(0)}"
    words = {singular(w) for w in re.findall(r"[a-z]+", body.lower())}
    for q in question:
        for key in ("unit", "item"):
            unit = q.args.get(key)
            if isinstance(unit, str) and words & set(unit.split()):
                return f"the question's {unit}"
        for key in ("entity", "entities"):
            ents = q.args.get(key)
            for e in [ents] if isinstance(ents, str) else list(ents or []):
                if e != WORLD and words & {singular(w) for w in re.findall(r"[a-z]+", e.lower())}:
                    return f"the question's {e}"
    return None


def set_aside(body: str, persons: list[str], question: list[Question]) -> str | None:
    """The rule that sets aside a sentence no pattern read, or None (it is unread)."""
    if SCALE_WORDS.search(body) or CHANGE_WORDS.search(body.lower()):
        return None
    for name, pattern in SET_ASIDE_RULES:
        if pattern is None:
            if _mentions(body, persons, question) is None:
                return name
        elif pattern.fullmatch(body):
            if name == "scene_in_progress" and _changing(body) and _mentions_unit(body, question):
                # "Sara was eating the apples": a change of what the question counts.
                continue
            return name
    return None


def _changing(body: str) -> bool:
    """The '-ing' verb of a scene is a verb of change ("eating", "selling", "planting")."""
    m = re.search(r"\b([a-z]+)ing\b", body)
    if m is None:
        return False
    stem = m.group(1)
    forms = [stem + "s", stem + "es", stem + "es"[1:], stem[:-1] + "s", stem + "e" + "s"]
    return any(CHANGE_WORDS.fullmatch(f) for f in forms)


def _mentions_unit(body: str, question: list[Question]) -> bool:
    words = {singular(w) for w in re.findall(r"[a-z]+", body.lower())}
    for q in question:
        unit = q.args.get("unit")
        if not isinstance(unit, str) or words & set(unit.split()):
            return True
    return False
