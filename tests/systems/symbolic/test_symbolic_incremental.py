"""Derived state kept between probes: a ``Reasoner`` that catches up with
what was taught since gives byte for byte what a derivation from scratch gives, whatever the
facts and however the probes fall between them; and a catch-up looks only at the premises
that can touch the subject, not at everything taught since it was last asked."""

from __future__ import annotations

import importlib.util
import pathlib
import random
import sys
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pytest_core_verify.systems.symbolic import (
    MAX_KEPT_SUBJECTS,
    RELATIONS,
    Claim,
    Polarity,
    ProbeOutcome,
    Reasoner,
    Relation,
    TeachingPipeline,
    Vault,
    canonical_bytes,
    probe,
)
from tests.helpers import examples

BENCHMARK = pathlib.Path(__file__).resolve().parents[3] / "benchmarks" / "inference.py"
TERMS = ["ant", "bee", "cat", "dog", "elk", "fox"]
POLARITIES: tuple[Polarity, ...] = ("positive", "negative")


def sessions(terms: list[str], relations: tuple[str, ...]) -> st.SearchStrategy[Any]:
    """Sessions that teach a claim or probe a subject, in any mix: several probes may follow
    one fact, and many facts may pass before a subject is asked again."""
    claims = st.builds(
        Claim,
        st.sampled_from(terms),
        st.sampled_from(relations),
        st.sampled_from(terms),
        st.sampled_from(["positive", "negative"]),
    ).filter(lambda c: c.subject != c.object)
    return st.lists(
        st.one_of(
            st.tuples(st.just("teach"), claims),
            st.tuples(st.just("probe"), st.sampled_from(terms)),
        ),
        max_size=40,
    )


actions = sessions(TERMS, RELATIONS)
# Few terms and the two relations that interact (tollens): contests and withholding are
# frequent, and so are subjects that use a premise they do not reach.
dense_actions = sessions(TERMS[:4], ("is", "requires"))


class FreshReasoner(Reasoner):
    """Every probe derived from scratch: the reference the kept state must equal."""

    def probe(self, subject: str) -> ProbeOutcome:
        return probe(self.vault, subject)


def outcome_bytes(outcome: ProbeOutcome) -> bytes:
    """Everything a probe says, in canonical bytes: steps, ids, withheld, contested, proof,
    and the rendering the pipeline shows (lists, labels and both digests)."""
    rendering = outcome.rendering
    assert rendering is not None
    return canonical_bytes(
        {
            "recalled": [p.to_json() for p in outcome.recalled],
            "steps": [s.to_json() for s in outcome.steps],
            "contested": [p.to_json() for p in outcome.contested],
            "withheld": [w.to_json() for w in outcome.withheld],
            "inconsistent": [s.to_json() for s in outcome.inconsistent],
            "rendering": {
                "recalled_ids": list(rendering.recalled_ids),
                "recalled_labels": list(rendering.recalled_labels),
                "trace": list(rendering.trace),
                "conclusions": list(rendering.conclusions),
                "step_labels": list(rendering.step_labels),
                "trace_digest": rendering.trace_digest,
                "recalled_digest": rendering.recalled_digest,
            },
        }
    )


@settings(max_examples=examples(300), deadline=None)
@given(st.one_of(actions, dense_actions), st.sampled_from([1, 2, MAX_KEPT_SUBJECTS]))
def test_kept_state_equals_a_derivation_from_scratch(
    session: list[tuple[str, Any]], max_subjects: int
) -> None:
    # With room for 1 or 2 subjects, states are let go and derived afresh all the time.
    vault = Vault()
    reasoner = Reasoner(vault, max_subjects)
    for turn, (kind, value) in enumerate(session, 1):
        if kind == "teach":
            if vault.find(value) is None:
                vault.add(value, turn)
            continue
        kept, fresh = reasoner.probe(value), probe(vault, value)
        assert kept == fresh
        assert outcome_bytes(kept) == outcome_bytes(fresh)


def pipeline_turns(session: list[tuple[str, Any]], fresh: bool) -> list[bytes]:
    pipeline = TeachingPipeline(source_date_epoch=0)
    if fresh:
        pipeline._reasoner = FreshReasoner(pipeline.vault)
    said = [pipeline.turn("What is ant?")]
    for kind, value in session:
        if kind == "teach":
            said.append(pipeline.turn(f"Actually {value.text()}."))
        elif value == "bee":
            said.append(pipeline.turn("Is bee a cat?"))  # a yes/no question rests on the probe
        else:
            said.append(pipeline.turn(f"What is {value}?"))
    return [canonical_bytes(result.to_json()) for result in said]


