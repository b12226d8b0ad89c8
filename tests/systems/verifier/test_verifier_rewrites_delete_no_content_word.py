"""No rewrite of ``normalize()`` deletes a content word unaccounted for: the words a rewrite
deletes are function words, number words spelt in digits, listed adverbs, or words of a
declared phrase or template, each recorded in the trace with its role; any other deleted
word refuses (``unread_word``, why ``deleted_by_rewrite``)."""

from __future__ import annotations

import json
import pathlib

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pytest_core_verify.systems.verifier import derive
from pytest_core_verify.systems.verifier._normalize import normalize
from pytest_core_verify.systems.verifier._parse import (
    SECOND_CLAUSE_LEADS,
    _prepare,
    parse_problem,
)
from pytest_core_verify.systems.verifier._passable import (
    PHRASES,
    ROLES,
    TEMPLATES,
    deleted_words,
    lead_words,
    role_of,
)

CORPUS = pathlib.Path(__file__).parents[3] / "lanes" / "scenarios" / "corpus"


@pytest.mark.parametrize("phrase", PHRASES, ids=lambda p: p.name)
def test_every_declared_phrase_matches_its_example(phrase: object) -> None:
    assert phrase.pattern.search(phrase.example), phrase  # type: ignore[attr-defined]


@pytest.mark.parametrize("template", TEMPLATES, ids=lambda t: t.name)
def test_every_template_is_triggered_by_its_example(template: object) -> None:
    assert template.trigger.search(template.example), template  # type: ignore[attr-defined]


def test_names_are_unique_and_roles_closed() -> None:
    names = [p.name for p in PHRASES] + [t.name for t in TEMPLATES]
    assert len(names) == len(set(names))
    # the roles are a closed list: no content word hides in them
    assert not {"apple", "dollar", "good", "broken", "garden", "game"} & set().union(
        *ROLES.values()
    )


def test_function_words_pass_with_their_role_and_content_words_are_named() -> None:
    passed, first = deleted_words(
        "If Ana has 3 red apples, how many?", "Ana has 3 apples. How many?"
    )
    assert ("if", "function") in passed
    assert first == "red"
    assert deleted_words("Ana has 5 pears.", "Ana has 5 pears.") == ([], None)
    assert role_of("later") == "time_adverb"
    assert role_of("garden") is None


@given(st.text(alphabet="abcdefgh .?", max_size=60))
def test_a_text_read_unchanged_deletes_nothing(text: str) -> None:
    assert deleted_words(text, text) == ([], None)


# ("one" is a number word too: spelt as a digit, it is not deleted)
@given(
    st.lists(st.sampled_from(sorted(ROLES["function"] - ROLES["number"])), min_size=1, max_size=6)
)
def test_deleting_only_function_words_passes(extra: list[str]) -> None:
    stated = "Ana has 5 pears " + " ".join(extra) + "."
    passed, first = deleted_words(stated, "Ana has 5 pears.")
    assert first is None
    assert sorted(w for w, _ in passed) == sorted(extra)


@pytest.mark.parametrize(
    ("text", "word"),
    [
        # the grouping rewrite names the team for whoever put them into groups; a helper
        # no template lists is a word nobody reads
        (
            "The chess club had 9 new members and 12 old members. If the captain put them into "
            "groups with 3 members in each group, how many groups would there be?",
            "captain",
        ),
    ],
)
def test_a_content_word_a_rewrite_deletes_refuses_by_name(text: str, word: str) -> None:
    decision = derive(text)["decision"]
    assert (decision["law"], decision["reason"]) == ("refuse", "unread_word"), decision
    assert decision["unread"]["word"] == word
    assert decision["unread"]["why"] == "deleted_by_rewrite"


def test_the_words_passed_over_are_in_the_trace_with_their_role() -> None:
    trace = derive("Ana had 30 stamps. She later sold 12 stamps. How many stamps does Ana have?")
    assert trace["decision"]["law"] == "commit"
    assert trace["passed_over"] == [{"word": "later", "role": "time_adverb"}]
    # nothing deleted: no key, so a pinned trace of such a problem keeps its bytes
    assert "passed_over" not in derive("Ana has 5 pears. How many pears does Ana have?")


def test_a_question_phrase_restated_from_the_body_passes() -> None:
    trace = derive(
        "5 cats were sitting on the porch. 3 more cats came to join them. How many cats are "
        "sitting on the porch?"
    )
    assert trace["decision"]["value"] == "8"
    assert {"word": "sitting", "role": "restated_from_body"} in trace["passed_over"]


@pytest.mark.parametrize("name", ["problems.jsonl", "handwritten.jsonl", "adversarial.jsonl"])
def test_no_committed_problem_of_the_lane_corpora_loses_a_content_word(name: str) -> None:
    for line in (CORPUS / name).read_text(encoding="utf-8").splitlines():
        text = json.loads(line)["problem"]
        trace = derive(text)
        if trace["decision"]["law"] != "commit":
            continue
        passed, first = deleted_words(text, normalize(text))
        assert first is None, (text, first)
        leads = [(w, r) for w, r in parse_problem(text).leads]
        assert trace.get("passed_over", []) == [
            {"word": w, "role": r} for w, r in [*passed, *leads]
        ]
        # a lead the reader stripped holds no subject, tensed verb or quantifier, and its
        # phrases are headed by settings
        assert not leads or lead_words(" ".join(w for w, _ in leads)) is not None, text


