"""Recall and inference for one probe, touching only premises reachable from its subject.

Every conclusion is about the probe's subject and is derived left-linearly: a claim already
known about the subject (a premise or an earlier conclusion) is combined with one stored
premise found through the vault's indexes. So the work done grows with the premises reachable
from the probe, never with the size of the vault. ``Reasoner`` keeps each subject's derived
state between probes and hands each taught premise only to the subjects whose state it can
change (those that reach its subject, or deny the object of a "requires"), so asking again
costs the conclusions the new premises add, not the whole chain again, and not a pass over
everything taught since a subject was last asked.
"""

from __future__ import annotations

import hashlib
import heapq
from collections import deque
from dataclasses import dataclass, field
from typing import Final

from pytest_core_verify.systems.symbolic._canon import canonical_bytes
from pytest_core_verify.systems.symbolic._claims import Claim
from pytest_core_verify.systems.symbolic._vault import Premise, Vault

__all__ = [
    "MAX_KEPT_SUBJECTS",
    "RULES",
    "InferenceStep",
    "ProbeOutcome",
    "Reasoner",
    "Withheld",
    "probe",
    "proof_of",
]

#: The named rules, each with the premise pattern it combines.
RULES: Final[dict[str, str]] = {
    "is_transitivity": "X is Y, Y is Z => X is Z",
    "modus_ponens": "X requires Y, Y requires Z => X requires Z",
    "modus_tollens": "X requires Y, Z is not Y => Z is not X",
    "negation_propagation": "X is Y, Y is not Z => X is not Z",
    "precedence_chain": "X precedes Y, Y precedes Z => X precedes Z",
    "presupposition_chain": "X presupposes Y, Y presupposes Z => X presupposes Z",
}

# Chaining rules that extend a positive claim "S r Y" with a stored "Y r' Z".
_FORWARD: Final[dict[tuple[str, str, bool], str]] = {
    ("is", "is", True): "is_transitivity",
    ("is", "is", False): "negation_propagation",
    ("requires", "requires", True): "modus_ponens",
    ("precedes", "precedes", True): "precedence_chain",
    ("presupposes", "presupposes", True): "presupposition_chain",
}


@dataclass(frozen=True)
class InferenceStep:
    """One conclusion: the rule, and the ids of the premises/conclusions it used, in rule order."""

    id: str
    rule: str
    uses: tuple[str, ...]
    conclusion: Claim

    def to_json(self) -> dict[str, object]:
        return {
            "id": self.id,
            "rule": self.rule,
            "uses": list(self.uses),
            "conclusion": self.conclusion.to_json(),
            "text": self.conclusion.text(),
        }


@dataclass(frozen=True)
class Withheld:
    """A derivable claim that is not concluded, and why."""

    claim: Claim
    reason: str

    def to_json(self) -> dict[str, str]:
        return {"text": self.claim.text(), "reason": self.reason}


_EMPTY_TRACE: Final = hashlib.sha256(b"symbolic-trace-v1").hexdigest()


def _chain_digest(digest: str, item: object) -> str:
    return hashlib.sha256(digest.encode("ascii") + canonical_bytes(item)).hexdigest()


@dataclass(frozen=True)
class _Rendering:
    """The outcome's lists as the pipeline shows them, each made once per premise or step."""

    recalled_ids: tuple[str, ...]
    recalled_labels: tuple[str, ...]  # "text (pN)"
    trace: tuple[dict[str, object], ...]  # InferenceStep.to_json() of each kept step
    conclusions: tuple[str, ...]
    step_labels: tuple[str, ...]  # "text (rule)"
    trace_digest: str  # chained SHA-256 over the canonical bytes of ``trace``
    recalled_digest: str  # chained SHA-256 over ``recalled_ids``


@dataclass(frozen=True)
class ProbeOutcome:
    recalled: tuple[Premise, ...]
    steps: tuple[InferenceStep, ...]
    contested: tuple[Premise, ...]
    withheld: tuple[Withheld, ...]
    #: When the subject's premises deny it: the proof of "S is not S" (steps d1, d2, ...).
    inconsistent: tuple[InferenceStep, ...] = ()
    rendering: _Rendering | None = field(default=None, compare=False, repr=False)


