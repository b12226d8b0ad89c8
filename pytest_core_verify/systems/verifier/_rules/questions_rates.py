"""Questions of rates, jobs, ways and containers (times so many, what is left, how far).

Each rule is a value: its name, its pattern, what it builds, sentences it must read and
near-misses it must not (both are tests). The order of all rules is ``_rules.order``.
"""

# A pattern and an example read best unbroken, as the expected outputs of the tests do.
# ruff: noqa: E501

from __future__ import annotations

from .._vocabulary import verbs
from ._rule import QuestionRule

RULES: tuple[QuestionRule, ...] = (
    QuestionRule(
        # "How many more shells does she need to find to have 25 shells?": the target less
        # what she has; "how many does she need to give away so that she will have 35 left":
        # what she has less the target.
        name="goal",
        kind="goal",
        pattern=r"how many (?:more )?(?:<u:U> )?(?:does|do|did|will|would) <e:E> (?:need|have|want) to "
        r"(?:(?P<gv>[a-z]+(?: away| up)?) (?:(?:so that|so) <e2:E> (?:will|would) have"
        r"|to have)|(?P<gh>have)) <k:N>(?: <u2:U>)?(?: left| altogether| in all| in total"
        r"| in (?:his|her|their) [a-z]+)?",
        reads=("how many more stickers does she need to collect to have 30 stickers",),
        not_reads=(
            "how many more stickers does she need to collect to have several stickers",
            "how many more stickers does she need for collect to have 30 stickers",
        ),
    ),
    QuestionRule(
        # "How long will it take him to install the rest?", "How much longer will he take to
        # paint the rest?": what is left of the job, at its time per thing.
        name="task_left_how_long",
        kind="task_left",
        pattern=r"how (?:long|much longer|much time) (?:will|would|does|did) (?:it take(?: (?:him|her|"
        r"them|[A-Z][a-z]+))? |(?:he|she|they|[A-Z][a-z]+|the [a-z]+) (?:take|need) )?"
        r"(?:to )?(?P<tv>[a-z]+) the rest(?: of (?:them|the [a-z]+))?",
        reads=("how long will it take her to hem the rest",),
        not_reads=(
            "how long will it take her for hem the rest",
            "how long will it take her to hem the",
        ),
    ),
    QuestionRule(
        # "How many more problems does she have to grade?", "How many worksheets would she
        # have to grade?": what is left of the job (times so many per thing).
        name="task_left_have_to",
        kind="task_left",
        pattern=r"how many (?:more )?<u:U> (?:does|do|did|will|would) <e:E> (?:still )?(?:have|need) to "
        r"(?P<tv>[a-z]+)(?: now)?",
        reads=("how many boxes did she have to use",),
        not_reads=(
            "how many boxes did she have for use",
            "how many boxes did she have to",
        ),
    ),
    QuestionRule(
        # "How much flour does she still need?": what is left of the job, times so much each.
        name="task_left_still_need",
        kind="task_left",
        pattern=r"how (?:much|many) (?:more )?<u:U> (?:does|do|did|will|would) <e:E> still "
        r"(?P<tv>need)(?: to add| to buy)?",
        reads=("how much flour cups does she still need",),
        not_reads=("how much flour cups does she still",),
    ),
    QuestionRule(
        # "How many more plates should Justin buy?" after "Justin needs 61 paper plates": what
        # he needs less what he holds.
        name="need_left_more",
        kind="need_left",
        pattern=r"how many more <u:U> (?:should|does|do|must|will|would) <e:E> (?:buy|get|need|make|"
        r"bake|find|collect|pick|earn|save)(?: to [a-z]+(?: [a-z]+){0,3})?",
        reads=("how many more napkins should Tamsin buy",),
        not_reads=(
            "how many extra napkins should Tamsin buy",
            "how many more napkins should Tamsin",
        ),
    ),
    QuestionRule(
        # "How much money would he need to finish his collection?": what is still needed,
        # at its price.
        name="need_left_money",
        kind="need_left",
        pattern=r"how much (?P<money>money) (?:would|will|does|do|did|should) <e:E> need to "
        r"(?:finish|complete) (?:his|her|their|the) [a-z]+",
        reads=("how much money would she need to finish her album",),
        not_reads=(
            "how much money would she need for finish her album",
            "how much money would she need to finish her",
        ),
    ),
    QuestionRule(
        # "How many did he not wash?": what is left of the job.
        name="task_left_not_done",
        kind="task_left",
        pattern=r"how many (?P<nounless>did|does|do|will) <e:E> not (?P<tv>[a-z]+)",
        reads=("how many did she not wash",),
        not_reads=(
            "how many did she not",
            "how many did she wash",
        ),
    ),
    QuestionRule(
        # "How many apples had she eaten at the end of 3 hours?": her rate, times so many.
        name="rate_times_at_end_of",
        kind="rate_times",
        pattern=r"how many <u:U> (?:had|has|have|will) <e:E> (?:have )?[a-z]+ (?:at the end of|after|in) "
        r"<k:N> <c:U>",
        reads=("how many crackers had he eaten at the end of 6 hours",),
        not_reads=(
            "how many crackers had he eaten at the end of several hours",
            "how many crackers had he eaten at the end from 6 hours",
        ),
    ),
    QuestionRule(
        # "How long will it take to bake 4 pans of cookies?": a time per thing, times so many.
        name="rate_times_how_long",
        kind="rate_times",
        pattern=r"how long (?:will|would|does) it take(?: (?:him|her|them|[A-Z][a-z]+))? to "
        r"(?P<tv>[a-z]+) <k:N> <c:U>(?: of [a-z]+)?(?P<time>)",
        reads=("how long will it take to bake 6 trays of muffins",),
        not_reads=(
            "how long will it take to bake several trays of muffins",
            "how long will it take for bake 6 trays of muffins",
        ),
    ),
    QuestionRule(
        # "How long did James ride?", "how long was Joan travelling?": distance over speed.
        name="duration",
        kind="duration",
        pattern=r"how long (?:did|does|was|is|will) <e:E> (?P<mv>[a-z]+)",
        reads=("how long is the blue ribbon",),
        not_reads=(
            "how long were the blue ribbon",
            "how long is the blue",
        ),
    ),
    QuestionRule(
        name="distance_went",
        kind="distance",
        pattern=r"how far (?:did|does|will|can|could) <e:E> (?P<mv>"
        + verbs("go travel walk run ride drive fly swim hike jog bike sail stroll sprint", "base")
        + r")(?: all together| altogether| in all| in total)?",
        reads=("how far did Grace go",),
        not_reads=(
            "how far did Grace",
            "how far did Grace throw",
        ),
    ),
    QuestionRule(
        # "How far is it between Amanda's house and Kimberly's house?": the way she went.
        name="distance_between",
        kind="distance",
        pattern=r"how far is it (?:between|from) (?P<e>[A-Z][a-z]+)'s [a-z]+ (?:and|to) "
        r"(?:the |[A-Z][a-z]+'s )?[a-z]+(?P<go>)",
        reads=("how far is it between Ayo's house and Bea's house",),
        not_reads=(
            "how far was it between Ayo's house and Bea's house",
            "how far is it between Ayo's house and Bea's",
        ),
    ),
    QuestionRule(
        # "How far can she drive in 36 hours?" at a speed: the speed times the hours.
        name="rate_times_how_far",
        kind="rate_times",
        pattern=r"how far (?:can|could|will|would|does|did) <e:E> (?P<mv>[a-z]+) in <k:N> <c:U>(?P<way>)",
        reads=("how far can he drive in 4 hours",),
        not_reads=(
            "how far can he drive in several hours",
            "how far can he drive near 4 hours",
        ),
    ),
    QuestionRule(
        # "How long would the money last him?": what he holds over what he uses each day.
        name="last",
        kind="last",
        pattern=r"how long (?:would|will|does|did|could|can) (?:the|his|her|their) (?P<stuff>[a-z]+"
        r"(?: [a-z]+)?) last (?P<e>him|her|them|[A-Z][a-z]+|the [a-z]+(?: [a-z]+)?)",
        reads=("how long would the money last him",),
        not_reads=("how long would the money last",),
    ),
    QuestionRule(
        # "How fast did Rachel go?", "What was its average speed?": way over time.
        name="speed",
        kind="speed",
        pattern=r"(?:how fast (?:did|does|was|is) <e:E> (?:go|going|travel|traveling|drive|driving|walk|"
        r"walking|run|running|ride|riding)|what (?:was|is) (?P<pos>its|his|her|their) "
        r"(?:average )?speed)",
        reads=("how fast did Lise go",),
        not_reads=(
            "how fast did Lise",
            "how fast did Lise type",
        ),
    ),
    QuestionRule(
        # "How many buses are needed to take the trip?", "how many vans will they need?":
        # the containers the problem's one stock fills, when nobody is named ("they" are
        # the ones counted)
        name="containers_needed",
        kind="containers",
        pattern=r"how many <u:U> (?:are|will be|would be|were) needed(?: to [a-z]+(?: [a-z]+){0,3})?"
        r"(?P<needed>)",
        reads=("how many vans are needed",),
        not_reads=(
            "how many vans are needs",
            "how many vans are",
        ),
    ),
    QuestionRule(
        name="containers_they_need",
        kind="containers",
        pattern=r"how many <u:U> (?:will|would|do|did) they need(?: to [a-z]+(?: [a-z]+){0,3})?"
        r"(?P<needed>)",
        reads=("how many tables do they need",),
        not_reads=(
            "how many tables do they",
            "how many tables do they have",
        ),
    ),
    QuestionRule(
        # "How many cages did they use?": the containers a "pack" clause filled.
        name="packed",
        kind="packed",
        pattern=r"how many <u:U> (?:did|does|do|could|can|would|will) <e:E> (?:use|have to use|make|"
        r"fill|fill up|need|end up with|have left|get)",
        reads=("how many cartons does he fill",),
        not_reads=("how many cartons does he",),
    ),
    QuestionRule(
        # "How many pages would he use?": the containers a rate counts per, that his stock
        # fills (exactly: a remainder is refused).
        name="containers_use",
        kind="containers",
        pattern=r"how many <u:U> (?:did|does|do|could|can|would|will) <e:E> (?:use|have to use|fill|"
        r"fill up|need|make)",
        reads=("how many cartons does he fill",),
        not_reads=("how many cartons does he",),
    ),
    QuestionRule(
        # "How many jars would she need to hold the jam?": the containers a rate counts
        # per, that the stock named fills.
        name="containers_to_hold",
        kind="containers",
        pattern=r"how many <u:U> (?:did|does|do|could|can|would|will) <e:E> need to "
        r"(?P<hv>hold|carry|fit|store) (?:the|all the|all of the) <w:U>",
        reads=("how many jars would she need to hold the jam",),
        not_reads=(
            "how many jars would she need to hold",
            "how many jars would she need to sell the jam",
        ),
    ),
    QuestionRule(
        # "How many groups will be created?": of the one person's stock.
        name="containers_created",
        kind="containers",
        pattern=r"how many <u:U> (?:will|would|can|could) be (?:created|made|formed)(?P<solo>)",
        reads=("how many groups will be created",),
        not_reads=(
            "how many groups will be creates",
            "how many groups will be",
        ),
    ),
    QuestionRule(
        # "How much do 5 pencils weigh?", "how many grams would 3 pens weigh": the weight
        # of one, times so many.
        name="rate_times_weigh",
        kind="rate_times",
        pattern=r"how (?:much|many <u:U>) (?:do|does|would|will|did) <k:N> <c:U> weigh(?P<weight>)",
        reads=("how much do 5 pens weigh", "how many grams would 3 pens weigh"),
        not_reads=(
            "how much do several pens weigh",
            "how much do 5 pens cost to ship",
            "how much does Ana weigh",
        ),
    ),
    QuestionRule(
        # "How many eggs does it take to make 6 cakes?": so many per one made, times 6.
        name="rate_times_to_make",
        kind="rate_times",
        pattern=r"how many <u:U> (?:does|would|will) it take to (?:make|bake|build|cook) <k:N> <c:U>",
        reads=("how many eggs does it take to make 6 cakes",),
        not_reads=(
            "how many eggs does it take to make several cakes",
            "how many eggs did it take to make 6 cakes",
            "how many eggs does it take to eat 6 cakes",
        ),
    ),
    QuestionRule(
        name="rate_times_in",
        kind="rate_times",
        pattern=r"how many <u:U> (?:are|is|were) (?:there )?in <k:N> <c:U>",
        reads=("how many months are in 7 years",),
        not_reads=(
            "how many months are in several years",
            "how many months are near 7 years",
        ),
    ),
    QuestionRule(
        name="rate_times_hold",
        kind="rate_times",
        pattern=r"how many <u:U> (?:do|did|will|would) <k:N> <c:U> (?:have|hold|contain)",
        reads=("how many legs do 4 spiders have",),
        not_reads=(
            "how many legs do several spiders have",
            "how many legs do only about 4 spiders have",
        ),
    ),
    QuestionRule(
        name="rate_times_verb_in",
        kind="rate_times",
        pattern=r"how many <u:U> (?:does|do|did|will|can|could|would) <e:E> [a-z]+ in <k:N> <c:U>",
        reads=("how many pages does he read in 5 days",),
        not_reads=(
            "how many pages does he read in several days",
            "how many pages does he read near 5 days",
        ),
    ),
    QuestionRule(
        name="per_each_get",
        kind="per_each",
        pattern=r"how many <u:U> (?:does|did|will|would|should|can|could) each <c:U> (?:get|have|receive|hold|eat)",
        reads=("how many cookies did each friend get",),
        not_reads=(
            "how many cookies did all friend get",
            "how many cookies did each friend",
        ),
    ),
    QuestionRule(
        name="per_each_nounless",
        kind="per_each",
        pattern=r"how many (?P<nounless>does|did|will|would|should|can|could) each <c:U> (?:get|have|"
        r"receive)",
        reads=("how many does each student get",),
        not_reads=(
            "how many does all student get",
            "how many does each student",
        ),
    ),
    QuestionRule(
        name="per_each_in_each",
        kind="per_each",
        pattern=r"how many <u:U> (?:are|were|will be|would be|should be|must be|go|went|must go|should go|will go|would go|can go|did .{1,20} put) in each <c:U>",
        reads=("how many stickers are in each pile",),
        not_reads=(
            "how many stickers are in all pile",
            "how many stickers are in each",
        ),
    ),
)
