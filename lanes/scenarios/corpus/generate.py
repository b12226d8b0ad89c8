# ruff: noqa: E501  (each template is one sentence pattern; wrapping them hurts reading)
"""Write the derivation corpus: ``problems.jsonl`` beside this file.

Every problem comes from a template whose gold answer is computed here, by the
template's own arithmetic, never by the engine. ``answer`` is null where the text
does not determine one (a missing datum, a genuinely ambiguous reading, a share
that is not a whole count): any commit on such a problem counts as wrong.

Each shape comes with its confusers: distractor quantities, irrelevant entities,
questions about an earlier state, two unknowns, and problems that look like a
shape and are not. Deterministic: a fixed seed, sorted output.

    .venv/bin/python lanes/scenarios/corpus/generate.py
"""

from __future__ import annotations

import json
import pathlib
import random
from collections.abc import Callable
from typing import Any

OUT = pathlib.Path(__file__).resolve().parent / "problems.jsonl"
SEED = 20261129
PER_TEMPLATE = 8

FEMALE = [
    "Sara",
    "Anna",
    "Lucy",
    "Emma",
    "Mia",
    "Lily",
    "Grace",
    "Nora",
    "Rosa",
    "Julia",
    "Zoe",
    "Hannah",
]
MALE = ["Tom", "Jack", "Sam", "Ben", "Max", "Leo", "Noah", "Omar", "Ravi", "Carlos", "Paul", "Hugo"]
THINGS = [
    "apples", "marbles", "stickers", "pencils", "books", "cards", "shells", "stamps",
    "cookies", "balloons", "coins", "beads", "toy cars", "crayons", "flowers", "oranges",
]  # fmt: skip
OTHER_THINGS = ["kites", "buttons", "ribbons", "puzzles", "erasers", "feathers"]
CONTAINERS = [
    ("box", "boxes"),
    ("bag", "bags"),
    ("jar", "jars"),
    ("basket", "baskets"),
    ("crate", "crates"),
]
ITEMS = [
    ("pen", "pens"),
    ("notebook", "notebooks"),
    ("cup", "cups"),
    ("ticket", "tickets"),
    ("plant", "plants"),
]
GROUPS = [("students", "girls"), ("students", "boys"), ("animals", "dogs"), ("cars", "red")]

Problem = tuple[str, int | float | None, str, bool]
Rng = random.Random


def person(rng: Rng) -> tuple[str, str, str]:
    """A name with its subject and possessive pronouns."""
    if rng.random() < 0.5:
        return rng.choice(FEMALE), "she", "her"
    return rng.choice(MALE), "he", "his"


def two_people(rng: Rng) -> tuple[tuple[str, str, str], tuple[str, str, str]]:
    a = person(rng)
    while True:
        b = person(rng)
        if b[0] != a[0]:
            return a, b


def cap(word: str) -> str:
    return word[0].upper() + word[1:]


# --------------------------------------------------------------------------- accumulation


def acc_chain(rng: Rng) -> Problem:
    (x, s, _p), u = person(rng), rng.choice(THINGS)
    a, b, c = rng.randint(10, 60), rng.randint(2, 30), rng.randint(1, 9)
    gain = rng.choice(["finds", "buys", "gets", "receives", "collects", "wins"])
    lose = rng.choice(
        ["loses", "gives away", "uses", "sells", "eats" if u in {"apples", "cookies"} else "drops"]
    )
    text = f"{x} has {a} {u}. {cap(s)} {gain} {b} more {u}. Then {s} {lose} {c} {u}. How many {u} does {x} have now?"
    return text, a + b - c, "accumulation", False


def acc_money(rng: Rng) -> Problem:
    (x, s, _p) = person(rng)
    a, b, c = rng.randint(20, 90), rng.randint(5, 40), rng.randint(1, 19)
    what = rng.choice(["lunch", "a book", "a gift", "snacks"])
    text = f"{x} has ${a}. {cap(s)} earns ${b} more. {cap(s)} spends ${c} on {what}. How much money does {x} have left?"
    return text, a + b - c, "accumulation_money", False


def acc_initial(rng: Rng) -> Problem:
    (x, s, _p), u = person(rng), rng.choice(THINGS)
    b, c, d = rng.randint(2, 15), rng.randint(2, 15), rng.randint(5, 40)
    text = (
        f"{x} had some {u}. {cap(s)} gives away {b} {u} and buys {c} {u}. "
        f"Now {s} has {d} {u}. How many {u} did {x} have at first?"
    )
    return text, d + b - c, "before", False


