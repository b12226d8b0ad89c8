"""Loading a lane: its ``lane.py``, metrics, settings and case schema (pure: no pytest
import). The layout the lanes live in is ``_core.layout``."""

from __future__ import annotations

import contextlib
import importlib.util
import json
import os
import sys
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Any

from pytest_core_verify._core.lane_children import make_importable_by_children
from pytest_core_verify._core.layout import (
    CASES_FILES,
    SEALED_CASES_FILE,
    is_lane_dir,
)
from pytest_core_verify._core.metrics import MetricFn, metric_name
from pytest_core_verify._core.perturbation import Perturbation, perturbation_of
from pytest_core_verify._core.records import RecordReader

if TYPE_CHECKING:  # imported when a lane has a schema: ~50 ms off every pytest start
    import jsonschema

__all__ = [
    "BUILTIN_METRICS",
    "SETTING_VALUE_TYPES",
    "CaseFileKey",
    "Lane",
    "LaneError",
    "classify_case_file",
    "lane_module_name",
    "load_lane",
]

#: Metrics the harness computes itself, available to every lane's thresholds.
BUILTIN_METRICS = ("replay_determinism",)
#: Where run B happens: in the replay helper with its wall clock a day ahead and the
#: pure-Python ``datetime`` (``process``, the default); in the helper with the real clock
#: and the C ``datetime``, for lanes whose libraries subclass the C classes, such as
#: pandas (``process-real-clock``); or in the pytest process (``inprocess``).
REPLAY_MODES = ("process", "process-real-clock", "inprocess")
#: The modes whose run B happens in the replay helper.
HELPER_MODES = ("process", "process-real-clock")

RunFn = Callable[[dict[str, Any], Path], Any]


@dataclass(frozen=True, order=True)
class CaseFileKey:
    """Which lane, split and version a cases file belongs to."""

    lane: str
    split: str
    version: str | None = None

    @property
    def label(self) -> str:
        return "/".join(p for p in (self.lane, self.split, self.version) if p)


class LaneError(Exception):
    """A lane that cannot be used; the text names the lane and how to fix it."""


@dataclass
class Lane:
    name: str
    directory: Path
    module: ModuleType
    run: RunFn
    metrics: dict[str, MetricFn] = field(default_factory=dict)
    #: The module's ``pytestmark``, as a list (marks or mark decorators).
    marks: list[Any] = field(default_factory=list)
    validator: jsonschema.protocols.Validator | None = None
    #: ``timeout = SECONDS`` in lane.py: this lane's time limit per run (0: none).
    timeout: float | None = None
    #: ``replay = "process" | "process-real-clock" | "inprocess"`` in lane.py.
    replay: str | None = None
    lane_file: Path | None = None
    #: ``record_to_case`` and ``case_id`` in lane.py: how a line becomes a case.
    records: RecordReader | None = None
    #: The lane's ``@perturbation`` functions, by name.
    perturbations: dict[str, Perturbation] = field(default_factory=dict)

    @property
    def metric_names(self) -> tuple[str, ...]:
        relations = (p.metric for p in self.perturbations.values())
        return tuple(sorted({*self.metrics, *BUILTIN_METRICS, *relations}))


def classify_case_file(path: Path, lanes_root: Path, holdouts_root: Path) -> CaseFileKey | None:
    """The lane, split and version of a cases file, or ``None`` if it is not one.

    Only the layout's positions count, and only for a lane that has a ``lane.py``.
    """
    key: CaseFileKey | None = None
    if path.name in CASES_FILES:
        try:
            parts = path.relative_to(lanes_root).parts
        except ValueError:
            return None
        if len(parts) == 3 and parts[1] == "dev":
            key = CaseFileKey(parts[0], "dev")
        elif len(parts) == 4 and parts[1] == "public":
            key = CaseFileKey(parts[0], "public", parts[2])
    elif path.name == SEALED_CASES_FILE:
        try:
            parts = path.relative_to(holdouts_root).parts
        except ValueError:
            return None
        if len(parts) == 3:
            key = CaseFileKey(parts[0], "holdout", parts[1])
    if key is None or not is_lane_dir(lanes_root / key.lane):
        return None
    return key


