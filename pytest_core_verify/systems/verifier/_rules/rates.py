"""So many per so many: rates of containers, of owners, of times and of activities.

Each rule is a value: its name, its pattern, what it builds, sentences it must read and
near-misses it must not (both are tests). The order of all rules is ``_rules.order``.
"""

# A pattern and an example read best unbroken, as the expected outputs of the tests do.
# ruff: noqa: E501

from __future__ import annotations

from .._builders import (
    _b_activity,
    _b_containers_held_each,
    _b_for_every,
    _b_holds_on_each,
    _b_rate,
    _b_rate_for_days,
    _b_rate_of_owner,
    _b_rate_owner,
    _b_rate_pair,
    _b_rate_there,
    _b_rate_two_contents,
    _b_split_groups_of,
    _b_takes_to_make,
    _b_time_each,
)
from .._builders_places import (
    _RATE_VERB,
)
from .._builders_times import TIME, _b_activity_at_time
from .._vocabulary import verbs
from ._rule import SentenceRule

RULES: tuple[SentenceRule, ...] = (
    SentenceRule(
        name="rate_pair",
        pattern=r"(?P<d1>each|every) <c1:U> (?:"
        + _RATE_VERB
        + r") <n1:N> <u1:U> and (?P<d2>each|every) <c2:U> (?:"
        + _RATE_VERB
        + r") <n2:N> <u2:U>",
        builds=_b_rate_pair,
        reads=("each large bus holds 50 students and each small bus holds 30 students",),
        not_reads=(
            "each large bus holds several students and each small bus holds 30 students",
            "all large bus holds 50 students and each small bus holds 30 students",
        ),
    ),
    SentenceRule(
        # "Each crate holds 6 pears and 4 plums": two things in every container, so many of
        # each. Only verbs of content: two prices or weights in two units are one amount.
        name="rate_two_contents",
        pattern=r"(?P<d>each|every) <c:U> (?P<rv>has|holds|contains|carries) <n1:N> <u1:U> and <n2:N> <u2:U>",
        builds=_b_rate_two_contents,
        reads=("each crate holds 6 pears and 4 plums",),
        not_reads=(
            "each crate held 6 pears and 4 plums",
            "each crate holds 6 pears and several plums",
            "each pen costs 3 dollars and 5 cents",
        ),
    ),
    SentenceRule(
        # "It takes 4 eggs to make a cake": an ingredient per thing made.
        name="takes_to_make",
        pattern=r"it takes <n:N> <u:U> to (?P<v>make|bake|build|cook) (?:a|an|one|<one:N>) <c:U>",
        builds=_b_takes_to_make,
        reads=("it takes 4 eggs to make a cake", "it takes 3 pears to bake 1 pie"),
        not_reads=(
            "it took 4 eggs to make a cake",
            "it takes several eggs to make a cake",
            "it takes 4 eggs to eat a cake",
        ),
    ),
    SentenceRule(
        name="rate_each",
        pattern=r"(?P<d>each|every|a|an|(?P<one>1)) <c:U> (?P<rv>" + _RATE_VERB + r") <n:N> <u:U>"
        r"(?: in it| inside(?: it)?| in each)?",
        builds=_b_rate,
        reads=("each pack has 8 pencils",),
        not_reads=(
            "each pack had 8 pencils",
            "each pack has several pencils",
        ),
    ),
    SentenceRule(
        # "Each necklace cost 3 dollars", "Each dog had 5 puppies": past tense only after
        # each/every ("A pond had 45 frogs" is one pond).
        name="rate_each_past",
        pattern=r"(?P<d>each|every) <c:U> (?P<rv>cost|had|held|contained|scored|earned|was worth) <n:N> "
        r"<u:U>"
        r"(?: in it| inside(?: it)?| on it)?",
        builds=_b_rate,
        reads=("each crate held 6 melons",),
        not_reads=(
            "each crate holds 6 melons",
            "each crate held several melons",
        ),
    ),
    SentenceRule(
        # "A worksheet had 4 problems on it": so many on each.
        name="rate_a_on_it",
        pattern=r"(?P<d>a|an) <c:U> (?P<rv>had|has|holds|held|contains|contained) <n:N> <u:U> "
        r"(?:on|in) it",
        builds=_b_rate,
        reads=("a worksheet had 5 problems on it",),
        not_reads=(
            "a worksheet had several problems on it",
            "a worksheet had only about 5 problems on it",
        ),
    ),
    SentenceRule(
        # "Each apple comes in a package of 11": so many per package.
        name="rate_comes_in",
        pattern=r"(?P<d>each|every) <u:U> (?P<rv>comes|came) in (?:a|an) <c:U> of <n:N>",
        builds=_b_rate,
        reads=("each pear comes in a box of 10",),
        not_reads=(
            "each pear comes in a box of several",
            "all pear comes in a box of 10",
        ),
    ),
    SentenceRule(
        name="rate_there",
        pattern=r"there (?:are|is) <n:N> <u:U> (?:in|(?P<on>on)) (?P<d>each|every|a|an|(?P<one>1)) <c:U>",
        builds=_b_rate_there,
        reads=("there are 60 minutes in an hour",),
        not_reads=(
            "there are several minutes in an hour",
            "there are 60 minutes near an hour",
        ),
    ),
    SentenceRule(
        name="rate_cost_each",
        pattern=r"(?:the )?<c:U> (?P<rv>costs?) <n:N> <u:U> (?P<d>each|apiece)",
        builds=_b_rate,
        reads=("pens cost 3 dollars each",),
        not_reads=(
            "pens cost several dollars each",
            "pens cost 3 dollars all",
        ),
    ),
    SentenceRule(
        # "Mike worked 3 hours each day for 5 days", "Benny worked 3 hours for 6 days": so
        # much per day, and so many days.
        name="rate_for_days",
        pattern=r"<e:E> (?P<rv>"
        + verbs(
            "work practice study read run walk jog swim train exercise save earn", "past", "third"
        )
        + r") <n:N> <u:U>"
        r"(?: (?P<d>each|every|a|per) (?P<c>day|week|month|night))? (?P<f>for) <m:N> "
        r"(?P<c2>days|weeks|months|nights)",
        builds=_b_rate_for_days,
        reads=("Ines swam 4 hours each day for 3 days",),
        not_reads=(
            "Ines swam several hours each day for 3 days",
            "Ines swam 4 hours all day for 3 days",
        ),
    ),
    SentenceRule(
        # "For every 3 pounds they recycled they earned 1 point": so much per so much.
        name="for_every",
        pattern=r"for (?P<d>every|each) <k:N> <c:U> (?:they|he|she|[A-Z][a-z]+) [a-z]+ "
        r"(?:they|he|she|[A-Z][a-z]+) (?P<v>"
        + verbs("earn get receive score", "past", "base", "third")
        + r") <n:N> <u:U>",
        builds=_b_for_every,
        reads=("for every 5 pounds they recycled they earned 1 point",),
        not_reads=(
            "for every several pounds they recycled they earned 1 point",
            "for all 5 pounds they recycled they earned 1 point",
        ),
    ),
    SentenceRule(
        # "The tables they had held 3 people each": so many per table.
        name="containers_held_each",
        pattern=r"the <c:U> (?:they|he|she) had (?P<d>"
        + verbs("hold seat", "past", "base", "third")
        + r") <n:N> <u:U> each",
        builds=_b_containers_held_each,
        reads=("the tables they had held 7 people each",),
        not_reads=(
            "the tables they has held 7 people each",
            "the tables they had held several people each",
        ),
    ),
    SentenceRule(
        # "She buys 7 peanuts each time she goes to the store": so many per visit.
        name="each_time",
        pattern=r"<e:E> (?P<rv>"
        + verbs("buy get pick find eat read catch collect", "third", "past")
        + r") <n:N> <u:U> (?P<d>each|every) (?P<c>time) "
        r"(?:he|she|they|[A-Z][a-z]+) (?:"
        + verbs("go", "third", "past", "base")
        + "|"
        + verbs("visit", "third", "past")
        + r")(?: to (?:the|a|an) [a-z]+)?",
        builds=_b_rate_owner,
        reads=("she buys 3 bagels each time she goes to the bakery",),
        not_reads=(
            "she buys several bagels each time she goes to the bakery",
            "she buys 3 bagels all time she goes to the bakery",
        ),
    ),
    SentenceRule(
        # "Billy was organizing his cards in a binder with 5 on each page": so many per page.
        name="organize_with_each",
        pattern=r"<e:E> (?:was|is|were|are) (?:organizing|putting|arranging|sorting|placing|storing|"
        r"keeping) (?:his|her|their|the) <u:U> (?:in|into|on) (?:a|an|the) [a-z]+(?: [a-z]+)? "
        r"(?P<d>with) <n:N> (?:on|in) each <c:U>",
        builds=_b_rate_of_owner,
        reads=("Lupe was organizing her postcards in a binder with 4 on each page",),
        not_reads=(
            "Lupe was organizing her postcards in a binder with several on each page",
            "Lupe was organizing her postcards in a binder with 4 on all page",
        ),
    ),
    SentenceRule(
        # "his fridge would only hold 6 on each shelf", "he can fit 3 books on a shelf": so
        # many of the one thing the problem counts, per shelf.
        name="holds_on_each",
        pattern=r"(?:(?:his|her|their|the) [a-z]+ |(?:he|she|they|[A-Z][a-z]+) )(?:would |could |can |"
        r"will )?(?:only )?(?:"
        + verbs("hold fit", "base", "third")
        + r") <n:N> (?:<u:U> )?(?:on|in|into) "
        r"(?P<d>each|a|an|every) <c:U>",
        builds=_b_holds_on_each,
        reads=("her fridge would only hold 6 on each shelf",),
        not_reads=(
            "her fridge would only hold several on each shelf",
            "her fridge would only hold 6 on all shelf",
        ),
    ),
    SentenceRule(
        # "Jeffrey wants to split a collection of bottle caps into groups of 2".
        name="split_into_groups_of",
        pattern=r"<e:E> (?:wants to |will |is going to )?(?:split|splits|divide|divides|sort|sorts|put|"
        r"puts) (?:a|his|her|the) collection of <u:U> into (?P<c>groups|piles|bags|boxes|teams) "
        r"(?P<d>of) <n:N>",
        builds=_b_split_groups_of,
        reads=("Bruno wants to split a collection of stickers into groups of 4",),
        not_reads=(
            "Bruno wanted to split a collection of stickers into groups of 4",
            "Bruno wants to split a collection of stickers into groups of several",
        ),
    ),
    SentenceRule(
        # "Gwen was organizing her book case making sure each of the shelves had exactly 4
        # books on it": so many per shelf.
        name="organize_making_sure",
        pattern=r"<e:E> (?:was|is|were|are) [a-z]+ing (?:his|her|their|the) [a-z]+(?: [a-z]+)? making "
        r"sure (?:that )?(?P<d>each) of the <c:U> (?:had|has|held|holds) (?:exactly )?<n:N> <u:U>"
        r"(?: on it| in it)?",
        builds=_b_rate_of_owner,
        reads=(
            "Arjun was organizing his book case making sure each of the shelves had exactly 7 books on it",
        ),
        not_reads=(
            "Arjun was organizing his book case making sure each of the shelves had exactly several books on it",
            "Arjun was organizing his book case making sure all of the shelves had exactly 7 books on it",
        ),
    ),
    SentenceRule(
        # "Each room takes 7 hours to paint".
        name="time_each",
        pattern=r"(?:each|every|(?P<one>1)|a|an) <c:U> (?P<tk>takes|took|take) <n:N> <tu:U> to "
        r"(?P<tv>[a-z]+)",
        builds=_b_time_each,
        reads=("each skirt takes 6 minutes to hem",),
        not_reads=(
            "each skirt takes several minutes to hem",
            "all skirt takes 6 minutes to hem",
        ),
    ),
    SentenceRule(
        # "It takes 4 hours to install each window", "It takes 7 minutes to bake 1 pan of
        # cookies".
        name="time_it_takes",
        pattern=r"it (?P<tk>takes|took|will take) <n:N> <tu:U> to (?P<tv>[a-z]+) "
        r"(?:each|every|(?P<one>1)|a|an) <c:U>(?: of [a-z]+)?",
        builds=_b_time_each,
        reads=("it takes 2 hours to install each shelf",),
        not_reads=(
            "it takes several hours to install each shelf",
            "it takes 2 hours to install all shelf",
        ),
    ),
    SentenceRule(
        name="rate_owner",
        pattern=r"<e:E> (?P<rv>"
        + verbs(
            "earn make get walk run save pay type eat drink bake sell ride swim write paint plant pick use feed practice spend average travel fly",
            "third",
            "past",
        )
        + "|"
        + verbs("read give_away", "third")
        + "|"
        + verbs("drive", "third", "base", "past")
        + r") <n:N> <u:U> (?P<d>each|every|per|a|an) <c:U>(?: [a-z]+ing [a-z]+| in [a-z]+)?",
        builds=_b_rate_owner,
        reads=("she earns 6 dollars a day",),
        not_reads=(
            "she earns several dollars a day",
            "she earns only about 6 dollars a day",
        ),
    ),
    SentenceRule(
        name="activity",
        pattern=r"<e:E> (?P<v>"
        + verbs(
            "work read walk run drive practice study play swim ride train exercise hike jog bike "
            "cycle volunteer",
            "third",
            "past",
        )
        + r"|does this|did this|does that|does it|keeps this up|"
        + verbs("save sleep", "third", "past")
        + r") (?:for )?<m:N> <c:U>",
        builds=_b_activity,
        reads=("she works for 3 days",),
        not_reads=(
            "she works for several days",
            "she works for only about 3 days",
        ),
    ),
    SentenceRule(
        # "She worked 9 hours on Friday, 10 hours on Saturday": time spent on a day named,
        # which adds to the time spent on the others (the list shares subject and verb)
        name="activity_at_time",
        pattern=r"<e:E> (?P<v>"
        + verbs("work practice study volunteer train exercise", "third", "past")
        + r") (?:for )?<m:N> (?P<c>hours?|minutes?) (?P<t>"
        + TIME
        + r")",
        builds=_b_activity_at_time,
        reads=("she worked 9 hours on Friday", "he practiced 40 minutes in the morning"),
        not_reads=(
            "she worked several hours on Friday",
            "she walked 9 miles on Friday",
            "she worked 9 hours on Fridays",
            "she worked 9 miles on Friday",
        ),
    ),
)
