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
from pytest_core_verify.systems.verifier._passable import (
    PHRASES,
    ROLES,
    TEMPLATES,
    deleted_words,
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
        assert trace.get("passed_over", []) == [{"word": w, "role": r} for w, r in passed]
