"""Audits of an executed derivation, computed from its trace alone."""

from __future__ import annotations

from collections import Counter
from typing import Any

from ._distractor import set_aside_quantities
from ._pool import apply_commit_law, candidate_is_complete

__all__ = ["audit_authority", "audit_provenance"]


def audit_authority(trace: dict[str, Any]) -> list[str]:
    """Re-derive classification and the commit law from the trace; name every mismatch.

    A decision that the trace's own candidates do not support (a forged commit) fails.
    """
    problems: list[str] = []
    qids = [q["id"] for q in trace["quantities"]]
    readings = {r["id"]: r for r in trace["readings"]}
    sentences = {s["index"]: s for s in trace["sentences"]}
    for c in trace["candidates"]:
        if bool(c.get("complete")) != candidate_is_complete(c, qids):
            problems.append(f"classification_mismatch:{c.get('id')}")
        if c.get("set_aside") and _set_aside_again(c, readings, sentences, trace, qids) != c.get(
            "set_aside"
        ):
            problems.append(f"set_aside_mismatch:{c.get('id')}")
    expected = apply_commit_law(
        trace["candidates"],
        trace["readings"],
        qids,
        trace["question"]["error"],
        trace["sentences"],
        trace.get("accounting"),
    )
    actual = trace["decision"]
    for key in ("law", "reason", "value", "unit", "support", "missing", "unread"):
        if actual.get(key) != expected.get(key):
            problems.append(f"decision_mismatch:{key}")
    return problems


def _set_aside_again(
    candidate: dict[str, Any],
    readings: dict[str, dict[str, Any]],
    sentences: dict[int, dict[str, Any]],
    trace: dict[str, Any],
    qids: list[str],
) -> dict[str, str] | None:
    """The distractor rules re-run on the clauses of the candidate's own reading."""
    try:
        reading = readings[candidate["reading"]]
        clauses = [
            clause
            for index, alt in reading["choice"]
            for clause in sentences[index]["alternatives"][alt]
        ]
        question = trace["question"]["alternatives"][reading["question"]]
        unused = [q for q in qids if q not in set(candidate["uses"])]
        return set_aside_quantities(clauses, question, unused)
    except (KeyError, IndexError, TypeError):
        return None


def audit_provenance(trace: dict[str, Any]) -> list[str]:
    """Every candidate tied one to one to the reading that produced it, and every reading
    to a reader that lists it."""
    problems: list[str] = []
    readings = trace["readings"]
    candidates = trace["candidates"]
    for kind, items in (("reading", readings), ("candidate", candidates)):
        for ident, n in sorted(Counter(str(x.get("id")) for x in items).items()):
            if n > 1:
                problems.append(f"duplicate_{kind}:{ident}")
    by_reading = {r["id"]: r for r in readings}
    by_candidate = {c["id"]: c for c in candidates}
    listed = {rid: rd["name"] for rd in trace["readers"] for rid in rd["readings"]}
    for r in readings:
        if listed.get(r["id"]) != r["reader"]:
            problems.append(f"reading_not_listed_by_reader:{r['id']}")
        cid = r.get("candidate")
        if cid is not None:
            c = by_candidate.get(cid)
            if c is None or c.get("reading") != r["id"]:
                problems.append(f"reading_candidate_unmatched:{r['id']}")
    for c in candidates:
        r = by_reading.get(c.get("reading"))
        if r is None:
            problems.append(f"candidate_without_reading:{c['id']}")
        elif r.get("candidate") != c["id"] or r["reader"] != c.get("reader"):
            problems.append(f"candidate_reading_unmatched:{c['id']}")
    return problems
