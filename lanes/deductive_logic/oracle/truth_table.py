"""The independent oracle of the deductive_logic lane: a brute-force truth table.

It shares no code with ``pytest_core_verify.systems.deductive``: its own tokenizer, its own
recursive-descent parser, its own grounding of finite-entity problems, and no solver. A
formula is evaluated on every assignment at once: each atom's column of the truth table is an
integer whose bit ``r`` is the atom's value in row ``r``, so one pass of bitwise operations
evaluates all ``2**n`` rows. It refuses problems of more than ``MAX_ATOMS`` atoms.

    decide(premises, query)      -> (outcome, refusal kind or None)
    decide_problem(problem)      -> the same for a finite-entity problem
"""

from __future__ import annotations

import itertools
import re

MAX_ATOMS = 16

# Token kinds: ATOM, CONST, NOT, AND, OR, IMP, IFF, LP, RP.
_SPELLINGS = {
    "NOT": ["~", "!", "¬", "not"],
    "AND": ["&&", "&", "∧", "and"],
    "OR": ["||", "|", "∨", "or"],
    "IMP": ["->", "→", "⊃", "implies"],
    "IFF": ["<->", "↔", "≡", "iff"],
}
_WORD_KIND = {w: k for k, ws in _SPELLINGS.items() for w in ws if w.isalpha()}
_WORD_KIND.update({"true": "CONST", "false": "CONST"})
_SYMBOL_KIND = sorted(
    ((w, k) for k, ws in _SPELLINGS.items() for w in ws if not w.isalpha()),
    key=lambda item: -len(item[0]),
)
_SYMBOL_KIND += [("(", "LP"), (")", "RP")]
_WORD = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


class Refused(Exception):
    """The oracle's refusal: ``kind`` is malformed, out_of_regime or too_large."""

    def __init__(self, kind: str, message: str) -> None:
        super().__init__(message)
        self.kind = kind


def tokenize(text):
    out = []
    pos = 0
    while pos < len(text):
        if text[pos].isspace():
            pos += 1
            continue
        m = _WORD.match(text, pos)
        if m:
            out.append((_WORD_KIND.get(m.group(), "ATOM"), m.group()))
            pos = m.end()
            continue
        for sym, kind in _SYMBOL_KIND:
            if text.startswith(sym, pos):
                out.append((kind, sym))
                pos += len(sym)
                break
        else:
            # Kept as a token: the parser meets it in order, so an earlier error wins.
            out.append(("QUANT" if text[pos] in "∀∃" else "BAD", text[pos]))
            pos += 1
    return out


class _Parser:
    """Recursive descent: iff < implies (right) < or < and < not < atom/const/group."""

    def __init__(self, tokens):
        self.t = tokens
        self.i = 0

    def peek(self, k=0):
        j = self.i + k
        return self.t[j] if j < len(self.t) else ("END", "")

    def take(self):
        tok = self.peek()
        self.i += 1
        if tok[0] == "QUANT":
            raise Refused("out_of_regime", f"quantifier {tok[1]}")
        if tok[0] == "BAD":
            raise Refused("malformed", f"bad character {tok[1]!r}")
        return tok

    def formula(self):
        tree = self.iff()
        if self.peek()[0] != "END":
            self.take()  # a bad character reports itself
            raise Refused("malformed", f"trailing {self.peek()[1]!r}")
        return tree

    def iff(self):
        tree = self.imp()
        while self.peek()[0] == "IFF":
            self.take()
            tree = ("iff", tree, self.imp())
        return tree

    def imp(self):
        tree = self.disj()
        if self.peek()[0] == "IMP":
            self.take()
            return ("imp", tree, self.imp())
        return tree

    def disj(self):
        tree = self.conj()
        while self.peek()[0] == "OR":
            self.take()
            tree = ("or", tree, self.conj())
        return tree

    def conj(self):
        tree = self.unary()
        while self.peek()[0] == "AND":
            self.take()
            tree = ("and", tree, self.unary())
        return tree

    def unary(self):
        kind, text = self.take()
        if kind == "NOT":
            return ("not", self.unary())
        if kind == "LP":
            tree = self.iff()
            if self.take()[0] != "RP":
                raise Refused("malformed", "unclosed parenthesis")
            return tree
        if kind == "CONST":
            return ("const", text == "true")
        if kind == "ATOM":
            nxt = self.peek()
            if nxt[0] == "LP":
                raise Refused("out_of_regime", f"predicate application {text}(")
            if text in ("forall", "exists") and nxt[0] == "ATOM":
                raise Refused("out_of_regime", f"quantifier {text}")
            return ("atom", text)
        raise Refused("malformed", f"expected an operand, got {text or 'end'!r}")