@settings(max_examples=examples(150), deadline=None)
@given(st.one_of(actions, dense_actions))
def test_the_pipeline_says_the_same_with_kept_state(session: list[tuple[str, Any]]) -> None:
    # Surface, inference, answer and trace_hash of every turn: byte-identical.
    assert pipeline_turns(session, fresh=False) == pipeline_turns(session, fresh=True)


def tree_session(n: int, contests: bool, seed: int = 18) -> list[tuple[str, Any]]:
    """A random recursive tree taught edge by edge, a random node asked after each fact;
    with ``contests``, every fifth fact denies an edge taught before."""
    rng = random.Random(seed)
    parent: dict[int, int] = {}
    session: list[tuple[str, Any]] = []
    for i in range(1, n + 1):
        if contests and i % 5 == 0:
            child = rng.choice(sorted(parent))
            claim = Claim(f"n{child}", "is", f"n{parent.pop(child)}", "negative")
        else:
            parent[i] = rng.randrange(i)
            claim = Claim(f"n{i}", rng.choice(("is", "requires")), f"n{parent[i]}")
        session.append(("teach", claim))
        session.append(("probe", f"n{rng.randrange(i)}"))
    return session


@pytest.mark.parametrize("contests", [False, True])
def test_long_sessions_with_stale_subjects_equal_a_derivation_from_scratch(
    contests: bool,
) -> None:
    # Subjects asked again long after they were last asked, edges contested under them:
    # what the catch-up hands over is all that can change them.
    vault = Vault()
    reasoner = Reasoner(vault)
    for turn, (kind, value) in enumerate(tree_session(600, contests), 1):
        if kind == "teach":
            vault.add(value, turn)
        else:
            assert outcome_bytes(reasoner.probe(value)) == outcome_bytes(probe(vault, value))


def premises_looked_at(n: int, monkeypatch: pytest.MonkeyPatch) -> int:
    """Premises a Reasoner reads from the vault's log or tests for contest in a tree session."""
    looked = 0
    since, is_contested = Vault.since, Vault.is_contested

    def counted_since(self: Vault, count: int) -> Any:
        nonlocal looked
        found = since(self, count)
        looked += len(found)
        return found

    def counted_is_contested(self: Vault, claim: Claim) -> bool:
        nonlocal looked
        looked += 1
        return is_contested(self, claim)

    monkeypatch.setattr(Vault, "since", counted_since)
    monkeypatch.setattr(Vault, "is_contested", counted_is_contested)
    vault = Vault()
    reasoner = Reasoner(vault)
    for turn, (kind, value) in enumerate(tree_session(n, contests=False), 1):
        if kind == "teach":
            vault.add(value, turn)
        else:
            reasoner.probe(value)
    monkeypatch.undo()
    return looked


