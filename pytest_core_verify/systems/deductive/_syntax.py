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
from collections.abc import Callable, Mapping
from operator import attrgetter
from typing import Final, Literal

__all__ = [
    "BINARY_OPS",
    "Builder",
    "FormulaError",
    "Node",
    "Op",
    "atoms_of",
    "evaluate",
    "evaluate_all",
    "parse_formula",
    "postorder",
    "reachable",
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


class Node:
    """One interned subformula. Compare nodes with ``is``: a Builder interns them.

    ``depth`` is the height of the subformula (an atom or constant is 1): a child is always
    shallower than its parent, so sorting nodes by depth is a topological order. Immutable,
    hashed by identity; a plain slotted class because a frozen dataclass costs four times as
    much to build, and one is built per operator of the input. The repr is shallow, so that
    printing a formula nested 10^5 deep cannot overflow the stack.
    """

    __slots__ = ("args", "depth", "name", "op")
    op: Op
    args: tuple[Node, ...]
    name: str | None  # the atom's identifier
    depth: int

    def __init__(
        self, op: Op, args: tuple[Node, ...] = (), name: str | None = None, depth: int = 1
    ) -> None:
        _set_op(self, op)
        _set_args(self, args)
        _set_name(self, name)
        _set_depth(self, depth)

    def __setattr__(self, key: str, value: object) -> None:
        raise AttributeError(f"a formula node is immutable (it is shared): cannot set {key!r}")

    def __delattr__(self, key: str) -> None:
        raise AttributeError(f"a formula node is immutable (it is shared): cannot delete {key!r}")

    def __repr__(self) -> str:
        if self.name is not None:
            return f"Node({self.op!r}, name={self.name!r})"
        return f"Node({self.op!r}, {len(self.args)} args, depth={self.depth})"


# The slots' own setters: they write past the __setattr__ guard without a method lookup.
_set_op: Callable[[Node, object], None] = vars(Node)["op"].__set__
_set_args: Callable[[Node, object], None] = vars(Node)["args"].__set__
_set_name: Callable[[Node, object], None] = vars(Node)["name"].__set__
_set_depth: Callable[[Node, object], None] = vars(Node)["depth"].__set__
_new = object.__new__


def _node(op: Op, args: tuple[Node, ...], name: str | None, depth: int) -> Node:
    node: Node = _new(Node)
    _set_op(node, op)
    _set_args(node, args)
    _set_name(node, name)
    _set_depth(node, depth)
    return node


class Builder:
    """Interns nodes: the same operator on the same children is the same node.

    A key is the operator and the children themselves (a node hashes and compares by
    identity, so a key costs no walk of the subformula). Atoms have a table of their own,
    keyed by name.
    """

    def __init__(self) -> None:
        self._nodes: dict[tuple[object, ...], Node] = {}
        self._atoms: dict[str, Node] = {}

    def make(self, op: Op, args: tuple[Node, ...] = (), name: str | None = None) -> Node:
        if op == "atom":
            if name is None or args:
                raise ValueError("an atom has a name and no arguments")
            return self.atom(name)
        if not args:
            key: tuple[object, ...] = (op,)
            depth = 1
        elif len(args) == 1:
            key = (op, args[0])
            depth = 1 + args[0].depth
        else:
            left, right = args
            key = (op, left, right)
            depth = 1 + (left.depth if left.depth > right.depth else right.depth)
        node = self._nodes.get(key)
        if node is None:
            node = _node(op, args, None, depth)
            self._nodes[key] = node
        return node

    def atom(self, name: str) -> Node:
        known = self._atoms.get(name)
        if known is not None:  # its name was checked when it was first made
            return known
        if not _IDENT.fullmatch(name) or name in _KEYWORDS:
            raise ValueError(f"{name!r} is not an atom name: use [A-Za-z_][A-Za-z0-9_]*")
        node = self._atoms[name] = _node("atom", (), name, 1)
        return node

    def const(self, value: bool) -> Node:
        return self.make("true" if value else "false")

    def neg(self, a: Node) -> Node:
        key = ("not", a)
        node = self._nodes.get(key)
        if node is None:
            node = self._nodes[key] = _node("not", (a,), None, 1 + a.depth)
        return node

    def binary(self, op: Op, a: Node, b: Node) -> Node:
        # Spelled out: this runs once per binary operator of the input, so at 10^5 literals
        # its constant factor is a visible share of a decision.
        key = (op, a, b)
        node = self._nodes.get(key)
        if node is None:
            if op not in _PRECEDENCE:
                raise ValueError(f"{op!r} is not a binary operator")
            node = self._nodes[key] = _new(Node)
            _set_op(node, op)
            _set_args(node, (a, b))
            _set_name(node, None)
            _set_depth(node, 1 + (a.depth if a.depth > b.depth else b.depth))
        return node

    def conj(self, parts: list[Node]) -> Node:
        """Left-nested conjunction; ``true`` for none."""
        if not parts:
            return self.const(True)
        out = parts[0]
        for p in parts[1:]:
            out = self.binary("and", out, p)
        return out


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


# A token is an identifier, a symbol of several characters, or any other single character
# but whitespace (whitespace separates tokens and is skipped). A character that is neither
# an identifier's start nor a symbol becomes a token of its own, reported when the parser
# reaches it, so that the first problem from the left is the one named.
_TOKEN: Final = re.compile(
    r"[A-Za-z_][A-Za-z0-9_]*|"
    + "|".join(re.escape(symbol) for symbol, _ in _SYMBOLS if len(symbol) > 1)
    + r"|\S"
)
_KIND_OF: Final[dict[str, str]] = {**_KEYWORDS, **dict(_SYMBOLS)}
_TOKEN_KIND: Final[dict[str, str]] = {**_KIND_OF, "": "end"}  # "" closes every token list
_IDENT_START: Final = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz_")
# How tightly each operator on the parser's stack binds ("(" never reduces), and for each
# token read after an operand, the binding above which the stack is reduced first: a binary
# operator's own precedence when it groups to the right (implies), one less when it groups to
# the left; ")" and the end reduce everything down to the innermost open "(".
_BINDING: Final[dict[str, int]] = {"(": 0, **_PRECEDENCE, "not": 5}
_REDUCE_BEFORE: Final[dict[str, int]] = {
    **{op: prec if op in _RIGHT_ASSOC else prec - 1 for op, prec in _PRECEDENCE.items()},
    ")": 0,
    "end": 0,
}


def _column(text: str, index: int) -> int:
    """The 1-based column of token ``index`` (the end of the text past the last token).

    Tokens are read without their positions (a list of strings is several times cheaper
    than match objects); a position is only needed for an error, so it is found then.
    """
    starts = [match.start() for match in _TOKEN.finditer(text)]
    return starts[index] + 1 if index < len(starts) else len(text) + 1


def _describe(kind: str | None, word: str) -> str:
    return "the end of the formula" if kind == "end" else repr(word)


def _atom(b: Builder, word: str) -> Node:
    """The atom of an identifier the scan read (so no keyword, and a valid name)."""
    node = b._atoms.get(word)
    if node is None:
        node = b._atoms[word] = _node("atom", (), word, 1)
    return node


def _short(words: list[str], b: Builder) -> Node | None:
    """One atom, or two atoms around a binary operator, read without the general parser.

    These are most premises of long inputs (a chain of implications, clauses of two literals),
    where setting up the parse costs more than the parse; anything else gives None and goes
    to the parser, which also reports every error.
    """
    first = words[0]
    if first in _KIND_OF or first[0] not in _IDENT_START:
        return None
    if len(words) == 1:
        return _atom(b, first)
    op = _KIND_OF.get(words[1])
    last = words[2]
    if op not in _PRECEDENCE or last in _KIND_OF or last[0] not in _IDENT_START:
        return None
    return b.binary(op, _atom(b, first), _atom(b, last))  # type: ignore[arg-type]


def parse_formula(text: str, builder: Builder | None = None) -> Node:
    """Parse one formula (an operator-precedence parse, iterative: no recursion limit)."""
    b = builder if builder is not None else Builder()
    words: list[str] = _TOKEN.findall(text)
    if len(words) == 1 or len(words) == 3:
        short = _short(words, b)
        if short is not None:
            return short
    words.append("")  # the end: no token is empty
    # None for an identifier that is not a keyword (an atom) and for a stray character.
    kind_of = _TOKEN_KIND.get
    atoms = b._atoms
    binding = _BINDING
    reduce_before = _REDUCE_BEFORE
    operands: list[Node] = []
    operators: list[str] = []  # operator kinds, and "(" for each open group
    opens: list[int] = []  # the token index of each "(" on the operator stack
    expect_operand = True
    for index, word in enumerate(words):
        kind = kind_of(word)
        if expect_operand:
            if kind is None:
                if word[0] not in _IDENT_START:
                    raise _bad_character(word, _column(text, index))
                following = words[index + 1]
                if following == "(":
                    raise FormulaError(
                        "out_of_regime",
                        _column(text, index),
                        f"{word}(...) is a predicate with arguments: first-order input "
                        "is outside propositional logic; ground it over finite entities instead",
                    )
                if (
                    word in _QUANTIFIER_WORDS
                    and following[:1] in _IDENT_START
                    and following not in _KIND_OF
                ):
                    raise FormulaError(
                        "out_of_regime",
                        _column(text, index),
                        f"quantifier {word!r}: first-order input is outside "
                        "propositional logic; ground it over finite entities instead",
                    )
                node = atoms.get(word)
                operands.append(node if node is not None else _atom(b, word))
                expect_operand = False
            elif kind == "not":
                operators.append(kind)
            elif kind == "(":
                operators.append(kind)
                opens.append(index)
            elif kind == "true" or kind == "false":
                operands.append(b.const(kind == "true"))
                expect_operand = False
            else:
                where = "empty formula" if kind == "end" and index == 0 else "missing operand"
                raise FormulaError(
                    "malformed",
                    _column(text, index),
                    f"{where}: expected an atom, a constant, 'not' or '(' "
                    f"but found {_describe(kind, word)}",
                )
            continue
        # An operand has just been read: a binary operator, ')' or the end may follow. Each
        # first reduces the stack down to what binds more loosely than it ("(" for the last
        # two, which never reduce past an open group).
        above = reduce_before.get(kind) if kind is not None else None
        if above is None:
            if kind is None and word[0] not in _IDENT_START:
                raise _bad_character(word, _column(text, index))
            raise FormulaError(
                "malformed",
                _column(text, index),
                f"expected an operator or ')' after an operand but found {_describe(kind, word)}",
            )
        while operators and binding[operators[-1]] > above:
            top = operators.pop()
            if top == "not":
                operands[-1] = b.neg(operands[-1])
            else:
                right = operands.pop()
                operands[-1] = b.binary(top, operands[-1], right)  # type: ignore[arg-type]
        if kind == ")":
            if not operators:
                raise FormulaError("malformed", _column(text, index), "')' without a matching '('")
            operators.pop()
            opens.pop()
        elif kind == "end":
            if operators:
                raise FormulaError(
                    "malformed", _column(text, opens[-1]), "'(' is never closed by a ')'"
                )
            break
        else:
            operators.append(kind)  # type: ignore[arg-type]
            expect_operand = True
    if len(operands) != 1:  # pragma: no cover - the grammar above guarantees one
        raise FormulaError("malformed", len(text) + 1, "not a single formula")
    return operands[0]


def postorder(roots: list[Node]) -> list[Node]:
    """Every distinct node reachable from ``roots``, children before parents (iterative).

    The order is that of a depth-first walk, left child first: the encoding numbers its
    gates in this order, so it is part of what a certificate names. One stack of nodes and
    one state per node (False while its children are walked, True once it is placed), so
    a node costs no tuple; a leaf is placed as soon as it is reached.
    """
    state: dict[Node, bool] = {}
    order: list[Node] = []
    for root in roots:
        if root in state:
            continue
        stack = [root]
        while stack:
            node = stack.pop()
            placed = state.get(node)
            if placed is None:
                args = node.args
                if not args:
                    state[node] = True
                    order.append(node)
                    continue
                state[node] = False
                stack.append(node)  # placed when popped again, after its children
                for child in reversed(args):
                    if child not in state:
                        stack.append(child)
            elif not placed:
                # A node is popped again while False only as the entry pushed above: a
                # formula is acyclic, so no descendant of a node can push it.
                state[node] = True
                order.append(node)
    return order


def reachable(roots: list[Node]) -> list[Node]:
    """Every distinct node reachable from ``roots``, shallowest first (a topological order
    read bottom-up: a child is always shallower than its parent).

    Cheaper than :func:`postorder` (no order to keep while walking, one sort at the end) for
    what needs only some order of children before parents: evaluation, the atoms.
    """
    seen: set[Node] = set()
    stack = list(roots)
    while stack:
        node = stack.pop()
        if node not in seen:
            seen.add(node)
            stack += node.args
    return sorted(seen, key=_DEPTH)


_DEPTH: Final = attrgetter("depth")


def atoms_of(roots: list[Node]) -> list[str]:
    """The atom names in ``roots``, sorted."""
    seen: set[Node] = set()
    names: set[str | None] = set()
    stack: list[Node] = []
    for root in roots:
        if root.args:
            stack.append(root)
        else:
            names.add(root.name)
    while stack:
        node = stack.pop()
        if node in seen:
            continue
        seen.add(node)
        for child in node.args:  # leaves are read here, never stacked: half the nodes
            if child.args:
                stack.append(child)
            else:
                names.add(child.name)
    names.discard(None)  # the constants
    return sorted(names)  # type: ignore[arg-type]


def evaluate(root: Node, assignment: Mapping[str, bool]) -> bool:
    """Truth value of ``root`` under ``assignment`` (every atom must be assigned)."""
    return evaluate_all([root], assignment)[0]


def evaluate_all(
    roots: list[Node], assignment: Mapping[str, bool], order: list[Node] | None = None
) -> list[bool]:
    """Truth values of ``roots`` under ``assignment``, each shared subformula evaluated once.

    ``order`` is ``reachable(roots)`` when the caller has it already (to evaluate the same
    formulas under several assignments).
    """
    value: dict[Node, bool] = {}
    for node in reachable(roots) if order is None else order:
        op = node.op
        if op == "atom":
            name = node.name
            if name not in assignment:
                raise KeyError(f"atom {name!r} has no value in the assignment")
            value[node] = bool(assignment[name])  # type: ignore[index]
        elif op == "not":
            value[node] = not value[node.args[0]]
        elif op == "or":
            left, right = node.args
            value[node] = value[left] or value[right]
        elif op == "and":
            left, right = node.args
            value[node] = value[left] and value[right]
        elif op == "implies":
            left, right = node.args
            value[node] = (not value[left]) or value[right]
        elif op == "iff":
            left, right = node.args
            value[node] = value[left] == value[right]
        else:
            value[node] = op == "true"
    return [value[root] for root in roots]


_INFIX: Final[dict[str, str]] = {"and": " & ", "or": " | ", "implies": " -> ", "iff": " <-> "}
# How tightly each node's own text binds: an atom or a constant never needs parentheses.
_PREC_OUT: Final[dict[str, int]] = {
    **_PRECEDENCE,
    "not": 5,
    "atom": 6,
    "true": 6,
    "false": 6,
}
# A child is wrapped when it binds less tightly than these. Same-precedence children are
# wrapped on the side the grouping does not reach: the right of a left-grouping operator,
# the left of implication (which groups to the right).
_WRAP_LEFT_BELOW: Final[dict[str, int]] = {
    op: prec + 1 if op in _RIGHT_ASSOC else prec for op, prec in _PRECEDENCE.items()
}
_WRAP_RIGHT_BELOW: Final[dict[str, int]] = {
    op: prec if op in _RIGHT_ASSOC else prec + 1 for op, prec in _PRECEDENCE.items()
}


def render(root: Node) -> str:
    """Canonical text: ASCII operators, minimal parentheses; parses back to the same DAG.

    Written piece by piece from an explicit stack: linear in the output, at any depth.
    """
    args = root.args
    if not args:  # an atom or a constant
        return root.name if root.name is not None else root.op
    if len(args) == 2 and not args[0].args and not args[1].args:
        # Two leaves (the premises of a chain, a clause of two literals): a leaf is never
        # wrapped, so the text is the two leaves around the operator.
        left, right = args
        return (
            (left.name if left.name is not None else left.op)
            + _INFIX[root.op]
            + (right.name if right.name is not None else right.op)
        )
    prec_of, wrap_left, wrap_right = _PREC_OUT, _WRAP_LEFT_BELOW, _WRAP_RIGHT_BELOW
    out: list[str] = []
    stack: list[Node | str] = [root]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            out.append(item)
            continue
        op = item.op
        if op == "atom":
            out.append(item.name)  # type: ignore[arg-type]
        elif op == "not":
            out.append("~")
            child = item.args[0]
            if prec_of[child.op] < 5:
                stack += (")", child, "(")
            else:
                stack.append(child)
        elif op == "true" or op == "false":
            out.append(op)
        else:
            left, right = item.args
            if prec_of[right.op] < wrap_right[op]:
                stack += (")", right, "(")
            else:
                stack.append(right)
            stack.append(_INFIX[op])
            if prec_of[left.op] < wrap_left[op]:
                stack += (")", left, "(")
            else:
                stack.append(left)
    return "".join(out)
