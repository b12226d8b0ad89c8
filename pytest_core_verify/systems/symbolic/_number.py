"""Grammatical number: the singular a plural term is stored under, from the ``inflect`` library.

Only a term that the sentence marks as plural is singularised (the subject of ``are`` or of a
plural verb, the bare object of ``are``, the X of ``What are X?``), because ``inflect`` turns any
word ending in s into a "singular" (``Socrates`` -> ``Socrate``, ``bus`` -> ``bu``): it knows
the rules, not the words. For the same reason it cannot see that a plural has two
singulars, nor that a form in -s is no plural at all; the lexicon (``_lexicon``) lists both,
and the word tables (``_content.has_no_singular``) tell the nouns they list without a singular:
nouns that are not plurals (``goods``, ``means``, ``economics``) keep their form, and a plural
with two singulars (``axes``: axe or axis) is refused rather than guessed at. A plural is
folded only where inflect gives a singular whose plural is the word again and the lexicon
does not say otherwise.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

from pytest_core_verify.systems._extras import ExtraMissing
from pytest_core_verify.systems.symbolic._content import has_no_singular
from pytest_core_verify.systems.symbolic._lexicon import AMBIGUOUS_PLURALS, NOT_PLURALS

if TYPE_CHECKING:
    import inflect

__all__ = ["AMBIGUOUS_PLURALS", "AmbiguousPlural", "singular"]


@lru_cache(maxsize=1)
def _engines() -> tuple[inflect.engine, inflect.engine]:
    # Imported on the first plural, so that importing the package (the CLI imports the
    # systems to list their commands) works without the extra.
    try:
        import inflect
    except ImportError as exc:  # pragma: no cover - exercised only without the extra
        raise ExtraMissing(
            "the symbolic reader needs the 'inflect' package to read a plural term; "
            "install it with: pip install 'pytest-core-verify[symbolic]'"
        ) from exc
    modern, classical = inflect.engine(), inflect.engine()
    classical.classical(all=True)
    return modern, classical


class AmbiguousPlural(ValueError):
    """A plural term whose singular cannot be told: the message names the candidates."""


@lru_cache(maxsize=8192)
def singular(term: str) -> str:
    """The singular of ``term``, which the sentence marks as plural (already case-folded).

    A term that is not a plural (``fish``, ``mortal``) comes back unchanged. Only the last word
    is inflected by ``inflect``'s own rules for phrases (``birds of prey`` -> ``bird of prey``).
    Raises AmbiguousPlural for a plural with more than one singular.
    """
    head = term.rsplit(" ", 1)[-1]
    if head in NOT_PLURALS or has_no_singular(head):
        # A plurale tantum, mass noun or field: "means" is not "mean"s, and a noun the
        # word tables list as its own only lemma (knickers, rickets) has no singular.
        return term
    listed = AMBIGUOUS_PLURALS.get(head)
    if listed is not None:
        raise AmbiguousPlural(f"{head!r} is the plural of {' and of '.join(map(repr, listed))}")
    candidates = set()
    modern, classical = _engines()
    for engine in (modern, classical):
        found = engine.singular_noun(term)
        # Keep only a singular whose plural is the term again (a round trip).
        if (
            isinstance(found, str)
            and found
            and found != term
            and term in (modern.plural_noun(found), classical.plural_noun(found))
        ):
            candidates.add(found)
    if len(candidates) > 1:
        raise AmbiguousPlural(
            f"{term!r} is the plural of {' and of '.join(map(repr, sorted(candidates)))}"
        )
    return candidates.pop() if candidates else term
