"""The closed lexicon of words a rewrite may pass over, each with its role.

``normalize()`` rewrites the surface of a problem before it is read; a rewrite may move
words, inflect them or spell a number in digits, but a content word it deletes is a
meaning the reader never sees. This module compares the problem as stated with the text
that is read, word by word (lower case, singular, as a multiset), and accounts for every
word the rewrites deleted:

- a word of a closed class (``ROLES``: function words, number words that became digits,
  titles, adverbs of time and manner that carry no quantity) passes, with its role;
- a word inside a declared phrase (``PHRASES``: a setting that opens the problem and has
  no number in it, an idiom and its plain equivalent) passes, with that phrase's name;
- any other word refuses (``deleted_by_rewrite``), by name.

A lead the reader strips before a clause passes the same way (``lead_words``): its
phrases must be headed by a time, a place or an occasion (``SETTING_HEADS``).

Every phrase carries an example it must match; the tests read them.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from functools import lru_cache

from ._lexicon import NUMBER_WORDS, TENS_WORDS, singular
from ._units import UNIT_MEASURE, unit_of

__all__ = [
    "PHRASES",
    "ROLES",
    "SETTING_HEADS",
    "TEMPLATES",
    "Phrase",
    "Template",
    "deleted_words",
    "lead_words",
    "role_of",
    "setting_head",
]


def _words(text: str) -> frozenset[str]:
    return frozenset(text.split())


#: Words that carry no quantity and select nothing, by role. A rewrite may delete them.
ROLES: dict[str, frozenset[str]] = {
    # determiners, pronouns, prepositions, conjunctions, auxiliaries and the pieces of a
    # tokenised contraction ("did n't" is "did", "n", "t")
    "function": _words(
        "a an the this that these those it its he she they him her them his hers their "
        "theirs we us our you your i me my there here what which who whom whose how "
        "of in on at to for from with by into onto out up about as than then "
        "and or but if when while so because whether "
        "is are was were be been being am do does did doing done will would can could "
        "shall should may might must has have had having s t n not no "
        "each every all both any some another other one ones "
        "himself herself themselves itself myself yourself ourselves"
    ),
    # number words the rewrites spell in digits ("twenty-five" is 25, "a dozen" is 12)
    "number": frozenset(NUMBER_WORDS)
    | frozenset(TENS_WORDS)
    | _words("hundred thousand dozen half"),
    # "Mrs Hilt" is the person Hilt: a title is not a second name
    "title": _words("mr mrs ms miss dr"),
    # adverbs of time and manner that say when or how, never how many
    "time_adverb": _words(
        "already later then also final finally eventually still now currently though yet soon "
        "just only"
    ),
    # words that restate the question's own sum ("in all", "total", "altogether")
    "sum": _words("total altogether together overall all"),
    # adjectives that say containers are distinct, and select none of them
    "distinctness": _words("different separate"),
}

_ROLE_OF: dict[str, str] = {w: role for role, ws in sorted(ROLES.items()) for w in sorted(ws)}


@dataclass(frozen=True)
class Phrase:
    """A declared phrase whose words a rewrite may delete: ``pattern`` matches it in the
    problem as stated; ``example`` is a text it must match."""

    name: str
    role: str
    pattern: re.Pattern[str]
    example: str


def _phrase(name: str, role: str, pattern: str, example: str) -> Phrase:
    return Phrase(name, role, re.compile(pattern), example)


#: Phrases with no number in them whose deletion changes no quantity of the problem.
PHRASES: tuple[Phrase, ...] = (
    # the question's end state, said two ways
    _phrase(
        "question_end_with",
        "idiom",
        r"\b(?:end|ends|ended) (?:up )?with(?=\?)",
        "How many peanuts does Amy end up with?",
    ),
    _phrase(
        "question_when_done",
        "time_of_question",
        r"\bwhen (?:the [a-z]+|they|he|she) (?:are|is|were|was|gets?) (?:finished|done)(?=\?)",
        "How many trees will the park have when the workers are finished?",
    ),
    _phrase("at_that_rate", "idiom", r"\b[Aa]t that rate\b", "At that rate, how far can he go?"),
    # who did not come: the plain verb for the idiom
    _phrase(
        "did_not_show_up",
        "idiom",
        r"\b(?:did n't|didn't|did not|could n't|couldn't|could not) show up\b|"
        r"\b(?:that|who) did show up\b",
        "12 of them did n't show up. Each member that did show up scored 2 points.",
    ),
    _phrase(
        "did_not_work",
        "idiom",
        r"\b(?:did n't|didn't|did not) work\b",
        "If 31 of the games did n't work, how many games are left?",
    ),
    # a setting that opens a sentence and states no number: where or while, not how many
    _phrase(
        "while_doing",
        "setting",
        r"(?:^|(?<=[.!?] ))While [a-z]+ing\b[^,.?!\d]*,",
        "While playing a trivia game, Adam got 5 questions.",
    ),
    _phrase(
        "at_an_event",
        "setting",
        r"^(?:At|On) (?:a|an|the) [a-z]+(?: [a-z]+)? (?=\d)",
        "At a company picnic 9 managers and 15 employees played.",
    ),
    # "In one day they sold 34 of them": the span the changes happened in. The one setting
    # with a number: a question about days ("how many per day") finds no day in the
    # text that is read, and refuses
    _phrase(
        "in_one_day",
        "setting",
        r"(?:^|(?<=[.!?] ))In one day,? (?=[a-z])",
        "A pet store had 88 puppies. In one day they sold 34 of them.",
    ),
    _phrase(
        "during_an_event",
        "setting",
        r"\bduring (?:a|the) [a-z]+\b",
        "but during a game 3 members did not come",
    ),
    _phrase(
        "decided_to_play",
        "setting",
        r"\bdecided to (?:start|play|have) (?:a|an) (?:game|match) of [a-z]+\b",
        "9 managers and 15 employees decided to start a game of volleyball.",
    ),
    _phrase(
        "trying_out_for",
        "purpose",
        r"\btrying out for (?:the |a |their )?(?:[a-z]+ ?'s |[a-z]+s )?(?:[a-z]+ )?teams?\b",
        "There are 17 students trying out for the school 's trivia teams.",
    ),
    _phrase(
        "scene_of_collecting",
        "setting",
        r"(?:^|(?<=[.!] ))[A-Z][a-z]+ (?:was|is) (?:collecting|gathering) [a-z]+"
        r"(?: for [a-z]+)?\.",
        "Paul was collecting cans for recycling. He filled 6 bags.",
    ),
    _phrase(
        "posted_to_a_place",
        "place",
        r"\b(?:uploaded|uploads|posted|posts) \d+ [a-z]+ to [A-Z][a-z]+\b",
        "Wendy uploaded 79 pictures to Facebook.",
    ),
    # the same purchase or holding, said with other function words
    _phrase(
        "paid_for",
        "idiom",
        r"\b(?:paid|pays)(?= \$? ?\d)|(?<=\d) for(?= [a-z])",
        "Alyssa paid $ 12.08 for grapes.",
    ),
    _phrase(
        "each_of_which_cost",
        "idiom",
        r"\beach of which costs?\b",
        "10 books, each of which cost $5",
    ),
    _phrase(
        "ones_that_did_not_fit",
        "idiom",
        r"\b\d+ (?:old|new) ones(?: that (?:did n't|didn't|did not|don't|do not) fit)?\b",
        "He threw away 3 old ones that did n't fit and bought 36 new ones.",
    ),
    _phrase(
        "each_has_in_it",
        "distributive",
        r"\b[Ee]ach [a-z]+ (?:has|had|holds|contains) [^.?!]*? in it\b",
        "If each cage has 2 parrots and 6 parakeets in it, how many birds are there?",
    ),
    _phrase(
        "item_in_its_box",
        "place",
        r"\b[Ee]ach [a-z]+(?: [a-z]+)? in (?:a|the) (?:box|bag|pack|case|package)(?= costs?\b)",
        "Each chocolate bar in a box cost $ 4.",
    ),
    _phrase(
        "players_of_a_game",
        "idiom",
        r"\b(?:friends|kids|children|people|students|boys|girls) playing (?:a|an|the) [a-z]+"
        r"(?: [a-z]+){0,2} when\b|\bjoined (?:the|their) game\b",
        "There were 7 friends playing a video game online when 2 more players joined the game.",
    ),
    _phrase(
        "answered_correctly",
        "idiom",
        r"\banswered (?=\d+ questions? (?:correct|correctly|right)\b)|"
        r"(?<=questions) (?:correct|correctly|right)\b",
        "Adam answered 5 questions correct in the first half.",
    ),
    _phrase(
        "team_of_a_school",
        "owner",
        r"(?:^|(?<=[.!] ))(?:There|Their) [a-z]+ ?'s(?= [a-z]+ team\b)",
        "There school 's baseball team had 31 new players.",
    ),
    _phrase(
        "bought_for_whom",
        "purpose",
        r"(?<=\d )[a-z]+ for (?:himself|herself|themselves)(?: and (?:his|her|their) "
        r"(?:friends|family|brother|sister|parents|cousins))?\b",
        "Haley bought 3 tickets for herself and her friends.",
    ),
    _phrase("who_is_going", "idiom", r"(?<=[a-z]) going(?=[.,])", "There are 22 students going."),
)


@dataclass(frozen=True)
class Template:
    """A paraphrase rewrite of ``normalize()`` written for one construction of the dev
    text: where ``trigger`` matches the problem as stated, it may delete ``deletes``
    (and only those). Each one is debt, counted by the benchmark: the aim is a reader
    that reads these words instead, and then the template goes."""

    name: str
    trigger: re.Pattern[str]
    deletes: frozenset[str]
    example: str


def _template(name: str, trigger: str, deletes: str, example: str) -> Template:
    return Template(name, re.compile(trigger), _words(deletes), example)


#: The paraphrase rewrites that still delete content words, by construction.
TEMPLATES: tuple[Template, ...] = (
    _template(
        "coloring_books",
        r"\b(?:bought|got|has|had) (?:two|2) coloring books\.",
        "after week bought got coloring book",
        "Mina got two coloring books.",
    ),
    _template(
        "made_the_cut",
        r"\btrying out for\b[^?]*\bmake the cut\?",
        "basketball chess cut got make school team trying",
        "17 girls trying out for the team. If 12 got called back, how many didn't make the cut?",
    ),
    _template(
        "done_at_school",
        r"\bfinished \d+ of the [a-z]+ at school\b",
        "homework school",
        "If she finished 22 of the problems at school, how many?",
    ),
    _template(
        "same_amount_each",
        r"\bIf they each got the same amount\b|^A group of \d+ [a-z]+ went into an? [a-z]+\.",
        "amount cooked baked got group person same went",
        "A group of 3 friends went into a diner. If they each got the same amount how many "
        "would each person get?",
    ),
    _template(
        "extra_picked",
        r"\bhow many extra [a-z]+ did [A-Z][a-z]+ pick\?",
        "extra pick",
        "how many extra flowers did Lana pick?",
    ),
    _template(
        "car_gets_miles",
        r"\bcar gets \d+ miles per gallon\b",
        "car gas get far",
        "My car gets 20 miles per gallon of gas.",
    ),
    _template(
        "left_a_tip",
        r"\bleave (?:him |her )?a tip\b",
        "greasy leave restaurant spoon tip wait didn",
        "If 34 of the customers didn't leave him a tip, how many did leave a tip?",
    ),
    _template(
        "cases_of_boxes",
        r"\b[Hh]ow many cases of \d+ boxes\b",
        "box extra plus sold deliver cookie mom pickup samoa trefoil tagalong lemon twirl "
        "peanut bite",
        "How many cases of 8 boxes, plus extra boxes does Jenny need?",
    ),
    _template(
        "rest_to_make",
        r"\bdecided to use the rest to make\b",
        "decided make pie rest use",
        "They handed out 42 and decided to use the rest to make pies.",
    ),
    _template(
        "good_ones_after_some_broke",
        r"\bhow many good [a-z]+ did (?:he|she|they) end up",
        "end good work didn",
        "If 31 didn't work, how many good games did he end up with?",
    ),
    _template(
        "comes_to_help",
        r"\bcomes to help and brings\b",
        "bring come help share",
        "Terry comes to help and brings 11 cookies to share with Scott.",
    ),
    _template(
        "adopted_each_day",
        r"\bhow long would it take for all of them to be adopted\?",
        "adopted brought take",
        "If 8 a day are adopted, how long would it take for all of them to be adopted?",
    ),
    _template(
        "tables_waited_on",
        r"\btables (?:he|she) was (?:waiting on|serving)\b",
        "table wa waiting serving",
        "A waiter had 5 tables he was waiting on.",
    ),
    _template(
        "meals_at_a_restaurant",
        r"\bcame in to eat\b",
        "bill came eat restaurant cafe wa",
        "At Tom's Restaurant a group with 2 adults and 5 children came in to eat.",
    ),
    _template(
        "helper_put_them_into_groups",
        r"\b[Tt]he (?:coach|teacher|leader) put them into\b",
        "coach teacher leader school",
        "If the coach put them into groups of 7, how many?",
    ),
    _template(
        "sale_where_each",
        r"\bwas (?:having|holding) a [a-z]+ where\b",
        "april discount flower sale wa where shop plant anyone band case concert else "
        "favorite friend go herself holding school wanted",
        "The band was holding a concert where tickets were 4 dollars each.",
    ),
    _template(
        "points_for_each_found",
        r"\bwhere (?:he|she|they) scores? \d+ points for each\b",
        "find score where",
        "She was playing a game where she scores 9 points for each treasure she finds.",
    ),
    _template(
        "split_into_loads",
        r"\bdecided to split the rest into\b",
        "decided equal go small split wash",
        "He decided to split the rest into 5 equal loads.",
    ),
    _template(
        "made_of_what_was_used",
        r"\bmade [a-z]+ for\b",
        "birthday friend made make party punch sister",
        "Kendra made punch for her party.",
    ),
    _template(
        "money_earned_to_buy",
        r"\bused the money (?:he|she|they) earned to buy\b",
        "buy earned money used",
        "He used the money he earned to buy 30 books.",
    ),
    _template(
        "total_number_of",
        r"\bWhat is the total number of\b",
        "drove number scored",
        "What is the total number of miles Darius and Julia drove?",
    ),
    _template(
        "what_amount_of_money",
        r"\bWhat amount of money\b",
        "amount paid",
        "What amount of money did Ines have then?",
    ),
    _template(
        "warming_up_for",
        r"\bwarming up for\b",
        "show spring town warming",
        "There are 52 dancers warming up for the town's spring show.",
    ),
    _template(
        "seats_on_each",
        r"\bseats on each\b",
        "mini seat",
        "There are 48 scouts and 8 seats on each mini bus.",
    ),
    _template(
        "came_with",
        r"\bcame with an? (?:[a-z]+ )?[a-z]+ and had\b",
        "came lyric sheet",
        "Each album came with a lyric sheet and had 11 songs.",
    ),
    _template(
        "sitting_at_each",
        r"\bsitting at each\b",
        "sitting",
        "6 students were sitting at each table. How many were sitting in the room?",
    ),
    _template(
        "each_holds_two_kinds",
        r"\b[Ee]ach [a-z]+ (?:has|had|holds) \d+ [a-z]+ and \d+ [a-z]+\.",
        "",
        "Each coop has 6 hens and 1 rooster.",
    ),
    _template(
        "bad_is_not_good",
        r"\b[Hh]ow many bad [a-z]+\b",
        "bad",
        "If only 38 of the carrots were good, how many bad carrots did they have?",
    ),
    _template(
        "to_a_batch_of",
        r"\bto a batch of\b",
        "batch mix trail",
        "Karen added 0.25 cup of walnuts to a batch of trail mix.",
    ),
)


def role_of(word: str) -> str | None:
    """The closed role of one word (lower case), or None if it is a content word."""
    return _ROLE_OF.get(word) or _ROLE_OF.get(singular(word))


#: The nouns a lead may end a phrase on and still be a setting, by role: a lead the
#: reader strips before a clause ("At the arcade, ", "For the school bake sale, ") is
#: passed over only if every phrase of it is headed by a time, a place or an occasion,
#: things a clause happens at that count nothing. Any other head ("In his dream, he found
#: 3 apples", "In theory, ...") may change whether the clause holds: the lead stays.
SETTING_HEADS: dict[str, frozenset[str]] = {
    "time": _words(
        "morning afternoon evening night noon midnight day days week weekend month year "
        "season spring summer fall autumn winter hour minute today tonight yesterday "
        "tomorrow monday tuesday wednesday thursday friday saturday sunday january february "
        "march april may june july august september october november december halloween "
        "christmas easter thanksgiving holiday holidays vacation break recess end beginning "
        "start middle round half quarter period inning stop grade semester term "
        "rush shift first second third last part next afterwards"
    ),
    "place": _words(
        "park store shop market mall supermarket beach arcade zoo farm library school "
        "classroom class home house garden yard kitchen lake river pond sea ocean field "
        "playground street town city village carnival fair bakery restaurant cafeteria "
        "cafe lot camp forest woods office museum theater cinema pool gym stadium station "
        "airport bus train car way online"
    ),
    "occasion": _words(
        "sale party lunch breakfast dinner supper birthday game games play concert "
        "festival picnic trip match race show contest tournament meeting practice "
        "homework project parade wedding celebration event visit storm flood drought test "
        "exam lesson ride walk hike tour journey flight drive"
    ),
}


def setting_head(word: str) -> str | None:
    """The role of ``word`` (lower case) as the head of a setting's phrase, or None."""
    for role, heads in SETTING_HEADS.items():
        if word in heads:
            return role
    return None


