"""Reading a word problem into quantities, clauses (with alternatives) and a question.

Everything here is a closed grammar: a sentence that carries a quantity or a
change cue and matches no pattern is *unread*, and every reader then abstains.
That is the engine's precision: what it cannot ground it does not compute.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from ._lexicon import (
    CONTINUOUS_UNITS,
    FRACTION_WORDS,
    GENERIC_NOUNS,
    KINDS_OF,
    NAME_GENDER,
    NUMBER_WORDS,
    SENTENCE_INITIAL_WORDS,
    TENS_WORDS,
    singular,
)

__all__ = [
    "GROUP",
    "SCALE_WORDS",
    "SET_ASIDE_RULES",
    "SYNONYMS",
    "TASK",
    "WORLD",
    "Clause",
    "Cue",
    "Parse",
    "Quantity",
    "Question",
    "Sentence",
    "parse_problem",
    "set_aside",
    "unread_scale_words",
]

#: The owner of quantities stated without one ("There are 30 students").
WORLD = "(world)"
#: "they" when the problem names one pair ("Janet and her sister combined the candy they
#: received. ... They ate 4 pieces"): what the pair does together.
GROUP = "(they)"
#: What is still to be done of a job ("A painter needed to paint 12 rooms"): what the job
#: needs, less what was already done.
TASK = "(task)"


@dataclass(frozen=True)
class Quantity:
    id: str
    value: Fraction
    text: str
    start: int
    end: int
    sentence: int


@dataclass(frozen=True)
class Cue:
    text: str
    start: int
    end: int


@dataclass
class Clause:
    kind: str
    sentence: int
    args: dict[str, Any]
    qids: tuple[str, ...]
    cues: tuple[Cue, ...]

    def to_json(self) -> dict[str, Any]:
        args = {k: (str(v) if isinstance(v, Fraction) else v) for k, v in sorted(self.args.items())}
        return {
            "kind": self.kind,
            "args": args,
            "quantities": list(self.qids),
            "cues": [[c.text, c.start, c.end] for c in self.cues],
        }


@dataclass
class Sentence:
    index: int
    text: str
    start: int
    status: str  # "read", "ignored", "unread", "question"
    pattern: str | None = None
    alternatives: list[list[Clause]] = field(default_factory=list)
    labels: list[str] = field(default_factory=list)


@dataclass
class Question:
    kind: str
    args: dict[str, Any]
    cues: tuple[Cue, ...]
    sentence: int
    unit_surface: str
    qids: tuple[str, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {
            "quantities": list(self.qids),
            "kind": self.kind,
            "args": dict(sorted(self.args.items())),
            "cues": [[c.text, c.start, c.end] for c in self.cues],
            "sentence": self.sentence,
            "unit": self.unit_surface,
        }


@dataclass
class Parse:
    text: str
    quantities: list[Quantity]
    sentences: list[Sentence]
    question: list[Question]  # alternatives (pronoun ambiguity); empty if none
    question_error: str | None
    persons: list[str]

    def quantity(self, qid: str) -> Quantity:
        return self.quantities[int(qid[1:])]


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


def normalize(text: str) -> str:
    """Deterministic surface rewrite: money, percent and number words become digits."""
    text = text.replace("\u2019", "'").replace("\u00a0", " ")
    # Tokenised text ("school 's", "did n't", "$ 3", "light - year", "word .") rejoined.
    text = re.sub(r"(\w)\s+'\s*s\b", r"\1's", text)
    text = re.sub(r"(\w) n't\b", r"\1n't", text)
    text = re.sub(r"\$\s+(?=\d)", "$", text)
    text = re.sub(r"([A-Za-z]) - ([A-Za-z])", r"\1-\2", text)
    text = re.sub(r"(?<=\w)\s+([.,?!])(?=\s|$)", r"\1", text)
    text = re.sub(r"\b(Mr|Mrs|Ms|Dr)\.", r"\1", text)
    # "Mrs Hilt" is the person Hilt: a title is not a second name.
    text = re.sub(r"\b(?:Mr|Mrs|Ms|Miss|Dr) (?=[A-Z][a-z]+\b)", "", text)
    text = re.sub(r"(\d),(\d{3})\b", r"\1\2", text)
    text = re.sub(r"\$(\d+(?:\.\d+)?)[- ]bill\b", r"\1-dollar bill", text)
    text = re.sub(r"\$(\d+(?:\.\d+)?)", r"\1 dollars", text)
    text = re.sub(r"(\d)\s*%", r"\1 percent", text)
    # "In one day they sold 34 of them": a setting, not a quantity of the problem.
    text = re.sub(r"(?:(?<=^)|(?<=[.!?] ))In one day,? ([a-z])", lambda m: m.group(1).upper(), text)
    text = _number_words(text)
    text = re.sub(r"\b1 dollars\b", "1 dollar", text)
    # "Ann has with 9 blocks": a stray "with" between a verb of holding and its number.
    text = re.sub(r"\b(has|had|have) with (?=\d)", r"\1 ", text)
    # "By March he had spent 4 dollars": the change happened; the past perfect says when.
    text = re.sub(
        r"\b(he|she|they|[A-Z][a-z]+) had (?:already )?(spent|used|lost|sold|donated|"
        r"deleted|dropped|given away|thrown away|eaten|broken|drunk)\b",
        lambda m: f"{m.group(1)} "
        + {"given away": "gave away", "thrown away": "threw away", "eaten": "ate",
           "broken": "broke", "drunk": "drank"}.get(m.group(2), m.group(2)),
        text,
    )  # fmt: skip
    # "handed out 42 and decided to use the rest to make pies": what the rest is for.
    text = re.sub(
        r",? and (?:decided|wanted|planned) to use the rest to make [a-z]+(?= ?[.!])", "", text
    )
    # "Each chocolate bar in a box cost $4": the box is where the bars are, not the price's.
    text = re.sub(
        r"\b([Ee]ach [a-z]+(?: [a-z]+)?) in (?:a|the) (?:box|bag|pack|case|package) "
        r"(?=costs?\b)",
        r"\1 ",
        text,
    )
    # "a box had 11 bars total": the holding is the total
    text = re.sub(r"\b(had|has|held|holds|contained) (\d+) ([a-z]+) total\b", r"\1 \2 \3", text)
    # "..., but 12 of them didn't show up", "but during a game 3 members didn't show up":
    # those who did not come are a sentence of their own.
    text = re.sub(
        r",? but (?:during (?:a|the) [a-z]+ )?(\d+ (?:of them|[a-z]+)) (?:didn't|did not|couldn't|"
        r"could not) (?:show up|come)\b",
        r". \1 did not come",
        text,
    )
    # "each member that did show up": each member who came
    text = re.sub(r"\b([Ee]ach [a-z]+) (?:that|who) did (?:show up|come)\b", r"\1", text)
    # "bought 10 books, each of which cost $5": 10 books at 5 dollars each
    text = re.sub(
        r"\b(\d+ [a-z]+(?: [a-z]+)?), each of which costs? (\d+(?:\.\d+)? dollars?)\b",
        r"\1 for \2 each",
        text,
    )
    # "Alyssa paid $12.08 for grapes": money spent on them
    text = re.sub(r"\b(paid|pays) (\d+(?:\.\d+)? dollars?) for (?=[a-z])", r"spent \2 on ", text)
    text = re.sub(r", and (\d+(?:\.\d+)? dollars?) for (?=[a-z])", r", and \1 on ", text)
    # "She used 70 of the flowers though.": the "though" contrasts, it counts nothing
    text = re.sub(r",? though(?=[.!?,])", "", text)
    # "saved up 4 dollars" saved them; "used the money he earned to buy 30 books" bought them.
    text = re.sub(r"\b(saved|saves|save) up\b", r"\1", text)
    text = re.sub(r"\bused the money (?:he|she|they) (?:earned|made|got) to buy\b", "bought", text)
    # "threw away 3 old ones that didn't fit": so many of the owner's one kind of thing.
    text = re.sub(
        r"\b(\d+) (?:old |new )ones(?: that (?:didn't|did not|don't|do not) fit)?\b", r"\1", text
    )
    # "32 more whistles that Charles", "more crayons does Willy have then Lucy": "than",
    # misspelt, before the name that ends the comparison.
    text = re.sub(
        r"\b(more|fewer|less)\b([^.?!,]{0,40}?) (?:that|then) "
        r"(?=[A-Z][a-z]+(?:'s)?(?: does| did| has| had| do)?[.?])",
        r"\1\2 than ",
        text,
    )
    # "Mike worked 3 hours, each day, for 5 days": the commas set off the rate's "each day".
    text = re.sub(r", ((?:each|every|per|a) (?:day|week|month|night)),", r" \1", text)
    text = re.sub(r"\s+", " ", text).strip()
    text = _brand_nouns(text)
    text = _measure_of(text)
    # "43 blue and 16 red marbles": 43 blue marbles and 16 red marbles.
    text = re.sub(
        rf"\b(\d+) ({_ADJ}) and (\d+) ({_ADJ}) ([a-z]+s)\b", r"\1 \2 \5 and \3 \4 \5", text
    )
    # "Mary has 9 marbles Joan has 3 marbles": a missing full stop between two holdings.
    text = re.sub(
        r"(\d+ [a-z]+(?: (?!and\b|or\b|but\b|while\b|then\b|so\b)[a-z]+)?) "
        r"(?=[A-Z][a-z]+ (?:has|had) \d)",
        r"\1. ",
        text,
    )
    # "She later deleted 31 of them": when it happened does not change how many.
    text = re.sub(
        r"\b(he|she|they|[A-Z][a-z]+) (?:later|then|also|finally|eventually|already|only) "
        r"(?=[a-z]+ed\b|had\b|has\b|sold\b|took\b|got\b|spent\b|gave\b|bought\b|ate\b|"
        r"owns\b|won\b)",
        r"\1 ",
        text,
    )
    # "... on the beach. he gave Jessica 2 of them": a sentence starts with a capital.
    text = re.sub(r"(?<=[.!] )(he|she|they|it)\b", lambda m: m.group(1).capitalize(), text)
    # "Sam found 35 shells, he gave Joan 18 of them": a comma splice is two sentences.
    text = re.sub(
        rf", (he|she|they) (?=(?:{GAIN_V}|{LOSE_V}|{GIVE_V})\b)",
        lambda m: f". {m.group(1).capitalize()} ",
        text,
    )
    # "Now, Rosa has 90 flowers": the comma changes nothing.
    text = re.sub(r"(?:(?<=^)|(?<=[.!] ))Now, ", "Now ", text)
    # "In all, how many ...?": the lead-in restates the question's own "in all".
    text = re.sub(
        r"(?:(?<=^)|(?<=[.!] ))(?:In total|In all|Altogether|All together|At that rate), "
        r"(?=how\b)",
        "",
        text,
    )
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
    # "At a company picnic 9 managers and 15 employees decided to start a game of
    # volleyball": who is there; what they decided to do counts nothing.
    text = re.sub(
        r"^(?:At|In|On) (?:a|an|the) [a-z]+(?: [a-z]+)? (\d+ [a-z]+ and \d+ [a-z]+) decided to "
        r"(?:start|play|have) (?:a|an) (?:game|match) of [a-z]+\.",
        r"There were \1.",
        text,
    )
    # "If they split into 8 teams how many ...": the split is a statement, the comma missing
    text = re.sub(
        r"(?<=[.!] )If they (split|were split|divided|were divided) into (\d+) (teams|groups),? "
        r"(?=how many )",
        r"They \1 into \2 \3. ",
        text,
    )
    # "If she gives 6 away, how many ...?": the condition is a statement of the problem,
    # read (or not) like any other sentence; the question follows it.
    text = _IF_QUESTION.sub(_split_condition, text)
    # "How much would 136 pencils cost if each pencil costs 18 cents?": the condition after
    # the question is a statement too, read before it.
    text = _IF_AFTER.sub(_move_condition, text)
    # "and by the end of the day he had 8 left": a sentence of its own
    text = re.sub(
        r",? and (by|at) the end of the day (he|she|they) ",
        lambda m: f". {m.group(1).capitalize()} the end of the day {m.group(2)} ",
        text,
    )
    text = re.sub(r"(?:(?<=^)|(?<=[.!?] ))how\b", "How", text)
    # "There were 7 friends playing a video game online when 2 more players joined the
    # game": those playing are players too, and the ones who joined came after them.
    text = re.sub(
        r"(?:(?<=^)|(?<=[.!] ))There (were|are) (\d+) (?:friends|kids|children|people|students|"
        r"boys|girls) playing (?:a|an|the) [a-z]+(?: [a-z]+){0,2} when (\d+) more players "
        r"(joined|join)(?: (?:the|their) game)?\.",
        r"There \1 \2 players. \3 more players \4.",
        text,
    )
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
    # "There school's baseball team had 31 new players": the school's team ("There" for
    # "Their", a typo), named by what it is.
    text = re.sub(r"(?:(?<=^)|(?<=[.!] ))(?:There|Their) [a-z]+'s ([a-z]+ team) (?=had|has)",
                  r"The \1 ", text)  # fmt: skip
    # "Paul was collecting cans for recycling.": what he was doing, no number of anything
    # (the name stands for the pronoun of the next sentence)
    text = re.sub(
        r"(?:(?<=^)|(?<=[.!] ))([A-Z][a-z]+) (?:was|is) (?:collecting|gathering) [a-z]+"
        r"(?: for [a-z]+)?\. ((?:On [A-Z][a-z]+ )?)(?:he|she|He|She) ",
        r"\2\1 ",
        text,
    )
    # "On Saturday he filled 6 bags up and on Sunday he filled 3 more": two days, two
    # sentences ("up" completes "filled", it counts nothing)
    text = re.sub(r"\b(filled|fills) (\d+) ([a-z]+) up\b", r"\1 \2 \3", text)
    text = re.sub(
        r"(?<=[a-z]) and on (Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday) "
        r"(he|she|they) ",
        r". On \1 \2 ",
        text,
    )
    # "Rachel bought two coloring books. One had 24 pictures and the other had 39.": the
    # pictures of coloring books are a job of coloring them
    text = re.sub(
        r"(?:(?<=^)|(?<=[.!] ))([A-Z][a-z]+) (?:bought|got|has|had) 2 coloring books\. "
        r"(?:One|1) had (\d+) pictures and the other had (\d+)(?: pictures)?\.",
        r"\1 needed to color \2 pictures and \3 pictures.",
        text,
    )
    # "After 1 week she had already colored 4 of the pictures": what is done of the job;
    # when it was done does not change how much
    text = re.sub(
        r"(?:(?<=^)|(?<=[.!] ))After (?:1|a) (?:week|day),? (he|she|they) (?=had already [a-z]+ed "
        r"\d+ of the )",
        lambda m: f"{m.group(1).capitalize()} ",
        text,
    )
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
    # "bought 8 tickets for herself and her friends and 2 extra tickets in case anyone else
    # wanted to go": whom for and what if, with no number, change nothing of the count
    text = re.sub(
        r"(?<=\d )([a-z]+) for (?:himself|herself|themselves)(?: and (?:his|her|their) "
        r"(?:friends|family|brother|sister|parents|cousins))?\b",
        r"\1",
        text,
    )
    text = re.sub(
        r"(?<=[a-z]),? in case (?:anyone|someone|somebody) (?:else )?(?:wanted|wants) to "
        r"(?:go|come)(?=[.?!])",
        "",
        text,
    )
    # "There are 180 students and 60 seats on each school bus": a seat holds one of them
    text = re.sub(
        r"(?:(?<=^)|(?<=[.!] ))There (are|were) (\d+) ([a-z]+) and (\d+) seats (?:on|in) each "
        r"(?:[a-z]+ )?([a-z]+)\.",
        r"There \1 \2 \3. Each \5 holds \4 \3.",
        text,
    )
    # "each van can hold 8 people and there are 22 students and 2 adults going": two
    # statements; who is going is who there is
    text = re.sub(
        r"(?<=[a-z]) and there (are|were) (\d+ [a-z]+(?: and \d+ [a-z]+)?)(?: going)?\.",
        r". There \1 \2.",
        text,
    )
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
    # "While playing a trivia game, Adam answered ...": what he was doing, no number in it
    text = re.sub(
        r"(?:(?<=^)|(?<=[.!] ))While playing (?:an? |the )?[a-z]+(?: [a-z]+)?, (?=[A-Z][a-z]+ )",
        "",
        text,
    )
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
    # "6 treasures on the first level and 3 on the second": the same thing, the second level
    text = re.sub(
        r"\b(\d+) ([a-z]+) (on|in|during) the first ([a-z]+) and (\d+) (?:on|in|during) the "
        r"second(?: \4)?\b",
        r"\1 \2 \3 the first \4 and \5 \2 \3 the second \4",
        text,
    )
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
    # "uploaded 79 pictures to Facebook": where to, a name with no number
    text = re.sub(
        r"\b(uploaded|uploads|posted|posts) (\d+ [a-z]+) to [A-Z][a-z]+\b", r"\1 \2", text
    )
    # "There were 39 girls and 4 boys trying out for the school's team": what they were
    # doing it for, with no number, counts nobody more or less (where they are, "riding on
    # the bus", is a place and stays)
    text = re.sub(
        r"(?:(?<=^)|(?<=[.!] ))(There (?:are|were) \d+ [a-z]+(?: and \d+ [a-z]+)?) [a-z]+ing"
        r"(?: out| up)? for (?:the|a|an) [a-z' ]+\.",
        r"\1.",
        text,
    )
    # "A waiter at ' The Greasy Spoon ' restaurant had 29 customers to wait on": the waiter,
    # whose customers they are
    text = re.sub(
        r"(?:(?<=^)|(?<=[.!] ))An? ([a-z]+) at ' [A-Z][A-Za-z ]* ' [a-z]+ (had|has) (\d+) "
        r"customers to wait on\.",
        r"The \1 \2 \3 customers.",
        text,
    )
    # "a song book which was $ 5.84": bought for that price
    text = re.sub(
        r"\b(a|an) ([a-z]+(?: [a-z]+)?) which (?:was|cost|costs|is) (\d+(?:\.\d+)? dollars)\b",
        r"\1 \2 for \3",
        text,
    )
    # "At Billy's Restaurant a group with 2 adults and 5 children came in to eat. If each
    # meal cost 3 dollars, how much was the bill?": each one who came in to eat had a meal
    text = re.sub(
        r"(?:(?<=^)|(?<=[.!] ))(?:At [A-Z][a-z]+'s [A-Z][a-z]+,? )?[Aa] group (?:with|of) "
        r"(\d+) adults and (\d+) (?:children|kids) came in to eat\. Each meal (?:cost|costs) "
        r"(\d+(?:\.\d+)?) dollars\. How much was the bill\?$",
        r"The group bought \1 adult meals and \2 child meals. Each meal costs \3 dollars. How "
        r"much did the group spend?",
        text,
    )
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
    # "added 0.3 cup of raisins to a batch of trail mix": where to, with no number
    text = re.sub(r"(?<=[a-z]) to a batch of [a-z]+(?: [a-z]+)?(?=[.,])", "", text)
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
    return text


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


# --------------------------------------------------------------------------- grammar pieces

_FUNCTION = (
    "and|in|of|with|each|every|per|more|than|left|now|to|from|for|at|on|the|a|an|all|total|"
    "together|altogether|is|are|was|were|has|have|had|does|do|did|as|many|much|fewer|less|"
    "his|her|their|them|it|by|this|that|there|how|old|then|combined|times|twice|half|if|"
    "still|some|after|before|first|begin|start|end|will|would|can|could|so|but|or|its|our|"
    "currently|today|tomorrow|yesterday|tonight|already|only|just|exactly|also|again|ago|"
    "another|other|others|must|should|might|may|shall|back|last|next|during|while|when|"
    "though|too"
)
_WORD = rf"(?!(?:{_FUNCTION})\b)[a-z]+"
#: Nouns that end in "-ing"; any other "-ing" word after a unit's first word starts a
#: phrase of how ("19 dollars mowing lawns"), never a part of the unit.
_ING_NOUNS = (
    "thing|things|string|strings|ring|rings|wing|wings|king|kings|swing|swings|spring|"
    "springs|clothing|frosting|icing|stuffing|filling|fillings|pudding|puddings|topping|"
    "toppings|building|buildings|painting|paintings|drawing|drawings|earring|earrings|"
    "sibling|siblings|seedling|seedlings|dumpling|dumplings|sapling|saplings|duckling|"
    "ducklings|stocking|stockings|serving|servings|helping|helpings|recording|recordings|"
    "seating|ceiling|ceilings|pudding|bedding|railing|railings|sling|slings|shilling|"
    "shillings|morning|mornings|evening|evenings|wedding|weddings|meeting|meetings|"
    "reading|readings|writing|writings|setting|settings|opening|openings|crossing|"
    "crossings|ending|endings|cutting|cuttings|shaving|shavings|lining|linings|awning|"
    "awnings|siding|housing|parking|dressing|dressings|seasoning|seasonings|icing|casing|"
    "casings|coating|coatings|sprinkling|wrapping|wrappings|packing|bowling|sewing|baking"
)
#: Prepositions that end in "-ing": never a verb of a phrase of how.
_ING_PREPOSITIONS = "during|according|including|regarding|following|concerning|excluding"
_LATER_WORD = (
    rf"(?!(?:{_FUNCTION})\b)(?!(?!(?:{_ING_NOUNS})\b)[a-z]{{3,}}ing\b)[a-z]+\b"
    # nor the noun of a phrase of how ("26 dollars weed eating")
    rf"(?! (?!(?:{_ING_NOUNS}|{_FUNCTION}|{_ING_PREPOSITIONS})\b)[a-z]{{3,}}ing\b)"
)
#: "old" is a function word ("how old"), yet "42 old cards" are cards.
UNIT = rf"(?:old (?={_WORD}))?{_WORD}(?: {_LATER_WORD}){{0,2}}"
_W2 = rf"{_WORD}(?: {_WORD})?"
NUM = r"\d+(?:\.\d+)?(?:/[1-9]\d*)?"
ENT = (
    r"(?:[A-Z][a-z]+(?:'s [a-z]+)?|(?:his|her|their|the|your) "
    + _WORD
    + r"(?: "
    + _WORD
    + r")?|he|she|him|her|they|them|you)"
)
FRAC = "|".join(sorted((re.escape(k) for k in FRACTION_WORDS), key=len, reverse=True))

HAVE_V = (
    r"has|had|have|owns|owned|keeps|kept|starts with|started with|holds|held|has saved|"
    r"had saved|started out with|starts out with|has collected|have collected|had collected"
)
GAIN_V = (
    r"earns|earned|gets|got|finds|found|buys|bought|receives|received|picks|picked|collects|"
    r"collected|gains|gained|wins|won|makes|made|bakes|baked|catches|caught|saves|saved|adds|"
    r"added|grows|grew|borrows|borrowed|plants|planted|plant|will plant|prints|printed|scores|"
    r"scored|uploads|uploaded|downloads|downloaded|recycled|recycles|cooks|cooked|fills|filled"
)
LOSE_V = (
    r"uses|used|loses|lost|spends|spent|eats|ate|sells|sold|gives away|gave away|breaks|broke|"
    r"donates|donated|drops|dropped|throws away|threw away|drinks|drank|returns|returned|"
    r"gives up|gave up|pops|popped|mails|mailed|throws out|threw out|deletes|deleted|"
    r"hands out|handed out|gives out|gave out"
)
GIVE_V = r"gives|gave|hands|handed|sends|sent|passes|passed|lends|lent|buys|bought|brings|brought"
TALLY_V = (
    r"has|had|have|owns|collected|collects|picked|picks|scored|scores|saved|saves|read|reads|"
    r"caught|catches|baked|bakes|made|makes|found|finds|planted|plants|sold|sells|ate|eats|"
    r"weighs|weighed|ran|runs|walked|walks"
)
_ONE_TAIL = (
    r"(?: (?:at|in|on|from|to|for|over) (?:the|a|an|his|her|their|[A-Z][a-z]+'s) [a-z0-9]+(?:'s)?"
    r"(?: [a-z]+)?| during [a-z]+(?: [a-z]+)?| (?:before|after) [a-z]+| from (?:it|them)| today|"
    r" yesterday| later| the (?:first|second|third|next|last) (?:night|day|week|time)|"
    r" from (?:neighbors|friends|family|relatives|classmates|parents|grandparents)|"
    # what for: "for washing clothes", "for mowing lawns"
    r" for (?!(?:during|according|including)\b)[a-z]{2,}ing(?: [a-z]+)?|"
    r" tomorrow| the next day| the day after|"
    r" (?:this|last|next) (?:week|month|year|season|summer|winter|fall)|"
    r" on (?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)"
    # "made 19 dollars mowing lawns", "spent 11 dollars buying new blades": how, with no
    # number and no word of amount ("eating some of them" is a change of its own).
    r"| (?!(?:[a-z]+ )?(?:some|several|few|many|all|half|most|them|it|any|none|more|less)\b)"
    r"(?:(?!during\b)[a-z]+ )?(?!(?:during|according|including|regarding|following|"
    r"concerning|excluding)\b)[a-z]{2,}ing(?: (?!some\b|several\b|few\b|many\b|all\b|"
    r"half\b|most\b|them\b|it\b|any\b|none\b|more\b|less\b)[a-z]+){0,3})"
)
#: Where and when a change happened ("from the pear tree", "at the store in the mall"):
#: at most two such phrases, with no number in them.
_TAIL = rf"(?:{_ONE_TAIL}{_ONE_TAIL}?)?"
CHANGE_WORDS = re.compile(
    rf"\b(?:{GAIN_V}|{LOSE_V}|{GIVE_V}|some|several|few|many|rest|all|none|half|twice|double|"
    r"triple|more|less|fewer|times|percent|each|every|per)\b"
)

_PLACEHOLDER = re.compile(r"<(\w+):(E|N|U|F)>")


def _compile(template: str) -> re.Pattern[str]:
    kinds = {"E": ENT, "N": NUM, "U": UNIT, "F": FRAC}

    def sub(m: re.Match[str]) -> str:
        return f"(?P<{m.group(1)}>{kinds[m.group(2)]})"

    return re.compile("^" + _PLACEHOLDER.sub(sub, template) + "$")


# --------------------------------------------------------------------------- context


class Unreadable(Exception):
    """A sentence that matched a pattern but cannot be grounded (named reason)."""


@dataclass
class _Context:
    text: str  # the normalised problem
    offset: int  # start of the sentence body in the normalised text
    qids: dict[int, str]  # global start offset -> quantity id
    persons: list[str]
    entities: list[str]
    sentence: int
    last_subject: list[str] = field(default_factory=list)
    prefix_len: int = 0
    prefix_base: int = 0
    #: Places things were stated to be in ("There are 9 birds on the fence"), in order.
    locations: list[str] = field(default_factory=list)
    #: Units of what the read sentences hold, gain, lose or give (a question without a
    #: noun, "How many does she have?", asks for the one unit there is).
    units: set[str] = field(default_factory=set)
    #: Holders named by a common noun ("A pet store had 88 puppies", "A waiter had 19
    #: customers"): with no named person, the one such holder is what "he", "she" or
    #: "they" points to.
    holders: list[str] = field(default_factory=list)
    #: Containers a "pack" clause fills ("into cages with 8 in each cage").
    packs: set[str] = field(default_factory=set)
    #: (owner, unit) of every clause read so far, in any reading.
    owned: set[tuple[str, str]] = field(default_factory=set)
    #: (owner, unit) of holdings of the world ("There were 150 book shelves").
    owned_world: set[tuple[str, str]] = field(default_factory=set)
    #: The pair named together ("Haley and her friends were recycling paper"), if any.
    group: list[str] = field(default_factory=list)
    #: Containers some rate counts per ("5 cards on each page"): "How many pages would he
    #: use?" asks how many such containers the stock fills.
    fills: set[str] = field(default_factory=set)
    #: Time units of "takes 7 hours to paint" clauses ("how long" asks in the one there is).
    times: set[str] = field(default_factory=set)
    #: Verbs of the jobs stated ("needed to paint 12 rooms"): "He painted 5 rooms" is work
    #: done on that job.
    task_verbs: set[str] = field(default_factory=set)
    #: Units of the jobs stated ("9 short sleeve shirts and 27 long sleeve shirts").
    task_units: set[str] = field(default_factory=set)

    def group_ok(self) -> bool:
        """A pair was named together, and no other person is named."""
        return bool(self.group) and all(p in self.group for p in self.persons)

    def sole_holder(self) -> list[str] | None:
        if not self.persons and len(self.holders) == 1:
            return list(self.holders)
        return None

    def place(self, m: re.Match[str]) -> str:
        """The place a clause names, or the one place of the problem, or the world."""
        loc = m.groupdict().get("loc")
        if loc:
            if loc not in self.locations and len(loc.split()) == 2:
                # "off of the bus" after "on the school bus": the one place of that name
                named = [p for p in self.locations if p.endswith(" " + loc.split()[-1])]
                if len(named) == 1:
                    return named[0]
            return loc
        if len(self.locations) == 1:
            return self.locations[0]
        if self.locations:
            raise Unreadable("several places; the clause names none")
        if len(self.persons) == 1:
            # "Eva had 14 balloons. 8 of them popped.": the one owner of the problem.
            return self.persons[0]
        if self.persons:
            raise Unreadable("whose things changed is not said")
        return WORLD

    def at(self, pos: int) -> int:
        """Position in the normalised text of ``pos`` in the string being matched.

        A clause read with a borrowed prefix ("Tom buys " + "2 pencils") maps the prefix
        back to where it stands in the sentence, so its cues stay grounded."""
        if pos < self.prefix_len:
            return self.prefix_base + pos
        return self.offset + pos

    def q(self, m: re.Match[str], group: str) -> str:
        start = self.at(m.start(group))
        if start not in self.qids:
            raise Unreadable(f"number in group {group} is not a quantity")
        return self.qids[start]

    def cue(self, m: re.Match[str], group: str | int = 0) -> Cue:
        start = self.at(m.start(group))
        return Cue(m.group(group), start, start + len(m.group(group)))

    def pronoun(self, word: str) -> list[str]:
        gender = {"he": "m", "him": "m", "his": "m", "she": "f", "her": "f"}.get(word)
        sole = self.sole_holder()
        if sole is not None and gender is not None:
            return sole
        if gender is None:
            raise Unreadable(f"pronoun {word!r} has no single antecedent")
        found = [p for p in self.persons if NAME_GENDER.get(p, gender) == gender]
        if not found:
            raise Unreadable(f"pronoun {word!r} has no antecedent")
        if len(found) > 1 and self.group:
            # "Dora and Ian were organizing stamps. She ...": one of the pair, not said which
            # (a reading that cannot be grounded would not veto the other).
            raise Unreadable(f"pronoun {word!r} names one of a pair")
        return found

    def entity(self, mention: str) -> list[str]:
        low = mention.lower()
        if low in {"he", "him", "she", "her"}:
            return self.pronoun(low)
        if low == "you":
            return ["you"]  # the reader addressed: one person, never a pronoun of another
        if low in {"they", "them"}:
            sole = self.sole_holder()
            if sole is not None:
                return sole
            if self.group_ok():
                return [GROUP]
            raise Unreadable("plural pronoun")
        head, _, noun = mention.partition(" ")
        if head.lower() in {"his", "her"} and noun:
            return [f"{p}'s {noun}" for p in self.pronoun(head.lower())]
        if head.lower() == "their":
            raise Unreadable("plural possessive")
        if head.lower() == "the" and noun:
            matches = [e for e in self.entities if e.endswith(f"'s {noun}")]
            if len(matches) == 1:
                return matches
            if len(matches) > 1:
                return matches
            return [f"the {noun}"]
        return [mention]

    def register(self, entity: str) -> None:
        if entity not in self.entities:
            self.entities.append(entity)
        if re.fullmatch(r"[A-Z][a-z]+", entity) and entity not in self.persons:
            self.persons.append(entity)


def _unit(text: str | None) -> str | None:
    if text is None:
        return None
    if text == "money":  # "half of her money": money is counted in dollars here
        return "dollar"
    words = text.split()
    head = singular(words[-1])
    return " ".join([*words[:-1], SYNONYMS.get(head, head)])


#: One name for one thing: "40 photos" and "12 pictures" are pictures alike (else a
#: distractor rule could set one of them aside as another unit).
SYNONYMS = {"photo": "picture", "photograph": "picture", "pic": "picture", "buck": "dollar"}


_Builder = Callable[[re.Match[str], _Context], list[list[Clause]]]


def _mk(kind: str, ctx: _Context, qids: list[str], cues: list[Cue], **args: Any) -> Clause:
    return Clause(kind, ctx.sentence, dict(args), tuple(qids), tuple(cues))


def _product(*options: list[str]) -> Iterator[tuple[str, ...]]:
    return itertools.product(*options)


# --------------------------------------------------------------------------- clause shapes
# The shapes many builders share. Each grounds its number (group ``n``) with ``ctx.q``
# before its cue, as the builders always did, so a sentence that fails to ground fails
# with the same note.


def _stated(kind: str, m: re.Match[str], ctx: _Context, n: str, cue: str, **args: Any) -> Clause:
    """A clause on the one number in group ``n`` (its ``q``), cued by ``cue``."""
    q = ctx.q(m, n)
    return _mk(kind, ctx, [q], [ctx.cue(m, cue)], **args, q=q)


def _held(
    kind: str,
    m: re.Match[str],
    ctx: _Context,
    owner: str,
    n: str,
    cue: str,
    unit: str | None,
    **extra: Any,
) -> Clause:
    """``owner`` has (gains, loses, ...) the number in group ``n`` of ``unit``, cued by ``cue``."""
    q = ctx.q(m, n)
    return _mk(kind, ctx, [q], [ctx.cue(m, cue)], entity=owner, unit=unit, q=q, **extra)


def _rate(
    m: re.Match[str],
    ctx: _Context,
    n: str,
    cue: str,
    unit: str | None,
    per: str | None,
    owner: str | None = None,
    also: tuple[str, ...] = (),
    **extra: Any,
) -> Clause:
    """The number in group ``n`` of ``unit`` per ``per`` ("each box holds 4 pens"); the
    numbers in groups ``also`` ground the clause too. ``owner`` None: anyone's rate."""
    q = ctx.q(m, n)
    qids = [q, *(ctx.q(m, g) for g in also)]
    if per is not None:
        ctx.fills.add(per)
    return _mk("rate", ctx, qids, [ctx.cue(m, cue)], unit=unit, per=per, q=q, owner=owner, **extra)


