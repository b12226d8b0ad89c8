"""The formula syntax: every spelling, precedence, positions of errors, canonical rendering."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pytest_core_verify.systems.deductive import FormulaError, parse_formula, render
from pytest_core_verify.systems.deductive._syntax import Builder, Node, evaluate, postorder

SPELLINGS = {
    "not": ["~", "!", "¬", "not "],
    "and": ["&", "&&", "∧", "and"],
    "or": ["|", "||", "∨", "or"],
    "implies": ["->", "→", "⊃", "implies"],
    "iff": ["<->", "↔", "≡", "iff"],
}


def shape(node: Node) -> object:
    if node.op == "atom":
        return node.name
    if node.op in ("true", "false"):
        return node.op
    return (node.op, *(shape(a) for a in node.args))


@pytest.mark.parametrize("op", ["and", "or", "implies", "iff"])
def test_every_binary_spelling(op: str) -> None:
    for spelling in SPELLINGS[op]:
        assert shape(parse_formula(f"a {spelling} b")) == (op, "a", "b")
        if not spelling.isalpha():  # symbols need no spaces around them
            assert shape(parse_formula(f"a{spelling}b")) == (op, "a", "b")


@pytest.mark.parametrize("spelling", SPELLINGS["not"])
def test_every_negation_spelling(spelling: str) -> None:
    assert shape(parse_formula(f"{spelling}a")) == ("not", "a")
    assert shape(parse_formula(f"{spelling}{spelling}a")) == ("not", ("not", "a"))


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("~a & b", ("and", ("not", "a"), "b")),
        ("a | b & c", ("or", "a", ("and", "b", "c"))),
        ("a & b | c", ("or", ("and", "a", "b"), "c")),
        ("a | b -> c", ("implies", ("or", "a", "b"), "c")),
        ("a -> b -> c", ("implies", "a", ("implies", "b", "c"))),
        ("a <-> b -> c", ("iff", "a", ("implies", "b", "c"))),
        ("a <-> b <-> c", ("iff", ("iff", "a", "b"), "c")),
        ("a & b & c", ("and", ("and", "a", "b"), "c")),
        ("(a -> b) -> c", ("implies", ("implies", "a", "b"), "c")),
        ("not a and b or c implies d iff e",
         ("iff", ("implies", ("or", ("and", ("not", "a"), "b"), "c"), "d"), "e")),
        ("true -> false", ("implies", "true", "false")),
        ("notx & andy", ("and", "notx", "andy")),
    ],
)  # fmt: skip
def test_precedence_and_associativity(text: str, expected: object) -> None:
    assert shape(parse_formula(text)) == expected


@pytest.mark.parametrize(
    ("text", "kind", "position", "words"),
    [
        ("", "malformed", 1, "empty formula"),
        ("a &", "malformed", 4, "missing operand"),
        ("a b", "malformed", 3, "expected an operator"),
        ("(a", "malformed", 1, "never closed"),
        ("a)", "malformed", 2, "without a matching"),
        ("a = b", "malformed", 3, "unexpected character '='"),
        ("1a", "malformed", 1, "must start with a letter"),
        ("p(x)", "out_of_regime", 1, "predicate with arguments"),
        ("a -> loves(a, b)", "out_of_regime", 6, "predicate with arguments"),
        ("forall x p", "out_of_regime", 1, "quantifier"),
        ("exists y", "out_of_regime", 1, "quantifier"),
        ("a & ∀x", "out_of_regime", 5, "quantifier"),
    ],
)
def test_errors_name_position_and_reason(text: str, kind: str, position: int, words: str) -> None:
    with pytest.raises(FormulaError) as info:
        parse_formula(text)
    assert info.value.kind == kind
    assert info.value.position == position
    assert words in info.value.reason
    assert str(info.value).startswith(f"column {position}: ")


def test_forall_alone_is_an_atom() -> None:
    assert shape(parse_formula("forall & exists")) == ("and", "forall", "exists")


def test_interning_shares_equal_subformulas() -> None:
    b = Builder()
    f = parse_formula("(a & b) | (a & b)", b)
    assert f.args[0] is f.args[1]
    assert parse_formula("a & b", b) is f.args[0]


def test_deep_nesting_needs_no_recursion() -> None:
    depth = 5_000
    names = [f"x{i}" for i in range(depth)]
    f = parse_formula(" -> ".join(names))
    assert f.depth == depth
    assert len(postorder([f])) == 2 * depth - 1
    assert evaluate(f, dict.fromkeys(names, True)) is True
    assert parse_formula("(" * 5000 + "a" + ")" * 5000).name == "a"
    assert parse_formula("~" * 5000 + "a").depth == 5001
    assert render(parse_formula(render(f))) == render(f)


ATOMS = ["a", "b", "c"]


@st.composite
def trees(draw: st.DrawFn, depth: int = 4) -> str:
    if depth == 0 or draw(st.booleans()):
        return draw(st.sampled_from([*ATOMS, "true", "false"]))
    op = draw(st.sampled_from(["not", "and", "or", "implies", "iff"]))
    if op == "not":
        return f"{draw(st.sampled_from(SPELLINGS['not']))}({draw(trees(depth - 1))})"
    spelling = draw(st.sampled_from(SPELLINGS[op]))
    return f"({draw(trees(depth - 1))}) {spelling} ({draw(trees(depth - 1))})"


@given(trees())
def test_render_round_trips(text: str) -> None:
    b = Builder()
    node = parse_formula(text, b)
    canonical = render(node)
    assert parse_formula(canonical, b) is node
    assert render(parse_formula(canonical)) == canonical
    for values in itertools.product([False, True], repeat=3):
        env = dict(zip(ATOMS, values, strict=True))
        assert evaluate(parse_formula(canonical), env) == evaluate(node, env)


def test_evaluate_names_a_missing_atom() -> None:
    with pytest.raises(KeyError, match="'b'"):
        evaluate(parse_formula("a & b"), {"a": True})


TOKENS = ["a", "b", "forall", "true", "not", "->", "&", "or", "<->", "(", ")", "1", "$", "∀"]


@given(st.lists(st.sampled_from(TOKENS), min_size=1, max_size=3), st.sampled_from([" ", ""]))
def test_short_formulas_read_as_the_general_parser_reads_them(words: list[str], sep: str) -> None:
    # One or three tokens take a shortcut; inside parentheses the same text takes the general
    # parse. Both must give the same node, or both refuse.
    text = sep.join(words)
    b = Builder()
    try:
        short = parse_formula(text, b)
    except FormulaError:
        short = None
    try:
        general = parse_formula(f"({text})", b)
    except FormulaError:
        general = None
    assert short is general
