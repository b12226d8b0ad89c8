"""The nouns a lead may end a phrase on and still be a setting, by role.

A lead the reader strips before a clause ("At the arcade, ", "For the school bake sale, ",
"In the afternoon ") is passed over only if every phrase of it is headed by a noun of a
time, a place or an occasion, things a clause happens at and that count nothing. Any
other head ("In his dream, he found 3 apples", "In theory, ...", "Before that, ...")
may change whether or when the clause holds, so the lead stays and the clause is read
whole or refused.

Part of the reader (``_parse.parse_problem`` is its entry point); no pytest import.
"""

from __future__ import annotations

__all__ = ["SETTING_HEADS", "setting_head"]


def _words(text: str) -> frozenset[str]:
    return frozenset(text.split())


#: Heads of a setting, by role.
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
