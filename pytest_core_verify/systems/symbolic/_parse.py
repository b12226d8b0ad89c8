"""Reading utterances: intent, the question's topic, and a claim's subject/relation/object/polarity.

The grammar is deliberately small and strict. A claim that could be read two ways (for example
one with two relation words) is rejected with a reason rather than guessed at, because a wrong
premise in the vault is worse than a missed one.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Final, Literal

from pytest_core_verify.systems.symbolic._claims import Claim, Polarity, Relation

__all__ = [
    "ClaimParseError",
    "Intent",
    "ParsedUtterance",
    "normalise_term",
    "parse_claim",
    "parse_utterance",
]

Intent = Literal["question", "correction", "statement", "other"]

_ARTICLES: Final = frozenset({"a", "an", "the"})
# A term word: starts with a letter or digit; may carry inner hyphens or apostrophes.
_WORD: Final = re.compile(r"[^\W_](?:[\w'-]*[^\W_])?")
_CONTRACTIONS: Final = (("isn't", "is not"), ("aren't", "are not"), ("doesn't", "does not"))
# Relation words, including the base forms that follow "does not".
_POSITIVE_VERBS: Final[dict[str, Relation]] = {
    "is": "is",
    "are": "is",
    "requires": "requires",
    "precedes": "precedes",
    "presupposes": "presupposes",
}
_BASE_VERBS: Final[dict[str, Relation]] = {
    "require": "requires",
    "precede": "precedes",
    "presuppose": "presupposes",
}
_RELATION_WORDS: Final = frozenset({*_POSITIVE_VERBS, *_BASE_VERBS, "does", "not"})
_CORRECTION: Final = re.compile(r"^(?:actually\b[,:]?|no\s*[,:]|correction\s*[,:])\s*", re.I)
_QUESTION: Final = re.compile(r"^(?:what|who)\s+(?:is|are)\s+(?P<topic>.+?)\s*\?$", re.I)
_WHATS: Final = re.compile(r"^what's\s+(?P<topic>.+?)\s*\?$", re.I)


class ClaimParseError(ValueError):
    """A claim that cannot be read unambiguously; the message says why."""


@dataclass(frozen=True)
class ParsedUtterance:
    """What an utterance is, and its content when it has one."""

    intent: Intent
    topic: str | None = None  # the normalised X of "What is X?"
    claim: Claim | None = None  # the premise of a correction or statement
    error: str | None = None  # why the question or claim could not be read


def _words(text: str) -> list[str]:
    lowered = text.lower()
    for short, long in _CONTRACTIONS:
        lowered = lowered.replace(short, long)
    return lowered.split()


def _term(words: list[str], role: str) -> str:
    # A leading article is dropped so that "a man" and "man" name the same term.
    if len(words) > 1 and words[0] in _ARTICLES:
        words = words[1:]
    if not words or (len(words) == 1 and words[0] in _ARTICLES):
        raise ClaimParseError(f"the {role} is empty")
    for word in words:
        if word in _RELATION_WORDS:
            raise ClaimParseError(
                f"the {role} {' '.join(words)!r} contains the relation word {word!r}; "
                "a claim has exactly one relation"
            )
        if not _WORD.fullmatch(word):
            raise ClaimParseError(f"the {role} contains {word!r}, which is not a word")
    return " ".join(words)


def normalise_term(text: str) -> str:
    """Lower-case, single-spaced, leading article dropped: the key a term is stored under."""
    return _term(_words(text.strip().rstrip(".!")), "term")


def parse_claim(text: str) -> Claim:
    """Parse "X is Y", "X is not Y", "X requires Y", "X does not precede Y", ... into a Claim.

    Raises ClaimParseError, naming the problem, for anything else.
    """
    words = _words(text.strip().rstrip(".!").strip())
    if not words:
        raise ClaimParseError("the claim is empty")
    for i, word in enumerate(words):
        relation: Relation | None = None
        polarity: Polarity = "positive"
        width = 1
        if word in _POSITIVE_VERBS:
            relation = _POSITIVE_VERBS[word]
            if relation == "is" and i + 1 < len(words) and words[i + 1] == "not":
                polarity, width = "negative", 2
        elif word == "does" and words[i + 1 : i + 2] == ["not"] and i + 2 < len(words):
            base = words[i + 2]
            if base not in _BASE_VERBS:
                raise ClaimParseError(f"'does not' must be followed by a relation, got {base!r}")
            relation, polarity, width = _BASE_VERBS[base], "negative", 3
        if relation is None:
            continue
        subject = _term(words[:i], "subject")
        obj = _term(words[i + width :], "object")
        return Claim(subject, relation, obj, polarity)
    raise ClaimParseError(
        "no relation found; expected one of: is, is not, requires, precedes, presupposes"
    )


def parse_utterance(utterance: str) -> ParsedUtterance:
    """Classify one utterance and read its content."""
    text = " ".join(utterance.split())
    if not text:
        return ParsedUtterance("other", error="the utterance is empty")
    if text.endswith("?"):
        match = _QUESTION.match(text) or _WHATS.match(text)
        if match is None:
            return ParsedUtterance(
                "question", error="only questions of the form 'What is X?' can be answered"
            )
        try:
            return ParsedUtterance("question", topic=normalise_term(match["topic"]))
        except ClaimParseError as exc:
            return ParsedUtterance("question", error=str(exc))
    marker = _CORRECTION.match(text)
    if marker is not None:
        try:
            return ParsedUtterance("correction", claim=parse_claim(text[marker.end() :]))
        except ClaimParseError as exc:
            return ParsedUtterance("correction", error=str(exc))
    try:
        return ParsedUtterance("statement", claim=parse_claim(text))
    except ClaimParseError as exc:
        return ParsedUtterance("other", error=str(exc))
