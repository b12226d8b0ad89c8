"""The symbolic reader weighs what the tables say of a word against its place and form.

Each class of words the part-of-speech tables list under another use (an interjection as a
noun, a quantity noun, a verb read as a noun by conversion, a predicative word in ``a-``) or
do not list at all (a lone word standing where a name would) is a space of inputs: a
Hypothesis strategy draws from it and the sentence must be refused with its named reason,
while the in-grammar sentences beside it are still read.
"""

from __future__ import annotations

import string

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from pytest_core_verify.systems.symbolic import parse_utterance
from pytest_core_verify.systems.symbolic._content import adverb_by_derivation, word_kind
from pytest_core_verify.systems.symbolic._lexicon import PREPOSITIONS, closed_class
from tests.helpers import examples

NOUNS = ("cat", "dog", "pet", "tool", "tree", "stone", "river", "bird")
PLURALS = {noun: noun + "s" for noun in NOUNS}


def _reason(sentence: str) -> str | None:
    parsed = parse_utterance(sentence)
    read = parsed.claim is not None or parsed.asked is not None or parsed.topic is not None
    return None if read else parsed.reason


def _cap(text: str) -> str:
    return text[0].upper() + text[1:]


# Interjections the tables list as nouns or adjectives ("ah", "wow", "bravo", "meh").
INTERJECTIONS = ("ah", "oh", "wow", "bravo", "meh", "hey", "alas", "gosh", "hooray")
TERM_PLACES = ("{W} is a {X}.", "A {X} is {W}.", "{W} {Xs} are pets.", "What is {W} {X}?")


@given(st.sampled_from(INTERJECTIONS), st.sampled_from(TERM_PLACES), st.sampled_from(NOUNS))
@settings(max_examples=examples(60), deadline=None)
def test_an_interjection_in_a_term_place_is_refused(word: str, frame: str, noun: str) -> None:
    sentence = _cap(frame.format(W=word, X=noun, Xs=PLURALS[noun]))
    assert _reason(sentence) == "interjection", sentence


_CONSONANTS = "".join(ch for ch in string.ascii_lowercase if ch not in "aeiouy")


@given(st.text(alphabet=_CONSONANTS, min_size=2, max_size=6), st.sampled_from(NOUNS))
@settings(max_examples=examples(100), deadline=None)
def test_a_lone_unknown_word_without_a_vowel_is_no_name(word: str, noun: str) -> None:
    assume(word_kind(word) == "unknown" and closed_class(word) is None)
    assert _reason(f"{_cap(word)} is a {noun}.") == "unread_word"
    assert _reason(f"A {noun} is {word}.") == "unread_word"


@given(
    st.text(alphabet="aeiou", min_size=1, max_size=1),
    st.sampled_from(("h", "m", "r", "s")),
    st.sampled_from(NOUNS),
)
@settings(max_examples=examples(40), deadline=None)
def test_a_lone_unknown_word_with_a_tripled_letter_is_no_name(
    vowel: str, letter: str, noun: str
) -> None:
    word = vowel + letter * 3
    assume(word_kind(word) == "unknown")
    assert _reason(f"{_cap(word)} is a {noun}.") == "unread_word"


_DEICTIC = ("where", "there", "here", "how", "what", "when")


@given(
    st.sampled_from(_DEICTIC),
    st.sampled_from(sorted(PREPOSITIONS | {"soever", "ever"})),
    st.sampled_from(NOUNS),
)
@settings(max_examples=examples(100), deadline=None)
def test_a_lone_word_built_of_function_words_is_no_name(first: str, second: str, noun: str) -> None:
    word = first + second  # whereon, hereto, therewith, howsoever
    # theretoward is refused as an adverb in -ward before this rule is asked.
    assume(
        word_kind(word) == "unknown"
        and closed_class(word) is None
        and not adverb_by_derivation(word)
    )
    assert _reason(f"A {noun} is {word}.") == "unread_word", word
    assert _reason(f"{_cap(word)} is a {noun}.") == "unread_word", word


QUANTITY = ("ton", "load", "heap", "pile", "score", "stack", "bag", "drove", "horde", "bunch")
STUFF = ("fish", "water", "stone", "tree", "sand")