class _Recall:
    """The premises reachable from the subject along affirmed relations, kept up to date."""

    def __init__(self, vault: Vault, subject: str) -> None:
        self.vault = vault
        self.terms = {subject}
        #: Terms reached since the owner last collected them (``Reasoner`` routes by them).
        self.new_terms: list[str] = [subject]
        self.ids: set[str] = set()
        self.premises: list[Premise] = []
        self.id_list: list[str] = []
        self.labels: list[str] = []
        self.digest = _EMPTY_TRACE  # chained over ``id_list``
        # Contested when recalled; a premise that becomes contested later makes the subject's
        # state be rebuilt, so this stays exact.
        self.contested: list[Premise] = []
        self.sorted = True
        self._expand(subject)

    def _expand(self, term: str) -> None:
        # Breadth-first over stored relations; a denial ("X is not Y") does not make Y's
        # premises about X, so only affirmed relations are followed.
        queue = deque([term])
        while queue:
            for premise in self.vault.about(queue.popleft()):
                self._add(premise, queue)

    def _add(self, premise: Premise, queue: deque[str]) -> None:
        if premise.id in self.ids:
            return
        if self.premises and premise.seq < self.premises[-1].seq:
            self.sorted = False
        self.ids.add(premise.id)
        self.premises.append(premise)
        if self.vault.is_contested(premise.claim):
            self.contested.append(premise)
        if self.sorted and len(self.labels) == len(self.premises) - 1:
            self.id_list.append(premise.id)
            self.labels.append(f"{premise.claim.text()} ({premise.id})")
            self.digest = _chain_digest(self.digest, premise.id)
        obj = premise.claim.object
        if premise.claim.positive and obj not in self.terms:
            self.terms.add(obj)
            self.new_terms.append(obj)
            queue.append(obj)

    def saw(self, premise: Premise) -> None:
        """A premise taught since: recall it (and what it reaches) if its subject is reachable."""
        if premise.claim.subject in self.terms:
            queue: deque[str] = deque()
            self._add(premise, queue)
            while queue:
                for found in self.vault.about(queue.popleft()):
                    self._add(found, queue)

    def result(self) -> tuple[list[Premise], list[str], list[str]]:
        """The recalled premises in insertion order, their ids, and their surface labels."""
        if not self.sorted or len(self.labels) != len(self.premises):
            self.premises.sort(key=lambda p: p.seq)
            self.sorted = True
            self.id_list = [p.id for p in self.premises]
            self.labels = [f"{p.claim.text()} ({p.id})" for p in self.premises]
            self.digest = _EMPTY_TRACE
            for pid in self.id_list:
                self.digest = _chain_digest(self.digest, pid)
        return self.premises, self.id_list, self.labels


