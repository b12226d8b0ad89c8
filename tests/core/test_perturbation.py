"""The perturbation declaration, its relations and its rate (``_core.perturbation``)."""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pytest_core_verify import perturbation, perturbation_random
from pytest_core_verify._core.aggregate import CaseOutcome, aggregate
from pytest_core_verify._core.lanes import CaseFileKey, LaneError, load_lane
from pytest_core_verify._core.perturbation import (
    Perturbation,
    PerturbationError,
    RelationError,
    check_relation,
    metric_of,
    perturb,
    perturbed_id,
    split_perturbed_id,
)


def _identity(case: dict[str, Any]) -> dict[str, Any]:
    return dict(case)


def test_the_decorator_keeps_the_function_and_names_the_metric() -> None:
    declared = perturbation(expect="different")(_identity)
    assert isinstance(declared, Perturbation)
    assert declared.name == "_identity" and declared.metric == "perturbation:_identity"
    assert declared({"id": "a"}) == {"id": "a"}  # still callable as the edit
    assert not hasattr(_identity, "expect")  # the plain function is left as it was
    again = perturbation(expect="same", name="kept")(declared)
    assert again.fn is _identity and again.name == "kept" and again.expect == "same"
    assert perturbation(_identity).expect == "same"


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"expect": "equal"}, "expect is 'same', 'different' or a function"),
        ({"expect": "same", "view": "answer"}, "view is a function result"),
        ({"name": "has space"}, "is not a Python identifier"),
        ({"name": "a~b"}, "is not a Python identifier"),
    ],
)
def test_a_bad_declaration_says_what_to_pass(kwargs: dict[str, Any], message: str) -> None:
    with pytest.raises((TypeError, ValueError), match=message):
        perturbation(**kwargs)(_identity)


def test_ids_join_and_split_at_the_last_separator() -> None:
    assert perturbed_id("c1", "p") == "c1~p"
    assert split_perturbed_id("c1~p") == ("c1", "p")
    assert split_perturbed_id("c1") is None
    assert split_perturbed_id("~p") is None
    assert split_perturbed_id("c1~not a name") is None
    assert metric_of("p") == "perturbation:p"


def test_the_seeded_random_depends_on_the_case_id_and_the_name_only() -> None:
    one = perturbation_random({"id": "c1", "x": 1}, "p").random()
    assert one == perturbation_random({"id": "c1", "x": 2}, "p").random()
    assert one != perturbation_random({"id": "c2"}, "p").random()
    assert one != perturbation_random({"id": "c1"}, "q").random()
    with pytest.raises(TypeError, match="the case has no string 'id'"):
        perturbation_random({}, "p")


def test_perturb_copies_the_case_and_checks_what_comes_back() -> None:
    case = {"id": "c1", "xs": [1, 2]}

    @perturbation
    def in_place(c: dict[str, Any]) -> dict[str, Any]:
        c["xs"].append(3)
        return c

    assert perturb(in_place, case, "c1") == {"id": "c1", "xs": [1, 2, 3]}
    assert case == {"id": "c1", "xs": [1, 2]}  # the original is untouched
    assert perturb(perturbation(lambda c: None, name="never"), case, "c1") is None

    calls = [False, True]  # "half": the first call returns None, the second a case
    problems: dict[str, tuple[Any, str]] = {
        "raises": (lambda c: 1 / 0, "raised ZeroDivisionError: division by zero"),
        "tuple": (lambda c: (c,), "returned a tuple; return the new case"),
        "nan": (lambda c: {**c, "v": float("nan")}, "not canonical JSON at $.v"),
        "noisy": (lambda c: {**c, "v": random.random()}, "is not deterministic"),
        "xfail": (lambda c: {**c, "xfail": "why"}, 'returned a case with "xfail"'),
        "half": (lambda c: None if calls.pop() else c, "is not deterministic"),
    }
    for name, (fn, message) in problems.items():
        with pytest.raises(PerturbationError, match=re.escape(message)) as info:
            perturb(perturbation(fn, name=name), case, "c1")
        assert f"perturbation {name!r} on case 'c1'" in str(info.value)
        assert info.value.withheld.startswith(f"perturbation {name!r} on holdout case 'c1'")
        assert "division by zero" not in info.value.withheld


def _one(original: Any, perturbed: Any) -> Any:
    return 1  # not a bool


