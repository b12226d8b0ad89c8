"""Inputs 10^5 deep or long: every path reads them linearly or refuses them by name, and the
traversals that replaced recursion keep the orders and values a recursive walk gives."""

from __future__ import annotations

import gc
import itertools
import sys
from collections.abc import Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pytest_core_verify.systems.deductive import check_certificate, decide, parse_formula, render
from pytest_core_verify.systems.deductive._cnf import _unnumbered, encode
from pytest_core_verify.systems.deductive._collector import collector_paused
from pytest_core_verify.systems.deductive._syntax import (
    Builder,
    Node,
    atoms_of,
    evaluate,
    evaluate_all,
    postorder,
    reachable,
)
from tests.helpers import examples

N = 100_000  # far past the interpreter's recursion limit
DEEP = 20_000  # decided and checked whole: past the limit too, and cheap enough to run often
assert sys.getrecursionlimit() < DEEP
DANGLING = " -> ".join(f"a{i}" for i in range(N)) + " ->"


# One formula n deep, a query, and the answer: each shape nests a different way.
SHAPES: dict[str, Callable[[int], tuple[str, str, str]]] = {
    "parentheses": lambda n: ("(" * n + "a" + ")" * n, "a", "entailed"),
    "negations": lambda n: ("~" * n + "a", "a", "entailed"),  # n is even
    "negated-groups": lambda n: ("~(" * n + "a" + ")" * n, "a", "entailed"),
    "implications": lambda n: (" -> ".join(f"a{i}" for i in range(n)), "a1 -> a2", "unknown"),
    "left-and": lambda n: (
        "(" * n + "a0" + "".join(f" & a{i})" for i in range(1, n + 1)),
        "a7",
        "entailed",
    ),
    "right-or": lambda n: ("".join(f"a{i} | (" for i in range(n)) + "b" + ")" * n, "a0", "unknown"),
    "biconditionals": lambda n: (" <-> ".join(f"a{i}" for i in range(n)), "a0", "unknown"),
}


@pytest.mark.parametrize("shape", sorted(SHAPES))
def test_a_formula_nested_10_5_deep_parses_and_renders(shape: str) -> None:
    premise, _, _ = SHAPES[shape](N)
    b = Builder()
    node = parse_formula(premise, b)
    assert parse_formula(render(node), b) is node
    assert len(repr(node)) < 100  # shallow: printing a deep formula cannot overflow


@pytest.mark.parametrize("shape", sorted(SHAPES))
def test_a_formula_nested_past_the_recursion_limit_is_decided_and_checked(shape: str) -> None:
    premise, query, outcome = SHAPES[shape](DEEP)
    decision = decide([premise], query)
    assert decision.outcome == outcome
    assert check_certificate(decision.to_json()) is None


@pytest.mark.parametrize(
    ("premise", "position", "words"),
    [
        ("(" * N + "a", N, "never closed"),
        ("a" + ")" * N, 2, "without a matching"),
        ("~" * N, N + 1, "missing operand"),
        ("(" * N + ")" * N, N + 1, "missing operand"),
        (DANGLING, len(DANGLING) + 1, "missing operand"),
    ],
    ids=["unclosed", "unopened", "negation-of-nothing", "empty-groups", "dangling-arrow"],
)
def test_a_malformed_formula_10_5_deep_is_refused_with_its_column(
    premise: str, position: int, words: str
) -> None:
    decision = decide([premise], "a")
    assert decision.outcome == "refused"
    assert decision.refusal is not None
    assert decision.refusal.kind == "malformed"
    assert decision.refusal.where == "premise 1"
    assert words in decision.refusal.reason
    assert decision.refusal.position == position


def test_a_node_is_immutable() -> None:
    node = parse_formula("a & b")
    with pytest.raises(AttributeError, match="immutable"):
        node.op = "or"
    with pytest.raises(AttributeError, match="immutable"):
        del node.args
    assert node.op == "and"