class _Closure:
    """Every claim derivable about one subject, kept up to date as premises are taught.

    Premises take part in the order they were taught: premise ``pN`` is an event at time N,
    and after each event the closure is extended to its fixpoint with the premises taught so
    far. Built from scratch, the same events are replayed (only those that touch the subject:
    a premise found through an index before its time waits in a heap until then). So the
    closure, its steps and their ids are a function of the vault alone, the same whether it was
    built at once or followed fact by fact, and catching up with a new premise costs only the
    conclusions it adds. A claim in ``blocked`` is never drawn.

    Catching up (``advance``) is the same replay: the premises taught since that may touch the
    subject are events in the heap, and a premise that becomes relevant during the catch-up
    (its subject just became an object of a known claim, or it requires what was just denied)
    is pushed there by the index look-up that found it. So no premise taught since needs to be
    looked at unless it can touch the subject.
    """

    def __init__(self, vault: Vault, subject: str, blocked: frozenset[Claim]) -> None:
        self.vault = vault
        self.subject = subject
        self.blocked = blocked
        self.denial = Claim(subject, "is", subject, "negative")
        self.known: dict[Claim, str] = {}
        self.steps: list[InferenceStep] = []
        self.by_object: dict[str, list[tuple[Claim, str]]] = {}
        self.denied: dict[str, str] = {}  # Y -> id of the known "S is not Y"
        self.required: dict[str, str] = {}  # Y -> id of the known "S requires Y"
        self.contested: dict[str, Premise] = {}
        self.self_denial: InferenceStep | None = None
        #: Objects denied since the owner last collected them (``Reasoner`` routes "requires"
        #: premises by their object).
        self.new_denied: list[str] = []
        # Premises waiting for their time (seq is unique, so a Premise is never compared),
        # and their ids; both are empty between catch-ups.
        self._pending: list[tuple[int, Premise]] = []
        self._queued: set[str] = set()
        self._worklist: list[tuple[Claim, str]] = []  # first in, first out (see _drain)
        # Renderings of the steps, made once each: the trace JSON, the conclusion texts, the
        # surface labels, and a digest chained over the steps' canonical bytes.
        self.rendered: list[dict[str, object]] = []
        self.texts: list[str] = []
        self.labels: list[str] = []
        self.digest = _EMPTY_TRACE
        self.time = 0
        for premise in vault.about(subject):
            self._later(premise)
        self._replay()

    def _replay(self) -> None:
        """Feed the waiting premises in teaching order, each at its own time."""
        while self._pending:
            _, premise = heapq.heappop(self._pending)
            self.time = premise.seq
            if self.relevant(premise):
                self._feed(premise)
        self._queued.clear()
        self.time = len(self.vault)

    def _later(self, premise: Premise) -> None:
        if premise.id not in self._queued:
            self._queued.add(premise.id)
            heapq.heappush(self._pending, (premise.seq, premise))

    def relevant(self, premise: Premise) -> bool:
        claim = premise.claim
        return (
            claim.subject == self.subject
            or claim.subject in self.by_object
            or (claim.relation == "requires" and claim.positive and claim.object in self.denied)
        )

    def advance(self, fresh: list[Premise]) -> None:
        """Take in premises taught since, in teaching order.

        ``fresh`` must hold every premise taught since that is relevant now; one that becomes
        relevant on the way is found through the indexes and waits in the heap for its time.
        """
        for premise in fresh:
            self._later(premise)
        self._replay()

    def _feed(self, premise: Premise) -> None:
        claim = premise.claim
        usable = not self.vault.is_contested(claim)
        if claim.subject == self.subject and usable and claim not in self.known:
            self._know(claim, premise.id)
        for known, known_id in list(self.by_object.get(claim.subject, ())):
            self._chain(known, known_id, premise)
        if claim.relation == "requires" and claim.positive and claim.object in self.denied:
            self._tollens(premise, self.denied[claim.object])
        self._drain()

    def _contested(self, premise: Premise) -> None:
        # Report the whole pair, though only one side matched a rule.
        self.contested[premise.id] = premise
        opposite = self.vault.contradicts(premise.claim)
        if opposite is not None:
            self.contested[opposite.id] = opposite

    def _know(self, claim: Claim, claim_id: str) -> None:
        self.known[claim] = claim_id
        self._worklist.append((claim, claim_id))

    def _drain(self) -> None:
        # Breadth-first: claims are taken in the order they became known. Nothing drains
        # while draining, so a list read front to back and then cleared is the queue.
        work = self._worklist
        head = 0
        while head < len(work):
            claim, claim_id = work[head]
            head += 1
            if claim.positive:
                self.by_object.setdefault(claim.object, []).append((claim, claim_id))
                for premise in self.vault.about(claim.object):
                    if premise.seq > self.time:
                        self._later(premise)
                    else:
                        self._chain(claim, claim_id, premise)
                if claim.relation == "requires":
                    self.required[claim.object] = claim_id
                    opposite = self.denied.get(claim.object)
                    if opposite is not None and claim_id.startswith("c"):
                        # "S requires Y" drawn here with "S is not Y": S is not S.
                        self._conclude("modus_tollens", (claim_id, opposite), self.denial)
            elif claim.relation == "is":
                self.denied[claim.object] = claim_id
                self.new_denied.append(claim.object)
                for premise in self.vault.pointing_at(claim.object, "requires"):
                    if not premise.claim.positive:
                        continue
                    if premise.seq > self.time:
                        self._later(premise)
                    else:
                        self._tollens(premise, claim_id)
                required = self.required.get(claim.object)
                if required is not None and required.startswith("c"):
                    self._conclude("modus_tollens", (required, claim_id), self.denial)
        work.clear()

    def _chain(self, known: Claim, known_id: str, premise: Premise) -> None:
        other = premise.claim
        rule = _FORWARD.get((known.relation, other.relation, other.positive))
        if rule is None:
            return
        if self.vault.is_contested(other):
            self._contested(premise)
            return
        conclusion = Claim(self.subject, known.relation, other.object, other.polarity)
        self._conclude(rule, (known_id, premise.id), conclusion)

    def _tollens(self, premise: Premise, denied_id: str) -> None:
        # Modus tollens: W requires Y, S is not Y => S is not W.
        if self.vault.is_contested(premise.claim):
            self._contested(premise)
            return
        conclusion = Claim(self.subject, "is", premise.claim.subject, "negative")
        self._conclude("modus_tollens", (premise.id, denied_id), conclusion)

    def _conclude(self, rule: str, uses: tuple[str, ...], conclusion: Claim) -> None:
        if conclusion == self.denial:
            if self.self_denial is None:
                self.self_denial = InferenceStep("", rule, uses, conclusion)
            return
        # Self-relations ("X is X") say nothing; stored claims are not re-concluded.
        if conclusion.subject == conclusion.object or conclusion in self.known:
            return
        if conclusion in self.blocked or self.vault.find(conclusion) is not None:
            return
        step = InferenceStep(f"c{len(self.steps) + 1}", rule, uses, conclusion)
        self.steps.append(step)
        rendered = step.to_json()
        self.rendered.append(rendered)
        self.texts.append(conclusion.text())
        self.labels.append(f"{self.texts[-1]} ({rule})")
        self.digest = hashlib.sha256(
            self.digest.encode("ascii") + canonical_bytes(rendered)
        ).hexdigest()
        self._know(conclusion, step.id)


