"""Propositional formulas: tokenizer, parser, canonical rendering and evaluation.

Syntax (so that case files written for other tools read unchanged): atoms are identifiers
``[A-Za-z_][A-Za-z0-9_]*``; operators ``~ ! ¬ not``, ``& && ∧ and``, ``| || ∨ or``,
``-> → ⊃ implies``, ``<-> ↔ ≡ iff``; constants ``true``/``false``; parentheses. Precedence
not > and > or > implies > iff; implication is right-associative, the others
left-associative. Anything else raises :class:`FormulaError` with the position and reason.

Formulas are DAGs of interned :class:`Node` objects: one :class:`Builder` gives structurally
equal subformulas the same node, so identity is structural equality. Every traversal here is
iterative, so a formula nested thousands deep neither overflows the stack nor slows down.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Final, Literal, NamedTuple

__all__ = [
    "BINARY_OPS",
    "Builder",
    "FormulaError",
    "Node",
    "Op",
    "atoms_of",
    "evaluate",
    "parse_formula",
    "postorder",
    "render",
]

Op = Literal["atom", "true", "false", "not", "and", "or", "implies", "iff"]
BINARY_OPS: Final = ("and", "or", "implies", "iff")
RefusalKind = Literal["malformed", "out_of_regime"]

_IDENT: Final = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
_KEYWORDS: Final[dict[str, str]] = {
    "not": "not",
    "and": "and",
    "or": "or",
    "implies": "implies",
    "iff": "iff",
    "true": "true",
    "false": "false",
}
# Longest symbols first so that "<->" is not read as "<" and "->".
_SYMBOLS: Final[tuple[tuple[str, str], ...]] = (
    ("<->", "iff"),
    ("->", "implies"),
    ("&&", "and"),
    ("||", "or"),
    ("~", "not"),
    ("!", "not"),
    ("¬", "not"),
    ("&", "and"),
    ("∧", "and"),
    ("|", "or"),
    ("∨", "or"),
    ("→", "implies"),
    ("⊃", "implies"),
    ("↔", "iff"),
    ("≡", "iff"),
    ("(", "("),
    (")", ")"),
)
_QUANTIFIER_WORDS: Final = frozenset({"forall", "exists"})
_QUANTIFIER_SYMBOLS: Final = frozenset({"∀", "∃"})
# Binding power and associativity of the binary operators.
_PRECEDENCE: Final[dict[str, int]] = {"iff": 1, "implies": 2, "or": 3, "and": 4}
_RIGHT_ASSOC: Final = frozenset({"implies"})


class FormulaError(ValueError):
    """Input that is not a propositional formula of this syntax.

    ``kind`` is ``malformed`` (a syntax error) or ``out_of_regime`` (quantifiers, predicates
    with arguments: first-order input); ``position`` is the 1-based column of the problem.
    """

    def __init__(self, kind: RefusalKind, position: int, reason: str) -> None:
        super().__init__(f"column {position}: {reason}")
        self.kind: RefusalKind = kind
        self.position = position
        self.reason = reason


@dataclass(frozen=True, eq=False)
class Node:
    """One interned subformula. Compare nodes with ``is``: a Builder interns them."""

    op: Op
    args: tuple[Node, ...] = ()
    name: str | None = None  # the atom's identifier
    depth: int = field(default=1, compare=False)


class Builder:
    """Interns nodes: the same operator on the same children is the same node."""

    def __init__(self) -> None:
        self._nodes: dict[tuple[object, ...], Node] = {}

    def make(self, op: Op, args: tuple[Node, ...] = (), name: str | None = None) -> Node:
        # Spelled out per arity: this runs once per operator and atom of the input, so at
        # 10^5 literals its constant factor is a visible share of a decision.
        if not args:
            key: tuple[object, ...] = (op, name)
            depth = 1
        elif len(args) == 1:
            key = (op, name, id(args[0]))
            depth = 1 + args[0].depth
        else:
            left, right = args
            key = (op, name, id(left), id(right))
            depth = 1 + (left.depth if left.depth > right.depth else right.depth)
        node = self._nodes.get(key)
        if node is None:
            node = Node(op, args, name, depth)
            self._nodes[key] = node
        return node

    def atom(self, name: str) -> Node:
        known = self._nodes.get(("atom", name))
        if known is not None:  # its name was checked when it was first made
            return known
        if not _IDENT.fullmatch(name) or name in _KEYWORDS:
            raise ValueError(f"{name!r} is not an atom name: use [A-Za-z_][A-Za-z0-9_]*")
        return self.make("atom", name=name)

    def const(self, value: bool) -> Node:
        return self.make("true" if value else "false")

    def neg(self, a: Node) -> Node:
        return self.make("not", (a,))

    def binary(self, op: Op, a: Node, b: Node) -> Node:
        if op not in BINARY_OPS:
            raise ValueError(f"{op!r} is not a binary operator")
        return self.make(op, (a, b))

    def conj(self, parts: list[Node]) -> Node:
        """Left-nested conjunction; ``true`` for none."""
        if not parts:
            return self.const(True)
        out = parts[0]
        for p in parts[1:]:
            out = self.binary("and", out, p)
        return out


class _Token(NamedTuple):
    # A named tuple, not a dataclass: one is made per token, and a frozen dataclass costs
    # several times as much to build.
    kind: str  # "atom", "true", "false", an operator name, "(", ")", "end", "error"
    text: str
    position: int  # 1-based column
    error: FormulaError | None = None


def _bad_character(ch: str, position: int) -> FormulaError:
    if ch in _QUANTIFIER_SYMBOLS:
        return FormulaError(
            "out_of_regime",
            position,
            f"quantifier {ch!r}: first-order input is outside propositional logic; "
            "ground it over finite entities (the finite-entity problem shape) instead",
        )
    if ch.isdigit():
        return FormulaError(
            "malformed", position, f"{ch!r}: an atom must start with a letter or '_'"
        )
    return FormulaError(
        "malformed",
        position,
        f"unexpected character {ch!r}; operators are ~ & | -> <-> (or not and or "
        "implies iff), constants true/false, and parentheses",
    )


_SYMBOL_KIND: Final[dict[str, str]] = dict(_SYMBOLS)
# One scan per token: whitespace, an identifier, or a symbol (longest first).
_SCAN: Final = re.compile(
    r"(?P<space>\s+)|(?P<word>[A-Za-z_][A-Za-z0-9_]*)|(?P<symbol>"
    + "|".join(re.escape(symbol) for symbol, _ in _SYMBOLS)
    + ")"
)


def _tokens(text: str) -> Iterator[_Token]:
    i = 0
    n = len(text)
    scan = _SCAN.match
    while i < n:
        match = scan(text, i)
        if match is None:
            # Not raised here: the parser reports the first problem from the left, so a
            # predicate or a syntax error before this character is the one named.
            yield _Token("error", text[i], i + 1, _bad_character(text[i], i + 1))
            i += 1
            continue
        group = match.lastgroup
        word = match.group()
        if group == "word":
            yield _Token(_KEYWORDS.get(word, "atom"), word, i + 1)
        elif group == "symbol":
            yield _Token(_SYMBOL_KIND[word], word, i + 1)
        i = match.end()
    yield _Token("end", "", n + 1)


def _describe(token: _Token) -> str:
    return "the end of the formula" if token.kind == "end" else repr(token.text)


def parse_formula(text: str, builder: Builder | None = None) -> Node:
    """Parse one formula (an operator-precedence parse, iterative: no recursion limit)."""
    b = builder if builder is not None else Builder()
    tokens = list(_tokens(text))
    operands: list[Node] = []
    # Operator stack entries: (kind, position); "(" entries mark open groups.
    operators: list[tuple[str, int]] = []
    expect_operand = True

    def reduce_one() -> None:
        kind, _ = operators.pop()
        if kind == "not":
            operands.append(b.neg(operands.pop()))
            return
        right = operands.pop()
        left = operands.pop()
        operands.append(b.binary(kind, left, right))  # type: ignore[arg-type]

    for index, token in enumerate(tokens):
        kind = token.kind
        if token.error is not None:
            raise token.error
        if expect_operand:
            if kind == "atom":
                following = tokens[index + 1]
                if following.kind == "(":
                    raise FormulaError(
                        "out_of_regime",
                        token.position,
                        f"{token.text}(...) is a predicate with arguments: first-order input "
                        "is outside propositional logic; ground it over finite entities instead",
                    )
                if token.text in _QUANTIFIER_WORDS and following.kind == "atom":
                    raise FormulaError(
                        "out_of_regime",
                        token.position,
                        f"quantifier {token.text!r}: first-order input is outside "
                        "propositional logic; ground it over finite entities instead",
                    )
                operands.append(b.atom(token.text))
                expect_operand = False
            elif kind in ("true", "false"):
                operands.append(b.const(kind == "true"))
                expect_operand = False
            elif kind in ("not", "("):
                operators.append((kind, token.position))
            else:
                where = "empty formula" if kind == "end" and index == 0 else "missing operand"
                raise FormulaError(
                    "malformed",
                    token.position,
                    f"{where}: expected an atom, a constant, 'not' or '(' "
                    f"but found {_describe(token)}",
                )
            continue
        # An operand has just been read: a binary operator, ')' or the end may follow.
        if kind in _PRECEDENCE:
            prec = _PRECEDENCE[kind]
            while operators and operators[-1][0] != "(":
                top = operators[-1][0]
                top_prec = 5 if top == "not" else _PRECEDENCE[top]
                if top_prec > prec or (top_prec == prec and kind not in _RIGHT_ASSOC):
                    reduce_one()
                else:
                    break
            operators.append((kind, token.position))
            expect_operand = True
        elif kind == ")":
            while operators and operators[-1][0] != "(":
                reduce_one()
            if not operators:
                raise FormulaError("malformed", token.position, "')' without a matching '('")
            operators.pop()
        elif kind == "end":
            while operators:
                if operators[-1][0] == "(":
                    raise FormulaError(
                        "malformed", operators[-1][1], "'(' is never closed by a ')'"
                    )
                reduce_one()
        else:
            raise FormulaError(
                "malformed",
                token.position,
                f"expected an operator or ')' after an operand but found {_describe(token)}",
            )
    if len(operands) != 1:  # pragma: no cover - the grammar above guarantees one
        raise FormulaError("malformed", len(text) + 1, "not a single formula")
    return operands[0]


def postorder(roots: list[Node]) -> list[Node]:
    """Every distinct node reachable from ``roots``, children before parents (iterative)."""
    seen: set[int] = set()
    order: list[Node] = []
    for root in roots:
        if id(root) in seen:
            continue
        stack: list[tuple[Node, bool]] = [(root, False)]
        while stack:
            node, expanded = stack.pop()
            if expanded:
                order.append(node)
                continue
            if id(node) in seen:
                continue
            seen.add(id(node))
            stack.append((node, True))
            for child in reversed(node.args):
                if id(child) not in seen:
                    stack.append((child, False))
    return order


def atoms_of(roots: list[Node]) -> list[str]:
    """The atom names in ``roots``, sorted."""
    return sorted({n.name for n in postorder(roots) if n.op == "atom" and n.name is not None})


_APPLY: Final[dict[str, Callable[[bool, bool], bool]]] = {
    "and": lambda a, b: a and b,
    "or": lambda a, b: a or b,
    "implies": lambda a, b: (not a) or b,
    "iff": lambda a, b: a == b,
}


def evaluate(root: Node, assignment: Mapping[str, bool]) -> bool:
    """Truth value of ``root`` under ``assignment`` (every atom must be assigned)."""
    value: dict[int, bool] = {}
    for node in postorder([root]):
        if node.op == "atom":
            assert node.name is not None
            if node.name not in assignment:
                raise KeyError(f"atom {node.name!r} has no value in the assignment")
            value[id(node)] = bool(assignment[node.name])
        elif node.op in ("true", "false"):
            value[id(node)] = node.op == "true"
        elif node.op == "not":
            value[id(node)] = not value[id(node.args[0])]
        else:
            value[id(node)] = _APPLY[node.op](value[id(node.args[0])], value[id(node.args[1])])
    return value[id(root)]


_SYMBOL_OUT: Final[dict[str, str]] = {"and": "&", "or": "|", "implies": "->", "iff": "<->"}
_PREC_OUT: Final[dict[str, int]] = {"iff": 1, "implies": 2, "or": 3, "and": 4, "not": 5}


def render(root: Node) -> str:
    """Canonical text: ASCII operators, minimal parentheses; parses back to the same DAG.

    Written piece by piece from an explicit stack: linear in the output, at any depth.
    """
    out: list[str] = []
    stack: list[Node | str] = [root]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            out.append(item)
            continue
        node = item
        if node.op == "atom":
            assert node.name is not None
            out.append(node.name)
        elif node.op in ("true", "false"):
            out.append(node.op)
        elif node.op == "not":
            out.append("~")
            _push(stack, node.args[0], _prec(node.args[0]) < 5)
        else:
            prec = _PREC_OUT[node.op]
            left, right = node.args
            right_assoc = node.op == "implies"
            # Same-precedence children are wrapped on the side the grouping does not reach.
            _push(stack, right, _prec(right) < prec or (not right_assoc and _prec(right) == prec))
            stack.append(f" {_SYMBOL_OUT[node.op]} ")
            _push(stack, left, _prec(left) < prec or (right_assoc and _prec(left) == prec))
    return "".join(out)


def _push(stack: list[Node | str], node: Node, wrap: bool) -> None:
    if wrap:
        stack += [")", node, "("]
    else:
        stack.append(node)


def _prec(node: Node) -> int:
    if node.op in _PREC_OUT:
        return _PREC_OUT[node.op]
    return 6