def test_the_collector_is_resumed_after_a_call_and_left_alone_when_paused() -> None:
    @collector_paused
    def fails() -> None:
        assert not gc.isenabled()
        raise RuntimeError("inside")

    assert gc.isenabled()
    with pytest.raises(RuntimeError, match="inside"):
        fails()
    assert gc.isenabled()
    gc.disable()
    try:
        decide(["a"], "a")
        assert not gc.isenabled()  # a caller's pause is the caller's
    finally:
        gc.enable()


# Formulas with shared subformulas: one builder, drawn as trees over a few atoms, so that
# interning makes DAGs where a walk must visit a shared node once and in the right place.
ATOMS = ["a", "b", "c", "d"]
OPS = ["and", "or", "implies", "iff"]


@st.composite
def formulas(draw: st.DrawFn, b: Builder, depth: int = 5) -> Node:
    if depth == 0 or draw(st.integers(0, 3)) == 0:
        leaf = draw(st.sampled_from([*ATOMS, "true", "false"]))
        return b.atom(leaf) if leaf in ATOMS else b.const(leaf == "true")
    if draw(st.integers(0, 4)) == 0:
        return b.neg(draw(formulas(b, depth - 1)))
    op = draw(st.sampled_from(OPS))
    return b.binary(op, draw(formulas(b, depth - 1)), draw(formulas(b, depth - 1)))  # type: ignore[arg-type]


@st.composite
def formula_sets(draw: st.DrawFn) -> list[Node]:
    b = Builder()
    return draw(st.lists(formulas(b), min_size=1, max_size=5))


def recursive_postorder(roots: list[Node]) -> list[Node]:
    """Depth-first, left child first, each node once: the order the encoding numbers gates in."""
    seen: set[int] = set()
    order: list[Node] = []

    def walk(node: Node) -> None:
        if id(node) in seen:
            return
        seen.add(id(node))
        for child in node.args:
            walk(child)
        order.append(node)

    for root in roots:
        walk(root)
    return order


def recursive_value(node: Node, env: dict[str, bool]) -> bool:
    if node.op == "atom":
        assert node.name is not None
        return env[node.name]
    if node.op in ("true", "false"):
        return node.op == "true"
    values = [recursive_value(child, env) for child in node.args]
    if node.op == "not":
        return not values[0]
    a, b = values
    return {"and": a and b, "or": a or b, "implies": (not a) or b, "iff": a == b}[node.op]


@given(formula_sets())
@settings(max_examples=examples(300), deadline=None)
def test_the_iterative_walks_agree_with_recursive_ones(roots: list[Node]) -> None:
    order = postorder(roots)
    assert order == recursive_postorder(roots)  # same nodes, same order (compared by identity)
    shallow_first = reachable(roots)
    assert {id(n) for n in shallow_first} == {id(n) for n in order}
    assert len(shallow_first) == len(order)
    position = {id(n): i for i, n in enumerate(shallow_first)}
    assert all(position[id(c)] < position[id(n)] for n in shallow_first for c in n.args)
    names = atoms_of(roots)
    assert names == sorted({n.name for n in order if n.op == "atom" and n.name is not None})
    for values in itertools.product([False, True], repeat=len(names)):
        env = dict(zip(names, values, strict=True))
        want = [recursive_value(r, env) for r in roots]
        assert evaluate_all(roots, env) == want
        assert [evaluate(r, env) for r in roots] == want


@given(formula_sets())
@settings(max_examples=examples(300), deadline=None)
def test_the_gate_walk_skips_only_what_is_numbered(roots: list[Node]) -> None:
    # A gate's subformula is walked down to the nodes that already have a literal; the order
    # must be the full post-order's with those left out, since gate numbers (and so the
    # certificate's CNF hash) follow it.
    *premises, query = roots if len(roots) > 1 else [*roots, roots[0]]
    enc = encode(premises, query)
    for node in postorder(roots):
        assert _unnumbered(node, {}) == postorder([node])
        assert _unnumbered(node, enc.literal) == [
            n for n in postorder([node]) if n not in enc.literal
        ]
    for node, lit in enc.literal.items():
        if node.op in OPS:  # a gate is numbered after its children
            assert all(abs(enc.literal.get(c, 0)) < lit for c in node.args)
