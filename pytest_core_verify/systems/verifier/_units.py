"""Units by measure, with exact conversion factors to one base unit per measure.

A quantity's unit is a noun of this table or a counted noun; two units of one measure in
one problem are converted exactly (the question's unit decides) or the problem is
refused. Factors are exact rationals: the inch is 254/10000 m and the pound
45359237/100000000 kg by definition, the US gallon 231 cubic inches.

Units whose size is not fixed against the others of their measure (a month is 28 to 31
days) have no factor: a problem that mixes them with another unit of that measure is
refused, never approximated.
"""

from __future__ import annotations

import re
from fractions import Fraction
from typing import Literal

from ._lexicon import singular

__all__ = ["FAMILY", "UNIT_MEASURE", "Measure", "convert_units", "factor_between", "unit_of"]

Measure = Literal["money", "length", "mass", "volume", "time", "calendar"]

_INCH = Fraction(254, 10000)
_POUND = Fraction(45359237, 100000000)
_GALLON = 231 * _INCH**3 * 1000  # cubic inches in liters (a cubic meter is 1000 liters)

#: singular unit -> (measure, size in the measure's base unit, or None if not fixed).
UNIT_MEASURE: dict[str, tuple[Measure, Fraction | None]] = {
    # money: base cent
    "dollar": ("money", Fraction(100)),
    "cent": ("money", Fraction(1)),
    # length: base meter
    "millimeter": ("length", Fraction(1, 1000)),
    "centimeter": ("length", Fraction(1, 100)),
    "meter": ("length", Fraction(1)),
    "kilometer": ("length", Fraction(1000)),
    "inch": ("length", _INCH),
    "foot": ("length", 12 * _INCH),
    "yard": ("length", 36 * _INCH),
    "mile": ("length", 5280 * 12 * _INCH),
    # mass: base kilogram
    "milligram": ("mass", Fraction(1, 1000000)),
    "gram": ("mass", Fraction(1, 1000)),
    "kilogram": ("mass", Fraction(1)),
    "pound": ("mass", _POUND),
    "ounce": ("mass", _POUND / 16),
    "ton": ("mass", None),
    # volume: base liter
    "milliliter": ("volume", Fraction(1, 1000)),
    "liter": ("volume", Fraction(1)),
    "gallon": ("volume", _GALLON),
    "quart": ("volume", _GALLON / 4),
    "pint": ("volume", _GALLON / 8),
    "cup": ("volume", _GALLON / 16),
    "fluid ounce": ("volume", _GALLON / 128),
    "tablespoon": ("volume", _GALLON / 256),
    "teaspoon": ("volume", _GALLON / 768),
    # time: base second
    "second": ("time", Fraction(1)),
    "minute": ("time", Fraction(60)),
    "hour": ("time", Fraction(3600)),
    "day": ("time", Fraction(86400)),
    "week": ("time", Fraction(604800)),
    # calendar: base month (a month has no fixed number of days; a year has 12 months)
    "month": ("calendar", Fraction(1)),
    "year": ("calendar", Fraction(12)),
    "decade": ("calendar", Fraction(120)),
    "century": ("calendar", Fraction(1200)),
}

#: Measures that one problem cannot mix without a conversion (days and months are both
#: durations, yet no exact factor joins them).
FAMILY: dict[Measure, str] = {
    "money": "money",
    "length": "length",
    "mass": "mass",
    "volume": "volume",
    "time": "duration",
    "calendar": "duration",
}

_PLURALS = {"feet": "foot", "inches": "inch", "fluid ounces": "fluid ounce", "centuries": "century"}


def unit_of(word: str) -> str | None:
    """The singular unit a word names ("miles" -> "mile"), or None if it names none."""
    lower = word.lower()
    base = _PLURALS.get(lower) or singular(lower)
    return base if base in UNIT_MEASURE else None


def factor_between(big: str, small: str) -> Fraction | None:
    """How many ``small`` make one ``big`` (exact), or None if they are not of one
    measure or either has no fixed size."""
    a, b = UNIT_MEASURE.get(big), UNIT_MEASURE.get(small)
    if a is None or b is None or a[0] != b[0] or a[1] is None or b[1] is None:
        return None
    return a[1] / b[1]


# --------------------------------------------------------------------------- exact conversion

#: "N unit" in the read text ("3 dollars", "0.5 fluid ounces", "250 milliliters").
_QUANTITY = re.compile(r"(?<![\d.])(\d+(?:\.\d+)?) ((?:fluid )?[a-z]+)\b")
#: A number and the words after it, which may hold its unit ("3 rice kilograms").
_AMOUNT = re.compile(r"(?<![\d.])(\d+(?:\.\d+)?) ((?:[a-z]+ ?){1,3})(?<! )")
#: "7 dollars and 50 cents", "2 hours and 30 minutes": one amount in two units.
_COMPOUND = re.compile(
    r"(?<![\d.])(\d+(?:\.\d+)?) ((?:fluid )?[a-z]+) and (\d+(?:\.\d+)?) ((?:fluid )?[a-z]+)\b"
)
#: The question's unit, named after "how many" (and an optional adjective of size).
_ASKED_UNIT = re.compile(r"\b[Hh]ow many ((?:[a-z]+ ){0,2}[a-z]+)\b[^.?!]*\?\s*$")
#: A rate or a count of repetitions of a duration ("each day", "per hour", "for 5 days",
#: "a week"): a duration there counts occurrences, and is never converted.
_DURATION_RATE = re.compile(
    r"\b(?:each|per|every|a|an) (?:second|minute|hour|day|week|month|year)\b|"
    r"\b(?:for|in) \d+(?:\.\d+)? (?:seconds|minutes|hours|days|weeks|months|years)\b(?=[^.?!]*"
    r"\b(?:each|per|every|a|an) )"
)


