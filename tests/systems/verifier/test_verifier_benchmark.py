"""``benchmarks/derivation.py`` runs on corpora written elsewhere (field names by option)."""

from __future__ import annotations

import importlib.util
import json
import pathlib
import sys
from types import ModuleType

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[3]
LUCY = "Lucy has 12 apples. She eats 3 apples. How many apples does Lucy have left?"


def figures_of(out: str, corpus: str | None = None) -> dict[str, str]:
    """The table row of ``corpus`` (the first row if None): column name, then value."""
    lines = [line for line in out.split("\n\n", 1)[0].splitlines() if line.startswith("|")]
    header = [c.strip() for c in lines[0].strip("|").split("|")]
    for line in lines[2:]:
        cells = [c.strip() for c in line.strip("|").split("|")]
        if corpus is None or cells[0] == corpus:
            return dict(zip(header, cells, strict=True))
    raise AssertionError(f"no row {corpus} in:\n{out}")


def load() -> ModuleType:
    spec = importlib.util.spec_from_file_location(
        "derivation_bench", ROOT / "benchmarks/derivation.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    # Registered first: the script's dataclasses look their module up while it loads.
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def test_foreign_field_names_and_answer_pattern(
    tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]
) -> None:
    rows = [
        {
            "qid": "a",
            "question": LUCY,
            "solution": "12 - 3 = 9\n#### 9",
        },
        {
            "qid": "b",
            "question": LUCY,
            "solution": "#### 10",
        },
        {"qid": "c", "question": "Why is the sky blue?", "solution": "#### 1,000"},
        {
            "qid": "d",
            "question": "Ben has 5 cards. How many cards does Ben have?",
            "solution": "no number here",
        },
    ]
    path = tmp_path / "foreign.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in rows))
    options = ["--text-field", "question", "--answer-field", "solution", "--id-field", "qid"]
    flags = ["--show-wrong", "--fail-on-wrong", "--repeat", "1"]
    code = load().main([str(path), *options, "--answer-pattern", r"####\s*(-?[\d,.]+)", *flags])
    out = capsys.readouterr().out
    assert code == 1
    figures = figures_of(out)
    assert figures["problems"] == "3 (+1 skipped)"
    assert (figures["committed"], figures["correct"], figures["wrong"], figures["refused"]) == (
        "2",
        "1",
        "1",
        "1",
    )
    assert figures["coverage"] == "0.333" and figures["wrong/committed"] == "0.500"
    assert "b: committed 9" in out
    assert "wrong commits, foreign.jsonl:" in out


def test_several_corpora_one_row_each_and_a_histogram_each(
    tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]
) -> None:
    one = tmp_path / "one.jsonl"
    one.write_text(json.dumps({"id": "x", "problem": LUCY, "answer": 9}) + "\n")
    two = tmp_path / "two.jsonl"
    rows = [
        {"id": "y", "problem": "Anna has 30 pens. Anna doubles. How many pens?", "answer": 60},
        {"id": "z", "problem": "Tom has 5 apples.", "answer": None},
        {"id": "w", "problem": "Why is the sky blue?", "answer": 1},
    ]
    two.write_text("".join(json.dumps(r) + "\n" for r in rows))
    assert load().main([str(one), str(two), "--repeat", "1"]) == 0
    out = capsys.readouterr().out
    first, second = figures_of(out, "one.jsonl"), figures_of(out, "two.jsonl")
    assert (first["problems"], first["correct"], first["coverage"]) == ("1", "1", "1.000")
    assert (second["problems"], second["committed"], second["refused"]) == ("3", "0", "3")
    assert "refusal reasons, one.jsonl" not in out
    histogram = out.split("refusal reasons, two.jsonl:", 1)[1]
    assert "no_question_found" in histogram and "question_not_understood" in histogram
    assert "load average" in out