def load_lane(name: str, directory: Path) -> Lane:
    """Import ``lane.py`` of a lane and check its contract. Raises ``LaneError``."""
    lane_file = directory / "lane.py"
    if "." in name:
        # Results files are named <lane>.<split>[.<version>].json: with a dot in a lane
        # name, lane "a.public" (dev) and lane "a" (public, version "dev") would share one.
        raise LaneError(
            f"lane {name!r}: a lane name must not contain '.' (results files are named "
            "<lane>.<split>[.<version>].json: it would be ambiguous); rename the lane's "
            f"directory, for example to {name.replace('.', '_')!r}"
        )
    if not lane_file.is_file():
        raise LaneError(_unreadable_lane_file(name, directory, lane_file))
    module = _import_lane_module(name, lane_file)
    run = getattr(module, "run", None)
    if not callable(run):
        raise LaneError(
            f"lane {name!r}: {lane_file} defines no run(case, workdir) function; add one "
            "that returns the case's JSON-serialisable result"
        )
    metrics: dict[str, MetricFn] = {}
    for attr in sorted(vars(module)):
        obj = getattr(module, attr)
        declared = metric_name(obj)
        if declared is None:
            continue
        if declared in metrics or declared in BUILTIN_METRICS:
            raise LaneError(
                f"lane {name!r}: metric {declared!r} is declared twice or shadows a built-in "
                f"metric ({', '.join(BUILTIN_METRICS)}); rename it"
            )
        metrics[declared] = obj
    perturbations = _perturbations(name, module, set(metrics))
    marks = getattr(module, "pytestmark", [])
    if not isinstance(marks, (list, tuple)):
        marks = [marks]
    timeout = _setting(module, "timeout")
    if timeout is not None and (
        isinstance(timeout, bool) or not isinstance(timeout, (int, float)) or not 0 <= timeout < 1e9
    ):
        raise LaneError(
            f"lane {name!r}: {lane_file} sets timeout = {timeout!r}; it must be a number of "
            "seconds per run, 0 or more (0 disables the time limit)"
        )
    replay = _setting(module, "replay")
    if replay is not None and replay not in REPLAY_MODES:
        raise LaneError(
            f"lane {name!r}: {lane_file} sets replay = {replay!r}; use "
            + ", ".join(repr(mode) for mode in REPLAY_MODES)
        )
    records = _record_reader(name, lane_file, module)
    return Lane(
        name=name,
        directory=directory,
        module=module,
        run=run,
        metrics=metrics,
        marks=list(marks),
        validator=_load_schema(name, directory / "case.schema.json"),
        timeout=None if timeout is None else float(timeout),
        replay=replay,
        lane_file=lane_file,
        records=records,
        perturbations=perturbations,
    )


def _record_reader(name: str, lane_file: Path, module: ModuleType) -> RecordReader | None:
    """The lane's ``record_to_case`` and ``case_id`` settings, checked for their types."""
    mapper = getattr(module, "record_to_case", None)
    rule = getattr(module, "case_id", None)
    if mapper is not None and not callable(mapper):
        raise LaneError(
            f"lane {name!r}: {lane_file} sets record_to_case = {mapper!r}; it must be a "
            "function (record) -> case dict"
        )
    if rule is not None and not (isinstance(rule, str) and rule) and not callable(rule):
        raise LaneError(
            f"lane {name!r}: {lane_file} sets case_id = {rule!r}; give a field name, "
            "line_number or content_hash (from pytest_core_verify), or a function "
            "(case, line) -> str"
        )
    if mapper is None and rule is None:
        return None
    return RecordReader(record_to_case=mapper, case_id=rule)


def _perturbations(name: str, module: ModuleType, metrics: set[str]) -> dict[str, Perturbation]:
    """The module's perturbations by name; one object bound to two names counts once."""
    found: dict[str, Perturbation] = {}
    for attr in sorted(vars(module)):
        declared = perturbation_of(getattr(module, attr))
        if declared is None:
            continue
        first = found.setdefault(declared.name, declared)
        if first is not declared:
            raise LaneError(
                f"lane {name!r}: two perturbations are named {declared.name!r}; give one "
                "another name (@perturbation(name=...))"
            )
        if declared.metric in metrics:
            raise LaneError(
                f"lane {name!r}: metric {declared.metric!r} is both a @metric and the rate "
                f"of perturbation {declared.name!r}; rename the metric"
            )
    return dict(sorted(found.items()))


#: The lane-level settings and what a value of each may be. A module attribute of one of
#: these names is a setting only when it is such a plain value: ``from asyncio import
#: timeout``, ``socket.timeout`` or a helper function named ``replay`` is the lane's
#: own name, not a setting, and is left alone.
SETTING_VALUE_TYPES: Mapping[str, tuple[type, ...]] = {
    "timeout": (bool, int, float, str),
    "replay": (bool, int, float, str),
}


