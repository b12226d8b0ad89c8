"""Text values: folded like the file, matched at token boundaries.

The value is folded (see :mod:`._chars`: NFKC except where NFKC would change a number,
whitespace runs to one space) and turned into a pattern that allows any whitespace run
between its words, so a phrase wrapped across lines in Markdown or LaTeX still matches.
Both of the match's edges must be token boundaries of the file: "nan" is not in
"banana" (nor in "ba⟨ZWSP⟩nan⟨ZWSP⟩a"), "3 seeds" is not in "13 seeds", "acc 73" is not
in "acc 73.5" or "acc 73%", "acc 73." is not in "acc 73.5", ".5 seeds" is not in
"10.5 seeds". All guards are fixed-width lookarounds: the regex engine does them.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass

from pytest_core_verify.systems.evidence._chars import (
    CJK,
    FULLWIDTH_DIGITS,
    GAP,
    GROUP_SPACES,
    MARKUP_AFTER,
    MULTIPLY_POWER,
    PER_MILLE,
    PERCENT,
    SPACED_EXPONENT,
    binders,
    fold_value,
    range_dashes,
    sign_like,
)

__all__ = ["LOOKAHEAD", "MAX_GAP", "TextValue", "fold", "nfkc_safe_cut", "parse_text_value"]

#: Characters of context after a match that its checks may inspect: the lookaheads, and
#: the decoded markup around a value whose edge is a digit (see
#: :func:`._numbers.text_edges_ok`, which decodes :data:`._numbers.TEXT_WINDOW`).
LOOKAHEAD = 160
#: Longest whitespace run matched between two words of a value (a wrapped, indented line).
MAX_GAP = 8192
# Joiners that tie a digit to what is on their other side whatever precedes them...
_STRICT = ".,:/^\u00b7\u066b\u066c\u2044\u2215\u3001\uff0c\ufe50"
# ... and those that do so only between two digits (1'000, 1 000, 10~20).
_BETWEEN_DIGITS = "'\u2019~_" + GROUP_SPACES


def fold(text: str) -> str:
    """The fold of a value or a JSON string leaf (see :func:`._chars.fold_value`)."""
    return fold_value(text)


@functools.lru_cache(maxsize=1)
def _classes() -> tuple[str, str, str]:
    strict = re.escape(_STRICT) + sign_like()
    between = re.escape(_BETWEEN_DIGITS)
    return strict, between, range_dashes()


def _escape(word: str) -> str:
    """``re.escape`` where a digit, ASCII or full-width, matches either form."""
    out = []
    for ch in word:
        if ch in "0123456789":
            out.append(f"[{ch}{FULLWIDTH_DIGITS[int(ch)]}]")
        elif ch in FULLWIDTH_DIGITS:
            out.append(f"[{FULLWIDTH_DIGITS.index(ch)}{ch}]")
        else:
            out.append(re.escape(ch))
    return "".join(out)


def _wordish(ch: str) -> bool:
    """A character that glues to a neighbouring letter or digit (not CJK, not punctuation)."""
    return bool(re.match(rf"(?:[^\W{CJK}]|[{binders()}])", ch))


@dataclass(frozen=True)
class TextValue:
    """A claim value matched as text."""

    folded: str

    @property
    def key(self) -> str:
        return self.folded

    def pattern(self) -> re.Pattern[str]:
        strict, between, ranges = _classes()
        folded = self.folded
        words = folded.split(" ")
        v0 = folded[0]
        z = folded[-1]
        n = len(words[0])
        any_n = f"[\\s\\S]{{{n}}}"
        # Guards on the characters before the match are written as lookbehinds *after*
        # the first word, so that the pattern starts with a literal and the regex
        # engine can skip ahead to it instead of trying every position.
        before = [f"(?<![{binders()}]{any_n})"]
        if _wordish(v0):
            before.append(f"(?<![^\\W{CJK}]{any_n})")
        if v0.isdigit():
            # "5 seeds" is not in "0.5 seeds", "1,5 seeds", "-5 seeds", "3/5 seeds",
            # "10^5 seeds", "1'5 seeds" or "10 <en dash> 5 seeds".
            before += [
                f"(?<![{strict}]{any_n})",
                f"(?<!\\d[{between}]{any_n})",
                f"(?<![{ranges}]\\s{any_n})",
                f"(?<![\\^_]\\{{{any_n})",
                f"(?<![^\\W_]\\*\\*{any_n})",
                # 10<sup>5</sup>, 10\\textsuperscript{5}, 10^(-3): a superscript or
                # subscript (fixed-width lookbehinds, one per form).
                f"(?<!<[sS][uU][pPbB]>{any_n})",
                f"(?<!\\\\textsuperscript\\{{{any_n})",
                f"(?<!\\\\textsubscript\\{{{any_n})",
                f"(?<![\\^_]\\({any_n})",
            ]
        if v0 in _STRICT or v0 in _BETWEEN_DIGITS or v0 in "*{" or re.match(f"[{strict}]", v0):
            # ".5 seeds" is not in "10.5 seeds", "-1 loss" not in "1e-1 loss", "^{3}" not
            # in "10^{3}": punctuation that a letter or digit precedes belongs to it.
            before += [f"(?<![^\\W{CJK}]{any_n})", f"(?<![\\^_]{any_n})"]
        if not _wordish(v0):
            # "*3" is not in "10**3", "+5" not in "1++5": a value that starts with
            # punctuation starts a token only after whitespace, a CJK character or nothing.
            before.append(f"(?<![^\\s{CJK}]{any_n})")
        body = _escape(words[0]) + "".join(before)
        for w in words[1:]:
            body += rf"\s{{1,{MAX_GAP}}}" + _escape(w)
        after = [f"(?![{binders()}])"]
        if _wordish(z):
            after.append(f"(?![^\\W{CJK}])")
        if z.isdigit():
            # "acc 73" is not in "acc 73.5", "acc 73%", "acc 73 ‰", "acc 73-75",
            # "acc 73/100", "acc 73 000" (narrow no-break space) or 73 x 10^3.
            after += [
                f"(?![{strict}{between}]\\d)",
                r"(?!\.\.)",
                r"(?!\^|\*\*\d)",
                f"(?![{ranges}]|\\s[{ranges}])",
                f"(?!{GAP}{PERCENT})",
                f"(?!{GAP}{PER_MILLE})",
                f"(?!{MULTIPLY_POWER})",
                f"(?!{SPACED_EXPONENT})",
                f"(?!{MARKUP_AFTER})",
            ]
        if z in _STRICT or z in _BETWEEN_DIGITS or re.match(f"[{strict}]", z):
            # "acc 73." is not in "acc 73.5", "1," not in "1,000", "F1 = +" not in
            # "F1 = +0": a sign, point or separator joins the digit after it, whatever
            # stands before it.
            after.append(r"(?!\d)")
        if z == "\\":
            # "(0\" is not in "(0\,\%" (0 percent): a backslash is a LaTeX escape with
            # the character after it (a thin space, a percent, \percent), so it ends a
            # token only before whitespace or the end.
            after.append(r"(?!\S)")
        for opening, closing in ("{}", "()", "[]"):
            if folded.count(opening) > folded.count(closing):
                # "0.0^{3" is not in "0.0^{3}": an open group ends where it closes.
                after.append(f"(?!{re.escape(closing)})")
        if _wordish(z) and not z.isdigit():
            # "73e" is not in "73e-3", "v1" not in "v1.2" (a sign or point, then a digit).
            after.append(f"(?![{sign_like()}.]\\d)")
        tail = re.search(r"[^\w\s]+$", folded)
        if not _wordish(z) and tail and folded[: tail.start()][-1:].isnumeric():
            # A number and punctuation: "73\\" is not in "73\\%", "73*" not in "73**3",
            # "0.5²\\" not in "0.5²\\%" (a superscript or any other numeral ends a number).
            after += [
                f"(?!{GAP}{PERCENT})",
                f"(?!{GAP}{PER_MILLE})",
                r"(?![\d*^{}\\%])",
            ]
        return re.compile(body + "".join(after))

    @property
    def max_span(self) -> int:
        """Longest match there can be (each whitespace gap at most :data:`MAX_GAP`)."""
        return len(self.folded) + self.folded.count(" ") * MAX_GAP


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