# --------------------------------------------------------------------------- leads
# The reader strips a lead before a clause ("Then, ", "In the afternoon ", "For the
# school bake sale, "): a strip like any rewrite, so it may drop only a setting, each word
# in the trace; a lead that holds the clause's subject, its verb or a quantifier is kept.

_SETTINGS = ["In the afternoon", "During the year", "At lunch", "In the first round", "Then"]
_CLAUSE_WORDS = [
    ("it sold", "sold"),  # a subject and the verb
    ("the boy noticed", "noticed"),
    ("a waiter had", "had"),
    ("we think", "think"),
    ("people think", "think"),  # a plural subject and a verb in its base form
    ("stores sell", "sell"),  # a subject: the verb after it is not a setting's
    ("each box", "each"),  # a quantifier: the lead is a rate
    ("every month", "every"),
]


@given(st.sampled_from(_SETTINGS[:4]), st.sampled_from(_CLAUSE_WORDS))
def test_a_lead_holding_a_subject_verb_or_quantifier_is_not_stripped(
    setting: str, words: tuple[str, str]
) -> None:
    body = f"{setting} {words[0]} 10 more apples"
    assert lead_words(f"{setting} {words[0]} ") is None
    prepared, shift = _prepare(body)
    assert shift == 0 and words[1] in prepared.split(), prepared


@pytest.mark.parametrize("setting", _SETTINGS)
def test_a_setting_lead_is_stripped_and_its_words_are_in_the_trace(setting: str) -> None:
    trace = derive(
        f"Ana had 50 apples. {setting} she ate 10 red apples. How many apples does Ana have?"
    )
    assert trace["decision"]["value"] == "40", trace["decision"]
    words = [w.lower() for w in setting.rstrip(",").split()]
    if words == ["then"]:
        # a bare connective is closed-role words only: not recorded (pinned traces)
        assert "passed_over" not in trace
        return
    passed = [p["word"] for p in trace["passed_over"]]
    assert passed == words, trace["passed_over"]
    assert {p["role"] for p in trace["passed_over"]} <= {"function", "time_adverb", "setting"}


@pytest.mark.parametrize(
    "text",
    [
        # the lead's "each" is the rate: 5 boxes of 6 apples, not 6 apples (committed 6)
        "There are 5 boxes. In each box there are 6 apples. How many apples are there in all?",
        # "we think": the change is a belief, not a stated change (committed 6)
        "There were 10 students in a class. During the year we think 4 students left. How "
        "many students were in the class?",
        # "it said": a report of a change, its verb deleted with the lead (committed 14)
        "There were 10 students in a class. During the year it said 4 more students came. "
        "How many students were in the class?",
        # "people think": a plural subject, a verb in its base form (committed 7)
        "In the afternoon people think there were 10 birds on a tree. 3 birds flew away. How "
        "many birds are on the tree?",
        # "each teacher saw" (committed 6)
        "There were 10 students in a class. During the year each teacher saw 4 students "
        "left. How many students were there?",
    ],
)
def test_a_clause_whose_lead_holds_its_words_refuses(text: str) -> None:
    decision = derive(text)["decision"]
    assert decision["law"] == "refuse", decision


def test_the_leads_a_second_clause_drops_are_closed_role_words() -> None:
    # "and then later buys 4": the reader drops these before the shared subject; each word
    # is an adverb of time of the closed lexicon
    for lead in SECOND_CLAUSE_LEADS:
        assert all(role_of(w) == "time_adverb" for w in lead.split()), lead


#: Leads that are no time, place or occasion: they say the clause did not happen
#: ("In his dream"), may not have ("In theory"), or happened before the clause before
#: it ("Before that"). Each was committed as if it were a setting (13 or 7 for 10).
_FRAMES = (
    "In his dream",
    "In theory",
    "In his mind",
    "In his imagination",
    "In her wish",
    "On paper",
    "In the story",
    "At the end of the story",
    "Before that",
    "For a moment",
)


@pytest.mark.parametrize("frame", _FRAMES)
@pytest.mark.parametrize("comma", [",", ""])
def test_a_lead_that_is_no_setting_is_not_passed_over(frame: str, comma: str) -> None:
    assert lead_words(f"{frame}{comma} ") is None
    for clause in ("he found 3 apples", "he gave 3 apples to Ann"):
        text = f"Tom had 10 apples. {frame}{comma} {clause}. How many apples does Tom have?"
        decision = derive(text)["decision"]
        assert decision["law"] == "refuse", (text, decision)


@pytest.mark.parametrize("lead", ["Then,", "Later,", "Next,", "After that,", "On Tuesday,"])
def test_a_lead_before_a_pronoun_and_a_change_stays_with_its_clause(lead: str) -> None:
    # the comma splice of two clauses is two sentences; a lead and its clause are one
    # sentence, whose lead the reader strips as a setting (naming its words) or keeps
    text = f"Beth had 18 grapes. {lead} she ate 5 grapes. How many grapes does Beth have left?"
    assert f"{lead} she ate 5 grapes." in normalize(text)
    assert derive(text)["decision"]["value"] == "13"


def test_a_comma_splice_of_two_clauses_is_two_sentences() -> None:
    text = "Sam found 35 shells, he gave Joan 18 of them. How many shells does Sam have?"
    assert normalize(text).startswith("Sam found 35 shells. He gave Joan 18 of them.")
