"""A deterministic teaching pipeline: the system under test of the ``symbolic_logic`` lane.

Questions ("What is X?") probe a vault of premises; a correction that follows a question
("Actually X is Y.") is parsed, stored, and proposed as a pack mutation. A probe recalls every
premise reachable from X and draws conclusions with named rules, each step re-derivable by the
independent checker ``check_trace``. No pytest import, no globals, no clock but
``SOURCE_DATE_EPOCH``.
"""

from pytest_core_verify.systems.symbolic._canon import canonical_bytes, sha256_hex
from pytest_core_verify.systems.symbolic._checker import Rejection, check_trace
from pytest_core_verify.systems.symbolic._claims import RELATIONS, Claim, Polarity, Relation
from pytest_core_verify.systems.symbolic._inference import (
    MAX_KEPT_SUBJECTS,
    RULES,
    InferenceStep,
    ProbeOutcome,
    Reasoner,
    Withheld,
    probe,
    proof_of,
)
from pytest_core_verify.systems.symbolic._number import AMBIGUOUS_PLURALS, singular
from pytest_core_verify.systems.symbolic._parse import (
    GRAMMAR_WORDS,
    MAX_TERM_CHARS,
    MAX_TERM_WORDS,
    MAX_UTTERANCE_CHARS,
    REFUSAL_REASONS,
    ClaimParseError,
    Intent,
    ParsedUtterance,
    RefusalReason,
    fold,
    normalise_term,
    parse_claim,
    parse_utterance,
)
from pytest_core_verify.systems.symbolic._pipeline import (
    NoProposalReason,
    PackMutationProposal,
    TeachingPipeline,
    TurnResult,
    source_date_epoch,
)
from pytest_core_verify.systems.symbolic._vault import Premise, Vault

__all__ = [
    "AMBIGUOUS_PLURALS",
    "GRAMMAR_WORDS",
    "MAX_KEPT_SUBJECTS",
    "MAX_TERM_CHARS",
    "MAX_TERM_WORDS",
    "MAX_UTTERANCE_CHARS",
    "REFUSAL_REASONS",
    "RELATIONS",
    "RULES",
    "Claim",
    "ClaimParseError",
    "InferenceStep",
    "Intent",
    "NoProposalReason",
    "PackMutationProposal",
    "ParsedUtterance",
    "Polarity",
    "Premise",
    "ProbeOutcome",
    "Reasoner",
    "RefusalReason",
    "Rejection",
    "Relation",
    "TeachingPipeline",
    "TurnResult",
    "Vault",
    "Withheld",
    "canonical_bytes",
    "check_trace",
    "fold",
    "normalise_term",
    "parse_claim",
    "parse_utterance",
    "probe",
    "proof_of",
    "sha256_hex",
    "singular",
    "source_date_epoch",
]