def _rel(
    m: re.Match[str],
    ctx: _Context,
    entity: str,
    base: str,
    qids: list[str],
    cues: tuple[str, str],
    op: str,
    factor: Fraction | None,
) -> Clause:
    """``entity`` compared with ``base``: ``base op q`` (or ``base * factor`` without a q);
    an unstated unit is an age in years."""
    return _mk(
        "rel",
        ctx,
        qids,
        [ctx.cue(m, cues[0]), ctx.cue(m, cues[1])],
        entity=entity,
        unit=_unit(m.groupdict().get("u")) or "year",
        base=base,
        op=op,
        q=qids[0] if qids else None,
        factor=factor,
        verb=m.groupdict().get("tv"),
    )


def _pairs(m: re.Match[str], ctx: _Context, first: str, second: str) -> list[tuple[str, str]]:
    """The readings of two mentions as two different entities: one cannot be both."""
    return [(a, b) for a, b in _product(ctx.entity(m[first]), ctx.entity(m[second])) if a != b]


# --------------------------------------------------------------------------- clause builders


def _b_joint(m: re.Match[str], ctx: _Context) -> list[list[Clause]]:
    return [
        [_stated("joint", m, ctx, "n", "w", entities=sorted([a, b]), unit=_unit(m["u"]))]
        for a, b in _pairs(m, ctx, "a", "b")
    ]


def _b_container(m: re.Match[str], ctx: _Context) -> list[list[Clause]]:
    kind = "gain" if m["v"] in {"buys", "bought"} else "have"
    c = _unit(m["c"])
    return [
        [_held(kind, m, ctx, e, "m", "v", c), _rate(m, ctx, "n", "w", _unit(m["u"]), per=c)]
        for e in ctx.entity(m["e"])
    ]


def _b_container_coord(m: re.Match[str], ctx: _Context) -> list[list[Clause]]:
    c = _unit(m["c"])
    out = []
    for e in ctx.entity(m["e"]):
        have = _held("have", m, ctx, e, "m", "v", c)
        r1 = _rate(m, ctx, "n1", "w", _unit(m["u1"]), per=c)
        r2 = _rate(m, ctx, "n2", "w", _unit(m["u2"]), per=c)
        own2 = _held("have", m, ctx, e, "n2", "and", _unit(m["u2"]))
        out.append([have, r1, r2])
        if not m.groupdict().get("each"):
            # "3 boxes with 4 pens and 2 pencils": the pencils may be in every box or beside them.
            out.append([have, r1, own2])
    return out


def _b_rate_pair(m: re.Match[str], ctx: _Context) -> list[list[Clause]]:
    return [
        [
            _rate(m, ctx, "n1", "d1", _unit(m["u1"]), per=_unit(m["c1"])),
            _rate(m, ctx, "n2", "d2", _unit(m["u2"]), per=_unit(m["c2"])),
        ]
    ]


def _b_rate(m: re.Match[str], ctx: _Context) -> list[list[Clause]]:
    also = ("one",) if m.groupdict().get("one") and m["one"][0].isdigit() else ()
    # "Each pen costs 3 dollars" prices a pen; it does not put dollars in it.
    role = "price" if (m.groupdict().get("rv") or "").startswith("cost") else "content"
    per = _unit(m["c"])
    if per == "one":
        # "each one costs 5 dollars": each of the one thing the problem counts
        units = sorted(u for u in ctx.units - {"?", "dollar", "cent"})
        if len(units) != 1:
            raise Unreadable("'each one' with no single thing it counts")
        per = units[0]
        return [[_rate(m, ctx, "n", "d", _unit(m["u"]), per, also=also, role=role)]]
    out = [[_rate(m, ctx, "n", "d", _unit(m["u"]), per, also=also, role=role)]]
    owner = f"the {m['c']}"
    if m.re is _THERE_RATE and m["d"] in {"a", "an"}:
        # "There are 20 cookies on a plate": the plate, when the problem names it again
        # ("left on the plate", "in the box"); otherwise so many on each ("10 stickers on
        # a page"), or (in a container) either reading (below).
        if re.search(rf"\b{owner}\b", ctx.text[ctx.at(m.end()) :], re.IGNORECASE):
            if owner not in ctx.locations:
                ctx.locations.append(owner)
            return [[_held("have", m, ctx, owner, "n", "d", _unit(m["u"]))]]
        if m.groupdict().get("on"):
            return out
    if m.re is _THERE_RATE and m["d"] in {"a", "an"} and _unit(m["c"]) not in CONTINUOUS_UNITS:
        # "There are 88 candies in a box": so many per box, or the one box that holds
        # them ("Diana takes 6 candies out of the box"); both readings go to the readers.
        # Never for a measure ("60 minutes in an hour" is a conversion).
        if owner not in ctx.locations:
            ctx.locations.append(owner)
        out.append([_held("have", m, ctx, owner, "n", "d", _unit(m["u"]))])
    return out


def _b_rate_owner(m: re.Match[str], ctx: _Context) -> list[list[Clause]]:
    # Earnings add to money already held; other activity rates do not.
    accrue = {"earns", "makes", "saves", "gets", "earned", "made", "saved", "got"}
    role = "accrue" if m["rv"] in accrue else "content"
    return [
        [_rate(m, ctx, "n", "d", _unit(m["u"]), _unit(m["c"]), owner=e, role=role)]
        for e in ctx.entity(m["e"])
    ]


def _b_rate_for_days(m: re.Match[str], ctx: _Context) -> list[list[Clause]]:
    per = _unit(m["c2"])
    if m["c"] and _unit(m["c"]) != per:
        raise Unreadable("so much per one span, for a number of another")
    cue = "d" if m["d"] else "f"
    return [
        [
            _rate(m, ctx, "n", cue, _unit(m["u"]), per, owner=e, role="content"),
            _held("have", m, ctx, e, "m", "f", per),
        ]
        for e in ctx.entity(m["e"])
    ]


def _b_motion_in_time(m: re.Match[str], ctx: _Context) -> list[list[Clause]]:
    """'Tammy drove 55 miles in 1 hour': so much way per hour (55 / 1)."""
    per = _unit(m["c"])
    if m["w"]:
        owners = ["the " + m["w"]]
        if owners[0] not in ctx.holders:
            ctx.holders.append(owners[0])
    else:
        owners = ctx.entity(m["e"])
    return [
        [_rate(m, ctx, "n", "in", _unit(m["u"]), per, owner=e, also=("m",), verb=m["v"])]
        for e in owners
    ]


def _set_pair(m: re.Match[str], ctx: _Context) -> None:
    pairs = _pairs(m, ctx, "a", "b")
    if len(pairs) != 1:
        raise Unreadable("the pair is not two single people")
    ctx.group = sorted(pairs[0])
    for e in ctx.group:
        if e not in ctx.entities:
            ctx.entities.append(e)


def _b_pair(m: re.Match[str], ctx: _Context) -> list[list[Clause]]:
    """A pair named together: "they" is the two of them from here on. Nothing is counted."""
    _set_pair(m, ctx)
    return [[_mk("pair", ctx, [], [ctx.cue(m, "v")], entities=list(ctx.group))]]


def _b_pair_buying(m: re.Match[str], ctx: _Context) -> list[list[Clause]]:
    _set_pair(m, ctx)
    return [
        [
            _mk("pair", ctx, [], [ctx.cue(m, "v")], entities=list(ctx.group)),
            _rate(m, ctx, "n", "d", _unit(m["u"]), _unit(m["c"]), role="price"),
        ]
    ]


def _b_for_every(m: re.Match[str], ctx: _Context) -> list[list[Clause]]:
    """'For every 3 pounds they recycled they earned 1 point': 1 point per 3 pounds."""
    return [[_rate(m, ctx, "n", "d", _unit(m["u"]), _unit(m["c"]), also=("k",), role="content")]]


def _b_discovered_part(m: re.Match[str], ctx: _Context) -> list[list[Clause]]:
    units = sorted(ctx.units - {"?"})
    if len(units) != 1:
        raise Unreadable("part of what is not said")
    q = ctx.q(m, "k")
    return [[_mk("part", ctx, [q], [ctx.cue(m, "w")], entity=None, unit=units[0], q=q,
                 quality=m["w"])]]  # fmt: skip


def _b_invited(m: re.Match[str], ctx: _Context) -> list[list[Clause]]:
    if m["w"]:
        owner = "the " + m["w"]
        for where in (ctx.holders, ctx.locations):
            if owner not in where:
                where.append(owner)
        owners = [owner]
    else:
        owners = ctx.entity(m["e"])
    return [[_held("have", m, ctx, e, "n", "v", _unit(m["u"]))] for e in owners]


def _b_containers_held_each(m: re.Match[str], ctx: _Context) -> list[list[Clause]]:
    return [[_rate(m, ctx, "n", "d", _unit(m["u"]), _unit(m["c"]))]]


def _b_has_to_buy(m: re.Match[str], ctx: _Context) -> list[list[Clause]]:
    out = []
    for e in ctx.entity(m["e"]):
        paid = _mk("paid", ctx, [ctx.q(m, "m")], [ctx.cue(m, "v")], entity=e,
                   q=ctx.q(m, "m"), money="dollar")  # fmt: skip
        bought = _mk(
            "purchase_total", ctx, [ctx.q(m, "n")], [ctx.cue(m, "d")], entity=e,
            unit=_unit(m["c"]), q=None, cost=ctx.q(m, "n"), money=_unit(m["u"]),
        )  # fmt: skip
        out.append([paid, bought])
    return out


