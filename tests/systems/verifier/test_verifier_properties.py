"""Hypothesis properties: the schema gate, the envelope, and metamorphic relations."""

from __future__ import annotations

import json
import pathlib
import re
from fractions import Fraction
from typing import Any
from unittest import mock

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from pytest_core_verify.systems.verifier import (
    call_tool,
    derive,
    load_envelope,
    problem_key,
    sha256_of,
    validate_payload,
)
from pytest_core_verify.systems.verifier._lexicon import NAME_GENDER
from tests.helpers import examples

ROOT = pathlib.Path(__file__).resolve().parents[3]
CORPUS = [
    json.loads(line)
    for line in (ROOT / "lanes/scenarios/corpus/problems.jsonl")
    .read_text(encoding="utf-8")
    .splitlines()
]
ALLOWED = {"problem_text", "domain_hint", "request_id", "return_trace"}
ENVELOPE = load_envelope()
SETTINGS = settings(
    max_examples=examples(120), deadline=None, suppress_health_check=[HealthCheck.too_slow]
)

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner, max_size=3)
    ),
    max_leaves=8,
)


def no_derivation() -> Any:
    return mock.patch(
        "pytest_core_verify.systems.verifier._tool.derive",
        side_effect=AssertionError("engine reached"),
    )


# --------------------------------------------------------------------------- schema gate


@SETTINGS
@given(
    extra=st.dictionaries(
        st.text(min_size=1, max_size=12).filter(lambda k: k not in ALLOWED),
        json_values,
        min_size=1,
        max_size=3,
    ),
    text=st.text(min_size=1, max_size=50),
)
def test_no_property_outside_the_schema_reaches_the_engine(
    extra: dict[str, Any], text: str
) -> None:
    payload = {"problem_text": text, "request_id": "p-1", **extra}
    with no_derivation():
        response = call_tool(payload)
    assert response["status"] == "invalid"
    assert response["trace_summary"]["derivation_executed"] is False


@SETTINGS
@given(
    payload=st.one_of(
        json_values,
        st.fixed_dictionaries(
            {},
            optional={
                "problem_text": json_values | st.text(max_size=2100),
                "request_id": json_values
                | st.from_regex(r"[A-Za-z0-9 ._!-]{0,70}", fullmatch=True),
                "return_trace": json_values,
                "domain_hint": json_values,
            },
        ),
    )
)
def test_no_malformed_payload_reaches_the_engine(payload: Any) -> None:
    assume(validate_payload(payload) != [])
    with no_derivation():
        response = call_tool(payload)
    assert response["status"] == "invalid"
    rid = response["request_id"]
    assert rid is None or re.fullmatch(r"[A-Za-z0-9._-]{1,64}", rid)
    # The same payload gets the same sorted errors.
    assert response["trace_summary"]["schema_errors"] == validate_payload(payload)


WORDS = sorted({w for r in CORPUS for w in re.findall(r"[A-Za-z']+|\d+|[.?$%,]", r["problem"])})


@SETTINGS
@given(
    words=st.lists(st.sampled_from(WORDS), min_size=1, max_size=40),
    tail=st.text(max_size=20),
)
def test_any_valid_text_gets_a_schema_valid_answer_and_never_crashes(
    words: list[str], tail: str
) -> None:
    text = (" ".join(words) + tail)[:2000]
    assume(text.strip())
    response = call_tool({"problem_text": text, "request_id": "fuzz"})
    assert response["status"] in {"verified", "refused", "ask"}
    if response["status"] == "refused":
        assert response["refusal_reason"]


# --------------------------------------------------------------------------- envelope


ENVELOPE_TEXTS = sorted(e["problem_text"] for e in ENVELOPE.values())


@st.composite
def near_envelope_texts(draw: st.DrawFn) -> str:
    text = draw(st.sampled_from(ENVELOPE_TEXTS + [r["problem"] for r in CORPUS[:60]]))
    edit = draw(st.sampled_from(["none", "number", "space", "case"]))
    if edit == "number":
        numbers = re.findall(r"\d+", text)
        if numbers:
            old = draw(st.sampled_from(numbers))
            new = str(draw(st.integers(1, 99)))
            text = text.replace(old, new, 1)
    elif edit == "space":
        text = text + " "
    elif edit == "case":
        text = text.replace("How", "how", 1)
    return text


