"""What of a case may reach an output: the one disclosure policy (pure: no pytest import).

A sealed (holdout) case's content must never leave the process that decrypted it. The
outputs that may carry anything of it are the case's id, its line number, its trace
hashes, its metric values and status, and texts the harness writes itself (which name a
kind of failure, never quote the case, its result, its reason or an exception's message).
Every output path (terminal reports, JUnit, results, history, step summary, pins,
pending changes, work directories) asks the case's ``Disclosure`` instead of testing
``sealed`` itself: a new output has one object to ask, not one branch to remember.

Two policies: ``PUBLIC`` shows everything, ``SEALED`` shows only the allowed fields.
"""

from __future__ import annotations

import sys
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Final

__all__ = [
    "PUBLIC",
    "SEALED",
    "SEALED_OUTCOME_FIELDS",
    "WITHHELD",
    "WITHHELD_FILE",
    "Disclosure",
    "disclosure",
    "source_type_name",
]

WITHHELD: Final = "details withheld: the case is sealed"
WITHHELD_FILE: Final = "details withheld: the file is sealed"

#: The fields of a case's outcome (its results entry) that may leave a sealed case, and
#: the fields of its ``xfail`` entry: the reason is the case's own text, never shown.
SEALED_OUTCOME_FIELDS: Final = frozenset(
    {"id", "line", "status", "trace_hash", "trace_hash_replay", "metrics", "passed", "error"}
)
SEALED_XFAIL_FIELDS: Final = frozenset({"outcome", "strict"})


def _named_in_source(cls: type) -> bool:
    """``cls`` is found under its own name in its module: a name written in code, not
    one a run made at run time (``type(case["name"], (Exception,), {})``)."""
    found: Any = sys.modules.get(cls.__module__)
    for part in cls.__qualname__.split("."):
        found = getattr(found, part, None)
    return found is cls


def source_type_name(cls: type) -> str:
    """The name of ``cls``, or of its nearest base named in source when its own name was
    made at run time (and so may be made of a case's content)."""
    for base in cls.__mro__:
        if _named_in_source(base):
            return base.__name__
    return "object"


@dataclass(frozen=True)
class Disclosure:
    """What one case may show. ``sealed`` is the only state; the methods are the rule."""

    sealed: bool

    # -- what the case's text may say ------------------------------------------------

    def where(self, case_id: str) -> str:
        """How a message names the case."""
        return f"holdout case {case_id}" if self.sealed else f"case {case_id}"

    def xfail_reason(self, case_id: str, reason: str) -> str:
        """The reason a known failure is reported with (terminal, JUnit, results)."""
        return f"{self.where(case_id)} ({WITHHELD})" if self.sealed else reason

    def invalid_line(self, message: str) -> str:
        """An invalid line's message: the parser quotes the line's fields."""
        return f"invalid case ({WITHHELD_FILE})" if self.sealed else message

    def failure(self, case_id: str, public: str, kind: str) -> str:
        """A check's failure text: ``public`` in full, or only ``kind`` (the harness's own
        words for what failed, written not to quote anything of the case)."""
        return f"{self.where(case_id)}: {kind} ({WITHHELD})" if self.sealed else public

    def type_name(self, cls: type) -> str:
        """How a message names the type of an exception or value: a sealed case names
        only a class named in source (a class made at run time may be named after the
        case's content)."""
        return source_type_name(cls) if self.sealed else cls.__name__

    # -- what may be kept or written -------------------------------------------------

    def pin(self, result: Any, trace_hash: str) -> Any:
        """What is pinned: the result itself, or only its hash."""
        return {"trace_hash": trace_hash} if self.sealed else result

    @property
    def output_allowed(self) -> bool:
        """Whether the case's prints, logs, warnings and tracebacks may be shown."""
        return not self.sealed

    @property
    def files_kept(self) -> bool:
        """Whether the case's work directories may stay on disk (or be reused)."""
        return not self.sealed

    @property
    def pending_kept(self) -> bool:
        """Whether a changed result may be kept for ``core-verify review`` (it holds it)."""
        return not self.sealed

    def outcome(self, data: Mapping[str, Any]) -> dict[str, Any]:
        """A case's outcome (``CaseOutcome.to_json()`` or a results entry) as it may be
        written: for a sealed case only the allowed fields, the xfail reason withheld."""
        if not self.sealed:
            return dict(data)
        kept = {name: value for name, value in data.items() if name in SEALED_OUTCOME_FIELDS}
        xfail = data.get("xfail")
        if isinstance(xfail, Mapping):
            kept["xfail"] = {
                "reason": self.xfail_reason(str(data.get("id")), ""),
                **{k: v for k, v in xfail.items() if k in SEALED_XFAIL_FIELDS},
            }
        return kept


PUBLIC: Final = Disclosure(sealed=False)
SEALED: Final = Disclosure(sealed=True)


def disclosure(split: str | None) -> Disclosure:
    """The policy of the cases of a split: the holdout split is sealed."""
    return SEALED if split == "holdout" else PUBLIC
