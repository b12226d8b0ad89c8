"""Small closed word lists the reader uses: number words, fractions, names, units."""

from __future__ import annotations

from fractions import Fraction

__all__ = [
    "CONTINUOUS_UNITS",
    "FRACTION_WORDS",
    "GENERIC_NOUNS",
    "KINDS_OF",
    "NAME_GENDER",
    "NUMBER_WORDS",
    "SENTENCE_INITIAL_WORDS",
    "TENS_WORDS",
    "singular",
]

NUMBER_WORDS: dict[str, int] = {
    "zero": 0,
    "one": 1,
    "two": 2,
    "three": 3,
    "four": 4,
    "five": 5,
    "six": 6,
    "seven": 7,
    "eight": 8,
    "nine": 9,
    "ten": 10,
    "eleven": 11,
    "twelve": 12,
    "thirteen": 13,
    "fourteen": 14,
    "fifteen": 15,
    "sixteen": 16,
    "seventeen": 17,
    "eighteen": 18,
    "nineteen": 19,
}
TENS_WORDS: dict[str, int] = {
    "twenty": 20,
    "thirty": 30,
    "forty": 40,
    "fifty": 50,
    "sixty": 60,
    "seventy": 70,
    "eighty": 80,
    "ninety": 90,
}

#: Fraction words as they appear before "of" ("half of her apples", "a third of the cake").
FRACTION_WORDS: dict[str, Fraction] = {
    "half": Fraction(1, 2),
    "a half": Fraction(1, 2),
    "one half": Fraction(1, 2),
    "a third": Fraction(1, 3),
    "one third": Fraction(1, 3),
    "two thirds": Fraction(2, 3),
    "a quarter": Fraction(1, 4),
    "one quarter": Fraction(1, 4),
    "a fourth": Fraction(1, 4),
    "one fourth": Fraction(1, 4),
    "three quarters": Fraction(3, 4),
    "a fifth": Fraction(1, 5),
    "one fifth": Fraction(1, 5),
}

# Gender decides which named person "he" or "she" can point to; an unknown name can
# be either, which makes the pronoun ambiguous when two people are named.
_FEMALE = (
    "Sara Sarah Anna Maria Lucy Emma Mia Lily Grace Nora Rosa Julia Ella Amy Kate Zoe "
    "Hannah Olivia Ava Chloe Ruby Ivy Alice Jane Mary Nina Tina Eva Lena Rita Beth Jenny "
    "Molly Sophie Priya Aisha Fatima Mei Yuki Carmen Elena Ines Greta "
    "Jessica Melanie Sally Joan Nancy Alyssa Jennifer Karen Lisa Linda Megan Haley Katie "
    "Emily Wendy Paige Bianca Tiffany Isabel Debby Janet Faye Brenda Cheryl Evelyn Gloria "
    "Martha Joyce Diana Christine Kathleen Kimberly Allie Rachel Amy Carol Ashley Madison "
    "Lana Gwen Kendra Scarlett Vanessa Victoria Rebecca Stephanie Heather Teresa Norma Anne "
    "Ann Betty Bridget Lexie Maggi Isabella Marcia Paula Melissa Sandra Nicole Helen Irene "
    "Louise Deborah Susan Doris Dorothy Elizabeth Erin Mika Diane Brandy Kyoko Ellen Edith "
    "Judy Carolyn"
)
_MALE = (
    "Tom Jack Sam Ben Max Leo Noah Liam Omar Ravi Carlos Diego Paul Mark Luke John Peter "
    "David Adam Eric Hugo Ivan Kevin Oscar Felix Henry Jacob Lucas Mason Owen Ryan Theo "
    "Victor Walter Arjun Kenji Pedro Marco Nikos Tariq "
    "Fred Mike Dan Benny Jason Tim Keith Joe Jerry Harold Albert Michael Daniel Edward Frank "
    "Kaleb Billy Oliver Will Ned Gerald Patrick Robert Richard Dave Brian Wayne Bryan "
    "Clarence Craig Charles Lino George Conner Dalton Zach Carl Bobby Todd Steve Warren "
    "Russell Dennis Lukas Brett Terrell Darius Jorge Juan Jose Lawrence Benjamin Douglas Roy "
    "Thomas Andre Arthur Willy Vincent Ethan Gary Larry Jim Jeremy James Martin Johnny Kenny "
    "Jonah Derek Howard Bill Greg Scott Sean Cade Dylan Roden Willie Eugene Cody"
)
NAME_GENDER: dict[str, str] = {
    **{n: "f" for n in _FEMALE.split()},
    **{n: "m" for n in _MALE.split()},
}