def _b_times(m: re.Match[str], ctx: _Context) -> list[list[Clause]]:
    """Visits counted ("went to the store 3 times"): never a holding a distractor rule may
    set aside, since what each visit brought is not said."""
    return [[_held("visits", m, ctx, e, "n", "t", "time")] for e in ctx.entity(m["e"])]


def _b_divided_among(m: re.Match[str], ctx: _Context) -> list[list[Clause]]:
    return [[_mk("divide", ctx, [], [ctx.cue(m, "v")], unit=_unit(m["u"]), per=_unit(m["c"]))]]


def _b_holds_on_each(m: re.Match[str], ctx: _Context) -> list[list[Clause]]:
    unit = _unit(m.groupdict().get("u"))
    if unit is None:
        heads = {u.split()[-1] for u in ctx.units - {"?"}}
        if len(heads) != 1:
            raise Unreadable("holds so many of what is not said")
        unit = heads.pop()
    return [[_rate(m, ctx, "n", "d", unit, _unit(m["c"]))]]


def _b_split_groups_of(m: re.Match[str], ctx: _Context) -> list[list[Clause]]:
    ctx.entity(m["e"])
    return [[_rate(m, ctx, "n", "d", _unit(m["u"]), _unit(m["c"]))]]


def _b_rate_of_owner(m: re.Match[str], ctx: _Context) -> list[list[Clause]]:
    """A rate the owner keeps things in ("with 5 on each page"); the scene is the owner's."""
    ctx.entity(m["e"])  # the owner must resolve (a pronoun with no antecedent is not read)
    return [[_rate(m, ctx, "n", "d", _unit(m["u"]), _unit(m["c"]))]]


def _b_task(m: re.Match[str], ctx: _Context) -> list[list[Clause]]:
    """'A painter needed to paint 12 rooms', 'A new building needed 14 windows': a job of so
    many things, to be done (with the verb, when stated)."""
    verb = m.groupdict().get("tv")
    if verb:
        ctx.task_verbs.add(verb)
    clauses = [_held("task", m, ctx, TASK, "n", "v", _unit(m["u"]), verb=verb)]
    if m.groupdict().get("n2"):
        clauses.append(_held("task", m, ctx, TASK, "n2", "v", _unit(m["u2"]), verb=verb))
    for c in clauses:
        ctx.task_units.add(str(c.args["unit"]))
    return [clauses]


def _b_need(m: re.Match[str], ctx: _Context) -> list[list[Clause]]:
    unit = _unit(m["u"])
    return [[_held("need", m, ctx, e, "n", "v", unit)] for e in ctx.entity(m["e"])]


def _b_have_but_need(m: re.Match[str], ctx: _Context) -> list[list[Clause]]:
    unit = _unit(m["u"])
    return [
        [_held("have", m, ctx, e, "n", "v", unit), _held("need", m, ctx, e, "k", "v2", unit)]
        for e in ctx.entity(m["e"])
    ]


def _b_done_but_needed(m: re.Match[str], ctx: _Context) -> list[list[Clause]]:
    unit = _unit(m["u"])
    ctx.entity(m["e"])  # the subject must resolve
    ctx.task_units.add(str(unit))
    return [
        [
            _held("done", m, ctx, TASK, "k", "dv", unit, verb=None),
            _held("task", m, ctx, TASK, "n", "v", unit, verb=None),
        ]
    ]


def _b_used_on_each(m: re.Match[str], ctx: _Context) -> list[list[Clause]]:
    """'She used 5 cups of flour on each one': per thing of the one job ("each one")."""
    ctx.entity(m["e"])
    per = _unit(m.groupdict().get("c"))
    if per is None:
        if len(ctx.task_units) != 1:
            raise Unreadable("'each one' with no single thing it counts")
        per = next(iter(ctx.task_units))
    return [[_rate(m, ctx, "n", "d", _unit(m["u"]), per)]]


def _b_task_more(m: re.Match[str], ctx: _Context) -> list[list[Clause]]:
    """'another 15 were turned in': more of the one job."""
    if not ctx.task_units:
        raise Unreadable("more of a job that was not stated")
    return [[_held("task_more", m, ctx, TASK, "n", "v", _unit(m.groupdict().get("u")))]]


def _past_of(verb: str) -> frozenset[str]:
    """Regular past forms of ``verb`` ("paint" -> "painted", "bake" -> "baked")."""
    forms = {verb + "ed", verb + "d"}
    if verb.endswith("y"):
        forms.add(verb[:-1] + "ied")
    if len(verb) >= 3 and verb[-1] not in "aeiouwxy" and verb[-2] in "aeiou":
        forms.add(verb + verb[-1] + "ed")
    return frozenset(forms)


def _b_done(m: re.Match[str], ctx: _Context) -> list[list[Clause]]:
    """'The builder had already installed 5 of them': so much of the job is done."""
    if m.re is _DONE_PLAIN and not any(m["dv"] in _past_of(v) for v in ctx.task_verbs):
        raise Unreadable("a past verb that is not the job's")
    unit = _unit(m.groupdict().get("u"))
    return [[_held("done", m, ctx, TASK, "k", "dv", unit, verb=m["dv"])]]


def _b_time_each(m: re.Match[str], ctx: _Context) -> list[list[Clause]]:
    """'Each room takes 7 hours to paint', 'it takes 4 hours to install each window': so
    much time per thing, for that verb."""
    per = _unit(m["c"])
    tu = _unit(m["tu"])
    if tu not in _TIME_UNITS:
        raise Unreadable("a time per thing is counted in hours, minutes or seconds")
    ctx.times.add(str(tu))
    also = ("one",) if m.groupdict().get("one") and m["one"][0].isdigit() else ()
    return [[_rate(m, ctx, "n", "tk", tu, per, also=also, role="content", verb=m["tv"])]]


def _b_activity(m: re.Match[str], ctx: _Context) -> list[list[Clause]]:
    return [[_held("have", m, ctx, e, "m", "v", _unit(m["c"]))] for e in ctx.entity(m["e"])]


def _b_buy_total(m: re.Match[str], ctx: _Context) -> list[list[Clause]]:
    c = _unit(m["c"])
    qm = ctx.q(m, "m") if m.groupdict().get("m") else None
    out = []
    for e in ctx.entity(m["e"]):
        qids = [x for x in (qm, ctx.q(m, "n")) if x]
        out.append(
            [
                _mk(
                    "purchase_total",
                    ctx,
                    qids,
                    [ctx.cue(m, "v"), ctx.cue(m, "d")],
                    entity=e,
                    unit=c,
                    q=qm,
                    cost=ctx.q(m, "n"),
                    money=_unit(m["u"]),
                )
            ]
        )
    return out


def _b_pays(m: re.Match[str], ctx: _Context) -> list[list[Clause]]:
    return [
        [
            _mk(
                "paid",
                ctx,
                [ctx.q(m, "n")],
                [ctx.cue(m, "v")],
                entity=e,
                q=ctx.q(m, "n"),
                money="dollar",
            )
        ]
        for e in ctx.entity(m["e"])
    ]


def _b_give(m: re.Match[str], ctx: _Context) -> list[list[Clause]]:
    # "gave Tim 13 of the seashells": the partitive names the unit; "of them" leaves it
    # to the giver's one unit.
    unit = _unit(m.groupdict().get("u") or m.groupdict().get("u2"))
    return [
        [_stated("give", m, ctx, "n", "v", giver=a, taker=b, unit=unit)]
        for a, b in _pairs(m, ctx, "a", "b")
    ]


def _b_give_all(m: re.Match[str], ctx: _Context) -> list[list[Clause]]:
    """'Lisa gives all of her pencils to Gloria': the giver's whole stock moves."""
    cues = [ctx.cue(m, "v"), ctx.cue(m, "fx")]
    return [
        [_mk("give_frac", ctx, [], cues, giver=a, taker=b, unit=_unit(m["u"]), frac=Fraction(1))]
        for a, b in _pairs(m, ctx, "a", "b")
    ]


def _b_take_of_owner(m: re.Match[str], ctx: _Context) -> list[list[Clause]]:
    """'Keith bought 22 of Fred's cards', 'His sister borrowed 3 of his dimes': they move
    from the owner named to the subject."""
    owners = [m["a"]] if m["a"] else ctx.pronoun(m["pa"])
    unit = _unit(m["u"])
    return [
        [_stated("give", m, ctx, "n", "v", giver=a, taker=b, unit=unit)]
        for a in owners
        for b in ctx.entity(m["b"])
        if a != b
    ]


def _b_have_part(m: re.Match[str], ctx: _Context) -> list[list[Clause]]:
    unit = _unit(m["u"])
    return [
        [
            _held("have", m, ctx, e, "n", "v", unit),
            _mk("part", ctx, [ctx.q(m, "k")], [ctx.cue(m, "w")], entity=e, unit=unit,
                q=ctx.q(m, "k"), quality=m["w"]),
        ]
        for e in ctx.entity(m["e"])
    ]  # fmt: skip


def _b_attend(m: re.Match[str], ctx: _Context) -> list[list[Clause]]:
    unit = _unit(m["u"])
    out = []
    for e in ctx.entity(m["e"]):
        clauses = [_held("gain", m, ctx, e, "n", "v", unit)]
        if m["w"]:
            clauses.append(
                _mk("part", ctx, [ctx.q(m, "k")], [ctx.cue(m, "w")], entity=e, unit=unit,
                    q=ctx.q(m, "k"), quality="missed")
            )  # fmt: skip
        out.append(clauses)
    return out


_TIME_UNITS = frozenset({"hour", "minute", "second"})
_WAY_UNITS = frozenset({"mile", "kilometer", "meter", "yard", "foot", "lap", "block"})


def _b_motion(m: re.Match[str], ctx: _Context) -> list[list[Clause]]:
    unit, dist, per = _unit(m["u"]), _unit(m["u2"]), m["per"]
    if dist in _TIME_UNITS or (unit in _TIME_UNITS and unit != per):
        raise Unreadable("a speed is a distance per time")
    if unit not in _TIME_UNITS and unit != dist:
        raise Unreadable("the distance and the speed are in two units")
    return [
        [
            _held("have", m, ctx, e, "n", "v", unit),
            _rate(m, ctx, "k", "at", dist, per, owner=e, verb=m["v"]),
        ]
        for e in ctx.entity(m["e"])
    ]


def _b_each_have(m: re.Match[str], ctx: _Context) -> list[list[Clause]]:
    """'Mary, Sam, Keith, and Alyssa each have 6 cards': one holding per person named."""
    names = re.split(r",? and |, ", m["list"])
    if len(set(names)) != len(names):
        raise Unreadable("a person named twice")
    return [[_held("have", m, ctx, e, "n", "v", _unit(m["u"])) for e in names]]


def _fraction_of(m: re.Match[str], ctx: _Context) -> tuple[Fraction, list[str]]:
    if m.groupdict().get("f"):
        return FRACTION_WORDS[m["f"]], []
    if m.groupdict().get("p"):
        return Fraction(m["p"]) / 100, [ctx.q(m, "p")]
    raise Unreadable("no fraction")


def _b_frac_own(m: re.Match[str], ctx: _Context) -> list[list[Clause]]:
    frac, qids = _fraction_of(m, ctx)
    unit = _unit(m.groupdict().get("u"))
    cues = [ctx.cue(m, "v"), ctx.cue(m, "fx")]
    return [
        [_mk("lose_frac", ctx, qids, cues, entity=e, unit=unit, frac=frac)]
        for e in ctx.entity(m["e"])
    ]


def _b_frac_give(m: re.Match[str], ctx: _Context) -> list[list[Clause]]:
    frac, qids = _fraction_of(m, ctx)
    unit = _unit(m.groupdict().get("u"))
    cues = [ctx.cue(m, "v"), ctx.cue(m, "fx")]
    return [
        [_mk("give_frac", ctx, qids, cues, giver=a, taker=b, unit=unit, frac=frac)]
        for a, b in _pairs(m, ctx, "a", "b")
    ]


def _b_have(kind: str) -> _Builder:
    def build(m: re.Match[str], ctx: _Context) -> list[list[Clause]]:
        final = kind == "have" and bool(m.groupdict().get("fin"))
        gd = m.groupdict()
        # "lost 9 of the marbles": the partitive names the unit; "9 of them" leaves it
        # to the owner's one unit.
        unit = _unit(gd.get("u") or gd.get("u2"))
        return [
            [_held("have_final" if final else kind, m, ctx, e, "n", "v", unit)]
            for e in ctx.entity(m["e"])
        ]

    return build


def _b_give_each(m: re.Match[str], ctx: _Context) -> list[list[Clause]]:
    """'gives 3 apples to each of her 4 friends': 3 x 4 leave, to people who hold nothing."""
    unit = _unit(m["u"]) if m.groupdict().get("u") else None
    return [
        [
            _mk(
                "lose",
                ctx,
                [ctx.q(m, "n"), ctx.q(m, "k")],
                [ctx.cue(m, "v")],
                entity=e,
                unit=unit,
                q=ctx.q(m, "n"),
                times=ctx.q(m, "k"),
            )
        ]
        for e in ctx.entity(m["e"])
    ]


def _b_have_final_nounless(m: re.Match[str], ctx: _Context) -> list[list[Clause]]:
    return [
        [_held("have_final", m, ctx, e, "n", "v", None, nounless=True)] for e in ctx.entity(m["e"])
    ]


def _b_change_unknown(sign: str) -> _Builder:
    """Some (more) of a thing moved, the amount unsaid: only a question asking for that
    very amount, with the holding before and after it stated, reads it."""

    def build(m: re.Match[str], ctx: _Context) -> list[list[Clause]]:
        return _change_unknown(m, ctx, sign)

    return build


def _change_unknown(m: re.Match[str], ctx: _Context, sign: str) -> list[list[Clause]]:
    gd = m.groupdict()
    unit = _unit(gd.get("u") or gd.get("u2"))
    verb = m["v"].lower()
    out: list[tuple[str, str, str]] = []
    if gd.get("pos"):
        out += [(owner, owner, sign) for owner in ctx.pronoun(gd["pos"])]
    elif gd.get("b"):
        out += [(b, a, sign) for a, b in _pairs(m, ctx, "a", "b")]
    else:
        out += [(a, a, sign) for a in ctx.entity(m["a"])]
    return [
        [
            _mk("change_unknown", ctx, [], [ctx.cue(m, "v")], entity=owner, agent=agent,
                unit=unit, sign=sign, verb=verb)
        ]
        for owner, agent, sign in out
    ]  # fmt: skip


def _b_have_nounless(m: re.Match[str], ctx: _Context) -> list[list[Clause]]:
    kind = "have_final" if m["fin"] else "have"
    return [[_held(kind, m, ctx, e, "n", "v", None, nounless=True)] for e in ctx.entity(m["e"])]


def _b_all_but(m: re.Match[str], ctx: _Context) -> list[list[Clause]]:
    unit = _unit(m.groupdict().get("u"))
    return [[_held("all_but", m, ctx, e, "n", "v", unit, verb=m["v"])] for e in ctx.entity(m["e"])]


def _b_selling_for_each(m: re.Match[str], ctx: _Context) -> list[list[Clause]]:
    if m["w"]:
        holder = "the " + m["w"]
        if holder not in ctx.holders:
            ctx.holders.append(holder)
    else:
        ctx.entity(m["e"])
    return [[_rate(m, ctx, "n", "d", _unit(m["u"]), _unit(m["c"]), role="price")]]


def _fill_nounless(sentences: list[Sentence]) -> None:
    """A holding stated without a noun ("He started out with 39") counts the one thing the
    read clauses count; if they count several things (or none), its sentence is unread."""
    units = {
        c.args["unit"]
        for s in sentences
        for alt in s.alternatives
        for c in alt
        if isinstance(c.args.get("unit"), str) and c.kind != "rate"
    }
    for s in sentences:
        nounless = [c for alt in s.alternatives for c in alt if c.args.get("nounless")]
        if not nounless:
            continue
        heads = {u.split()[-1] for u in units}
        named = [u for u in units if " " in u]
        if len(units) > 1 and len(heads) == 1 and len(named) == 1:
            # "34 candy pieces ... her sister had 33 ... ate 4 pieces": the candy pieces
            units = set(named)
        if len(units) != 1:
            s.status, s.alternatives = "unread", []
            s.labels.append("a holding without a noun, and no single thing counted")
            continue
        owners = {c.args["entity"] for c in nounless if c.kind == "have"}
        if any(
            c.kind == "have" and c.args.get("entity") in owners
            for o in sentences
            if o is not s
            for alt in o.alternatives
            for c in alt
        ):
            # "Mia has 6 dolls. Mia has 36.": a second holding of hers, or more of them?
            s.status, s.alternatives = "unread", []
            s.labels.append("a holding without a noun of an owner already holding")
            continue
        for c in nounless:
            c.args["unit"] = next(iter(units))


def _kinds_of_question(sentences: list[Sentence], questions: list[Question]) -> None:
    """'How many children' over '28 girls and 35 boys': each clause counted in a kind of the
    question's noun (``KINDS_OF``) counts that kind of it ("girl child"), so the readers sum
    the kinds as they do "siamese cats and house cats"."""
    wanted = {q.args.get("unit") for q in questions}
    if len(wanted) != 1:
        return
    noun = next(iter(wanted))
    if not isinstance(noun, str) or noun not in KINDS_OF:
        return
    kinds = KINDS_OF[noun]
    for s in sentences:
        for alt in s.alternatives:
            for c in alt:
                unit = c.args.get("unit")
                if isinstance(unit, str) and unit.split()[-1] in kinds:
                    c.args["unit"] = f"{unit} {noun}"


def _kinds_of_rate(sentences: list[Sentence], questions: list[Question]) -> None:
    """'Each flower costs 6 dollars' beside '5 roses and 3 daisies', 'Each van can hold 8
    people' beside '22 students and 2 adults': a rate counts per (or counts) a noun of
    ``KINDS_OF``, and the problem's things are kinds of it; each is counted as that kind of
    it ("rose flower"), so the rate applies to all of them. Only when one such noun is rated,
    nothing is counted by that noun itself (the roses might be among "5 flowers"), and the
    question does not ask for one of the kinds."""
    rated = {
        v
        for s in sentences
        for alt in s.alternatives
        for c in alt
        if c.kind == "rate"
        for v in (c.args.get("per"), c.args.get("unit"))
        if isinstance(v, str) and v in KINDS_OF
    }
    if len(rated) != 1:
        return
    noun = next(iter(rated))
    kinds = KINDS_OF[noun]
    asked = {q.args.get("unit") for q in questions}
    if any(isinstance(u, str) and u.split()[-1] in kinds for u in asked):
        return
    clauses = [c for s in sentences for alt in s.alternatives for c in alt if c.kind != "rate"]
    if any(isinstance(c.args.get("unit"), str) and c.args["unit"].split()[-1] == noun
           for c in clauses):  # fmt: skip
        return
    for c in clauses:
        unit = c.args.get("unit")
        if isinstance(unit, str) and unit.split()[-1] in kinds:
            c.args["unit"] = f"{unit} {noun}"


def _b_age(m: re.Match[str], ctx: _Context) -> list[list[Clause]]:
    return [[_held("have", m, ctx, e, "n", "v", "year")] for e in ctx.entity(m["e"])]


def _b_have_unknown(m: re.Match[str], ctx: _Context) -> list[list[Clause]]:
    return [
        [_mk("have_unknown", ctx, [], [ctx.cue(m, "v")], entity=e, unit=_unit(m["u"]))]
        for e in ctx.entity(m["e"])
    ]


def _b_have_final_now(m: re.Match[str], ctx: _Context) -> list[list[Clause]]:
    unit = _unit(m["u"])
    return [[_held("have_final", m, ctx, e, "n", "v", unit)] for e in ctx.entity(m["e"])]


def _b_have_two(m: re.Match[str], ctx: _Context) -> list[list[Clause]]:
    return [
        [
            _held("have", m, ctx, e, "n1", "v", _unit(m["u1"])),
            _held("have", m, ctx, e, "n2", "v", _unit(m["u2"])),
        ]
        for e in ctx.entity(m["e"])
    ]


def _b_there(m: re.Match[str], ctx: _Context) -> list[list[Clause]]:
    total = bool(m.groupdict().get("tot"))
    owner = WORLD
    if m.groupdict().get("loc") and not total:
        # "There are 46 rulers in the drawer": the drawer holds them, like an owner.
        owner = re.sub(r"^(?:a|an) ", "the ", m["loc"])
        if owner not in ctx.locations:
            ctx.locations.append(owner)
    if m.groupdict().get("orig"):
        # "There were originally 57 apples in the jar", after a change: the start
        return [[_held("have", m, ctx, owner, "n", "v", _unit(m["u"]), total=total, original=True)]]
    return [[_held("have", m, ctx, owner, "n", "v", _unit(m["u"]), total=total)]]


def _b_place_have(m: re.Match[str], ctx: _Context) -> list[list[Clause]]:
    """'The shelf had 80 cans', 'A tin had 64 buttons': a place (or a holder named by a
    common noun) holds them; later changes and the question may name it "the tin"."""
    owner = "the " + (m["the"] or m["past"])
    if owner not in ctx.locations:
        ctx.locations.append(owner)
    if owner not in ctx.holders:
        ctx.holders.append(owner)
    verb = "v" if m["v"] else "v2"
    return [[_held("have", m, ctx, owner, "n", verb, _unit(m["u"]))]]


def _b_served(m: re.Match[str], ctx: _Context) -> list[list[Clause]]:
    owner = "the " + (m["the"] or m["past"])
    if owner not in ctx.holders:
        ctx.holders.append(owner)
    if owner not in ctx.locations:
        ctx.locations.append(owner)
    unit = _unit(m["u"])
    if m["u2"] and _unit(m["u2"]) != unit:
        raise Unreadable("two things served")
    clauses = [_held("tally", m, ctx, owner, "n", "v", unit)]
    if m["n2"]:
        clauses.append(_held("tally", m, ctx, owner, "n2", "v", unit))
    return [clauses]


