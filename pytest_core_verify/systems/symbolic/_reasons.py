"""The reader's refusal reasons: each names a class of sentence it does not read.

Every refusal names one (``ClaimParseError.reason``); the wording of the reasons older than
the lexicon is kept as it was: it is part of every pinned surface that names the reason (the
contract lists each class's words in full).
"""

from __future__ import annotations

from typing import Final, Literal

__all__ = ["REFUSAL_REASONS", "RefusalReason"]

RefusalReason = Literal[
    "empty",
    "too_long",
    "meta_reply",
    "pronoun",
    "quantifier",
    "conditional",
    "conjunction",
    "existential",
    "interjection",
    "particle",
    "adverb",
    "hedge",
    "modal",
    "comparison",
    "determiner",
    "comparative",
    "ordinal",
    "passive",
    "negation",
    "unsupported_verb",
    "article",
    "no_relation",
    "two_relations",
    "empty_term",
    "not_a_word",
    "ambiguous_plural",
    "number",
    "preposition",
    "postposed_word",
    "plural_modifier",
    "unread_word",
    "unsupported_question",
    "ambiguous_question",
]

#: Every refusal reason, with what it means. The wording of the reasons older than the
#: lexicon is kept as it was: it is part of every pinned surface that names the reason
#: (the contract lists each class's words in full).
REFUSAL_REASONS: Final[dict[RefusalReason, str]] = {
    "empty": "nothing was said",
    "too_long": "the utterance or a term is longer than the caps",
    "meta_reply": "a reply about the previous turn ('No, that is wrong.'), not a claim",
    "pronoun": "a pronoun or question word (it, that, they, ...) stands for a term",
    "quantifier": "a quantifier other than the readable 'no X', 'all Xs', 'every X'",
    "existential": "existential 'there' ('There is a cat'): it asserts existence, not a claim",
    "interjection": "an interjection (oh, ah, alas, wow, ...): an utterance of its own, not a term",
    "particle": "a focus particle (alone, solely, merely, exclusively, ...) restricting a term",
    "adverb": (
        "an adverb of time or place, a connective (now, once, thus, therefore, ...) or an "
        "adverb in -ly (specifically, currently, ...) inside a term"
    ),
    "conditional": "a condition (if, when, unless, ...)",
    "conjunction": "a conjunction joining two claims or terms (and, or, but, either, ...)",
    "hedge": "a hedge or frequency (probably, maybe, always, usually, ...)",
    "modal": "a modal verb (can, may, must, ...)",
    "comparison": "a comparison (like, than, as, ...)",
    "determiner": (
        "a determiner that picks out or points back rather than names (certain, respective, "
        "sufficient, latter, former, next, following, ...)"
    ),
    "comparative": (
        "a comparative or superlative (bigger, better, fastest, worst, ...) grading a term"
    ),
    "ordinal": "an ordinal or multiplicative (first, second, double, triple) before a noun",
    "passive": "a passive with an object or complement ('X is named Y', 'X is given Y')",
    "negation": "a negation where none can be read (double or misplaced no/not/never)",
    "unsupported_verb": "a verb or tense outside the grammar (was, has, does without not, ...)",
    "article": "an article inside a term",
    "no_relation": "no relation word (is, requires, precedes, presupposes)",
    "two_relations": "more than one relation word",
    "empty_term": "the subject, object or topic is empty",
    "not_a_word": "a term contains something that is not a word",
    "ambiguous_plural": "a plural term whose singular cannot be told (axes: axe or axis)",
    "number": "a term opened by 'a' or 'an' that ends in a plural ('a mammal heaps')",
    "preposition": (
        "a preposition opening or closing a term ('X is in Y', 'X is under Y'): a relation "
        "the grammar does not have"
    ),
    "postposed_word": (
        "an adjective or adverb closing a term after its noun ('a pet regardless', 'a tool "
        "used'): a term's last word is its head, a noun"
    ),
    "plural_modifier": (
        "a plural noun before another noun of a term ('needs tree', 'wolves dog'): a noun "
        "that modifies another is singular ('cat food')"
    ),
    "unread_word": (
        "a word inside a term that is no noun or adjective the lexicon knows, and that no rule "
        "of position reads as a name"
    ),
    "unsupported_question": "a question other than 'What is X?', 'Is X a Y?', 'Does X require Y?'",
    "ambiguous_question": "a yes/no question whose two terms cannot be told apart",
}
