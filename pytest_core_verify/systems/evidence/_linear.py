"""Prefilter patterns for a backtracking engine: Python's own ``re``, which every
installation has (the fallback when neither Hyperscan nor RE2 is installed).

A backtracking engine tries the pattern at every place a match may start, and may try
the same bytes many ways. The patterns of :mod:`._prefilter` are written for automata
(a left edge first, runs of zeros on both sides of a literal, nested walks through
quotes); run by ``re`` they cost a Python-level attempt at nearly every byte, and a run
such as ``[0.]*[0,]*`` tries every split of the bytes. The patterns here match a
superset of the same places, in a form whose work is linear in the file:

- They start with the value's literal (or a number's first byte), so that ``re``
  skips, in C, to where it stands; what may stand before it is checked by fixed-width
  lookbehinds (each context the automaton pattern allows, with up to two zeros or
  points; three or more of them are accepted as they are: a superset), inside one
  lookahead, which ``re`` never backtracks into.
- Every repeat is bounded: a number's run of zeros (or points and commas) by
  :data:`._numbers.MAX_TOKEN_CHARS` (a longer token is never a hit), the gap between a
  text value's words by the gap the text rules allow. No repeat holds another, and a
  repeat is followed by a byte it cannot match (or by nothing but the fixed edge), so a
  match attempt tries each length of each repeat at most once: its work is bounded by
  the value's length times the bound, and a number's attempts start only at a literal
  whose first digit is no zero (or, for zero, at a first byte after a context that
  rejects digits), so two attempts' runs overlap only where their literals do.
- A multi-word text value is matched up to the first word after a gap that starts with
  a byte the gap also matches (a non-ASCII character, a digit that may be full-width):
  the words before it and one gap byte (a superset: a hit holds them).

``tests/systems/evidence/test_evidence_prefilter.py`` checks this structure on the
patterns of generated values, and compares the scans of every engine.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from pytest_core_verify.systems.evidence._numbers import MAX_TOKEN_CHARS, NumberValue

#: The fixed-width alternatives of the contexts before a number token (``_prefilter``'s
#: _NUMBER_BEFORE: comma may separate) and where a comma joins digits
#: (_NUMBER_BEFORE_JOINING, its ``\.[0-9]{1,2},`` split in two), and before a text value
#: that starts with a digit (_TEXT_BEFORE).
BEFORE = (rb"[^0-9A-Za-z_.+\-:/'^~]", rb"[^0-9][:/'~]")
BEFORE_JOINING = (
    rb"[^0-9A-Za-z_.+\-:/'^~,]",
    rb"[^0-9][:/'~,]",
    rb"\.[0-9],",
    rb"\.[0-9][0-9],",
    rb"[0-9]{4},",
)
TEXT_BEFORE = (rb"[^0-9A-Za-z_.+\-:/'^~,]", rb"[^0-9][:/'~]")

#: The bound of a run inside a number token (ASCII bytes: one a character).
_RUN = MAX_TOKEN_CHARS
#: What may stand between a number's left context and its literal: zeros only, or zeros
#: and points; each as the fixed-width choices checked, and the run accepted as it is.
_ZEROS = ((b"", b"0", b"00"), b"000")
_ZEROS_POINTS = ((b"", b"[0.]", b"[0.][0.]"), b"[0.][0.][0.]")
#: Cheap checks first (``re`` tries alternatives one by one): no byte before a literal
#: of a number is a digit but zero, a letter, ``_`` or ``^`` (no context ends with one);
#: none before zero's first byte is a digit or a point either; and no right edge starts
#: with glue, or with a point before a digit or a point (a dense file fails here).
_NOT_AFTER_GLUE = rb"(?<![1-9A-Za-z_^])"
_ZERO_NOT_AFTER = rb"(?<![0-9A-Za-z_.^])"
_EDGE_GATE = rb"(?![0-9A-Za-z_]|\.[0-9.])"


def signed(sign: int, befores: Sequence[bytes]) -> list[bytes]:
    """The fixed-width contexts before a number token's digits, its sign included (as
    ``_prefilter._signed``: a non-ASCII sign is one continuation byte before them)."""
    if sign < 0:
        return [b + b"-" for b in befores] + [rb"[\x80-\xbf]"]
    if sign > 0:
        return [*befores, *(b + rb"\+" for b in befores)]
    return [*befores, *(b + rb"\+" for b in befores), *(b + b"-" for b in befores)]


def _behind(contexts: Sequence[bytes], zeros: tuple[tuple[bytes, ...], bytes], lit: bytes) -> bytes:
    """A zero-width check, right after ``lit``, that what stands before it is one of
    ``contexts`` and then up to two of ``zeros`` (or three or more of them)."""
    choices = [rb"(?<=" + c + z + lit + b")" for z in zeros[0] for c in contexts]
    choices.append(rb"(?<=" + zeros[1] + lit + b")")
    return rb"(?=" + b"|".join(choices) + b")"


def number(
    value: NumberValue,
    lits: list[str],
    contexts: Sequence[bytes],
    right: bytes,
    joined: bytes,
    escape: Callable[[str], bytes],
) -> bytes:
    """The linear pattern of a number (see the module's docstring): the same places as
    ``_prefilter._number_body`` after ``contexts`` (and more), ``right`` after a token
    with a point, ``joined`` after one without."""
    sign, s, exponent = value.canon
    right, joined = _EDGE_GATE + right, _EDGE_GATE + joined
    if sign == 0:
        # Any run of zeros, points and commas that starts with a zero or a point; its
        # first byte after a context that is no zero, point or comma (every match of the
        # automaton pattern starts so), its end as either form's.
        starts = [rb"(?<=" + c + rb"[0.])" for c in contexts]
        return (
            rb"[0.]"
            + _ZERO_NOT_AFTER[:-1]
            + rb"[0.])(?="
            + b"|".join(starts)
            + rb")[0.,]{0,%d}(?:" % _RUN
            + right
            + rb"|[eE])"
        )
    alternatives = []
    for lit in lits:
        lb = escape(lit)
        # (zeros before, what follows) of each form, as ``_number_body`` writes them.
        after_zeros: list[bytes] = []
        after_points = [rb"[0.,]{0,%d}[eE]" % _RUN]
        if "." in lit:
            if lit.replace(",", "").index(".") == len(s) + exponent:
                after_zeros.append(rb"0{0,%d}" % _RUN + right)
        elif "," in lit:
            after_zeros.append(joined)
            after_zeros.append(rb"\.0{0,%d}" % _RUN + right)
        elif exponent >= 0:
            if exponent <= MAX_TOKEN_CHARS:
                zeros = b"0" * exponent
                after_zeros.append(zeros + joined)
                after_zeros.append(zeros + rb"\.0{0,%d}" % _RUN + right)
        elif exponent <= -len(s):
            after_points.append(rb"0{0,%d}" % _RUN + right)
        forms = [_behind(contexts, _ZEROS_POINTS, lb) + b"(?:" + b"|".join(after_points) + b")"]
        if after_zeros:
            forms.append(_behind(contexts, _ZEROS, lb) + b"(?:" + b"|".join(after_zeros) + b")")
        gate = _NOT_AFTER_GLUE[:-1] + lb + b")"
        alternatives.append(lb + gate + b"(?:" + b"|".join(forms) + b")")
    return b"(?:" + b"|".join(alternatives) + b")"


def text(
    words: list[list[bytes]],
    contexts: Sequence[bytes],
    gap: bytes,
    max_gap_bytes: int,
    right: bytes,
) -> bytes:
    """The linear pattern of a text value: ``words`` (each a list of its characters'
    patterns, the first one's alternatives split by ``|`` at the top), each next one
    after a run of ``gap`` of at most ``max_gap_bytes``, ``right`` after the last;
    ``contexts``: the fixed-width choices of what stands before it."""
    first, *rest = words[0]
    # The lookbehind follows the word's leading literal (so that re skips to where it
    # stands), up to a character of two forms (a digit: its width varies).
    n = next((i for i, ch in enumerate(rest) if ch.startswith(b"(")), len(rest))
    fixed = b"".join(rest[:n])
    starts = []
    for option in first.removeprefix(b"(?:").removesuffix(b")").split(b"|"):
        behind = b"|".join(rb"(?<=" + c + option + fixed + b")" for c in contexts)
        starts.append(option + fixed + rb"(?=" + behind + b")")
    out = (b"(?:" + b"|".join(starts) + b")" if len(starts) > 1 else starts[0]) + b"".join(rest[n:])
    runs = rb"%s{1,%d}" % (gap, max_gap_bytes)
    for word in words[1:]:
        if word[0][:1] in (b"(", b"\\"):  # full-width digit or a non-ASCII byte: stop here
            return out + rb"(?=" + gap + b")"
        out += runs + b"".join(word)
    return out + right
