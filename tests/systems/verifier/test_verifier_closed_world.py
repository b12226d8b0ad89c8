"""Closed-world reading: every sentence is read, set aside by a named rule, or
the pool refuses with ``unread_sentence`` naming it; scale words are read or refused."""

from __future__ import annotations

import json
import pathlib
import re
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from pytest_core_verify.systems.verifier import POOL_REFUSAL_REASONS, derive
from pytest_core_verify.systems.verifier._audit import audit_authority
from pytest_core_verify.systems.verifier._parse import SET_ASIDE_RULES, parse_problem, set_aside
from tests.helpers import examples

ROOT = pathlib.Path(__file__).resolve().parents[3]
CORPUS = ROOT / "lanes/scenarios/corpus"


def decision(text: str) -> dict[str, Any]:
    return dict(derive(text)["decision"])


def committed_corpus() -> list[tuple[str, Fraction]]:
    """Problems of the project's corpora the pool commits on, with the committed value."""
    out = []
    for name in ("problems.jsonl", "adversarial.jsonl", "handwritten.jsonl"):
        for line in (CORPUS / name).read_text(encoding="utf-8").splitlines():
            text = json.loads(line)["problem"]
            d = decision(text)
            if d["law"] == "commit":
                out.append((text, Fraction(d["value"])))
    return out


COMMITTED = committed_corpus()


# --------------------------------------------------------------------------- the cases


@pytest.mark.parametrize(
    ("text", "sentence"),
    [
        (
            "Anna has 30 pens. Anna doubles. She triples them. "
            "How many pens does Anna have altogether?",
            "Anna doubles.",
        ),
        (
            "Tara has 24 letters. Tara loses 19. Then she triples. Then she receives 3 "
            "letters. How many letters does Tara have now?",
            "Then she triples.",
        ),
        (
            "Iris has 14 tickets. Lux has 23 tickets. Sam has 40 tickets. Ben has 40 tickets. "
            "Sam triples. How many tickets do they have altogether?",
            "Sam triples.",
        ),
        ("Sara has 5 apples. Sara admires the apples. How many apples does Sara have?", None),
        ("It is a sunny day. Sara has 5 apples. How many apples does Sara have?", None),
        ("Sara has 5 apples. She halves them. How many apples does Sara have?", None),
    ],
)
def test_a_sentence_nobody_read_refuses_and_is_named(text: str, sentence: str | None) -> None:
    d = decision(text)
    assert d["law"] == "refuse" and d["reason"] == "unread_sentence", d
    assert "unread_sentence" in POOL_REFUSAL_REASONS
    trace = derive(text)
    unread = [s for s in trace["sentences"] if s["status"] == "unread"]
    assert d["unread"] == {"index": unread[0]["index"], "text": unread[0]["text"]}
    if sentence is not None:
        assert d["unread"]["text"] == sentence
    # Every reader says why it abstained: the sentence it could not read.
    assert all(r["reason"] == f"unread_sentence:{unread[0]['index']}" for r in trace["readers"])


def test_dozen_is_a_count_never_dropped() -> None:
    d = decision("Tim has 13 dozen golf balls. How many golf balls does he have?")
    assert (d["law"], d["value"]) == ("commit", "156")
    assert decision("Ann has half a dozen eggs. How many eggs does Ann have?")["value"] == "6"
    assert decision("Ann has a dozen eggs. She eats 2 eggs. How many eggs does Ann have?")[
        "value"
    ] == ("10")
    # "1.5 dozen" is not "1.60": a decimal before "dozen" is left alone, and refused.
    assert decision("Ann has 1.5 dozen eggs. How many eggs does Ann have?")["law"] == "refuse"
    # Asked in dozens: the question's scale word is not read, so no commit in eggs.
    asked = decision("Tom has 3 dozen eggs. How many dozen eggs does Tom have?")
    assert asked == {**asked, "law": "refuse", "reason": "question_not_understood"}
    assert decision("Tom has dozens of eggs. How many eggs does Tom have?")["law"] == "refuse"


@pytest.mark.parametrize(
    "text",
    [
        "Tom has 4 double beds. How many beds does Tom have?",
        "Tom has 4 pairs socks. How many socks does Tom have?",
        "Mia has 6 twin dolls. Mia has 3 dozen. How many dolls does Mia have?",
        "Tom has 20 percent apples. How many apples does Tom have?",
        "Sara has 8 triple scoops. How many scoops does Sara have?",
    ],
)
def test_a_scale_word_a_pattern_swallowed_makes_its_sentence_unread(text: str) -> None:
    trace = derive(text)
    assert trace["decision"]["law"] == "refuse", trace["decision"]
    notes = [n for s in trace["sentences"] for n in s["notes"]]
    assert trace["decision"]["reason"] in {"unread_sentence", "question_not_understood"}
    if trace["decision"]["reason"] == "unread_sentence":
        assert any(n.startswith("scale_word_not_read:") for n in notes) or any(
            s["status"] == "unread" for s in trace["sentences"]
        )


