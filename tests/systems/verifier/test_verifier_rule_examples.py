"""Every rule's declared examples are tests: it reads what it says it reads, first, and
does not read the near-misses it names.

A sentence rule's example is read by that rule and by no earlier rule of the order. A
question rule's example is read by that rule and by no earlier rule, except an earlier rule
of a kind that holds only when the problem states what it counts (those yield to the next
matching rule otherwise, so the order alone does not decide between them).
"""

from __future__ import annotations

import pytest

from pytest_core_verify.systems.verifier._rules import (
    CONDITIONAL_KINDS,
    QUESTION_RULES,
    SENTENCE_RULES,
    QuestionRule,
    SentenceRule,
)
from pytest_core_verify.systems.verifier._rules._rule import _check_examples
from pytest_core_verify.systems.verifier._rules.order import QUESTION_ORDER, SENTENCE_ORDER


def first_sentence_rule(body: str) -> str | None:
    return next((r.name for r in SENTENCE_RULES if r.compiled.fullmatch(body)), None)


def first_question_rule(body: str, own: QuestionRule) -> str | None:
    for rule in QUESTION_RULES:
        if rule.kind in CONDITIONAL_KINDS and rule is not own:
            continue
        if rule.compiled.fullmatch(body):
            return rule.name
    return None


@pytest.mark.parametrize("rule", SENTENCE_RULES, ids=lambda r: r.name)
def test_each_sentence_rule_reads_its_examples_first(rule: SentenceRule) -> None:
    for body in rule.reads:
        assert first_sentence_rule(body) == rule.name, body


@pytest.mark.parametrize("rule", SENTENCE_RULES, ids=lambda r: r.name)
def test_each_sentence_rule_does_not_read_its_near_misses(rule: SentenceRule) -> None:
    for body in rule.not_reads:
        assert rule.compiled.fullmatch(body) is None, body
        assert body not in rule.reads


@pytest.mark.parametrize("rule", QUESTION_RULES, ids=lambda r: r.name)
def test_each_question_rule_reads_its_examples_first(rule: QuestionRule) -> None:
    for body in rule.reads:
        assert first_question_rule(body, rule) == rule.name, body


@pytest.mark.parametrize("rule", QUESTION_RULES, ids=lambda r: r.name)
def test_each_question_rule_does_not_read_its_near_misses(rule: QuestionRule) -> None:
    for body in rule.not_reads:
        assert rule.compiled.fullmatch(body) is None, body


def test_the_order_names_every_rule_once_and_only_declared_rules() -> None:
    assert [r.name for r in SENTENCE_RULES] == list(SENTENCE_ORDER)
    assert [r.name for r in QUESTION_RULES] == list(QUESTION_ORDER)
    assert len(set(SENTENCE_ORDER)) == len(SENTENCE_ORDER)
    assert len(set(QUESTION_ORDER)) == len(QUESTION_ORDER)


def test_a_rule_without_examples_is_refused_with_the_fix() -> None:
    with pytest.raises(ValueError, match=r"rule 'bare'.*not_reads=\(\.\.\.\)"):
        _check_examples("sentence", "bare", ("Tom has 5 apples",), ())
    with pytest.raises(ValueError, match="one example it reads"):
        SentenceRule("bare", "<e:E> has <n:N> <u:U>", SENTENCE_RULES[0].builds, (), ("x",))


def test_an_order_that_misses_a_rule_names_it() -> None:
    from pytest_core_verify.systems.verifier._rules import _in_order

    with pytest.raises(ValueError, match=r"not placed: \['have'\]"):
        _in_order("sentence", [r.name for r in SENTENCE_RULES if r.name != "have"], SENTENCE_RULES)
    with pytest.raises(ValueError, match="declared twice"):
        _in_order("sentence", SENTENCE_ORDER, [*SENTENCE_RULES, SENTENCE_RULES[0]])


def test_question_kinds_are_one_typed_set_and_each_handler_is_of_a_kind() -> None:
    from typing import get_args

    from pytest_core_verify.systems.verifier._question_rules import _HOLDS, _READ_KIND
    from pytest_core_verify.systems.verifier._rules import QuestionKind

    kinds = set(get_args(QuestionKind))
    assert {rule.kind for rule in QUESTION_RULES} == kinds
    assert set(_HOLDS) == CONDITIONAL_KINDS
    assert set(_READ_KIND) <= kinds
