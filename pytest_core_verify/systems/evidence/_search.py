"""The prefilter's search with RE2 or Python's ``re`` (see :mod:`._prefilter`): both
give match objects that start and end, the first match at or after a place."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from pytest_core_verify.systems.evidence import _linear

if TYPE_CHECKING:
    from pytest_core_verify.systems.evidence._prefilter import Prefilter


class SearchFinder:
    """RE2 or Python's ``re``: the leftmost match's start is ``lo``; a producer may stand
    anywhere inside a hit's match, so for one ``lo`` is a match's length before it. A
    start pattern (see ``Prefilter.starts``) is matched at ``pos``: its walk is lazy, so
    the match found is the one of the first token after ``pos`` (each byte sequence is
    walked one way only), whose literal lies within ``span`` before the match's end.
    Where producers may stand (not ASCII), the pattern and the producers are searched in
    one pass (``either``): a match of the pattern alone at its start is the pattern's
    (and a producer within ``span`` after it may still make a hit before it); with
    ``split`` (Python's ``re``), in one search per lead byte (see ``_linear.Earliest``).
    Each regex is compiled when first needed."""

    def __init__(
        self, pf: Prefilter, compile_rx: Callable[[bytes], Any], split: bool = False
    ) -> None:
        self.pf = pf
        self.span = pf.span
        self._compile = compile_rx
        self._compiled: dict[object, Any] = {}
        self._split = split

    def _alternatives(self, key: str, pattern: bytes | None, made: bytes) -> Any:
        """The earliest match of ``pattern`` (if any) or a producer in ``made``: one
        regex, or with ``split`` one search per lead byte (see ``_linear.Earliest``)."""
        rx = self._compiled.get(key)
        if rx is None:
            if self._split:
                first = [] if pattern is None else [(None, pattern)]
                rx = _linear.Earliest([*first, *_linear.producer_groups(made)], self._compile)
            elif pattern is None:
                rx = self._compile(made)
            else:
                rx = self._compile(b"(?:" + pattern + b")|(?:" + made + b")")
            self._compiled[key] = rx
        return rx

    def _producers(self, made: bytes) -> Any:
        return self._alternatives("producers", None, made)

    def _rx(self, key: object, pattern: bytes) -> Any:
        rx = self._compiled.get(key)
        if rx is None:
            rx = self._compiled[key] = self._compile(pattern)
        return rx

    def _ascii_search(self, buf: bytes | bytearray, pos: int, bare: bool) -> Any:
        """Python's ``re`` in ASCII bytes: past the gate's first place (none: no match),
        the plain pattern where the bytes allow it (``bare``: they hold no e or E); False
        where neither applies."""
        pf = self.pf
        plain = pf.plain is not None and (bare or not pf.plain_absent)
        if pf.gate is None and not plain:
            return False
        rx = self._rx("plain", pf.plain) if plain and pf.plain else self._rx("pattern", pf.pattern)
        if pf.gate is None:
            return rx.search(buf, pos)
        reach = 4 * self.span  # no match is longer than ``span`` bytes
        while True:
            at = pf.gate.skip(buf, pos)
            if at is None:
                return None
            end = at + reach
            if end >= len(buf):
                return rx.search(buf, at)
            # Searched up to the gate's next place only: a match found there that starts
            # a span before ``end`` is the first (any match before it ends before
            # ``end``), and none found means none starts a span before ``end``.
            m = rx.search(buf, at, end)
            if m is not None and m.start() <= end - self.span:
                return m
            if m is not None:
                return rx.search(buf, at)
            pos = end - self.span

    def first(
        self, buf: bytes | bytearray, pos: int, ascii: bool, state: int = 0, bare: bool = False
    ) -> tuple[int, int] | None:
        pf = self.pf
        made = None if ascii or pf.producers is None else pf.producers
        found = None
        # With start patterns that cover it (``covered``), the pattern is not searched.
        if not pf.covered and made is not None:
            either = self._alternatives("either", pf.pattern, made)
            e = either.search(buf, pos)
            if e is not None:
                lo = e.start()
                if self._rx("pattern", pf.pattern).match(buf, lo) is None:
                    lo = max(pos, lo - self.span)  # a producer: the hit may start before it
                else:
                    # A producer right after the pattern's match may make a hit before it.
                    p = self._producers(made).search(buf, lo, lo + self.span)
                    if p is not None:
                        lo = min(lo, max(pos, p.start() - self.span))
                found = (lo, max(min(e.end(), lo + self.span), lo + 1))
            made = None  # searched with the pattern
        elif not pf.covered:
            m: Any = self._ascii_search(buf, pos, bare) if ascii and self._split else False
            if m is False:
                m = self._rx("pattern", pf.pattern).search(buf, pos)
            if m is not None:
                # A match of a walk from a newline can be long: its hit lies at its end.
                found = (m.start(), max(min(m.end(), m.start() + self.span), m.start() + 1))
        if pf.starts:
            back = self.span + 8
            if made is not None and pf.made_starts:
                w = self._rx(("made", state), pf.made_starts[state]).match(buf, pos)
                back += self.span  # a producer: the hit may start a span before it
                made = None  # searched with the walk
            else:
                w = self._rx(state, pf.starts[state]).match(buf, pos)
            if w is not None:
                lo = max(pos, w.end() - back)
                if found is None or lo < found[0]:
                    found = (lo, max(w.end(), lo + 1))
        if made is not None:
            p = self._producers(made).search(buf, pos)
            if p is not None:
                lo = max(pos, p.start() - self.span)
                if found is None or lo < found[0]:
                    found = (lo, max(p.end(), lo + 1))
        return found
