"""What to collect: pruning walks to the selected lanes and splits (pytest glue)."""

from __future__ import annotations

from pathlib import Path

from pytest_core_verify._core.layout import CASES_FILES, LANE_FILE, SEALED_CASES_FILE, is_lane_dir
from pytest_core_verify._plugin.settings import Settings

__all__ = ["should_ignore"]


def _within(path: Path, root: Path) -> tuple[str, ...] | None:
    try:
        return path.relative_to(root).parts
    except ValueError:
        return None


def _is_ancestor(path: Path, roots: tuple[Path, ...]) -> bool:
    return any(path == root or path in root.parents for root in roots)


def should_ignore(path: Path, settings: Settings, *, is_dir: bool) -> bool:
    """True for paths the harness keeps pytest out of.

    Without ``--lane`` that is only each lane's own ``lane.py`` (the harness imports it;
    a ``python_files = *.py`` must not collect it as a test module): every other file,
    under ``lanes/`` and ``holdouts/`` too, is pytest's as usual. With ``--lane``,
    ordinary tests are not collected at all and only the selected lanes' case files
    are walked.
    """
    if settings.selected_lanes is None:
        return (
            not is_dir
            and path.name == LANE_FILE
            and path.parent.parent == settings.lanes_root
            and is_lane_dir(path.parent)
        )
    roots = (settings.lanes_root, settings.holdouts_root)
    lane_parts = _within(path, settings.lanes_root)
    if lane_parts is not None:
        return _ignore_in_lanes(lane_parts, settings, is_dir=is_dir)
    holdout_parts = _within(path, settings.holdouts_root)
    if holdout_parts is not None:
        return _ignore_in_holdouts(holdout_parts, settings, is_dir=is_dir)
    # --lane: ordinary tests are not collected at all; keep walking towards the roots.
    return not (is_dir and _is_ancestor(path, roots))


def _lane_wanted(settings: Settings, lane: str) -> bool:
    return settings.selected_lanes is None or lane in settings.selected_lanes


def _ignore_in_lanes(parts: tuple[str, ...], settings: Settings, *, is_dir: bool) -> bool:
    if not parts:
        return False
    if not _lane_wanted(settings, parts[0]):
        return True
    if len(parts) == 1:
        return not is_dir
    split = parts[1]
    if split not in ("dev", "public") or split not in settings.splits:
        return True
    if split == "dev":
        return not (len(parts) == 2 or (len(parts) == 3 and parts[2] in CASES_FILES and not is_dir))
    return not (
        len(parts) == 2
        or (len(parts) == 3 and is_dir)
        or (len(parts) == 4 and parts[3] in CASES_FILES and not is_dir)
    )


def _ignore_in_holdouts(parts: tuple[str, ...], settings: Settings, *, is_dir: bool) -> bool:
    if not parts:
        return "holdout" not in settings.splits
    if "holdout" not in settings.splits or not _lane_wanted(settings, parts[0]):
        return True
    if len(parts) <= 2:
        return not is_dir
    return not (len(parts) == 3 and parts[2] == SEALED_CASES_FILE and not is_dir)
