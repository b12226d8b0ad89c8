"""The worked example of ``docs/perturbations.md`` runs, and prints what the page shows.

The page marks its blocks: ``<!-- file: PATH -->`` before a block to write,
``<!-- edit: PATH -->`` before a diff (runs of ``-`` lines replaced by the ``+`` lines
after them), ``<!-- run: pytest ARGS -->`` before the output that run must print."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest

DOC = Path(__file__).resolve().parents[2] / "docs" / "perturbations.md"
_STEP = re.compile(r"<!-- (file|edit|run): (.+?) -->\n```[a-z]*\n(.*?)```", re.DOTALL)


def _edit(text: str, diff: str) -> str:
    hunks: list[tuple[list[str], list[str]]] = []
    for line in diff.splitlines():
        sign, rest = line[:1], line[1:]
        if sign == "-" and (not hunks or hunks[-1][1]):
            hunks.append(([], []))
        hunks[-1][0 if sign == "-" else 1].append(rest)
    for old, new in hunks:
        before = "".join(f"{line}\n" for line in old)
        assert before in text, f"the page's diff does not apply: {before!r}"
        text = text.replace(before, "".join(f"{line}\n" for line in new), 1)
    return text


def test_the_worked_example_prints_what_the_page_shows(
    pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "100")
    pytester.makeini("[pytest]\n")
    steps = _STEP.findall(DOC.read_text(encoding="utf-8"))
    assert [kind for kind, _, _ in steps] == ["file", "file", "run", "edit", "run"]
    for kind, argument, body in steps:
        if kind == "file":
            path = pytester.path / argument
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(body, encoding="utf-8")
        elif kind == "edit":
            path = pytester.path / argument
            path.write_text(_edit(path.read_text(encoding="utf-8"), body), encoding="utf-8")
        else:
            args = shlex.split(argument)
            assert args[0] == "pytest"
            result = pytester.runpytest("-p", "no:xdist", *args[1:])
            # Line for line, in order (fnmatch: the page's lines hold no wildcards but [ ]).
            result.stdout.fnmatch_lines(
                [re.sub(r"([\[\]?*])", r"[\1]", line) for line in body.splitlines()],
                consecutive=True,
            )
