"""Metamorphic relations of the deductive_logic lane: pure edits of a case, and what they promise.

Each edit is ``edit(case) -> new_case | None`` (None: the edit does not apply to this case).
An edit never changes its input; any choice it makes is drawn from a generator seeded by the
case id and the edit's name. Each edit comes with its relation over the results of
``lane.run``, ``(original_result, perturbed_result) -> bool``:

- ``negated_query``: the query negated (``~(q)``; for a finite-entity problem the query's
  polarity flipped): ``entailed`` and ``refuted`` swap, ``unknown`` and ``refused`` stay
  (with the refusal's kind). English queries have no negation the reader is sure to read
  back as the same claim, so the edit does not apply to them.
- ``renamed_atoms``: every atom renamed by one injective map to fresh names (for a
  finite-entity problem, every predicate and entity): the outcome and refusal kind stay.
- ``permuted_premises``: the premises in another order (facts and rules for a finite-entity
  problem): the outcome and refusal kind stay.
- ``added_entailed_premise``: one premise added that the premises already entail (``P | q``
  for a premise ``P`` and the query ``q``; for a finite-entity problem or English premises,
  a premise repeated): the outcome and refusal kind stay.

Cases whose input is refused as malformed or out of regime keep their kind under every edit
only while one problem is found: the engine names the first problem from the left, and in
this lane's cases no case holds two problems of different kinds, so the edits apply to them.
The ``gold`` of a new case follows the relation (swapped for a negated query).
"""

from __future__ import annotations

import copy
import hashlib
import random
import re
from collections.abc import Callable, Mapping
from typing import Any

__all__ = [
    "EDITS",
    "RELATIONS",
    "added_entailed_premise",
    "negated_query",
    "permuted_premises",
    "renamed_atoms",
]

Case = dict[str, Any]
Result = Mapping[str, Any]

_SWAP = {"entailed": "refuted", "refuted": "entailed", "unknown": "unknown", "refused": "refused"}
# Words of the formula syntax: renaming them would change the formula, not its atoms.
_KEYWORDS = frozenset({"not", "and", "or", "implies", "iff", "true", "false", "forall", "exists"})
_IDENT = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


def rng_for(case: Mapping[str, Any], name: str) -> random.Random:
    """A generator seeded by the case id and the edit's name (the same on every run)."""
    seed = hashlib.sha256(f"{case['id']}\x00{name}".encode()).digest()
    return random.Random(int.from_bytes(seed[:8], "big"))


def _kind(case: Mapping[str, Any]) -> str:
    if "entities" in case:
        return "problem"
    return "english" if case.get("language") == "english" else "formula"


def negated_query(case: Case) -> Case | None:
    kind = _kind(case)
    if kind == "english" or not isinstance(case.get("query"), (str, Mapping)):
        return None
    new = copy.deepcopy(case)
    if kind == "problem":
        query = new["query"]
        if not isinstance(query, dict):
            return None
        polarity = query.get("polarity", "positive")
        flipped = {"positive": "negative", "negative": "positive", True: False, False: True}
        if polarity not in flipped:
            return None
        query["polarity"] = flipped[polarity]
    else:
        new["query"] = f"~({case['query']})"
    new["gold"] = _SWAP[case["gold"]]
    return new


def _rename_formula(text: str, mapping: Mapping[str, str]) -> str:
    return _IDENT.sub(lambda m: mapping.get(m.group(), m.group()), text)


