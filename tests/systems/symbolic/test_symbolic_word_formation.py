"""The symbolic reader tells a word's class by how it is formed, where the tables are silent.

Each class is a space of inputs built by a rule of English word formation or drawn from the
word tables: nouns the tables give no singular (``knickers``, ``poetics``) keep their form in
a plural place; past participles with a form of their own (``bitten``) are verbs; adverbs in
``-wise`` and ``-ward(s)``, reflexives in ``-self`` and ordinals or multiples of numerals are
refused with their named reason; and ``a N of Xs`` is a compound when the sentence agrees
with ``N``, a quantity when it agrees with ``Xs``. The sentences beside each class (nouns
that merely end so, participles the tables list as adjectives) are still read.
"""

from __future__ import annotations

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from pytest_core_verify.systems.symbolic import parse_utterance
from pytest_core_verify.systems.symbolic._content import (
    _lexicon,
    has_no_singular,
    is_distinct_participle,
    is_noun,
    word_kind,
)
from pytest_core_verify.systems.symbolic._lexicon import closed_class
from pytest_core_verify.systems.symbolic._parse import GRAMMAR_WORDS
from tests.helpers import examples

NOUNS = ("cat", "dog", "pet", "tool", "tree", "stone", "river", "bird")
PLURALS = {noun: noun + "s" for noun in NOUNS}


def _parsed_terms(sentence: str) -> list[str]:
    parsed = parse_utterance(sentence)
    if parsed.claim is not None:
        return [parsed.claim.subject, parsed.claim.object]
    if parsed.asked is not None:
        return [parsed.asked.subject, parsed.asked.object]
    return [parsed.topic] if parsed.topic is not None else []


def _reason(sentence: str) -> str | None:
    parsed = parse_utterance(sentence)
    return None if _parsed_terms(sentence) else parsed.reason


def _cap(text: str) -> str:
    return text[0].upper() + text[1:]


def _placed(frame: str, word: str, noun: str) -> str:
    """``frame`` with ``word`` in the place ``{W}`` and ``noun`` (or its plural) in ``{X}``."""
    return _cap(frame.format(W=word, X=noun, Xs=PLURALS[noun]))


def _own_lemma_nouns() -> list[str]:
    lemmas = _lexicon().lemmas
    return sorted(
        word
        for word, found in lemmas.items()
        if word.isalpha()
        and word.endswith("s")
        and found.get("NOUN") == (word,)
        and set(found) <= {"NOUN", "ADJ"}
        and closed_class(word) is None
    )


def _field_names() -> list[str]:
    # Adjectives in -ic that are no nouns: their -ics form is a field (poetics, ballistics).
    lemmas = _lexicon().lemmas
    return sorted(
        word + "s"
        for word, found in lemmas.items()
        if word.isalpha() and word.endswith("ic") and set(found) == {"ADJ"}
    )


PLURAL_PLACES = ("{N} are pets.", "Cats are {N}.", "What are {N}?", "Actually {N} are tools.")


@given(st.sampled_from(_own_lemma_nouns()), st.sampled_from(PLURAL_PLACES))
@settings(max_examples=examples(150), deadline=None)
def test_a_noun_the_tables_give_no_singular_keeps_its_form(noun: str, frame: str) -> None:
    sentence = _cap(frame.format(N=noun))
    terms = _parsed_terms(sentence)
    assume(terms)  # refused for some other reason of its own (a preposition, a name)
    assert any(noun in term.split() for term in terms), (sentence, terms)


@given(st.sampled_from(_field_names()), st.sampled_from(PLURAL_PLACES))
@settings(max_examples=examples(150), deadline=None)
def test_a_field_in_ics_whose_ic_form_is_no_noun_keeps_its_form(noun: str, frame: str) -> None:
    sentence = _cap(frame.format(N=noun))
    terms = _parsed_terms(sentence)
    assume(terms)
    assert any(noun in term.split() for term in terms), (sentence, terms)