def acc_words(rng: Rng) -> Problem:
    words = ["three", "five", "six", "eight", "ten", "twelve", "fifteen", "twenty"]
    values = [3, 5, 6, 8, 10, 12, 15, 20]
    (x, s, _p), u = person(rng), rng.choice(THINGS)
    i, j = rng.randrange(4, 8), rng.randrange(0, 4)
    text = (
        f"{x} has {words[i]} {u}. {cap(s)} loses {words[j]} {u}. How many {u} does {x} have left?"
    )
    return text, values[i] - values[j], "accumulation_words", False


# --------------------------------------------------------------------------- transfers and totals


def transfer_difference(rng: Rng) -> Problem:
    (x, _s, _p), (y, _t, _q) = two_people(rng)
    u = rng.choice(THINGS)
    c = rng.randint(1, 6)
    b = rng.randint(2, 10)
    a = b + 2 * c + rng.randint(1, 20)
    text = f"{x} has {a} {u}. {y} has {b} {u}. {x} gives {y} {c} {u}. How many more {u} does {x} have than {y}?"
    return text, (a - c) - (b + c), "transfer", False


def transfer_total(rng: Rng) -> Problem:
    (x, _s, _p), (y, _t, _q) = two_people(rng)
    u = rng.choice(THINGS)
    a, b, c = rng.randint(10, 40), rng.randint(3, 20), rng.randint(1, 9)
    text = f"{x} has {a} {u}. {y} has {b} {u}. {x} gives {c} {u} to {y}. How many {u} do {x} and {y} have together?"
    return text, a + b, "transfer_total", False


def joint_known(rng: Rng) -> Problem:
    (x, _s, _p), (y, _t, _q) = two_people(rng)
    u = rng.choice(THINGS)
    b = rng.randint(3, 25)
    total = b + rng.randint(3, 25)
    word = rng.choice(["together", "in all", "altogether"])
    text = f"{x} and {y} have {total} {u} {word}. {y} has {b} {u}. How many {u} does {x} have?"
    return text, total - b, "multi_entity_total", False


def total_two(rng: Rng) -> Problem:
    (x, _s, _p), (y, _t, _q) = two_people(rng)
    u = rng.choice(THINGS)
    a, b = rng.randint(3, 50), rng.randint(3, 50)
    word = rng.choice(["together", "in all", "altogether", "combined"])
    text = f"{x} has {a} {u}. {y} has {b} {u}. How many {u} do {x} and {y} have {word}?"
    return text, a + b, "multi_entity_total", False


def total_three(rng: Rng) -> Problem:
    names = rng.sample(FEMALE + MALE, 3)
    u = rng.choice(THINGS)
    values = [rng.randint(2, 30) for _ in names]
    facts = " ".join(f"{n} has {v} {u}." for n, v in zip(names, values, strict=True))
    word = rng.choice(["together", "in all", "altogether"])
    text = f"{facts} How many {u} do {names[0]}, {names[1]} and {names[2]} have {word}?"
    return text, sum(values), "multi_entity_total", False


def gave_away_after(rng: Rng) -> Problem:
    (x, s, _p), u = person(rng), rng.choice(THINGS)
    a, b = rng.randint(10, 40), rng.randint(1, 9)
    text = f"{x} had {a} {u}. {cap(s)} gave {b} {u} away. How many {u} does {x} have now?"
    return text, a - b, "accumulation", False


def shared_verb(rng: Rng) -> Problem:
    (x, s, _p), (y, _t, _q) = two_people(rng)
    u = rng.choice(THINGS)
    b, c = rng.randint(1, 9), rng.randint(1, 9)
    a = b + c + rng.randint(1, 20)
    form = rng.randrange(2)
    if form == 0:
        text = f"{x} has {a} {u}. {x} gives {b} {u} to {y} and {c} {u} to Lena. How many {u} does {x} have left?"
        return text, a - b - c, "transfer", False
    text = f"{x} has {a} {u}. {cap(s)} loses {b} {u} and {c} more. How many {u} does {x} have left?"
    return text, a - b - c, "accumulation", False


def each_of_friends(rng: Rng) -> Problem:
    (x, s, p), u = person(rng), rng.choice(THINGS)
    b, c = rng.randint(2, 5), rng.randint(2, 5)
    a = b * c + rng.randint(1, 20)
    text = f"{x} has {a} {u}. {cap(s)} gives {b} {u} to each of {p} {c} friends. How many {u} does {x} have left?"
    return text, a - b * c, "each_recipient", False


