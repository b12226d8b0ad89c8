"""The ``scenarios`` lane's perturbations: the verifier's metamorphic edits as cases.

Each edit of ``pytest_core_verify.systems.verifier.edits`` changes a problem the verifier
commits correctly (a case whose expected status is ``verified``) in one controlled way;
the relation says what the verifier must then answer. A refusal is always allowed: the
verifier's promise is never a wrong commit, not an answer to every edit. What a relation
asks of a committed answer:

- ``same`` edits (renamed people, reordered independent facts, a sentence about another
  entity, an adverb, a synonym of a loss verb): the original answer;
- ``ask_in_other_unit``: the original answer times the exact factor between the units;
- ``other_unit_quantity``, ``replace_number``, ``ask_one_kind``: another answer (the
  exact new value needs the reading's expression, which the lane's result leaves out;
  the verifier's own tests check it against the trace);
- ``add_question_qualifier`` (a kind the problem never grounds): no commit at all.

Any random choice is seeded from the case id and the perturbation's name.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Mapping
from fractions import Fraction
from typing import Any

from pytest_core_verify import perturbation, perturbation_random
from pytest_core_verify.systems.verifier import edits
from pytest_core_verify.systems.verifier._lexicon import singular
from pytest_core_verify.systems.verifier._units import factor_between

Case = dict[str, Any]
Result = Mapping[str, Any]


def _edited(case: Case, name: str) -> Case | None:
    """The case with its problem edited by ``name``, or None where the edit does not
    apply (a case not committed, or a problem without what the edit changes)."""
    if case.get("expected_status") != "verified":
        return None
    edit = next(e for e in edits.EDITS if e.name == name)
    arguments = case["system1"]["tool_call"]["arguments"]
    seed = perturbation_random(case, name).randrange(2**31)
    done = edit.apply(arguments["problem_text"], seed)
    if done is None or done.text == arguments["problem_text"]:
        return None
    new = copy.deepcopy(case)
    new["system1"]["tool_call"]["arguments"]["problem_text"] = done.text
    return new


def _answer(result: Result) -> Fraction | None:
    if result["status"] != "verified" or result.get("answer") is None:
        return None
    return Fraction(str(result["answer"]))


def same_or_refused(original: Result, perturbed: Result) -> bool:
    got = _answer(perturbed)
    return got is None or got == _answer(original)


def scaled_or_refused(original: Result, perturbed: Result) -> bool:
    got, before = _answer(perturbed), _answer(original)
    if got is None:
        return True
    if before is None:
        return False
    factor = factor_between(
        singular(str(original.get("answer_unit"))), singular(str(perturbed.get("answer_unit")))
    )
    return factor is not None and got == before * factor


def changed_or_refused(original: Result, perturbed: Result) -> bool:
    got = _answer(perturbed)
    return got is None or got != _answer(original)


def refused(original: Result, perturbed: Result) -> bool:
    return perturbed["status"] != "verified"


_RELATIONS: dict[str, Callable[[Result, Result], bool]] = {
    "same": same_or_refused,
    "scaled": scaled_or_refused,
    "substituted": changed_or_refused,
    "changed": changed_or_refused,
    "undetermined": refused,
}


def _declare(name: str) -> Any:
    relation = next(e.relation for e in edits.EDITS if e.name == name)

    def edit(case: Case) -> Case | None:
        return _edited(case, name)

    edit.__name__ = name
    edit.__doc__ = f"The verifier's {name!r} edit of the case's problem ({relation})."
    return perturbation(expect=_RELATIONS[relation], name=name)(edit)


rename_person = _declare("rename_person")
reorder_facts = _declare("reorder_facts")
add_other_entity = _declare("add_other_entity")
add_adverb = _declare("add_adverb")
loss_synonym = _declare("loss_synonym")
ask_in_other_unit = _declare("ask_in_other_unit")
other_unit_quantity = _declare("other_unit_quantity")
replace_number = _declare("replace_number")
add_question_qualifier = _declare("add_question_qualifier")
ask_one_kind = _declare("ask_one_kind")

#: Every edit of the verifier's set is declared here, once.
NAMES = tuple(e.name for e in edits.EDITS)
assert all(name in globals() for name in NAMES), "a verifier edit is not declared"