def test_a_catch_up_looks_only_at_premises_that_can_touch_the_subject(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Answers here are about ln n long. A catch-up that read everything taught since the
    # subject was last asked would make this ratio grow with n (about 13 at these sizes).
    small, large = premises_looked_at(250, monkeypatch), premises_looked_at(1_000, monkeypatch)
    assert large <= 6 * small, (small, large)


def test_a_denied_requirement_contested_later_reaches_the_subject_that_used_it() -> None:
    # "ant is not bee" and "cat requires bee" give "ant is not cat" by modus tollens; ant
    # does not reach cat, so only the denial of the requirement tells ant's state to drop it.
    vault = Vault()
    reasoner = Reasoner(vault)
    vault.add(Claim("ant", "is", "bee", "negative"), 1)
    vault.add(Claim("cat", "requires", "bee"), 2)
    assert [s.conclusion.text() for s in reasoner.probe("ant").steps] == ["ant is not cat"]
    vault.add(Claim("cat", "requires", "bee", "negative"), 3)
    kept = reasoner.probe("ant")
    assert kept.steps == () and [p.id for p in kept.contested] == ["p2", "p3"]
    assert outcome_bytes(kept) == outcome_bytes(probe(vault, "ant"))


def test_a_premise_that_becomes_relevant_during_a_catch_up_is_taken_in() -> None:
    # Taught while ant was not asked: "cat is dog" (ant does not reach cat yet), then
    # "bee is cat", which makes it reachable; ant's catch-up must draw both conclusions.
    vault = Vault()
    reasoner = Reasoner(vault)
    vault.add(Claim("ant", "is", "bee"), 1)
    assert reasoner.probe("ant").steps == ()
    vault.add(Claim("cat", "is", "dog"), 2)
    vault.add(Claim("bee", "is", "cat"), 3)
    vault.add(Claim("dog", "is", "elk"), 4)
    kept = reasoner.probe("ant")
    assert [s.conclusion.text() for s in kept.steps] == ["ant is cat", "ant is dog", "ant is elk"]
    assert outcome_bytes(kept) == outcome_bytes(probe(vault, "ant"))


@pytest.mark.parametrize("seed", range(4))
def test_seeded_long_sessions_equal_a_derivation_from_scratch(seed: int) -> None:
    # Longer and denser than Hypothesis draws: 40 sessions of 80 turns over 4 or 5 terms,
    # every relation and polarity ("is" and "requires", which meet in modus tollens, twice
    # as often), a probe of a random subject after about half the facts.
    rng = random.Random(seed)
    max_subjects = (1, 3, MAX_KEPT_SUBJECTS)[seed % 3]
    relations: list[Relation] = ["is", "is", "requires", "requires", "precedes", "presupposes"]
    for _ in range(40):
        terms = TERMS[: rng.choice((4, 5))]
        vault = Vault()
        reasoner = Reasoner(vault, max_subjects)
        for turn in range(1, 81):
            subject, obj = rng.sample(terms, 2)
            claim = Claim(subject, rng.choice(relations), obj, rng.choice(POLARITIES))
            if vault.find(claim) is None:
                vault.add(claim, turn)
            if rng.random() < 0.5:
                asked = rng.choice(terms)
                assert outcome_bytes(reasoner.probe(asked)) == outcome_bytes(probe(vault, asked))


def test_kept_states_are_a_bounded_cache() -> None:
    vault = Vault()
    reasoner = Reasoner(vault, max_subjects=2)
    vault.add(Claim("ant", "is", "bee"), 1)
    vault.add(Claim("bee", "is", "cat"), 2)
    for subject in ("ant", "bee", "ant", "cat"):
        reasoner.probe(subject)
    assert reasoner.subjects == ("ant", "cat")  # least recently asked first; bee went
    vault.add(Claim("cat", "is", "dog"), 3)
    assert outcome_bytes(reasoner.probe("bee")) == outcome_bytes(probe(vault, "bee"))
    assert reasoner.subjects == ("cat", "bee")


def test_a_state_whose_waiting_premises_outgrow_it_is_let_go() -> None:
    # ant reaches hub; 200 facts about hub wait for ant's next probe, more than ant's state
    # holds, so it is let go (the inbox stops growing) and derived afresh when asked.
    vault = Vault()
    reasoner = Reasoner(vault)
    vault.add(Claim("ant", "is", "hub"), 1)
    reasoner.probe("ant")
    reasoner.probe("cat")
    for i in range(200):
        vault.add(Claim("hub", "is", f"x{i}"), i + 2)
    reasoner.probe("cat")
    assert reasoner.subjects == ("cat",)
    kept = reasoner.probe("ant")
    assert len(kept.steps) == 200
    assert outcome_bytes(kept) == outcome_bytes(probe(vault, "ant"))


@pytest.mark.parametrize("bad", [0, -3, 1.5, True, "10"])
def test_max_subjects_must_be_a_positive_whole_number(bad: Any) -> None:
    with pytest.raises(ValueError, match=r"max_subjects=.*at least 1, got"):
        Reasoner(Vault(), bad)


def load_benchmark() -> Any:
    spec = importlib.util.spec_from_file_location("inference_bench", BENCHMARK)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def test_the_session_benchmark_runs_every_shape(capsys: pytest.CaptureFixture[str]) -> None:
    # A smoke run at tiny sizes: every shape, the pipeline, the engine and the from-scratch
    # baseline agree on what was concluded (the script raises if they do not).
    bench = load_benchmark()
    assert bench.main(["--sizes", "20,40", "--repeats", "1", "--sessions-only"]) == 0
    out = capsys.readouterr().out
    for shape in bench.SHAPES:
        assert f"Session '{shape}'" in out
    assert out.count("fitted growth over n: pipeline n^") == len(bench.SHAPES)
    assert "time per emitted conclusion, largest n / smallest n:" in out


@pytest.mark.parametrize("shape", ["tree", "tree, contests"])
def test_bounded_tree_sessions_give_answers_of_at_most_five_conclusions(shape: str) -> None:
    bench = load_benchmark()
    turns = bench.session_script(shape, 300)
    assert len(turns) == 300
    pipeline = TeachingPipeline(source_date_epoch=0)
    pipeline.turn("What is node 0?")
    longest = 0
    for fact, question in turns:
        assert pipeline.turn(fact).pack_mutation_proposal is not None, fact
        longest = max(longest, len(pipeline.turn(question).inference["conclusions"]))  # type: ignore[index]
    assert 0 < longest <= bench.TREE_DEPTH - 1
