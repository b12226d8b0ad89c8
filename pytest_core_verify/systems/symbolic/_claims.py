"""Claims: subject, relation, object and polarity, with their one canonical rendering."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, Literal, get_args

__all__ = ["RELATIONS", "Claim", "ClaimKey", "Polarity", "Relation"]

Relation = Literal["is", "requires", "precedes", "presupposes"]
Polarity = Literal["positive", "negative"]
RELATIONS: Final[tuple[Relation, ...]] = get_args(Relation)

# Verb forms used when a claim is rendered as text; negative forms mirror what the parser accepts.
_NEGATIVE_VERB: Final[dict[str, str]] = {
    "is": "is not",
    "requires": "does not require",
    "precedes": "does not precede",
    "presupposes": "does not presuppose",
}

#: Identity of a claim irrespective of polarity: two claims with one key and opposite
#: polarities contradict each other.
ClaimKey = tuple[str, Relation, str]


@dataclass(frozen=True, order=True)
class Claim:
    """One relation between two normalised terms, affirmed or denied."""

    subject: str
    relation: Relation
    object: str
    polarity: Polarity = "positive"

    @property
    def key(self) -> ClaimKey:
        return (self.subject, self.relation, self.object)

    @property
    def positive(self) -> bool:
        return self.polarity == "positive"

    def negated(self) -> Claim:
        """The contradicting claim: same key, opposite polarity."""
        flipped: Polarity = "negative" if self.positive else "positive"
        return Claim(self.subject, self.relation, self.object, flipped)

    def text(self) -> str:
        verb = self.relation if self.positive else _NEGATIVE_VERB[self.relation]
        return f"{self.subject} {verb} {self.object}"

    def to_json(self) -> dict[str, str]:
        return {
            "subject": self.subject,
            "relation": self.relation,
            "object": self.object,
            "polarity": self.polarity,
        }
