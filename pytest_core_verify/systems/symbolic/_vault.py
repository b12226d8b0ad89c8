"""The vault: reviewed premises, indexed so that a probe touches only what it can reach."""

from __future__ import annotations

import hashlib
from collections import defaultdict
from collections.abc import Iterator
from dataclasses import dataclass

from pytest_core_verify.systems.symbolic._canon import canonical_bytes
from pytest_core_verify.systems.symbolic._claims import Claim, ClaimKey, Polarity, Relation

__all__ = ["Premise", "Vault"]

_EMPTY_DIGEST = hashlib.sha256(b"symbolic-vault-v1").hexdigest()


@dataclass(frozen=True)
class Premise:
    """A stored claim with its id and the turn that taught it."""

    id: str
    claim: Claim
    turn: int
    written: str | None = None  # the claim as the person wrote it, when it differs in form

    @property
    def seq(self) -> int:
        """Insertion number, for sorting (``p10`` after ``p9``)."""
        return int(self.id[1:])

    def to_json(self) -> dict[str, object]:
        data: dict[str, object] = {
            "id": self.id,
            "turn": self.turn,
            "text": self.claim.text(),
            **self.claim.to_json(),
        }
        if self.written is not None:
            data["written"] = self.written
        return data


class Vault:
    """Premises in insertion order, with subject and (object, relation) indexes.

    Ids are ``p1``, ``p2``, ... in insertion order, so every listing sorted by insertion is
    deterministic. ``digest`` chains the canonical bytes of each stored premise, which lets a
    turn hash the whole vault state in constant time.
    """

    def __init__(self) -> None:
        self._premises: list[Premise] = []
        self._by_claim: dict[Claim, Premise] = {}
        self._by_subject: defaultdict[str, list[Premise]] = defaultdict(list)
        self._by_object: defaultdict[tuple[str, Relation], list[Premise]] = defaultdict(list)
        self._polarities: defaultdict[ClaimKey, set[Polarity]] = defaultdict(set)
        self._digest = _EMPTY_DIGEST

    def __len__(self) -> int:
        return len(self._premises)

    def __iter__(self) -> Iterator[Premise]:
        return iter(tuple(self._premises))

    @property
    def digest(self) -> str:
        return self._digest

    def find(self, claim: Claim) -> Premise | None:
        """The stored premise equal to ``claim`` (same polarity), if any."""
        return self._by_claim.get(claim)

    def add(self, claim: Claim, turn: int, written: str | None = None) -> Premise:
        """Store ``claim`` (``written``: the sentence as said); a stored claim is a caller error."""
        if claim in self._by_claim:
            raise ValueError(f"premise already stored: {claim.text()!r}")
        premise = Premise(f"p{len(self._premises) + 1}", claim, turn, written)
        self._premises.append(premise)
        self._by_claim[claim] = premise
        self._by_subject[claim.subject].append(premise)
        self._by_object[(claim.object, claim.relation)].append(premise)
        self._polarities[claim.key].add(claim.polarity)
        link = self._digest.encode("ascii") + canonical_bytes(premise.to_json())
        self._digest = hashlib.sha256(link).hexdigest()
        return premise

    def since(self, count: int) -> tuple[Premise, ...]:
        """The premises taught after the first ``count``, in insertion order."""
        return tuple(self._premises[count:])

    def about(self, subject: str) -> tuple[Premise, ...]:
        """Premises whose subject is ``subject``, in insertion order."""
        return tuple(self._by_subject.get(subject, ()))

    def pointing_at(self, obj: str, relation: Relation) -> tuple[Premise, ...]:
        """Premises "_ <relation> obj" (either polarity), in insertion order."""
        return tuple(self._by_object.get((obj, relation), ()))

    def is_contested(self, claim: Claim) -> bool:
        """True when the vault holds both the claim and its negation."""
        return len(self._polarities.get(claim.key, ())) == 2

    def contradicts(self, claim: Claim) -> Premise | None:
        """The stored premise that says the opposite of ``claim``, if any."""
        return self._by_claim.get(claim.negated())