def _b_place_have_two(m: re.Match[str], ctx: _Context) -> list[list[Clause]]:
    """'A pet store had 36 siamese cats and 18 house cats': two stocks of one holder."""
    owner = "the " + (m["the"] or m["past"])
    if owner not in ctx.locations:
        ctx.locations.append(owner)
    if owner not in ctx.holders:
        ctx.holders.append(owner)
    verb = "v" if m["v"] else "v2"
    return [
        [
            _held("have", m, ctx, owner, "n1", verb, _unit(m["u1"])),
            _held("have", m, ctx, owner, "n2", verb, _unit(m["u2"])),
        ]
    ]


def _b_have_of(m: re.Match[str], ctx: _Context) -> list[list[Clause]]:
    """'Beth has 4 packs of crayons': 4 crayon packs (never 4 crayons)."""
    kind = "gain" if m["v"] in {"buys", "bought"} else "have"
    unit = f"{_unit(m['u'])} {_unit(m['c'])}"
    return [[_held(kind, m, ctx, e, "n", "v", unit)] for e in ctx.entity(m["e"])]


def _b_there_two(m: re.Match[str], ctx: _Context) -> list[list[Clause]]:
    """'There are 9 pencils and 4 rulers in the drawer': two stocks of one place."""
    owner = WORLD
    if m["loc"]:
        owner = re.sub(r"^(?:a|an) ", "the ", m["loc"])
        if owner not in ctx.locations:
            ctx.locations.append(owner)
    return [
        [
            _held("have", m, ctx, owner, "n1", "v", _unit(m["u1"])),
            _held("have", m, ctx, owner, "n2", "v", _unit(m["u2"])),
        ]
    ]


def _b_there_two_places(m: re.Match[str], ctx: _Context) -> list[list[Clause]]:
    """'There are 43 pencils in the drawer and 19 pencils on the desk': two places."""
    if m["loc1"] == m["loc2"]:
        raise Unreadable("one place named twice")
    for loc in (m["loc1"], m["loc2"]):
        if loc not in ctx.locations:
            ctx.locations.append(loc)
    return [
        [
            _held("have", m, ctx, m["loc1"], "n1", "v", _unit(m["u1"])),
            _held("have", m, ctx, m["loc2"], "n2", "v", _unit(m["u2"])),
        ]
    ]


def _b_place_change(kind: str) -> _Builder:
    """'12 more birds landed in the tree', '8 of them popped': a change of a place's stock."""

    def build(m: re.Match[str], ctx: _Context) -> list[list[Clause]]:
        unit = _unit(m.groupdict().get("u") or m.groupdict().get("u2"))
        return [[_held(kind, m, ctx, ctx.place(m), "n", "v", unit)]]

    return build


def _b_workers(m: re.Match[str], ctx: _Context) -> list[list[Clause]]:
    """'Park workers will plant 37 bushes today and 25 bushes tomorrow': the place gains."""
    place = ctx.place(m)
    clauses = [_held("gain", m, ctx, place, "n", "v", _unit(m["u"]))]
    if m["n2"]:
        clauses.append(_held("gain", m, ctx, place, "n2", "v", _unit(m["u2"])))
    return [clauses]


def _b_share(m: re.Match[str], ctx: _Context) -> list[list[Clause]]:
    """'She shares them among 5 friends', 'puts 36 pens into 4 boxes': equal parts."""
    gd = m.groupdict()
    unit = _unit(gd.get("u") or gd.get("u2") or gd.get("u3"))
    out = []
    for e in ctx.entity(m["e"]):
        clauses = []
        if gd.get("n0"):
            clauses.append(_held("have", m, ctx, e, "n0", "v", unit))
        clauses.append(
            _mk("share", ctx, [ctx.q(m, "n")], [ctx.cue(m, "v")], entity=e, unit=unit,
                q=ctx.q(m, "n"), per=_unit(m["c"]))
        )  # fmt: skip
        out.append(clauses)
    return out


def _b_world_share(m: re.Match[str], ctx: _Context) -> list[list[Clause]]:
    if ctx.persons or ctx.holders or ctx.locations or ctx.group:
        raise Unreadable("'they' may be someone named, not all there is")
    return [
        [
            _mk("share", ctx, [ctx.q(m, "n")], [ctx.cue(m, "v")], entity=WORLD, unit=None,
                q=ctx.q(m, "n"), per=_unit(m["c"]))
        ]
    ]  # fmt: skip


def _b_share_rest(m: re.Match[str], ctx: _Context) -> list[list[Clause]]:
    """'the rest were put into 3 groups': what the one place (or owner) holds now, split."""
    owner = ctx.place(m)
    return [
        [
            _mk("share", ctx, [ctx.q(m, "n")], [ctx.cue(m, "v")], entity=owner, unit=None,
                q=ctx.q(m, "n"), per=_unit(m["c"]))
        ]
    ]  # fmt: skip


def _b_pack(m: re.Match[str], ctx: _Context) -> list[list[Clause]]:
    unit = _unit(m.groupdict().get("u") or m.groupdict().get("u2"))
    per = _unit(m["c"])
    ctx.packs.add(str(per))
    if m.groupdict().get("c2") and _unit(m["c2"]) != per:
        raise Unreadable("the containers are named two ways")
    return [
        [
            _mk("pack", ctx, [ctx.q(m, "n")], [ctx.cue(m, "v"), ctx.cue(m, "w")], entity=e,
                unit=unit, per=per, q=ctx.q(m, "n"))
        ]
        for e in ctx.entity(m["e"])
    ]  # fmt: skip


def _b_take_from(m: re.Match[str], ctx: _Context) -> list[list[Clause]]:
    """'Tim takes 25 rulers out of the drawer': the place gives them to the taker.

    With no place to take from ("Sam removes 3 apples"), the taker would be the giver:
    such a sentence does not say where the things go, so it is not read as a transfer."""
    place = ctx.place(m)
    gd = m.groupdict()
    unit = _unit(gd.get("u") or gd.get("u2"))
    out = [
        [_stated("give", m, ctx, "n", "v", giver=place, taker=e, unit=unit)]
        for e in ctx.entity(m["e"])
    ]
    if any(c.args["giver"] == c.args["taker"] for alt in out for c in alt):
        raise Unreadable("take_from_self: nothing is named to take from")
    return out


def _b_take_pictures(m: re.Match[str], ctx: _Context) -> list[list[Clause]]:
    """'took 15 pictures at the zoo and 18 at the museum': without a noun, only in a
    sentence about pictures ("Tom took 5" may be taken from anyone)."""
    if not m["u"]:
        start = ctx.prefix_base if ctx.prefix_len else ctx.offset
        end = ctx.text.find(".", start)
        sentence = ctx.text[start : end if end >= 0 else len(ctx.text)]
        if not re.search(r"\b(?:pictures|photos|photographs|pics)\b", sentence):
            raise Unreadable("took how many of what is not said")
    return _b_have("gain")(m, ctx)


def _b_pests(m: re.Match[str], ctx: _Context) -> list[list[Clause]]:
    if f"the {m['w']}" in ctx.entities:
        raise Unreadable("the eaters hold things of their own")
    return _b_place_change("lose")(m, ctx)


def _b_take_away(m: re.Match[str], ctx: _Context) -> list[list[Clause]]:
    """'Melissa has 70 oranges. John takes 19 away.': from the one other person who holds
    anything, to the taker; with no such single person the sentence is unread."""
    unit = _unit(m.groupdict().get("u"))
    out = []
    for e in ctx.entity(m["e"]):
        holders = [p for p in ctx.entities if p != e and p in ctx.persons]
        if len(holders) != 1:
            raise Unreadable("whose things were taken is not said")
        out.append([_stated("give", m, ctx, "n", "v", giver=holders[0], taker=e, unit=unit)])
    return out


def _b_put_into(m: re.Match[str], ctx: _Context) -> list[list[Clause]]:
    """'Dan puts 16 more pencils on the desk': the place gains them (from Dan's stock, if
    he has one)."""
    place = ctx.place(m)
    unit = _unit(m.groupdict().get("u"))
    return [
        [_stated("give", m, ctx, "n", "v", giver=e, taker=place, unit=unit)]
        for e in ctx.entity(m["e"])
    ]


def _b_rel_add(m: re.Match[str], ctx: _Context) -> list[list[Clause]]:
    op = "add" if m["d"] in {"more", "older", "taller", "heavier", "longer"} else "sub"
    return [
        [_rel(m, ctx, e, b, [ctx.q(m, "k")], ("d", "than"), op=op, factor=None)]
        for e, b in _pairs(m, ctx, "e", "b")
    ]


def _b_rel_add_elliptic(m: re.Match[str], ctx: _Context) -> list[list[Clause]]:
    """'Kenya has 48 more than Jose': the unit is the one thing the problem counts so far."""
    units = sorted(ctx.units - {"?"})
    if len(units) != 1:
        raise Unreadable("a comparison without a noun, and no single unit to give it")
    op = "add" if m["d"] == "more" else "sub"
    out = []
    for e, b in _pairs(m, ctx, "e", "b"):
        clause = _rel(m, ctx, e, b, [ctx.q(m, "k")], ("d", "than"), op=op, factor=None)
        clause.args["unit"] = units[0]
        out.append([clause])
    return out


def _b_rel_mul(
    m: re.Match[str], ctx: _Context, base: str | None = None, entity: str | None = None
) -> list[list[Clause]]:
    word = m["x"]
    qids: list[str] = []
    if word == "twice":
        factor = Fraction(2)
    elif word == "half":
        factor = Fraction(1, 2)
    elif word in FRACTION_WORDS:
        factor = FRACTION_WORDS[word]
    else:
        qids = [ctx.q(m, "k")]
        factor = None
    pairs = [(entity, base)] if entity and base else _pairs(m, ctx, "e", "b")
    return [[_rel(m, ctx, e, b, qids, ("x", "as"), op="mul", factor=factor)] for e, b in pairs]


def _b_rel_mul_elliptic(m: re.Match[str], ctx: _Context) -> list[list[Clause]]:
    """'Arthur baked 115 muffins. James baked 12 times as many.': no noun and no base; the
    base is the one other person, the unit the one thing the problem counts so far."""
    units = sorted(ctx.units - {"?"})
    if len(units) != 1:
        raise Unreadable("a comparison without a noun, and no single unit to give it")
    out = []
    for e in ctx.entity(m["e"]):
        others = [p for p in ctx.persons if p != e]
        if len(others) != 1:
            raise Unreadable("'as many' without 'as' needs exactly one other person")
        (clause,) = _b_rel_mul(m, ctx, base=others[0], entity=e)[0]
        clause.args["unit"] = units[0]
        out.append([clause])
    return out


def _b_subset(m: re.Match[str], ctx: _Context) -> list[list[Clause]]:
    frac, qids = _fraction_of(m, ctx)
    return [
        [
            _mk(
                "subset",
                ctx,
                [*qids, ctx.q(m, "n")],
                [ctx.cue(m, "fx"), ctx.cue(m, "v")],
                unit=_unit(m["u"]),
                part=m["w"],
                frac=frac,
                q=ctx.q(m, "n"),
            )
        ]
    ]


def _b_part_count(m: re.Match[str], ctx: _Context) -> list[list[Clause]]:
    return [
        [
            _mk("part_count", ctx, [ctx.q(m, "n")], [ctx.cue(m, "v")], unit=_unit(m["u"]),
                part=m["w"], q=ctx.q(m, "n"))
        ]
    ]  # fmt: skip


def _b_total(m: re.Match[str], ctx: _Context) -> list[list[Clause]]:
    return [[_stated("total", m, ctx, "n", "tot", unit=_unit(m["u"]), over=_unit(m["c"]))]]


def _b_buy_each(m: re.Match[str], ctx: _Context) -> list[list[Clause]]:
    gd = m.groupdict()
    for n, u in (("n", "u"), ("n2", "u2"), ("n3", "u3")):
        if gd.get(n):
            c = _unit(m["c"])
            return [
                [
                    _mk(
                        "purchase",
                        ctx,
                        [ctx.q(m, "m"), ctx.q(m, n)],
                        [ctx.cue(m, "v"), ctx.cue(m, "d")],
                        entity=e,
                        unit=c,
                        q=ctx.q(m, "m"),
                        price=ctx.q(m, n),
                        money=_unit(m[u]),
                    )
                ]
                for e in ctx.entity(m["e"])
            ]
    raise Unreadable("purchase without a price")


#: Where an owner keeps what it has ("in her bank", "on his desk", "in January"): the
#: owner still holds it.
_MONTHS = "January|February|March|April|May|June|July|August|September|October|November|December"
_OWN_PLACE = (
    r"(?: (?:currently |now )?(?:in|on|at|inside) (?:his|her|their|the|a|an|[A-Z][a-z]+'s)"
    r" [a-z0-9]+(?: [a-z]+)?"
    rf"| in (?:{_MONTHS})"
    # What the things are for does not change how many there are: "stored in boxes",
    # "that must be put away in boxes", "to put in the binder", "to wash", "for homework".
    r"| (?:stored|kept) in [a-z]+"
    r"| that (?:must|need to|needs to|have to|has to) be [a-z]+(?: [a-z]+){0,3}"
    r"| to (?!give\b|share\b|sell\b|spend\b)[a-z]+(?: on| for| with)?"
    r"(?: (?:in|on|into) (?:the|a|an|his|her|their) [a-z]+)?"
    r"| for (?:homework|school|class)"
    r"| from (?:[a-z]+ing|selling|doing) [a-z]+(?: [a-z]+)?)?"
)

#: What the things stated are doing where they are ("students trying out for the school's
#: trivia teams", "birds sitting on the fence"): no number and no word of amount.
_DOING = (
    r"(?: (?!(?:some|several|few|many|all|half|most|more|less|none|any)\b)[a-z]+ing"
    r"(?: out| up| around)?(?: (?:for|in|on|at|to|with) (?:the |a |an |his |her |their )?"
    r"(?:[a-z]+'s )?[a-z]+(?: [a-z]+)?)?)?"
)

#: Past forms and their verbs, for questions that put the verb in the past.
_PAST_BASE = {
    "drove": "drive", "flew": "fly", "walked": "walk", "hiked": "hike", "ran": "run",
    "rode": "ride", "swam": "swim", "sold": "sell", "made": "make", "baked": "bake",
    "picked": "pick", "collected": "collect", "read": "read", "ate": "eat", "found": "find",
    "caught": "catch", "grew": "grow", "won": "win", "scored": "score", "planted": "plant",
    "bought": "buy", "saved": "save", "earned": "earn",
}  # fmt: skip

#: Verbs of going a way, and the units a way is counted in.
_MOTION_V = (
    r"flew|drove|walked|hiked|ran|rode|swam|biked|jogged|sailed|traveled|travelled|sprinted|"
    r"strolled|walks|drives|flies|hikes|runs|rides|swims|bikes|jogs|travels"
)
_DISTANCE = (
    r"miles|mile|kilometers|kilometer|meters|meter|yards|yard|feet|foot|laps|lap|blocks|block"
)

#: "13 of the seashells", "26 of them": a part of what the giver holds.
_PART = r"(?:of (?:the|his|her|their) (?P<u2>" + UNIT + r")|of them)"