def test_relations_same_different_and_a_function() -> None:
    same = perturbation(expect="same", view=lambda r: r["a"], name="same")(_identity)
    assert check_relation(same, {"a": 1, "b": 1}, {"a": 1, "b": 2}).holds
    failed = check_relation(same, {"a": 1}, {"a": True})  # 1 is not true in JSON
    assert not failed.holds and "view(result) of the perturbed case differs" in failed.explanation

    different = perturbation(expect="different", name="different")(_identity)
    assert check_relation(different, {"a": 1}, {"a": 2}).holds
    failed = check_relation(different, {"a": 1}, {"a": 1})
    assert (
        failed.explanation
        == 'the result of the perturbed case is the same as the original case\'s: {"a":1}'
    )

    halves = perturbation(expect=lambda o, p: p == o / 2, view=len, name="halves")(_identity)
    assert check_relation(halves, [1, 2], [1]).holds
    failed = check_relation(halves, [1, 2], [1, 2])
    assert "returned False" in failed.explanation and "the same for both: 2" in failed.explanation

    with pytest.raises(RelationError, match="returned 1 \\(a int\\)"):
        check_relation(perturbation(expect=_one, name="one")(_identity), 0, 0)
    with pytest.raises(RelationError, match="the view of perturbation 'v' raised KeyError"):
        check_relation(perturbation(view=lambda r: r["x"], name="v")(_identity), {}, {})


def test_a_lane_module_declares_its_perturbations(tmp_path: Path) -> None:
    lane = tmp_path / "p"
    lane.mkdir()
    (lane / "lane.py").write_text(
        "from pytest_core_verify import metric, perturbation\n"
        "def run(case, workdir):\n    return {}\n"
        "@perturbation(expect='different')\ndef b(case):\n    return case\n"
        "@perturbation\ndef a(case):\n    return case\n"
        "alias = a\n",
        encoding="utf-8",
    )
    loaded = load_lane("p", lane)
    assert list(loaded.perturbations) == ["a", "b"]
    assert loaded.metric_names == ("perturbation:a", "perturbation:b", "replay_determinism")
    (lane / "lane.py").write_text(
        "from pytest_core_verify import metric, perturbation\n"
        "def run(case, workdir):\n    return {}\n"
        "@perturbation\ndef a(case):\n    return case\n"
        "@metric(name='perturbation:a')\ndef m(case, result):\n    return 1\n",
        encoding="utf-8",
    )
    with pytest.raises(LaneError, match="'perturbation:a' is both a @metric and the rate"):
        load_lane("p2", lane)


_OUTCOME = st.tuples(
    st.integers(min_value=1, max_value=6),  # the line (one case per line)
    st.sampled_from(["p", "q"]),  # which perturbation
    st.sampled_from([True, False, None]),  # the relation held, did not, or skipped
)


@given(st.lists(_OUTCOME, unique_by=lambda o: (o[0], o[1])), st.randoms())
def test_the_rate_of_a_perturbation_does_not_depend_on_the_order_of_reports(
    reports: list[tuple[int, str, bool | None]], rng: random.Random
) -> None:
    """The fraction of the applicable cases whose relation holds, whatever order the
    reports arrive in (xdist hands them over as workers finish)."""
    key = CaseFileKey("demo", "dev")
    outcomes = [
        CaseOutcome(
            case_id=perturbed_id(f"c{line}", name),
            line=line,
            status="skipped" if held is None else ("passed" if held else "failed"),
            trace_hash=None,
            trace_hash_replay=None,
            metrics={} if held is None else {metric_of(name): held},
        )
        for line, name, held in reports
    ]
    outcomes += [
        CaseOutcome(f"c{line}", line, "passed", None, None, {"replay_determinism": True})
        for line in range(1, 7)
    ]
    names = ("perturbation:p", "perturbation:q", "replay_determinism")
    first = aggregate(key, {}, names, outcomes)
    shuffled = list(outcomes)
    rng.shuffle(shuffled)
    again = aggregate(key, {}, names, shuffled)
    assert first.metrics == again.metrics
    assert [c.case_id for c in first.cases] == [c.case_id for c in again.cases]
    for name in ("p", "q"):
        held = [h for _, n, h in reports if n == name and h is not None]
        expected = sum(held) / len(held) if held else None
        assert first.metrics[metric_of(name)].value == expected
        assert first.metrics[metric_of(name)].misses == [
            perturbed_id(f"c{line}", name)
            for line, n, h in sorted(reports)
            if n == name and h is False
        ]