def renamed_atoms(case: Case) -> Case | None:
    kind = _kind(case)
    rng = rng_for(case, "renamed_atoms")
    new = copy.deepcopy(case)
    if kind == "formula":
        texts = [t for t in [*case["premises"], case["query"]] if isinstance(t, str)]
        atoms = sorted({w for t in texts for w in _IDENT.findall(t)} - _KEYWORDS)
        if not atoms:
            return None
        fresh = [f"r{i}" for i in range(len(atoms))]
        rng.shuffle(fresh)
        taken = set(atoms)
        mapping = {a: f if f not in taken else f"{f}_" for a, f in zip(atoms, fresh, strict=True)}
        new["premises"] = [
            _rename_formula(t, mapping) if isinstance(t, str) else t for t in case["premises"]
        ]
        if isinstance(case["query"], str):
            new["query"] = _rename_formula(case["query"], mapping)
        return new
    if kind == "problem":
        names: set[str] = set()
        for atom in _problem_atoms(new):
            for key in ("predicate", "entity"):
                if isinstance(atom.get(key), str):
                    names.add(atom[key])
        names |= {e for e in new.get("entities", []) if isinstance(e, str)}
        order = sorted(names)
        fresh = [f"n{i}" for i in range(len(order))]
        rng.shuffle(fresh)
        mapping = dict(zip(order, fresh, strict=True))
        for atom in _problem_atoms(new):
            for key in ("predicate", "entity"):
                if isinstance(atom.get(key), str):
                    atom[key] = mapping[atom[key]]
        if isinstance(new.get("entities"), list):
            new["entities"] = [
                mapping.get(e, e) if isinstance(e, str) else e for e in new["entities"]
            ]
        return new
    return None  # English terms are words: renaming them is the symbolic lane's edit


def _problem_atoms(problem: Mapping[str, Any]) -> list[dict[str, Any]]:
    atoms: list[dict[str, Any]] = []
    for fact in problem.get("facts", []) or []:
        if isinstance(fact, dict):
            atoms.append(fact)
    if isinstance(problem.get("query"), dict):
        atoms.append(problem["query"])
    for rule in problem.get("rules", []) or []:
        if not isinstance(rule, dict):
            continue
        atoms += [a for a in rule.get("if", []) or [] if isinstance(a, dict)]
        if isinstance(rule.get("then"), dict):
            atoms.append(rule["then"])
    return atoms


def _permuted(items: list[Any], rng: random.Random) -> list[Any] | None:
    if len(items) < 2:
        return None
    order = list(range(len(items)))
    for _ in range(8):
        rng.shuffle(order)
        if order != sorted(order):
            break
    else:
        order.reverse()
    return [items[i] for i in order]


def permuted_premises(case: Case) -> Case | None:
    rng = rng_for(case, "permuted_premises")
    new = copy.deepcopy(case)
    if _kind(case) == "problem":
        facts = _permuted(list(new.get("facts", []) or []), rng)
        rules = _permuted(list(new.get("rules", []) or []), rng)
        if facts is None and rules is None:
            return None
        if facts is not None:
            new["facts"] = facts
        if rules is not None:
            new["rules"] = rules
        return new
    premises = case.get("premises")
    if not isinstance(premises, list):
        return None
    permuted = _permuted(copy.deepcopy(premises), rng)
    if permuted is None:
        return None
    new["premises"] = permuted
    return new


def added_entailed_premise(case: Case) -> Case | None:
    rng = rng_for(case, "added_entailed_premise")
    new = copy.deepcopy(case)
    kind = _kind(case)
    if kind == "problem":
        facts = list(new.get("facts", []) or [])
        if not facts:
            return None
        new["facts"] = [*facts, copy.deepcopy(rng.choice(facts))]
        return new
    premises = case.get("premises")
    if not isinstance(premises, list) or not premises:
        return None
    chosen = rng.randrange(len(premises))
    premise = premises[chosen]
    if kind == "english" or not isinstance(premise, str) or not isinstance(case["query"], str):
        added = copy.deepcopy(premise)  # a repeated premise is entailed by itself
    else:
        added = f"({premise}) | ({case['query']})"  # entailed by the premise alone
    new["premises"] = [*premises, added]
    return new


def _outcome(result: Result) -> tuple[str, str | None]:
    refusal = result["refusal"]
    return result["outcome"], None if refusal is None else refusal["kind"]


def swapped_outcome(original: Result, perturbed: Result) -> bool:
    outcome, kind = _outcome(original)
    return _outcome(perturbed) == (_SWAP[outcome], kind)


def same_outcome(original: Result, perturbed: Result) -> bool:
    return _outcome(original) == _outcome(perturbed)


EDITS: dict[str, Callable[[Case], Case | None]] = {
    "added_entailed_premise": added_entailed_premise,
    "negated_query": negated_query,
    "permuted_premises": permuted_premises,
    "renamed_atoms": renamed_atoms,
}
RELATIONS: dict[str, Callable[[Result, Result], bool]] = {
    "added_entailed_premise": same_outcome,
    "negated_query": swapped_outcome,
    "permuted_premises": same_outcome,
    "renamed_atoms": same_outcome,
}
