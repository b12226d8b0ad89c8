"""Text values: NFKC and whitespace folding, matched at word boundaries.

The value is normalised (NFKC, whitespace runs to one space) and turned into a
pattern that allows any whitespace run between its words, so a phrase wrapped
across lines in Markdown or LaTeX still matches. The file text is NFKC-normalised
as it streams. Boundaries are strict: "nan" is not in "banana", "3 seeds" is not
in "13 seeds", "acc 73" is not in "acc 73.5" or "acc 73%".
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

from pytest_core_verify.systems.evidence._numbers import PERCENT_GAP

__all__ = ["TextValue", "fold", "nfkc_safe_cut", "parse_text_value"]

_WS_RX = re.compile(r"\s+")
_WORD_RX = re.compile(r"\w")
_ASCII_DIGITS = frozenset("0123456789")


def fold(text: str) -> str:
    """NFKC, then every whitespace run to a single space, trimmed."""
    return _WS_RX.sub(" ", unicodedata.normalize("NFKC", text)).strip()


@dataclass(frozen=True)
class TextValue:
    """A claim value matched as text."""

    folded: str

    @property
    def key(self) -> str:
        return self.folded

    def pattern(self) -> re.Pattern[str]:
        words = self.folded.split(" ")
        first, last = self.folded[0], self.folded[-1]
        before = []
        if _WORD_RX.match(first):
            before.append(r"\w")
        if first in _ASCII_DIGITS:
            # "5 seeds" is not in "0.5 seeds", "1,5 seeds", "-5 seeds" or "3/5 seeds".
            before.append(r"[.,:/^+\-\u2212\u2013]")
        # The guards on the character before the match are written as lookbehinds
        # *after* the first word, so that the pattern starts with a literal and the
        # regex engine can skip ahead to it instead of trying every position.
        n = len(words[0])
        guards = "".join(rf"(?<!{cls}[\s\S]{{{n}}})" for cls in before)
        body = re.escape(words[0]) + guards
        for w in words[1:]:
            body += r"\s+" + re.escape(w)
        post = ""
        if _WORD_RX.match(last):
            post += r"(?!\w)"
        if last in _ASCII_DIGITS:
            # "acc 73" is not in "acc 73.5", "acc 73%", "acc 73-75" or "acc 73/100".
            post += r"(?![.,:/^\-\u2212\u2013][0-9])(?!" + PERCENT_GAP + r"?\\?%)(?!\u2030)"
        return re.compile(body + post)

    @property
    def max_span(self) -> int:
        """Longest match the scanner guarantees to find (whitespace gaps included)."""
        return 4 * len(self.folded) + 4096


def parse_text_value(text: str) -> TextValue | None:
    """The folded text value, or ``None`` when nothing but whitespace is left."""
    folded = fold(text)
    return TextValue(folded) if folded else None


def nfkc_safe_cut(text: str, force_after: int) -> int:
    """An index at which NFKC may split ``text`` without changing the result.

    Cutting just before an ASCII character is safe: it is a starter that no
    preceding character composes with. The last newline is preferred; without one
    the text is held back until it exceeds ``force_after`` characters.
    """
    nl = text.rfind("\n")
    if nl >= 0:
        return nl + 1
    if len(text) <= force_after:
        return 0
    for i in range(len(text) - 1, 0, -1):
        if text[i].isascii():
            return i
    return len(text)  # no safe point in a huge non-ASCII run: cut anyway (bounded memory)
