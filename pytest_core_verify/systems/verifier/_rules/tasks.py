"""Jobs: what is needed, what is done of it, and what each thing of it takes.

Each rule is a value: its name, its pattern, what it builds, sentences it must read and
near-misses it must not (both are tests). The order of all rules is ``_rules.order``.
"""

# A pattern and an example read best unbroken, as the expected outputs of the tests do.
# ruff: noqa: E501

from __future__ import annotations

from .._builders import (
    _b_done,
    _b_done_but_needed,
    _b_done_of_job,
    _b_have_but_need,
    _b_need,
    _b_task,
    _b_task_more,
    _b_used_on_each,
)
from .._vocabulary import verbs
from ._rule import SentenceRule

RULES: tuple[SentenceRule, ...] = (
    SentenceRule(
        # "A chef needs to cook 15 potatoes", "A painter needed to paint 12 rooms in a
        # building": a job of so many things.
        name="task",
        pattern=r"(?:(?:a|an|the) [a-z]+(?: [a-z]+)?|[A-Z][a-z]+|he|she|they) (?P<v>"
        + verbs("need have", "third", "past", "base")
        + r") to (?P<tv>[a-z]+) <n:N> <u:U>(?: and <n2:N> <u2:U>)?"
        r"(?: in (?:a|an|the) [a-z]+| before (?:school|work|dinner|lunch|bed))?",
        builds=_b_task,
        reads=("a tailor needs to hem 18 skirts",),
        not_reads=(
            "a tailor needs to hem several skirts",
            "a tailor needs for hem 18 skirts",
        ),
    ),
    SentenceRule(
        # "A teacher had 9 worksheets to grade": a job of so many things.
        name="task_to",
        pattern=r"(?:(?:a|an|the) [a-z]+(?: [a-z]+)?|[A-Z][a-z]+|he|she|they) (?P<v>has|had|have) <n:N> "
        r"<u:U> to (?P<tv>[a-z]+)",
        builds=_b_task,
        reads=("a teacher had 21 worksheets to grade",),
        not_reads=(
            "a teacher had several worksheets to grade",
            "a teacher had 21 worksheets for grade",
        ),
    ),
    SentenceRule(
        # "Priya needs 54 cupcakes for a birthday party", "She needs 125 rocks to complete the
        # border": how many she wants to hold.
        name="need",
        pattern=r"<e:E> (?P<v>"
        + verbs("need want", "third", "past")
        + r") <n:N> <u:U>(?: total| in total| in all)?"
        r"(?: (?:for|to) [a-z]+(?: [a-z']+){0,4})?",
        builds=_b_need,
        reads=("Tamsin needs 72 paper napkins for a birthday party",),
        not_reads=(
            "Tamsin needs several paper napkins for a birthday party",
            "Tamsin needs only about 72 paper napkins for a birthday party",
        ),
    ),
    SentenceRule(
        # "John had 5 action figures, but needed 7 total for a complete collection".
        name="have_but_need",
        pattern=r"<e:E> (?P<v>has|had) <n:N> <u:U>,? but (?P<v2>"
        + verbs("need want", "third", "past")
        + r") <k:N>"
        r"(?: total| in total| in all)?(?: (?:for|to) [a-z]+(?: [a-z']+){0,4})?",
        builds=_b_have_but_need,
        reads=("Noor had 6 stickers, but needed 15 total for a complete album",),
        not_reads=(
            "Noor had several stickers, but needed 15 total for a complete album",
            "Noor had only about 6 stickers, but needed 15 total for a complete album",
        ),
    ),
    SentenceRule(
        # "Isabel baked 3 brownies, but needed 5 total for her party": a job, part done.
        name="done_but_needed",
        pattern=r"<e:E> (?P<dv>[a-z]+ed|made|built|bought|wrote|drew|sewed) <k:N> <u:U>,? but "
        r"(?P<v>" + verbs("need want", "past", "third") + r") <n:N>(?: total| in total| in all)?"
        r"(?: for (?:his|her|their|the) [a-z]+(?: [a-z]+)?)?",
        builds=_b_done_but_needed,
        reads=("Odette baked 6 brownies, but needed 14 total for her party",),
        not_reads=(
            "Odette bakes 6 brownies, but needed 14 total for her party",
            "Odette baked several brownies, but needed 14 total for her party",
        ),
    ),
    SentenceRule(
        # "She used 5 cups of flour on each one": so much for each thing of the job.
        name="used_on_each",
        pattern=r"<e:E> (?P<rv>"
        + verbs("use need put", "past", "third")
        + r") <n:N> <u:U> (?P<d>on|for|in) each "
        r"(?:one|<c:U>)",
        builds=_b_used_on_each,
        reads=("she puts 7 beads on each necklace",),
        not_reads=(
            "she puts several beads on each necklace",
            "she puts 7 beads on all necklace",
        ),
    ),
    SentenceRule(
        # "another 15 were turned in": more of the job.
        name="task_more",
        pattern=r"(?:but )?(?:then )?another <n:N> (?:<u:U> )?(?P<v>were|was) (?:turned in|handed in|"
        r"added|brought in)",
        builds=_b_task_more,
        reads=("another 15 were turned in",),
        not_reads=(
            "another 15 is turned in",
            "another several were turned in",
        ),
    ),
    SentenceRule(
        # "A new building needed 14 windows": a job of so many things, its verb unstated.
        name="task_bare",
        pattern=r"(?:a|an|the) (?:[a-z]+ )?[a-z]+ (?P<v>needs|needed) <n:N> <u:U>",
        builds=_b_task,
        reads=("a new library needed 25 shelves",),
        not_reads=(
            "a new library needed several shelves",
            "a new library needed only about 25 shelves",
        ),
    ),
    SentenceRule(
        # "He has already cooked 8", "The builder had already installed 5 of them".
        name="task_done",
        pattern=r"(?:(?:a|an|the) [a-z]+(?: [a-z]+)?|[A-Z][a-z]+|he|she|they) (?:(?:has|had) )?"
        r"(?:already|only) (?P<dv>[a-z]+ed|made|done|built|sewn|sewed|written|wrote|read|dug|"
        r"swept|cut|hung|fed|taught|drawn|drew) <k:N>(?: of them| (?:of the )?<u:U>)?"
        r"(?: by the time [a-z]+(?: [a-z]+){0,2})?",
        builds=_b_done,
        reads=("she has already hemmed 11",),
        not_reads=(
            "she has already hems 11",
            "she has already hemmed several",
        ),
    ),
    SentenceRule(
        # Last, so any pattern above reads its verb first: "He painted 5 rooms" after
        # "needed to paint 12 rooms" is work done on that job.
        name="task_done_plain",
        pattern=r"(?:(?:a|an|the) [a-z]+(?: [a-z]+)?|[A-Z][a-z]+|he|she|they) (?P<dv>[a-z]+ed) <k:N>"
        r"(?: of them| (?:of the )?<u:U>)?",
        builds=_b_done_of_job,
        reads=("Pedro jumped 45 inches",),
        not_reads=(
            "Pedro jumps 45 inches",
            "Pedro jumped several inches",
        ),
    ),
)