_TOKEN = re.compile(r"[A-Za-z]+")

#: A word a lead set before the clause may not hold: a subject ("In the afternoon it
#: sold"), a quantifier that makes the lead a rate ("In each row, there are 15 heads").
_NOT_IN_LEAD = _words("i we you he she it they each every per")
#: A determiner opens a second noun phrase (a subject: "At lunch a waiter had") unless it
#: follows a preposition of the setting ("At the end of the day", "for a bake sale").
_DETERMINERS = _words("the a an his her their its my our your this that these those")
_PREPOSITIONS = _words("of for at in on during by after before from with to while")


def _tensed_verb(word: str) -> bool:
    """``word`` is a tensed or past form of a verb ("sold", "had", "noticed", "sells"), and
    not also a plural noun ("schools", "woods"); a gerund of a setting ("While shopping
    for music") is not tensed."""
    # lemminflect's table as ``_account`` reads it (the package's own code imports numpy,
    # which cannot load in the replay helper); imported here, as ``_account`` reads the
    # parse
    from ._account import getAllLemmas

    found = getAllLemmas(word)
    verbs = found.get("VERB", ())
    if not verbs or all(v == word for v in verbs) or word.endswith("ing"):
        return False
    return not (word != singular(word) and singular(word) in found.get("NOUN", ()))


