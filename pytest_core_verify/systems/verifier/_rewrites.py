"""The declared surface rewrites of ``normalize()``: each a name, a pattern, a replacement
and the stage it runs in (the stages run in order, with the rewrites ``normalize()`` still
writes as code between them; within a stage, in the order listed). Every rewrite has a
before/after example (``tests/systems/verifier/data/rewrite_examples.json``, texts of the
lane's own corpora), which the tests apply; what a rewrite may delete is accounted for by
``_passable.py``.

Part of the reader; no pytest import.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

__all__ = ["REWRITES", "Rewrite", "apply_stage"]

_Repl = str | Callable[[re.Match[str]], str]


@dataclass(frozen=True)
class Rewrite:
    """One surface rewrite: ``pattern`` replaced by ``replacement`` at ``stage``."""

    name: str
    stage: int
    pattern: re.Pattern[str]
    replacement: _Repl

    def apply(self, text: str) -> str:
        return self.pattern.sub(self.replacement, text)


def _rw(name: str, stage: int, pattern: str, replacement: _Repl) -> Rewrite:
    return Rewrite(name, stage, re.compile(pattern), replacement)


REWRITES: tuple[Rewrite, ...] = (
    # Tokenised text ("school 's", "did n't", "$ 3", "light - year", "word .") rejoined.
    _rw(
        "rejoin_possessive",
        0,
        r"(\w)\s+'\s*s\b",
        r"\1's",
    ),
    _rw(
        "rejoin_contraction",
        0,
        r"(\w) n't\b",
        r"\1n't",
    ),
    _rw(
        "rejoin_dollar_sign",
        0,
        r"\$\s+(?=\d)",
        "$",
    ),
    _rw(
        "rejoin_hyphen",
        0,
        r"([A-Za-z]) - ([A-Za-z])",
        r"\1-\2",
    ),
    _rw(
        "rejoin_punctuation",
        0,
        r"(?<=\w)\s+([.,?!])(?=\s|$)",
        r"\1",
    ),
    _rw(
        "title_full_stop",
        0,
        r"\b(Mr|Mrs|Ms|Dr)\.",
        r"\1",
    ),
    # "Mrs Hilt" is the person Hilt: a title is not a second name.
    _rw(
        "drop_title",
        0,
        r"\b(?:Mr|Mrs|Ms|Miss|Dr) (?=[A-Z][a-z]+\b)",
        "",
    ),
    _rw(
        "thousands_comma",
        0,
        r"(\d),(\d{3})\b",
        r"\1\2",
    ),
    _rw(
        "dollar_bill",
        0,
        r"\$(\d+(?:\.\d+)?)[- ]bill\b",
        r"\1-dollar bill",
    ),
    _rw(
        "dollar_sign",
        0,
        r"\$(\d+(?:\.\d+)?)",
        r"\1 dollars",
    ),
    _rw(
        "percent_sign",
        0,
        r"(\d)\s*%",
        r"\1 percent",
    ),
    # "In one day they sold 34 of them": a setting, not a quantity of the problem.
    _rw(
        "in_one_day",
        0,
        r"(?:(?<=^)|(?<=[.!?] ))In one day,? ([a-z])",
        lambda m: m.group(1).upper(),
    ),
    _rw(
        "one_dollar_singular",
        1,
        r"\b1 dollars\b",
        "1 dollar",
    ),
    # "Ann has with 9 blocks": a stray "with" between a verb of holding and its number.
    _rw(
        "has_with_number",
        1,
        r"\b(has|had|have) with (?=\d)",
        r"\1 ",
    ),
    # "By March he had spent 4 dollars": the change happened; the past perfect says when.
    _rw(
        "past_perfect_change",
        1,
        r"\b(he|she|they|[A-Z][a-z]+) had (?:already )?(spent|used|lost|sold|donated|"
        r"deleted|dropped|given away|thrown away|eaten|broken|drunk)\b",
        lambda m: (
            f"{m.group(1)} "
            + {
                "given away": "gave away",
                "thrown away": "threw away",
                "eaten": "ate",
                "broken": "broke",
                "drunk": "drank",
            }.get(m.group(2), m.group(2))
        ),
    ),
    # "handed out 42 and decided to use the rest to make pies": what the rest is for.
    _rw(
        "rest_to_make",
        1,
        r",? and (?:decided|wanted|planned) to use the rest to make [a-z]+(?= ?[.!])",
        "",
    ),
    # "Each chocolate bar in a box cost $4": the box is where the bars are, not the price's.
    _rw(
        "item_in_container_costs",
        1,
        r"\b([Ee]ach [a-z]+(?: [a-z]+)?) in (?:a|the) (?:box|bag|pack|case|package) "
        r"(?=costs?\b)",
        r"\1 ",
    ),
    # "a box had 11 bars total": the holding is the total
    _rw(
        "held_total",
        1,
        r"\b(had|has|held|holds|contained) (\d+) ([a-z]+) total\b",
        r"\1 \2 \3",
    ),
    # "..., but 12 of them didn't show up", "but during a game 3 members didn't show up":
    # those who did not come are a sentence of their own.
    _rw(
        "did_not_show_up",
        1,
        r",? but (?:during (?:a|the) [a-z]+ )?(\d+ (?:of them|[a-z]+)) (?:didn't|did not|couldn't|"
        r"could not) (?:show up|come)\b",
        r". \1 did not come",
    ),
    # "each member that did show up": each member who came
    _rw(
        "each_that_came",
        1,
        r"\b([Ee]ach [a-z]+) (?:that|who) did (?:show up|come)\b",
        r"\1",
    ),
    # "bought 10 books, each of which cost $5": 10 books at 5 dollars each
    _rw(
        "each_of_which_cost",
        1,
        r"\b(\d+ [a-z]+(?: [a-z]+)?), each of which costs? (\d+(?:\.\d+)? dollars?)\b",
        r"\1 for \2 each",
    ),
    # "Alyssa paid $12.08 for grapes": money spent on them
    _rw(
        "paid_for_is_spent",
        1,
        r"\b(paid|pays) (\d+(?:\.\d+)? dollars?) for (?=[a-z])",
        r"spent \2 on ",
    ),
    _rw(
        "and_paid_for",
        1,
        r", and (\d+(?:\.\d+)? dollars?) for (?=[a-z])",
        r", and \1 on ",
    ),
    # "She used 70 of the flowers though.": the "though" contrasts, it counts nothing
    _rw(
        "though",
        1,
        r",? though(?=[.!?,])",
        "",
    ),
    # "saved up 4 dollars" saved them; "used the money he earned to buy 30 books" bought them.
    _rw(
        "saved_up",
        1,
        r"\b(saved|saves|save) up\b",
        r"\1",
    ),
    _rw(
        "money_earned_to_buy",
        1,
        r"\bused the money (?:he|she|they) (?:earned|made|got) to buy\b",
        "bought",
    ),
    # "threw away 3 old ones that didn't fit": so many of the owner's one kind of thing.
    _rw(
        "old_new_ones",
        1,
        r"\b(\d+) (?:old |new )ones(?: that (?:didn't|did not|don't|do not) fit)?\b",
        r"\1",
    ),
    # "32 more whistles that Charles", "more crayons does Willy have then Lucy": "than",
    # misspelt, before the name that ends the comparison.
    _rw(
        "than_misspelt",
        1,
        r"\b(more|fewer|less)\b([^.?!,]{0,40}?) (?:that|then) "
        r"(?=[A-Z][a-z]+(?:'s)?(?: does| did| has| had| do)?[.?])",
        r"\1\2 than ",
    ),
    # "Mike worked 3 hours, each day, for 5 days": the commas set off the rate's "each day".
    _rw(
        "rate_commas",
        1,
        r", ((?:each|every|per|a) (?:day|week|month|night)),",
        r" \1",
    ),
    # "Mary has 9 marbles Joan has 3 marbles": a missing full stop between two holdings.
    _rw(
        "missing_full_stop",
        2,
        r"(\d+ [a-z]+(?: (?!and\b|or\b|but\b|while\b|then\b|so\b)[a-z]+)?) "
        r"(?=[A-Z][a-z]+ (?:has|had) \d)",
        r"\1. ",
    ),
    # "She later deleted 31 of them": when it happened does not change how many.
    _rw(
        "time_adverb_before_verb",
        2,
        r"\b(he|she|they|[A-Z][a-z]+) (?:later|then|also|finally|eventually|already|only) "
        r"(?=[a-z]+ed\b|had\b|has\b|sold\b|took\b|got\b|spent\b|gave\b|bought\b|ate\b|"
        r"owns\b|won\b)",
        r"\1 ",
    ),
    # "... on the beach. he gave Jessica 2 of them": a sentence starts with a capital.
    _rw(
        "capital_pronoun",
        2,
        r"(?<=[.!] )(he|she|they|it)\b",
        lambda m: m.group(1).capitalize(),
    ),
    # "Now, Rosa has 90 flowers": the comma changes nothing.
    _rw(
        "now_comma",
        3,
        r"(?:(?<=^)|(?<=[.!] ))Now, ",
        "Now ",
    ),
    # "In all, how many ...?": the lead-in restates the question's own "in all".
    _rw(
        "question_lead_in",
        3,
        r"(?:(?<=^)|(?<=[.!] ))(?:In total|In all|Altogether|All together|At that rate), "
        r"(?=how\b)",
        "",
    ),
    # "At a company picnic 9 managers and 15 employees decided to start a game of
    # volleyball": who is there; what they decided to do counts nothing.
    _rw(
        "picnic_game",
        4,
        r"^(?:At|In|On) (?:a|an|the) [a-z]+(?: [a-z]+)? (\d+ [a-z]+ and \d+ [a-z]+) decided to "
        r"(?:start|play|have) (?:a|an) (?:game|match) of [a-z]+\.",
        r"There were \1.",
    ),
    # "If they split into 8 teams how many ...": the split is a statement, the comma missing
    _rw(
        "split_into_teams",
        4,
        r"(?<=[.!] )If they (split|were split|divided|were divided) into (\d+) (teams|groups),? "
        r"(?=how many )",
        r"They \1 into \2 \3. ",
    ),
    # "and by the end of the day he had 8 left": a sentence of its own
    _rw(
        "end_of_day_sentence",
        5,
        r",? and (by|at) the end of the day (he|she|they) ",
        lambda m: f". {m.group(1).capitalize()} the end of the day {m.group(2)} ",
    ),
    _rw(
        "capital_how",
        5,
        r"(?:(?<=^)|(?<=[.!?] ))how\b",
        "How",
    ),
    # "There were 7 friends playing a video game online when 2 more players joined the
    # game": those playing are players too, and the ones who joined came after them.
    _rw(
        "friends_playing_game",
        5,
        r"(?:(?<=^)|(?<=[.!] ))There (were|are) (\d+) (?:friends|kids|children|people|students|"
        r"boys|girls) playing (?:a|an|the) [a-z]+(?: [a-z]+){0,2} when (\d+) more players "
        r"(joined|join)(?: (?:the|their) game)?\.",
        r"There \1 \2 players. \3 more players \4.",
    ),
    # "There school's baseball team had 31 new players": the school's team ("There" for
    # "Their", a typo), named by what it is.
    _rw(
        "school_team_owner",
        6,
        r"(?:(?<=^)|(?<=[.!] ))(?:There|Their) [a-z]+'s ([a-z]+ team) (?=had|has)",
        r"The \1 ",
    ),
    # "Paul was collecting cans for recycling.": what he was doing, no number of anything
    # (the name stands for the pronoun of the next sentence)
    _rw(
        "collecting_scene",
        6,
        r"(?:(?<=^)|(?<=[.!] ))([A-Z][a-z]+) (?:was|is) (?:collecting|gathering) [a-z]+"
        r"(?: for [a-z]+)?\. ((?:On [A-Z][a-z]+ )?)(?:he|she|He|She) ",
        r"\2\1 ",
    ),
    # "On Saturday he filled 6 bags up and on Sunday he filled 3 more": two days, two
    # sentences ("up" completes "filled", it counts nothing)
    _rw(
        "filled_up",
        6,
        r"\b(filled|fills) (\d+) ([a-z]+) up\b",
        r"\1 \2 \3",
    ),
    _rw(
        "and_on_weekday",
        6,
        r"(?<=[a-z]) and on (Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday) "
        r"(he|she|they) ",
        r". On \1 \2 ",
    ),
    # "Rachel bought two coloring books. One had 24 pictures and the other had 39.": the
    # pictures of coloring books are a job of coloring them
    _rw(
        "coloring_books",
        6,
        r"(?:(?<=^)|(?<=[.!] ))([A-Z][a-z]+) (?:bought|got|has|had) 2 coloring books\. "
        r"(?:One|1) had (\d+) pictures and the other had (\d+)(?: pictures)?\.",
        r"\1 needed to color \2 pictures and \3 pictures.",
    ),
    # "After 1 week she had already colored 4 of the pictures": what is done of the job;
    # when it was done does not change how much
    _rw(
        "after_a_week",
        6,
        r"(?:(?<=^)|(?<=[.!] ))After (?:1|a) (?:week|day),? (he|she|they) (?=had already [a-z]+ed "
        r"\d+ of the )",
        lambda m: f"{m.group(1).capitalize()} ",
    ),
    # "bought 8 tickets for herself and her friends and 2 extra tickets in case anyone else
    # wanted to go": whom for and what if, with no number, change nothing of the count
    _rw(
        "bought_for_whom",
        7,
        r"(?<=\d )([a-z]+) for (?:himself|herself|themselves)(?: and (?:his|her|their) "
        r"(?:friends|family|brother|sister|parents|cousins))?\b",
        r"\1",
    ),
    _rw(
        "in_case_anyone",
        7,
        r"(?<=[a-z]),? in case (?:anyone|someone|somebody) (?:else )?(?:wanted|wants) to "
        r"(?:go|come)(?=[.?!])",
        "",
    ),
    # "There are 180 students and 60 seats on each school bus": a seat holds one of them
    _rw(
        "seats_on_each",
        7,
        r"(?:(?<=^)|(?<=[.!] ))There (are|were) (\d+) ([a-z]+) and (\d+) seats (?:on|in) each "
        r"(?:[a-z]+ )?([a-z]+)\.",
        r"There \1 \2 \3. Each \5 holds \4 \3.",
    ),
    # "each van can hold 8 people and there are 22 students and 2 adults going": two
    # statements; who is going is who there is
    _rw(
        "and_there_are_going",
        7,
        r"(?<=[a-z]) and there (are|were) (\d+ [a-z]+(?: and \d+ [a-z]+)?)(?: going)?\.",
        r". There \1 \2.",
    ),
    # "While playing a trivia game, Adam answered ...": what he was doing, no number in it
    _rw(
        "while_playing",
        8,
        r"(?:(?<=^)|(?<=[.!] ))While playing (?:an? |the )?[a-z]+(?: [a-z]+)?, (?=[A-Z][a-z]+ )",
        "",
    ),
    # "6 treasures on the first level and 3 on the second": the same thing, the second level
    _rw(
        "second_level",
        9,
        r"\b(\d+) ([a-z]+) (on|in|during) the first ([a-z]+) and (\d+) (?:on|in|during) the "
        r"second(?: \4)?\b",
        r"\1 \2 \3 the first \4 and \5 \2 \3 the second \4",
    ),
    # "uploaded 79 pictures to Facebook": where to, a name with no number
    _rw(
        "posted_to_place",
        10,
        r"\b(uploaded|uploads|posted|posts) (\d+ [a-z]+) to [A-Z][a-z]+\b",
        r"\1 \2",
    ),
    # "There were 39 girls and 4 boys trying out for the school's team": what they were
    # doing it for, with no number, counts nobody more or less (where they are, "riding on
    # the bus", is a place and stays)
    _rw(
        "trying_out_for",
        10,
        r"(?:(?<=^)|(?<=[.!] ))(There (?:are|were) \d+ [a-z]+(?: and \d+ [a-z]+)?) [a-z]+ing"
        r"(?: out| up)? for (?:the|a|an) [a-z' ]+\.",
        r"\1.",
    ),
    # "A waiter at ' The Greasy Spoon ' restaurant had 29 customers to wait on": the waiter,
    # whose customers they are
    _rw(
        "greasy_spoon_waiter",
        10,
        r"(?:(?<=^)|(?<=[.!] ))An? ([a-z]+) at ' [A-Z][A-Za-z ]* ' [a-z]+ (had|has) (\d+) "
        r"customers to wait on\.",
        r"The \1 \2 \3 customers.",
    ),
    # "a song book which was $ 5.84": bought for that price
    _rw(
        "which_was_price",
        10,
        r"\b(a|an) ([a-z]+(?: [a-z]+)?) which (?:was|cost|costs|is) (\d+(?:\.\d+)? dollars)\b",
        r"\1 \2 for \3",
    ),
    # "At Billy's Restaurant a group with 2 adults and 5 children came in to eat. If each
    # meal cost 3 dollars, how much was the bill?": each one who came in to eat had a meal
    _rw(
        "restaurant_meals",
        10,
        r"(?:(?<=^)|(?<=[.!] ))(?:At [A-Z][a-z]+'s [A-Z][a-z]+,? )?[Aa] group (?:with|of) "
        r"(\d+) adults and (\d+) (?:children|kids) came in to eat\. Each meal (?:cost|costs) "
        r"(\d+(?:\.\d+)?) dollars\. How much was the bill\?$",
        r"The group bought \1 adult meals and \2 child meals. Each meal costs \3 dollars. How "
        r"much did the group spend?",
    ),
    # "added 0.3 cup of raisins to a batch of trail mix": where to, with no number
    _rw(
        "to_a_batch_of",
        11,
        r"(?<=[a-z]) to a batch of [a-z]+(?: [a-z]+)?(?=[.,])",
        "",
    ),
)

_BY_STAGE: dict[int, tuple[Rewrite, ...]] = {
    stage: tuple(r for r in REWRITES if r.stage == stage)
    for stage in sorted({r.stage for r in REWRITES})
}


def apply_stage(stage: int, text: str) -> str:
    """Every rewrite of ``stage``, in order."""
    for rewrite in _BY_STAGE[stage]:
        text = rewrite.apply(text)
    return text