@SETTINGS
@given(text=near_envelope_texts())
def test_every_verified_response_has_an_envelope_entry_whose_pin_matches(text: str) -> None:
    response = call_tool({"problem_text": text, "request_id": "env"})
    if response["status"] == "verified":
        entry = ENVELOPE[problem_key(text)]
        assert entry["trace_sha256"] == sha256_of(derive(text))
        assert entry["answer"] == response["answer"]


# --------------------------------------------------------------------------- metamorphic

FEMALE = sorted(n for n, g in NAME_GENDER.items() if g == "f")
MALE = sorted(n for n, g in NAME_GENDER.items() if g == "m")
INVENTED = ["Quill", "Bex", "Orrin", "Tamsin"]


def committed(text: str) -> Fraction | None:
    decision = derive(text)["decision"]
    return Fraction(decision["value"]) if decision["law"] == "commit" else None


def gold(row: dict[str, Any]) -> Fraction | None:
    return None if row["answer"] is None else Fraction(str(row["answer"]))


def names_in(text: str) -> list[str]:
    return sorted({w for w in re.findall(r"\b[A-Z][a-z]+\b", text) if w in NAME_GENDER})


@SETTINGS
@given(row=st.sampled_from(CORPUS), data=st.data())
def test_renaming_entities_never_makes_a_wrong_commit(
    row: dict[str, Any], data: st.DataObject
) -> None:
    text, names = row["problem"], names_in(row["problem"])
    assume(names)
    same_gender = data.draw(st.booleans())
    mapping: dict[str, str] = {}
    for name in names:
        pool = (FEMALE if NAME_GENDER[name] == "f" else MALE) if same_gender else INVENTED
        choices = [n for n in pool if n not in names and n not in mapping.values()]
        assume(choices)
        mapping[name] = data.draw(st.sampled_from(choices))
    renamed = re.sub(r"\b[A-Z][a-z]+\b", lambda m: mapping.get(m.group(), m.group()), text)
    before, after = committed(text), committed(renamed)
    if after is not None:
        assert after == gold(row), (renamed, after)
    if same_gender:
        # Same-gender renaming keeps every pronoun's antecedent: the decision is unchanged.
        assert before == after, (text, renamed)


_STATIC = re.compile(r"^([A-Z][a-z]+) has (\d+) ([a-z ]+)\.$")


def reorderable(text: str) -> tuple[list[str], int] | None:
    """Two adjacent static 'X has N things.' sentences about different people."""
    sentences = re.split(r"(?<=[.?!]) ", text)
    for i in range(len(sentences) - 2):
        a, b = _STATIC.match(sentences[i]), _STATIC.match(sentences[i + 1])
        if a and b and a.group(1) != b.group(1):
            return sentences, i
    return None


REORDERABLE = [r for r in CORPUS if reorderable(r["problem"])]


def test_the_corpus_has_reorderable_problems() -> None:
    assert len(REORDERABLE) >= 20


@SETTINGS
@given(row=st.sampled_from(REORDERABLE))
def test_reordering_independent_sentences_never_changes_a_commit(row: dict[str, Any]) -> None:
    found = reorderable(row["problem"])
    assert found is not None
    sentences, i = found
    sentences[i], sentences[i + 1] = sentences[i + 1], sentences[i]
    swapped = " ".join(sentences)
    before, after = committed(row["problem"]), committed(swapped)
    if after is not None:
        assert after == gold(row)
    assert before == after


#: Shapes whose every number scales the answer linearly (no rates, factors or percents).
LINEAR = {
    "accumulation", "accumulation_money", "before", "transfer", "transfer_total",
    "multi_entity_total", "comparative", "comparative_total", "comparative_order",
    "difference", "distractor", "irrelevant_entity", "comparative_confuser",
}  # fmt: skip
SCALABLE = [r for r in CORPUS if r["shape"] in LINEAR]


@SETTINGS
@given(row=st.sampled_from(SCALABLE), k=st.integers(2, 7))
def test_scaling_numbers_scales_a_commit_and_never_makes_a_wrong_one(
    row: dict[str, Any], k: int
) -> None:
    scaled = re.sub(r"\d+", lambda m: str(int(m.group()) * k), row["problem"])
    before, after = committed(row["problem"]), committed(scaled)
    g = gold(row)
    if after is not None:
        assert g is not None and after == g * k, (scaled, after)
    if before is not None:
        assert after == before * k, (scaled, after)
