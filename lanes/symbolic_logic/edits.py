"""Metamorphic relations of the symbolic_logic lane: pure edits of a case, and what they promise.

Each edit is ``edit(case) -> new_case | None`` (None: the edit does not apply to this case).
An edit never changes its input, and any choice it makes is drawn from a generator seeded by
the case id and the edit's name, so the same case always gives the same new case. Each edit
comes with its relation, ``(original_result, perturbed_result) -> bool``, over the results of
``lane.run``:

- ``dropped_premise``: drop one correction whose premise a conclusion of the probe rests on;
  the probe's ``trace_hash`` changes (the trace depends on the premises given).
- ``reordered_premises``: permute the teaching blocks (a question and the corrections that
  answer it), which do not depend on one another; what the probe concludes, withholds and
  contests is unchanged (only premise ids and the trace's order follow the teaching order).
- ``renamed_term``: rename one single-word term throughout (its singular and plural forms)
  to a word the case does not use; the result is the original's with that word renamed.

A new case keeps the expectations the edit preserves and drops the others (a dropped
premise changes what is concluded and recalled), so it stays a valid case of the lane.
"""

from __future__ import annotations

import hashlib
import random
import re
from collections.abc import Callable, Mapping
from typing import Any

from pytest_core_verify.systems.symbolic import TeachingPipeline, parse_utterance

__all__ = ["EDITS", "RELATIONS", "dropped_premise", "renamed_term", "reordered_premises"]

Case = dict[str, Any]
Result = Mapping[str, Any]


def rng_for(case: Mapping[str, Any], name: str) -> random.Random:
    """A generator seeded by the case id and the edit's name (the same on every run)."""
    seed = hashlib.sha256(f"{case['id']}\x00{name}".encode()).digest()
    return random.Random(int.from_bytes(seed[:8], "big"))


def _taught(case: Mapping[str, Any]) -> tuple[dict[str, int], list[str]]:
    """Premise id -> index of the utterance that stored it, and the probe's rests-on ids."""
    pipeline = TeachingPipeline(source_date_epoch=0)
    stored: dict[str, int] = {}
    for index, utterance in enumerate(case["premises"]):
        turn = pipeline.turn(utterance)
        if turn.pack_mutation_proposal is not None:
            stored[turn.pack_mutation_proposal.premise_id] = index
    probe = pipeline.turn(case["probe"]).to_json()
    inference = probe["inference"] or {"inference_trace": []}
    used = sorted(
        {u for step in inference["inference_trace"] for u in step["uses"] if u.startswith("p")},
        key=lambda pid: int(pid[1:]),
    )
    return stored, used


def dropped_premise(case: Case) -> Case | None:
    """Drop one correction that a conclusion of the probe uses; None when none is used."""
    stored, used = _taught(case)
    candidates = [stored[pid] for pid in used if pid in stored]
    if not candidates:
        return None
    drop = rng_for(case, "dropped_premise").choice(candidates)
    new = {k: v for k, v in case.items() if k not in _RESULT_EXPECTATIONS}
    new["premises"] = [u for i, u in enumerate(case["premises"]) if i != drop]
    new["expected_proposals"] = case["expected_proposals"] - 1
    new["min_vault_hits"] = 0
    return new


# Expectations about what the probe concludes and answers: a dropped premise changes them.
_RESULT_EXPECTATIONS = frozenset(
    {"expected_conclusions", "forbidden_conclusions", "expected_answer", "expected_refusals"}
)


def _blocks(premises: list[str]) -> list[list[str]] | None:
    """The premises cut into teaching blocks, each opening with a question; None if the
    first utterance is not a question (a correction before any question depends on order)."""
    blocks: list[list[str]] = []
    for utterance in premises:
        if parse_utterance(utterance).intent == "question":
            blocks.append([utterance])
        elif not blocks:
            return None
        else:
            blocks[-1].append(utterance)
    return blocks


def reordered_premises(case: Case) -> Case | None:
    """Permute the teaching blocks; None with fewer than two, or when no order differs."""
    blocks = _blocks(list(case["premises"]))
    if blocks is None or len(blocks) < 2:
        return None
    order = list(range(len(blocks)))
    rng = rng_for(case, "reordered_premises")
    for _ in range(8):  # a shuffle of two blocks is the identity half the time
        rng.shuffle(order)
        if order != sorted(order):
            break
    else:
        order.reverse()
    premises = [u for i in order for u in blocks[i]]
    if premises == list(case["premises"]):
        return None  # identical blocks: no other order exists
    new = dict(case)
    new["premises"] = premises
    # Which turn is refused, and in what order, follows the teaching order.
    new.pop("expected_refusals", None)
    return new


_WORD = re.compile(r"[^\W\d_][\w'-]*")
_FRESH = ("wug", "blicket", "dax", "fep", "toma", "zorp", "gazzer", "kiki")


