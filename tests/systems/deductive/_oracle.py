"""Load the lane's independent oracle and case generator by path (the lanes are not a package)."""

from __future__ import annotations

import importlib.util
import pathlib
import sys
from types import ModuleType

LANE = pathlib.Path(__file__).resolve().parents[3] / "lanes" / "deductive_logic"


def load(name: str) -> ModuleType:
    key = f"deductive_logic_{name}"
    if key in sys.modules:
        return sys.modules[key]
    spec = importlib.util.spec_from_file_location(key, LANE / "oracle" / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[key] = module
    spec.loader.exec_module(module)
    return module
