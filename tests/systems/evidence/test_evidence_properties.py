"""Hypothesis properties of the evidence checker."""

from __future__ import annotations

import os
import pathlib
import tempfile
from collections.abc import Iterator
from decimal import Decimal
from typing import Any

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from pytest_core_verify.systems.evidence import check_batch, check_claim
from pytest_core_verify.systems.evidence._check import check_batch as batch_with_chunks
from tests.helpers import examples

SETTINGS = settings(
    max_examples=examples(150), deadline=None, suppress_health_check=[HealthCheck.too_slow]
)

# (file name, template): {n} is the number as written.
FORMATS = [
    ("r.json", '{{"f1":{n},"ok":true}}'),
    ("r.json", '{{\n  "metrics": {{\n    "f1": {n}\n  }}\n}}\n'),
    ("r.json", '{{"xs":[{n},{n}]}}'),
    ("r.csv", "run,f1,acc\nbase,{n},x\n"),
    ("r.csv", "{n}\n"),
    ("r.md", "| model | F1 |\n|---|---|\n| ours | {n} |\n"),
    ("r.tex", "We reach $F = {n}$ overall.\n"),
    ("r.tex", "ours & {n} \\\\\n"),
    ("r.log", "2026-11-29T20:57:14Z INFO val_acc={n} done\n"),
    ("r.txt", "{n}"),
]
PERCENT_FORMATS = [
    ("r.tex", "a gain of {n}\\%.\n"),
    ("r.md", "up {n}% overall\n"),
    ("r.log", "acc={n}%\n"),
]


@st.composite
def numbers(draw: st.DrawFn) -> tuple[Decimal, str]:
    """A finite decimal and one way of writing it (plain, grouped or scientific)."""
    digits = draw(st.integers(min_value=0, max_value=10**12))
    scale = draw(st.integers(min_value=-4, max_value=8))
    negative = draw(st.booleans())
    value = Decimal(digits).scaleb(-scale) * (-1 if negative else 1)
    style = draw(st.sampled_from(["plain", "grouped", "sci", "SCI", "unicode-minus"]))
    if style == "grouped" and abs(value) >= 1000:
        text = format(value, ",f")
    elif style in ("sci", "SCI"):
        text = format(value, "e" if style == "sci" else "E")
    else:
        text = format(value, "f")
    if style == "unicode-minus":
        text = text.replace("-", "\u2212")
    return value, text


@pytest.fixture(scope="module")
def workspace() -> Iterator[pathlib.Path]:
    with tempfile.TemporaryDirectory() as d:
        yield pathlib.Path(d)


def _fresh(workspace: pathlib.Path) -> pathlib.Path:
    root = pathlib.Path(tempfile.mkdtemp(dir=workspace))
    return root


def _value_forms(value: Decimal, draw_form: str) -> Any:
    if draw_form == "float" and abs(value) < Decimal("1e15"):
        return float(value) if Decimal(repr(float(value))) == value else format(value, "f")
    if draw_form == "sci":
        return format(value, "e")
    return format(value, "f")


@SETTINGS
@given(
    number=numbers(),
    fmt=st.sampled_from(FORMATS),
    form=st.sampled_from(["plain", "float", "sci"]),
    percent_fmt=st.sampled_from(PERCENT_FORMATS),
    percent=st.booleans(),
)
def test_a_written_number_is_verified_and_a_changed_digit_is_not(
    workspace: pathlib.Path,
    number: tuple[Decimal, str],
    fmt: tuple[str, str],
    form: str,
    percent_fmt: tuple[str, str],
    percent: bool,
) -> None:
    value, written = number
    name, template = percent_fmt if percent else fmt
    if name.endswith((".json", ".csv")) and "," in written:
        written = format(value, "f")  # there a comma separates fields: 1,000 is two numbers
    root = _fresh(workspace)
    (root / name).write_text(template.format(n=written), encoding="utf-8")
    claim = _value_forms(value, form)
    if percent:
        claim = f"{format(value, 'f')}%"
    r = check_claim(claim, name, root)
    assert r["status"] == "verified", (written, claim, r)
    assert r["file"] == name and r["line"] >= 1 and r["column"] >= 1

    # The same file with the written number's last digit changed: not verified.
    last = max(i for i, ch in enumerate(written) if ch.isdigit())
    new_digit = str((int(written[last]) + 1 + (int(written[-1]) % 3)) % 10)
    changed = written[:last] + new_digit + written[last + 1 :]
    plain = changed.replace(",", "").replace("\u2212", "-")
    assume(Decimal(plain) != value)  # 0e5 -> 0e6 is still zero
    (root / name).write_text(template.format(n=changed), encoding="utf-8")
    r = check_claim(claim, name, root)
    assert r["status"] == "value_not_found", (written, changed, claim, r)