def test_a_noun_that_is_also_a_plural_of_another_still_folds() -> None:
    assert not has_no_singular("feelings")
    assert _parsed_terms("Feelings are states.") == ["feeling", "state"]
    assert _parsed_terms("Cats are pets.") == ["cat", "pet"]


def _distinct_participles() -> list[str]:
    return sorted(
        form
        for form in _lexicon().verb_tags
        if form.isalpha() and is_distinct_participle(form) and closed_class(form) is None
    )


PARTICIPLE_PLACES = (
    "{W} {Xs} are pets.",
    "What is {W} {X}?",
    "A {X} requires {W} water.",
    "Actually {W} {Xs} are trees.",
)


def test_a_participle_the_tables_list_as_an_adjective_or_a_past_tense_is_read() -> None:
    for sentence in (
        "A broken window is a hazard.",
        "A frozen lake is a hazard.",
        "A given name is a name.",
        "A trained dog is a pet.",
        "Reviewed teaching is a practice.",
    ):
        assert _parsed_terms(sentence), sentence
    assert _reason("Bitten pets are cats.") == "unsupported_verb"
    assert _reason("What is stolen pet?") == "unsupported_verb"


STEMS = ("west", "east", "north", "home", "sky", "sea", "up", "down", "out", "back", "heaven")
WISE_STEMS = ("clock", "length", "cross", "edge", "money", "side", "slant", "end")
ADVERB_PLACES = ("A {X} is {W}.", "{W} {Xs} are pets.", "What is {W} {X}?", "A {X} is a {W} tool.")


@given(
    st.one_of(
        st.builds(lambda s, e: s + e, st.sampled_from(STEMS), st.sampled_from(("ward", "wards"))),
        st.builds(lambda s: s + "wise", st.sampled_from(WISE_STEMS)),
    ),
    st.sampled_from(ADVERB_PLACES),
    st.sampled_from(NOUNS),
)
@settings(max_examples=examples(120), deadline=None)
def test_an_adverb_in_wise_or_ward_is_refused_in_a_term(word: str, frame: str, noun: str) -> None:
    sentence = _placed(frame, word, noun)
    assert _reason(sentence) == "adverb", sentence


def test_a_noun_that_ends_in_ward_is_read() -> None:
    for sentence in ("A steward is a servant.", "A reward is a gift.", "A coward is a person."):
        assert _parsed_terms(sentence), sentence


REFLEXIVE_STEMS = ("his", "their", "them", "me", "yer", "thy", "our", "your", "one", "it")


@given(
    st.sampled_from(REFLEXIVE_STEMS),
    st.sampled_from(("self", "selves")),
    st.sampled_from(("{W} is a {X}.", "A {X} is {W}.", "{Xs} {W} are pets.")),
    st.sampled_from(NOUNS),
)
@settings(max_examples=examples(100), deadline=None)
def test_a_reflexive_by_its_form_is_a_pronoun(stem: str, end: str, frame: str, noun: str) -> None:
    word = stem + end
    sentence = _placed(frame, word, noun)
    assert _reason(sentence) == "pronoun", sentence


NUMERAL_FORMS = (
    "fourth",
    "sixth",
    "seventh",
    "ninth",
    "twelfth",
    "twentieth",
    "hundredth",
    "thousandth",
    "millionth",
    "fourfold",
    "tenfold",
    "hundredfold",
)


NUMERAL_PLACES = ("{W} {Xs} are pets.", "A {X} is a {W}.", "What is {W} {X}?")


@pytest.mark.parametrize(
    ("words", "frames", "reason"),
    [
        # A participle with a form of its own (bitten, stolen) or an irregular past (bought).
        (_distinct_participles(), PARTICIPLE_PLACES, "unsupported_verb"),
        # The ordinal or multiple of a numeral (seventh, tenfold).
        (list(NUMERAL_FORMS), NUMERAL_PLACES, "quantifier"),
    ],
    ids=["participle", "numeral"],
)
@given(data=st.data())
@settings(max_examples=examples(120), deadline=None)
def test_a_formed_word_in_a_term_is_refused_with_its_reason(
    words: list[str], frames: tuple[str, ...], reason: str, data: st.DataObject
) -> None:
    word = data.draw(st.sampled_from(words))
    sentence = _placed(data.draw(st.sampled_from(frames)), word, data.draw(st.sampled_from(NOUNS)))
    assert _reason(sentence) == reason, sentence