def test_scale_words_a_clause_reads_still_commit() -> None:
    assert decision(
        "Owen has 7 shells. Zoe has twice as many shells as Owen. How many shells does Zoe have?"
    )["value"] == ("14")
    assert decision("Anna has 40 stamps. She gives half of her stamps to Tom. "
                    "How many stamps does Anna have left?")["value"] == "20"  # fmt: skip
    # "5 quarters" are coins, not a fraction.
    coins = decision("Sam has 5 quarters. He finds 3 quarters. How many quarters does Sam have?")
    assert (coins["law"], coins["value"]) == ("commit", "8")


# --------------------------------------------------------------------------- named set-aside rules


@pytest.mark.parametrize(
    ("text", "rule", "value"),
    [
        (
            "The sun was shining. Sara has 5 apples. How many apples does Sara have?",
            "scene_without_actor",
            "5",
        ),
        (
            "Sara went to the mall. Sara has 5 apples. How many apples does Sara have?",
            "motion_to_place",
            "5",
        ),
        (
            "Ivo goes fishing with Lea. Ivo catches 4 perch. Lea catches 3 times as many "
            "perch as Ivo. How many perch did Lea catch?",
            "outing",
            "12",
        ),
        (
            "Ana loves eating plums. Ana has 5 apples. How many apples does Ana have?",
            "preference",
            "5",
        ),
    ],
)
def test_each_set_aside_rule_is_named_in_the_trace(text: str, rule: str, value: str) -> None:
    trace = derive(text)
    ignored = [s for s in trace["sentences"] if s["status"] == "ignored"]
    assert [s["notes"] for s in ignored] == [[f"set_aside:{rule}"]]
    assert trace["decision"]["law"] == "commit" and trace["decision"]["value"] == value
    assert rule in {name for name, _ in SET_ASIDE_RULES}


@pytest.mark.parametrize(
    "body",
    [
        "Sara paints the apples",  # the question's entity, an unknown verb
        "The apples rot",  # the question's noun
        "She smiles",  # a pronoun
        "Sara went to the store to buy apples",  # a purchase of an unknown amount
        "Sara doubles her apples",  # a scale word
        "Sara went to the store 3 times",  # a number
        "Sara eats some apples",  # a change word
    ],
)
def test_no_rule_sets_aside_what_may_change_the_answer(body: str) -> None:
    parse = parse_problem("Sara has 5 apples. How many apples does Sara have?")
    assert set_aside(body, parse.persons, parse.question) is None
    text = f"Sara has 5 apples. {body}. How many apples does Sara have?"
    d = decision(text)
    assert d["law"] == "refuse", d


def test_every_sentence_is_accounted_for_on_the_corpora() -> None:
    for name in ("problems.jsonl", "adversarial.jsonl", "handwritten.jsonl"):
        for line in (CORPUS / name).read_text(encoding="utf-8").splitlines():
            trace = derive(json.loads(line)["problem"])
            for s in trace["sentences"]:
                assert s["status"] in {"read", "ignored", "unread", "question"}
                if s["status"] == "ignored":
                    rules = [n for n in s["notes"] if n.startswith("set_aside:")]
                    assert len(rules) == 1, s
                    assert not re.search(r"\d", s["text"]), s
                if trace["decision"]["law"] == "commit":
                    assert s["status"] != "unread", s


def test_a_forged_commit_over_an_unread_sentence_is_caught() -> None:
    trace = derive("Anna has 30 pens. Anna doubles. How many pens does Anna have?")
    assert trace["decision"]["reason"] == "unread_sentence"
    forged = json.loads(json.dumps(trace))
    forged["decision"] = {
        "law": "commit",
        "reason": None,
        "value": "30",
        "unit": "pens",
        "support": [],
        "missing": None,
    }
    assert "decision_mismatch:law" in audit_authority(forged)
    # Marking the sentence read without a reading of it does not fool the audit either:
    # the readers' own records still abstain, so there is no candidate to commit.
    forged["sentences"][1]["status"] = "ignored"
    assert audit_authority(forged)


# --------------------------------------------------------------------------- the property

_NAME = re.compile(r"\b[A-Z][a-z]+\b")


@settings(max_examples=examples(150), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    index=st.integers(min_value=0, max_value=len(COMMITTED) - 1),
    verb=st.from_regex(r"[a-z]{4,9}(s|ed)", fullmatch=True),
    tail=st.sampled_from(["", " them", " the {u}", " his {u}", " her {u}", " quietly"]),
    where=st.integers(min_value=0, max_value=8),
    mention=st.sampled_from(["entity", "pronoun"]),
)
def test_a_sentence_about_the_question_entity_with_an_unknown_verb_never_misleads(
    index: int, verb: str, tail: str, where: int, mention: str
) -> None:
    """Inserting "<the question's entity> <unknown verb> ..." into a problem the pool
    commits on makes it refuse, or commit the same (right) answer."""
    text, value = COMMITTED[index]
    trace = derive(text)
    q = trace["question"]["alternatives"][0]
    args = q["args"]
    entity = args.get("entity") or (args.get("entities") or [None])[0]
    if entity is None or entity == "(world)" or not _NAME.fullmatch(entity.split("'")[0]):
        names = _NAME.findall(text)
        assume(bool(names))
        entity = names[0]
    subject = entity if mention == "entity" else "He"
    unit = args.get("unit") or "things"
    sentence = f"{subject} {verb}{tail.format(u=unit + 's')}."
    parts = re.split(r"(?<=[.!])\s+", text)
    at = where % len(parts)  # never after the question (the last part)
    mutated = " ".join([*parts[:at], sentence, *parts[at:]])
    d = decision(mutated)
    assert d["law"] == "refuse" or Fraction(d["value"]) == value, (mutated, d)


