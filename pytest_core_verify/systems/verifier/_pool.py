"""The derivation pool: every reader over every reading, classification, the commit law.

The result is a JSON trace that carries everything the law needs, so the audits can
re-derive the decision from the trace alone.
"""

from __future__ import annotations

import itertools
import math
import re
from fractions import Fraction
from typing import Any

from ._account import (
    COMPLEMENTS,
    QUESTION_VERBS,
    Finding,
    account,
    account_sentences,
    change_before_present,
    dropped_modifier,
    lemmas,
)
from ._canonical import sha256_hex
from ._distractor import set_aside_quantities
from ._lexicon import CONTINUOUS_UNITS, GENERIC_NOUNS, KINDS_OF, singular
from ._parse import Clause, Parse, Question, parse_problem
from ._passable import deleted_words
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
    "unread_word",
    "mixed_units",
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
    defects += _kinds_not_asked(clauses, question, outcome.value.deps)
    value = outcome.value.v
    head = outcome.unit.split()[-1] if outcome.unit else ""
    if value < 0:
        defects.append("negative_answer")
    if value.denominator != 1 and head not in CONTINUOUS_UNITS:
        defects.append("non_integral_count")
    if not _terminates(value):
        defects.append("non_terminating_value")
    return defects


def _kinds_not_asked(clauses: list[Clause], question: Question, deps: Any) -> list[str]:
    """Used quantities of a kind the question does not ask for: "How many candy pieces"
    over "21 gum packages and 45 candy packages" with 9 pieces in each may not use the gum
    packages. A kind is a modifier of a unit. A question with none asks for every kind; a
    unit with none is of every kind only as a rate's content, never as a holding of the
    asked noun itself."""
    unit = question.args.get("unit")
    if not isinstance(unit, str) or len(unit.split()) < 2:
        return []
    asked = set(unit.split()[:-1])
    head = unit.split()[-1]
    units = [c.args.get("unit") for c in clauses]
    named = [u.split() for u in units if isinstance(u, str) and len(u.split()) > 1]
    # Another kind of the asked noun is named ("short trees" and "tall trees"): a bare
    # mention of the noun could be either.
    other_kind = any(w[-1] == head and not asked & set(w[:-1]) for w in named)
    found = []
    seen_kind = False
    for c in clauses:
        held = c.args.get("unit")
        if not isinstance(held, str):
            continue
        words = held.split()
        if any(
            r.kind == "rel" and r.args.get("base_unit") == held and r.args.get("unit") == unit
            for r in clauses
        ):
            # "5 red beads and twice as many blue beads as red beads": the red ones are
            # the base of the asked kind, not a kind read as it
            continue
        if len(words) > 1 and words[-1] == head and asked & set(words[:-1]):
            seen_kind = True
        # A holding or change of the asked noun with no kind named is of the asked kind
        # only as an ellipsis: after a mention of that kind, with no other kind named
        # ("33 pieces of candy. She ate 17 pieces"). "Tom has 5 apples. He buys 3 red
        # apples. How many red apples" is not determined. A rate's content ("9 pieces in
        # each package") takes its kind from its container; a total covers every kind.
        unnamed = (
            len(words) == 1
            and words[0] == head
            and not c.args.get("per")
            and c.kind != "total"
            and not c.args.get("total")
            and (other_kind or not seen_kind)
        )
        if unnamed or (len(words) > 1 and not asked & set(words[:-1])):
            found += [f"kind_not_asked:{q}" for q in c.qids if q in deps]
    return sorted(set(found), key=lambda d: int(d.rsplit("q", 1)[1]))


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
    accounting: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """Commit only when a complete candidate exists and every candidate agrees with it.

    Closed world: a sentence that was neither read nor set aside by a named rule
    (status ``unread``) refuses the problem, naming the first such sentence; so does a
    word the reading does not account for (``accounting``: its reason, sentence, word)."""
    if question_error is not None:
        return _refuse(question_error, candidates)
    unread = [s for s in sentences or [] if s["status"] == "unread"]
    if unread:
        named = {"index": unread[0]["index"], "text": unread[0]["text"]}
        return {**_refuse("unread_sentence", candidates), "unread": named}
    if accounting is not None:
        word = {k: accounting[k] for k in ("sentence", "word", "why")}
        return {**_refuse(str(accounting["reason"]), candidates), "unread": word}
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
    finding = None if parse.question_error or unread else _account(parse, problem_text)
    accounting = None if finding is None else {"reason": finding.reason, **finding.to_json()}
    decision = apply_commit_law(
        candidates, readings, quantity_ids, parse.question_error, sentences, accounting
    )
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
        # only when a word is unaccounted for: a committed trace is the same bytes as
        # before the accounting existed, so pinned traces stay valid
        **({"accounting": accounting} if accounting else {}),
        # the words the rewrites deleted and the role that lets each pass (only when
        # there are some, for the same reason)
        **({"passed_over": passed} if (passed := _passed_over(problem_text, parse)) else {}),
    }


