"""Parts of a stock: described parts, fractions of a count, totals, sharing and packing.

Each rule is a value: its name, its pattern, what it builds, sentences it must read and
near-misses it must not (both are tests). The order of all rules is ``_rules.order``.
"""

# A pattern and an example read best unbroken, as the expected outputs of the tests do.
# ruff: noqa: E501

from __future__ import annotations

from .._builders import (
    _b_discovered_part,
    _b_divided_among,
    _b_have_part,
)
from .._builders_places import (
    _b_pack,
    _b_part_count,
    _b_share,
    _b_share_rest,
    _b_subset,
    _b_total,
    _b_world_share,
)
from .._grammar import (
    FRAC,
)
from .._vocabulary import verbs
from ._rule import SentenceRule

RULES: tuple[SentenceRule, ...] = (
    SentenceRule(
        # "When they cleaned them, they discovered that 3 were cracked": a description of part
        # of what was found, which changes nothing (its named rule may set it aside).
        name="discovered_part",
        pattern=r"(?:[Ww]hen (?:they|he|she) (?:"
        + verbs("clean wash check count sort look_at", "past")
        + r") them,? )?"
        r"(?:they|he|she) (?:discovered|found|noticed|saw) that <k:N> (?:of them )?(?:were|was) "
        r"(?P<w>cracked|broken|torn|bent|damaged|chipped|dirty|rotten|empty)",
        builds=_b_discovered_part,
        reads=("when they cleaned them, they discovered that 5 were cracked",),
        not_reads=(
            "when they cleans them, they discovered that 5 were cracked",
            "when they cleaned them, they discovered that several were cracked",
        ),
    ),
    SentenceRule(
        # "Sally had 39 cards, and 9 were torn": a description of part of the stock, which
        # changes nothing (a named distractor rule may set its number aside).
        name="have_part",
        pattern=r"<e:E> (?P<v>had|has) <n:N> <u:U>,? and <k:N> (?:of them )?(?:were|are) "
        r"(?P<w>torn|bent|damaged|cracked|scratched|ripped|dirty|wet|new|old|used)",
        builds=_b_have_part,
        reads=("Ava had 20 cards, and 4 were bent",),
        not_reads=(
            "Ava had 20 cards, and 4 is bent",
            "Ava had several cards, and 4 were bent",
        ),
    ),
    SentenceRule(
        # "The apples are divided equally among the students": each student gets a part (the
        # number of parts is the students stated).
        name="divided_among",
        pattern=r"the <u:U> (?:are|were|will be) (?P<v>divided|shared|split)(?: equally)? "
        r"(?:among|between) the <c:U>",
        builds=_b_divided_among,
        reads=("the markers are divided equally among the students",),
        not_reads=(
            "the markers are divides equally among the students",
            "the markers are divided equally among the",
        ),
    ),
    SentenceRule(
        # "38 of the carrots were good", "26 of the students were called back": so many of
        # all there are of that thing, in a part the question may ask for (or not)
        name="part_count",
        pattern=r"(?:only )?<n:N> of the <u:U> (?P<v>are|were) (?P<w>(?:not )?(?:good|bad|ripe|rotten|"
        r"finished|called back|tipping|red|blue|green|yellow|white|black|pink|purple|brown))",
        builds=_b_part_count,
        reads=("12 of the students were called back",),
        not_reads=(
            "12 of the students is called back",
            "several of the students were called back",
        ),
    ),
    SentenceRule(
        name="subset",
        pattern=r"(?P<fx>(?P<f>"
        + FRAC
        + r")|<p:N> percent) of the <n:N> <u:U> (?P<v>are|were) (?P<w>[a-z]+)",
        builds=_b_subset,
        reads=("40 percent of the 50 students are girls",),
        not_reads=(
            "several percent of the 50 students are girls",
            "40 percent from the 50 students are girls",
        ),
    ),
    SentenceRule(
        name="total",
        pattern=r"the <c:U> (?:carry|carried|hold|held|seat|seated|have|had|contain|contained) <n:N> <u:U> (?P<tot>in total|altogether|in all)",
        builds=_b_total,
        reads=("the buses carry 260 students in total",),
        not_reads=(
            "the buses carry several students in total",
            "the buses carry 260 students near total",
        ),
    ),
    SentenceRule(
        # "the rest were put into 3 groups": the place's stock in equal parts.
        name="share_rest_passive",
        pattern=r"the rest (?:were|are|will be|would be) (?P<v>put|split|divided|placed|sorted|organized|"
        r"separated)(?: equally)? into <n:N> (?:equal |different |same-size )?<c:U>(?: equally)?",
        builds=_b_share_rest,
        reads=("the rest were put into 7 albums",),
        not_reads=(
            "the rest is put into 7 albums",
            "the rest were put into several albums",
        ),
    ),
    SentenceRule(
        # "put the rest into cages with 8 in each cage", "packed the rest up putting 4
        # games into each box": what the owner holds now, in containers of that many.
        name="pack",
        pattern=r"<e:E> (?P<v>"
        + verbs("put place pack sort", "third", "past")
        + r") (?:the rest|them|"
        r"(?:his|her|their|the) <u2:U>)(?: up)? (?:into|in) <c:U> (?P<w>with) <n:N>(?: <u:U>)?"
        r" in each(?: one| <c2:U>)?",
        builds=_b_pack,
        reads=("he put them into bags with 6 in each bag",),
        not_reads=(
            "he put them into bags with several in each bag",
            "he put them into bags with 6 in all bag",
        ),
    ),
    SentenceRule(
        name="pack_putting",
        pattern=r"<e:E> (?P<v>"
        + verbs("pack put", "third", "past")
        + r") (?:the rest|them)(?: up)? (?P<w>putting) <n:N>"
        r"(?: <u:U>)? (?:into|in) each <c:U>",
        builds=_b_pack,
        reads=("she packed the rest up putting 6 puzzles into each box",),
        not_reads=(
            "she packed the rest up putting several puzzles into each box",
            "she packed the rest up putting 6 puzzles into all box",
        ),
    ),
    SentenceRule(
        # "There were 9 boys and 15 girls. They split into 8 equal teams": what there is,
        # with no one named, in equal parts.
        name="world_share",
        pattern=r"they (?:were |are )?(?P<v>split|divided)(?: up)? into <n:N> (?:equal )?"
        r"(?P<c>teams|groups)",
        builds=_b_world_share,
        reads=("they split into 4 teams",),
        not_reads=(
            "they split into several teams",
            "they split into only about 4 teams",
        ),
    ),
    SentenceRule(
        name="share",
        pattern=r"<e:E> (?P<v>"
        + verbs("share divide put pack sort place", "third", "past")
        + "|"
        + verbs("split", "third", "base")
        + r")(?: them| <n0:N> <u:U>| the <u2:U>| (?:his|her|their) <u3:U>)?(?: equally| evenly)? (?:among|between|into|in) (?:his |her |their )?<n:N> (?:equal |different |same-size )?<c:U>(?: equally| evenly)?"
        # "with the same amount of pics in each album": what "equally" says
        r"(?: with the same (?:amount|number) of [a-z]+ in each(?: [a-z]+)?)?",
        builds=_b_share,
        reads=(
            "he puts them into 4 equal piles",
            "Tom divided 20 apples evenly among 4 friends",
            "he shared them equally between his 2 sisters",
        ),
        not_reads=(
            "he puts them into several equal piles",
            "Tom divided 20 apples evenly among 4 friends and himself",
            "he puts them into only about 4 equal piles",
        ),
    ),
)
