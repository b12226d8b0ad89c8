"""What a place or the world holds, and what comes to it or leaves it.

Each rule is a value: its name, its pattern, what it builds, sentences it must read and
near-misses it must not (both are tests). The order of all rules is ``_rules.order``.
"""

# A pattern and an example read best unbroken, as the expected outputs of the tests do.
# ruff: noqa: E501

from __future__ import annotations

from .._builders_places import (
    _DOING,
    _OWN_PLACE,
    _b_place_change,
    _b_place_have,
    _b_place_have_two,
    _b_there,
    _b_there_two,
    _b_there_two_places,
    _b_workers,
)
from .._grammar import (
    _W2,
)
from .._vocabulary import verbs
from ._rule import SentenceRule

RULES: tuple[SentenceRule, ...] = (
    SentenceRule(
        name="there_two_places",
        pattern=r"there (?P<v>are|is|were|was) <n1:N> <u1:U> (?:in|on|at|inside) (?P<loc1>the "
        + _W2
        + r") and <n2:N> <u2:U> (?:in|on|at|inside) (?P<loc2>the "
        + _W2
        + r")",
        builds=_b_there_two_places,
        reads=("there are 28 spoons in the kitchen and 14 spoons in the dining room",),
        not_reads=(
            "there are several spoons in the kitchen and 14 spoons in the dining room",
            "there are 28 spoons near the kitchen and 14 spoons in the dining room",
        ),
    ),
    SentenceRule(
        # "There are 7 students in the class and 42 apples": two stocks of one place.
        name="there_two_loc_first",
        pattern=r"there (?P<v>are|is|were|was) <n1:N> <u1:U> (?:in|on|at|inside) (?P<loc>(?:the|a|an) "
        + _W2
        + r") and <n2:N> <u2:U>",
        builds=_b_there_two,
        reads=("there are 30 students in the class and 2 teachers",),
        not_reads=(
            "there are several students in the class and 2 teachers",
            "there are 30 students near the class and 2 teachers",
        ),
    ),
    SentenceRule(
        name="there_two",
        pattern=r"there (?P<v>are|is|were|was) <n1:N> <u1:U>,? and <n2:N> <u2:U>(?: (?:currently|now))?(?: (?:in|on|at|inside) (?P<loc>(?:the|a|an) "
        + _W2
        + r")(?: at (?:recess|lunch|noon|night|school|home))?)?"
        + _DOING,
        builds=_b_there_two,
        reads=("there are 3 cats and 2 birds",),
        not_reads=(
            "there are several cats and 2 birds",
            "here are 3 cats and 2 birds",
        ),
    ),
    SentenceRule(
        name="place_have_two",
        pattern=r"(?:the (?P<the>[a-z]+(?: [a-z]+)?) (?P<v>has|had|holds|held)|(?:a|an) (?P<past>[a-z]+(?: [a-z]+)?) (?P<v2>had|held)) <n1:N> <u1:U>,? and <n2:N> <u2:U>",
        builds=_b_place_have_two,
        reads=("a farm had 24 brown cows and 16 black cows",),
        not_reads=(
            "a farm has 24 brown cows and 16 black cows",
            "a farm had several brown cows and 16 black cows",
        ),
    ),
    SentenceRule(
        name="place_have",
        pattern=r"(?:the (?P<the>[a-z]+(?: [a-z]+)?) (?P<v>has|had|holds|held|contains|contained)|(?:a|an) (?P<past>[a-z]+(?: [a-z]+)?) (?P<v2>had|held|contained)) <n:N> <u:U>"
        + _OWN_PLACE,
        builds=_b_place_have,
        reads=("the farmer has 12 cows",),
        not_reads=(
            "the farmer has several cows",
            "the farmer has only about 12 cows",
        ),
    ),
    SentenceRule(
        # "There were 10 students at the start of the year": the world, at first.
        name="there_at_start",
        pattern=r"there (?P<v>are|is|were|was) <n:N> <u:U> at the (?:start|beginning) of the "
        r"(?:year|day|week|month|season)",
        builds=_b_there,
        reads=("there were 28 students at the start of the year",),
        not_reads=(
            "there were several students at the start of the year",
            "there were 28 students at the start from the year",
        ),
    ),
    SentenceRule(
        # "There were 10 students riding on the school bus": the bus holds them.
        name="there_doing_in",
        pattern=r"there (?P<v>are|is|were|was) <n:N> <u:U> (?:sitting|standing|riding|waiting|playing|"
        r"swimming|working) (?:in|on|at|inside) (?P<loc>(?:the|a|an) " + _W2 + r")",
        builds=_b_there,
        reads=("there were 22 students riding on the school bus",),
        not_reads=(
            "there were several students riding on the school bus",
            "here were 22 students riding on the school bus",
        ),
    ),
    SentenceRule(
        name="there",
        pattern=r"there (?P<v>are|is|were|was) (?P<orig>originally |initially |at first )?<n:N> <u:U>(?P<tot> in total| altogether| in all)?(?: (?:currently|now) )?(?: ?(?:in|on|at|inside) (?P<loc>(?:the|a|an) "
        + _W2
        # "in a pile on the desk": the pile, wherever it is
        + r")(?: (?:on|in|at) the [a-z]+)?)?"
        # what they are doing there: "trying out for the school's trivia teams"
        + _DOING,
        builds=_b_there,
        reads=("there are 3 buses",),
        not_reads=(
            "there are several buses",
            "here are 3 buses",
        ),
    ),
    SentenceRule(
        # "14 birds were sitting in a tree": the tree holds them.
        name="sitting_in",
        pattern=r"<n:N> <u:U> (?P<v>are|were|was|is) (?:sitting|standing|perched|swimming|parked|lying|"
        r"resting|waiting|playing|sleeping|growing|riding) (?:in|on|at|inside) "
        r"(?P<loc>(?:the|a|an) " + _W2 + r")",
        builds=_b_there,
        reads=("11 geese were sitting on a dock",),
        not_reads=(
            "several geese were sitting on a dock",
            "only about 11 geese were sitting on a dock",
        ),
    ),
    SentenceRule(
        # "5 of them didn't get picked for the team": they leave the place's stock.
        name="place_not_picked",
        pattern=r"<n:N> of (?:them|the <u2:U>) (?P<v>didn't get picked|did not get picked|weren't picked|"
        r"were not picked|didn't get chosen|did not get chosen|weren't chosen|were not chosen|"
        r"didn't make the team|did not make the team)(?: for the [a-z]+(?: [a-z]+)?)?",
        builds=_b_place_change("lose"),
        reads=("5 of them didn't get picked for the team",),
        not_reads=(
            "5 of them didn't get picks for the team",
            "several of them didn't get picked for the team",
        ),
    ),
    SentenceRule(
        name="place_gain",
        pattern=r"<n:N> (?:more )?<u:U> (?P<v>"
        + verbs("land fly hop swim come arrive join climb move park", "past", "base")
        + "|"
        + verbs("walk", "past")
        + r")(?: over| in| up| down| back)?(?: (?:to|in|into|on|onto|at) (?P<loc>the "
        + _W2
        + r")| them| to join them| to (?:school|class|work|the party))?",
        builds=_b_place_change("gain"),
        reads=("12 more birds landed in the tree",),
        not_reads=(
            "12 more birds lands in the tree",
            "several more birds landed in the tree",
        ),
    ),
    SentenceRule(
        name="place_lose",
        pattern=r"<n:N> (?:of them |of the <u2:U> |(?:of )?<u:U> )?(?P<v>flew away|fly away|hopped away|swam away|walked away|ran away|went home|go home|left|leave|popped|pop|broke|burst|melted|fell off|fell out|got off|get off|got out|rotted|died|flew off|did not come)(?: (?:of|from) (?P<loc>the "
        + _W2
        + r"))?",
        builds=_b_place_change("lose"),
        reads=("8 of them popped",),
        not_reads=(
            "8 of them pops",
            "several of them popped",
        ),
    ),
    SentenceRule(
        name="workers_plant",
        pattern=r"(?:the )?(?:[a-z]+ )?(?:workers|gardeners|volunteers) (?:will )?(?P<v>"
        + verbs("plant add", "base", "past", "third")
        + r") <n:N> (?:more )?<u:U>(?: today| tomorrow| this week| next week)?(?: and <n2:N> (?:more )?<u2:U>(?: today| tomorrow| this week| next week))?",
        builds=_b_workers,
        reads=("the gardeners will plant 21 pear trees this week and 14 pear trees next week",),
        not_reads=(
            "the gardeners will plant several pear trees this week and 14 pear trees next week",
            "the gardeners will plant only about 21 pear trees this week and 14 pear trees next week",
        ),
    ),
    SentenceRule(
        # "Park workers had to cut down 2 oak trees that were damaged": the place loses them.
        name="workers_cut",
        pattern=r"(?:the )?(?:[a-z]+ )?(?:workers|gardeners|volunteers) (?:had to |will |must |have to )?"
        r"(?P<v>"
        + verbs("cut_down cut", "past")
        + "|"
        + verbs("chop_down remove", "past", "base")
        + r") <n:N> <u:U>"
        r"(?: that (?:were|are) (?:damaged|dead|sick|old|diseased))?(?: today| tomorrow)?",
        builds=_b_place_change("lose"),
        reads=("park workers had to cut down 5 birch trees that were damaged",),
        not_reads=(
            "park workers has to cut down 5 birch trees that were damaged",
            "park workers had to cut down several birch trees that were damaged",
        ),
    ),
    SentenceRule(
        name="lose_passive",
        pattern=r"<n:N> (?:of them |of the <u2:U> |<u:U> )?(?:are|were|was|is|got|get) (?P<v>eaten|stolen|lost|popped|given away|thrown away|thrown out|used|sold)(?: by (?:a|an|the|his|her) [a-z]+)?",
        builds=_b_place_change("lose"),
        reads=("15 are eaten by a puppy",),
        not_reads=(
            "several are eaten by a puppy",
            "only about 15 are eaten by a puppy",
        ),
    ),
    SentenceRule(
        name="place_added",
        pattern=r"<n:N> (?:more )?(?:<u:U> )?(?:more )?(?:are|were|is|was) (?P<v>added|put in)"
        r"(?: (?:to|in|into|on) (?P<loc>the " + _W2 + r"))?",
        builds=_b_place_change("gain"),
        reads=("6 pears are added to the basket",),
        not_reads=(
            "6 pears are adds to the basket",
            "several pears are added to the basket",
        ),
    ),
)