def _setting(module: ModuleType, name: str) -> Any:
    """The lane's setting ``name``, or ``None`` when the module has no plain value of
    that name (a function, class, module or other object is not a setting)."""
    value = getattr(module, name, None)
    if value is None or not isinstance(value, SETTING_VALUE_TYPES[name]):
        return None
    return value


def lane_module_name(name: str) -> str:
    """The import name of a lane's ``lane.py``: a package whose path is the lane directory,
    so that ``from . import helpers`` in ``lane.py`` imports ``<lane dir>/helpers.py`` as
    ``core_verify_lane_<name>.helpers``: two lanes with a ``helpers.py`` each never share one.
    """
    return f"core_verify_lane_{name}"


def _unreadable_lane_file(name: str, directory: Path, lane_file: Path) -> str:
    """Why ``lane_file`` is not a file that can be imported, and the fix."""
    if lane_file.is_symlink():
        target = os.readlink(lane_file)
        return (
            f"lane {name!r}: {lane_file} is a symbolic link to {target!r}, which does not "
            "exist (a broken link); point it at the lane's module or replace it with one"
        )
    if os.path.lexists(lane_file):
        return (
            f"lane {name!r}: {lane_file} is not a regular file; a lane's lane.py is a Python "
            "module that defines run(case, workdir)"
        )
    return (
        f"lane {name!r}: {directory} has cases but no lane.py; add a lane.py that "
        "defines run(case, workdir) (see the README, 'Writing a lane')"
    )


def _import_lane_module(name: str, lane_file: Path) -> ModuleType:
    module_name = lane_module_name(name)
    spec = importlib.util.spec_from_file_location(
        module_name, lane_file, submodule_search_locations=[str(lane_file.parent)]
    )
    if spec is None or spec.loader is None:
        raise LaneError(f"lane {name!r}: cannot import {lane_file}")
    module = importlib.util.module_from_spec(spec)
    # Registered before exec so that dataclasses, pickling and relative imports work.
    sys.modules[module_name] = module
    try:
        spec.loader.exec_module(module)
    except (Exception, SystemExit, GeneratorExit) as exc:
        # SystemExit (sys.exit("needs CUDA")) and GeneratorExit are the lane's failure
        # to import, not a request to end the session: one error for this lane.
        for loaded in [m for m in sys.modules if m.startswith(module_name + ".")]:
            del sys.modules[loaded]
        sys.modules.pop(module_name, None)
        hint = ""
        missing = getattr(exc, "name", None)
        if (
            isinstance(exc, ModuleNotFoundError)
            and isinstance(missing, str)
            and (lane_file.parent / f"{missing.split('.')[0]}.py").is_file()
        ):
            hint = (
                f"; {missing.split('.')[0]}.py is beside lane.py: import it relatively, "
                f"`from . import {missing.split('.')[0]}` (see the README, 'Helper modules')"
            )
        if isinstance(exc, SystemExit):
            hint = (
                f" (sys.exit() at import, code {exc.code!r}); raise an exception instead, or "
                "skip the lane with --lane-skip"
            )
        raise LaneError(
            f"lane {name!r}: importing {lane_file} failed: {type(exc).__name__}: {exc}{hint}"
        ) from None if isinstance(exc, (SystemExit, GeneratorExit)) else exc
    # Without it (no temporary directory), a pool's children say they cannot import it.
    with contextlib.suppress(OSError):
        make_importable_by_children(module_name, name, lane_file)
    return module


def _load_schema(name: str, schema_file: Path) -> jsonschema.protocols.Validator | None:
    if not schema_file.is_file():
        return None
    import jsonschema  # only lanes with a schema pay for it

    try:
        schema: Mapping[str, Any] = json.loads(schema_file.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise LaneError(f"lane {name!r}: {schema_file} is not valid JSON: {exc}") from exc
    except RecursionError:
        raise LaneError(
            f"lane {name!r}: {schema_file} is nested too deeply for Python's JSON parser; "
            "flatten it"
        ) from None
    validator_class = jsonschema.validators.validator_for(schema)
    try:
        validator_class.check_schema(schema)
    except jsonschema.SchemaError as exc:
        raise LaneError(
            f"lane {name!r}: {schema_file} is not a valid JSON Schema: {exc.message}"
        ) from exc
    return validator_class(schema)
