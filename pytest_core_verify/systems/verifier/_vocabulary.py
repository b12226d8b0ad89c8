"""Vocabulary as data: the verb classes the rules and the rewrites share, and past tenses.

Part of the reader (``_parse.parse_problem`` is its entry point); no pytest import.
"""

from __future__ import annotations

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

#: Past forms and their verbs, for questions that put the verb in the past.
_PAST_BASE = {
    "drove": "drive", "flew": "fly", "walked": "walk", "hiked": "hike", "ran": "run",
    "rode": "ride", "swam": "swim", "sold": "sell", "made": "make", "baked": "bake",
    "picked": "pick", "collected": "collect", "read": "read", "ate": "eat", "found": "find",
    "caught": "catch", "grew": "grow", "won": "win", "scored": "score", "planted": "plant",
    "bought": "buy", "saved": "save", "earned": "earn",
}  # fmt: skip
