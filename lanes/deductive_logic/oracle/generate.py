"""Write the deductive_logic cases, with gold from the independent truth-table oracle.

    python lanes/deductive_logic/oracle/generate.py          # rewrite dev/ and public/v1/
    python lanes/deductive_logic/oracle/generate.py --check  # fail if the files would change

Reproducible: fixed seeds, no clock. Every gold outcome (and refusal kind) comes from
``truth_table.decide`` / ``decide_problem``, never from the engine. English cases are written
from a small structure that is turned into a finite-entity problem here (by the reading the
contract documents) and decided by the oracle; only the English that the reader must refuse
(questions, claims without a relation, relations with no propositional reading) carries a
gold written by hand.
"""

from __future__ import annotations

import argparse
import itertools
import json
import random
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import truth_table as oracle  # noqa: E402

LANE = HERE.parent
SPELL = {
    "not": ["~", "!", "¬", "not "],
    "and": ["&", "&&", "∧", "and"],
    "or": ["|", "||", "∨", "or"],
    "imp": ["->", "→", "⊃", "implies"],
    "iff": ["<->", "↔", "≡", "iff"],
}
PREC = {"iff": 1, "imp": 2, "or": 3, "and": 4, "not": 5}


# --- formulas ----------------------------------------------------------------------------


def random_tree(rng, names, depth):
    """A random formula tree in the oracle's tuple form."""
    if depth <= 0 or rng.random() < 0.25:
        if rng.random() < 0.04:
            return ("const", rng.random() < 0.5)
        return ("atom", rng.choice(names))
    op = rng.choice(["not", "and", "or", "imp", "iff", "and", "or", "imp"])
    if op == "not":
        return ("not", random_tree(rng, names, depth - 1))
    return (op, random_tree(rng, names, depth - 1), random_tree(rng, names, depth - 1))


def show(tree, rng=None, minimal=True):
    """Text for a tree: random spellings (with ``rng``), parentheses where needed or always."""

    def sp(op):
        return rng.choice(SPELL[op]) if rng else SPELL[op][0]

    def prec(t):
        return PREC.get(t[0], 9)

    def go(t):
        op = t[0]
        if op == "atom":
            return t[1]
        if op == "const":
            return "true" if t[1] else "false"
        if op == "not":
            inner = go(t[1])
            if prec(t[1]) < 5 or not minimal:
                inner = f"({inner})"
            return f"{sp('not')}{inner}"
        left, right = go(t[1]), go(t[2])
        p = PREC[op]
        lwrap = prec(t[1]) < p or (op == "imp" and prec(t[1]) == p)
        rwrap = prec(t[2]) < p or (op != "imp" and prec(t[2]) == p)
        if not minimal:
            lwrap = t[1][0] not in ("atom", "const")
            rwrap = t[2][0] not in ("atom", "const")
        if lwrap:
            left = f"({left})"
        if rwrap:
            right = f"({right})"
        return f"{left} {sp(op)} {right}"

    return go(tree)


def formula_case(premises, query, pattern, description=None):
    gold, refusal = oracle.decide(premises, query)
    case = {"pattern": pattern, "premises": premises, "query": query, "gold": gold}
    if refusal is not None:
        case["refusal"] = refusal
    if description:
        case["description"] = description
    return case


