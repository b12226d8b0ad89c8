"""The budgets of one tool call of ``core-verify serve``: a plain value, no imports.

Kept apart from the worker so that the ``serve`` command can state the defaults in its
``--help`` without importing the SDK or starting anything.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Final

__all__ = [
    "DEFAULT_CALL_MEMORY_MB",
    "DEFAULT_CALL_TIMEOUT",
    "DEFAULT_MAX_CALLS",
    "MIN_CALL_MEMORY_MB",
    "Budget",
]

#: Seconds of wall-clock time one call may take, by default.
DEFAULT_CALL_TIMEOUT: Final = 30.0
#: MiB of address space one call's process may map, by default (an idle child maps
#: about 60 MiB of it: the interpreter and the warmed tools).
DEFAULT_CALL_MEMORY_MB: Final = 1024
#: The least memory budget accepted: about what an idle child already maps.
MIN_CALL_MEMORY_MB: Final = 64
#: Calls run at once, by default; later ones wait for a free slot (waiting is not
#: counted against their budget).
DEFAULT_MAX_CALLS: Final = 2


@dataclass(frozen=True)
class Budget:
    """What one call may spend; the operator sets it, a client cannot change it."""

    seconds: float = DEFAULT_CALL_TIMEOUT
    memory_mb: int = DEFAULT_CALL_MEMORY_MB
    max_calls: int = DEFAULT_MAX_CALLS

    def __post_init__(self) -> None:
        if not (self.seconds > 0 and math.isfinite(self.seconds)):
            raise ValueError(f"a call's time budget must be a positive number, not {self.seconds}")
        if self.memory_mb < MIN_CALL_MEMORY_MB:
            raise ValueError(
                f"a call's memory budget must be at least {MIN_CALL_MEMORY_MB} MiB, "
                f"not {self.memory_mb}"
            )
        if self.max_calls < 1:
            raise ValueError(f"at least one call must be able to run, not {self.max_calls}")
