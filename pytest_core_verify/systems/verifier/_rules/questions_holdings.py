"""Questions of holdings: totals, states, first holdings, differences, parts, ages.

Each rule is a value: its name, its pattern, what it builds, sentences it must read and
near-misses it must not (both are tests). The order of all rules is ``_rules.order``.
"""

# A pattern and an example read best unbroken, as the expected outputs of the tests do.
# ruff: noqa: E501

from __future__ import annotations

from .._grammar import (
    _W2,
    _WHEN_FINAL,
    _WHEN_INITIAL,
)
from .._vocabulary import verbs
from ._rule import QuestionRule

RULES: tuple[QuestionRule, ...] = (
    QuestionRule(
        name="total_of_two",
        kind="total",
        pattern=r"how many <u:U> (?:do|did) <a:E> and <b:E> have(?P<w> together| in all| altogether| combined| in total)?",
        reads=("how many books do Emma and Emma's sister have together",),
        not_reads=("how many books does Emma have",),
    ),
    QuestionRule(
        name="total_of_three",
        kind="total",
        pattern=r"how many <u:U> (?:do|did) <x1:E>, <x2:E>,? and <x3:E> have(?P<w> together| in all| altogether| combined| in total)?",
        reads=("how many oranges do Julia, Jack and Paul have together",),
        not_reads=("how many oranges do Julia and Jack have together",),
    ),
    QuestionRule(
        name="total_of_they",
        kind="total",
        pattern=r"how many <u:U> (?:do|did) (?P<they>they) have(?P<w> together| in all| altogether| combined| in total| left)",
        reads=("how many marbles do they have together",),
        not_reads=(
            "how many marbles do they have",
            "how many marbles do they need",
        ),
    ),
    QuestionRule(
        name="total_tally_of_two",
        kind="total",
        pattern=r"how many <u:U> (?:do|did) <a:E> and <b:E> (?P<w>"
        + verbs(
            "have own collect pick sell bake make catch find drive fly walk hike run ride swim score grow win plant buy save earn eat read",
            "base",
        )
        + r") (?:together|in all|altogether|combined|in total)",
        reads=("how many miles did Runa and Kai drive in total",),
        not_reads=(
            "how many miles does Runa and Kai drive in total",
            "how many miles did Runa and Kai drive near total",
        ),
    ),
    QuestionRule(
        # "What is the total number of shells Ada and Bo collected?": the tally of both.
        name="total_number_of_two",
        kind="total",
        pattern=r"what (?:is|was) the total number of <u:U> (?:that )?<a:E> and <b:E> (?P<w>"
        + verbs(
            "collect pick sell bake make catch find grow buy score win plant save earn eat",
            "past",
        )
        + "|"
        + verbs("read", "past")
        + r")(?: together| in all| altogether| combined| in total)?",
        reads=("what is the total number of shells Ada and Bo collected",),
        not_reads=(
            "what is the total number of shells Ada and Bo collect",
            "what is the number of shells Ada and Bo collected",
            "what is the total number of shells Ada collected",
        ),
    ),
    QuestionRule(
        name="total_tally_of_they",
        kind="total",
        pattern=r"how many <u:U> (?:do|did) (?P<they>they) (?P<w>"
        + verbs(
            "collect pick sell bake make catch find grow buy get score win plant earn save", "base"
        )
        + "|"
        + verbs("read", "past")
        + r")(?: together| in all| altogether| combined| in total)?",
        reads=("how many beans did they plant in all",),
        not_reads=(
            "how many beans does they plant in all",
            "how many beans did they plant near all",
        ),
    ),
    QuestionRule(
        name="difference_than",
        kind="difference",
        pattern=r"how many more <u:U> (?:does|did|do) <a:E> (?P<dv>"
        + verbs(
            "have own collect pick bake make score find catch grow sell eat win plant fly drive walk hike run ride swim jog bike read",
            "base",
        )
        + r") than <b:E>(?: does| did| has| do)?",
        reads=("how many more apples does Tom have than Sam",),
        not_reads=(
            "how many more apples does Tom have as Sam",
            "how many more apples does Tom have than",
        ),
    ),
    QuestionRule(
        name="total_passive",
        kind="total",
        pattern=r"how many <u:U> (?:were|was) (?P<passive>"
        + verbs("pick find catch bake make collect sell plant buy win score serve", "past")
        + "|"
        + verbs("grow eat", "participle")
        + r") (?:in total|in all|altogether|together|combined|today)",
        reads=("how many pears were picked in total",),
        not_reads=(
            "how many pears is picked in total",
            "how many pears were picked near total",
        ),
    ),
    QuestionRule(
        name="initial_at_first",
        kind="initial",
        pattern=r"how many <u:U> (?:did|does) <e:E> (?:have|own|start with)" + _WHEN_INITIAL,
        reads=("how many marbles did Jack have at first",),
        not_reads=(
            "how many marbles did Jack have at",
            "how many marbles did Jack have at the end",
        ),
    ),
    QuestionRule(
        name="initial_start_with",
        kind="initial",
        pattern=r"how many (?:<u:U> |(?P<nounless>))(?:did|does) <e:E> (?:have to start with|have to "
        r"begin with|start with|start out with|have in the beginning)",
        reads=("how many did Tom start with",),
        not_reads=(
            "how many did Tom start",
            "how many did Tom end with",
        ),
    ),
    QuestionRule(
        name="state_have",
        kind="state",
        pattern=r"how many <u:U> (?:does|do|did|will) <e:E> (?P<v>have|own|keep)"
        + _WHEN_FINAL
        # where the owner keeps them: "on her mp3 player", "in his account"
        + r"(?: (?:in|on|at|inside) (?:his|her|their|the|your|my) [a-z0-9]+(?: [a-z]+)?)?"
        + _WHEN_FINAL,
        reads=("how many pears does Sara have",),
        not_reads=(
            "how many pears does Sara",
            "how many pears does Sara want",
        ),
    ),
    QuestionRule(
        name="state_left_with",
        kind="state",
        pattern=r"how many <u:U> (?:is|was) <e:E> left with",
        reads=("how many apples is Tom left with",),
        not_reads=(
            "how many apples were Tom left with",
            "how many apples is Tom left",
        ),
    ),
    QuestionRule(
        name="state_have_nounless",
        kind="state",
        pattern=r"how many (?P<nounless>(?:does|do|did|will|would)) <e:E> (?P<v>have|own|keep)"
        + _WHEN_FINAL,
        reads=("how many does Tom have now",),
        not_reads=("how many does Tom want now",),
    ),
    QuestionRule(
        name="total_they_nounless",
        kind="total",
        pattern=r"how many (?P<nounless>(?:do|did|will|would)) (?P<they>they) have(?P<w> together| in all| altogether| combined| in total)",
        reads=("how many do they have together",),
        not_reads=(
            "how many do they have",
            "how many do they want together",
        ),
    ),
    QuestionRule(
        name="state_attend",
        kind="state",
        pattern=r"how many <u:U> (?:does|did|will|would) <e:E> (?P<v>go to|attend)"
        r"(?: in all| in total| altogether)?",
        reads=("how many basketball games did Priya go to in all",),
        not_reads=(
            "how many basketball games did Priya go for in all",
            "how many basketball games did Priya go to in",
        ),
    ),
    QuestionRule(
        name="state_verb",
        kind="state",
        pattern=r"how many <u:U> (?:does|did) <e:E> (?P<v>[a-z]+)(?: up| out| off| down| back| away)?"
        r"(?: to (?:[A-Z][a-z]+|him|her|them|(?:his|her|their) [a-z]+))?"
        r"(?: for (?:his|her|their) [a-z]+)?"
        r"(?: in all| in total| altogether| (?:last|this) (?:week|month|year))?",
        reads=("how many apples did Tom pick",),
        not_reads=(
            "how many apples did Tom",
            "how many apples did Tom pick on Monday",
        ),
    ),
    QuestionRule(
        # "How many of her leaves blew away?": the unknown loss of her leaves.
        name="state_lost_some",
        kind="state",
        pattern=r"how many of (?P<pos>his|her|their) <u:U> (?P<v>blew away|flew away|fell off|fell out|"
        r"rotted|melted|broke|popped|got lost|were lost|were eaten|were stolen)",
        reads=("how many of her leaves blew away",),
        not_reads=(
            "how many of her leaves blows away",
            "how many from her leaves blew away",
        ),
    ),
    QuestionRule(
        # "How many more pennies does John have?" with two people: more than the other.
        name="difference_other",
        kind="difference",
        pattern=r"how many more <u:U> (?:does|did) <a:E> (?P<dv>"
        + verbs(
            "have own collect pick read bake make score find catch grow sell eat win plant", "base"
        )
        + r")(?P<other>)",
        reads=("how many more pennies does Walter have",),
        not_reads=(
            "how many extra pennies does Walter have",
            "how many more pennies does Walter",
        ),
    ),
    QuestionRule(
        name="difference_comparative",
        kind="difference",
        pattern=r"how much (?P<nounless>heavier|taller|longer|farther|further|older) (?:is|was|were|are) <a:E> than <b:E>(?: is| was)?",
        reads=("how much taller is the oak tree than the pine tree",),
        not_reads=(
            "how much taller is the oak tree as the pine tree",
            "how much taller is the oak tree",
        ),
    ),
    QuestionRule(
        # "How many fewer cups are there than plates?": two things of one holder compared.
        name="difference_kinds_there",
        kind="difference",
        pattern=r"how many (?P<d>more|fewer) <u:U> (?:are|were) there than <u2:U>",
        reads=("how many fewer cups are there than plates",),
        not_reads=(
            "how many fewer cups are there as plates",
            "how many fewer cups are there than",
            "how many cups are there than plates",
        ),
    ),
    QuestionRule(
        # "How many more cups than plates are there?": the same, the holder last.
        name="difference_kinds_than_there",
        kind="difference",
        pattern=r"how many (?P<d>more|fewer) <u:U> than <u2:U> (?:are|were) there",
        reads=("how many more cups than plates are there",),
        not_reads=(
            "how many more cups than plates is there",
            "how many more cups than plates are here",
        ),
    ),
    QuestionRule(
        # "How much farther does John walk than Nina?": the way each went, by that verb.
        name="difference_farther",
        kind="difference",
        pattern=r"how much (?P<nounless>farther|further) (?:does|did) <a:E> (?P<dv>"
        + verbs("walk run drive fly hike ride swim jog bike travel", "base")
        + r") than <b:E>(?: does| did)?",
        reads=("how much farther did Tom walk than Sam",),
        not_reads=(
            "how much farther did Tom walk as Sam",
            "how much farther did Tom walk than",
        ),
    ),
    QuestionRule(
        # "How much candy did he have in total?": a stuff measured in its own unit.
        name="state_stuff",
        kind="state",
        pattern=r"how much (?!money\b)<u:U> (?:does|do|did|will) <e:E> (?P<v>have)"
        r"(?: left| now| in all| in total| altogether)?",
        reads=("how much candy does Tom have left",),
        not_reads=("how much candy does Tom want",),
    ),
    QuestionRule(
        # "How many files were still on her flash drive?": what that person keeps there.
        name="state_in_own_place",
        kind="state",
        pattern=r"how many <u:U> (?:are|were|is|was) (?:still |now |left )?(?:in|on|at|inside) "
        r"(?P<pos>his|her) [a-z0-9]+(?: [a-z]+)?(?: now| left)?",
        reads=("how many fish are in her tank",),
        not_reads=(
            "how many fish are near her tank",
            "how many fish are in her",
        ),
    ),
    QuestionRule(
        name="age",
        kind="age",
        pattern=r"how old (?:is|was|will) <e:E>(?: be)?(?: now)?",
        reads=("how old is Mia's brother",),
        not_reads=(
            "how old were Mia's brother",
            "how old is Mia's",
        ),
    ),
    QuestionRule(
        name="subset_not",
        kind="subset_not",
        pattern=r"how many <u:U> (?:are|were) not (?P<w>[a-z]+(?: back)?)",
        reads=("how many students were not called back",),
        not_reads=(
            "how many students is not called back",
            "how many students were called back",
        ),
    ),
    QuestionRule(
        name="subset",
        kind="subset",
        pattern=r"how many <u:U> (?:are|were) (?P<w>(?!there\b|left\b)[a-z]+)",
        reads=("how many students are girls",),
        not_reads=(
            "how many students are",
            "how many students are not girls",
        ),
    ),
    QuestionRule(
        name="state_in_place",
        kind="state",
        pattern=r"how many <u:U> (?:are|were|is|will be) (?:still |now |currently )?(?:left )?(?:in|on|at|inside) (?P<loc>the "
        + _W2
        + r")(?: now| left| in all| in total| altogether)?",
        reads=("how many chairs are in the hall",),
        not_reads=(
            "how many chairs are near the hall",
            "how many chairs are in the",
        ),
    ),
    QuestionRule(
        name="world_at_end",
        kind="world",
        pattern=r"how many <u:U> (?:are|were|is) (?:there )?at the end",
        reads=("how many students were at the end",),
        not_reads=(
            "how many students were at the",
            "how many students were at the start",
        ),
    ),
    QuestionRule(
        name="world_there",
        kind="world",
        pattern=r"how many <u:U> (?:are|were|is) there(?: left| now| at the end)?"
        r"(?P<tot> in all| in total| altogether)?",
        reads=("how many students are there",),
        not_reads=(
            "how many students are here",
            "how many students are",
        ),
    ),
    QuestionRule(
        name="world_left",
        kind="world",
        pattern=r"how many <u:U> (?:are|were) left(?: in all| in total)?",
        reads=("how many apples are left in all",),
        not_reads=(
            "how many apples are left near all",
            "how many apples are left in",
        ),
    ),
    QuestionRule(
        name="world_nounless",
        kind="world",
        pattern=r"how many (?P<nounless>are|were) (?:left|there)(?: now| in all| in total| altogether)?",
        reads=("how many are left",),
        not_reads=(
            "how many are",
            "how many are broken",
        ),
    ),
)
