"""The verifier's one inflection path: every verb form the reader spells comes from
``_verbs.inflect`` over lemmas; the verb classes are tables of lemmas."""

from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pytest_core_verify.systems.verifier._verbs import (
    IRREGULAR,
    VerbForm,
    alternation,
    gerund_lemmas,
    inflect,
    tensed,
    verb_forms,
)
from pytest_core_verify.systems.verifier._vocabulary import (
    _PAST_BASE,
    GAIN_V,
    HAVE_V,
    VERB_CLASSES,
    verbs,
)


@pytest.mark.parametrize(
    ("lemma", "form", "expected"),
    [
        ("give", "third", "gives"),
        ("give", "past", "gave"),
        ("give", "participle", "given"),
        ("give away", "past", "gave away"),
        ("catch", "third", "catches"),
        ("study", "third", "studies"),
        ("study", "past", "studied"),
        ("play", "past", "played"),
        ("jog", "past", "jogged"),
        ("drop", "past", "dropped"),
        ("visit", "past", "visited"),
        ("color", "past", "colored"),
        ("admit", "past", "admitted"),
        ("bake", "past", "baked"),
        ("have", "third", "has"),
        ("collect", "has_perfect", "has collected"),
        ("save", "had_perfect", "had saved"),
        ("plant", "will", "will plant"),
        ("ride", "gerund", "riding"),
        ("swim", "gerund", "swimming"),
        ("tie", "gerund", "tying"),
    ],
)
def test_inflect_spells_regular_and_irregular_forms(
    lemma: str, form: VerbForm, expected: str
) -> None:
    assert inflect(lemma, form) == expected


def test_the_irregular_table_is_the_only_source_of_irregular_forms() -> None:
    for base, (past, participle) in IRREGULAR.items():
        assert inflect(base, "past") == past
        assert inflect(base, "participle") == participle
        assert {base, past, participle} <= verb_forms(base)


def test_each_class_alternation_is_its_lemmas_inflected() -> None:
    assert alternation(VERB_CLASSES["have"]) == HAVE_V
    assert alternation(VERB_CLASSES["gain"]) == GAIN_V
    for entries in VERB_CLASSES.values():
        for lemma, forms in entries:
            for form in forms:
                assert re.fullmatch(alternation(entries), inflect(lemma, form))


def test_a_question_verb_in_the_past_reads_back_to_its_lemma() -> None:
    assert _PAST_BASE["drove"] == "drive"
    assert _PAST_BASE["bought"] == "buy"
    assert all(inflect(base, "past") == past for past, base in _PAST_BASE.items())


def test_verbs_joins_phrasal_lemmas_and_lists_each_form_once() -> None:
    assert verbs("give_away read", "past", "base") == "gave away|give away|read"


@given(st.from_regex(r"[a-z]{2,8}", fullmatch=True))
def test_a_gerund_reads_back_to_its_lemma(lemma: str) -> None:
    assert lemma in gerund_lemmas(inflect(lemma, "gerund"))


@given(st.from_regex(r"[a-z]{2,8}", fullmatch=True), st.sampled_from(["up", "away", "out"]))
def test_a_phrasal_lemma_inflects_its_first_word_only(head: str, particle: str) -> None:
    forms: tuple[VerbForm, ...] = ("third", "past", "participle", "gerund")
    for form in forms:
        assert inflect(f"{head} {particle}", form) == f"{inflect(head, form)} {particle}"


def test_tensed_is_the_third_person_and_the_past() -> None:
    assert tensed("buy") == {"buys", "bought"}
    assert tensed("earn", "get") == {"earns", "earned", "gets", "got"}