def _plural_noun(word: str) -> bool:
    from ._account import getAllLemmas

    return word in _IRREGULAR_PLURALS or (singular(word) != word and "NOUN" in getAllLemmas(word))


def _may_be_verb(word: str) -> bool:
    from ._account import getAllLemmas

    return "VERB" in getAllLemmas(word)


#: Plurals without an -s that may be the subject of a verb inside a lead.
_IRREGULAR_PLURALS = _words("people children men women")


def lead_words(lead: str) -> tuple[tuple[str, str], ...] | None:
    """The words of a lead the reader strips before a clause ("Then, ", "In the afternoon
    ", "For the school bake sale, "), each with its role (a closed role, else
    ``setting``: a time or place that scopes over the clause and counts nothing), or
    None if the lead is not a setting: it holds a subject, a tensed verb or a quantifier,
    words the clause needs ("In the afternoon it sold 10 more apples" keeps "sold")."""
    words = [w.lower() for w in _TOKEN.findall(lead)]
    for i, w in enumerate(words):
        if w in _NOT_IN_LEAD or _tensed_verb(w):
            return None
        if i > 0 and _plural_noun(words[i - 1]) and _may_be_verb(w):
            # "In the afternoon people think there were": a plural subject and its verb
            return None
        if w in _DETERMINERS and i > 0 and words[i - 1] not in _PREPOSITIONS:
            return None
    if not _headed_by_settings(words):
        return None
    return tuple((w, role_of(w) or "setting") for w in words)


