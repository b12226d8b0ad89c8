"""What the plugin registers with pytest before it knows whether there is work: its
options, ini keys and hook specifications, and the test of whether this session has any
lane work at all (pytest glue).

A plugin installed in every environment is a guest in every pytest session. This module,
``plugin.py`` and ``_core.layout`` are all that a session in a project without lanes
imports of the package; the rest is imported in ``pytest_configure`` once ``has_work``
says there are lanes (or an option or ini key of the plugin was given, whose checks then
run as usual).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pytest

from pytest_core_verify._core.layout import discover_lanes

if TYPE_CHECKING:
    from pytest_core_verify._core.aggregate import LaneResult

__all__ = [
    "DEFAULT_RUN_TIMEOUT",
    "DEFAULT_SOURCE_DATE_EPOCH",
    "DEFAULT_SPLITS",
    "GATE_MODES",
    "PROGRESS_MODES",
    "add_options",
    "has_work",
    "pytest_core_verify_lane_result",
]

DEFAULT_SPLITS = ("dev", "public")
GATE_MODES = ("auto", "always", "never")
#: 2026-01-01T00:00:00Z: the clock every run sees unless the ini file says otherwise,
#: so that pins do not depend on the machine's environment.
DEFAULT_SOURCE_DATE_EPOCH = "1767225600"
DEFAULT_RUN_TIMEOUT = 60.0

#: ``--lane-progress``: auto shows it on a terminal and not under -q.
PROGRESS_MODES = ("auto", "on", "off")
#: The group every option of the plugin is in (``pytest --help`` lists them together).
OPTION_GROUP = "core-verify"


def add_options(parser: pytest.Parser) -> None:
    group = parser.getgroup(OPTION_GROUP, "core-verify: JSONL lanes of evaluation cases")
    group.addoption(
        "--lane",
        action="append",
        default=[],
        metavar="NAME",
        help="run only these lanes' cases (repeatable, or comma-separated); other tests "
        "are deselected",
    )
    group.addoption(
        "--split",
        action="append",
        default=[],
        metavar="SPLIT",
        help="which splits to run: dev, public, holdout or all (repeatable, or "
        "comma-separated; default: dev,public)",
    )
    group.addoption(
        "--results",
        default=None,
        metavar="DIR",
        help="write one results JSON per lane, split and version into DIR",
    )
    group.addoption(
        "--lane-gate",
        choices=GATE_MODES,
        default="auto",
        help="when lane thresholds decide the exit status: auto (default) when a lane "
        "split ran whole, not for a partial selection (-k, --lf, a node id); always; "
        "never (report only). CI should use auto or always",
    )
    group.addoption(
        "--lane-skip",
        action="store_true",
        default=False,
        help="run ordinary tests only: collect no lane cases (disable the plugin "
        "entirely with -p no:core_verify)",
    )
    group.addoption(
        "--run-timeout",
        default=None,
        metavar="SECONDS",
        help="time limit of each run of a case (run A and run B each); 0 disables; "
        "default: the ini key core_verify_timeout (60)",
    )
    group.addoption(
        "--replay",
        default=None,
        metavar="MODE",
        help="process (run B in a helper interpreter with another hash seed, clock, HOME, "
        "PATH and TMPDIR; the default), process-real-clock (the helper without the clock "
        "shift, for libraries such as pandas) or inprocess; default: the ini key "
        "core_verify_replay",
    )
    group.addoption(
        "--perturbations",
        choices=("on", "off"),
        default=None,
        help="on: each lane's @perturbation items run beside its cases (the default); "
        "off: the cases only; default: the ini key core_verify_perturbations",
    )
    _addini(
        parser,
        "core_verify_perturbations",
        "on (default): collect each lane's perturbed cases; off: the cases only",
        default="on",
    )
    _addini(
        parser,
        "core_verify_timeout",
        "seconds each run of a case may take (0: no limit)",
        default=str(int(DEFAULT_RUN_TIMEOUT)),
    )
    _addini(
        parser,
        "core_verify_replay",
        "where run B happens: process (a helper interpreter), process-real-clock or inprocess",
        default="process",
    )
    _addini(
        parser, "core_verify_lanes", "directory of lanes, relative to the rootdir", default="lanes"
    )
    _addini(
        parser,
        "core_verify_holdouts",
        "directory of sealed holdouts, relative to the rootdir",
        default="holdouts",
    )
    _addini(
        parser,
        "core_verify_snapshots",
        "directory of case snapshots, relative to the rootdir",
        default="snapshots",
    )
    _addini(
        parser,
        "core_verify_source_date_epoch",
        "SOURCE_DATE_EPOCH given to every run of a case (seconds since 1970, UTC)",
        default=DEFAULT_SOURCE_DATE_EPOCH,
    )
    group.addoption(
        "--lane-baseline",
        default=None,
        metavar="DIR",
        help="compare the lanes with an earlier results directory (pytest --results DIR): "
        "metric deltas, flipped cases, changed pins",
    )
    group.addoption(
        "--lane-baseline-fail",
        action="store_true",
        default=False,
        help="with --lane-baseline: fail the run on a regression (a metric moving the wrong "
        "way by more than the tolerance, or any case flipping pass -> fail), even when "
        "every threshold holds",
    )
    group.addoption(
        "--lane-baseline-tolerance",
        default="0",
        metavar="T",
        help="with --lane-baseline: the largest move of a metric the wrong way that is not "
        "a regression (default 0)",
    )
    _addini(
        parser,
        "core_verify_xfail_strict",
        'a case with "xfail" that passes fails the run (default true); false: it is '
        "reported as xpassed only",
        type="bool",
        default=True,
    )
    group.addoption(
        "--results-history",
        default=None,
        metavar="FILE",
        help="append one compact JSON line per lane, split and version to FILE: its "
        "metrics, thresholds, verdicts and counts by status (for core-verify report "
        "--results-history)",
    )
    group.addoption(
        "--lane-resume",
        action="store_true",
        default=False,
        help="run only the cases that an interrupted run did not finish (they are kept in "
        ".pytest_cache); the lanes' tables, gates and results are those of a whole run",
    )
    group.addoption(
        "--lane-progress",
        choices=PROGRESS_MODES,
        default="auto",
        help="a line every few seconds with the cases done, the time left and each lane's "
        "gated metrics so far: auto (default) on a terminal and not under -q; on; off",
    )


#: Every ini key of the plugin and its default, as ``add_options`` registers them.
_INI_DEFAULTS: dict[str, object] = {}


def _addini(parser: pytest.Parser, name: str, help: str, **kwargs: Any) -> None:
    parser.addini(name, help, **kwargs)
    _INI_DEFAULTS[name] = kwargs.get("default")


def _options_given(config: pytest.Config) -> bool:
    """Whether any option of the plugin's group differs from its default."""
    parser = getattr(config, "_parser", None)
    if parser is None:  # a pytest without it: load the harness, as before this check
        return True
    group = parser.getgroup(OPTION_GROUP)
    return any(
        config.getoption(option.dest) != option.default
        for option in group.options
        if option.dest is not None
    )


def has_work(config: pytest.Config) -> bool:
    """Whether this session needs the harness: the project has lanes, or the command line
    or the ini file says anything to the plugin (so a mistake there is still reported)."""
    # getini sees the ini file and `-o NAME=VALUE` alike.
    if any(config.getini(name) != default for name, default in _INI_DEFAULTS.items()):
        return True
    if discover_lanes(config.rootpath / "lanes"):
        return True
    return _options_given(config)


@pytest.hookspec
def pytest_core_verify_lane_result(lane_result: LaneResult, config: pytest.Config) -> None:
    """Called once for each lane, split and version when it is aggregated, before the
    terminal table, the results files, the GitHub summary and the exit status are made.

    It runs where the reports arrive: the only process without xdist, the controller
    with it (never on a worker), so a ``conftest.py`` or plugin sees every case once.
    Implementations may add to the result, and what they add is reported and gated like
    the lane's own metrics::

        from pytest_core_verify._core.aggregate import Threshold

        def pytest_core_verify_lane_result(lane_result, config):
            value = ...  # from lane_result.cases (id, trace_hash, metrics, passed)
            lane_result.add_metric("my_metric", value, Threshold("my_metric", min=0.9))
            lane_result.extra["note"] = "anything JSON can hold"
    """