def handwritten():
    """Every operator spelling, precedence, and the named argument forms."""
    out = []
    for op in ("not", "and", "or", "imp", "iff"):
        for s in SPELL[op]:
            if op == "not":
                out.append(formula_case([f"{s}p"], "p", "operator_not"))
                out.append(
                    formula_case(
                        [f"{s}{s}p"] if s != "not " else ["not not p"], "p", "operator_not"
                    )
                )
            else:
                f = f"p {s} q"
                name = {
                    "and": "operator_and",
                    "or": "operator_or",
                    "imp": "operator_implies",
                    "iff": "operator_iff",
                }[op]
                out.append(formula_case([f, "p"], "q", name))
                out.append(formula_case([f], "p", name))
                out.append(formula_case([f, "~q"], "p", name))
    out += [
        formula_case([], "true", "constants"),
        formula_case([], "false", "constants"),
        formula_case(["true"], "p | ~p", "constants"),
        formula_case(["false"], "p", "constants"),
        formula_case(["p -> false"], "p", "constants"),
        formula_case(["true -> q"], "q", "constants"),
        formula_case(["p | q & r", "~p"], "r", "precedence"),
        formula_case(["p | q & r", "~q"], "p", "precedence"),
        formula_case(["~p & q"], "q", "precedence"),
        formula_case(["~(p & q)", "p"], "q", "precedence"),
        formula_case(["p -> q -> r", "p", "q"], "r", "precedence"),
        formula_case(["(p -> q) -> r", "q"], "r", "precedence"),
        formula_case(["p -> q -> r", "q"], "r", "precedence"),
        formula_case(["p <-> q -> r", "p", "r"], "q", "precedence"),
        formula_case(["p & q -> r", "p", "q"], "r", "precedence"),
        formula_case(["p | q -> r", "p"], "r", "precedence"),
        formula_case(["((p))", "( p -> ( q ) )"], "q", "parentheses"),
        formula_case(["p→q", "q⊃r", "p"], "r", "unicode"),
        formula_case(["¬p∨q", "p"], "q", "unicode"),
        formula_case(["p ↔ ¬q", "q"], "~p", "unicode"),
        formula_case(["p ≡ q", "q ≡ r", "¬r"], "¬p", "unicode"),
        formula_case(["p implies q", "not q"], "not p", "contraposition"),
        formula_case(["p -> q", "~q"], "~p", "contraposition"),
        formula_case(["p -> q"], "~q -> ~p", "contraposition"),
        formula_case(["~q -> ~p"], "p -> q", "contraposition"),
        formula_case(["p -> q", "~p"], "~q", "denying_the_antecedent", "not valid: unknown"),
        formula_case(["p -> q", "q"], "p", "affirming_the_consequent", "not valid: unknown"),
        formula_case(["p | q", "~p"], "q", "disjunctive_syllogism"),
        formula_case(["p | q | r", "~p", "~r"], "q", "disjunctive_syllogism"),
        formula_case(["p or q", "not q"], "p", "disjunctive_syllogism"),
        formula_case(["p | q", "p"], "q", "disjunctive_syllogism", "affirming a disjunct"),
        formula_case(["p | q", "p -> r", "q -> r"], "r", "constructive_dilemma"),
        formula_case(["p -> r", "q -> s", "~r | ~s"], "~p | ~q", "destructive_dilemma"),
        formula_case(["p <-> q", "q <-> r", "p"], "r", "biconditional"),
        formula_case(["p <-> q", "~q"], "~p", "biconditional"),
        formula_case(["p <-> ~q"], "p | q", "biconditional"),
        formula_case(["p <-> q"], "(p -> q) & (q -> p)", "biconditional"),
        formula_case(["p <-> q", "q <-> r"], "p <-> r", "biconditional"),
        formula_case(["p <-> q"], "p", "biconditional"),
        formula_case(["(p <-> q) <-> r", "p", "q"], "r", "biconditional"),
        formula_case(["p <-> q <-> r", "~p", "q"], "~r", "biconditional"),
        formula_case(["p", "~p"], "q", "inconsistent"),
        formula_case(["p & ~p"], "p", "inconsistent"),
        formula_case(["p -> q", "p", "~q"], "r", "inconsistent"),
        formula_case(["p <-> ~p"], "true", "inconsistent"),
        formula_case(["p | q", "~p", "~q"], "p | q", "inconsistent"),
        formula_case(["false"], "true", "inconsistent"),
        formula_case(["p -> p"], "p", "tautology"),
        formula_case([], "p | ~p", "tautology"),
        formula_case([], "p & ~p", "contradiction"),
        formula_case([], "((p -> q) -> p) -> p", "tautology", "Peirce's law"),
        formula_case(["p"], "p", "identity"),
        formula_case(["Rain -> Wet_ground", "Rain"], "Wet_ground", "identifiers"),
        formula_case(["_x1 & x_2"], "_x1", "identifiers"),
        formula_case(
            ["notp -> andq", "notp"], "andq", "identifiers", "keywords only as whole words"
        ),
    ]
    bad = [
        ("p &", "malformed_input"),
        ("& p", "malformed_input"),
        ("(p", "malformed_input"),
        ("p)", "malformed_input"),
        ("p q", "malformed_input"),
        ("", "malformed_input"),
        ("   ", "malformed_input"),
        ("1p", "malformed_input"),
        ("p = q", "malformed_input"),
        ("p => q", "malformed_input"),
        ("p <- q", "malformed_input"),
        ("p ^ q", "malformed_input"),
        ("not", "malformed_input"),
        ("()", "malformed_input"),
        ("p && || q", "malformed_input"),
        ("p ~ q", "malformed_input"),
        ("p, q", "malformed_input"),
        ("p -> q ->", "malformed_input"),
        ("p(x)", "out_of_regime"),
        ("mortal(socrates) -> q", "out_of_regime"),
        ("forall x p", "out_of_regime"),
        ("exists y q", "out_of_regime"),
        ("∀x p", "out_of_regime"),
        ("∃x (p)", "out_of_regime"),
        ("p -> loves(a, b)", "out_of_regime"),
    ]
    for i, (text, pattern) in enumerate(bad):
        if i % 2:
            out.append(formula_case(["p"], text, pattern, "bad query"))
        else:
            out.append(formula_case([text, "p"], "p", pattern, "bad premise"))
    return out