def packs_plus_loose(rng: Rng) -> Problem:
    (x, s, _p), u = person(rng), rng.choice(THINGS)
    (_c1, cs) = rng.choice(CONTAINERS)
    a, m, n = rng.randint(2, 15), rng.randint(2, 6), rng.randint(3, 12)
    text = f"{x} has {a} {u}. {cap(s)} buys {m} {cs} of {n} {u}. How many {u} does {x} have now?"
    return text, a + m * n, "rate_plus_stated", False


def half_of_the_rest(rng: Rng) -> Problem:
    (x, s, _p), (y, _t, _q) = two_people(rng)
    u, b = rng.choice(THINGS), rng.randint(2, 9)
    a = b + 2 * rng.randint(3, 10)
    text = f"{x} has {a} {u}. {cap(s)} eats {b} {u}. Then {s} gives half of the rest to {y}. How many {u} does {x} have left?"
    return text, (a - b) // 2, "fraction_rest", False


# --------------------------------------------------------------------------- rates and prices


def rate_containers(rng: Rng) -> Problem:
    (x, _s, _p), u = person(rng), rng.choice(THINGS)
    (c1, cs), n, m = rng.choice(CONTAINERS), rng.randint(2, 12), rng.randint(2, 9)
    form = rng.randrange(4)
    if form == 0:
        text = f"Each {c1} holds {n} {u}. {x} has {m} {cs}. How many {u} does {x} have?"
    elif form == 1:
        text = f"There are {n} {u} in each {c1}. {x} has {m} {cs}. How many {u} does {x} have?"
    elif form == 2:
        text = f"{x} has {m} {cs} of {n} {u} each. How many {u} does {x} have?"
    else:
        text = f"{x} has {m} {cs} with {n} {u} in each. How many {u} does {x} have?"
    return text, m * n, "rate_each", False


def price_each_spend(rng: Rng) -> Problem:
    (x, _s, _p), (_item, items) = person(rng), rng.choice(ITEMS)
    m, price = rng.randint(2, 9), rng.randint(2, 15)
    form = rng.randrange(3)
    if form == 0:
        text = f"{x} buys {m} {items} for ${price} each. How much does {x} spend?"
    elif form == 1:
        text = f"{cap(items)} cost ${price} each. {x} buys {m} {items}. How much does {x} spend?"
    else:
        text = f"{x} buys {m} {items} at ${price} each. How much money does {x} spend?"
    return text, m * price, "unit_price", False


def price_total_unit(rng: Rng) -> Problem:
    (x, _s, _p), (item, items) = person(rng), rng.choice(ITEMS)
    m, price = rng.randint(2, 9), rng.randint(2, 12)
    text = f"{x} buys {m} {items} for ${m * price}. How much does one {item} cost?"
    return text, price, "unit_price_from_total", False


def price_for_total_spend(rng: Rng) -> Problem:
    """Looks like a unit price and is not: 'for $N' without 'each' is the total."""
    (x, _s, _p), (_item, items) = person(rng), rng.choice(ITEMS)
    m, total = rng.randint(2, 9), rng.randint(10, 60)
    text = f"{x} buys {m} {items} for ${total}. How much does {x} spend?"
    return text, total, "unit_price_confuser", True


def owner_rate(rng: Rng) -> Problem:
    (x, s, _p) = person(rng)
    form = rng.randrange(3)
    if form == 0:
        r, h = rng.randint(5, 20), rng.randint(2, 9)
        text = (
            f"{x} earns ${r} per hour. {cap(s)} works for {h} hours. How much money does {x} earn?"
        )
        return text, r * h, "rate_per", False
    if form == 1:
        p, d = rng.randint(5, 30), rng.randint(2, 9)
        text = (
            f"{x} reads {p} pages a day. {cap(s)} reads for {d} days. How many pages does {x} read?"
        )
        return text, p * d, "rate_per", False
    mi, d = rng.randint(2, 8), rng.randint(2, 7)
    text = (
        f"{x} walks {mi} miles each day. {cap(s)} walks for {d} days. How many miles does {x} walk?"
    )
    return text, mi * d, "rate_per", False


