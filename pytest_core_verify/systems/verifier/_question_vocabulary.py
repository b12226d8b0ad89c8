"""The words a question of the ask leg may be made of: a closed vocabulary, as data.

The ask leg puts a question to the user in the verifier's own voice, so a word in it
must be one the verifier knows, not merely one the caller wrote: "How many
answerisfours are there in total?" repeats a word the caller made up to speak to the
user through the tool. A question is served only when each of its words is a word of
its frame, a first name the name lexicon knows, or a count noun (or one of a few
describing words) listed here, and the problem itself uses that word. Anything else
refuses (``question_not_grounded``); a refusal is always safe, so the lists are
closed and grow by review, never by guessing.

Nouns are listed in the singular; :func:`known_noun` accepts their regular plurals.
"""

from __future__ import annotations

from typing import Final

from ._lexicon import CONTINUOUS_UNITS, GENERIC_NOUNS, KINDS_OF, NAME_GENDER, singular

__all__ = ["FRAME_WORDS", "known_name", "known_noun"]

#: The words of the ask leg's question templates.
FRAME_WORDS: Final = frozenset({"how", "many", "are", "there", "in", "total", "does", "have"})

_COUNT_NOUNS: Final = frozenset(
    [
        "apple",
        "bag",
        "ball",
        "balloon",
        "banana",
        "basket",
        "bead",
        "bear",
        "bed",
        "bench",
        "berry",
        "bike",
        "biscuit",
        "block",
        "boat",
        "book",
        "bookcase",
        "bookshelf",
        "bottle",
        "bouquet",
        "bowl",
        "box",
        "boy",
        "bracelet",
        "branch",
        "bread",
        "brick",
        "brush",
        "bucket",
        "bug",
        "building",
        "bun",
        "bunch",
        "bus",
        "button",
        "cake",
        "can",
        "candle",
        "candy",
        "cap",
        "car",
        "card",
        "carton",
        "case",
        "cat",
        "chair",
        "cherry",
        "chicken",
        "child",
        "chip",
        "chocolate",
        "classroom",
        "coat",
        "cone",
        "container",
        "cookie",
        "cow",
        "crate",
        "crayon",
        "cup",
        "cupcake",
        "customer",
        "desk",
        "dish",
        "dog",
        "doll",
        "donut",
        "door",
        "dress",
        "drink",
        "duck",
        "egg",
        "envelope",
        "eraser",
        "flower",
        "folder",
        "friend",
        "game",
        "garden",
        "gift",
        "girl",
        "glass",
        "glove",
        "goat",
        "guest",
        "hat",
        "horse",
        "house",
        "jar",
        "juice",
        "key",
        "kid",
        "kite",
        "lamp",
        "leaf",
        "lemon",
        "letter",
        "lollipop",
        "magazine",
        "marble",
        "marker",
        "match",
        "meal",
        "melon",
        "muffin",
        "nail",
        "necklace",
        "nest",
        "note",
        "notebook",
        "nut",
        "orange",
        "package",
        "packet",
        "page",
        "pail",
        "painting",
        "pair",
        "pan",
        "pancake",
        "paper",
        "pen",
        "pencil",
        "person",
        "pet",
        "photo",
        "picture",
        "pie",
        "piece",
        "pig",
        "pillow",
        "pizza",
        "plane",
        "plant",
        "plate",
        "player",
        "plum",
        "postcard",
        "pot",
        "puppy",
        "puzzle",
        "rabbit",
        "ribbon",
        "ring",
        "rock",
        "roll",
        "room",
        "rose",
        "row",
        "sandwich",
        "seat",
        "seed",
        "sheep",
        "sheet",
        "shelf",
        "shell",
        "shirt",
        "shoe",
        "sock",
        "sofa",
        "spoon",
        "stamp",
        "star",
        "sticker",
        "stone",
        "store",
        "story",
        "strawberry",
        "student",
        "table",
        "tank",
        "teacher",
        "team",
        "tent",
        "ticket",
        "tile",
        "tire",
        "tomato",
        "tool",
        "toy",
        "train",
        "tray",
        "tree",
        "truck",
        "tulip",
        "van",
        "vase",
        "wagon",
        "wheel",
        "window",
        "worker",
    ]
)
#: Describing words a question may carry in front of its noun ("large buses").
_DESCRIBING: Final = frozenset(
    [
        "big",
        "small",
        "large",
        "little",
        "long",
        "short",
        "red",
        "blue",
        "green",
        "yellow",
        "white",
        "black",
        "brown",
        "pink",
        "purple",
        "orange",
        "new",
        "old",
        "toy",
    ]
)


def _nouns() -> frozenset[str]:
    kinds = set(KINDS_OF)
    for members in KINDS_OF.values():
        kinds |= members
    return frozenset(_COUNT_NOUNS | CONTINUOUS_UNITS | GENERIC_NOUNS | kinds)


_NOUNS: Final = _nouns()


def _forms(word: str) -> set[str]:
    # The reader's one singular function, and the plain "-es"/"-s" plurals it leaves
    # ("buses" -> "buse" there): any of them listed makes the word known.
    forms = {word, singular(word)}
    if word.endswith("es"):
        forms.add(word[:-2])
    if word.endswith("s"):
        forms.add(word[:-1])
    return forms


def known_noun(word: str) -> bool:
    """``word`` (lower case) is a listed noun or describing word, or a plural of one."""
    return word in _DESCRIBING or bool(_forms(word) & _NOUNS)


def known_name(word: str) -> bool:
    """``word`` is a first name of the name lexicon."""
    return word in NAME_GENDER