# "the rest" and "what is left" are the owner's current amount, like "them".
_OWN = r"(?:them|it|the rest|what is left|(?P<own>his|her|the) (?P<u>" + UNIT + r"))"
_RATE_VERB = (
    r"is worth|holds|has|contains|carries|costs|weighs|seats|can hold|can carry|gets|needs|uses|is|"
    r"equals|"
    r"takes|requires|"
    r"fits|can seat"
)
_SENTENCE_PATTERNS: list[tuple[str, str, _Builder]] = [
    (
        "joint",
        r"<a:E> and <b:E> (?:have|had|own|collected) <n:N> <u:U> (?P<w>together|in all|altogether|combined|in total)",  # noqa: E501
        _b_joint,
    ),
    (
        "container_coord_each",
        r"<e:E> (?P<v>"
        + HAVE_V
        + r") <m:N> <c:U> (?P<w>with) <n1:N> <u1:U> (?P<and>and) <n2:N> <u2:U> (?P<each>each|in each)",  # noqa: E501
        _b_container_coord,
    ),
    (
        "container_coord",
        r"<e:E> (?P<v>"
        + HAVE_V
        + r") <m:N> <c:U> (?P<w>with) <n1:N> <u1:U> (?P<and>and) <n2:N> <u2:U>",
        _b_container_coord,
    ),
    (
        "have_of",
        r"<e:E> (?P<v>" + HAVE_V + r"|buys|bought) <n:N> <c:U> of <u:U>" + _OWN_PLACE,
        _b_have_of,
    ),
    (
        "container",
        r"<e:E> (?P<v>"
        + HAVE_V
        + r"|buys|bought) <m:N> <c:U> (?P<w>of|with) <n:N> <u:U>(?: each| in each)?",
        _b_container,
    ),
    (
        "rate_pair",
        r"(?P<d1>each|every) <c1:U> (?:"
        + _RATE_VERB
        + r") <n1:N> <u1:U> and (?P<d2>each|every) <c2:U> (?:"
        + _RATE_VERB
        + r") <n2:N> <u2:U>",
        _b_rate_pair,
    ),
    (
        "rate_each",
        r"(?P<d>each|every|a|an|(?P<one>1)) <c:U> (?P<rv>" + _RATE_VERB + r") <n:N> <u:U>"
        r"(?: in it| inside(?: it)?| in each)?",
        _b_rate,
    ),
    (
        # "Each necklace cost 3 dollars", "Each dog had 5 puppies": past tense only after
        # each/every ("A pond had 45 frogs" is one pond).
        "rate_each_past",
        r"(?P<d>each|every) <c:U> (?P<rv>cost|had|held|contained|scored|earned|was worth) <n:N> "
        r"<u:U>"
        r"(?: in it| inside(?: it)?| on it)?",
        _b_rate,
    ),
    (
        # "A worksheet had 4 problems on it": so many on each.
        "rate_a_on_it",
        r"(?P<d>a|an) <c:U> (?P<rv>had|has|holds|held|contains|contained) <n:N> <u:U> "
        r"(?:on|in) it",
        _b_rate,
    ),
    (
        # "Each apple comes in a package of 11": so many per package.
        "rate_comes_in",
        r"(?P<d>each|every) <u:U> (?P<rv>comes|came) in (?:a|an) <c:U> of <n:N>",
        _b_rate,
    ),
    (
        "rate_there",
        r"there (?:are|is) <n:N> <u:U> (?:in|(?P<on>on)) (?P<d>each|every|a|an|(?P<one>1)) <c:U>",
        _b_rate,
    ),
    ("rate_cost_each", r"(?:the )?<c:U> (?P<rv>costs?) <n:N> <u:U> (?P<d>each|apiece)", _b_rate),
    (
        # "Mike worked 3 hours each day for 5 days", "Benny worked 3 hours for 6 days": so
        # much per day, and so many days.
        "rate_for_days",
        r"<e:E> (?P<rv>worked|works|practiced|practices|studied|studies|read|reads|ran|runs|"
        r"walked|walks|jogged|jogs|swam|swims|trained|trains|exercised|exercises) <n:N> <u:U>"
        r"(?: (?P<d>each|every|a|per) (?P<c>day|week|month|night))? (?P<f>for) <m:N> "
        r"(?P<c2>days|weeks|months|nights)",
        _b_rate_for_days,
    ),
    (
        # "Tammy drove 55 miles in 1 hour", "A car traveled 715 kilometers in 11 hours": a
        # speed.
        "motion_in_time",
        r"(?:<e:E>|(?:a|an|the) (?P<w>[a-z]+)) (?P<v>"
        + _MOTION_V
        + r") <n:N> (?P<u>"
        + _DISTANCE
        + r") (?P<in>in) <m:N> (?P<c>hours|hour|minutes|minute)",
        _b_motion_in_time,
    ),
    (
        # "It took Amanda 2 hours to stroll to Kimberly's house at 4 miles per hour".
        "took_time_at",
        r"it took <e:E> <n:N> <u:U> to (?P<v>[a-z]+) to (?:the |[A-Z][a-z]+'s )?[a-z]+ (?P<at>at) "
        r"<k:N> <u2:U> per (?P<per>hour|minute|second)",
        _b_motion,
    ),
    (
        # "It took Rachel 5 hours to get there".
        "took_time",
        r"it took <e:E> <n:N> (?P<u>hours|hour|minutes|minute) (?P<v>to get there|to get home|"
        r"to get to (?:the |[A-Z][a-z]+'s )?[a-z]+)",
        _b_have("have"),
    ),
    (
        # "It is 10 miles from Rachel's house to Nicholas's house": the way the first goes.
        "distance_between",
        r"it (?P<v>is|was) <n:N> (?P<u>" + _DISTANCE + r") from (?P<e>[A-Z][a-z]+)'s [a-z]+ to "
        r"(?:the |[A-Z][a-z]+'s )?[a-z]+",
        _b_have("have"),
    ),
    (
        # "Beka flew 873 miles to visit her aunt", "he hiked another 1.6 miles": a tally of
        # the way gone, under the verb that went it.
        "motion_tally",
        r"<e:E> (?P<v>"
        + _MOTION_V
        + r") (?:another )?<n:N> (?P<u>"
        + _DISTANCE
        + r")"
        + _TAIL
        + r"(?: to (?!give\b|share\b|sell\b)[a-z]+(?: (?:his|her|their|the|a|an) [a-z]+)?)?",
        _b_have("gain"),
    ),
    (
        # "Janet and her sister combined the candy they received": a pair, their things pooled.
        "pair_combined",
        r"<a:E> and <b:E> (?P<v>combined|pooled|put together) (?:the|their) <u:U>"
        r"(?: (?:they|that they) (?:received|got|collected|had))?",
        _b_pair,
    ),
    (
        # "Haley and her friends were recycling paper for their class": a pair at work.
        "pair_doing",
        r"<a:E> and <b:E> (?P<v>were|are) [a-z]+ing(?: [a-z]+){1,2}(?: for (?:their|the) [a-z]+)?",
        _b_pair,
    ),
    (
        # "Victor and his friend were buying trick decks from the magic shop for 8 dollars
        # each": a pair, and the price of each.
        "pair_buying",
        r"<a:E> and <b:E> (?:were|are) (?P<v>buying) <c:U>(?: from (?:the|a) [a-z]+(?: [a-z]+)?)?"
        r" (?P<d>for) <n:N> <u:U> each",
        _b_pair_buying,
    ),
    (
        # "For every 3 pounds they recycled they earned 1 point": so much per so much.
        "for_every",
        r"for (?P<d>every|each) <k:N> <c:U> (?:they|he|she|[A-Z][a-z]+) [a-z]+ "
        r"(?:they|he|she|[A-Z][a-z]+) (?P<v>earned|earn|earns|got|get|gets|received|receive|"
        r"scored|score|scores) <n:N> <u:U>",
        _b_for_every,
    ),
    (
        # "When they cleaned them, they discovered that 3 were cracked": a description of part
        # of what was found, which changes nothing (its named rule may set it aside).
        "discovered_part",
        r"(?:[Ww]hen (?:they|he|she) (?:cleaned|washed|checked|counted|sorted|looked at) them,? )?"
        r"(?:they|he|she) (?:discovered|found|noticed|saw) that <k:N> (?:of them )?(?:were|was) "
        r"(?P<w>cracked|broken|torn|bent|damaged|chipped|dirty|rotten|empty)",
        _b_discovered_part,
    ),
    (
        # "A company invited 18 people to a luncheon": the company's guests.
        "invited",
        r"(?:(?:a|an|the) (?P<w>[a-z]+(?: [a-z]+)?)|<e:E>) (?P<v>invited|invites) <n:N> <u:U>"
        r"(?: to (?:a|an|the|his|her|their) [a-z]+(?: [a-z]+)?)?",
        _b_invited,
    ),
    (
        # "The tables they had held 3 people each": so many per table.
        "containers_held_each",
        r"the <c:U> (?:they|he|she) had (?P<d>held|hold|holds|seated|seat|seats) <n:N> <u:U> each",
        _b_containers_held_each,
    ),
    (
        # "Adam has $5 to buy an airplane that costs $4.28": what he pays with, and the cost.
        "has_to_buy",
        r"<e:E> (?P<v>has|had) <m:N> dollars? to buy (?:a|an|the) <c:U> that (?P<d>costs?) "
        r"<n:N> <u:U>",
        _b_has_to_buy,
    ),
    (
        # "Kimberly went to the store 3 times last month": so many visits.
        "went_times",
        r"<e:E> (?P<v>went|goes|go|visited|visits) (?:to )?(?:the|a|an) [a-z]+ <n:N> (?P<t>times)"
        + _TAIL,
        _b_times,
    ),
    (
        # "She buys 7 peanuts each time she goes to the store": so many per visit.
        "each_time",
        r"<e:E> (?P<rv>buys|bought|gets|got|picks|picked|finds|found|eats|ate|reads|read|"
        r"catches|caught|collects|collected) <n:N> <u:U> (?P<d>each|every) (?P<c>time) "
        r"(?:he|she|they|[A-Z][a-z]+) (?:goes|went|go|visits|visited)(?: to (?:the|a|an) [a-z]+)?",
        _b_rate_owner,
    ),
    (
        # "Billy was organizing his cards in a binder with 5 on each page": so many per page.
        "organize_with_each",
        r"<e:E> (?:was|is|were|are) (?:organizing|putting|arranging|sorting|placing|storing|"
        r"keeping) (?:his|her|their|the) <u:U> (?:in|into|on) (?:a|an|the) [a-z]+(?: [a-z]+)? "
        r"(?P<d>with) <n:N> (?:on|in) each <c:U>",
        _b_rate_of_owner,
    ),
    (
        # "his fridge would only hold 6 on each shelf", "he can fit 3 books on a shelf": so
        # many of the one thing the problem counts, per shelf.
        "holds_on_each",
        r"(?:(?:his|her|their|the) [a-z]+ |(?:he|she|they|[A-Z][a-z]+) )(?:would |could |can |"
        r"will )?(?:only )?(?:hold|holds|fit|fits) <n:N> (?:<u:U> )?(?:on|in|into) "
        r"(?P<d>each|a|an|every) <c:U>",
        _b_holds_on_each,
    ),
    (
        # "Jeffrey wants to split a collection of bottle caps into groups of 2".
        "split_into_groups_of",
        r"<e:E> (?:wants to |will |is going to )?(?:split|splits|divide|divides|sort|sorts|put|"
        r"puts) (?:a|his|her|the) collection of <u:U> into (?P<c>groups|piles|bags|boxes|teams) "
        r"(?P<d>of) <n:N>",
        _b_split_groups_of,
    ),
    (
        # "Gwen was organizing her book case making sure each of the shelves had exactly 4
        # books on it": so many per shelf.
        "organize_making_sure",
        r"<e:E> (?:was|is|were|are) [a-z]+ing (?:his|her|their|the) [a-z]+(?: [a-z]+)? making "
        r"sure (?:that )?(?P<d>each) of the <c:U> (?:had|has|held|holds) (?:exactly )?<n:N> <u:U>"
        r"(?: on it| in it)?",
        _b_rate_of_owner,
    ),
    (
        # "A chef needs to cook 15 potatoes", "A painter needed to paint 12 rooms in a
        # building": a job of so many things.
        "task",
        r"(?:(?:a|an|the) [a-z]+(?: [a-z]+)?|[A-Z][a-z]+|he|she|they) (?P<v>needs|needed|need|"
        r"has|had|have) to (?P<tv>[a-z]+) <n:N> <u:U>(?: and <n2:N> <u2:U>)?"
        r"(?: in (?:a|an|the) [a-z]+| before (?:school|work|dinner|lunch|bed))?",
        _b_task,
    ),
    (
        # "A teacher had 9 worksheets to grade": a job of so many things.
        "task_to",
        r"(?:(?:a|an|the) [a-z]+(?: [a-z]+)?|[A-Z][a-z]+|he|she|they) (?P<v>has|had|have) <n:N> "
        r"<u:U> to (?P<tv>[a-z]+)",
        _b_task,
    ),
    (
        # "Priya needs 54 cupcakes for a birthday party", "She needs 125 rocks to complete the
        # border": how many she wants to hold.
        "need",
        r"<e:E> (?P<v>needs|needed|wants|wanted) <n:N> <u:U>(?: total| in total| in all)?"
        r"(?: (?:for|to) [a-z]+(?: [a-z']+){0,4})?",
        _b_need,
    ),
    (
        # "John had 5 action figures, but needed 7 total for a complete collection".
        "have_but_need",
        r"<e:E> (?P<v>has|had) <n:N> <u:U>,? but (?P<v2>needs|needed|wants|wanted) <k:N>"
        r"(?: total| in total| in all)?(?: (?:for|to) [a-z]+(?: [a-z']+){0,4})?",
        _b_have_but_need,
    ),
    (
        # "Isabel baked 3 brownies, but needed 5 total for her party": a job, part done.
        "done_but_needed",
        r"<e:E> (?P<dv>[a-z]+ed|made|built|bought|wrote|drew|sewed) <k:N> <u:U>,? but "
        r"(?P<v>needed|needs|wanted|wants) <n:N>(?: total| in total| in all)?"
        r"(?: for (?:his|her|their|the) [a-z]+(?: [a-z]+)?)?",
        _b_done_but_needed,
    ),
    (
        # "She used 5 cups of flour on each one": so much for each thing of the job.
        "used_on_each",
        r"<e:E> (?P<rv>used|uses|needed|needs|put|puts) <n:N> <u:U> (?P<d>on|for|in) each "
        r"(?:one|<c:U>)",
        _b_used_on_each,
    ),
    (
        # "another 15 were turned in": more of the job.
        "task_more",
        r"(?:but )?(?:then )?another <n:N> (?:<u:U> )?(?P<v>were|was) (?:turned in|handed in|"
        r"added|brought in)",
        _b_task_more,
    ),
    (
        # "A new building needed 14 windows": a job of so many things, its verb unstated.
        "task_bare",
        r"(?:a|an|the) (?:[a-z]+ )?[a-z]+ (?P<v>needs|needed) <n:N> <u:U>",
        _b_task,
    ),
    (
        # "He has already cooked 8", "The builder had already installed 5 of them".
        "task_done",
        r"(?:(?:a|an|the) [a-z]+(?: [a-z]+)?|[A-Z][a-z]+|he|she|they) (?:(?:has|had) )?"
        r"(?:already|only) (?P<dv>[a-z]+ed|made|done|built|sewn|sewed|written|wrote|read|dug|"
        r"swept|cut|hung|fed|taught|drawn|drew) <k:N>(?: of them| (?:of the )?<u:U>)?"
        r"(?: by the time [a-z]+(?: [a-z]+){0,2})?",
        _b_done,
    ),
    (
        # "Each room takes 7 hours to paint".
        "time_each",
        r"(?:each|every|(?P<one>1)|a|an) <c:U> (?P<tk>takes|took|take) <n:N> <tu:U> to "
        r"(?P<tv>[a-z]+)",
        _b_time_each,
    ),
    (
        # "It takes 4 hours to install each window", "It takes 7 minutes to bake 1 pan of
        # cookies".
        "time_it_takes",
        r"it (?P<tk>takes|took|will take) <n:N> <tu:U> to (?P<tv>[a-z]+) "
        r"(?:each|every|(?P<one>1)|a|an) <c:U>(?: of [a-z]+)?",
        _b_time_each,
    ),
    (
        "rate_owner",
        r"<e:E> (?P<rv>earns|makes|gets|reads|walks|runs|saves|pays|drives|drive|gives away|types|eats|drinks|bakes|sells|rides|swims|writes|paints|plants|picks|uses|drinks|feeds|practices|earned|made|got|walked|ran|saved|paid|drove|typed|ate|drank|baked|sold|rode|swam|wrote|painted|planted|picked|used|fed|practiced|spends|spent|averages|averaged) <n:N> <u:U> (?P<d>each|every|per|a|an) <c:U>(?: [a-z]+ing [a-z]+| in [a-z]+)?",  # noqa: E501
        _b_rate_owner,
    ),
    (
        "activity",
        r"<e:E> (?P<v>works|worked|reads|read|walks|walked|runs|ran|drives|drove|practices|practiced|studies|studied|plays|played|swims|swam|rides|rode|trains|trained|exercises|exercised|hikes|hiked|jogs|jogged|bikes|biked|cycles|cycled|volunteers|volunteered|does this|did this|does that|does it|keeps this up|saves|saved|sleeps|slept) (?:for )?<m:N> <c:U>",  # noqa: E501
        _b_activity,
    ),
    (
        "buy_each",
        r"<e:E> (?P<v>buys|bought|orders|ordered|purchases|purchased) <m:N> <c:U> (?P<d>for <n:N> <u:U> each|at <n2:N> <u2:U> each|at <n3:N> <u3:U> (?:a|per|each) "  # noqa: E501
        + _WORD
        + r")",
        _b_buy_each,
    ),
    (
        "buy_total",
        r"<e:E> (?P<v>buys|bought|orders|ordered|purchases|purchased) <m:N> <c:U> (?P<d>for) <n:N> <u:U>(?: in total| altogether)?",  # noqa: E501
        _b_buy_total,
    ),
    (
        "buy_one",
        r"<e:E> (?P<v>buys|bought|orders|ordered|purchases|purchased|rented|rents) (?:a |an )?<c:U> (?P<d>for) <n:N> <u:U>",  # noqa: E501
        _b_buy_total,
    ),
    ("pays_bill", r"<e:E> (?P<v>pays|paid) with (?:a|an) <n:N>-dollar bill", _b_pays),
    (
        "pays_money",
        r"<e:E> (?P<v>pays|paid|gives|gave|hands|handed) (?:with |the (?:cashier|clerk|shopkeeper|seller) )<n:N> dollars?",  # noqa: E501
        _b_pays,
    ),
    (
        "frac_give_to",
        r"<a:E> (?P<v>gives|gave|hands|handed) (?P<fx>(?P<f>"
        + FRAC
        + r")|<p:N> percent) of (?:the rest|them|it|(?:his|her|the) (?P<u>"
        + UNIT
        + r")) to <b:E>",
        _b_frac_give,
    ),
    (
        "frac_give",
        r"<a:E> (?P<v>gives|gave|hands|handed) <b:E> (?P<fx>(?P<f>"
        + FRAC
        + r")|<p:N> percent) of (?:his|her|the) (?P<u>"
        + UNIT
        + r")",
        _b_frac_give,
    ),
    (
        "frac_own",
        r"<e:E> (?P<v>"
        + LOSE_V
        + r") (?P<fx>(?P<f>"
        + FRAC
        + r")|<p:N> percent) of "
        + _OWN
        + _TAIL,
        _b_frac_own,
    ),
    (
        "give_each",
        r"<e:E> (?P<v>gives|gave|hands|handed|sends|sent) <n:N> (?:<u:U> )?to each of (?:his|her|their) <k:N> "  # noqa: E501
        + _WORD,
        _b_give_each,
    ),
    (
        "give_all",
        r"<a:E> (?P<v>gives|gave|hands|handed) (?P<fx>all) of (?:his|her|their|the) <u:U> to <b:E>",
        _b_give_all,
    ),
    (
        # "She gives 7 markers to a student": to nobody the problem counts, a loss.
        "give_unnamed",
        r"<e:E> (?P<v>gives|gave|hands|handed|sends|sent) <n:N> (?:<u:U> |" + _PART + r" )?"
        r"to (?:a|an) [a-z]+(?: [a-z]+)?",
        _b_have("lose"),
    ),
    (
        "give_to",
        r"<a:E> (?P<v>"
        + GIVE_V
        + r") <n:N> (?:more )?(?:<u:U> |"
        + _PART
        + r" )?(?:back )?to <b:E>",
        _b_give,
    ),
    (
        "give",
        r"<a:E> (?P<v>" + GIVE_V + r") <b:E> <n:N>(?: more)?(?: <u:U>| " + _PART + r")?(?: more)?",
        _b_give,
    ),
    (
        "share_with",
        r"<a:E> (?P<v>shares|shared) <n:N>(?: <u:U>| " + _PART + r")? with <b:E>",
        _b_give,
    ),
    (
        "take_of_owner",
        r"<b:E> (?P<v>bought|buys|took|takes|borrowed|borrows) <n:N> of "
        r"(?:(?P<a>[A-Z][a-z]+)'s|(?P<pa>his|her)) <u:U>",
        _b_take_of_owner,
    ),
    (
        "receive_from",
        r"<b:E> (?P<v>gets|got|receives|received|borrows|borrowed) <n:N> (?:more )?(?:<u:U> )?from <a:E>",  # noqa: E501
        _b_give,
    ),
    (
        "each_have",
        r"(?P<list>[A-Z][a-z]+(?:, [A-Z][a-z]+)*,? and [A-Z][a-z]+) (?P<v>each) (?:have|had|has) <n:N> <u:U>",  # noqa: E501
        _b_each_have,
    ),
    (
        # "Haley was playing a video game and had 14 lives": the scene, then a holding.
        "scene_and_have",
        r"<e:E> (?:was|were) [a-z]+ing(?: [a-z]+){0,4} and (?P<v>had|has) <n:N> <u:U>",
        _b_have("have"),
    ),
    (
        # "Megan took 15 pictures at the zoo": pictures taken are pictures she has.
        "take_pictures",
        r"<e:E> (?P<v>takes|took|snapped) <n:N>(?: (?P<u>pictures|photos|photographs|pics))?"
        + _TAIL,
        _b_take_pictures,
    ),
    (
        # "Sally had 39 cards, and 9 were torn": a description of part of the stock, which
        # changes nothing (a named distractor rule may set its number aside).
        "have_part",
        r"<e:E> (?P<v>had|has) <n:N> <u:U>,? and <k:N> (?:of them )?(?:were|are) "
        r"(?P<w>torn|bent|damaged|cracked|scratched|ripped|dirty|wet|new|old|used)",
        _b_have_part,
    ),
    (
        # "Alyssa went to 11 soccer games this year, but missed 12": games attended, and a
        # number of others that changes nothing.
        "attend",
        r"<e:E> (?:plans to |will |is going to )?(?P<v>went|goes|go|attended|attends|attend) "
        r"(?:to )?<n:N> <u:U>" + _TAIL + r"(?:,? but (?P<w>missed) <k:N>)?",
        _b_attend,
    ),
    (
        # "James rode 80 miles at 16 miles per hour", "Anne wandered for 3 hours at 2 miles
        # per hour": a distance or a time, and a speed.
        "motion",
        r"<e:E> (?P<v>[a-z]+ed|ran|rode|swam|drove|flew|went|walked|ran) (?:for )?<n:N> <u:U> "
        r"(?P<at>at) <k:N> <u2:U> per (?P<per>hour|minute|second)",
        _b_motion,
    ),
    (
        "have_two",
        r"<e:E> (?P<v>" + HAVE_V + r") <n1:N> <u1:U>,? and <n2:N> <u2:U>" + _OWN_PLACE,
        _b_have_two,
    ),
    (
        "there_two_places",
        r"there (?P<v>are|is|were|was) <n1:N> <u1:U> (?:in|on|at|inside) (?P<loc1>the "
        + _W2
        + r") and <n2:N> <u2:U> (?:in|on|at|inside) (?P<loc2>the "
        + _W2
        + r")",
        _b_there_two_places,
    ),
    (
        # "The apples are divided equally among the students": each student gets a part (the
        # number of parts is the students stated).
        "divided_among",
        r"the <u:U> (?:are|were|will be) (?P<v>divided|shared|split)(?: equally)? "
        r"(?:among|between) the <c:U>",
        _b_divided_among,
    ),
    (
        # "There are 7 students in the class and 42 apples": two stocks of one place.
        "there_two_loc_first",
        r"there (?P<v>are|is|were|was) <n1:N> <u1:U> (?:in|on|at|inside) (?P<loc>(?:the|a|an) "
        + _W2
        + r") and <n2:N> <u2:U>",
        _b_there_two,
    ),
    (
        "there_two",
        r"there (?P<v>are|is|were|was) <n1:N> <u1:U>,? and <n2:N> <u2:U>(?: (?:currently|now))?(?: (?:in|on|at|inside) (?P<loc>(?:the|a|an) "  # noqa: E501
        + _W2
        + r")(?: at (?:recess|lunch|noon|night|school|home))?)?"
        + _DOING,
        _b_there_two,
    ),
    (
        "rel_add",
        r"<e:E> (?P<tv>"
        + TALLY_V
        + r") <k:N> (?P<d>more|fewer|less) <u:U> (?P<than>than) <b:E>(?: does| did| has| had)?",
        _b_rel_add,
    ),
    (
        "rel_add_elliptic",
        r"<e:E> (?P<tv>has|had) <k:N> (?P<d>more|fewer|less) (?P<than>than) <b:E>(?: does| did| has| had)?",  # noqa: E501
        _b_rel_add_elliptic,
    ),
    (
        "rel_age_add",
        r"<e:E> is <k:N> years? (?P<d>older|younger) (?P<than>than) <b:E>(?: is)?",
        _b_rel_add,
    ),
    (
        "rel_mul",
        r"<e:E> (?P<tv>"
        + TALLY_V
        + r") (?P<x>twice|half|<k:N> times) (?P<as>as many) <u:U> as <b:E>(?: does| did| has| had)?",  # noqa: E501
        _b_rel_mul,
    ),
    (
        # "Arthur baked 115 muffins. James baked 12 times as many.": of the one other person.
        "rel_mul_elliptic",
        r"<e:E> (?P<tv>" + TALLY_V + r") (?P<x>twice|half|<k:N> times) (?P<as>as many)",
        _b_rel_mul_elliptic,
    ),
    (
        "rel_age_mul",
        r"<e:E> is (?P<x>twice|half|<k:N> times) (?P<as>as old as) <b:E>(?: is)?",
        _b_rel_mul,
    ),
    (
        "rel_age_of",
        r"<e:E> is (?P<x>half|" + FRAC + r"|<k:N> times) (?P<as>the age of) <b:E>",
        _b_rel_mul,
    ),
    ("age", r"<e:E> (?P<v>is) <n:N> years? old", _b_age),
    (
        # "38 of the carrots were good", "26 of the students were called back": so many of
        # all there are of that thing, in a part the question may ask for (or not)
        "part_count",
        r"(?:only )?<n:N> of the <u:U> (?P<v>are|were) (?P<w>(?:not )?(?:good|bad|ripe|rotten|"
        r"finished|called back|tipping|red|blue|green|yellow|white|black|pink|purple|brown))",
        _b_part_count,
    ),
    (
        "subset",
        r"(?P<fx>(?P<f>"
        + FRAC
        + r")|<p:N> percent) of the <n:N> <u:U> (?P<v>are|were) (?P<w>[a-z]+)",
        _b_subset,
    ),
    (
        "total",
        r"the <c:U> (?:carry|carried|hold|held|seat|seated|have|had|contain|contained) <n:N> <u:U> (?P<tot>in total|altogether|in all)",  # noqa: E501
        _b_total,
    ),
    ("have_unknown", r"<e:E> (?P<v>had|has|started with|starts with) some <u:U>", _b_have_unknown),
    (
        # "Now she has 16": a final holding without a noun (filled in like any other).
        "have_now_nounless",
        r"now <e:E> (?P<v>" + HAVE_V + r") <n:N>(?: left)?",
        _b_have_final_nounless,
    ),
    (
        # "Andre gave her some more flowers": an unknown amount, asked for.
        "give_some",
        r"<a:E> (?P<v>gives|gave|hands|handed|sends|sent|brings|brought) <b:E> some(?: more)? "
        r"<u:U>" + _TAIL,
        _b_change_unknown("+"),
    ),
    (
        # "Franklin gave some to her students": an unknown amount leaves her.
        "give_some_to",
        r"<a:E> (?P<v>gives|gave|hands|handed|sends|sent) some(?: <u:U>| of them| of "
        r"(?:his|her|their|the) <u2:U>)? to (?:(?:a|an|the|his|her|their) [a-z]+(?: [a-z]+)?|"
        r"[A-Z][a-z]+)",
        _b_change_unknown("-"),
    ),
    (
        # "He got some more stickers for his birthday".
        "gain_some",
        r"<a:E> (?P<v>" + GAIN_V + r") some(?: more)? <u:U>" + _TAIL,
        _b_change_unknown("+"),
    ),
    (
        # "Some of her leaves blew away".
        "lose_some_of",
        r"some of (?P<pos>his|her|their) <u:U> (?P<v>blew away|flew away|fell off|fell out|"
        r"rotted|melted|broke|popped|got lost|were lost|were eaten|were stolen)",
        _b_change_unknown("-"),
    ),
    (
        "have_now",
        r"now <e:E> (?P<v>" + HAVE_V + r") <n:N> <u:U>(?: left| all together| altogether| in all"
        r"| in total)?",
        _b_have_final_now,
    ),
    (
        # "A restaurant served 6 cakes during lunch and 9 during dinner today": a tally of
        # serving, which changes no stock the problem states.
        "served",
        r"(?:(?:a|an) (?P<past>[a-z]+)|the (?P<the>[a-z]+)) (?P<v>served|serves) <n:N> <u:U>"
        r"(?: during [a-z]+| at [a-z]+)?(?: and <n2:N>(?: more)?(?: <u2:U>)? (?:during|at) [a-z]+)?"
        r"(?: today| yesterday| tonight)?",
        _b_served,
    ),
    (
        "place_have_two",
        r"(?:the (?P<the>[a-z]+(?: [a-z]+)?) (?P<v>has|had|holds|held)|(?:a|an) (?P<past>[a-z]+(?: [a-z]+)?) (?P<v2>had|held)) <n1:N> <u1:U>,? and <n2:N> <u2:U>",  # noqa: E501
        _b_place_have_two,
    ),
    (
        "place_have",
        r"(?:the (?P<the>[a-z]+(?: [a-z]+)?) (?P<v>has|had|holds|held|contains|contained)|(?:a|an) (?P<past>[a-z]+(?: [a-z]+)?) (?P<v2>had|held|contained)) <n:N> <u:U>"  # noqa: E501
        + _OWN_PLACE,
        _b_place_have,
    ),
    (
        "have",
        r"<e:E> (?P<v>"
        + HAVE_V
        + r"|is left with|was left with|weighs|weighed) <n:N> <u:U>(?P<fin> left| now| remaining)?"
        + _OWN_PLACE,
        _b_have("have"),
    ),
    (
        # "There were 10 students at the start of the year": the world, at first.
        "there_at_start",
        r"there (?P<v>are|is|were|was) <n:N> <u:U> at the (?:start|beginning) of the "
        r"(?:year|day|week|month|season)",
        _b_there,
    ),
    (
        # "There were 10 students riding on the school bus": the bus holds them.
        "there_doing_in",
        r"there (?P<v>are|is|were|was) <n:N> <u:U> (?:sitting|standing|riding|waiting|playing|"
        r"swimming|working) (?:in|on|at|inside) (?P<loc>(?:the|a|an) " + _W2 + r")",
        _b_there,
    ),
    (
        # "He started out with 39", "Garrett has 24": of the one thing the problem counts
        # (filled in once every sentence is read; with several things, not read).
        "have_nounless",
        r"<e:E> (?P<v>" + HAVE_V + r") <n:N>(?P<fin> left)?",
        _b_have_nounless,
    ),
    (
        # "Vanessa sold all but 7 bars": all the one stock holds, less 7.
        "all_but",
        r"<e:E> (?P<v>sold|sells|ate|eats|used|uses|gave away|gives away) all but <n:N>"
        r"(?: <u:U>| of them)?",
        _b_all_but,
    ),
    (
        # "A magician was selling magic card decks for 7 dollars each": the price of each.
        "selling_for_each",
        r"(?:(?:a|an|the) (?P<w>[a-z]+)|<e:E>) (?:was|is|were|are) (?P<v>selling) <c:U> "
        r"(?P<d>for) <n:N> <u:U> each",
        _b_selling_for_each,
    ),
    (
        "there",
        r"there (?P<v>are|is|were|was) (?P<orig>originally |initially |at first )?<n:N> <u:U>(?P<tot> in total| altogether| in all)?(?: (?:currently|now) )?(?: ?(?:in|on|at|inside) (?P<loc>(?:the|a|an) "  # noqa: E501
        + _W2
        # "in a pile on the desk": the pile, wherever it is
        + r")(?: (?:on|in|at) the [a-z]+)?)?"
        # what they are doing there: "trying out for the school's trivia teams"
        + _DOING,
        _b_there,
    ),
    (
        # "14 birds were sitting in a tree": the tree holds them.
        "sitting_in",
        r"<n:N> <u:U> (?P<v>are|were|was|is) (?:sitting|standing|perched|swimming|parked|lying|"
        r"resting|waiting|playing|sleeping|growing|riding) (?:in|on|at|inside) "
        r"(?P<loc>(?:the|a|an) " + _W2 + r")",
        _b_there,
    ),
    (
        # "5 of them didn't get picked for the team": they leave the place's stock.
        "place_not_picked",
        r"<n:N> of (?:them|the <u2:U>) (?P<v>didn't get picked|did not get picked|weren't picked|"
        r"were not picked|didn't get chosen|did not get chosen|weren't chosen|were not chosen|"
        r"didn't make the team|did not make the team)(?: for the [a-z]+(?: [a-z]+)?)?",
        _b_place_change("lose"),
    ),
    (
        # "the rest were put into 3 groups": the place's stock in equal parts.
        "share_rest_passive",
        r"the rest (?:were|are|will be|would be) (?P<v>put|split|divided|placed|sorted|organized|"
        r"separated)(?: equally)? into <n:N> (?:equal |different |same-size )?<c:U>(?: equally)?",
        _b_share_rest,
    ),
    (
        "place_gain",
        r"<n:N> (?:more )?<u:U> (?P<v>landed|land|flew|fly|hopped|hop|swam|swim|walked|came|come|arrived|arrive|joined|join|climbed|climb|moved|move|parked|park)(?: over| in| up| down| back)?(?: (?:to|in|into|on|onto|at) (?P<loc>the "  # noqa: E501
        + _W2
        + r")| them| to join them| to (?:school|class|work|the party))?",
        _b_place_change("gain"),
    ),
    (
        "place_lose",
        r"<n:N> (?:of them |of the <u2:U> |(?:of )?<u:U> )?(?P<v>flew away|fly away|hopped away|swam away|walked away|ran away|went home|go home|left|leave|popped|pop|broke|burst|melted|fell off|fell out|got off|get off|got out|rotted|died|flew off|did not come)(?: (?:of|from) (?P<loc>the "  # noqa: E501
        + _W2
        + r"))?",
        _b_place_change("lose"),
    ),
    (
        "workers_plant",
        r"(?:the )?(?:[a-z]+ )?(?:workers|gardeners|volunteers) (?:will )?(?P<v>plant|planted|plants|add|added|adds) <n:N> (?:more )?<u:U>(?: today| tomorrow| this week| next week)?(?: and <n2:N> (?:more )?<u2:U>(?: today| tomorrow| this week| next week))?",  # noqa: E501
        _b_workers,
    ),
    (
        # "Park workers had to cut down 2 oak trees that were damaged": the place loses them.
        "workers_cut",
        r"(?:the )?(?:[a-z]+ )?(?:workers|gardeners|volunteers) (?:had to |will |must |have to )?"
        r"(?P<v>cut down|cut|chopped down|chop down|removed|remove) <n:N> <u:U>"
        r"(?: that (?:were|are) (?:damaged|dead|sick|old|diseased))?(?: today| tomorrow)?",
        _b_place_change("lose"),
    ),
    (
        # "put the rest into cages with 8 in each cage", "packed the rest up putting 4
        # games into each box": what the owner holds now, in containers of that many.
        "pack",
        r"<e:E> (?P<v>puts|put|places|placed|packs|packed|sorts|sorted) (?:the rest|them|"
        r"(?:his|her|their|the) <u2:U>)(?: up)? (?:into|in) <c:U> (?P<w>with) <n:N>(?: <u:U>)?"
        r" in each(?: one| <c2:U>)?",
        _b_pack,
    ),
    (
        "pack_putting",
        r"<e:E> (?P<v>packs|packed|puts|put) (?:the rest|them)(?: up)? (?P<w>putting) <n:N>"
        r"(?: <u:U>)? (?:into|in) each <c:U>",
        _b_pack,
    ),
    (
        # "There were 9 boys and 15 girls. They split into 8 equal teams": what there is,
        # with no one named, in equal parts.
        "world_share",
        r"they (?:were |are )?(?P<v>split|divided)(?: up)? into <n:N> (?:equal )?"
        r"(?P<c>teams|groups)",
        _b_world_share,
    ),
    (
        "share",
        r"<e:E> (?P<v>shares|shared|splits|split|divides|divided|puts|put|packs|packed|sorts|sorted|places|placed)(?: them| <n0:N> <u:U>| the <u2:U>| (?:his|her|their) <u3:U>)?(?: equally)? (?:among|between|into|in) <n:N> (?:equal |different |same-size )?<c:U>(?: equally)?"  # noqa: E501
        # "with the same amount of pics in each album": what "equally" says
        r"(?: with the same (?:amount|number) of [a-z]+ in each(?: [a-z]+)?)?",
        _b_share,
    ),
    (
        # "the rabbits ate 27 watermelons": eaten from the one owner of the problem.
        "pests_ate",
        r"the (?P<w>[a-z]+) (?P<v>ate|eat|eats|destroyed|destroy|stole|steal|steals) <n:N>"
        r"(?: of (?:the|her|his|their) <u2:U>| of them| <u:U>)?",
        _b_pests,
    ),
    (
        "take_away",
        r"<e:E> (?P<v>takes|took) <n:N>(?: <u:U>)? away",
        _b_take_away,
    ),
    (
        "lose_passive",
        r"<n:N> (?:of them |of the <u2:U> |<u:U> )?(?:are|were|was|is|got|get) (?P<v>eaten|stolen|lost|popped|given away|thrown away|thrown out|used|sold)(?: by (?:a|an|the|his|her) [a-z]+)?",  # noqa: E501
        _b_place_change("lose"),
    ),
    (
        "place_added",
        r"<n:N> (?:more )?(?:<u:U> )?(?:more )?(?:are|were|is|was) (?P<v>added|put in)"
        r"(?: (?:to|in|into|on) (?P<loc>the " + _W2 + r"))?",
        _b_place_change("gain"),
    ),
    (
        "take_from",
        r"<e:E> (?P<v>takes|took|removes|removed|lifts|lifted|pulls|pulled) (?:out )?<n:N>(?: of them| of the <u2:U>| <u:U>)?(?: out| away)?(?: (?:out of|from|off) (?P<loc>the "  # noqa: E501
        + _W2
        + r"))?",
        _b_take_from,
    ),
    (
        "put_into",
        r"<e:E> (?P<v>puts|put|places|placed|adds|added|sets|set|stacks|stacked) <n:N> (?:more )?<u:U> (?:(?:back )?(?:in|into|on|onto|to) (?P<loc>the "  # noqa: E501
        + _W2
        + r")|inside)",
        _b_put_into,
    ),
    (
        "gain",
        r"<e:E> (?P<v>"
        + GAIN_V
        + r")(?: up)? (?:another )?<n:N>(?: more)?(?: <u:U>)?(?: more)?"
        + _TAIL
        + r"(?: to (?!give\b|share\b|sell\b)[a-z]+(?: (?:some |a |an |the |his |her )?"
        r"(?!(?:some|all|them|it|more)\b)[a-z]+(?: [a-z]+)?)?)?",
        _b_have("gain"),
    ),
    (
        "lose_away",
        r"<e:E> (?P<v>gives|gave|throws|threw|puts|put) <n:N>(?: <u:U>)? away",
        _b_have("lose"),
    ),
    (
        "lose",
        r"<e:E> (?P<v>"
        + LOSE_V
        + r") <n:N>(?: more)?(?: (?:old )?<u:U>| of them| of (?:the|his|her|their) <u2:U>)?"
        # what on ("on a new bike", "for lunch"); never a distributive word: "spent 4
        # minutes on each chair" is a time per chair, not 4 minutes
        + r"(?: (?:on|for|to) (?:a |an |the |his |her )?(?!(?:each|every|per|all)\b)[a-z]+"
        r"(?: [a-z]+){0,3})?" + _TAIL,
        _b_have("lose"),
    ),
    (
        # Last, so any pattern above reads its verb first: "He painted 5 rooms" after
        # "needed to paint 12 rooms" is work done on that job.
        "task_done_plain",
        r"(?:(?:a|an|the) [a-z]+(?: [a-z]+)?|[A-Z][a-z]+|he|she|they) (?P<dv>[a-z]+ed) <k:N>"
        r"(?: of them| (?:of the )?<u:U>)?",
        _b_done,
    ),
]


