"""The sentence rules: one ordered list of (name, template, builder); the first full match wins.

Part of the reader (``_parse.parse_problem`` is its entry point); no pytest import.
"""

from __future__ import annotations

import re

from ._builders import (
    _b_activity,
    _b_all_but,
    _b_attend,
    _b_buy_total,
    _b_change_unknown,
    _b_container,
    _b_container_coord,
    _b_containers_held_each,
    _b_discovered_part,
    _b_divided_among,
    _b_done,
    _b_done_but_needed,
    _b_each_have,
    _b_for_every,
    _b_frac_give,
    _b_frac_own,
    _b_give,
    _b_give_all,
    _b_give_each,
    _b_has_to_buy,
    _b_have,
    _b_have_but_need,
    _b_have_final_nounless,
    _b_have_nounless,
    _b_have_part,
    _b_holds_on_each,
    _b_invited,
    _b_joint,
    _b_motion,
    _b_motion_in_time,
    _b_need,
    _b_pair,
    _b_pair_buying,
    _b_pays,
    _b_rate,
    _b_rate_for_days,
    _b_rate_of_owner,
    _b_rate_owner,
    _b_rate_pair,
    _b_selling_for_each,
    _b_split_groups_of,
    _b_take_of_owner,
    _b_task,
    _b_task_more,
    _b_time_each,
    _b_times,
    _b_used_on_each,
)
from ._builders_places import (
    _DISTANCE,
    _DOING,
    _MOTION_V,
    _OWN,
    _OWN_PLACE,
    _PART,
    _RATE_VERB,
    _b_age,
    _b_buy_each,
    _b_have_final_now,
    _b_have_of,
    _b_have_two,
    _b_have_unknown,
    _b_pack,
    _b_part_count,
    _b_pests,
    _b_place_change,
    _b_place_have,
    _b_place_have_two,
    _b_put_into,
    _b_rel_add,
    _b_rel_add_elliptic,
    _b_rel_mul,
    _b_rel_mul_elliptic,
    _b_served,
    _b_share,
    _b_share_rest,
    _b_subset,
    _b_take_away,
    _b_take_from,
    _b_take_pictures,
    _b_there,
    _b_there_two,
    _b_there_two_places,
    _b_total,
    _b_workers,
    _b_world_share,
)
from ._grammar import (
    _TAIL,
    _W2,
    _WORD,
    FRAC,
    UNIT,
    _Builder,
    _compile,
)
from ._vocabulary import (
    GAIN_V,
    GIVE_V,
    HAVE_V,
    LOSE_V,
    TALLY_V,
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