# A tree whose parent holds the only copy of the value: nothing may ever verify it.
SEGMENTS = [
    "..",
    ".",
    "decoy.txt",
    "root",
    "up",
    "out",
    "in.txt",
    "sub",
    "*",
    "**",
    "?ecoy.txt",
    "",
]


@pytest.fixture(scope="module")
def decoy_tree(workspace: pathlib.Path) -> pathlib.Path:
    base = workspace / "decoy_tree"
    root = base / "root"
    (root / "sub").mkdir(parents=True)
    (base / "decoy.txt").write_text("secret 8675.309 open sesame\n", encoding="utf-8")
    (root / "in.txt").write_text("nothing to see\n", encoding="utf-8")
    (root / "sub" / "in.txt").write_text("nothing here either\n", encoding="utf-8")
    os.symlink("..", root / "up")
    os.symlink("../decoy.txt", root / "out")
    os.symlink("../../decoy.txt", root / "sub" / "out")
    return root


@SETTINGS
@given(
    parts=st.lists(st.sampled_from(SEGMENTS), min_size=1, max_size=6),
    anchor=st.sampled_from(["", "/", "abs-root", "abs-base"]),
    value=st.sampled_from(["8675.309", 8675.309, "open sesame", "secret"]),
    pointer=st.booleans(),
)
def test_no_path_outside_root_is_ever_opened(
    decoy_tree: pathlib.Path,
    open_recorder: Any,
    parts: list[str],
    anchor: str,
    value: object,
    pointer: bool,
) -> None:
    source = "/".join(parts)
    if anchor == "/":
        source = "/" + source
    elif anchor == "abs-root":
        source = f"{decoy_tree}/{source}"
    elif anchor == "abs-base":
        source = f"{decoy_tree.parent}/{source}"
    if pointer:
        source += "#/x"
    with open_recorder() as opened:
        r = check_claim(value, source, decoy_tree)
    root = os.path.realpath(decoy_tree)
    assert all(p == root if how == "abs" else p.startswith(root + os.sep) for p, how in opened), (
        source,
        opened,
    )
    assert r["status"] != "verified", (source, r)


ALPHABET = st.sampled_from(
    list("0123456789") * 4
    + list(' .,-+%e\n\t_:/|$\\"')
    + ["\u2212", "\u00e9", "\u2013", "\ufb01", "\u00a0", "ab", "x", "nan", "1,000", "7.3e1"]
)


@SETTINGS
@given(
    pieces=st.lists(ALPHABET, min_size=0, max_size=1200),
    chunk_size=st.integers(min_value=1, max_value=1500),
    suffix=st.sampled_from([".txt", ".csv", ".json"]),
    extra=st.lists(
        st.sampled_from(["73", "1,000", "-1", "e", "ab 7", "nan", "\u00e9 1"]), max_size=3
    ),
)
def test_chunking_never_changes_the_result(
    workspace: pathlib.Path, pieces: list[str], chunk_size: int, suffix: str, extra: list[str]
) -> None:
    text = "".join(pieces)
    root = _fresh(workspace)
    name = "f" + suffix
    (root / name).write_text(text, encoding="utf-8")
    # Values drawn from the text itself, so that many of them occur.
    words = {w for w in text.replace("\n", " ").split(" ") if w.strip()}
    values = sorted(words)[:12] + extra
    claims = [{"value": v, "source": name} for v in values]
    reference = check_batch(claims, root)
    assert batch_with_chunks(claims, root, chunk_size=chunk_size) == reference