def test_unreadable_corpus_is_exit_2(
    tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"problem": "x"}\n{broken\n')
    assert load().main([str(bad)]) == 2
    assert "bad.jsonl:2" in capsys.readouterr().err
    assert load().main([str(tmp_path / "missing.jsonl")]) == 2


def test_the_corpus_meets_issue_9(capsys: pytest.CaptureFixture[str]) -> None:
    corpus = ROOT / "lanes/scenarios/corpus/problems.jsonl"
    assert load().main([str(corpus), "--repeat", "1", "--fail-on-wrong"]) == 0
    figures = figures_of(capsys.readouterr().out)
    assert int(figures["problems"]) >= 300
    assert figures["wrong"] == "0"
    assert float(figures["coverage"]) >= 0.60


def test_the_hand_written_adversarial_set_has_no_wrong_commit(
    capsys: pytest.CaptureFixture[str],
) -> None:
    corpus = ROOT / "lanes/scenarios/corpus/adversarial.jsonl"
    assert load().main([str(corpus), "--repeat", "1", "--fail-on-wrong", "--show-wrong"]) == 0
    figures = figures_of(capsys.readouterr().out)
    assert figures["wrong"] == "0" and int(figures["committed"]) > 0


def test_the_hand_written_public_corpus_has_no_wrong_commit(
    capsys: pytest.CaptureFixture[str],
) -> None:
    corpus = ROOT / "lanes/scenarios/corpus/handwritten.jsonl"
    assert load().main([str(corpus), "--repeat", "1", "--fail-on-wrong", "--show-wrong"]) == 0
    figures = figures_of(capsys.readouterr().out)
    assert int(figures["problems"]) >= 300
    assert figures["wrong"] == "0" and int(figures["committed"]) >= 100
    rows = [json.loads(line) for line in corpus.read_text(encoding="utf-8").splitlines()]
    assert len({r["id"] for r in rows}) == len(rows) == len({r["problem"] for r in rows})


# shared/ sits beside the checkout (and one level up from a worktree under wt/).
MAWPS = next(
    (
        base / "shared/data/word-problems/mawps-dev.jsonl"
        for base in (ROOT.parent, ROOT.parent.parent)
        if (base / "shared/data/word-problems/mawps-dev.jsonl").is_file()
    ),
    ROOT.parent / "shared/data/word-problems/mawps-dev.jsonl",
)


@pytest.mark.skipif(
    not MAWPS.is_file(), reason="the public MAWPS dev corpus is not beside the tree"
)
def test_no_wrong_commit_on_mawps_dev(capsys: pytest.CaptureFixture[str]) -> None:
    """Read by path, never copied into the tree (it is kept outside to measure)."""
    errata = ROOT / "lanes/scenarios/corpus/gold-errata.json"
    argv = [str(MAWPS), "--repeat", "1", "--fail-on-wrong", "--show-wrong", "--errata", str(errata)]
    assert load().main(argv) == 0
    out = capsys.readouterr().out
    figures = figures_of(out)
    assert figures["wrong"] == "0" and int(figures["correct"]) >= 250
    # Every corrected gold is printed with its reason.
    for ident in json.loads(errata.read_text(encoding="utf-8")):
        assert f"{ident}: gold " in out


def test_errata_replace_a_gold_and_are_printed(
    tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]
) -> None:
    corpus = tmp_path / "c.jsonl"
    corpus.write_text(json.dumps({"id": "x1", "problem": LUCY, "answer": 10}) + "\n")
    assert load().main([str(corpus), "--repeat", "1", "--fail-on-wrong"]) == 1
    capsys.readouterr()
    errata = tmp_path / "errata.json"
    errata.write_text(json.dumps({"x1": {"answer": 9, "why": "12 - 3 = 9"}}))
    argv = [str(corpus), "--repeat", "1", "--fail-on-wrong", "--errata", str(errata)]
    assert load().main(argv) == 0
    out = capsys.readouterr().out
    assert figures_of(out)["wrong"] == "0" and "x1: gold 10 read as 9: 12 - 3 = 9" in out
    errata.write_text(json.dumps({"x1": {"answer": 9}}))
    assert load().main(argv) == 2
    assert "needs 'answer' and 'why'" in capsys.readouterr().err
