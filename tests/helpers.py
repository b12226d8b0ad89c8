"""Helpers shared by the test suite: throwaway lanes built in a pytester directory.

The fixtures that use them are in ``tests/conftest.py``; test modules import the types
and builders from here (``from tests.helpers import MakeLane``), never from a conftest."""

from __future__ import annotations

import json
import textwrap
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

import pytest

DOUBLING_LANE = """
import pytest
from pytest_core_verify import metric

pytestmark = [pytest.mark.threshold("correct", min=0.5)]

def run(case, workdir):
    return {"double": case["x"] * 2}

@metric
def correct(case, result):
    return result["double"] == case.get("expect")
"""

MakeLane = Callable[..., Path]


def write_cases(path: Path, cases: Iterable[dict[str, Any] | str]) -> Path:
    """Write JSONL: dicts as compact JSON, strings as raw lines."""
    path.parent.mkdir(parents=True, exist_ok=True)
    lines = [c if isinstance(c, str) else json.dumps(c) for c in cases]
    path.write_text("".join(line + "\n" for line in lines), encoding="utf-8")
    return path


def lane_maker(pytester: pytest.Pytester) -> MakeLane:
    """``make_lane(name, code=DOUBLING_LANE, dev=[...], public={"v1": [...]})``.

    Writes ``lanes/<name>/lane.py`` (dedented) and the case files; returns the lane dir.
    An ini file is created once so the pytester dir is the rootdir.
    """
    if not (pytester.path / "pytest.ini").exists():
        pytester.makeini("[pytest]\n")

    def make(
        name: str = "demo",
        code: str | None = DOUBLING_LANE,
        dev: Iterable[dict[str, Any] | str] | None = None,
        public: dict[str, Iterable[dict[str, Any] | str]] | None = None,
        schema: dict[str, Any] | None = None,
    ) -> Path:
        lane_dir = pytester.path / "lanes" / name
        lane_dir.mkdir(parents=True, exist_ok=True)
        if code is not None:
            (lane_dir / "lane.py").write_text(textwrap.dedent(code), encoding="utf-8")
        if dev is not None:
            write_cases(lane_dir / "dev" / "cases.jsonl", dev)
        for version, cases in (public or {}).items():
            write_cases(lane_dir / "public" / version / "cases.jsonl", cases)
        if schema is not None:
            (lane_dir / "case.schema.json").write_text(json.dumps(schema), encoding="utf-8")
        return lane_dir

    return make


#: The repository's own lanes (the reference systems' lanes).
SHIPPED_LANES = Path(__file__).resolve().parents[1] / "lanes"


def shipped_lane_module(name: str) -> Any:
    """A shipped lane's ``lane.py``, imported as the harness imports it (a package of
    the lane directory, so its ``from . import edits`` finds the lane's helper modules)."""
    from pytest_core_verify._core.lanes import load_lane

    return load_lane(name, SHIPPED_LANES / name).module