def conversion(rng: Rng) -> Problem:
    (x, _s, _p) = person(rng)
    form = rng.randrange(3)
    if form == 0:
        h = rng.randint(2, 6)
        text = f"There are 60 minutes in an hour. {x} practices for {h} hours. How many minutes does {x} practice?"
        return text, 60 * h, "conversion", False
    if form == 1:
        w = rng.randint(2, 8)
        text = f"There are 7 days in a week. {x} exercises for {w} weeks. How many days does {x} exercise?"
        return text, 7 * w, "conversion", False
    c = rng.randint(2, 9)
    text = f"There are 12 eggs in a carton. {x} buys {c} cartons. How many eggs does {x} buy?"
    return text, 12 * c, "conversion", False


# --------------------------------------------------------------------------- fractions and percents


def fraction_own(rng: Rng) -> Problem:
    (x, s, p), u = person(rng), rng.choice(THINGS)
    word, den = rng.choice([("half", 2), ("a third", 3), ("a quarter", 4), ("a fifth", 5)])
    a = den * rng.randint(3, 15)
    verb = rng.choice(["gives away", "loses", "sells", "uses"])
    tail = rng.choice(["them", f"{p} {u}"])
    text = f"{x} has {a} {u}. {cap(s)} {verb} {word} of {tail}. How many {u} does {x} have left?"
    return text, a - a // den, "fraction", False


def fraction_give(rng: Rng) -> Problem:
    (x, s, p), (y, _t, _q) = two_people(rng)
    u = rng.choice(THINGS)
    word, den = rng.choice([("half", 2), ("a third", 3), ("a quarter", 4)])
    a = den * rng.randint(3, 12)
    text = f"{x} has {a} {u}. {cap(s)} gives {word} of {p} {u} to {y}. How many {u} does {x} have left?"
    return text, a - a // den, "fraction_transfer", False


def percent_group(rng: Rng) -> Problem:
    whole, part = rng.choice(GROUPS)
    pct = rng.choice([10, 20, 25, 40, 50, 60, 75])
    n = rng.choice([20, 40, 60, 80, 100, 120, 200])
    if rng.random() < 0.5:
        text = f"{pct}% of the {n} {whole} are {part}. How many {whole} are {part}?"
        return text, n * pct // 100, "percent", False
    text = f"{pct} percent of the {n} {whole} are {part}. How many {whole} are not {part}?"
    return text, n - n * pct // 100, "percent", False


def percent_own(rng: Rng) -> Problem:
    (x, s, _p), u = person(rng), rng.choice(THINGS)
    pct = rng.choice([10, 20, 25, 50])
    a = rng.choice([20, 40, 60, 80, 100])
    text = f"{x} has {a} {u}. {cap(s)} sells {pct}% of them. How many {u} does {x} have left?"
    return text, a - a * pct // 100, "percent", False


# --------------------------------------------------------------------------- comparatives


def compare_more(rng: Rng) -> Problem:
    (x, _s, _p), (y, _t, _q) = two_people(rng)
    u = rng.choice(THINGS)
    a, k = rng.randint(10, 40), rng.randint(2, 9)
    more = rng.random() < 0.5
    rel = "more" if more else "fewer"
    y_val = a + k if more else a - k
    if rng.random() < 0.5:
        text = f"{x} has {a} {u}. {y} has {k} {rel} {u} than {x}. How many {u} does {y} have?"
        return text, y_val, "comparative", False
    text = f"{x} has {a} {u}. {y} has {k} {rel} {u} than {x}. How many {u} do {x} and {y} have together?"
    return text, a + y_val, "comparative_total", False


def compare_times(rng: Rng) -> Problem:
    (x, _s, _p), (y, _t, _q) = two_people(rng)
    u = rng.choice(THINGS)
    a = 2 * rng.randint(2, 15)
    word, f = rng.choice([("twice", 2), ("3 times", 3), ("4 times", 4), ("half", 0.5)])
    text = f"{x} has {a} {u}. {y} has {word} as many {u} as {x}. How many {u} does {y} have?"
    return text, int(a * f), "comparative_times", False