#: Words that point back to the clause before ("before that", "by this").
_ANAPHORS = _words("that this it")


def _headed_by_settings(words: list[str]) -> bool:
    """Every phrase of a lead ends on a noun of a time, a place or an occasion
    (``SETTING_HEADS``): the word before a preposition or the lead's end, unless it is a
    word of a closed role ("then", "later") or a gerund's object ("While making desserts
    for a bake sale"): "In his dream", "In theory", "Before that" are no settings."""
    after_gerund = False
    for i, w in enumerate(words):
        if w.endswith("ing") and w not in _PREPOSITIONS:
            after_gerund = True
            continue
        last = i + 1 == len(words) or words[i + 1] in _PREPOSITIONS
        if w in _PREPOSITIONS:
            after_gerund = False
            continue
        if last and w in _ANAPHORS and i > 0 and words[i - 1] in _PREPOSITIONS - {"after"}:
            # "Before that, he found 3": the clause is set before the one it points back
            # to, out of the order the readers take the sentences in
            return False
        if not last or after_gerund or role_of(w) is not None:
            continue
        if setting_head(w) is None and setting_head(singular(w)) is None:
            return False
    return True


#: A setting clause that opens the problem ("While on vacation,", "During the summer,").
_SETTING = re.compile(r"\s*(?:While|During|On|At|In)\b[^,.?!\d]*,")
#: "from his garden", "from her visit": a place or owner phrase of the question.
_FROM_PLACE = re.compile(r"\bfrom (?:his|her|their|its|the) ([a-z]+)\b(?=[^.?!]*\?)")