_UNIT_ARGS = ("unit", "per", "over", "item")
#: The question as stated: the last clause that ends with "?" (after the last "." or ",").
_STATED_QUESTION = re.compile(r"[^.?!,]*\?\s*$")
#: "how many good sea shells": the words before the asked noun.
_ASKED = re.compile(r"\b[Hh]ow (?:many|much) ((?:[A-Za-z]+ ){0,3}[A-Za-z]+)\b")
#: The verbs that open a question's clause after "how many" ("how many did she wash").
_AUXILIARIES = frozenset(
    {"did", "do", "does", "is", "are", "was", "were", "will", "would", "can", "could",
     "should", "must", "has", "have", "had"}
)  # fmt: skip
#: A setting clause that opens the problem ("While on vacation,", "During the summer,").
_SETTING = re.compile(r"\s*(?:While|During|On|At|In)\b[^,.?!]*,")
#: "from his garden", "from her visit": a place or owner phrase of the question.
_PLACE = re.compile(r"\bfrom (?:his|her|their|its|the|my|your|our) ([a-z]+)\b")


def _passed_over(problem_text: str, parse: Parse) -> list[dict[str, str]]:
    """The words the rewrites deleted, then those of the leads the reader stripped before
    a clause ("In the afternoon "), each with the role that lets it pass."""
    deleted = deleted_words(problem_text, parse.text)[0]
    return [{"word": w, "role": r} for w, r in [*deleted, *parse.leads]]