def chains(rng, count):
    out = []
    for _ in range(count):
        n = rng.randint(6, 16)
        names = [f"s{i}" for i in range(n)]
        kind = rng.choice(["forward", "contrapositive", "broken", "nested", "iff"])
        if kind == "forward":
            prem = [f"{a} -> {b}" for a, b in itertools.pairwise(names)] + [names[0]]
            rng.shuffle(prem)
            out.append(formula_case(prem, names[-1], "long_chain"))
        elif kind == "contrapositive":
            prem = [f"{a} -> {b}" for a, b in itertools.pairwise(names)] + [f"~{names[-1]}"]
            rng.shuffle(prem)
            out.append(formula_case(prem, f"~{names[0]}", "long_contraposition"))
        elif kind == "broken":
            cut = rng.randrange(1, n - 1)
            prem = [f"{a} -> {b}" for j, (a, b) in enumerate(itertools.pairwise(names)) if j != cut]
            prem.append(names[0])
            rng.shuffle(prem)
            out.append(formula_case(prem, names[-1], "broken_chain"))
        elif kind == "nested":
            text = " -> ".join(names)  # right-associative: s0 -> (s1 -> (...))
            out.append(formula_case([text, *names[:-1]], names[-1], "nested_implication"))
        else:
            prem = [f"{a} <-> {b}" for a, b in itertools.pairwise(names)]
            prem.append(f"~{names[-1]}")
            rng.shuffle(prem)
            out.append(
                formula_case(prem, rng.choice([names[0], f"~{names[0]}"]), "long_biconditional")
            )
    return out


