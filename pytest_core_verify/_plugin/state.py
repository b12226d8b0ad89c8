"""Per-session state, kept in ``config.stash`` (pytest glue)."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

import pytest

from pytest_core_verify._core.aggregate import CaseOutcome, LaneResult, Threshold
from pytest_core_verify._core.lanes import CaseFileKey, Lane, LaneError, load_lane
from pytest_core_verify._core.layout import discover_lanes
from pytest_core_verify._plugin.settings import Settings
from pytest_core_verify._replay.client import ReplayHelper

__all__ = ["STATE_KEY", "CaseFileTracker", "LaneRegistry", "SessionState", "get_state"]


class LaneRegistry:
    """Loads each lane once per session; remembers which lane errors were reported."""

    def __init__(self, lanes_root: Path) -> None:
        self._paths = discover_lanes(lanes_root)
        self._lanes_root = lanes_root
        self._loaded: dict[str, Lane | LaneError] = {}
        self._reported: set[str] = set()

    def get(self, name: str) -> Lane:
        if name not in self._loaded:
            directory = self._paths.get(name, self._lanes_root / name)
            try:
                self._loaded[name] = load_lane(name, directory)
            except LaneError as exc:
                self._loaded[name] = exc
        lane = self._loaded[name]
        if isinstance(lane, LaneError):
            raise lane
        return lane

    def first_report_of_error(self, name: str) -> bool:
        """True once per lane: a broken lane is one error, however many files it has."""
        if name in self._reported:
            return False
        self._reported.add(name)
        return True


@dataclass
class CaseFileTracker:
    """What the controller knows of one cases file: what was selected, what reported."""

    key: CaseFileKey
    relpath: str
    #: Node ids of the selected items of the file (cases, and error items).
    expected: set[str] = field(default_factory=set)
    #: By node id: the cases that reported a result.
    outcomes: dict[str, CaseOutcome] = field(default_factory=dict)
    skipped: set[str] = field(default_factory=set)
    invalid: set[str] = field(default_factory=set)
    #: From the case reports: the file's valid case count and its snapshot directory.
    case_count: int | None = None
    has_bad_lines: bool = False
    snapshot_dir: str | None = None
    thresholds: dict[str, Threshold] = field(default_factory=dict)
    metric_names: set[str] = field(default_factory=set)
    #: Pins whose stem ends in one of these are never unused: they belong to perturbed
    #: cases that were not collected (``--perturbations=off``).
    kept_pin_suffixes: set[str] = field(default_factory=set)

    @property
    def missing(self) -> list[str]:
        """Selected cases with no result: a crashed worker, an interrupted run."""
        unreported = self.expected - self.invalid - self.skipped - set(self.outcomes)
        return sorted(nodeid.split("::", 1)[1] for nodeid in unreported)

    def fully_ran(self) -> bool:
        """Every case of the file was selected, ran and reported a result."""
        return (
            self.case_count is not None
            and not self.has_bad_lines
            and not self.skipped
            and len(self.outcomes) == self.case_count
            and not self.missing
        )


@dataclass
class SessionState:
    settings: Settings
    lanes: LaneRegistry
    trackers: dict[str, CaseFileTracker] = field(default_factory=dict)
    lane_results: list[LaneResult] = field(default_factory=list)
    unused_snapshots: list[Path] = field(default_factory=list)
    unused_deleted: bool = False
    #: Unused snapshots that --snapshot-update could not delete, with the reason.
    undeletable_snapshots: list[tuple[Path, str]] = field(default_factory=list)
    #: Temporary files of interrupted atomic writes that this run removed.
    stale_temporaries: list[Path] = field(default_factory=list)
    interrupted: bool = False
    results_written: list[Path] = field(default_factory=list)
    #: Why --results could not be written, for the terminal summary.
    results_error: str | None = None
    #: This process's replay helpers (run B) by replay mode, each started with the first
    #: case that needs it.
    replay_helpers: dict[str, ReplayHelper] = field(default_factory=dict)
    #: The node id whose failure showed a session-wide setup problem in full.
    setup_problem_shown: str | None = None
    #: Lanes with at least one cases file collected (for --lane's "nothing collected").
    collected_lanes: set[str] = field(default_factory=set)
    #: ``--lane-resume``: the cases deselected because the journal holds them, by file.
    resumed: dict[str, list[str]] = field(default_factory=dict)
    #: Cases files collected with no line at all (relpath -> snapshot directory): every
    #: pin of theirs is unused. From each xdist worker's output on the controller.
    empty_case_files: dict[str, str] = field(default_factory=dict)


STATE_KEY = pytest.StashKey[SessionState]()


def get_state(config: pytest.Config) -> SessionState:
    return config.stash[STATE_KEY]