# --------------------------------------------------------------------------- distractor rules


@pytest.mark.parametrize(
    ("text", "value", "rules"),
    [
        (
            "Sara has 32 dollars and 5 apples. She spends 12 dollars. "
            "How many dollars does Sara have left?",
            "20",
            {"distractor_other_unit"},
        ),
        (
            "Mia has 6 kites. Ben has 9 kites. Mia buys 2 kites. How many kites does Mia have?",
            "8",
            {"distractor_other_entity"},
        ),
        (
            "Tom is 10 years old. Tom has 7 apples. His mother gives him 5 apples. "
            "How many apples does Tom have?",
            None,
            set(),
        ),
    ],
)
def test_a_distractor_is_set_aside_by_a_named_rule(
    text: str, value: str | None, rules: set[str]
) -> None:
    trace = derive(text)
    d = trace["decision"]
    if value is None:
        return
    assert (d["law"], d["value"]) == ("commit", value), d
    named = {r for c in trace["candidates"] for r in c.get("set_aside", {}).values()}
    assert named == rules
    assert not audit_authority(trace)


@pytest.mark.parametrize(
    "text",
    [
        # Spending money may have bought apples; buying apples costs unstated money.
        "Sara has 32 dollars and 5 apples. She spends 12 dollars. "
        "How many apples does Sara have left?",
        "Sara has 20 dollars and 5 apples. She buys 3 apples. How many dollars does Sara have?",
        "Tom has 10 pears and 4 plums. He sells 3 pears. How many dollars does Tom have?",
        # Ben gives to Mia: he takes part in a transfer, so his number matters.
        "Mia has 6 kites. Ben has 9 kites. Ben gives Mia 2 kites. How many kites does Ben have?",
        # Two owners asked together: nobody's holding is set aside.
        "Mia has 6 kites. Ben has 9 kites. Lucy has 3 kites. "
        "How many kites do Mia and Ben have together?",
        # Things in general count every unit.
        "Sara has 5 apples and 3 pears. She eats 2 apples. How many things does Sara have?",
    ],
)
def test_no_rule_sets_aside_a_number_the_answer_may_depend_on(text: str) -> None:
    trace = derive(text)
    d = trace["decision"]
    assert not any(c.get("set_aside") for c in trace["candidates"]) or d["law"] == "refuse", d
    if d["law"] == "commit":
        # Only a commit that uses every number is allowed here.
        assert all(not c.get("set_aside") for c in trace["candidates"])


def test_a_forged_set_aside_is_caught_by_the_audit() -> None:
    trace = derive(
        "Sara has 32 dollars and 5 apples. She spends 12 dollars. "
        "How many apples does Sara have left?"
    )
    assert trace["decision"]["reason"] == "no_complete_candidate"
    forged = json.loads(json.dumps(trace))
    for c in forged["candidates"]:
        unused = [q["id"] for q in forged["quantities"] if q["id"] not in c["uses"]]
        c["set_aside"] = {q: "distractor_other_unit" for q in unused}
        c["defects"] = [d for d in c["defects"] if not d.startswith("unused_quantity")]
        c["complete"] = True
    problems = audit_authority(forged)
    assert any(p.startswith("set_aside_mismatch:") for p in problems), problems


@settings(max_examples=examples(100), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    index=st.integers(min_value=0, max_value=len(COMMITTED) - 1),
    n=st.integers(min_value=1, max_value=99),
    noun=st.sampled_from(["pebbles", "buttons", "coins", "dollars", "kites", "years"]),
    verb=st.sampled_from(["has", "finds", "loses", "buys", "sells", "spends"]),
    where=st.integers(min_value=0, max_value=8),
)
def test_a_sentence_about_a_stranger_never_misleads(
    index: int, n: int, noun: str, verb: str, where: int
) -> None:
    """A new owner (Zed) with a number of anything: refuse, or the same answer."""
    text, value = COMMITTED[index]
    # "How many do they have": a new person is one of "they"; the answer may change.
    assume(all("entities" not in q["args"] for q in derive(text)["question"]["alternatives"]))
    parts = re.split(r"(?<=[.!])\s+", text)
    at = where % len(parts)
    mutated = " ".join([*parts[:at], f"Zed {verb} {n} {noun}.", *parts[at:]])
    d = decision(mutated)
    assert d["law"] == "refuse" or Fraction(d["value"]) == value, (mutated, d)
