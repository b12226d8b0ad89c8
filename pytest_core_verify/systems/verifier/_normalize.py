"""Normalisation: the deterministic surface rewrites a problem goes through before it is read
(number words, money and percent, tokenised text, question forms, conditions).

Part of the reader (``_parse.parse_problem`` is its entry point); no pytest import.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from ._lexicon import (
    NAME_GENDER,
    NUMBER_WORDS,
    TENS_WORDS,
    singular,
)
from ._rewrites import apply_stage
from ._units import convert_units
from ._vocabulary import (
    _PAST_BASE,
    GAIN_V,
    GIVE_V,
    LOSE_V,
)

# --------------------------------------------------------------------------- normalisation

_NUM_WORD = "|".join(sorted(NUMBER_WORDS, key=len, reverse=True))
_TENS_WORD = "|".join(sorted(TENS_WORDS, key=len, reverse=True))


def _number_words(text: str) -> str:
    def tens(m: re.Match[str]) -> str:
        value = TENS_WORDS[m.group(1).lower()]
        if m.group(2):
            value += NUMBER_WORDS[m.group(2).lower()]
        return str(value)

    text = re.sub(
        rf"\b({_TENS_WORD})(?:-({'|'.join(n for n in NUMBER_WORDS if NUMBER_WORDS[n] < 10)}))?\b",
        tens,
        text,
        flags=re.IGNORECASE,
    )
    text = re.sub(
        rf"\b({_NUM_WORD}|\d+) hundred\b",
        lambda m: str(int(NUMBER_WORDS.get(m.group(1).lower(), m.group(1))) * 100),
        text,
        flags=re.IGNORECASE,
    )
    text = re.sub(
        r"\b(\d+)00 and (\d{1,2})\b", lambda m: str(int(m.group(1)) * 100 + int(m.group(2))), text
    )
    # "a dozen", "half a dozen" and "N dozen" are counts: read as numbers, never dropped.
    text = re.sub(r"\b[Hh]alf a dozen\b", "6", text)
    text = re.sub(r"\b[Aa] dozen\b", "12", text)
    text = re.sub(
        rf"(?<![\d.])\b(\d+|{_NUM_WORD}) dozen\b(?! of\b)",
        lambda m: str(int(NUMBER_WORDS.get(m.group(1).lower(), m.group(1))) * 12),
        text,
        flags=re.IGNORECASE,
    )
    # "one" as a number only where a noun or "more" follows; fraction words keep theirs.
    # "each one" is every one of them, never the number 1.
    text = re.sub(
        rf"(?<!\beach )\b({_NUM_WORD})\b"
        r"(?! (?:half|third|thirds|quarter|quarters|fourth|fifth|of)\b)",
        lambda m: str(NUMBER_WORDS[m.group(1).lower()]),
        text,
        flags=re.IGNORECASE,
    )
    return text


#: A clause, a comma and a pronoun with a verb of change: "Sam found 35 shells, he gave".
_COMMA_SPLICE = re.compile(
    rf"((?:^|(?<=[.!?] ))[^.!?]*?), (he|she|they) (?=(?:{GAIN_V}|{LOSE_V}|{GIVE_V})\b)"
)


def normalize(text: str) -> str:
    """Deterministic surface rewrite: money, percent and number words become digits."""
    text = text.replace("\u2019", "'").replace("\u00a0", " ")
    text = apply_stage(0, text)
    text = _number_words(text)
    text = apply_stage(1, text)
    text = re.sub(r"\s+", " ", text).strip()
    text = _brand_nouns(text)
    text = _measure_of(text)
    # "43 blue and 16 red marbles": 43 blue marbles and 16 red marbles.
    text = re.sub(
        rf"\b(\d+) ({_ADJ}) and (\d+) ({_ADJ}) ([a-z]+s)\b", r"\1 \2 \5 and \3 \4 \5", text
    )
    text = apply_stage(2, text)
    # "Sam found 35 shells, he gave Joan 18 of them": a comma splice is two sentences,
    # when what precedes the comma is a clause of its own (it holds a number). A lead
    # ("Then, she ate 5", "Yesterday, he gave", "In theory, he gave") stays with its
    # clause, where the reader strips it as a setting (naming its words) or keeps it.
    text = _COMMA_SPLICE.sub(
        lambda m: (
            f"{m.group(1)}. {m.group(2).capitalize()} "
            if re.search(r"\d", m.group(1))
            else m.group(0)
        ),
        text,
    )
    text = apply_stage(3, text)
    # "What is the total number of miles Darius and Julia drove?", "... of goals Jorge
    # scored?": how many, in total.
    text = re.sub(
        r"(?:(?<=^)|(?<=[.!] ))What is the total number of ([a-z]+(?: [a-z]+)?) "
        r"([A-Z][a-z]+(?: and [A-Z][a-z]+)?) ([a-z]+)\?$",
        lambda m: (
            f"How many {m.group(1)} did {m.group(2)} {_PAST_BASE[m.group(3)]} in total?"
            if m.group(3) in _PAST_BASE
            else m.group(0)
        ),
        text,
    )
    text = apply_stage(4, text)
    # "If she gives 6 away, how many ...?": the condition is a statement of the problem,
    # read (or not) like any other sentence; the question follows it.
    text = _IF_QUESTION.sub(_split_condition, text)
    # "How much would 136 pencils cost if each pencil costs 18 cents?": the condition after
    # the question is a statement too, read before it.
    text = _IF_AFTER.sub(_move_condition, text)
    text = apply_stage(5, text)
    if _nameless(text):
        # "Each player had 7 lives. How many lives did they have total?": with no one named,
        # "they" are the ones each had so many, and the lives are all there are.
        # (only when nothing else holds them: "There were 5 lives in the bank" would count)
        text = re.sub(
            r"(?<=[.!] )(Each ([a-z]+) (?:had|has) \d+ ([a-z]+)\. How many \3) did they have"
            r"(?: in)? total\?$",
            lambda m: (
                f"{m.group(1)} were there in total?" if text.count(m.group(3)) == 2 else m.group(0)
            ),
            text,
        )
    text = apply_stage(6, text)
    # "April's shop was having a sale where each flower was 6 dollars", "The band was
    # holding a concert where tickets were 4 dollars each": the price of one, the rest of
    # the scene (no number, no change) says who sells
    text = re.sub(
        r"(?:(?<=^)|(?<=[.!] ))[A-Z][^.?!\d]*? (?:was|were|is|are) (?:having|holding) (?:a|an) "
        r"[a-z]+(?: [a-z]+)? where (?:each (?P<one>[a-z]+) (?:was|is|costs?)|"
        r"(?P<all>[a-z]+) (?:were|are|cost)) (?P<k>\d+(?:\.\d+)?) (?P<u>dollars|cents)"
        r"(?(all) each)\.",
        lambda m: f"Each {m['one'] or singular(m['all'])} costs {m['k']} {m['u']}.",
        text,
    )
    text = apply_stage(7, text)
    # "Chloe was playing a video game where she scores 9 points for each treasure she
    # finds": the game, and what each thing found is worth (only when nothing found is
    # lost or given later: points scored for finding stay scored)
    text = re.sub(
        r"(?:(?<=^)|(?<=[.!] ))([A-Z][a-z]+) (was|is) playing (an? [a-z]+(?: [a-z]+)?) where "
        r"(?:he|she|they) (?:scores?|earns?|gets?) (\d+) points for each ([a-z]+) "
        r"(?:he|she|they) (?:finds?|collects?|gets?)\.",
        lambda m: (
            m.group(0)
            if re.search(rf"\b(?:{LOSE_V}|{GIVE_V})\b", text[m.end() :])
            else f"{m[1]} {m[2]} playing {m[3]}. Each {m[5]} is worth {m[4]} points."
        ),
        text,
    )
    text = apply_stage(8, text)
    # "answered 5 questions correct ... and 3 questions correct": got so many of the
    # questions, each worth so much
    text = re.sub(
        r"\banswered (\d+ questions?) (?:correct|correctly|right)\b([^.?!]*)",
        lambda m: (
            "got " + m[1] + re.sub(r"\b(\d+ questions?) (?:correct|correctly|right)\b", r"\1", m[2])
        ),
        text,
    )
    # "What was his final score?", "what would her score be?": the points, the one thing a
    # score counts here
    if re.search(r"\d+ points\b", text):
        text = re.sub(
            r"(?<=[.!] )What (?:(?:was|is) (his|her|their) (?:final |total )?score|would "
            r"(his|her|their) (?:final |total )?score be)\?$",
            lambda m: (
                "How many points did "
                + {"his": "he", "her": "she", "their": "they"}[m[1] or m[2]]
                + " score?"
            ),
            text,
        )
    text = apply_stage(9, text)
    # "Jenny sold 24 boxes of Trefoils. How many cases of 8 boxes, plus extra boxes does Jenny
    # need to deliver?": the boxes sold are the boxes to deliver, in cases of 8 (a
    # remainder, the extra boxes, leaves two numbers asked: never a whole count, refused)
    text = re.sub(
        r"(?:(?<=^)|(?<=[.!] ))(?P<e>[A-Z][a-z]+) sold (?P<m>\d+) (?P<u>boxes|packages|packs)"
        r"(?: of [A-Z][^.?!,\d]*?)?\. How many (?P<c>cases|cartons|crates) of (?P<n>\d+) (?P=u)"
        r"(?:,? plus extra (?P=u))? does (?P=e) (?:need(?: to deliver)?|pick ?up(?: from the "
        r"[a-z]+(?: [a-z]+)?)?)\?$",
        lambda m: (
            f"{m['e']} has {m['m']} {m['u']}. Each {singular(m['c'])} holds {m['n']} "
            f"{m['u']}. How many {m['c']} does {m['e']} need?"
        ),
        text,
    )
    text = apply_stage(10, text)
    # "Each album came with a lyric sheet and had 9 songs": what each has, beside one thing
    # it came with that the question does not count
    question_words = set(re.findall(r"[a-z]+", text.rpartition(". ")[2].lower()))
    text = re.sub(
        r"(?:(?<=^)|(?<=[.!] ))Each ([a-z]+) came with (?:a|an) (?:[a-z]+ )?([a-z]+) and "
        r"(had|has) (\d+) ([a-z]+)\.",
        lambda m: (
            m.group(0)
            if {m[2], m[2] + "s"} & question_words
            else f"Each {m[1]} {m[3]} {m[4]} {m[5]}."
        ),
        text,
    )
    # "Brandy made trail mix for a backpacking trip. She used 0.5 pound of peanuts, ... How
    # many pounds of trail mix did Brandy make?": what is made of the things used is all of
    # them, in the one unit they are measured in
    text = re.sub(
        r"^(?P<e>[A-Z][a-z]+) made (?P<mix>[a-z]+(?: [a-z]+)?)(?: for (?:a|an|her|his|their|"
        r"the) [a-z' ]+)?\. (?:She|He) used (?P<body>(?:[^.?!]|\.(?=\d))+)\. How many (?P=mix) "
        r"(?P<u>[a-z]+) "
        r"did (?P=e) make\?$",
        lambda m: (
            f"{m['e']} used {m['body']}. How many {m['u']} did {m['e']} use in all?"
            if _one_measure(m["body"], m["u"])
            else m.group(0)
        ),
        text,
    )
    text = apply_stage(11, text)
    text = _taken_each_day(text)
    text = _parts_of_all(text)
    text = _one_and_the_rest(text)
    text = _mileage(text)
    text = _each_holds_two(text)
    text = _grouper(text)
    text = _comes_to_help(text)
    text = _same_amount(text)
    head, sep, last = text.rpartition(". ")
    if re.match(r"How many (?:good|working) ", last):
        # "If 9 of the games didn't work, how many good games ...": the ones that do not
        # work are not among the good ones (asked for all of them, they are still held).
        head = re.sub(
            r"\b(\d+ (?:of (?:the|his|her|them) [a-z]+(?: [a-z]+)?|of them|[a-z]+)) "
            r"(?:didn't work|did not work|weren't working|were not working|don't work)\b",
            r"\1 broke",
            head,
        )
    lead = re.match(r"In ((?:[a-z]+ ){0,2}[a-z]+),? there (?:are|were) \d", text)
    if lead and last.startswith("How "):
        # "In fourth grade there were 10 students ... How many students were in fourth grade
        # at the end?": the question's setting is the problem's, which every sentence shares.
        last = re.sub(
            rf"^(How many [a-z]+(?: [a-z]+)? (?:are|were)) in {re.escape(lead.group(1))}\b",
            r"\1 there",
            last,
        )
    if last.startswith(("How ", "What ")) and last.endswith("?"):
        for pattern, repl in _QUESTION_FORMS:
            last = pattern.sub(repl, last)
        text = head + sep + last
    # "3 dollars ... 50 cents. How many cents": amounts in the question's unit, exactly
    return convert_units(text)


#: A capitalised word right after a number or "how many" is a noun ("4 Skittles",
#: "How many Pokemon cards"): names never stand there. It is lower-cased everywhere, so it
#: is read as the noun it is and never taken for a person.
_BRAND = re.compile(r"(?:(?<=\d )|(?<=[Hh]ow many )|(?<=\ba )|(?<=\ban ))([A-Z][A-Za-z]+)\b")


_ADJ = (
    "red|blue|green|yellow|white|black|pink|purple|orange|brown|gray|grey|violet|big|small|"
    "large|short|tall|long"
)


def _brand_nouns(text: str) -> str:
    words = sorted({w for w in _BRAND.findall(text) if w not in NAME_GENDER})
    for w in words:
        text = re.sub(rf"\b{w}\b", w.lower(), text)
    return text


#: Measures and portions of a stuff: "17 pieces of candy" is 17 candy pieces, the same
#: reading "4 packs of crayons" gets (a compound unit whose head is the measure).
_MEASURES = (
    "pieces|piece|cups|cup|pounds|pound|ounces|ounce|gallons|gallon|liters|liter|tons|ton|"
    "slices|slice|sheets|sheet|heads|head|loaves|loaf|bars|bar|sticks|stick|bags|bag|"
    "bottles|bottle|cans|can|jars|jar|cartons|carton|packs|pack|packages|package|boxes|box|"
    "bunches|bunch|cases|case|crates|crate|baskets|basket|buckets|bucket|kilograms|kilogram|"
    "grams|gram|yards|yard|feet|foot|inches|inch|meters|meter|pints|pint|quarts|quart|"
    "teaspoons|teaspoon|tablespoons|tablespoon|scoops|scoop|rolls|roll|sacks|sack|drums|drum|"
    "bushels|bushel|truckloads|truckload|pitchers|pitcher|glasses|glass|bowls|bowl|plates|plate|"
    "shelves|shelf|pages|page|piles|pile"
)
_MEASURE_OF = re.compile(
    rf"(?:(?<=\d )|(?<=\d more )|(?<=\bmany )|(?<=\bmuch ))({_MEASURES}) of ((?:[a-z]+ )?[a-z]+)\b"
    r"(?=[ ,.?!]|$)"
)
#: Words that end the noun after "of" ("cups of flour does she ..."): verbs and function
#: words are never part of the stuff's name.
_NOT_NOUN = re.compile(
    r"^(?:and|or|but|in|on|at|to|for|from|with|each|every|per|than|left|now|the|a|an|"
    r"is|are|was|were|has|have|had|does|do|did|will|would|can|could|should|that|which|"
    r"this|these|those|it|them|he|she|they|his|her|their|its|all|total|altogether|"
    r"together|more|less|fewer|while|when|because|since|if|until|so|then|as|after|before|"
    r"into|onto|off|out|up|down|over|by|about|(?!seed|feed|weed|speed|breed)[a-z]{3,}ed|"
    r"(?!clothing|frosting|icing|stuffing|filling|pudding|topping)[a-z]{3,}ing)$"
)


def _measure_of(text: str) -> str:
    def sub(m: re.Match[str]) -> str:
        words = m.group(2).split()
        if _NOT_NOUN.match(words[0]):
            return m.group(0)  # "2 pieces of the cake": a part of one thing, left as is
        rest = ""
        if len(words) == 2 and _NOT_NOUN.match(words[1]):
            rest = " " + words.pop()
        return f"{' '.join([*words[:-1], singular(words[-1])])} {m.group(1)}{rest}"

    return _MEASURE_OF.sub(sub, text)


_SUBJ = r"(?:[A-Z][a-z]+(?:'s [a-z]+)?|he|she|they|the [a-z]+(?: [a-z]+)?)"
#: Question phrasings rewritten to the forms the question patterns read. Each keeps the
#: question's meaning: a final state ("end with", "still have", "would have" after the
#: conditions, "when they are finished") is the state the problem ends in.
_Repl = str | Callable[[re.Match[str]], str]
_FORMS: tuple[tuple[str, _Repl], ...] = (
    (
        r" (?:when|after) (?:the [a-z]+|he|she|they) (?:is|are|was|were) (?:finished|done)\?$",
        "?",
    ),
    (rf"\b(?:would|will|could|should) ({_SUBJ}) (have|own)\b", r"does \1 \2"),
    # ("does she still have to color" is what is left of a job: left as it is)
    (
        rf"\b(does|did|do) ({_SUBJ}) (?:now|still|currently) (have|own)\b(?! to [a-z]+\?)",
        r"\1 \2 \3 now",
    ),
    (rf"\b(does|did|do) ({_SUBJ}) end(?: up)? with\?$", r"\1 \2 have left?"),
    (r"(?<!\bin) total\?$", " in total?"),
    (r"\b([Hh]ow many [a-z]+(?: [a-z]+)?) from (?:his|her|their) [a-z]+\b", r"\1"),
    (r"\b([Hh]ow many) (?:good|working) ", r"\1 "),
    (r"\b([Hh]ow many [a-z]+(?: [a-z]+)?) are now there now\b", r"\1 are there now"),
    (
        r"\b([Hh]ow many [a-z]+(?: [a-z]+)?) (are|were|is) there (in|on|at|inside) "
        r"(?!all\b|total\b)",
        r"\1 \2 \3 ",
    ),
    (
        r"\b([Hh]ow many [a-z]+(?: [a-z]+)?) total (did|do|does|were|are|was|is) ([^?]*)\?$",
        r"\1 \2 \3 in total?",
    ),
    (r"\b([Hh]ow many [a-z]+(?: [a-z]+)?) are now there\b", r"\1 are there"),
    # "What amount of money did Tony have then?": how much money he has
    (
        r"^What amount of money did ([A-Z][a-z]+|he|she|they) have(?: then| left| now)?\?$",
        r"How much money does \1 have?",
    ),
    # "How many children were on the playground at recess?": on the playground
    (
        r"^([Hh]ow many [a-z]+(?: [a-z]+)? (?:are|were) (?:on|in|at) the [a-z]+) at "
        r"(?:recess|lunch|noon|night)\?$",
        r"\1?",
    ),
    # "How many extra flowers did Lana pick?" after she used some: what she has left
    (
        r"^([Hh]ow many) extra ([a-z]+(?: [a-z]+)?) did ([A-Z][a-z]+|he|she|they) "
        r"(?:pick|buy|bake|make|collect|get|order)\?$",
        r"\1 \2 does \3 have left?",
    ),
    # "How many problems did she have to complete total?": what she completed, in all
    (
        r"\b(did|does|do) ((?:she|he|they|[A-Z][a-z]+)) have to (complete|do|finish|solve)"
        r"(?: in)? total\?$",
        r"\1 \2 \3 in total?",
    ),
    # "in each of the albums": in each album
    (
        r"\b(in|on|go in|into) each of the ((?:[a-z]+ )?[a-z]+)\?$",
        lambda m: f"{m.group(1)} each {' '.join(singular(w) for w in m.group(2).split())}?",
    ),
    # "were there altogether in the tree": in the tree, altogether
    (
        r"\b([Hh]ow many [a-z]+(?: [a-z]+)?) (are|were|is) there (altogether|in all|in total) "
        r"((?:in|on|at) the [a-z]+(?: [a-z]+)?)\?$",
        r"\1 \2 \4 \3?",
    ),
    # "How many birds are sitting on the fence?": on the fence
    (
        r"\b([Hh]ow many [a-z]+(?: [a-z]+)?) (are|were|is) (?:now |still )?(?:sitting|standing|"
        r"perched|swimming|parked|lying|resting|waiting) (?=(?:in|on|at) the )",
        r"\1 \2 ",
    ),
    # "How many people would be on each team?": how many are in each
    (
        r"^([Hh]ow many [a-z]+) (?:are|were|would be|will be) on each (team|group)\?$",
        r"\1 are in each \2?",
    ),
    # "How many groups would there be?" after the conditions: how many there are then.
    (r"^([Hh]ow many [a-z]+(?: [a-z]+)?) would there be\?$", r"\1 are there?"),
)
_QUESTION_FORMS: tuple[tuple[re.Pattern[str], _Repl], ...] = tuple(
    (re.compile(p), r) for p, r in _FORMS
)


_IF_QUESTION = re.compile(
    r"(?:(?<=^)|(?<=[.!] ))If ((?:[^.?!]|(?<=\d)\.(?=\d))*?), (how|what)\b"
    r"((?:[^.?!]|(?<=\d)\.(?=\d))*\?)$"
)


#: Words a condition may start with that start a sentence once it stands alone.
_LOWER_FIRST = frozenset(
    {"he", "she", "they", "it", "each", "every", "there", "the", "a", "an", "you", "his", "her",
     "their", "its", "my", "your", "our"}
)  # fmt: skip
_IF_AFTER = re.compile(
    r"(?:(?<=^)|(?<=[.!] ))((?:How|What) (?:[^.?!,]|(?<=\d)\.(?=\d))*?),? if "
    r"((?:[^.?!]|(?<=\d)\.(?=\d))+)\?$"
)


_STARTERS = frozenset(
    {"There", "Each", "Every", "If", "How", "Then", "The", "A", "An", "When", "What"}
)
_PERSONAL = re.compile(r"\b(?:he|she|him|his|her|hers|I|you|we)\b", re.I)


def _nameless(text: str) -> bool:
    """No one named or spoken of: every capitalised word starts a sentence and is one of the
    common sentence openers, and no personal pronoun but "they" stands anywhere."""
    if _PERSONAL.search(text):
        return False
    return all(m.group(1) in _STARTERS for m in re.finditer(r"\b([A-Z][A-Za-z]*)\b", text))


_HOLDER = re.compile(r"^(The [a-z]+(?: [a-z]+)?) (?:had|has) \d[^.?!]*\.")
_GROUPER = re.compile(
    r"(?<=[.!] )The ([a-z]+) (put|puts|split|splits) them into (?=(?:groups|teams) (?:with|of) \d)"
)


def _grouper(text: str) -> str:
    """'The team had 31 new players ... The coach put them into groups with 7 players in each
    group': who makes the groups does not change how many there are; they are the holder's
    things, grouped by the holder (only when the problem opens with that one holder and the
    grouper holds nothing of its own)."""
    held = _HOLDER.match(text)
    if not held:
        return text

    def sub(m: re.Match[str]) -> str:
        if re.search(rf"\b[Tt]he {m.group(1)} (?:had|has|have|got|gets)\b", text):
            return m.group(0)
        return f"{held.group(1)} {m.group(2)} them into "

    return _GROUPER.sub(sub, text)


def _one_measure(items: str, unit: str) -> bool:
    """'0.5 peanut pound, 0.25 chocolate chip pound, and 0.25 raisin pound': a list of
    amounts, every one of them measured in ``unit``. An amount written to more than 6
    places ("0.16666666666666666") is a rounding of a fraction the writer meant: the sum of
    the roundings is not the amount meant, so such a list is not read as a sum here."""
    parts = re.split(r",? and |, ", items)
    return len(parts) > 1 and all(
        re.fullmatch(r"\d+(?:\.\d{1,6})? (?:[a-z]+ ){1,2}([a-z]+)", p) is not None
        and singular(p.split()[-1]) == singular(unit)
        for p in parts
    )


_WHEN_ANOTHER = re.compile(
    r"(?:(?<=^)|(?<=[.!] ))(?:A|An|The) ([a-z]+(?: [a-z]+)?) (had|has) (\d+) ([a-z]+) when "
    r"(?:another|an additional) (\d+) (?:more )?(?:were|was) (?:brought in|added|dropped off)\."
)


def _taken_each_day(text: str) -> str:
    """'A pet shelter had 5 puppies when another 35 were brought in. If 8 puppies a day are
    adopted, how long would it take for all of them to be adopted?': the shelter's stock, a
    gain, so many leaving each day, and how long the stock lasts (a remainder refused)."""
    m = _WHEN_ANOTHER.search(text)
    if not m:
        return text
    holder, unit = f"the {m[1]}", m[4]
    text = (
        text[: m.start()]
        + f"The {m[1]} {m[2]} {m[3]} {unit}. The {m[1]} got {m[5]} more {unit}."
        + text[m.end() :]
    )
    text = re.sub(
        rf"(?<=[.!] )(\d+) {unit} (?:a|each|per) day (?:are|were|get|got) "
        r"(?:adopted|sold|taken|given away|taken home)\.",
        lambda d: f"The {m[1]} gives away {d[1]} {unit} each day.",
        text,
    )
    return re.sub(
        r"(?<=[.!] )How long (?:would|will) it take for all of them to be (?:adopted|sold|"
        r"taken|given away|taken home)\?$",
        f"How long would the {unit} last {holder}?",
        text,
    )


def _parts_of_all(text: str) -> str:
    """So many of all the things are of one part, and the question asks for the others:
    "If only 38 of the carrots were good, how many bad carrots did they have?", "If only 26
    of them got called back, how many students didn't make the cut?", "If 34 of the
    customers didn't leave him a tip, how many customers did leave a tip?", "If she
    finished 44 of the problems at school, how many problems did she have to do for
    homework?". Each is one part stated as "N of the <things> were <part>" and the question
    as "how many <things> were (not) <part>"; only the pairs of words named here."""
    head, sep, last = text.rpartition(". ")
    if not sep:
        return text
    pairs = (
        # (the part stated, its rewrite, the question, its rewrite)
        (
            r"\b(?:[Oo]nly )?(\d+) of the ([a-z]+) were good\b",
            r"\1 of the \2 were good",
            r"^How many bad ([a-z]+) (?:did|do) (?:they|[A-Z][a-z]+) have\?$",
            r"How many \1 were not good?",
        ),
        (
            r"\b(?:[Oo]nly )?(\d+) of (?:them|the ([a-z]+)) got called back\b",
            r"\1 of the {u} were called back",
            r"^How many ([a-z]+) (?:did n't|didn't|did not) make the (?:cut|team)\?$",
            r"How many \1 were not called back?",
        ),
        (
            r"\b(\d+) of the ([a-z]+) (?:did n't|didn't|did not) leave (?:him |her |them )?a tip\b",
            r"\1 of the \2 were not tipping",
            r"^How many ([a-z]+) did leave (?:him |her |them )?a tip\?$",
            r"How many \1 were tipping?",
        ),
        (
            r"\b(?:he|she|they|[A-Z][a-z]+) finished (\d+) of the ([a-z]+)(?: at school)?\b",
            r"\1 of the \2 were finished",
            r"^How many ([a-z]+) did (?:he|she|they|[A-Z][a-z]+) have to do(?: for homework)?\?$",
            r"How many \1 were not finished?",
        ),
    )
    for part, part_repl, question, question_repl in pairs:
        q = re.match(question, last)
        if not q:
            continue
        found = list(re.finditer(part, head))
        if len(found) != 1:
            continue
        m = found[0]
        unit = m.group(2) or q.group(1)
        if unit != q.group(1):
            return text  # a part of other things than the question's
        stated = m.expand(part_repl.replace("{u}", unit))
        head = head[: m.start()] + stated + head[m.end() :]
        return head + sep + q.expand(question_repl)
    return text


_ONE_AND_REST = re.compile(
    r"(?<= )(?P<v>put|puts|placed|places) (?P<n>\d+) (?P<u>of them|(?:[a-z]+ )?[a-z]+) "
    r"(?:in|into) (?:one|1) (?P<c>[a-z]+),? (?:and|but) (?:decided to )?(?:put|split|divide|"
    r"divided|place|placed|puts|splits) the rest (?:in|into) (?P<k>\d+) (?:different |equal |"
    r"other |smaller )?(?P<cs>[a-z]+)\."
)


def _one_and_the_rest(text: str) -> str:
    """'She put 37 pics into one album and put the rest into 2 different albums', 'He put 19
    of them in one load, but decided to split the rest into 5 equal loads': so many into the
    one container, the rest shared among the others ("each of the small loads" asks for one
    of those). "of them" are the things of the last holding stated before."""

    def sub(m: re.Match[str]) -> str:
        if singular(m["cs"]) != m["c"]:
            return m.group(0)
        if re.search(rf"\bin each of the {m['cs']}\b", text):
            # "each of the albums" counts the one album too, which holds another number
            return m.group(0)
        unit = m["u"]
        if unit == "of them":
            held = re.findall(
                r"\b(?:had|has|have|uploaded|bought|got|found) \d+ ([a-z]+(?: [a-z]+)?)"
                r"(?: to [a-z]+)?\.",
                text[: m.start()],
            )
            if not held:
                return m.group(0)
            unit = held[-1]
        return (
            f"{m['v']} {m['n']} {unit} into the {m['c']}. The rest were put into {m['k']} "
            f"{m['cs']}."
        )

    found = _ONE_AND_REST.search(text)
    if found:
        # "had 39 pieces of clothing to wash" and then put them in loads: held, all of them
        text = re.sub(
            r"\b(had|has) (\d+ [a-z]+(?: [a-z]+)?) to [a-z]+\.(?= [A-Z][a-z]* (?:put|placed)\b)",
            r"\1 \2.",
            text,
        )
    text = _ONE_AND_REST.sub(sub, text)
    return re.sub(
        r"(?<= )(?:could|would|can) go in each of the (?:small |smaller |other |different )?"
        r"([a-z]+)s\?$",
        r"were in each \1?",
        text,
    )


_MILEAGE = re.compile(
    r"^(?:(?P<name>[A-Z][a-z]+)'s|(?P<my>My)) car (?:gets|goes|drives|travels) "
    r"(?P<n>\d+(?:\.\d+)?) miles (?:per|a|each|every) (?:gas )?gallon(?: of gas)?\. "
)


def _mileage(text: str) -> str:
    """'Mary's car gets 20 miles per gallon of gas. How far can she drive on 14 gallons of
    gas?': the owner drives so many miles per gallon; "on 14 gallons" is in them; the way
    asked for is in miles, the one unit of way there is. "My car ... can I drive": the
    one who speaks, read as the one person addressed ("you")."""
    m = _MILEAGE.match(text)
    if not m:
        return text
    rest = text[m.end() :]
    if m["my"]:
        if re.search(r"\b(?:you|your|we|our|us)\b", rest, re.IGNORECASE):
            return text  # the speaker and someone else: who is who is not said
        rest = re.sub(r"\bI\b", "you", rest)
        rest = re.sub(r"\b(?:my|My)\b", "your", rest)
        who = "You drive"
    else:
        who = f"{m['name']} drives"
    rest = re.sub(
        r"\bHow (?:far|many miles) (can|could|will|would) (you|he|she|[A-Z][a-z]+) (drive|go|"
        r"travel) (?:on|with|in) (\d+(?:\.\d+)?) (?:gas )?gallons(?: of gas)?\?$",
        r"How many miles \1 \2 \3 in \4 gallons?",
        rest,
    )
    return f"{who} {m['n']} miles per gallon. {rest}"


_HOLDS_CONTAINERS = re.compile(
    r"(?:(?<=^)|(?<=[.!] ))(?P<who>(?:A|An|The) [a-z]+(?: [a-z]+)?|[A-Z][a-z]+) "
    r"(?P<v>has|had) (?P<m>\d+) (?P<c>(?:[a-z]+ )?(?P<head>[a-z]+))"
    # "5 tables he was waiting on": who tends them, no number of anything
    r"(?: (?:he|she|they) (?:was|were|is|are) [a-z]+ing(?: on| at)?)?"
    r"(?:\. Each (?P<c1>[a-z]+) (?P<v1>has|had) |, with )"
    r"(?P<n1>\d+) (?P<u1>[a-z]+) and (?P<n2>\d+) (?P<u2>[a-z]+)"
    r"(?: in it| at each (?P<c2>[a-z]+))?\."
)


def _each_holds_two(text: str) -> str:
    """'A pet store has 9 bird cages. Each cage has 2 parrots and 6 parakeets in it.', 'A
    waiter had 5 tables he was waiting on, with 5 women and 3 men at each table.': so many
    containers, each holding so many of two kinds -- one sentence the container pattern
    reads ("The pet store has 9 bird cages with 2 parrots and 6 parakeets each"). Only when
    "each" names the containers (a cage of the cages), so every number keeps its place."""

    def sub(m: re.Match[str]) -> str:
        each = m["c1"] or m["c2"]
        if each is None or singular(each) != singular(m["head"]):
            return m.group(0)
        who = re.sub(r"^(?:A|An) ", "The ", m["who"])
        return (
            f"{who} {m['v']} {m['m']} {m['c']} with {m['n1']} {m['u1']} and {m['n2']} "
            f"{m['u2']} each."
        )

    return _HOLDS_CONTAINERS.sub(sub, text)


_COOKED_MORE = re.compile(
    r"(?:(?<=^)|(?<=[.!] ))(The [a-z]+|[A-Z][a-z]+) (?:already )?had (\d+) ([a-z]+(?: [a-z]+)?) "
    r"(cooked|baked|made) but (?:cooked|baked|made) (\d+) more(?: for (?:the|them|the [a-z]+))?\."
)
_GROUP_OF = re.compile(
    r"^A group of (\d+) (friends|people|children|kids|students) (?:went|came|walked) into "
    r"(?:a|an|the) [a-z]+\. "
)
_SAME_AMOUNT = re.compile(
    r"(?<=[.!] )If they each got the same amount,? how many would each (?:person|one|friend) "
    r"get\?$"
)


def _same_amount(text: str) -> str:
    """'A group of 3 friends went into a restaurant. The chef already had 8 chicken wings
    cooked but cooked 10 more for the group. If they each got the same amount how many would
    each person get?': the one stock the chef has, shared equally among the group."""
    text = _COOKED_MORE.sub(r"\1 had \2 \3. \1 \4 \5 more \3.", text)
    group = _GROUP_OF.match(text)
    if not group or not _SAME_AMOUNT.search(text):
        return text
    held = re.findall(
        r"(?:(?<=^)|(?<=[.!] ))(The [a-z]+|[A-Z][a-z]+) had \d+ ([a-z]+(?: [a-z]+)?)\.",
        text[group.end() :],
    )
    if len(held) != 1:
        return text
    who, unit = held[0]
    people = group.group(2)
    one = {"friends": "friend", "people": "person", "children": "child", "kids": "kid",
           "students": "student"}[people]  # fmt: skip
    text = _SAME_AMOUNT.sub(
        f"{who} shared them equally among {group.group(1)} {people}. "
        f"How many {unit} would each {one} get?",
        text[group.end() :],
    )
    return text