def test_a_noun_that_merely_ends_like_an_ordinal_is_read() -> None:
    for sentence in ("A month is a period.", "Growth requires water.", "A tooth is a bone."):
        assert _parsed_terms(sentence), sentence


HEADS = ("house", "tower", "garden", "museum", "book", "field", "school")
AFTER_OF = ("cards", "flowers", "stones", "birds", "fossils")


@given(st.sampled_from(HEADS), st.sampled_from(AFTER_OF))
@settings(max_examples=examples(60), deadline=None)
def test_a_singular_head_of_a_plural_is_a_compound_when_the_verb_agrees_with_it(
    head: str, plural: str
) -> None:
    assert is_noun(head) and word_kind(head) == "content"
    compound = f"{head} of {plural}"
    assert _parsed_terms(f"A {compound} is a structure.")[0] == compound
    assert _parsed_terms(f"What is a {compound}?") == [compound]
    # The verb agrees with what follows "of": the head counts it.
    assert _reason(f"A {compound} are structures.") == "quantifier"


@given(
    st.sampled_from(("handful", "spoonful", "cupful", "mouthful", "bucketful", "armful")),
    st.sampled_from(
        ("A {Q} of cats is a pet.", "A cat requires a {Q} of water.", "What is a {Q} of sand?")
    ),
)
@settings(max_examples=examples(60), deadline=None)
def test_a_noun_in_ful_before_of_measures(noun: str, frame: str) -> None:
    assume(is_noun(noun))
    assert _reason(frame.format(Q=noun)) == "quantifier"


def test_an_irregular_past_that_is_its_participle_is_refused_before_a_noun() -> None:
    for sentence in ("Held tools are cats.", "What is sent dog?", "Caught trees are pets."):
        assert _reason(sentence) == "unsupported_verb", sentence
    assert is_distinct_participle("bought") and not is_distinct_participle("trained")


ARCHAIC_STEMS = ("exist", "dwell", "abide", "seem", "walk", "sleep", "can", "had", "did", "may")


@given(
    st.sampled_from(ARCHAIC_STEMS),
    st.sampled_from(("eth", "est", "st")),
    st.sampled_from(("A {X} is {W}.", "{W} is a {X}.", "What is {W}?")),
    st.sampled_from(NOUNS),
)
@settings(max_examples=examples(100), deadline=None)
def test_a_verb_with_an_archaic_ending_is_no_name(
    stem: str, end: str, frame: str, noun: str
) -> None:
    word = stem + end
    assume(word_kind(word) == "unknown" and closed_class(word) is None)
    sentence = _placed(frame, word, noun)
    assert _reason(sentence) == "unread_word", sentence


def _verb_only_bases() -> list[str]:
    return sorted(
        form
        for form in _lexicon().verb_tags
        if form.isalpha()
        and word_kind(form) == "verb_base"
        and closed_class(form) is None
        and form not in GRAMMAR_WORDS
    )


@given(
    st.sampled_from(_verb_only_bases()),
    st.sampled_from(("A {X} is a {Y} {V}.", "A {X} {V} precedes a {Y}.", "Is a {X} {V} a {Y}?")),
    st.sampled_from(NOUNS),
    st.sampled_from(NOUNS),
)
@settings(max_examples=examples(120), deadline=None)
def test_a_verb_only_base_after_a_noun_is_a_clause(verb: str, frame: str, x: str, y: str) -> None:
    assume(x != y)
    sentence = _cap(frame.format(V=verb, X=x, Y=y))
    assert _reason(sentence) == "unsupported_verb", sentence


def test_a_verb_only_base_alone_or_after_an_adjective_is_read_as_a_noun() -> None:
    assert _parsed_terms("Regret presupposes a past act.") == ["regret", "past act"]