def _bag(text: str) -> Counter[str]:
    return Counter(singular(w.lower()) for w in _TOKEN.findall(text))


_SENTENCE = re.compile(r"[^.?!]*(?:[.?!]+|$)")


def _sentence_at(sentences: list[str], offset: int) -> int:
    """The index of the sentence of ``sentences`` (the whole text, split) at ``offset``."""
    for k, text in enumerate(sentences):
        offset -= len(text)
        if offset < 0:
            return k
    return len(sentences) - 1


def _converted(word: str, read: str) -> str | None:
    """``converted_unit`` if ``word`` is a unit that the text read states in another unit
    of its measure (the exact conversion into the question's unit), else None."""
    unit = unit_of(word)
    if unit is None:
        return None
    measure = UNIT_MEASURE[unit][0]
    for w in _TOKEN.findall(read):
        other = unit_of(w.lower())
        if other is not None and other != unit and UNIT_MEASURE[other][0] == measure:
            return "converted_unit"
    return None


def deleted_words(stated: str, read: str) -> tuple[list[tuple[str, str]], str | None]:
    """The words of ``stated`` (the problem as given) that ``read`` (the text after the
    rewrites) no longer has, as (word, role) in text order, and the first deleted word
    that no role and no declared phrase accounts for (None if every one is)."""
    passed, first = _deleted(stated, read)
    return list(passed), first