#: Coins: counted things worth so many cents, which the reader values by its own rules.
_COINS = re.compile(r"\b(?:quarters?|dimes?|nickels?|penny|pennies)\b", re.IGNORECASE)


def _two_durations(head: str) -> bool:
    """Some sentence states two durations ("worked 7 hours for 5 days"): one may count the
    repetitions of the other, so neither is an amount to convert."""
    for sentence in re.split(r"(?<=[.?!])\s+", head):
        found = [
            u
            for m in _QUANTITY.finditer(sentence)
            if (u := unit_of(m.group(2))) is not None and UNIT_MEASURE[u][0] == "time"
        ]
        if len(found) > 1:
            return True
    return False


def _decimal(value: Fraction) -> str | None:
    """``value`` written as a terminating decimal, or None if it has none."""
    den = value.denominator
    twos = fives = 0
    while den % 2 == 0:
        den //= 2
        twos += 1
    while den % 5 == 0:
        den //= 5
        fives += 1
    if den != 1:
        return None
    places = max(twos, fives)
    if places == 0:
        return str(value.numerator)
    scaled = value * 10**places
    text = f"{abs(scaled.numerator):0{places + 1}d}"
    sign = "-" if value < 0 else ""
    return f"{sign}{text[:-places]}.{text[-places:]}".rstrip("0").rstrip(".")


def convert_units(text: str) -> str:
    """Quantities of the question's measure stated in another unit of it, rewritten exactly
    into the question's unit ("Tom had 3 dollars. He found 50 cents. How many cents ..."
    reads "300 cents"); the text unchanged where nothing is to convert or any conversion is
    not exact (a factor not fixed, a value with no terminating decimal), or the problem
    states a factor itself ("There are 100 cents in a dollar"). The question decides the
    unit only when it names one ("how many cents"); "how much money" converts nothing.

    A duration counted per another ("3 hours each day for 5 days") is a rate, not an amount
    in two units: a text with one is left as it is."""
    head, sep, question = text.rpartition(". ")
    asked = _ASKED_UNIT.search(question) if sep else None
    if asked is None:
        return text
    # the unit among the words after "how many" ("how many rice grams", "how many fluid
    # ounces"); none, or one of no fixed size, decides nothing
    asked_words = asked.group(1).lower().split()
    plural = next(
        (
            f"fluid {asked_words[i + 1]}" if w == "fluid" and i + 1 < len(asked_words) else w
            for i, w in enumerate(asked_words)
            if unit_of(w) is not None or w == "fluid"
        ),
        "",
    )
    target = unit_of(plural) if plural else None
    if target is None or UNIT_MEASURE[target][1] is None:
        return text
    measure = UNIT_MEASURE[target][0]
    if plural == target:
        return text  # "how many cent" is no question of this table
    if measure == "time" and (_DURATION_RATE.search(text) or _two_durations(head)):
        return text
    if measure == "money" and _COINS.search(text):
        return text  # coins are counted things the reader values itself, never a unit here
    for sentence in re.split(r"(?<=[.?!])\s+", head):
        units = {
            u
            for m in _QUANTITY.finditer(sentence)
            if (u := unit_of(m.group(2))) is not None and UNIT_MEASURE[u][0] == measure
        }
        words = {unit_of(w) for w in re.findall(r"[a-z]+", sentence.lower())}
        if len(units | ({target} & words)) > 1 and re.search(r"\bin (?:a|an|one|1)\b", sentence):
            return text  # a stated factor: read as the problem states it

    def amount(number: str, word: str) -> Fraction | None:
        unit = unit_of(word)
        if unit is None or UNIT_MEASURE[unit][0] != measure:
            return None
        factor = factor_between(unit, target)
        return None if factor is None else Fraction(number) * factor

    failed = False

    def write(value: Fraction) -> str:
        nonlocal failed
        digits = _decimal(value)
        if digits is None:
            failed = True
            return ""
        return f"{digits} {target if value == 1 else plural}"

    def compound(m: re.Match[str]) -> str:
        a, b = amount(m.group(1), m.group(2)), amount(m.group(3), m.group(4))
        if a is None or b is None or unit_of(m.group(2)) == unit_of(m.group(4)):
            return m.group(0)
        return write(a + b)

    def single(m: re.Match[str]) -> str:
        # "3 kilograms", "3 rice kilograms" (a measure of a noun, read head last), "0.5
        # fluid ounces": the first unit among the next words, the words before it kept
        words = m.group(2).split()
        for i, word in enumerate(words):
            fluid = word == "fluid" and i + 1 < len(words)
            name = f"{word} {words[i + 1]}" if fluid else word
            unit = unit_of(name)
            if unit is None:
                if unit_of(word) is not None or not word.isalpha():
                    break
                continue
            value = amount(m.group(1), name)
            if value is None or unit == target:
                break
            rest = words[i + (2 if fluid else 1) :]
            digits = write(value)
            number, _, unit_word = digits.partition(" ")
            return " ".join([number, *words[:i], unit_word, *rest])
        return m.group(0)

    converted = _COMPOUND.sub(compound, head)
    converted = _AMOUNT.sub(single, converted)
    if failed or converted == head:
        return text
    return converted + sep + question
