"""What people write: phrasings the readers now read, and their limits."""

from __future__ import annotations

import pytest

from pytest_core_verify.systems.verifier._parse import normalize

from .conftest import decision


@pytest.mark.parametrize(
    ("text", "value"),
    [
        # places hold things
        (
            "There are 46 rulers in the drawer. Tim takes 25 rulers out of the drawer. "
            "How many rulers are in the drawer now?",
            "21",
        ),
        (
            "There were 13 ducks in the pond. 11 more ducks swam over. How many ducks are in "
            "the pond now?",
            "24",
        ),
        (
            "A tin had 64 buttons. Rita took 26 buttons out of the tin. How many buttons are "
            "left in the tin?",
            "38",
        ),
        (
            "There are 9 pencils and 4 rulers in the drawer. Dan puts 3 rulers in the drawer. "
            "How many rulers are in the drawer now?",
            "7",
        ),
        (
            "There are 12 bushes in the park. Park workers will plant 5 bushes today and 4 "
            "bushes tomorrow. How many bushes will the park have when the workers are finished?",
            "21",
        ),
        # partitives and elliptic units
        (
            "Felix started with 22 toy soldiers. He lost 7 of them. How many toy soldiers does "
            "Felix have now?",
            "15",
        ),
        (
            "Ivo had 40 shells. He gave away 6 of them, but then found 9 more. How many does he "
            "have in total?",
            "43",
        ),
        # lists and places where an owner keeps things
        (
            "Ana has 5 kites, Ivo has 6 kites, and Lea has 7 kites. How many kites do they "
            "have in total?",
            "18",
        ),
        (
            "Pia had 8 dimes in her bank. Her aunt gave her 5 dimes. How many dimes does Pia "
            "have now?",
            "13",
        ),
        # tallies of an activity
        (
            "Ana picked 7 plums and Ivo picked 9 plums. How many plums were picked in total?",
            "16",
        ),
        # a comparison solved for its base
        (
            "Ivo has 90 cards. Ivo has 25 more cards than Lea. How many cards does Lea have?",
            "65",
        ),
        (
            "Ivo has 36 cards. Ivo has 3 times as many cards as Lea. How many cards does Lea have?",
            "12",
        ),
        # equal shares
        (
            "Lea has 30 marbles. She shares them among 5 friends. How many marbles does each "
            "friend get?",
            "6",
        ),
        ("Ivo has 24 candies. If there are 4 boxes, how many candies go in each box?", "6"),
        # a difference of two tallies of one activity
        (
            "Ivo scored 42 points. Lea scored 21 points. How many more points did Ivo score "
            "than Lea?",
            "21",
        ),
        # a rate times the question's own number
        ("Each spider has 8 legs. How many legs do 4 spiders have?", "32"),
        ("Ivo reads 12 pages every day. How many pages does he read in 5 days?", "60"),
        ("Each ticket costs 9 dollars. How much do 5 tickets cost?", "45"),
        # "N packs of crayons" are packs, counted in crayons only through a rate
        (
            "Bea has 4 packs of crayons. Each pack has 10 crayons. How many crayons does Bea have?",
            "40",
        ),
        # money spent, conditions before the question, settings before the subject
        (
            "Ruby has 20 crayons. If she gives 6 crayons to her brother, how many crayons will "
            "Ruby have?",
            "14",
        ),
        (
            "For the school fair, Ivo baked 24 muffins. He sold 15 muffins. How many muffins "
            "does Ivo have left?",
            "9",
        ),
        # named set-aside rules and distractors
        (
            "Ana was organizing her desk. Ana has 12 pens. She loses 4 pens. How many pens "
            "does Ana have?",
            "8",
        ),
        (
            "Ana grew 30 beans and 12 peas. Ivo grew 9 beans. How many beans did they grow in "
            "total?",
            "39",
        ),
    ],
)
def test_real_phrasings_commit_the_right_answer(text: str, value: str) -> None:
    d = decision(text)
    assert (d["law"], d["value"]) == ("commit", value), d


@pytest.mark.parametrize(
    "text",
    [
        # two places, the change names none
        "There are 5 cups on the table and 4 cups in the sink. Ana takes 2 cups. "
        "How many cups are on the table now?",
        # "them" with two owners
        "Ana had 14 balloons. Ivo had 9 balloons. 8 of them popped. "
        "How many balloons does Ana have?",
        # a question without a noun when the problem holds two kinds of things
        "Ana has 5 apples and 3 pears. She eats 1 apple. How many does she have?",
        # eating what the question counts is no scene
        "Ana has 12 plums. Ana was eating the plums. How many plums does Ana have?",
        # an unequal share, and a share of nothing stated
        "Lea has 31 marbles. She shares them among 5 friends. "
        "How many marbles does each friend get?",
        "Lea shares her marbles among 5 friends. How many marbles does each friend get?",
        # a place asked about that holds nothing
        "There are 8 cups in the sink. How many cups are on the shelf?",
        # a difference of tallies when one side is a holding, not that activity
        "Ivo has 42 points. Lea scored 21 points. How many more points did Ivo score than Lea?",
        # "a score" is twenty: a scale word nobody read
        "Tom has a score of eggs. How many eggs does Tom have?",
        # packs are not crayons
        "Bea has 4 packs of crayons. How many crayons does Bea have?",
        # a rate the problem does not state
        "Ivo has 3 boxes. How many pens are in 5 boxes?",
        # spending money, asked about goods
        "Ana has 20 dollars and 4 pens. She spends 6 dollars. How many pens does Ana have?",
    ],
)
def test_what_is_not_determined_is_refused(text: str) -> None:
    assert decision(text)["law"] == "refuse"


@pytest.mark.parametrize(
    ("raw", "normal"),
    [
        ("Jo 's cat has $ 3 . How many do n't ?", "Jo's cat has 3 dollars. How many don't?"),
        ("A light - year is far.", "A light-year is far."),
        (
            "Ana has 5 pens. If she buys 2 pens, how many pens will she have?",
            "Ana has 5 pens. She buys 2 pens. How many pens does she have?",
        ),
        (
            "Ana has 5 pens. In all, how many pens does she now have?",
            "Ana has 5 pens. How many pens does she have now?",
        ),
        ("Bo has 2 dozen eggs. How many eggs?", "Bo has 24 eggs. How many eggs?"),
    ],
)
def test_normalisation_rejoins_tokenised_text_and_splits_conditions(raw: str, normal: str) -> None:
    assert normalize(raw) == normal
