"""What was done, and how often: ways gone, times taken, visits, guests, servings, pictures.

Each rule is a value: its name, its pattern, what it builds, sentences it must read and
near-misses it must not (both are tests). The order of all rules is ``_rules.order``.
"""

# A pattern and an example read best unbroken, as the expected outputs of the tests do.
# ruff: noqa: E501

from __future__ import annotations

from .._builders import (
    _b_attend,
    _b_have,
    _b_invited,
    _b_motion,
    _b_motion_in_time,
    _b_times,
)
from .._builders_places import (
    _DISTANCE,
    _MOTION_V,
    _b_served,
    _b_take_pictures,
)
from .._grammar import (
    _TAIL,
)
from .._vocabulary import verbs
from ._rule import SentenceRule

RULES: tuple[SentenceRule, ...] = (
    SentenceRule(
        # "Tammy drove 55 miles in 1 hour", "A car traveled 715 kilometers in 11 hours": a
        # speed.
        name="motion_in_time",
        pattern=r"(?:<e:E>|(?:a|an|the) (?P<w>[a-z]+)) (?P<v>"
        + _MOTION_V
        + r") <n:N> (?P<u>"
        + _DISTANCE
        + r") (?P<in>in) <m:N> (?P<c>hours|hour|minutes|minute)",
        builds=_b_motion_in_time,
        reads=("Juan ran 8 miles in 4 hours",),
        not_reads=(
            "Juan ran several miles in 4 hours",
            "Juan ran 8 miles near 4 hours",
        ),
    ),
    SentenceRule(
        # "It took Amanda 2 hours to stroll to Kimberly's house at 4 miles per hour".
        name="took_time_at",
        pattern=r"it took <e:E> <n:N> <u:U> to (?P<v>[a-z]+) to (?:the |[A-Z][a-z]+'s )?[a-z]+ (?P<at>at) "
        r"<k:N> <u2:U> per (?P<per>hour|minute|second)",
        builds=_b_motion,
        reads=("it took Ayo 4 hours to walk to Bea's house at 3 miles per hour",),
        not_reads=(
            "it takes Ayo 4 hours to walk to Bea's house at 3 miles per hour",
            "it took Ayo several hours to walk to Bea's house at 3 miles per hour",
        ),
    ),
    SentenceRule(
        # "It took Rachel 5 hours to get there".
        name="took_time",
        pattern=r"it took <e:E> <n:N> (?P<u>hours|hour|minutes|minute) (?P<v>to get there|to get home|"
        r"to get to (?:the |[A-Z][a-z]+'s )?[a-z]+)",
        builds=_b_have("have"),
        reads=("it took Lise 3 hours to get there",),
        not_reads=(
            "it takes Lise 3 hours to get there",
            "it took Lise several hours to get there",
        ),
    ),
    SentenceRule(
        # "It is 10 miles from Rachel's house to Nicholas's house": the way the first goes.
        name="distance_between",
        pattern=r"it (?P<v>is|was) <n:N> (?P<u>"
        + _DISTANCE
        + r") from (?P<e>[A-Z][a-z]+)'s [a-z]+ to "
        r"(?:the |[A-Z][a-z]+'s )?[a-z]+",
        builds=_b_have("have"),
        reads=("it is 9 miles from Lise's house to Tomas's house",),
        not_reads=(
            "it were 9 miles from Lise's house to Tomas's house",
            "it is several miles from Lise's house to Tomas's house",
        ),
    ),
    SentenceRule(
        # "Beka flew 873 miles to visit her aunt", "he hiked another 1.6 miles": a tally of
        # the way gone, under the verb that went it.
        name="motion_tally",
        pattern=r"<e:E> (?P<v>"
        + _MOTION_V
        + r") (?:another )?<n:N> (?P<u>"
        + _DISTANCE
        + r")"
        + _TAIL
        + r"(?: to (?!give\b|share\b|sell\b)[a-z]+(?: (?:his|her|their|the|a|an) [a-z]+)?)?",
        builds=_b_have("gain"),
        reads=("Jacob ran 20 laps on Monday",),
        not_reads=(
            "Jacob ran several laps on Monday",
            "Jacob ran only about 20 laps on Monday",
        ),
    ),
    SentenceRule(
        # "A company invited 18 people to a luncheon": the company's guests.
        name="invited",
        pattern=r"(?:(?:a|an|the) (?P<w>[a-z]+(?: [a-z]+)?)|<e:E>) (?P<v>invited|invites) <n:N> <u:U>"
        r"(?: to (?:a|an|the|his|her|their) [a-z]+(?: [a-z]+)?)?",
        builds=_b_invited,
        reads=("a firm invited 40 people to a banquet",),
        not_reads=(
            "a firm invited several people to a banquet",
            "a firm invited 40 people for a banquet",
        ),
    ),
    SentenceRule(
        # "Kimberly went to the store 3 times last month": so many visits.
        name="went_times",
        pattern=r"<e:E> (?P<v>"
        + verbs("go", "past", "third", "base")
        + "|"
        + verbs("visit", "past", "third")
        + r") (?:to )?(?:the|a|an) [a-z]+ <n:N> (?P<t>times)"
        + _TAIL,
        builds=_b_times,
        reads=("Paloma went to the bakery 6 times last month",),
        not_reads=(
            "Paloma went to the bakery several times last month",
            "Paloma went for the bakery 6 times last month",
        ),
    ),
    SentenceRule(
        # "Megan took 15 pictures at the zoo": pictures taken are pictures she has.
        name="take_pictures",
        pattern=r"<e:E> (?P<v>takes|took|snapped) <n:N>(?: (?P<u>pictures|photos|photographs|pics))?"
        + _TAIL,
        builds=_b_take_pictures,
        reads=("Megan took 15 pictures at the zoo",),
        not_reads=(
            "Megan took several pictures at the zoo",
            "Megan took only about 15 pictures at the zoo",
        ),
    ),
    SentenceRule(
        # "Alyssa went to 11 soccer games this year, but missed 12": games attended, and a
        # number of others that changes nothing.
        name="attend",
        pattern=r"<e:E> (?:plans to |will |is going to )?(?P<v>"
        + verbs("go attend", "past", "third", "base")
        + r") "
        r"(?:to )?<n:N> <u:U>" + _TAIL + r"(?:,? but (?P<w>missed) <k:N>)?",
        builds=_b_attend,
        reads=("Priya went to 9 basketball games this year, but missed 4",),
        not_reads=(
            "Priya went to 9 basketball games this year, but misses 4",
            "Priya went to several basketball games this year, but missed 4",
        ),
    ),
    SentenceRule(
        # "James rode 80 miles at 16 miles per hour", "Anne wandered for 3 hours at 2 miles
        # per hour": a distance or a time, and a speed.
        name="motion",
        pattern=r"<e:E> (?P<v>[a-z]+ed|ran|rode|swam|drove|flew|went|walked|ran) (?:for )?<n:N> <u:U> "
        r"(?P<at>at) <k:N> <u2:U> per (?P<per>hour|minute|second)",
        builds=_b_motion,
        reads=("Ines cycled 45 kilometers at 15 kilometers per hour",),
        not_reads=(
            "Ines cycles 45 kilometers at 15 kilometers per hour",
            "Ines cycled several kilometers at 15 kilometers per hour",
        ),
    ),
    SentenceRule(
        # "A restaurant served 6 cakes during lunch and 9 during dinner today": a tally of
        # serving, which changes no stock the problem states.
        name="served",
        pattern=r"(?:(?:a|an) (?P<past>[a-z]+)|the (?P<the>[a-z]+)) (?P<v>served|serves) <n:N> <u:U>"
        r"(?: during [a-z]+| at [a-z]+)?(?: and <n2:N>(?: more)?(?: <u2:U>)? (?:during|at) [a-z]+)?"
        r"(?: today| yesterday| tonight)?",
        builds=_b_served,
        reads=("a diner served 8 pancakes during breakfast and 11 during lunch today",),
        not_reads=(
            "a diner served several pancakes during breakfast and 11 during lunch today",
            "a diner served only about 8 pancakes during breakfast and 11 during lunch today",
        ),
    ),
)