@lru_cache(maxsize=256)
def _deleted(stated: str, read: str) -> tuple[tuple[tuple[str, str], ...], str | None]:
    """``deleted_words`` once per text (the pool asks twice: to account, to trace)."""
    lost = _bag(stated) - _bag(read)
    if not lost:
        return (), None
    in_phrase: dict[str, str] = {}
    if all(role_of(w) for w in lost):
        # only words of a closed role were deleted: no phrase need be looked for
        return _passed(stated, read, lost, in_phrase)
    _claim_phrases(stated, read, lost, in_phrase)
    return _passed(stated, read, lost, in_phrase)


def _claim_phrases(stated: str, read: str, lost: Counter[str], in_phrase: dict[str, str]) -> None:
    """The deleted words that a template, a restated question phrase, a setting or a
    declared phrase accounts for, into ``in_phrase`` (word -> role)."""
    sentences = _SENTENCE.findall(stated)
    for template in TEMPLATES:
        for m in template.trigger.finditer(stated):
            # the words of the sentences the template rewrites (its own and its
            # neighbours), and those it declares
            sentence = set()
            for k, text in enumerate(sentences):
                if abs(k - _sentence_at(sentences, m.start())) <= 1:
                    sentence |= {singular(w.lower()) for w in _TOKEN.findall(text)}
            for w in sorted(template.deletes | sentence):
                in_phrase.setdefault(w, f"template:{template.name}")
    # "How many cats are sitting on the porch?" after "5 cats were sitting on the porch":
    # a run of question words the rewrites deleted that the body states verbatim
    question_at = max(
        stated.rfind(". ", 0, len(stated) - 1), stated.rfind("! ", 0, len(stated) - 1)
    )
    body, question = stated[: question_at + 1].lower(), stated[question_at + 1 :]
    read_at = max(read.rfind(". ", 0, len(read) - 1), read.rfind("! ", 0, len(read) - 1))
    gone = _bag(question) - _bag(read[read_at + 1 :])
    run: list[str] = []
    for w in [*_TOKEN.findall(question), ""]:
        if w and gone[singular(w.lower())] > 0:
            gone[singular(w.lower())] -= 1
            run.append(w.lower())
            continue
        if run and re.search(rf"\b{' '.join(run)}\b", body):
            for r in run:
                in_phrase.setdefault(singular(r), "restated_from_body")
        run = []
    # "While on holiday, ... How many pictures from her holiday": the question's place is
    # the setting that opens the problem, which scopes over all of it
    setting = _SETTING.match(stated)
    if setting is not None:
        for m in _FROM_PLACE.finditer(stated):
            if m.group(1) in setting.group(0).lower():
                in_phrase.setdefault(m.group(1), "setting")
    for phrase in PHRASES:
        for m in phrase.pattern.finditer(stated):
            for w in _TOKEN.findall(m.group(0)):
                in_phrase.setdefault(singular(w.lower()), f"{phrase.role}:{phrase.name}")


def _passed(
    stated: str, read: str, lost: Counter[str], in_phrase: dict[str, str]
) -> tuple[tuple[tuple[str, str], ...], str | None]:
    """Each deleted word of ``stated`` in text order with its role, and the first with
    none."""
    lost = lost.copy()
    passed: list[tuple[str, str]] = []
    first: str | None = None
    for w in _TOKEN.findall(stated):
        key = singular(w.lower())
        if lost[key] <= 0:
            continue
        lost[key] -= 1
        role = role_of(w.lower()) or in_phrase.get(key) or _converted(w.lower(), read)
        if role is None:
            first = first or w.lower()
        elif role != "number":
            # a number word is not deleted: it is spelt in digits, a quantity of the trace
            passed.append((w.lower(), role))
    return tuple(passed), first
