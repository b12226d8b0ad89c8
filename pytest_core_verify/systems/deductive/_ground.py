"""Finite-entity problems and English premises, grounded to one atom per (entity, predicate).

A finite-entity problem::

    {"entities": ["socrates", ...],
     "facts": [{"entity": "socrates", "predicate": "man", "polarity": "positive"}],
     "rules": [{"if": [{"var": "x", "predicate": "man", "polarity": "positive"}],
                "then": {"var": "x", "predicate": "mortal", "polarity": "positive"}}],
     "query": {"entity": "socrates", "predicate": "mortal", "polarity": "positive"}}

``polarity`` is ``"positive"``/``"negative"`` or, as CORE's own files write it, ``true``/``false``
(see ``POLARITY_SPELLINGS``); it defaults to positive.

A rule holds for every assignment of entities to its variables (a rule atom may also name an
``entity`` instead of a ``var``). Facts and the query must name entities: a variable there is
ungrounded first-order input, and it is refused.

English premises are read by the symbolic reader (``parse_utterance``). Every term ``t`` is a
predicate and an entity, and the entity ``t`` has the predicate ``t`` (each term names a
non-empty class). ``X is Y`` and ``X requires Y`` become the rule ``X(e) -> Y(e)`` for every
entity ``e``; ``X is not Y`` becomes ``X(e) -> ~Y(e)``; ``X does not require Y`` says that X
itself lacks Y: the fact ``~Y(X)``. A query ``X is Y`` asks ``Y(X)`` (``X is not Y`` asks
``~Y(X)``); so does the yes/no question ``Is X a Y?`` (``Does X require Y?``). The reader's
quantified forms arrive as these claims: ``no X is Y`` and ``every X is a Y`` / ``all Xs are
Ys`` are universal rules like ``X is not Y`` and ``X is Y``; ``X requires no Y`` and ``no X
requires Y`` are a denied requirement, read as the fact ``~Y(X)`` (weaker than a universal
reading, so nothing is concluded that the stronger reading would not also give). Other
relations have no propositional reading here and are refused.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Mapping, Sequence
from typing import Any, Final

from pytest_core_verify.systems.deductive._collector import collector_paused
from pytest_core_verify.systems.deductive._engine import Decision, decide_nodes, refused
from pytest_core_verify.systems.deductive._syntax import Builder, Node
from pytest_core_verify.systems.symbolic import Claim, parse_utterance

__all__ = ["MAX_GROUND_INSTANCES", "POLARITY_SPELLINGS", "decide_english", "decide_problem"]

#: Rule instances a problem may ground to; more is refused (the grounding would not fit).
MAX_GROUND_INSTANCES: Final = 200_000
_PROBLEM_KEYS: Final = frozenset({"entities", "facts", "rules", "query"})
_NON_IDENT: Final = re.compile(r"[^A-Za-z0-9]+")


class _Refuse(Exception):
    def __init__(self, kind: str, where: str, reason: str) -> None:
        super().__init__(reason)
        self.kind = kind
        self.where = where
        self.reason = reason


def _slug(text: str) -> str:
    return _NON_IDENT.sub("_", text).strip("_") or "x"


class _Atoms:
    """Readable, injective atom names for (predicate, entity) pairs, fixed in sorted order."""

    def __init__(self, pairs: set[tuple[str, str]]) -> None:
        self.names: dict[tuple[str, str], str] = {}
        taken: set[str] = set()
        for predicate, entity in sorted(pairs):
            base = f"{_slug(predicate)}_{_slug(entity)}"
            if base[0].isdigit():
                base = "p_" + base
            name, n = base, 1
            while name in taken:
                n += 1
                name = f"{base}_{n}"
            taken.add(name)
            self.names[(predicate, entity)] = name

    def legend(self) -> dict[str, dict[str, str]]:
        return {name: {"entity": e, "predicate": p} for (p, e), name in self.names.items()}


def _literal(b: Builder, atoms: _Atoms, predicate: str, entity: str, positive: bool) -> Node:
    node = b.atom(atoms.names[(predicate, entity)])
    return node if positive else b.neg(node)


def _text(value: Any, where: str, key: str) -> str:
    if not isinstance(value, str) or not value.strip():
        raise _Refuse("malformed", where, f"{key!r} must be a non-empty string")
    return value


#: The spellings of a polarity, and what each means. Both the words of this project's cases
#: and the JSON booleans of CORE's own finite-entity files (``"polarity": true``) are read;
#: this table is the one place where they are told apart.
POLARITY_SPELLINGS: Final[dict[str, bool]] = {"positive": True, "negative": False}


def _polarity(atom: Mapping[str, Any], where: str) -> bool:
    """True for a positive literal: ``"positive"`` or ``true``; ``"negative"`` or ``false``."""
    polarity = atom.get("polarity", "positive")
    if type(polarity) is bool:  # not isinstance: 1 and 0 are not polarities
        return polarity
    if isinstance(polarity, str) and polarity in POLARITY_SPELLINGS:
        return POLARITY_SPELLINGS[polarity]
    raise _Refuse(
        "malformed",
        where,
        f"'polarity' is {polarity!r}; write 'positive' or 'negative' (or the JSON booleans "
        "true and false)",
    )


def _ground_atom(atom: Any, where: str, entities: set[str]) -> tuple[str, str, bool]:
    """(predicate, entity, positive) of a fact or the query: it must name an entity."""
    if not isinstance(atom, Mapping):
        raise _Refuse("malformed", where, "must be an object {entity, predicate, polarity}")
    if "var" in atom:
        raise _Refuse(
            "out_of_regime",
            where,
            f"uses the variable {atom['var']!r}: a fact or query about a variable is "
            "ungrounded first-order input; name one of the entities instead",
        )
    unknown = sorted(set(atom) - {"entity", "predicate", "polarity"})
    if unknown:
        raise _Refuse("malformed", where, f"unknown key {unknown[0]!r}")
    entity = _text(atom.get("entity"), where, "entity")
    if entity not in entities:
        raise _Refuse("malformed", where, f"entity {entity!r} is not in 'entities'")
    return _text(atom.get("predicate"), where, "predicate"), entity, _polarity(atom, where)


def _rule_atom(atom: Any, where: str, entities: set[str]) -> tuple[str, str, bool, bool]:
    """(predicate, var or entity, is_var, positive) of a rule atom."""
    if not isinstance(atom, Mapping):
        raise _Refuse("malformed", where, "must be an object {var, predicate, polarity}")
    unknown = sorted(set(atom) - {"var", "entity", "predicate", "polarity"})
    if unknown:
        raise _Refuse("malformed", where, f"unknown key {unknown[0]!r}")
    if ("var" in atom) == ("entity" in atom):
        raise _Refuse("malformed", where, "give exactly one of 'var' and 'entity'")
    predicate = _text(atom.get("predicate"), where, "predicate")
    if "var" in atom:
        return predicate, _text(atom["var"], where, "var"), True, _polarity(atom, where)
    entity = _text(atom["entity"], where, "entity")
    if entity not in entities:
        raise _Refuse("malformed", where, f"entity {entity!r} is not in 'entities'")
    return predicate, entity, False, _polarity(atom, where)


@collector_paused
def decide_problem(problem: Mapping[str, Any]) -> Decision:
    """Ground a finite-entity problem and decide its query."""
    try:
        return _decide_problem(problem)
    except _Refuse as exc:
        return refused(exc.kind, exc.where, exc.reason)  # type: ignore[arg-type]


def _decide_problem(problem: Mapping[str, Any]) -> Decision:
    if not isinstance(problem, Mapping):
        raise _Refuse("malformed", "problem", "a finite-entity problem must be an object")
    unknown = sorted(set(problem) - _PROBLEM_KEYS)
    if unknown:
        raise _Refuse(
            "malformed", "problem", f"unknown key {unknown[0]!r}; keys: {sorted(_PROBLEM_KEYS)}"
        )
    entity_list = problem.get("entities")
    if not isinstance(entity_list, list) or not entity_list:
        raise _Refuse(
            "out_of_regime",
            "entities",
            "a finite-entity problem needs a non-empty list of entities to ground over; "
            "without one it is ungrounded first-order input",
        )
    for i, e in enumerate(entity_list, start=1):
        _text(e, f"entity {i}", "entity")
    if len(set(entity_list)) != len(entity_list):
        raise _Refuse("malformed", "entities", "an entity is listed twice")
    entities = set(entity_list)
    ordered = sorted(entities)
    facts_raw = problem.get("facts", [])
    rules_raw = problem.get("rules", [])
    if not isinstance(facts_raw, list):
        raise _Refuse("malformed", "facts", "'facts' must be a list")
    if not isinstance(rules_raw, list):
        raise _Refuse("malformed", "rules", "'rules' must be a list")
    if "query" not in problem:
        raise _Refuse("malformed", "query", "the problem has no 'query'")
    facts = [_ground_atom(f, f"fact {i}", entities) for i, f in enumerate(facts_raw, start=1)]
    query = _ground_atom(problem["query"], "query", entities)
    rules: list[tuple[list[tuple[str, str, bool, bool]], tuple[str, str, bool, bool]]] = []
    instances = 0
    for i, rule in enumerate(rules_raw, start=1):
        where = f"rule {i}"
        if not isinstance(rule, Mapping) or set(rule) != {"if", "then"}:
            raise _Refuse("malformed", where, "a rule is an object {if: [...], then: {...}}")
        if not isinstance(rule["if"], list):
            raise _Refuse("malformed", where, "'if' must be a list of atoms")
        body = [
            _rule_atom(a, f"{where} if {j}", entities) for j, a in enumerate(rule["if"], start=1)
        ]
        head = _rule_atom(rule["then"], f"{where} then", entities)
        variables = {t for _, t, is_var, _ in [*body, head] if is_var}
        instances += len(entities) ** len(variables)
        if instances > MAX_GROUND_INSTANCES:
            raise _Refuse(
                "out_of_regime",
                where,
                f"grounding needs more than {MAX_GROUND_INSTANCES} rule instances",
            )
        rules.append((body, head))

    # One atom per (predicate, entity) that grounding can mention.
    pairs: set[tuple[str, str]] = {(p, e) for p, e, _ in [*facts, query]}
    for body, head in rules:
        for p, t, is_var, _ in [*body, head]:
            pairs |= {(p, e) for e in ordered} if is_var else {(p, t)}
    atoms = _Atoms(pairs)
    b = Builder()
    premises = [_literal(b, atoms, p, e, pos) for p, e, pos in facts]
    for body, head in rules:
        names = sorted({t for _, t, is_var, _ in [*body, head] if is_var})
        for values in itertools.product(ordered, repeat=len(names)):
            env = dict(zip(names, values, strict=True))
            lits = [
                _literal(b, atoms, p, env[t] if is_var else t, pos) for p, t, is_var, pos in body
            ]
            p, t, is_var, pos = head
            then = _literal(b, atoms, p, env[t] if is_var else t, pos)
            premises.append(b.binary("implies", b.conj(lits), then) if lits else then)
    qp, qe, qpos = query
    return decide_nodes(premises, _literal(b, atoms, qp, qe, qpos), atoms.legend())


def _claim(text: Any, where: str, *, question: bool = False) -> Claim:
    if not isinstance(text, str):
        raise _Refuse("malformed", where, "must be a string")
    parsed = parse_utterance(text)
    if question and parsed.asked is not None:
        return _regime(parsed.asked, where)  # a yes/no question: "Is X a Y?"
    if parsed.intent == "question" and parsed.error is None:
        raise _Refuse(
            "malformed",
            where,
            "a question is not a claim; state it ('socrates is mortal')"
            + (" or ask a yes/no question ('Is Socrates mortal?')" if question else ""),
        )
    if parsed.claim is None:
        code = f" ({parsed.reason})" if parsed.reason else ""
        raise _Refuse("malformed", where, f"the reader cannot read it{code}: {parsed.error}")
    return _regime(parsed.claim, where)


def _regime(claim: Claim, where: str) -> Claim:
    if claim.relation not in ("is", "requires"):
        raise _Refuse(
            "out_of_regime",
            where,
            f"{claim.relation!r} has no propositional reading here: only 'is' and 'requires' "
            "claims (and their denials) are decided",
        )
    return claim


@collector_paused
def decide_english(premises: Sequence[str], query: str) -> Decision:
    """Read English premises and query with the symbolic reader, ground them, decide."""
    given: Any = premises  # callers from JSON may pass anything
    try:
        if isinstance(given, str) or not isinstance(given, Sequence):
            raise _Refuse("malformed", "premises", "premises must be a list of sentences")
        claims = [_claim(t, f"premise {i}") for i, t in enumerate(given, start=1)]
        goal = _claim(query, "query", question=True)
    except _Refuse as exc:
        return refused(exc.kind, exc.where, exc.reason)  # type: ignore[arg-type]
    terms = sorted({t for c in [*claims, goal] for t in (c.subject, c.object)})
    atoms = _Atoms({(p, e) for p in terms for e in terms})
    b = Builder()
    out = [_literal(b, atoms, t, t, True) for t in terms]  # each term names a non-empty class
    for c in claims:
        if c.relation == "requires" and not c.positive:
            out.append(_literal(b, atoms, c.object, c.subject, False))
            continue
        for e in terms:
            body = _literal(b, atoms, c.subject, e, True)
            out.append(b.binary("implies", body, _literal(b, atoms, c.object, e, c.positive)))
    query_node = _literal(b, atoms, goal.object, goal.subject, goal.positive)
    return decide_nodes(out, query_node, atoms.legend())