@given(
    st.sampled_from(QUANTITY),
    st.booleans(),
    st.sampled_from(STUFF),
    st.sampled_from(("A cat requires {Q}.", "What is {Q}?", "{Q} is a pet.")),
)
@settings(max_examples=examples(100), deadline=None)
def test_a_quantity_noun_before_of_is_refused_in_either_number(
    noun: str, plural: bool, stuff: str, frame: str
) -> None:
    many = noun + ("es" if noun.endswith("ch") else "s")
    quantity = f"{many} of {stuff}" if plural else f"a {noun} of {stuff}"
    sentence = _cap(frame.format(Q=quantity))
    assert _reason(sentence) == "quantifier", sentence


@given(st.sampled_from(NOUNS), st.sampled_from(NOUNS))
@settings(max_examples=examples(40), deadline=None)
def test_a_plural_before_of_and_a_bare_count_noun_measures_it(head: str, count: str) -> None:
    # "scores of dog": a count noun in the singular, bare, after "of" is an amount.
    assert _reason(f"What is {PLURALS[head]} of {count}?") == "quantifier"


@pytest.mark.parametrize(
    "sentence",
    [
        # lone words with a name's form
        "Socrates is mortal.",
        "The wheat is socrates.",
        "A mammal is a chordate.",
        "Aristotle is a philosopher.",
        "An axolotl is an amphibian.",
        "Is Plato mortal?",
        # a noun of a thing before "of"
        "An eagle is a bird of prey.",
        "Birds of prey are hunters.",
        "A glacier is a mass of ice.",
        "A cup of tea is a drink.",
        "A ton is a unit.",
        # conversion as a head; a predicative word as the object
        "Regret presupposes a past act.",
        "Regret presupposes act.",
        "A boat is afloat.",
    ],
)
def test_the_in_grammar_sentences_beside_each_class_are_read(sentence: str) -> None:
    assert _reason(sentence) is None


# Verbs the tables know only as verbs, in their base form (a noun by conversion as a head).
VERB_BASES = ("behold", "devise", "endow", "evoke", "forgo", "ingest", "uphold", "enact", "instil")


@given(st.sampled_from(VERB_BASES), st.sampled_from(NOUNS))
@settings(max_examples=examples(60), deadline=None)
def test_a_verb_only_base_form_does_not_modify_a_noun(verb: str, noun: str) -> None:
    assert word_kind(verb) == "verb_base"
    assert _reason(f"What is {verb} {noun}?") == "unsupported_verb"
    assert _reason(f"A cat requires {verb} {noun}.") == "unsupported_verb"
    assert _reason(f"{_cap(PLURALS[noun])} {verb} are pets.") == "unsupported_verb"


def test_act_is_known_only_as_a_verb() -> None:
    # So "a past act" above is read by conversion, not because the tables call it a noun.
    assert word_kind("act") == "verb_base"


PREDICATIVE = ("asleep", "afloat", "ablaze", "adrift", "aglow", "aground", "ajar", "aflame")


@given(st.sampled_from(PREDICATIVE), st.sampled_from(NOUNS))
@settings(max_examples=examples(60), deadline=None)
def test_a_predicative_word_in_a_stands_only_as_the_object(word: str, noun: str) -> None:
    assert _reason(f"An {word} {noun} is a pet.") == "adverb"
    assert _reason(f"A {noun} is a pet {word}.") == "adverb"
    assert _reason(f"{_cap(word)} is a {noun}.") == "adverb"
    assert _reason(f"A {noun} is {word}.") is None


@given(st.sampled_from(NOUNS), st.sampled_from(NOUNS))
@settings(max_examples=examples(40), deadline=None)
def test_an_indefinite_article_takes_a_singular(first: str, second: str) -> None:
    assume(first != second)
    assert _reason(f"A cat is a {first} {PLURALS[second]}.") == "number"
    assert _reason(f"Is a {first} {PLURALS[second]} a pet?") == "number"
    assert _reason(f"The {first} {PLURALS[second]} are pets.") is None