def _single_word_terms(case: Mapping[str, Any]) -> list[str]:
    pipeline = TeachingPipeline(source_date_epoch=0)
    for utterance in [*case["premises"], case["probe"]]:
        pipeline.turn(utterance)
    terms = {t for p in pipeline.vault for t in (p.claim.subject, p.claim.object)}
    # A word whose plural is the word and "s" (not "man"/"men"), and that cannot be read as
    # a plural itself, so that renaming its two forms renames every spelling the case uses.
    return sorted(
        t
        for t in terms
        if t.isascii()
        and t.isalpha()
        and not t.endswith(("s", "y", "h", "x", "z"))
        and _english().plural_noun(t) == t + "s"
        and _english().singular_noun(t) is False
    )


def _english() -> Any:
    import inflect  # the symbolic extra: the reader itself folds plurals with it

    return inflect.engine()


def _respell(word: str, old: str, fresh: str) -> str:
    folded = word.casefold()
    if folded == old:
        target = fresh
    elif folded == old + "s":
        target = fresh + "s"
    else:
        return word
    return target.capitalize() if word[:1].isupper() else target


def renamed_term(case: Case) -> Case | None:
    """Rename one single-word term (both numbers) to a fresh word; None without such a term."""
    terms = _single_word_terms(case)
    if not terms:
        return None
    rng = rng_for(case, "renamed_term")
    old = rng.choice(terms)
    text = " ".join([*case["premises"], case["probe"]]).casefold()
    fresh = next((f for f in _FRESH if f not in text), None)
    if fresh is None:
        return None

    def rename(value: str) -> str:
        return _WORD.sub(lambda m: _respell(m.group(), old, fresh), value)

    new = dict(case)
    for key in ("premises", "expected_conclusions", "forbidden_conclusions"):
        if key in case:
            new[key] = [rename(u) for u in case[key]]
    new["probe"] = rename(case["probe"])
    return new


# The relations.


def trace_hash_changes(original: Result, perturbed: Result) -> bool:
    return bool(original["probe"]["trace_hash"] != perturbed["probe"]["trace_hash"])


def _judgements(result: Result) -> dict[str, Any]:
    """What the probe judged, as claims: premise ids and reasons follow the teaching order."""
    probe = result["probe"]
    texts = {premise["id"]: premise["text"] for premise in result["vault"]}
    return {
        "conclusions": sorted(probe["conclusions"]),
        "withheld": sorted(item["text"] for item in probe["withheld"]),
        "contested": sorted(texts[pid] for pid in probe["contested"]),
        "inconsistent": sorted(step["text"] for step in probe["inconsistent"]),
        "answer": None if probe["answer"] is None else probe["answer"]["answer"],
    }


def same_judgements(original: Result, perturbed: Result) -> bool:
    return _judgements(original) == _judgements(perturbed)


_TOKEN = re.compile(r"[^\W_][\w'-]*|[^\w\s]|_", re.UNICODE)
_HASHES = frozenset({"trace_hash", "sha256"})


def _pairs(a: Any, b: Any, out: list[tuple[str, str]]) -> bool:
    """Walk two JSON values in step, collecting the word pairs where their strings differ."""
    if isinstance(a, Mapping) and isinstance(b, Mapping):
        if set(a) != set(b):
            return False
        return all(_pairs(a[k], b[k], out) for k in sorted(a) if k not in _HASHES)
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(_pairs(x, y, out) for x, y in zip(a, b, strict=True))
    if isinstance(a, str) and isinstance(b, str):
        ta, tb = _TOKEN.findall(a), _TOKEN.findall(b)
        if len(ta) != len(tb):
            return False
        out.extend((x, y) for x, y in zip(ta, tb, strict=True) if x != y)
        return True
    return bool(a == b)


def same_up_to_renaming(original: Result, perturbed: Result) -> bool:
    """The perturbed result is the original with one word renamed (in each of its forms).

    Every differing word pair must be part of one injective renaming, whose new words do not
    occur in the original; hashes, which change with any byte, are left out.
    """
    pairs: list[tuple[str, str]] = []
    if not _pairs(original, perturbed, pairs) or not pairs:
        return False
    forward: dict[str, str] = {}
    backward: dict[str, str] = {}
    for old, new in pairs:
        if forward.setdefault(old.casefold(), new.casefold()) != new.casefold():
            return False
        if backward.setdefault(new.casefold(), old.casefold()) != old.casefold():
            return False
    stems = {old.removesuffix("s") for old in forward}
    return len(stems) == 1


EDITS: dict[str, Callable[[Case], Case | None]] = {
    "dropped_premise": dropped_premise,
    "reordered_premises": reordered_premises,
    "renamed_term": renamed_term,
}
RELATIONS: dict[str, Callable[[Result, Result], bool]] = {
    "dropped_premise": trace_hash_changes,
    "reordered_premises": same_judgements,
    "renamed_term": same_up_to_renaming,
}