def parse(text):
    return _Parser(tokenize(text)).formula()


def atoms(tree, acc=None):
    acc = set() if acc is None else acc
    if tree[0] == "atom":
        acc.add(tree[1])
    elif tree[0] != "const":
        for sub in tree[1:]:
            atoms(sub, acc)
    return acc


def column(tree, cols, full):
    """The formula's truth-table column (an int of 2**n bits)."""
    op = tree[0]
    if op == "atom":
        return cols[tree[1]]
    if op == "const":
        return full if tree[1] else 0
    if op == "not":
        return full & ~column(tree[1], cols, full)
    a = column(tree[1], cols, full)
    b = column(tree[2], cols, full)
    if op == "and":
        return a & b
    if op == "or":
        return a | b
    if op == "imp":
        return (full & ~a) | b
    return full & ~(a ^ b)  # iff


def _columns(names):
    n = len(names)
    rows = 1 << n
    full = (1 << rows) - 1
    cols = {}
    for k, name in enumerate(sorted(names)):
        # Bit r of the column is bit k of the row number r: 2**k zeros, 2**k ones, repeated.
        pattern = ((1 << (1 << k)) - 1) << (1 << k)
        width = 1 << (k + 1)
        while width < rows:
            pattern |= pattern << width
            width <<= 1
        pattern &= full
        cols[name] = pattern
    return cols, full


def decide_trees(premises, query):
    names = set()
    for tree in [*premises, query]:
        atoms(tree, names)
    if len(names) > MAX_ATOMS:
        raise Refused("too_large", f"{len(names)} atoms > {MAX_ATOMS}")
    cols, full = _columns(names)
    models = full
    for tree in premises:
        models &= column(tree, cols, full)
    if models == 0:
        return "refused", "inconsistent"
    q = column(query, cols, full)
    if models & ~q == 0:
        return "entailed", None
    if models & q == 0:
        return "refuted", None
    return "unknown", None


def decide(premises, query):
    try:
        trees = [parse(p) for p in premises]
        goal = parse(query)
    except Refused as exc:
        if exc.kind == "too_large":
            raise
        return "refused", exc.kind
    return decide_trees(trees, goal)


def _lit(atom_of, predicate, entity, polarity):
    # "positive"/"negative", or the JSON booleans of CORE's files; anything else is malformed.
    if polarity is True or polarity == "positive":
        positive = True
    elif polarity is False or polarity == "negative":
        positive = False
    else:
        raise Refused("malformed", "polarity")
    tree = ("atom", atom_of(predicate, entity))
    return tree if positive else ("not", tree)


def decide_problem(problem):
    """Ground a finite-entity problem (rules over every assignment of entities) and decide."""
    entities = problem.get("entities")
    if not isinstance(entities, list) or not entities:
        return "refused", "out_of_regime"
    names = {}

    def atom_of(predicate, entity):
        # Opaque names: the oracle never needs them to be readable.
        return names.setdefault((predicate, entity), f"g{len(names)}")

    def ground(item):
        if "var" in item:
            raise Refused("out_of_regime", "variable in a fact or the query")
        if item["entity"] not in entities:
            raise Refused("malformed", "unknown entity")
        return _lit(atom_of, item["predicate"], item["entity"], item.get("polarity", "positive"))

    try:
        premises = [ground(f) for f in problem.get("facts", [])]
        goal = ground(problem["query"])
        for rule in problem.get("rules", []):
            parts = [*rule["if"], rule["then"]]
            for p in parts:
                if "entity" in p and p["entity"] not in entities:
                    raise Refused("malformed", "unknown entity in a rule")
            variables = sorted({p["var"] for p in parts if "var" in p})
            for values in itertools.product(entities, repeat=len(variables)):
                env = dict(zip(variables, values, strict=True))

                def lit(p, env=env):
                    entity = env[p["var"]] if "var" in p else p["entity"]
                    return _lit(atom_of, p["predicate"], entity, p.get("polarity", "positive"))

                body = [lit(p) for p in rule["if"]]
                head = lit(rule["then"])
                if not body:
                    premises.append(head)
                    continue
                cond = body[0]
                for extra in body[1:]:
                    cond = ("and", cond, extra)
                premises.append(("imp", cond, head))
    except Refused as exc:
        return "refused", exc.kind
    return decide_trees(premises, goal)


def holds(text, assignment):
    """Truth value of one formula under one assignment (atom -> bool), by the oracle's parser."""
    tree = parse(text)
    names = atoms(tree)
    missing = sorted(names - set(assignment))
    if missing:
        raise KeyError(f"no value for atom {missing[0]!r}")
    cols = {n: 1 if assignment[n] else 0 for n in names}
    return column(tree, cols, 1) == 1