_COMPILED: list[tuple[str, re.Pattern[str], _Builder]] = [
    (name, _compile(t), b) for name, t, b in _SENTENCE_PATTERNS
]
_DONE_PLAIN = next(p for name, p, _b in _COMPILED if name == "task_done_plain")
_THERE_RATE = next(p for name, p, _b in _COMPILED if name == "rate_there")

# --------------------------------------------------------------------------- questions

_WHEN_FINAL = r"(?: left| now| in all| altogether| in total| at the end| then)?"
_WHEN_INITIAL = r" (?P<init>at first|to begin with|at the start|in the beginning|before|originally)"
_Q_PATTERNS: list[tuple[str, str]] = [
    (
        "total",
        r"how many <u:U> (?:do|did) <a:E> and <b:E> have(?P<w> together| in all| altogether| combined| in total)?",  # noqa: E501
    ),
    (
        "total",
        r"how many <u:U> (?:do|did) <x1:E>, <x2:E>,? and <x3:E> have(?P<w> together| in all| altogether| combined| in total)?",  # noqa: E501
    ),
    (
        "total",
        r"how many <u:U> (?:do|did) (?P<they>they) have(?P<w> together| in all| altogether| combined| in total| left)",  # noqa: E501
    ),
    (
        "total",
        r"how many <u:U> (?:do|did) <a:E> and <b:E> (?P<w>have|own|collect|pick|sell|read|bake|make|catch|find|drive|fly|walk|hike|run|ride|swim|score|grow|win|plant|buy|save|earn|eat) (?:together|in all|altogether|combined|in total)",  # noqa: E501
    ),
    (
        "total",
        r"how many <u:U> (?:do|did) (?P<they>they) (?P<w>collect|pick|sell|read|bake|make|catch|find|grow|buy|get|score|win|plant|earn|save)(?: together| in all| altogether| combined| in total)?",  # noqa: E501
    ),
    (
        "difference",
        r"how many more <u:U> (?:does|did|do) <a:E> (?P<dv>have|own|collect|pick|read|bake|make|score|find|catch|grow|sell|eat|win|plant|fly|drive|walk|hike|run|ride|swim|jog|bike) than <b:E>(?: does| did| has| do)?",  # noqa: E501
    ),
    (
        "total",
        r"how many <u:U> (?:were|was) (?P<passive>picked|found|grown|caught|baked|made|collected|sold|eaten|planted|bought|won|scored|served) (?:in total|in all|altogether|together|combined|today)",  # noqa: E501
    ),
    ("initial", r"how many <u:U> (?:did|does) <e:E> (?:have|own|start with)" + _WHEN_INITIAL),
    (
        "initial",
        r"how many (?:<u:U> |(?P<nounless>))(?:did|does) <e:E> (?:have to start with|have to "
        r"begin with|start with|start out with|have in the beginning)",
    ),
    (
        # "How many more shells does she need to find to have 25 shells?": the target less
        # what she has; "how many does she need to give away so that she will have 35 left":
        # what she has less the target.
        "goal",
        r"how many (?:more )?(?:<u:U> )?(?:does|do|did|will|would) <e:E> (?:need|have|want) to "
        r"(?:(?P<gv>[a-z]+(?: away| up)?) (?:(?:so that|so) <e2:E> (?:will|would) have"
        r"|to have)|(?P<gh>have)) <k:N>(?: <u2:U>)?(?: left| altogether| in all| in total"
        r"| in (?:his|her|their) [a-z]+)?",
    ),
    ("initial", r"how much money (?:did|does) <e:E> (?:have|start with)" + _WHEN_INITIAL),
    (
        "total",
        r"how much money (?:do|did) (?:<a:E> and <b:E>|(?P<they>they)) have(?P<w> together| in all| altogether| combined| in total)",  # noqa: E501
    ),
    (
        "state",
        r"how many <u:U> (?:does|do|did|will) <e:E> (?P<v>have|own|keep)"
        + _WHEN_FINAL
        # where the owner keeps them: "on her mp3 player", "in his account"
        + r"(?: (?:in|on|at|inside) (?:his|her|their|the|your|my) [a-z0-9]+(?: [a-z]+)?)?"
        + _WHEN_FINAL,
    ),
    ("state", r"how many <u:U> (?:is|was) <e:E> left with"),
    (
        "state",
        r"how many (?P<nounless>(?:does|do|did|will|would)) <e:E> (?P<v>have|own|keep)"
        + _WHEN_FINAL,
    ),
    (
        "total",
        r"how many (?P<nounless>(?:do|did|will|would)) (?P<they>they) have(?P<w> together| in all| altogether| combined| in total)",  # noqa: E501
    ),
    (
        "state",
        r"how many <u:U> (?:does|did|will|would) <e:E> (?P<v>go to|attend)"
        r"(?: in all| in total| altogether)?",
    ),
    (
        # "How long will it take him to install the rest?", "How much longer will he take to
        # paint the rest?": what is left of the job, at its time per thing.
        "task_left",
        r"how (?:long|much longer|much time) (?:will|would|does|did) (?:it take(?: (?:him|her|"
        r"them|[A-Z][a-z]+))? |(?:he|she|they|[A-Z][a-z]+|the [a-z]+) (?:take|need) )?"
        r"(?:to )?(?P<tv>[a-z]+) the rest(?: of (?:them|the [a-z]+))?",
    ),
    (
        # "How many more problems does she have to grade?", "How many worksheets would she
        # have to grade?": what is left of the job (times so many per thing).
        "task_left",
        r"how many (?:more )?<u:U> (?:does|do|did|will|would) <e:E> (?:still )?(?:have|need) to "
        r"(?P<tv>[a-z]+)(?: now)?",
    ),
    (
        # "How much flour does she still need?": what is left of the job, times so much each.
        "task_left",
        r"how (?:much|many) (?:more )?<u:U> (?:does|do|did|will|would) <e:E> still "
        r"(?P<tv>need)(?: to add| to buy)?",
    ),
    (
        # "How many more plates should Justin buy?" after "Justin needs 61 paper plates": what
        # he needs less what he holds.
        "need_left",
        r"how many more <u:U> (?:should|does|do|must|will|would) <e:E> (?:buy|get|need|make|"
        r"bake|find|collect|pick|earn|save)(?: to [a-z]+(?: [a-z]+){0,3})?",
    ),
    (
        # "How much money would he need to finish his collection?": what is still needed,
        # at its price.
        "need_left",
        r"how much (?P<money>money) (?:would|will|does|do|did|should) <e:E> need to "
        r"(?:finish|complete) (?:his|her|their|the) [a-z]+",
    ),
    (
        # "How many did he not wash?": what is left of the job.
        "task_left",
        r"how many (?P<nounless>did|does|do|will) <e:E> not (?P<tv>[a-z]+)",
    ),
    (
        # "How many apples had she eaten at the end of 3 hours?": her rate, times so many.
        "rate_times",
        r"how many <u:U> (?:had|has|have|will) <e:E> (?:have )?[a-z]+ (?:at the end of|after|in) "
        r"<k:N> <c:U>",
    ),
    (
        # "How long will it take to bake 4 pans of cookies?": a time per thing, times so many.
        "rate_times",
        r"how long (?:will|would|does) it take(?: (?:him|her|them|[A-Z][a-z]+))? to "
        r"(?P<tv>[a-z]+) <k:N> <c:U>(?: of [a-z]+)?(?P<time>)",
    ),
    (
        # "How long did James ride?", "how long was Joan travelling?": distance over speed.
        "duration",
        r"how long (?:did|does|was|is|will) <e:E> (?P<mv>[a-z]+)",
    ),
    (
        "distance",
        r"how far (?:did|does|will|can|could) <e:E> (?P<mv>go|travel|walk|run|ride|drive|fly|swim|"
        r"hike|jog|bike|sail|stroll|sprint)(?: all together| altogether| in all| in total)?",
    ),
    (
        # "How far is it between Amanda's house and Kimberly's house?": the way she went.
        "distance",
        r"how far is it (?:between|from) (?P<e>[A-Z][a-z]+)'s [a-z]+ (?:and|to) "
        r"(?:the |[A-Z][a-z]+'s )?[a-z]+(?P<go>)",
    ),
    (
        # "How far can she drive in 36 hours?" at a speed: the speed times the hours.
        "rate_times",
        r"how far (?:can|could|will|would|does|did) <e:E> (?P<mv>[a-z]+) in <k:N> <c:U>(?P<way>)",
    ),
    (
        # "How long would the money last him?": what he holds over what he uses each day.
        "last",
        r"how long (?:would|will|does|did|could|can) (?:the|his|her|their) (?P<stuff>[a-z]+"
        r"(?: [a-z]+)?) last (?P<e>him|her|them|[A-Z][a-z]+|the [a-z]+(?: [a-z]+)?)",
    ),
    (
        # "How fast did Rachel go?", "What was its average speed?": way over time.
        "speed",
        r"(?:how fast (?:did|does|was|is) <e:E> (?:go|going|travel|traveling|drive|driving|walk|"
        r"walking|run|running|ride|riding)|what (?:was|is) (?P<pos>its|his|her|their) "
        r"(?:average )?speed)",
    ),
    (
        # "How many buses are needed to take the trip?", "how many vans will they need?":
        # the containers the problem's one stock fills, when nobody is named ("they" are
        # the ones counted)
        "containers",
        r"how many <u:U> (?:are|will be|would be|were) needed(?: to [a-z]+(?: [a-z]+){0,3})?"
        r"(?P<needed>)",
    ),
    (
        "containers",
        r"how many <u:U> (?:will|would|do|did) they need(?: to [a-z]+(?: [a-z]+){0,3})?"
        r"(?P<needed>)",
    ),
    (
        # "How many cages did they use?": the containers a "pack" clause filled.
        "packed",
        r"how many <u:U> (?:did|does|do|could|can|would|will) <e:E> (?:use|have to use|make|"
        r"fill|fill up|need|end up with|have left|get)",
    ),
    (
        # "How many pages would he use?": the containers a rate counts per, that his stock
        # fills (exactly: a remainder is refused).
        "containers",
        r"how many <u:U> (?:did|does|do|could|can|would|will) <e:E> (?:use|have to use|fill|"
        r"fill up|need|make)",
    ),
    (
        # "How many groups will be created?": of the one person's stock.
        "containers",
        r"how many <u:U> (?:will|would|can|could) be (?:created|made|formed)(?P<solo>)",
    ),
    (
        "state",
        r"how many <u:U> (?:does|did) <e:E> (?P<v>[a-z]+)(?: up| out| off| down| back| away)?"
        r"(?: to (?:[A-Z][a-z]+|him|her|them|(?:his|her|their) [a-z]+))?"
        r"(?: for (?:his|her|their) [a-z]+)?"
        r"(?: in all| in total| altogether| (?:last|this) (?:week|month|year))?",
    ),
    (
        # "How many of her leaves blew away?": the unknown loss of her leaves.
        "state",
        r"how many of (?P<pos>his|her|their) <u:U> (?P<v>blew away|flew away|fell off|fell out|"
        r"rotted|melted|broke|popped|got lost|were lost|were eaten|were stolen)",
    ),
    (
        # "How many more pennies does John have?" with two people: more than the other.
        "difference",
        r"how many more <u:U> (?:does|did) <a:E> (?P<dv>have|own|collect|pick|read|bake|make|"
        r"score|find|catch|grow|sell|eat|win|plant)(?P<other>)",
    ),
    (
        "difference",
        r"how much (?P<nounless>heavier|taller|longer|farther|further|older) (?:is|was|were|are) <a:E> than <b:E>(?: is| was)?",  # noqa: E501
    ),
    (
        # "How much farther does John walk than Nina?": the way each went, by that verb.
        "difference",
        r"how much (?P<nounless>farther|further) (?:does|did) <a:E> (?P<dv>walk|run|drive|fly|"
        r"hike|ride|swim|jog|bike|travel) than <b:E>(?: does| did)?",
    ),
    ("money", r"how much money (?:does|do|did|will) <e:E> have(?: left| now)?"),
    (
        # "How many 5 dollar toys could he buy (with the money he had left)?": whole ones.
        "afford",
        r"how many <k:N> dollar <u:U> (?:could|can|would|will|does|did) <e:E> (?:buy|afford)"
        r"(?: with (?:the|his|her|their) money(?: (?:he|she|they) (?:had|has|have) left| left)?)?",
    ),
    ("money", r"how much money (?:is|was) left(?P<solo>)"),
    (
        # "How much candy did he have in total?": a stuff measured in its own unit.
        "state",
        r"how much (?!money\b)<u:U> (?:does|do|did|will) <e:E> (?P<v>have)"
        r"(?: left| now| in all| in total| altogether)?",
    ),
    (
        "rate_times",
        r"how much (?:must|will|would|does|did|should) <e:E> pay for <k:N> <c:U>(?P<price>)",
    ),
    (
        # "How many files were still on her flash drive?": what that person keeps there.
        "state",
        r"how many <u:U> (?:are|were|is|was) (?:still |now |left )?(?:in|on|at|inside) "
        r"(?P<pos>his|her) [a-z0-9]+(?: [a-z]+)?(?: now| left)?",
    ),
    (
        "money",
        r"how much money (?:does|did|will|would|could) <e:E> "
        r"(?P<earn>earn|make|save|get|collect|raise|have made)(?: in all| in total| altogether)?",
    ),
    (
        "spend",
        r"how much (?:money )?(?:in total |in all )?(?:does|did|will) <e:E> (?:spend|pay)(?: in all| in total| altogether)?(?: (?P<cat>(?:at|on|for) (?:the |a |an |his |her |their )?[a-z]+(?: [a-z]+)?))?(?: in all| in total| altogether)?",  # noqa: E501
    ),
    (
        "change",
        r"how much change (?:does|did|will|should) <e:E> (?:get|receive|get back)(?: back)?",
    ),
    ("unit_price", r"how much (?:does|did) (?:a|an|(?P<one>1)|each) <c:U> cost"),
    (
        "rate_times",
        r"how much (?:money )?(?:do|does|would|will|did) <k:N> <c:U> cost(?P<price>)",
    ),
    ("rate_times", r"how many <u:U> (?:are|is|were) (?:there )?in <k:N> <c:U>"),
    ("rate_times", r"how many <u:U> (?:do|did|will|would) <k:N> <c:U> (?:have|hold|contain)"),
    (
        "rate_times",
        r"how many <u:U> (?:does|do|did|will|can|could|would) <e:E> [a-z]+ in <k:N> <c:U>",
    ),
    (
        "per_each",
        r"how many <u:U> (?:does|did|will|would|should|can|could) each <c:U> (?:get|have|receive|hold|eat)",  # noqa: E501
    ),
    (
        "per_each",
        r"how many (?P<nounless>does|did|will|would|should|can|could) each <c:U> (?:get|have|"
        r"receive)",
    ),
    (
        "per_each",
        r"how many <u:U> (?:are|were|will be|would be|should be|must be|go|went|must go|should go|will go|would go|can go|did .{1,20} put) in each <c:U>",  # noqa: E501
    ),
    ("age", r"how old (?:is|was|will) <e:E>(?: be)?(?: now)?"),
    ("subset_not", r"how many <u:U> (?:are|were) not (?P<w>[a-z]+(?: back)?)"),
    ("subset", r"how many <u:U> (?:are|were) (?P<w>(?!there\b)[a-z]+)"),
    (
        "state",
        r"how many <u:U> (?:are|were|is|will be) (?:still |now |currently )?(?:left )?(?:in|on|at|inside) (?P<loc>the "  # noqa: E501
        + _W2
        + r")(?: now| left| in all| in total| altogether)?",
    ),
    ("world", r"how many <u:U> (?:are|were|is) (?:there )?at the end"),
    (
        "world",
        r"how many <u:U> (?:are|were|is) there(?: left| now| at the end)?"
        r"(?P<tot> in all| in total| altogether)?",
    ),
    ("world", r"how many <u:U> (?:are|were) left(?: in all| in total)?"),
    (
        "world",
        r"how many (?P<nounless>are|were) (?:left|there)(?: now| in all| in total| altogether)?",
    ),
]
_Q_COMPILED = [(k, _compile(t)) for k, t in _Q_PATTERNS]