class _SubjectState:
    """Recall, closure and withholding for one subject, followed fact by fact."""

    def __init__(self, vault: Vault, subject: str) -> None:
        self.vault = vault
        self.subject = subject
        #: Premises taught since the last catch-up that may touch this subject, in teaching
        #: order (filled by ``Reasoner``).
        self.inbox: list[Premise] = []
        #: The terms and denied objects ``Reasoner`` routes premises by, once each.
        self.watched_terms: set[str] = set()
        self.watched_denied: set[str] = set()
        self.inbox_limit = _INBOX_SLACK  # set by ``Reasoner`` from the state's size
        self._rebuild()

    def _rebuild(self) -> None:
        vault, subject = self.vault, self.subject
        self.recall = _Recall(vault, subject)
        self.full = _Closure(vault, subject, frozenset())
        self.conflicts: dict[Claim, str] = {}
        for step in self.full.steps:
            self._check_conflict(step.conclusion)
        self.clean = self._clean_closure()
        self.time = len(vault)

    def _clean_closure(self) -> _Closure:
        if not self.conflicts:
            return self.full
        return _Closure(self.vault, self.subject, frozenset(self.conflicts))

    def _check_conflict(self, claim: Claim) -> bool:
        if claim in self.conflicts:
            return False
        opposite = claim.negated()
        stored = self.vault.find(opposite)
        if stored is not None:
            self.conflicts[claim] = f"contradicts stored premise {stored.id}: {opposite.text()}"
        elif opposite in self.full.known:
            self.conflicts[claim] = f"contradicts the derivable {opposite.text()}"
        else:
            return False
        return True

    def catch_up(self) -> None:
        """Take in the premises taught since the last probe (those ``Reasoner`` put in the inbox).

        The inbox holds every premise taught since whose subject this subject reaches, and
        every "requires" premise whose object it denies: all that can change its recall or its
        closure, directly or through one taught later in the same catch-up, which the
        closure then finds through the indexes. Any other premise taught since cannot change
        this subject's outcome (a contested pair it does not reach was never used here).
        """
        vault = self.vault
        fresh, self.inbox = self.inbox, []
        if self.time == len(vault):
            return
        for premise in fresh:
            if vault.is_contested(premise.claim) or premise.claim in self.full.known:
                # A premise is now contested, or a drawn claim is now taught: what was drawn
                # before may no longer be drawn, so follow the vault afresh.
                self._rebuild()
                return
        steps_before = len(self.full.steps)
        for premise in fresh:
            self.recall.saw(premise)
        self.full.advance(fresh)
        changed = False
        for step in self.full.steps[steps_before:]:
            changed |= self._check_conflict(step.conclusion)
            opposite = step.conclusion.negated()
            if self.full.known.get(opposite, "p").startswith("c"):
                changed |= self._check_conflict(opposite)
        for premise in fresh:
            opposite = premise.claim.negated()
            if premise.claim.subject == self.subject and opposite in self.full.known:
                changed |= self._check_conflict(opposite)
        if changed:
            self.clean = _Closure(vault, self.subject, frozenset(self.conflicts))
        elif self.clean is not self.full:
            self.clean.advance(fresh)
        self.time = len(vault)

    def outcome(self) -> ProbeOutcome:
        subject = self.subject
        recalled, recalled_ids, recalled_labels = self.recall.result()
        contested = {p.id: p for p in self.recall.contested}
        contested.update(self.full.contested)
        withheld: list[Withheld] = []
        clean = self.clean
        kept: tuple[InferenceStep, ...] = tuple(clean.steps)
        rendering = _Rendering(
            tuple(recalled_ids), tuple(recalled_labels), tuple(clean.rendered),
            tuple(clean.texts), tuple(clean.labels), clean.digest, self.recall.digest,
        )  # fmt: skip
        inconsistent: tuple[InferenceStep, ...] = ()
        if clean.self_denial is not None:
            inconsistent = _proof(clean.steps, clean.self_denial, "d")
            reason = f"the premises about {subject} are inconsistent: {subject} is not {subject}"
            kept = ()
            rendering = _Rendering(
                tuple(recalled_ids),
                tuple(recalled_labels),
                (),
                (),
                (),
                _EMPTY_TRACE,
                self.recall.digest,
            )
            withheld = [Withheld(step.conclusion, reason) for step in self.full.steps]
        elif self.clean is not self.full:
            for step in self.full.steps:
                if step.conclusion in self.conflicts:
                    withheld.append(Withheld(step.conclusion, self.conflicts[step.conclusion]))
                elif step.conclusion not in self.clean.known:
                    withheld.append(
                        Withheld(step.conclusion, "every derivation rests on a withheld claim")
                    )
        return ProbeOutcome(
            recalled=tuple(recalled),
            steps=kept,
            contested=tuple(sorted(contested.values(), key=lambda p: p.seq)),
            withheld=tuple(withheld),
            inconsistent=inconsistent,
            rendering=rendering,
        )