_COMES_TO_HELP = re.compile(
    r"(?<=[.!] )([A-Z][a-z]+) (?:comes|came) to help and (?:brings|brought) (\d+) ([a-z]+) "
    r"to share with [A-Z][a-z]+\."
)


def _comes_to_help(text: str) -> str:
    """'Terry comes to help and brings 11 cookies to share with Scott.': Terry has 11 cookies;
    only when the question asks about something else (whose the cookies become is not said,
    so a question about them stays unread)."""
    question = text.rpartition(". ")[2]

    def sub(m: re.Match[str]) -> str:
        if singular(m.group(3)) in {singular(w) for w in re.findall(r"[a-z]+", question)}:
            return m.group(0)
        return f"{m.group(1)} has {m.group(2)} {m.group(3)}."

    return _COMES_TO_HELP.sub(sub, text)


def _move_condition(m: re.Match[str]) -> str:
    first, _, rest = m.group(2).partition(" ")
    if first in _LOWER_FIRST:
        first = first.capitalize()
    return f"{first} {rest}. {m.group(1)}?"


def _split_condition(m: re.Match[str]) -> str:
    condition = m.group(1)
    first, _, rest = condition.partition(" ")
    if first in _LOWER_FIRST:
        condition = first.capitalize() + (" " + rest if rest else "")
    return f"{condition}. {m.group(2).capitalize()}{m.group(3)}"
