"""The derivation pool: every reader over every reading, classification, the commit law.

The result is a JSON trace that carries everything the law needs, so the audits can
re-derive the decision from the trace alone.
"""

from __future__ import annotations

import itertools
import math
from fractions import Fraction
from typing import Any

from ._canonical import sha256_hex
from ._distractor import set_aside_quantities
from ._lexicon import CONTINUOUS_UNITS
from ._parse import Clause, Parse, Question, parse_problem
from ._readers import READERS, Abstain, Missing, Outcome

__all__ = [
    "ENGINE",
    "MAX_READINGS_PER_READER",
    "REFUSAL_REASONS",
    "apply_commit_law",
    "candidate_is_complete",
    "derive",
    "format_value",
    "json_number",
]

ENGINE = "semantic-derivation/1"
MAX_READINGS_PER_READER = 32

#: The pool's own refusal reasons (the tool adds its serving and audit reasons).
REFUSAL_REASONS = (
    "no_question_found",
    "question_not_last",
    "question_not_understood",
    "unread_sentence",
    "no_grounded_reading",
    "no_complete_candidate",
    "candidate_disagreement",
    "underdetermined_missing_datum",
)


def format_value(value: Fraction) -> str:
    return str(value)


def _terminates(value: Fraction) -> bool:
    d = value.denominator
    for p in (2, 5):
        while d % p == 0:
            d //= p
    return d == 1


def json_number(text: str) -> int | float:
    """A pool value ("26", "15/4") as a JSON number; only terminating decimals are committed."""
    value = Fraction(text)
    if value.denominator == 1:
        return int(value)
    return float(value)


def _classify(
    outcome: Outcome,
    parse: Parse,
    clauses: list[Clause],
    question: Question,
    set_aside: dict[str, str] | None,
) -> list[str]:
    defects = sorted(set(outcome.defects))
    all_q = {q.id for q in parse.quantities}
    used = outcome.value.deps | set(question.qids) | set(set_aside or {})
    defects += [f"unused_quantity:{q}" for q in sorted(all_q - used, key=lambda s: int(s[1:]))]
    defects += [f"ungrounded_operand:{q}" for q in sorted(used - all_q)]
    for c in clauses:
        for cue in c.cues:
            # Case-insensitive: a sentence-initial word is matched lower-cased.
            if parse.text[cue.start : cue.end].lower() != cue.text.lower():
                defects.append(f"ungrounded_cue:{cue.text}")
    value = outcome.value.v
    head = outcome.unit.split()[-1] if outcome.unit else ""
    if value < 0:
        defects.append("negative_answer")
    if value.denominator != 1 and head not in CONTINUOUS_UNITS:
        defects.append("non_integral_count")
    if not _terminates(value):
        defects.append("non_terminating_value")
    return defects


def candidate_is_complete(candidate: dict[str, Any], quantity_ids: list[str]) -> bool:
    """Complete: uses exactly the problem's quantities, less those a named distractor rule
    set aside (``set_aside``), and has no defect."""
    accounted = [*candidate["uses"], *candidate.get("set_aside", {})]
    return sorted(accounted) == sorted(quantity_ids) and not candidate["defects"]


def apply_commit_law(
    candidates: list[dict[str, Any]],
    readings: list[dict[str, Any]],
    quantity_ids: list[str],
    question_error: str | None = None,
    sentences: list[dict[str, Any]] | None = None,
) -> dict[str, Any]:
    """Commit only when a complete candidate exists and every candidate agrees with it.

    Closed world: a sentence that was neither read nor set aside by a named rule
    (status ``unread``) refuses the problem, naming the first such sentence."""
    if question_error is not None:
        return _refuse(question_error, candidates)
    unread = [s for s in sentences or [] if s["status"] == "unread"]
    if unread:
        named = {"index": unread[0]["index"], "text": unread[0]["text"]}
        return {**_refuse("unread_sentence", candidates), "unread": named}
    complete = [c for c in candidates if candidate_is_complete(c, quantity_ids)]
    missing = sorted({r["missing"]["datum"] for r in readings if r.get("missing")})
    if complete:
        first = complete[0]
        agree = (
            all(Fraction(c["value"]) == Fraction(first["value"]) for c in candidates)
            and not missing
        )
        if agree:
            return {
                "law": "commit",
                "reason": None,
                "value": first["value"],
                "unit": first["unit"],
                "support": sorted(c["id"] for c in candidates),
                "missing": None,
            }
        return _refuse("candidate_disagreement", candidates)
    if missing and len(missing) == 1 and not candidates:
        found = next(r["missing"] for r in readings if r.get("missing"))
        return {**_refuse("underdetermined_missing_datum", candidates), "missing": dict(found)}
    if candidates:
        return _refuse("no_complete_candidate", candidates)
    return _refuse("no_grounded_reading", candidates)


def _refuse(reason: str, candidates: list[dict[str, Any]]) -> dict[str, Any]:
    return {
        "law": "refuse",
        "reason": reason,
        "value": None,
        "unit": None,
        "support": sorted(c["id"] for c in candidates),
        "missing": None,
    }