_PARTICIPLE = {
    "picked": "pick", "found": "find", "grown": "grow", "caught": "catch", "baked": "bake",
    "made": "make", "collected": "collect", "sold": "sell", "eaten": "eat", "planted": "plant",
    "bought": "buy", "won": "win", "scored": "score", "served": "serve",
}  # fmt: skip
_TOTAL_WORDS = frozenset(
    {"together", "in all", "altogether", "combined", "in total", "have", "own", "left"}
)


_ITEM = re.compile(
    r"\b(?:(?:\d+(?:\.\d+)? dollars?|\d+ cents?) (?:on|for)|(?:bought|purchased|rented|got) "
    r"(?:\d+ )?)(?: (?:a|an|the|some|his|her))? ?([a-z]+(?: [a-z]+){0,2}?)"
    r"(?= for \d| which|,|\.| and\b|$)"
)


#: The further items of a list of purchases ("..., and a card game for $3.35").
_LIST_ITEM = re.compile(r",? (?:and )?(?:a|an|the) ([a-z]+(?: [a-z]+){0,2}?)(?= for \d)")


def _check_category(category: str, body: str) -> None:
    """The kind asked about ("on toys") must name all the things bought or none of them:
    "How much did she spend on the cap?" asks for one item of a list, and so does "on the
    puzzle game" beside "a card game"."""
    head = singular(category.split()[-1])
    found = [m.group(1) for m in _ITEM.finditer(body)] + [
        m.group(1) for m in _LIST_ITEM.finditer(body)
    ]
    items = {singular(f.split()[-1]) for f in found}
    if head in items and items != {head}:
        raise Unreadable(f"'{category}' names one of the things bought, not all of them")
    named = re.sub(r"^(?:on|at|for) (?:the |a |an |his |her |their )?", "", category).split()
    full = {" ".join([*f.split()[:-1], singular(f.split()[-1])]) for f in found}
    asked = " ".join([*named[:-1], singular(named[-1])])
    if len(full) > 1 and asked in full:
        raise Unreadable(f"'{category}' names one of the things bought, not all of them")


def _question(body: str, ctx: _Context) -> list[Question]:
    for kind, pattern in _Q_COMPILED:
        m = pattern.fullmatch(body)
        if not m:
            continue
        gd = m.groupdict()
        if kind == "packed" and _unit(gd.get("u")) not in ctx.packs:
            continue  # not containers something was packed into: an activity's tally
        if kind == "containers" and (_unit(gd.get("u")) not in ctx.fills or ctx.packs):
            continue
        if kind == "task_left" and not ctx.task_units and not ctx.task_verbs:
            continue  # no job stated: "have to use" is not what is left of one
        if kind == "task_left":
            gd = {k: v for k, v in gd.items() if k != "e"}  # the job's, whoever does it
        for w in SCALE_WORDS.finditer(body):
            # "How many quarters" asks for coins; any other scale word is not read here.
            if not (w.group(0).startswith("quarter") and _unit(gd.get("u")) == "quarter"):
                raise Unreadable(f"scale word {w.group(0)!r} in the question is not read")
        cue = ctx.cue(m, 0)
        # "How much does 1 pencil cost": the 1 is a determiner the pattern grounds.
        qids = tuple(ctx.q(m, "one") for _ in [0] if gd.get("one"))
        unit_surface = gd.get("u") or ""
        if gd.get("nounless") and kind != "task_left":
            # No noun: the one unit the problem's holdings have, or not read. Packs of
            # cupcakes hold cupcakes: a container unit yields to what it contains.
            units = sorted(ctx.units - {"?"})
            units = [u for u in units if not any(u.startswith(v + " ") for v in units)]
            if kind == "per_each":
                # "How many does each student get?": of the thing that is not the students
                units = [u for u in units if u != _unit(gd["c"])]
            if len(units) != 1:
                raise Unreadable("the question names no unit and the problem has no single one")
            gd = dict(gd, u=units[0])
        money = m.group(0).startswith("how much money")
        if kind in {"money", "spend", "change"} or money:
            unit_surface = "dollars"
        elif kind == "age":
            unit_surface = "years"
        elif kind == "unit_price":
            unit_surface = "dollars"
        base: dict[str, Any] = {"unit": _unit(gd.get("u")) if gd.get("u") else None}
        if kind in {"money", "spend", "change"} or money:
            base["unit"] = "dollar"
        if kind == "age":
            base["unit"] = "year"
        if kind == "unit_price":
            base["item"] = _unit(gd["c"])
            base["unit"] = "dollar"
        if kind in {"subset", "subset_not"}:
            base["part"] = gd["w"]
        if kind == "per_each":
            base["per"] = _unit(gd["c"])
        if kind == "afford":
            # What the money held buys, in whole things at the question's price.
            base["unit"], base["item"] = "dollar", _unit(gd["u"])
            qids = (ctx.q(m, "k"),)
        if kind == "task_left" and (gd.get("u") or gd.get("nounless")):
            # in the thing asked about, or (no noun) in the one kind of thing the job counts
            if gd.get("nounless"):
                heads = {u.split()[-1] for u in ctx.task_units}
                if len(heads) != 1:
                    raise Unreadable("the question names no thing and the job counts several")
                gd = dict(gd, u=heads.pop())
                unit_surface = ""
            base["unit"], base["verb"] = _unit(gd["u"]), gd["tv"]
        elif kind == "task_left" or gd.get("time") is not None:
            # "How long": in the one time unit a "takes 7 hours to paint" clause counts in.
            if len(ctx.times) != 1:
                raise Unreadable("how long, with no single time per thing")
            gd = dict(gd, u=next(iter(ctx.times)))
            base["unit"], base["verb"] = gd["u"], gd["tv"]
            unit_surface = gd["u"] + "s"
        if kind == "task_left":
            base["entity"] = TASK
        if kind == "rate_times":
            # "How many pages does he read in 5 days": a rate times the question's number.
            base["per"] = _unit(gd["c"])
            qids = (ctx.q(m, "k"),)
            if gd.get("price") is not None:
                base["unit"], unit_surface = "dollar", "dollars"
                if "cent" in ctx.units and "dollar" not in ctx.units:
                    # "How much would 136 pieces cost?" at "18 cents" each: in cents.
                    base["unit"], unit_surface = "cent", "cents"
        if kind == "state" and gd.get("v"):
            base["verb"] = "go" if gd["v"] in {"go to", "attend"} else gd["v"]
        if kind == "money" and gd.get("earn") in {"earn", "make", "have made"}:
            base["verb"] = "earn"
        if kind in {"duration", "distance"}:
            base["verb"] = gd.get("mv") or "go"
        if gd.get("way") is not None:
            # "how far ... in 36 hours": in the one unit of way the problem counts.
            ways = sorted(u for u in ctx.units if u in _WAY_UNITS)
            if len(ways) != 1:
                raise Unreadable("how far, with no single unit of way")
            base["unit"], base["verb"] = ways[0], gd["mv"]
            unit_surface = ways[0] + "s"
        if kind == "spend" and gd.get("cat"):
            # "How much did she spend on toys?": only what was bought in one go is known
            # to be of that kind (another sentence may buy pants), and only if the kind is
            # not one of the things bought ("spend on the cap" is that item alone).
            base["category"] = gd["cat"]
            _check_category(gd["cat"], ctx.text[: ctx.offset])
        if kind == "goal":
            verb = gd.get("gv") or gd["gh"]
            if gd.get("e2") and ctx.entity(gd["e2"]) != ctx.entity(gd["e"]):
                raise Unreadable("the target is someone else's")
            if verb.split()[0] in {"give", "spend", "sell", "eat", "use", "lose", "throw"}:
                base["direction"] = "down"
            elif verb.split()[0] in {
                "find",
                "buy",
                "pick",
                "get",
                "earn",
                "save",
                "make",
                "bake",
                "collect",
                "catch",
                "grow",
                "add",
                "win",
                "have",
                "read",
            }:
                base["direction"] = "up"
            else:
                raise Unreadable(f"what {verb!r} does to the amount is not known")
            if gd.get("u2") and gd.get("u") and _unit(gd["u2"]) != _unit(gd["u"]):
                raise Unreadable("the target counts another thing")
            if not gd.get("u"):
                if not gd.get("u2"):
                    raise Unreadable("the question names no unit")
                gd = dict(gd, u=gd["u2"])
                base["unit"] = _unit(gd["u2"])
                unit_surface = gd["u2"]
            qids = (ctx.q(m, "k"),)
        if kind == "last":
            base["unit"] = "dollar" if gd["stuff"] == "money" else _unit(gd["stuff"])
        if kind == "speed" and gd.get("pos") in {"its", "their"}:
            # "What was its average speed?": the one holder named by a common noun.
            sole = ctx.sole_holder()
            if sole is None:
                raise Unreadable(f"'{gd['pos']}' has no single antecedent")
            gd = dict(gd, pos=None, e=sole[0])
        if gd.get("pos"):
            gd = dict(gd, e=gd["pos"])
        if kind == "difference" and gd.get("dv") not in {None, "have", "own"}:
            base["verb"] = gd["dv"]
        if kind == "total" and gd.get("w") and gd["w"].strip() not in _TOTAL_WORDS:
            # "How many apples did they pick": the tally of that activity, per person.
            base["verb"] = gd["w"].strip()
        out: list[Question] = []
        if gd.get("other") is not None:
            # The other of exactly two people named in the problem.
            if len(ctx.persons) != 2:
                raise Unreadable("'more' without 'than' needs exactly two people")
            others = [p for p in ctx.persons if p not in ctx.entity(gd["a"])]
            if len(others) != 1:
                raise Unreadable("no single other person to compare with")
            gd = dict(gd, b=others[0])
        if gd.get("needed") is not None:
            # needed by nobody who holds anything ("Debby's class is going on a trip" names
            # whose trip): the one holder of the problem, or the world's stock
            if any(e in ctx.persons for e, _u in ctx.owned) or len(ctx.locations) > 1:
                raise Unreadable("who needs them is not said")
            sole = ctx.sole_holder()
            gd = dict(gd, e=sole[0] if sole else (ctx.locations or [WORLD])[0])
        if gd.get("solo") is not None:
            if len(ctx.persons) != 1:
                raise Unreadable("whose money is left is not said")
            gd = dict(gd, e=ctx.persons[0])
        if gd.get("passive"):
            # "How many pears were picked in total?": every named person's tally of it.
            # Closed world: a person no sentence gives any of that thing has none of it
            # ("Fred picked 130 apples" picked no oranges).
            unit = str(base["unit"])
            pickers = [
                p
                for p in ctx.persons
                if any(e == p and (u == unit or u.endswith(" " + unit)) for e, u in ctx.owned)
            ]
            if any(e in ctx.persons and e not in pickers and u == "None" for e, u in ctx.owned):
                raise Unreadable("someone's tally has no stated unit")
            if body.endswith(" today") and re.search(
                r"\b(?:yesterday|tomorrow|last|next|ago)\b", ctx.text[: ctx.offset]
            ):
                raise Unreadable("asked about today, with other days in the problem")
            sole = ctx.sole_holder()
            if not pickers and sole is not None:
                # "How many cakes were served today?" of the one restaurant of the problem.
                args = dict(base, entity=sole[0], verb=_PARTICIPLE[gd["passive"]])
                out.append(Question("state", args, (cue,), ctx.sentence, unit_surface, qids))
                return out
            if len(pickers) < 2:
                raise Unreadable("a total of a tally needs two or more named people")
            args = dict(base, entities=sorted(pickers), verb=_PARTICIPLE[gd["passive"]])
            out.append(Question(kind, args, (cue,), ctx.sentence, unit_surface, qids))
        elif gd.get("they"):
            # "they" in a total: every named person, and there must be several; or the pair
            # named together ("Janet and her sister").
            if ctx.group_ok():
                args = dict(base, entities=list(ctx.group))
            elif len(ctx.persons) < 2 and ctx.sole_holder() is not None and kind == "total":
                # "How many hens do they have left?" of the one farm: its state
                for e in ctx.entity("they"):
                    out.append(
                        Question("state", dict(base, entity=e), (cue,), ctx.sentence,
                                 unit_surface, qids)
                    )  # fmt: skip
                return out
            elif len(ctx.persons) < 2:
                raise Unreadable("'they' needs two or more named people")
            else:
                args = dict(base, entities=sorted(ctx.persons))
            out.append(Question(kind, args, (cue,), ctx.sentence, unit_surface, qids))
        elif kind == "spend" and gd.get("e") == "they" and ctx.group_ok():
            # "How much did they spend?": what each of the pair spent
            args = dict(base, entity=GROUP, entities=list(ctx.group))
            out.append(Question(kind, args, (cue,), ctx.sentence, unit_surface, qids))
        elif gd.get("x3"):
            mentions = [ctx.entity(gd[g]) for g in ("x1", "x2", "x3")]
            for combo in _product(*mentions):
                if len(set(combo)) == 3:
                    args = dict(base, entities=sorted(combo))
                    out.append(Question(kind, args, (cue,), ctx.sentence, unit_surface, qids))
        elif "a" in gd and gd.get("a"):
            for a, b in _product(ctx.entity(gd["a"]), ctx.entity(gd["b"])):
                if a != b:
                    args = dict(base, entities=[a, b] if kind == "difference" else sorted([a, b]))
                    out.append(Question(kind, args, (cue,), ctx.sentence, unit_surface, qids))
        elif (
            gd.get("loc")
            and gd["loc"] not in ctx.locations
            and not ctx.locations
            and any(
                e == WORLD and u.split()[-1] == singular(gd["loc"].split()[-1])
                for e, u in ctx.owned_world
            )
        ):
            # "How many books were on the shelves?" after "There were 150 book shelves":
            # the world's, on the shelves it has
            args = dict(base, entity=WORLD)
            out.append(Question("world", args, (cue,), ctx.sentence, unit_surface, qids))
        elif gd.get("loc"):
            if gd["loc"] not in ctx.locations:
                # "on the bus" for "the school bus": the one place of that name
                named = [loc for loc in ctx.locations if loc.endswith(" " + gd["loc"].split()[-1])]
                if len(named) != 1 or len(gd["loc"].split()) != 2:
                    raise Unreadable(f"{gd['loc']} holds nothing the problem stated")
                gd = dict(gd, loc=named[0])
            args = dict(base, entity=gd["loc"])
            out.append(Question(kind, args, (cue,), ctx.sentence, unit_surface, qids))
        elif kind == "world" and len(ctx.locations) > 1 and gd.get("tot"):
            # "How many pencils are there in total?" over the drawer and the desk.
            args = dict(base, entities=sorted(ctx.locations))
            out.append(Question("total", args, (cue,), ctx.sentence, unit_surface, qids))
        elif kind == "world" and len(ctx.locations) == 1:
            # "How many birds are there now?" with one place in the problem: that place.
            args = dict(base, entity=ctx.locations[0])
            out.append(Question("state", args, (cue,), ctx.sentence, unit_surface, qids))
        elif kind == "world" and not ctx.locations and len(ctx.persons) == 1:
            # "How many are left?" when one person holds everything: what she holds.
            args = dict(base, entity=ctx.persons[0])
            out.append(Question("state", args, (cue,), ctx.sentence, unit_surface, qids))
        elif gd.get("e") and base.get("unit") in GENERIC_NOUNS:
            for e in ctx.entity(gd["e"]):
                for scope in ("all", "contents"):
                    args = dict(base, entity=e, generic=scope)
                    out.append(Question(kind, args, (cue,), ctx.sentence, unit_surface, qids))
        elif gd.get("e"):
            for e in ctx.entity(gd["e"]):
                out.append(
                    Question(kind, dict(base, entity=e), (cue,), ctx.sentence, unit_surface, qids)
                )
        else:
            out.append(Question(kind, base, (cue,), ctx.sentence, unit_surface, qids))
        return out
    raise Unreadable("question matches no question pattern")