def _account(parse: Parse, problem_text: str) -> Any:
    """The word accounting of a parse whose every sentence was read or set aside.

    The question is checked as the problem states it, before any rewrite: a word a
    rewrite dropped from it ("How many good seashells") still has to bind."""
    questions = [s for s in parse.sentences if s.status == "question"]
    if not questions:
        return None
    asked = questions[-1]
    body = " ".join(s.text for s in parse.sentences if s.status != "question")
    units: list[tuple[int, str]] = []
    read = [
        (s.index, s.text, s.pattern, {c.kind for alt in s.alternatives for c in alt})
        for s in parse.sentences
        if s.status == "read"
    ]
    found = account_sentences(read)
    if found is not None:
        return found
    found = change_before_present(
        [
            (
                s.index,
                s.text,
                [(c.kind, c.cues[0].text if c.cues else "") for alt in s.alternatives for c in alt],
            )
            for s in parse.sentences
            if s.status == "read"
        ]
    )
    if found is not None:
        return found
    dropped = dropped_modifier(problem_text, parse.text)
    if dropped is not None:
        index = next((s.index for s in parse.sentences if dropped in s.text.lower()), 0)
        return Finding("unread_word", index, dropped, "deleted_by_rewrite")
    counted: list[tuple[int, Fraction, int, str]] = []
    for s in parse.sentences:
        if s.status != "read":
            continue
        for alt in s.alternatives:
            for c in alt:
                units += [(s.index, str(c.args[k])) for k in _UNIT_ARGS if c.args.get(k)]
                q, unit = c.args.get("q"), c.args.get("unit")
                if isinstance(q, str) and isinstance(unit, str):
                    count = parse.quantity(q)
                    counted.append((s.index, count.value, count.end, unit))
    claimed: set[str] = set()
    modifiers: list[str] = []
    body_lemmas = {x for w in body.split() for x in lemmas(w.strip(".,!?;:'\""))}
    for q in parse.question:
        units += [(asked.index, str(q.args[k])) for k in _UNIT_ARGS if q.args.get(k)]
        # The question's own verb, holders and item are what its rule binds; a unit is
        # claimed only as a kind noun the readers sum over ("children": girls and boys).
        for key in ("verb", "entity", "entities", "item"):
            value = q.args.get(key)
            for v in value if isinstance(value, list) else [value]:
                if isinstance(v, str):
                    claimed.update(w.lower() for w in v.split())
        unit = q.args.get("unit")
        if isinstance(unit, str):
            modifiers.extend(w for w in unit.split()[:-1] if w not in modifiers)
        if isinstance(unit, str) and (unit.split()[-1] in KINDS_OF or unit in GENERIC_NOUNS):
            # only the kind noun: an adjective before it ("red students") still binds
            claimed.add(unit.split()[-1])
        if isinstance(unit, str):
            # a kind of a noun the problem uses ("boys" of "the 50 students")
            head = unit.split()[-1]
            if any(head in kinds and lemmas(k) & body_lemmas for k, kinds in KINDS_OF.items()):
                claimed.add(head)
        claimed.update(QUESTION_VERBS.get(q.kind, ()))
    # The asked noun's modifiers and place phrases as the problem states them, before any
    # rewrite: a word a rewrite dropped ("How many good seashells") still has to bind.
    stated = _STATED_QUESTION.search(problem_text)
    if stated is not None:
        heads = {str(q.args["unit"]).split()[-1] for q in parse.question if q.args.get("unit")}
        for m in _ASKED.finditer(stated.group(0)):
            after = [w.lower() for w in m.group(1).split()]
            at = next((i for i, w in enumerate(after) if singular(w) in heads), None)
            nounless = not any(q.unit_surface for q in parse.question)
            if at is None and nounless and m.group(0).lower().startswith("how many"):
                # "how many good did she not wash": a question without its noun, so the
                # words before the verb modify the one it leaves out, and bind as well
                at = next((i for i, w in enumerate(after) if w in _AUXILIARIES), None)
            if at is not None:
                modifiers.extend(w for w in after[:at] if w not in modifiers)
        # a place or owner phrase binds only if the question's rule holds it ("from his
        # garden" over seashells from the beach and from the garden is one of them)
        held = {w for q in parse.question for v in q.args.values() for w in str(v).split()}
        # "While on vacation, Megan took ...": a setting that opens the problem scopes
        # over all of it, so "pictures from her vacation" are all of its pictures
        setting = _SETTING.match(problem_text)
        if setting is not None:
            held |= set(re.findall(r"[a-z]+", setting.group(0).lower()))
            body = f"{body} {setting.group(0)}"
        for m in _PLACE.finditer(stated.group(0)):
            if m.group(1).lower() not in held:
                return Finding("unread_word", asked.index, m.group(1), "question_word_unbound")
    carried = {
        (c.kind, cue.text.lower())
        for s in parse.sentences
        if s.status == "read"
        for alt in s.alternatives
        for c in alt
        for cue in c.cues
    } | {(q.kind, str(q.args.get("part"))) for q in parse.question}
    modifiers = [w for w in modifiers if not COMPLEMENTS.get(w, frozenset()) & carried]
    found = account(
        parse.text, body, asked.text, asked.index, units, frozenset(parse.persons),
        frozenset(claimed), tuple(modifiers), counted,
    )  # fmt: skip
    if found is not None:
        return found
    # last: a content word a rewrite deleted, which no check above has named
    _passed, deleted = deleted_words(problem_text, parse.text)
    if deleted is not None:
        return Finding("unread_word", asked.index, deleted, "deleted_by_rewrite")
    return None