def random_cases(rng, count, max_atoms=8):
    """Random formulas, rejection-sampled so that the outcomes come out balanced."""
    want = {"entailed": count // 4, "refuted": count // 4, "unknown": count // 4}
    want["refused"] = count - sum(want.values())
    out = []
    while any(want.values()):
        n = rng.randint(2, max_atoms)
        names = [rng.choice("pqrstuvw") + str(i) for i in range(n)]
        prem = [
            show(random_tree(rng, names, rng.randint(1, 4)), rng) for _ in range(rng.randint(1, 4))
        ]
        query = show(random_tree(rng, names, rng.randint(0, 3)), rng, minimal=rng.random() < 0.7)
        case = formula_case(prem, query, "random")
        if want[case["gold"]] > 0:
            want[case["gold"]] -= 1
            out.append(case)
    return out


# --- finite entities ---------------------------------------------------------------------


def problem_case(problem, pattern, description=None):
    gold, refusal = oracle.decide_problem(problem)
    case = {"pattern": pattern, **problem, "gold": gold}
    if refusal is not None:
        case["refusal"] = refusal
    if description:
        case["description"] = description
    return case


def atom(key, who, predicate, positive=True):
    return {key: who, "predicate": predicate, "polarity": "positive" if positive else "negative"}


def entity_handwritten():
    e = lambda *a: atom("entity", *a)  # noqa: E731
    v = lambda *a: atom("var", *a)  # noqa: E731
    out = [
        problem_case(
            {
                "entities": ["socrates", "zeus"],
                "facts": [e("socrates", "man"), e("zeus", "man", False)],
                "rules": [{"if": [v("x", "man")], "then": v("x", "mortal")}],
                "query": e("socrates", "mortal"),
            },
            "entity_rules",
        ),
        problem_case(
            {
                "entities": ["socrates", "zeus"],
                "facts": [e("socrates", "man"), e("zeus", "man", False)],
                "rules": [{"if": [v("x", "man")], "then": v("x", "mortal")}],
                "query": e("zeus", "mortal"),
            },
            "entity_rules",
        ),
        problem_case(
            {
                "entities": ["tweety", "opus"],
                "facts": [e("tweety", "bird"), e("opus", "bird"), e("opus", "flies", False)],
                "rules": [
                    {"if": [v("x", "bird"), v("x", "penguin", False)], "then": v("x", "flies")}
                ],
                "query": e("opus", "penguin"),
            },
            "entity_contraposition",
        ),
        problem_case(
            {
                "entities": ["a", "b", "c"],
                "facts": [e("a", "red")],
                "rules": [{"if": [v("x", "red")], "then": v("y", "seen")}],
                "query": e("c", "seen"),
            },
            "entity_two_variables",
        ),
        problem_case(
            {
                "entities": ["a", "b"],
                "facts": [e("a", "p"), e("a", "p", False)],
                "rules": [],
                "query": e("b", "p"),
            },
            "entity_inconsistent",
        ),
        problem_case(
            {
                "entities": ["a", "b"],
                "facts": [e("a", "p")],
                "rules": [
                    {"if": [v("x", "p")], "then": v("x", "q")},
                    {"if": [v("x", "q")], "then": v("x", "p", False)},
                ],
                "query": e("b", "q"),
            },
            "entity_inconsistent",
        ),
        problem_case(
            {
                "entities": ["a"],
                "facts": [],
                "rules": [{"if": [], "then": v("x", "p")}],
                "query": e("a", "p"),
            },
            "entity_rules",
            "a rule with an empty body holds of every entity",
        ),
        problem_case(
            {
                "entities": ["a", "b"],
                "facts": [e("a", "p")],
                "rules": [{"if": [e("a", "p")], "then": e("b", "q")}],
                "query": e("b", "q"),
            },
            "entity_rules",
            "rule atoms may name entities",
        ),
        problem_case(
            {"entities": ["a"], "facts": [], "rules": [], "query": v("x", "p")},
            "ungrounded",
            "a query about a variable",
        ),
        problem_case(
            {"entities": ["a"], "facts": [v("x", "p")], "rules": [], "query": e("a", "p")},
            "ungrounded",
            "a fact about a variable",
        ),
        problem_case(
            {"entities": [], "facts": [], "rules": [], "query": e("a", "p")},
            "ungrounded",
            "no entities to ground over",
        ),
        problem_case(
            {"entities": ["a"], "facts": [e("b", "p")], "rules": [], "query": e("a", "p")},
            "unknown_entity",
        ),
    ]
    return out


def entity_random(rng, count):
    want = {"entailed": count // 4, "refuted": count // 4, "unknown": count // 4}
    want["refused"] = count - sum(want.values())
    out = []
    while any(want.values()):
        ne = rng.randint(1, 3)
        npred = rng.randint(2, 16 // ne if ne > 1 else 5)
        npred = min(npred, 5)
        entities = [rng.choice(["ann", "bob", "cy", "dee", "eve"]) + str(i) for i in range(ne)]
        preds = [
            rng.choice(["red", "big", "cold", "tall", "odd", "safe"]) + str(i) for i in range(npred)
        ]

        def rand_atom(key, who, preds=preds):
            return atom(key, who, rng.choice(preds), rng.random() < 0.7)

        facts = [rand_atom("entity", rng.choice(entities)) for _ in range(rng.randint(0, 3))]
        rules = []
        for _ in range(rng.randint(1, 4)):
            body = [rand_atom("var", "x") for _ in range(rng.randint(1, 2))]
            rules.append({"if": body, "then": rand_atom("var", "x")})
        problem = {
            "entities": entities,
            "facts": facts,
            "rules": rules,
            "query": rand_atom("entity", rng.choice(entities)),
        }
        case = problem_case(problem, "entity_random")
        if want[case["gold"]] > 0:
            want[case["gold"]] -= 1
            out.append(case)
    return out


# --- English ---------------------------------------------------------------------------------

TERMS = [
    "socrates",
    "man",
    "mortal",
    "animal",
    "whale",
    "mammal",
    "fish",
    "fire",
    "oxygen",
    "vacuum",
    "bread",
    "flour",
    "wheat",
    "dog",
    "cat",
    "bird",
    "wing",
    "feather",
]


def english_problem(claims, query):
    """The reading the contract documents, written here for the oracle (not the engine's)."""
    terms = sorted({t for s, _, o, _ in [*claims, query] for t in (s, o)})
    facts = [atom("entity", t, t) for t in terms]
    rules = []
    for s, rel, o, positive in claims:
        if rel == "requires" and not positive:
            facts.append(atom("entity", s, o, False))
        else:
            rules.append({"if": [atom("var", "x", s)], "then": atom("var", "x", o, positive)})
    s, _, o, positive = query
    return {
        "entities": terms,
        "facts": facts,
        "rules": rules,
        "query": atom("entity", s, o, positive),
    }


def say(claim, rng):
    s, rel, o, positive = claim
    art = lambda t: (rng.choice(["a ", "the ", ""]) if t != "socrates" else "") + t  # noqa: E731
    if rel == "is":
        verb = rng.choice(["is", "is"]) if positive else rng.choice(["is not", "isn't"])
    else:
        verb = "requires" if positive else rng.choice(["does not require", "doesn't require"])
    text = f"{art(s)} {verb} {art(o)}"
    prefix = rng.choice(["", "", "Actually ", "Correction: "])
    return (
        prefix
        + (text[0].upper() + text[1:] if rng.random() < 0.5 else text)
        + rng.choice(["", "."])
    )


def english_case(claims, query, pattern, rng):
    gold, refusal = oracle.decide_problem(english_problem(claims, query))
    case = {
        "pattern": pattern,
        "language": "english",
        "premises": [say(c, rng) for c in claims],
        "query": say(query, random.Random(0)).removeprefix("Actually ").rstrip("."),
        "gold": gold,
    }
    if refusal is not None:
        case["refusal"] = refusal
    return case


def english_cases(rng, count):
    out = [
        english_case(
            [("socrates", "is", "man", True), ("man", "is", "mortal", True)],
            ("socrates", "is", "mortal", True),
            "english_syllogism",
            rng,
        ),
        english_case(
            [("fire", "requires", "oxygen", True), ("vacuum", "is", "oxygen", False)],
            ("vacuum", "is", "fire", False),
            "english_modus_tollens",
            rng,
        ),
        english_case(
            [("whale", "is", "mammal", True), ("mammal", "is", "fish", False)],
            ("whale", "is", "fish", True),
            "english_negation",
            rng,
        ),
        english_case(
            [("whale", "is", "mammal", True)], ("whale", "is", "fish", True), "english_unknown", rng
        ),
        english_case(
            [("bread", "requires", "flour", True), ("flour", "requires", "wheat", True)],
            ("bread", "requires", "wheat", True),
            "english_requires_chain",
            rng,
        ),
        english_case(
            [("dog", "is", "cat", True), ("dog", "is", "cat", False)],
            ("dog", "is", "bird", True),
            "english_contradiction",
            rng,
        ),
        english_case(
            [("bread", "requires", "flour", True), ("bread", "requires", "flour", False)],
            ("bread", "is", "wheat", True),
            "english_contradiction",
            rng,
        ),
    ]
    while len(out) < count:
        terms = rng.sample(TERMS, 4)
        claims = []
        for _ in range(rng.randint(1, 4)):
            s, o = rng.sample(terms, 2)
            claims.append((s, rng.choice(["is", "is", "requires"]), o, rng.random() < 0.75))
        s, o = rng.sample(terms, 2)
        out.append(english_case(claims, (s, "is", o, rng.random() < 0.7), "english_random", rng))
    hand = [
        (["What is truth?"], "truth is light", "malformed", "a question is not a premise"),
        (["truth"], "truth is light", "malformed", "no relation"),
        (
            ["dawn precedes noon"],
            "dawn is noon",
            "out_of_regime",
            "precedes has no propositional reading",
        ),
        (
            ["a question presupposes a speaker"],
            "question is speaker",
            "out_of_regime",
            "presupposes",
        ),
        (["socrates is a man"], "What is socrates?", "malformed", "a question as the query"),
        (["socrates is a man is mortal"], "socrates is mortal", "malformed", "two relations"),
    ]
    for premises, query, kind, note in hand:
        out.append(
            {
                "pattern": "english_refused",
                "language": "english",
                "premises": premises,
                "query": query,
                "gold": "refused",
                "refusal": kind,
                "description": f"gold by hand: {note}",
            }
        )
    return out


# --- files -----------------------------------------------------------------------------------


def build():
    dev_rng = random.Random(19001)
    pub_rng = random.Random(19002)
    hand = handwritten()
    dev = hand[::3] + chains(dev_rng, 8) + random_cases(dev_rng, 24, 6) + entity_handwritten()[::2]
    dev += entity_random(dev_rng, 12) + english_cases(dev_rng, 10)[::2]
    pub = [c for i, c in enumerate(hand) if i % 3] + chains(pub_rng, 24) + random_cases(pub_rng, 80)
    pub += entity_handwritten()[1::2] + entity_random(pub_rng, 32) + english_cases(pub_rng, 30)
    return {"dev": ("DED-DEV", dev), "public/v1": ("DED-V1", pub)}


def render_file(prefix, cases):
    lines = []
    for i, case in enumerate(cases, start=1):
        lines.append(json.dumps({"id": f"{prefix}-{i:03d}", **case}, ensure_ascii=False))
    return "\n".join(lines) + "\n"


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="fail if a file would change")
    args = parser.parse_args(argv)
    stale = []
    for split, (prefix, cases) in build().items():
        path = LANE / split / "cases.jsonl"
        text = render_file(prefix, cases)
        if args.check:
            if not path.is_file() or path.read_text(encoding="utf-8") != text:
                stale.append(str(path))
            continue
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        print(f"{path.relative_to(LANE.parent.parent)}: {len(cases)} cases")
    if stale:
        print("stale (re-run generate.py):", *stale, sep="\n  ")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