#: Capitalised at the start of a sentence, never a name.
SENTENCE_INITIAL_WORDS = frozenset(
    [
        "Each",
        "Every",
        "There",
        "How",
        "His",
        "Her",
        "He",
        "She",
        "They",
        "The",
        "A",
        "An",
        "In",
        "On",
        "At",
        "After",
        "By",
        "Then",
        "What",
        "If",
        "One",
        "It",
        "Its",
        "Their",
        "Now",
        "Later",
        "Next",
        "First",
        "Finally",
        "Today",
        "Yesterday",
        "Some",
        "All",
        "Both",
        "When",
        "Before",
        "Altogether",
        "Together",
        "Also",
        "This",
        "That",
        "These",
        "Those",
        "Of",
        "For",
        "Half",
        "While",
        "You",
        "Your",
        "During",
        "Last",
        "Tomorrow",
        "Tonight",
        "Since",
        "Because",
        "Until",
        "Once",
    ]
)

#: Units that measure rather than count: their values may be fractional.
CONTINUOUS_UNITS = frozenset(
    [
        "dollar",
        "cent",
        "euro",
        "pound",
        "year",
        "hour",
        "minute",
        "second",
        "day",
        "week",
        "month",
        "mile",
        "kilometer",
        "meter",
        "centimeter",
        "foot",
        "inch",
        "yard",
        "liter",
        "gallon",
        "cup",
        "kilogram",
        "gram",
        "ounce",
        "percent",
    ]
)

#: Question nouns that sum every counted (non-container, non-money) unit of an owner.
GENERIC_NOUNS = frozenset({"thing", "item", "object"})

#: Nouns that name a kind of things, with the kinds a problem counts them in: "How many
#: children" over "28 girls and 35 boys" sums the kinds, as "how many cats" does over
#: "siamese cats and house cats". Only these kinds; a noun outside them stays its own.
KINDS_OF = {
    "child": frozenset({"girl", "boy"}),
    "kid": frozenset({"girl", "boy"}),
    "student": frozenset({"girl", "boy"}),
    "person": frozenset(
        {"man", "woman", "adult", "child", "kid", "girl", "boy", "manager", "employee",
         "student", "teacher", "parent", "player", "coach", "passenger", "guest"}
    ),
    # the people served: "5 women and 3 men at each table" are the waiter's customers
    "customer": frozenset({"man", "woman", "adult", "child", "kid", "girl", "boy"}),
    "bird": frozenset(
        {"parrot", "parakeet", "duck", "goose", "robin", "sparrow", "crow", "pigeon", "owl",
         "swan", "canary", "finch", "bluebird", "cardinal", "hen", "rooster"}
    ),
    "flower": frozenset(
        {"rose", "tulip", "daisy", "carnation", "lily", "sunflower", "orchid", "daffodil",
         "violet", "peony", "marigold"}
    ),
    "pastry": frozenset({"cupcake", "cookie", "pie", "muffin", "brownie", "tart", "croissant"}),
    "coin": frozenset({"penny", "nickel", "dime", "quarter"}),
    "fruit": frozenset(
        {"apple", "orange", "banana", "pear", "peach", "plum", "grape", "cherry", "melon",
         "watermelon", "strawberry", "mango", "lemon", "lime", "kiwi", "apricot"}
    ),
    "vegetable": frozenset(
        {"carrot", "potato", "tomato", "onion", "cucumber", "pumpkin", "squash", "cabbage",
         "lettuce", "zucchini", "eggplant", "radish", "turnip", "beet"}
    ),
    "vehicle": frozenset({"car", "truck", "bus", "van", "bicycle", "motorcycle"}),
}  # fmt: skip

_IRREGULAR = {
    "gas": "gas",
    "children": "child",
    "people": "person",
    "men": "man",
    "women": "woman",
    "feet": "foot",
    "teeth": "tooth",
    "geese": "goose",
    "mice": "mouse",
    "buses": "bus",
    "shoes": "shoe",
    "knives": "knife",
    "leaves": "leaf",
    "loaves": "loaf",
    "shelves": "shelf",
    "wolves": "wolf",
    "halves": "half",
    "scarves": "scarf",
    "thieves": "thief",
    "hooves": "hoof",
    "elves": "elf",
    "sheep": "sheep",
    "fish": "fish",
    "deer": "deer",
    "pies": "pie",
    "ties": "tie",
    "dice": "die",
    "cookies": "cookie",
    "movies": "movie",
    "calves": "calf",
    "lives": "life",
    "wives": "wife",
    "oxen": "ox",
    "series": "series",
}


def singular(word: str) -> str:
    """The singular of one lower-case English noun (regular rules plus a short list)."""
    if word in _IRREGULAR:
        return _IRREGULAR[word]
    if len(word) > 4 and word.endswith("ies"):
        return word[:-3] + "y"
    if word.endswith(("sses", "xes", "ches", "shes", "zzes")):
        return word[:-2]
    if word.endswith("oes") and len(word) > 4:
        return word[:-2]
    if word.endswith("s") and not word.endswith(("ss", "us", "is")):
        return word[:-1]
    return word