def derive(problem_text: str) -> dict[str, Any]:
    """Run the pool on ``problem_text``; returns the derivation trace (JSON-ready)."""
    parse = parse_problem(problem_text)
    quantity_ids = [q.id for q in parse.quantities]
    readers_out: list[dict[str, Any]] = []
    readings: list[dict[str, Any]] = []
    candidates: list[dict[str, Any]] = []
    unread = [s.index for s in parse.sentences if s.status == "unread"]
    for reader in READERS:
        record: dict[str, Any] = {
            "name": reader.name,
            "status": "abstained",
            "reason": None,
            "readings": [],
        }
        readers_out.append(record)
        if parse.question_error:
            record["reason"] = parse.question_error
            continue
        if unread:
            record["reason"] = f"unread_sentence:{unread[0]}"
            continue
        questions = [
            (i, q) for i, q in enumerate(parse.question) if q.kind in reader.question_kinds
        ]
        if not questions:
            record["reason"] = "question_kind_outside_reader"
            continue
        options: list[list[int]] = []
        outside: int | None = None
        read_sentences = [s for s in parse.sentences if s.status == "read"]
        for s in read_sentences:
            fits = [
                i
                for i, alt in enumerate(s.alternatives)
                if all(c.kind in reader.clause_kinds for c in alt)
            ]
            if not fits:
                outside = s.index
                break
            options.append(fits)
        if outside is not None:
            record["reason"] = f"clause_kind_outside_reader:{outside}"
            continue
        # Count before enumerating: ambiguity multiplies, and 2**30 readings is no reading.
        if math.prod(len(o) for o in options) * len(questions) > MAX_READINGS_PER_READER:
            record["reason"] = "too_many_readings"
            continue
        combos = list(itertools.product(*options, [i for i, _ in questions]))
        record["status"] = "read"
        for combo in combos:
            *choice, qi = combo
            question = parse.question[qi]
            clauses = [
                c for s, ci in zip(read_sentences, choice, strict=True) for c in s.alternatives[ci]
            ]
            reading: dict[str, Any] = {
                "id": f"r{len(readings)}",
                "reader": reader.name,
                "choice": [[s.index, ci] for s, ci in zip(read_sentences, choice, strict=True)],
                "question": qi,
                "candidate": None,
                "abstained": None,
                "missing": None,
            }
            readings.append(reading)
            record["readings"].append(reading["id"])
            try:
                outcome = reader.evaluate(clauses, question, parse)
            except Abstain as exc:
                reading["abstained"] = str(exc)
                continue
            except Exception as exc:
                # A reader that trips over a reading has not grounded it: abstain, never guess.
                reading["abstained"] = f"reader_error:{type(exc).__name__}"
                continue
            if isinstance(outcome, Missing):
                reading["missing"] = {"datum": outcome.datum, "question": outcome.question}
                continue
            cid = f"c{len(candidates)}"
            reading["candidate"] = cid
            uses = outcome.value.deps | set(question.qids)
            unused = sorted(set(quantity_ids) - uses, key=lambda s: int(s[1:]))
            set_aside = set_aside_quantities(
                [c.to_json() for c in clauses], question.to_json(), unused
            )
            candidates.append(
                {
                    "id": cid,
                    "reading": reading["id"],
                    "reader": reader.name,
                    "value": format_value(outcome.value.v),
                    "unit": question.unit_surface or outcome.unit,
                    "expression": outcome.value.expr,
                    "uses": sorted(
                        outcome.value.deps | set(question.qids), key=lambda s: (len(s), s)
                    ),
                    "defects": _classify(outcome, parse, clauses, question, set_aside),
                    "complete": False,
                }
            )
            if set_aside:
                candidates[-1]["set_aside"] = dict(sorted(set_aside.items()))
            candidates[-1]["complete"] = candidate_is_complete(candidates[-1], quantity_ids)
    sentences = [
        {
            "index": s.index,
            "text": s.text,
            "status": s.status,
            "pattern": s.pattern,
            "alternatives": [[c.to_json() for c in alt] for alt in s.alternatives],
            "notes": list(s.labels),
        }
        for s in parse.sentences
    ]
    decision = apply_commit_law(candidates, readings, quantity_ids, parse.question_error, sentences)
    return {
        "engine": ENGINE,
        "problem_sha256": sha256_hex(problem_text.encode("utf-8")),
        "normalized_text": parse.text,
        "quantities": [
            {
                "id": q.id,
                "value": format_value(q.value),
                "text": q.text,
                "start": q.start,
                "end": q.end,
                "sentence": q.sentence,
            }
            for q in parse.quantities
        ],
        "sentences": sentences,
        "question": {
            "alternatives": [q.to_json() for q in parse.question],
            "error": parse.question_error,
        },
        "readers": readers_out,
        "readings": readings,
        "candidates": candidates,
        "decision": decision,
    }