#: Subjects whose derived state a ``Reasoner`` keeps, by default; the least recently asked
#: goes first. A subject asked again after its state went is derived afresh.
MAX_KEPT_SUBJECTS: Final = 4096
# A kept state whose inbox outgrows its own size (plus this) is let go: deriving it afresh
# when it is next asked costs no more than catching up, and the inbox stops growing.
_INBOX_SLACK: Final = 64


class Reasoner:
    """Probes over one vault that keep each subject's derived state between probes.

    A probe of a subject asked before takes in only the premises taught since that can touch
    it: each taught premise is routed once, by its subject (to the subjects that reach that
    term) and, for "requires", by its object (to the subjects that deny it). So a session of
    n taught facts and n probes does work near-linear in n plus the size of the answers
    (``benchmarks/inference.py``). States are a cache: at most ``max_subjects`` are kept
    (the least recently asked goes first), and a state whose waiting premises outgrow it is
    let go. The outcome is always the same as ``probe(vault, subject)`` computed afresh.
    """

    def __init__(self, vault: Vault, max_subjects: int = MAX_KEPT_SUBJECTS) -> None:
        if isinstance(max_subjects, bool) or not isinstance(max_subjects, int) or max_subjects < 1:
            raise ValueError(
                f"Reasoner(max_subjects=...) must be a whole number of at least 1, got "
                f"{max_subjects!r}"
            )
        self.vault = vault
        self.max_subjects = max_subjects
        self._states: dict[str, _SubjectState] = {}  # least recently asked first
        self._routed = 0  # premises handed to the subjects' inboxes so far
        # Routing tables: term -> the states that reach it / deny it (dicts, for O(1) removal).
        self._by_term: dict[str, dict[_SubjectState, None]] = {}
        self._by_denied: dict[str, dict[_SubjectState, None]] = {}

    @property
    def subjects(self) -> tuple[str, ...]:
        """The subjects whose derived state is kept, least recently asked first."""
        return tuple(self._states)

    def probe(self, subject: str) -> ProbeOutcome:
        self._route()
        state = self._states.pop(subject, None)
        if state is None:
            state = _SubjectState(self.vault, subject)
        else:
            state.catch_up()
        self._states[subject] = state
        self._watch(state)
        while len(self._states) > self.max_subjects:
            self._drop(next(iter(self._states.values())))
        return state.outcome()

    def _route(self) -> None:
        """Hand each premise taught since the last probe to the subjects it may touch."""
        vault = self.vault
        if self._routed == len(vault):
            return
        overfull: list[_SubjectState] = []
        for premise in vault.since(self._routed):
            claim = premise.claim
            for state in self._by_term.get(claim.subject, ()):
                state.inbox.append(premise)
                if len(state.inbox) == state.inbox_limit:
                    overfull.append(state)
            if claim.relation == "requires":
                # Either polarity: a denial of "W requires Y" contests one this subject used.
                for state in self._by_denied.get(claim.object, ()):
                    if not state.inbox or state.inbox[-1] is not premise:
                        state.inbox.append(premise)
                        if len(state.inbox) == state.inbox_limit:
                            overfull.append(state)
        self._routed = len(vault)
        for state in overfull:
            self._drop(state)

    def _watch(self, state: _SubjectState) -> None:
        """Route by the terms and denied objects the state reached since it was last watched."""
        recall, full = state.recall, state.full
        for term in recall.new_terms:
            if term not in state.watched_terms:
                state.watched_terms.add(term)
                self._by_term.setdefault(term, {})[state] = None
        recall.new_terms.clear()
        for obj in full.new_denied:
            if obj not in state.watched_denied:
                state.watched_denied.add(obj)
                self._by_denied.setdefault(obj, {})[state] = None
        full.new_denied.clear()
        state.inbox_limit = len(recall.premises) + len(full.steps) + _INBOX_SLACK

    def _drop(self, state: _SubjectState) -> None:
        """Let a kept state go: it is no longer routed to, and is derived afresh if asked."""
        del self._states[state.subject]
        for table, terms in (
            (self._by_term, state.watched_terms),
            (self._by_denied, state.watched_denied),
        ):
            for term in terms:
                watchers = table[term]
                del watchers[state]
                if not watchers:
                    del table[term]
        state.inbox = []