# --------------------------------------------------------------------------- closed world
# Every sentence is read, or set aside by a named rule, or it is unread and the pool
# refuses. Scale words multiply what they touch: one that no clause read as a cue makes
# its sentence unread, never silently dropped.

SCALE_WORDS = re.compile(
    r"\b(?:doubles?|doubled|doubling|triples?|tripled|tripling|quadruples?|quadrupled|"
    r"halves|halved|halving|half|twice|thrice|dozens?|pairs?|(?<=\ba )score|(?<=\d )scores?|"
    r"(?<=\ba )gross|couple|"
    r"thirds?|quarters?|fourths?|fifths?|sixths?|eighths?|tenths?|percent|times|"
    r"twofold|threefold|fourfold|fold)\b",
    re.IGNORECASE,
)
#: "5 quarters" counts coins; "3 quarters of" is a fraction (a scale word).
_COIN_QUARTER = re.compile(
    r"(?:(?<=\d )|(?<=\bhis )|(?<=\bher )|(?<=\btheir )|(?<=\bthe )|(?<=\bmany ))"
    r"quarters?\b(?! of\b)"
)
#: "fourth grade" is a class of a school, not a fraction.
_GRADE = re.compile(r"(?:third|fourth|fifth|sixth|eighth|tenth) grade(?:rs?)?\b")
#: "in the first half" of a game is a time of it, not a fraction of anything.
_HALF_TIME = re.compile(
    r"half\b(?<=\bthe first half)(?! of\b)|half\b(?<=\bthe second half)(?! of\b)"
)
_PRONOUNS = re.compile(r"\b(?:he|she|they|him|her|his|hers|them|their|theirs|it|its)\b", re.I)

#: Named rules that set a sentence aside. Each applies only to a sentence without a
#: number, a scale word or a verb of change (``CHANGE_WORDS``); the trace names the rule.
SET_ASIDE_RULES: tuple[tuple[str, re.Pattern[str] | None], ...] = (
    # Nobody and nothing of the problem is in it: pure scene-setting ("It is a sunny day").
    ("scene_without_actor", None),
    # Going somewhere moves the person, not what they hold ("Sara went to the mall").
    (
        "motion_to_place",
        re.compile(
            rf"^{ENT} (?:went|goes|go|walked|walks|drove|drives|ran|runs|was going|is going|"
            r"strolled|sprinted|jogged|hiked|biked|rode|flew)"
            r" to (?:the|a|an|his|her|their|[A-Z][a-z]+'s) [a-z]+(?: [a-z]+)?"
            rf"(?: with {ENT}(?: and {ENT})?)?"
            # what for: "to see a movie" (a purpose that changes nothing; "to buy apples"
            # is a purchase of an unknown amount and never set aside)
            r"(?: to (?!buy\b|get\b|sell\b|spend\b|give\b|eat\b|use\b|pick\b|collect\b|"
            r"find\b|trade\b|lend\b|borrow\b|pay\b|win\b|lose\b|make\b|bake\b)[a-z]+"
            r"(?: [a-z]+)?)?"
            r"(?: (?:on|last|this|yesterday|today|after) ?[a-z]*)?$"
        ),
    ),
    # An outing is not a quantity ("Sara goes fishing with Melanie").
    (
        "outing",
        re.compile(
            rf"^{ENT} (?:goes|went|go|is going|was going) [a-z]+ing"
            rf"(?: with {ENT}(?: and {ENT})?)?(?: (?:on|at|in|this|last) [a-z]+(?: [a-z]+)?)?$"
        ),
    ),
    # What someone was doing sets a scene ("Emily was planting vegetables in her garden").
    (
        "scene_in_progress",
        re.compile(rf"^{ENT}(?: and {ENT})? (?:was|were|is|are) [a-z]+ing(?: (?:[a-z]+|{ENT}))*$"),
    ),
    # Joining a group is not a quantity ("Mike joined his school's band").
    (
        "joined_group",
        re.compile(
            rf"^{ENT} (?:joined|joins|has joined) (?:the|a|an|his|her|their|[A-Z][a-z]+'s) "
            r"(?:[a-z]+'s )?[a-z]+(?: [a-z]+)?$"
        ),
    ),
    # A liking is not a quantity ("Alyssa loves eating fruits").
    (
        "preference",
        re.compile(
            rf"^{ENT} (?:loves|likes|enjoys|loved|liked|enjoyed)"
            r" (?:[a-z]+ing )?(?:the |a |an )?[a-z]+(?: [a-z]+)?$"
        ),
    ),
)


def unread_scale_words(sentence: Sentence, text: str) -> list[str]:
    """Scale words of a read sentence that no clause cue covers in some alternative."""
    start, end = sentence.start, sentence.start + len(sentence.text)
    missed: list[str] = []
    for m in SCALE_WORDS.finditer(text, start, end):
        if (
            _COIN_QUARTER.match(text, m.start())
            or _GRADE.match(text, m.start())
            or _HALF_TIME.match(text, m.start())
        ):
            continue
        for alt in sentence.alternatives:
            spans = [(c.start, c.end) for clause in alt for c in clause.cues]
            if not any(a <= m.start() and m.end() <= b for a, b in spans):
                missed.append(m.group(0))
                break
    return missed


def _mentions(body: str, persons: list[str], question: list[Question]) -> str | None:
    """What of the problem a sentence mentions: a person, a pronoun, the question's noun."""
    for p in persons:
        if re.search(rf"\b{re.escape(p)}\b", body):
            return f"person {p}"
    m = _PRONOUNS.search(body)
    if m:
        return f"pronoun {m.group(0)}"
    words = {singular(w) for w in re.findall(r"[a-z]+", body.lower())}
    for q in question:
        for key in ("unit", "item"):
            unit = q.args.get(key)
            if isinstance(unit, str) and words & set(unit.split()):
                return f"the question's {unit}"
        for key in ("entity", "entities"):
            ents = q.args.get(key)
            for e in [ents] if isinstance(ents, str) else list(ents or []):
                if e != WORLD and words & {singular(w) for w in re.findall(r"[a-z]+", e.lower())}:
                    return f"the question's {e}"
    return None


def set_aside(body: str, persons: list[str], question: list[Question]) -> str | None:
    """The rule that sets aside a sentence no pattern read, or None (it is unread)."""
    if SCALE_WORDS.search(body) or CHANGE_WORDS.search(body.lower()):
        return None
    for name, pattern in SET_ASIDE_RULES:
        if pattern is None:
            if _mentions(body, persons, question) is None:
                return name
        elif pattern.fullmatch(body):
            if name == "scene_in_progress" and _changing(body) and _mentions_unit(body, question):
                # "Sara was eating the apples": a change of what the question counts.
                continue
            return name
    return None


def _changing(body: str) -> bool:
    """The '-ing' verb of a scene is a verb of change ("eating", "selling", "planting")."""
    m = re.search(r"\b([a-z]+)ing\b", body)
    if m is None:
        return False
    stem = m.group(1)
    forms = [stem + "s", stem + "es", stem + "es"[1:], stem[:-1] + "s", stem + "e" + "s"]
    return any(CHANGE_WORDS.fullmatch(f) for f in forms)


def _mentions_unit(body: str, question: list[Question]) -> bool:
    words = {singular(w) for w in re.findall(r"[a-z]+", body.lower())}
    for q in question:
        unit = q.args.get("unit")
        if not isinstance(unit, str) or words & set(unit.split()):
            return True
    return False


# --------------------------------------------------------------------------- driver

#: Capitalised words that name days and months, never people.
_CALENDAR = frozenset(
    [
        "Halloween",
        "Christmas",
        "Easter",
        "Thanksgiving",
        "Monday",
        "Tuesday",
        "Wednesday",
        "Thursday",
        "Friday",
        "Saturday",
        "Sunday",
        "January",
        "February",
        "March",
        "April",
        "May",
        "June",
        "July",
        "August",
        "September",
        "October",
        "November",
        "December",
    ]
)

_SPLIT = re.compile(r"(?<=[.?!])\s+(?=[A-Z0-9])")
_QUANTITY = re.compile(r"(?<![\w.])\d+(?:\.\d+)?(?:/[1-9]\d*)?(?![\w/])")
_LEAD = re.compile(
    r"^(?i:(?:then|later|next|after that|afterwards|finally|now|today|in the end),? )(?=.)"
    r"|^(?i:(?:this|last|next) (?:season|year|week|month|summer|winter|spring|fall),? )"
    r"(?=(?:[A-Z][a-z]+|he|she|they) )"
    # "For the school bake sale, Wendy made 3 pies": a setting without a number. Its
    # words are lower case: the subject after it is a capitalised name or a pronoun.
    r"|^(?i:for|at|during|on|in|while|after|before|by) (?:the |a |an |his |her |their )?"
    r"(?:[a-z]+ ){0,5}?[a-z]+,? (?=(?:[A-Z][a-z]+|he|she|they) )"
    # "During the year 4 students left", "In fourth grade there were 10 students": the
    # same setting before a number or "there".
    r"|^(?i:at|during|in|after) (?:the )?(?:[a-z]+ ){0,3}?[a-z]+,? "
    r"(?=\d+ [a-z]+ [a-z]+|there (?:are|were|is|was) \d)"
    r"|^(?i:for|on|at|after|before|by|in) (?:Halloween|Christmas|Easter|Thanksgiving|"
    rf"{_MONTHS}|Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday),? "
    r"(?=(?:[A-Z][a-z]+|he|she|they) )"
    # "If Anne wandered for 3 hours at 2 miles per hour.": a statement, not a condition of
    # anything that follows in the sentence.
    r"|^If (?=[A-Z][a-z]+ [a-z]+ )"
)


def _prepare(body: str, nouns: frozenset[str] = frozenset()) -> tuple[str, int]:
    """Strip a leading connective and lower-case a sentence-initial function word or noun."""
    shift = 0
    for _ in range(2):  # "Then, on Sunday, he hiked": two leads
        lead = _LEAD.match(body)
        # "Now Sara has 12 dollars left" states a final state: its "now" is kept.
        if not lead or re.match(r"now\b", body, re.IGNORECASE):
            break
        shift += lead.end()
        body = body[lead.end() :]
    first = body.split(" ", 1)[0]
    if first in SENTENCE_INITIAL_WORDS or first in nouns:
        body = first.lower() + body[len(first) :]
    return body, shift


def _capitalised_nouns(text: str) -> frozenset[str]:
    """Capitalised words that are nouns ("Notebooks cost 6 dollars each"): they also occur
    in lower case in the problem. A name never does."""
    lower = {singular(w) for w in re.findall(r"\b[a-z]+\b", text)}
    return frozenset(
        w
        for w in re.findall(r"\b[A-Z][a-z]+\b", text)
        if w not in NAME_GENDER and singular(w.lower()) in lower
    )


# A pattern name (or "left+right") and the alternatives it read.
_Read = tuple[str, list[list[Clause]]]


def _side_by_side(left: _Read | None, right: _Read | None) -> _Read | None:
    """Two clauses of one sentence read together: every pairing of their alternatives."""
    if left is None or right is None:
        return None
    return f"{left[0]}+{right[0]}", [a + b for a, b in itertools.product(left[1], right[1])]


def _read_clause(
    body: str, shift: int, ctx: _Context, sent: Sentence, prefix_len: int = 0
) -> _Read | None:
    """The first pattern matching ``body`` (at ``shift`` in the sentence), with its alternatives.

    The first ``prefix_len`` characters of ``body`` are borrowed from the sentence start."""
    base = ctx.offset
    ctx.offset = base + shift
    ctx.prefix_len, ctx.prefix_base = prefix_len, base
    try:
        for name, pattern, builder in _COMPILED:
            m = pattern.fullmatch(body)
            if not m:
                continue
            try:
                alts = builder(m, ctx)
            except Unreadable as exc:
                sent.labels.append(f"{name}: {exc}")
                return None
            except (KeyError, ValueError, IndexError, ZeroDivisionError) as exc:
                # A builder that trips has not read the sentence: unread, never guessed.
                sent.labels.append(f"{name}: builder_error:{type(exc).__name__}")
                return None
            if not alts:
                sent.labels.append(f"{name}: no consistent reading")
                return None
            return name, alts
        return None
    finally:
        ctx.offset = base
        ctx.prefix_len = 0


_CHANGE_VERB = rf"(?=(?:{GAIN_V}|{LOSE_V}|{GIVE_V})\b)"
_PACK_VERB = r"(?=(?:put|puts|placed|places|packed|packs|sorted|sorts|plans to go)\b)"
_VERB_AFTER_AND = re.compile(
    rf",? (?:and|but) (?:then |later |also |then later )?(?:{_CHANGE_VERB}|{_PACK_VERB}"
    r"|(?=(?:pays|paid) with\b)"
    r"|(?=(?:has|had) (?:already|only) [a-z]+ed\b))"
    rf"|,? then (?:{_CHANGE_VERB}|{_PACK_VERB})"
)


_AND_SUBJECT = re.compile(
    rf",? (?:and|but|while)(?: then)? (?={ENT} (?:{HAVE_V}|{GAIN_V}|{LOSE_V}|{GIVE_V}|puts|put|"
    r"places|placed)\b)"
)


def _read_compound(body: str, ctx: _Context, sent: Sentence) -> _Read | None:
    """'X gives away 6 beads and buys 4 beads': two clauses sharing the subject X;
    'X has 5 apples and Y has 3 apples': two clauses with their own subjects."""
    own = _AND_SUBJECT.search(body)
    if own is not None:
        noted = len(sent.labels)
        left = _read_clause(body[: own.start()], 0, ctx, sent)
        if left is None and len(sent.labels) == noted:
            # "Jessica grew 35 watermelons and 30 carrots, but the rabbits ate 27": the first
            # clause shares its verb between two numbers
            left = _read_shared_verb(body[: own.start()], ctx, sent)
        right = _read_clause(body[own.end() :], own.end(), ctx, sent)
        both = _side_by_side(left, right)
        if both is not None:
            return both
    m = re.match(ENT + " ", body) or re.match(r"(?:a|an) [a-z]+ ", body)
    cut = _VERB_AFTER_AND.search(body)
    if not m or not cut:
        return None
    subject = m.group(0)
    first = body[: cut.start()]
    rest_start = cut.end()
    for lead in ("then later ", "then ", "later ", "also "):
        if body[rest_start:].startswith(lead):
            rest_start += len(lead)
            break
    second = body[rest_start:]
    left = _read_clause(first, 0, ctx, sent)
    # The second clause is read with the subject prepended; offsets shift to stay grounded.
    right = _read_clause(subject + second, rest_start - len(subject), ctx, sent, len(subject))
    return _side_by_side(left, right)


_AND_NUMBER = re.compile(r",? and (?=\d)")


def _read_shared_verb(body: str, ctx: _Context, sent: Sentence) -> _Read | None:
    """'X gives 5 stickers to Ben and 3 stickers to Tom': the verb phrase before the first
    number is shared. Not after 'of' or 'with', where the scope is ambiguous."""
    cut = _AND_NUMBER.search(body)
    subject = re.match(ENT + " ", body)
    if cut is None or subject is None or _AND_NUMBER.search(body, cut.end()):
        return None
    first = body[: cut.start()]
    digit = re.search(r"\d", first)
    if digit is None or re.search(r"\b(?:of|with)\b", first):
        return None
    prefix = first[: digit.start()]
    left = _read_clause(first, 0, ctx, sent)
    right = _read_clause(
        prefix + body[cut.end() :], cut.end() - len(prefix), ctx, sent, len(prefix)
    )
    return _side_by_side(left, right)


_ITEM_SEP = re.compile(r"(?:, and |, | and )(?=\d|an? )")


def _read_shared_list(body: str, ctx: _Context, sent: Sentence) -> _Read | None:
    """'Keith spent 13 dollars on a toy, 6 dollars on food, and 12 dollars on a cage':
    the subject and verb are shared by every item. Read only if every item reads, each
    with the shared subject and verb, or (an item with its own verb) the subject alone."""
    head = re.match(rf"({ENT}) (?:also )?([a-z]+) ", body)
    cuts = list(_ITEM_SEP.finditer(body))
    if head is None or not cuts or len(cuts) > 5:
        return None
    subject, prefix = head.group(1) + " ", head.group(0)
    read = _read_clause(body[: cuts[0].start()], 0, ctx, sent)
    for i, cut in enumerate(cuts):
        end = cuts[i + 1].start() if i + 1 < len(cuts) else len(body)
        item = body[cut.end() : end]
        lead = (
            prefix if not re.match(r"(?:got|bought|spent|paid|gave|sold|used)\b", item) else subject
        )
        right = _read_clause(lead + item, cut.end() - len(lead), ctx, sent, len(lead))
        read = _side_by_side(read, right)
        if read is None:
            return None
    return read


_LIST_SEP = re.compile(r",? and |, ")


def _read_list(body: str, ctx: _Context, sent: Sentence) -> _Read | None:
    """'Fred has 5 balloons, Sam has 6 balloons, and Mary has 7 balloons': a list of
    clauses, each a sentence of its own; read only if every item reads alone."""
    cuts = list(_LIST_SEP.finditer(body))
    if not cuts or len(cuts) > 4:
        return None
    read: _Read | None = ("", [[]])
    start = 0
    for cut in [*cuts, None]:
        end = cut.start() if cut is not None else len(body)
        item = _read_clause(body[start:end], start, ctx, sent)
        if item is None:
            return None
        read = _side_by_side(read, item)
        if cut is not None:
            start = cut.end()
    if read is None:
        return None
    return read[0].lstrip("+"), read[1]


def parse_problem(problem_text: str) -> Parse:
    """Read ``problem_text``: normalised text, quantities, clause alternatives, question."""
    text = normalize(problem_text)
    quantities: list[Quantity] = []
    spans: list[tuple[int, int]] = []
    pos = 0
    for raw in _SPLIT.split(text):
        start = text.index(raw, pos)
        spans.append((start, start + len(raw)))
        pos = start + len(raw)
    qids: dict[int, str] = {}
    for i, (s, e) in enumerate(spans):
        for m in _QUANTITY.finditer(text, s, e):
            qid = f"q{len(quantities)}"
            quantities.append(Quantity(qid, Fraction(m.group()), m.group(), m.start(), m.end(), i))
            qids[m.start()] = qid
    nouns = _capitalised_nouns(text)
    persons = sorted(
        {
            w
            for w in re.findall(r"\b[A-Z][a-z]+\b", text)
            if w not in SENTENCE_INITIAL_WORDS and w not in nouns and w not in _CALENDAR
        },
        key=lambda w: text.index(w),
    )
    ctx = _Context(
        text=text, offset=0, qids=qids, persons=persons, entities=list(persons), sentence=0
    )
    sentences: list[Sentence] = []
    questions: list[Question] = []
    question_error: str | None = None
    pending: list[tuple[Sentence, str]] = []
    for i, (s, e) in enumerate(spans):
        raw = text[s:e]
        body = raw.rstrip(".?!").rstrip()
        prepared, shift = _prepare(body, nouns)
        ctx.offset = s + shift
        ctx.sentence = i
        if raw.endswith("?"):
            sent = Sentence(i, raw, s, "question")
            sentences.append(sent)
            if i != len(spans) - 1:
                question_error = "question_not_last"
                continue
            try:
                questions = _question(prepared, ctx)
            except (Unreadable, KeyError, ValueError, IndexError, ZeroDivisionError) as exc:
                question_error = "question_not_understood"
                sent.labels.append(str(exc))
            continue
        sent = Sentence(i, raw, s, "unread")
        sentences.append(sent)
        read = _read_clause(prepared, 0, ctx, sent)
        # Split a sentence only if no pattern matched it whole (a match that failed to
        # ground leaves a note, and splitting it could drop one of its readings).
        if read is None and not sent.labels:
            read = _read_compound(prepared, ctx, sent)
        if read is None and not sent.labels:
            read = _read_shared_verb(prepared, ctx, sent)
        if read is None and not sent.labels:
            read = _read_shared_list(prepared, ctx, sent)
        if read is None and not sent.labels:
            read = _read_list(prepared, ctx, sent)
        if read is not None:
            sent.status, sent.pattern, sent.alternatives = "read", read[0], read[1]
            for alt in read[1]:
                for clause in alt:
                    unit = clause.args.get("unit")
                    ctx.units.add(unit if isinstance(unit, str) else "?")
                    if clause.args.get("entity") == WORLD and isinstance(unit, str):
                        ctx.owned_world.add((WORLD, unit))
                    for key in ("entity", "giver", "taker", "base"):
                        if isinstance(clause.args.get(key), str) and clause.args[key] != WORLD:
                            ctx.register(clause.args[key])
                            ctx.owned.add((clause.args[key], str(unit)))
            missed = unread_scale_words(sent, text)
            if missed:
                sent.status, sent.alternatives = "unread", []
                sent.labels.append(f"scale_word_not_read:{missed[0]}")
        else:
            pending.append((sent, prepared))
    _fill_nounless(sentences)
    _kinds_of_question(sentences, questions)
    _kinds_of_rate(sentences, questions)
    # A sentence no pattern read is set aside only by a named rule, decided once the
    # question is known (the rule looks for the question's entity and noun).
    for sent, prepared in pending:
        has_number = any(q.sentence == sent.index for q in quantities)
        rule = None if has_number or sent.labels else set_aside(prepared, persons, questions)
        if rule is not None:
            sent.status = "ignored"
            sent.labels.append(f"set_aside:{rule}")
    if not questions and question_error is None:
        question_error = "no_question_found"
    return Parse(text, quantities, sentences, questions, question_error, persons)
