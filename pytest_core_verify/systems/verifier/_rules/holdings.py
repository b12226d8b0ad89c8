"""What someone holds: a stock, a pair's stock, containers of things, a holding now.

Each rule is a value: its name, its pattern, what it builds, sentences it must read and
near-misses it must not (both are tests). The order of all rules is ``_rules.order``.
"""

# A pattern and an example read best unbroken, as the expected outputs of the tests do.
# ruff: noqa: E501

from __future__ import annotations

from .._builders import (
    _b_container,
    _b_container_coord,
    _b_each_have,
    _b_have,
    _b_have_final_nounless,
    _b_have_nounless,
    _b_joint,
    _b_pair,
    _b_pair_buying,
)
from .._builders_places import (
    _OWN_PLACE,
    _b_have_final_now,
    _b_have_of,
    _b_have_two,
    _b_have_unknown,
)
from .._vocabulary import (
    HAVE_V,
)
from ._rule import SentenceRule

RULES: tuple[SentenceRule, ...] = (
    SentenceRule(
        name="joint",
        pattern=r"<a:E> and <b:E> (?:have|had|own|collected) <n:N> <u:U> (?P<w>together|in all|altogether|combined|in total)",
        builds=_b_joint,
        reads=("Tom and Ben have 20 marbles together",),
        not_reads=(
            "Tom and Ben have several marbles together",
            "Tom and Ben have only about 20 marbles together",
        ),
    ),
    SentenceRule(
        name="container_coord_each",
        pattern=r"<e:E> (?P<v>"
        + HAVE_V
        + r") <m:N> <c:U> (?P<w>with) <n1:N> <u1:U> (?P<and>and) <n2:N> <u2:U> (?P<each>each|in each)",
        builds=_b_container_coord,
        reads=("the zoo has 6 pens with 4 ducks and 6 geese each",),
        not_reads=(
            "the zoo has several pens with 4 ducks and 6 geese each",
            "the zoo has 6 pens with 4 ducks and 6 geese all",
        ),
    ),
    SentenceRule(
        name="container_coord",
        pattern=r"<e:E> (?P<v>"
        + HAVE_V
        + r") <m:N> <c:U> (?P<w>with) <n1:N> <u1:U> (?P<and>and) <n2:N> <u2:U>",
        builds=_b_container_coord,
        reads=("Max has 4 baskets with 5 cookies and 9 books",),
        not_reads=(
            "Max has several baskets with 5 cookies and 9 books",
            "Max has only about 4 baskets with 5 cookies and 9 books",
        ),
    ),
    SentenceRule(
        name="have_of",
        pattern=r"<e:E> (?P<v>" + HAVE_V + r"|buys|bought) <n:N> <c:U> of <u:U>" + _OWN_PLACE,
        builds=_b_have_of,
        reads=("the garden has 7 rows of tulips",),
        not_reads=(
            "the garden has several rows of tulips",
            "the garden has 7 rows from tulips",
        ),
    ),
    SentenceRule(
        name="container",
        pattern=r"<e:E> (?P<v>"
        + HAVE_V
        + r"|buys|bought) <m:N> <c:U> (?P<w>of|with) <n:N> <u:U>(?: each| in each)?",
        builds=_b_container,
        reads=("Omar buys 4 boxes of 6 eggs",),
        not_reads=(
            "Omar buys several boxes of 6 eggs",
            "Omar buys 4 boxes from 6 eggs",
        ),
    ),
    SentenceRule(
        # "Janet and her sister combined the candy they received": a pair, their things pooled.
        name="pair_combined",
        pattern=r"<a:E> and <b:E> (?P<v>combined|pooled|put together) (?:the|their) <u:U>"
        r"(?: (?:they|that they) (?:received|got|collected|had))?",
        builds=_b_pair,
        reads=("Tara and her sister combined the candy they received",),
        not_reads=(
            "Tara and her sister combines the candy they received",
            "Tara and her sister shared the candy they received",
        ),
    ),
    SentenceRule(
        # "Haley and her friends were recycling paper for their class": a pair at work.
        name="pair_doing",
        pattern=r"<a:E> and <b:E> (?P<v>were|are) [a-z]+ing(?: [a-z]+){1,2}(?: for (?:their|the) [a-z]+)?",
        builds=_b_pair,
        reads=("Omar and his friends were recycling paper for their school",),
        not_reads=(
            "Omar and his friends is recycling paper for their school",
            "Omar and his friends were recycling paper for their",
        ),
    ),
    SentenceRule(
        # "Victor and his friend were buying trick decks from the magic shop for 8 dollars
        # each": a pair, and the price of each.
        name="pair_buying",
        pattern=r"<a:E> and <b:E> (?:were|are) (?P<v>buying) <c:U>(?: from (?:the|a) [a-z]+(?: [a-z]+)?)?"
        r" (?P<d>for) <n:N> <u:U> each",
        builds=_b_pair_buying,
        reads=("Kip and his friend were buying card decks from the game shop for 4 dollars each",),
        not_reads=(
            "Kip and his friend is buying card decks from the game shop for 4 dollars each",
            "Kip and his friend were buying card decks from the game shop for several dollars each",
        ),
    ),
    SentenceRule(
        name="each_have",
        pattern=r"(?P<list>[A-Z][a-z]+(?:, [A-Z][a-z]+)*,? and [A-Z][a-z]+) (?P<v>each) (?:have|had|has) <n:N> <u:U>",
        builds=_b_each_have,
        reads=("Olivia, Chloe, Ruby, and Ivy each have 8 hair clips",),
        not_reads=(
            "Olivia, Chloe, Ruby, and Ivy each have several hair clips",
            "Olivia, Chloe, Ruby, and Ivy all have 8 hair clips",
        ),
    ),
    SentenceRule(
        # "Haley was playing a video game and had 14 lives": the scene, then a holding.
        name="scene_and_have",
        pattern=r"<e:E> (?:was|were) [a-z]+ing(?: [a-z]+){0,4} and (?P<v>had|has) <n:N> <u:U>",
        builds=_b_have("have"),
        reads=("Grace was playing a card game and had 30 chips",),
        not_reads=(
            "Grace is playing a card game and had 30 chips",
            "Grace was playing a card game and had several chips",
        ),
    ),
    SentenceRule(
        name="have_two",
        pattern=r"<e:E> (?P<v>" + HAVE_V + r") <n1:N> <u1:U>,? and <n2:N> <u2:U>" + _OWN_PLACE,
        builds=_b_have_two,
        reads=("Tom has 3 red apples and 4 green apples",),
        not_reads=(
            "Tom has several red apples and 4 green apples",
            "Tom has only about 3 red apples and 4 green apples",
        ),
    ),
    SentenceRule(
        name="have_unknown",
        pattern=r"<e:E> (?P<v>had|has|started with|starts with) some <u:U>",
        builds=_b_have_unknown,
        reads=("Anna had some beads",),
        not_reads=(
            "Anna had some",
            "Anna had many beads",
        ),
    ),
    SentenceRule(
        # "Now she has 16": a final holding without a noun (filled in like any other).
        name="have_now_nounless",
        pattern=r"now <e:E> (?P<v>" + HAVE_V + r") <n:N>(?: left)?",
        builds=_b_have_final_nounless,
        reads=("now he has 29",),
        not_reads=(
            "now he has several",
            "now he has only about 29",
        ),
    ),
    SentenceRule(
        name="have_now",
        pattern=r"now <e:E> (?P<v>"
        + HAVE_V
        + r") <n:N> <u:U>(?: left| all together| altogether| in all"
        r"| in total)?",
        builds=_b_have_final_now,
        reads=("now he has 18 dollars",),
        not_reads=(
            "now he has several dollars",
            "now he has only about 18 dollars",
        ),
    ),
    SentenceRule(
        name="have",
        pattern=r"<e:E> (?P<v>"
        + HAVE_V
        + r"|is left with|was left with|weighs|weighed) <n:N> <u:U>(?P<fin> left| now| remaining)?"
        + _OWN_PLACE,
        builds=_b_have("have"),
        reads=("Tom has 5 apples",),
        not_reads=(
            "Tom has several apples",
            "Tom has only about 5 apples",
        ),
    ),
    SentenceRule(
        # "He started out with 39", "Garrett has 24": of the one thing the problem counts
        # (filled in once every sentence is read; with several things, not read).
        name="have_nounless",
        pattern=r"<e:E> (?P<v>" + HAVE_V + r") <n:N>(?P<fin> left)?",
        builds=_b_have_nounless,
        reads=("Holt has 38",),
        not_reads=(
            "Holt has several",
            "Holt has only about 38",
        ),
    ),
)