def probe(vault: Vault, subject: str) -> ProbeOutcome:
    """Recall everything reachable from ``subject`` and draw every conclusion about it.

    The withholding rule: a derivable claim that contradicts a stored premise or another
    derivable claim is withheld; any other derivable claim is withheld only when *every*
    derivation of it rests on a withheld claim. When the claims that remain deny the subject
    itself ("S is not S"), the subject's premises are inconsistent and nothing is concluded.
    """
    return _SubjectState(vault, subject).outcome()


def proof_of(steps: tuple[InferenceStep, ...] | list[InferenceStep], goal: str) -> list[str]:
    """Ids of the steps that step ``goal`` rests on, and ``goal`` itself, in trace order."""
    by_id = {step.id: step for step in steps}
    needed: set[str] = set()
    stack = [goal]
    while stack:
        current = stack.pop()
        if current in by_id and current not in needed:
            needed.add(current)
            stack.extend(by_id[current].uses)
    return [step.id for step in steps if step.id in needed]


def _proof(
    steps: list[InferenceStep], last: InferenceStep, prefix: str
) -> tuple[InferenceStep, ...]:
    """``last`` with the steps it rests on, renumbered ``<prefix>1``, ``<prefix>2``, ..."""
    wanted = set(
        proof_of([*steps, InferenceStep("goal", last.rule, last.uses, last.conclusion)], "goal")
    )
    chosen = [step for step in steps if step.id in wanted]
    chosen.append(InferenceStep("goal", last.rule, last.uses, last.conclusion))
    renamed = {step.id: f"{prefix}{n}" for n, step in enumerate(chosen, 1)}
    return tuple(
        InferenceStep(
            renamed[step.id],
            step.rule,
            tuple(renamed.get(u, u) for u in step.uses),
            step.conclusion,
        )
        for step in chosen
    )
