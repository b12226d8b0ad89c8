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

from fractions import Fraction
from typing import Literal

from ._lexicon import singular

__all__ = ["FAMILY", "UNIT_MEASURE", "Measure", "factor_between", "unit_of"]

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