def compare_ages(rng: Rng) -> Problem:
    (x, _s, p) = person(rng)
    a = 2 * rng.randint(3, 20)
    rel = rng.choice(["brother", "sister", "cousin", "mother", "father"])
    form = rng.randrange(3)
    if form == 0:
        k = rng.randint(2, 9)
        return (
            f"{x} is {a} years old. {cap(p)} {rel} is {k} years older than {x}. How old is {p} {rel}?",
            a + k,
            "age",
            False,
        )
    if form == 1:
        k = rng.randint(1, a // 2)
        return (
            f"{x} is {a} years old. {cap(p)} {rel} is {k} years younger than {x}. How old is {p} {rel}?",
            a - k,
            "age",
            False,
        )
    return (
        f"{x} is {a} years old. {cap(p)} {rel} is twice as old as {x}. How old is {p} {rel}?",
        2 * a,
        "age",
        False,
    )


def compare_chain(rng: Rng) -> Problem:
    (x, _s, p) = person(rng)
    pets = rng.sample(["cat", "dog", "rabbit", "parrot", "hamster", "turtle"], 3)
    a = 4 * rng.randint(1, 5)
    k = rng.randint(2, 4)
    text = (
        f"{x}'s {pets[0]} is {a} years old. {cap(p)} {pets[1]} is half the age of {p} {pets[0]}. "
        f"{cap(p)} {pets[2]} is {k} times as old as {p} {pets[1]}. How old is the {pets[2]}?"
    )
    return text, a // 2 * k, "age_chain", False


def compare_activity(rng: Rng) -> Problem:
    (x, _s, _p), (y, _t, _q) = two_people(rng)
    u = rng.choice(["apples", "shells", "flowers", "stamps"])
    verb, past = rng.choice([("pick", "picked"), ("collect", "collected"), ("find", "found")])
    a, k = rng.randint(5, 30), rng.randint(2, 9)
    if rng.random() < 0.5:
        text = f"{x} {past} {a} {u}. {y} {past} {k} more {u} than {x}. How many {u} did {y} {verb}?"
        return text, a + k, "comparative_activity", False
    text = f"{x} {past} {a} {u}. {y} {past} twice as many {u} as {x}. How many {u} did {y} {verb}?"
    return text, 2 * a, "comparative_activity", False


def compare_order_free(rng: Rng) -> Problem:
    """The comparison comes before its base: only the comparative reader reads it."""
    (x, _s, _p), (y, _t, _q) = two_people(rng)
    u = rng.choice(THINGS)
    a, k = rng.randint(5, 30), rng.randint(2, 9)
    text = f"{y} has {k} more {u} than {x}. {x} has {a} {u}. How many {u} does {y} have?"
    return text, a + k, "comparative_order", True


# --------------------------------------------------------------------------- purchases with change


def purchase_change(rng: Rng) -> Problem:
    (x, s, _p), (_item, items) = person(rng), rng.choice(ITEMS)
    m, price = rng.randint(2, 6), rng.randint(2, 9)
    bill = rng.choice([b for b in (20, 50, 100) if b >= m * price])
    text = f"{x} buys {m} {items} for ${price} each. {cap(s)} pays with a ${bill} bill. How much change does {x} get?"
    return text, bill - m * price, "purchase_change", False


def purchase_left(rng: Rng) -> Problem:
    (x, s, _p), (_item, items) = person(rng), rng.choice(ITEMS)
    m, price = rng.randint(2, 6), rng.randint(2, 9)
    a = m * price + rng.randint(1, 30)
    text = f"{x} has ${a}. {cap(s)} buys {m} {items} at ${price} each. How much money does {x} have left?"
    return text, a - m * price, "purchase_left", False


def price_stated_after(rng: Rng) -> Problem:
    (x, s, _p), (item, items) = person(rng), rng.choice(ITEMS)
    m, price = rng.randint(2, 6), rng.randint(2, 9)
    a = m * price + rng.randint(1, 30)
    text = f"{x} has ${a}. {cap(s)} buys {m} {items}. Each {item} costs ${price}. How much money does {x} have left?"
    return text, a - m * price, "purchase_left", False


def earn_on_savings(rng: Rng) -> Problem:
    (x, s, _p) = person(rng)
    a, r, d = rng.randint(5, 50), rng.randint(3, 15), rng.randint(2, 7)
    text = f"{x} has ${a}. {cap(s)} earns ${r} a day. {cap(s)} works for {d} days. How much money does {x} have now?"
    return text, a + r * d, "rate_per", False


# --------------------------------------------------------------------------- two unknowns


def two_classes(rng: Rng) -> Problem:
    kind = rng.choice([("bus", "buses", "students", "holds"), ("van", "vans", "people", "holds"),
                       ("table", "tables", "guests", "seats"), ("boat", "boats", "people", "carries")])  # fmt: skip
    one, many, content, verb = kind
    big, small = rng.randint(8, 50), rng.randint(2, 7)
    n_big, n_small = rng.randint(1, 6), rng.randint(1, 6)
    total = big * n_big + small * n_small
    text = (
        f"Each large {one} {verb} {big} {content} and each small {one} {verb} {small} {content}. "
        f"The {many} carry {total} {content} in total. There are {n_big + n_small} {many} in total. "
        f"How many large {many} are there?"
    )
    return text, n_big, "two_unknowns", False


def two_classes_missing(rng: Rng) -> Problem:
    one, many, content = rng.choice(
        [("bus", "buses", "students"), ("van", "vans", "people"), ("box", "boxes", "cups")]
    )
    big, small = rng.randint(8, 50), rng.randint(2, 7)
    total = big * rng.randint(1, 6) + small * rng.randint(1, 6)
    text = (
        f"Each large {one} holds {big} {content} and each small {one} holds {small} {content}. "
        f"The {many} carry {total} {content} in total. How many large {many} are there?"
    )
    return text, None, "two_unknowns_missing", True


def joint_missing(rng: Rng) -> Problem:
    (x, _s, _p), (y, _t, _q) = two_people(rng)
    u = rng.choice(THINGS)
    text = f"{x} and {y} have {rng.randint(10, 60)} {u} together. How many {u} does {x} have?"
    return text, None, "two_unknowns_missing", True


# --------------------------------------------------------------------------- confusers


def distractor_unit(rng: Rng) -> Problem:
    text, answer, _shape, _c = acc_chain(rng)
    first, rest = text.split(". ", 1)
    extra = f"{rng.randint(2, 9)} {rng.choice(OTHER_THINGS)}"
    return f"{first} and {extra}. {rest}", answer, "distractor", True


def irrelevant_entity(rng: Rng) -> Problem:
    (x, _s, _p), (y, _t, _q) = two_people(rng)
    u = rng.choice(THINGS)
    a, b, e = rng.randint(10, 40), rng.randint(2, 9), rng.randint(2, 30)
    text = f"{x} has {a} {u}. {y} has {e} {u}. {x} buys {b} more {u}. How many {u} does {x} have?"
    return text, a + b, "irrelevant_entity", True


def base_question(rng: Rng) -> Problem:
    """A comparison is stated but the question asks for its base."""
    (x, _s, _p), (y, _t, _q) = two_people(rng)
    u = rng.choice(THINGS)
    a, k = rng.randint(5, 30), rng.randint(2, 9)
    text = f"{x} has {a} {u}. {y} has {k} more {u} than {x}. How many {u} does {x} have?"
    return text, a, "comparative_confuser", True


def half_of_odd(rng: Rng) -> Problem:
    (x, s, p), u = person(rng), rng.choice(THINGS)
    a = 2 * rng.randint(3, 20) + 1
    text = f"{x} has {a} {u}. {cap(s)} gives away half of {p} {u}. How many {u} does {x} have left?"
    return text, None, "fraction_confuser", True


def unknown_start(rng: Rng) -> Problem:
    (x, s, _p), u = person(rng), rng.choice(THINGS)
    text = f"{x} has some {u}. {cap(s)} finds {rng.randint(2, 9)} more {u}. How many {u} does {x} have?"
    return text, None, "unknown_start", True


def ambiguous_pronoun(rng: Rng) -> Problem:
    x, y = rng.sample(FEMALE if rng.random() < 0.5 else MALE, 2)
    s = "she" if x in FEMALE else "he"
    u = rng.choice(THINGS)
    a, k, b = rng.randint(10, 30), rng.randint(2, 9), rng.randint(1, 9)
    text = (
        f"{x} has {a} {u}. {y} has {k} more {u} than {x}. {cap(s)} buys {b} more {u}. "
        f"How many more {u} does {y} have than {x}?"
    )
    return text, None, "ambiguous_pronoun", True


def scope_ambiguity(rng: Rng) -> Problem:
    (x, _s, _p) = person(rng)
    (_c1, cs) = rng.choice(CONTAINERS)
    u1, u2 = rng.sample(THINGS, 2)
    text = f"{x} has {rng.randint(2, 6)} {cs} with {rng.randint(2, 9)} {u1} and {rng.randint(2, 9)} {u2}. How many things does {x} have?"
    return text, None, "scope_ambiguity", True


def negative_state(rng: Rng) -> Problem:
    (x, s, _p), u = person(rng), rng.choice(THINGS)
    a = rng.randint(2, 9)
    text = f"{x} has {a} {u}. {cap(s)} gives away {a + rng.randint(1, 9)} {u}. How many {u} does {x} have left?"
    return text, None, "impossible", True


def each_distributive(rng: Rng) -> Problem:
    (x, _s, _p), (y, _t, _q) = two_people(rng)
    u, a = rng.choice(THINGS), rng.randint(3, 30)
    text = f"{x} and {y} each have {a} {u}. How many {u} do {x} and {y} have together?"
    return text, 2 * a, "each_confuser", True


def price_missing(rng: Rng) -> Problem:
    (x, _s, _p), (_item, items) = person(rng), rng.choice(ITEMS)
    text = f"{x} buys {rng.randint(2, 9)} {items} and pays with a $20 bill. How much change does {x} get?"
    return text, None, "purchase_confuser", True


# --------------------------------------------------------------------------- paraphrases
# Phrasings the grammar was not written for. Their gold is the ordinary human answer
# (null where the text is genuinely ambiguous); the engine should read them right or refuse.


def activity_question(rng: Rng) -> Problem:
    (x, s, _p), u = person(rng), rng.choice(["apples", "cookies", "oranges"])
    a, b = rng.randint(10, 30), rng.randint(2, 9)
    return (
        f"{x} has {a} {u}. {cap(s)} eats {b} {u}. How many {u} does {x} eat?",
        b,
        "paraphrase",
        True,
    )


def unstated_conversion(rng: Rng) -> Problem:
    (x, _s, _p) = person(rng)
    h = rng.randint(2, 5)
    return (
        f"{x} practices for {h} hours. How many minutes does {x} practice?",
        60 * h,
        "paraphrase",
        True,
    )


def number_in_question(rng: Rng) -> Problem:
    (x, _s, _p) = person(rng)
    p, d = rng.randint(5, 30), rng.randint(2, 9)
    return (
        f"{x} reads {p} pages a day. How many pages does {x} read in {d} days?",
        p * d,
        "paraphrase",
        True,
    )


def times_more(rng: Rng) -> Problem:
    (x, _s, _p), (y, _t, _q) = two_people(rng)
    u, a, k = rng.choice(THINGS), rng.randint(3, 12), rng.randint(2, 4)
    text = f"{x} has {a} {u}. {y} has {k} times more {u} than {x}. How many {u} does {y} have?"
    return text, None, "paraphrase", True


def need_more(rng: Rng) -> Problem:
    (x, s, _p), u = person(rng), rng.choice(THINGS)
    a = rng.randint(3, 20)
    n = a + rng.randint(2, 20)
    text = f"{x} has {a} {u}. {cap(s)} needs {n} {u} for a party. How many more {u} does {x} need?"
    return text, n - a, "paraphrase", True


def give_each_friend(rng: Rng) -> Problem:
    (x, s, p), u = person(rng), rng.choice(THINGS)
    b, c = rng.randint(2, 5), rng.randint(2, 5)
    a = b * c + rng.randint(1, 20)
    text = f"{x} has {a} {u}. {cap(s)} gives {b} {u} to each of {p} {c} friends. How many {u} does {x} have left?"
    return text, a - b * c, "paraphrase", True


def container_then_break(rng: Rng) -> Problem:
    (x, s, _p) = person(rng)
    n, m, b = rng.randint(6, 12), rng.randint(2, 6), rng.randint(1, 5)
    text = f"Each carton holds {n} eggs. {x} has {m} cartons. {cap(s)} breaks {b} eggs. How many eggs does {x} have?"
    return text, n * m - b, "paraphrase", True


def gift_to_unknown_stock(rng: Rng) -> Problem:
    (x, _s, _p), (y, _t, _q) = two_people(rng)
    u, a, b = rng.choice(THINGS), rng.randint(10, 30), rng.randint(2, 9)
    return (
        f"{x} has {a} {u}. {x} gives {b} {u} to {y}. How many {u} does {y} have?",
        b,
        "paraphrase",
        True,
    )


def half_of_rest(rng: Rng) -> Problem:
    (x, s, _p), (y, _t, _q) = two_people(rng)
    u, b = rng.choice(THINGS), rng.randint(2, 9)
    a = b + 2 * rng.randint(3, 10)
    text = f"{x} has {a} {u}. {cap(s)} eats {b} {u}. Then {s} gives half of the rest to {y}. How many {u} does {x} have left?"
    return text, (a - b) // 2, "paraphrase", True


def travels_at(rng: Rng) -> Problem:
    v, h = rng.choice([40, 50, 60, 70]), rng.randint(2, 5)
    return (
        f"A car travels at {v} miles per hour for {h} hours. How many miles does the car travel?",
        v * h,
        "paraphrase",
        True,
    )


def they_total(rng: Rng) -> Problem:
    (x, _s, _p), (y, _t, _q) = two_people(rng)
    u, a, b = rng.choice(THINGS), rng.randint(3, 30), rng.randint(3, 30)
    return (
        f"{x} has {a} {u} and {y} has {b} {u}. How many {u} do they have together?",
        a + b,
        "paraphrase",
        True,
    )


def give_two_people(rng: Rng) -> Problem:
    (x, _s, _p), (y, _t, _q) = two_people(rng)
    u, b, c = rng.choice(THINGS), rng.randint(2, 9), rng.randint(2, 9)
    a = b + c + rng.randint(1, 20)
    text = f"{x} has {a} {u}. {x} gives {b} {u} to {y} and {c} {u} to Lena. How many {u} does {x} have left?"
    return text, a - b - c, "paraphrase", True


def difference_two(rng: Rng) -> Problem:
    (x, _s, _p), (y, _t, _q) = two_people(rng)
    u, b = rng.choice(THINGS), rng.randint(3, 20)
    a = b + rng.randint(1, 20)
    return (
        f"{x} has {a} {u}. {y} has {b} {u}. How many more {u} does {x} have than {y}?",
        a - b,
        "difference",
        False,
    )


def yesterday_trap(rng: Rng) -> Problem:
    (x, s, _p), u = person(rng), rng.choice(THINGS)
    a, b = rng.randint(10, 30), rng.randint(2, 9)
    return (
        f"{x} has {a} {u}. Yesterday {s} lost {b} {u}. How many {u} does {x} have?",
        a,
        "paraphrase",
        True,
    )


def price_goes_up(rng: Rng) -> Problem:
    a, pct = rng.choice([20, 40, 60, 80]), rng.choice([10, 25, 50])
    return (
        f"A shirt costs ${a}. The price goes up by {pct}%. What is the new price?",
        a + a * pct // 100,
        "paraphrase",
        True,
    )


TEMPLATES: list[tuple[Callable[[Rng], Problem], int]] = [
    (acc_chain, 16), (acc_money, 12), (acc_initial, 10), (acc_words, 8),
    (transfer_difference, 10), (transfer_total, 8), (joint_known, 8), (total_two, 8),
    (total_three, 6), (gave_away_after, 6), (shared_verb, 8), (each_of_friends, 6),
    (packs_plus_loose, 6), (half_of_the_rest, 6),
    (rate_containers, 16), (price_each_spend, 12), (price_total_unit, 8), (owner_rate, 12),
    (conversion, 10), (fraction_own, 12), (fraction_give, 8), (percent_group, 10), (percent_own, 8),
    (compare_more, 12), (compare_times, 10), (compare_ages, 10), (compare_chain, 6),
    (compare_activity, 8),
    (purchase_change, 10), (purchase_left, 8), (two_classes, 8),
    (price_stated_after, 6), (earn_on_savings, 6),
    # confusers
    (price_for_total_spend, 8), (compare_order_free, 6), (two_classes_missing, 6), (joint_missing, 4),
    (distractor_unit, 8), (irrelevant_entity, 8), (base_question, 6), (half_of_odd, 6),
    (unknown_start, 4), (ambiguous_pronoun, 6), (scope_ambiguity, 4), (negative_state, 4),
    (each_distributive, 4), (price_missing, 4),
    # paraphrases
    (activity_question, 4), (unstated_conversion, 3), (number_in_question, 4), (times_more, 4),
    (need_more, 4), (give_each_friend, 4), (container_then_break, 4), (gift_to_unknown_stock, 4),
    (half_of_rest, 4), (travels_at, 3), (they_total, 4), (give_two_people, 4), (difference_two, 8),
    (yesterday_trap, 4), (price_goes_up, 3),
]  # fmt: skip


def build() -> list[dict[str, Any]]:
    rng = random.Random(SEED)
    rows: list[dict[str, Any]] = []
    seen: set[str] = set()
    for template, count in TEMPLATES:
        made = 0
        while made < count:
            text, answer, shape, confuser = template(rng)
            if text in seen:
                continue
            seen.add(text)
            made += 1
            rows.append(
                {
                    "id": f"{template.__name__}-{made:02d}",
                    "problem": text,
                    "answer": answer,
                    "shape": shape,
                    "confuser": confuser,
                }
            )
    return rows


def main() -> None:
    rows = build()
    OUT.write_text(
        "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows), encoding="utf-8"
    )
    print(f"wrote {len(rows)} problems to {OUT.name}")


if __name__ == "__main__":
    main()
