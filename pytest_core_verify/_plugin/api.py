"""``run_lanes``: run lanes in-process from a script or a notebook, get ``LaneResult``s.

pytest is imported when ``run_lanes`` is called, not when this module is, so that the
package root stays importable without pytest.
"""

from __future__ import annotations

import contextlib
import io
import os
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

from pytest_core_verify._core.aggregate import LaneResult

__all__ = ["LaneRunError", "run_lanes"]


class LaneRunError(RuntimeError):
    """pytest could not run the lanes (a usage error, an internal error, an interruption).

    ``exit_code`` is pytest's exit code; ``output`` what pytest printed (the message
    ends with its last lines, which say why).
    """

    def __init__(self, message: str, exit_code: int, output: str = "") -> None:
        super().__init__(message)
        self.exit_code = exit_code
        self.output = output


#: The package is imported (by the caller, for ``run_lanes``) before pytest can rewrite
#: its asserts: expected here, and nothing the caller can act on.
_ALREADY_IMPORTED = (
    "ignore:Module already imported so cannot be rewritten:pytest.PytestAssertRewriteWarning"
)
#: How many of pytest's last output lines a ``LaneRunError`` quotes.
_TAIL_LINES = 15


class _Collector:
    """A pytest plugin object: keeps each ``LaneResult`` as the controller hands it on."""

    def __init__(self, *, only_cases: bool) -> None:
        self.results: list[LaneResult] = []
        self._only_cases = only_cases

    def pytest_collection_modifyitems(self, config: Any, items: list[Any]) -> None:
        if not self._only_cases:
            return
        from pytest_core_verify._plugin.items import CaseItem, ErrorItem

        kept = [item for item in items if isinstance(item, (CaseItem, ErrorItem))]
        if len(kept) != len(items):
            config.hook.pytest_deselected(
                items=[i for i in items if not isinstance(i, (CaseItem, ErrorItem))]
            )
            items[:] = kept

    def pytest_core_verify_lane_result(self, lane_result: LaneResult, config: Any) -> None:
        self.results.append(lane_result)


@contextlib.contextmanager
def _cwd(path: Path) -> Iterator[None]:
    before = os.getcwd()
    os.chdir(path)
    try:
        yield
    finally:
        os.chdir(before)


def run_lanes(
    lanes: Sequence[str] | None = None,
    splits: Sequence[str] | None = None,
    rootdir: str | os.PathLike[str] | None = None,
    extra_args: Sequence[str] = (),
    *,
    show_output: bool = False,
) -> list[LaneResult]:
    """Run lanes with pytest in this process and return one ``LaneResult`` per lane,
    split and version, in the order of the terminal table.

    - ``lanes``: lane names (``None``: every lane; ordinary tests never run).
    - ``splits``: ``dev``, ``public``, ``holdout`` or ``all`` (``None``: the default,
      ``dev`` and ``public``).
    - ``rootdir``: the project directory (its ini file and ``lanes/``); default the
      current directory. The working directory is changed to it for the run and back.
    - ``extra_args``: more pytest arguments, such as ``["-q"]``, ``["-n", "2"]``,
      ``["--results", "out/"]`` or ``["-k", "SYM-00"]``.

    - ``show_output``: print pytest's terminal output as a ``pytest`` command would; by
      default it is kept back (a script or notebook gets the results, not the log).

    A lane whose thresholds fail is returned like any other (``overall_pass`` is
    false); ``LaneRunError`` is raised only when pytest could not run (a usage error
    such as an unknown lane, an internal error, an interruption), with pytest's output
    on ``.output`` and its last lines in the message. ``result.to_json()`` is the lane's
    results file, key for key.
    """
    import pytest

    args: list[str] = []
    if lanes is not None:
        if isinstance(lanes, str):
            raise TypeError("lanes must be a list of lane names, such as ['symbolic_logic']")
        if not lanes:
            raise ValueError("lanes is empty; give lane names, or None for every lane")
        args += ["--lane", ",".join(lanes)]
    if splits is not None:
        if isinstance(splits, str):
            raise TypeError("splits must be a list, such as ['dev', 'public']")
        args += ["--split", ",".join(splits)]
    args += [str(a) for a in extra_args]
    collector = _Collector(only_cases=lanes is None)
    root = Path(rootdir) if rootdir is not None else Path.cwd()
    if not root.is_dir():
        raise ValueError(f"rootdir {root} is not a directory")
    argv = ["--rootdir", str(root.resolve()), "-W", _ALREADY_IMPORTED, *args]
    captured = io.StringIO()
    with contextlib.ExitStack() as stack:
        stack.enter_context(_cwd(root))
        if not show_output:
            stack.enter_context(contextlib.redirect_stdout(captured))
            stack.enter_context(contextlib.redirect_stderr(captured))
        code = pytest.main(argv, plugins=[collector])
    if code in (
        pytest.ExitCode.INTERRUPTED,
        pytest.ExitCode.INTERNAL_ERROR,
        pytest.ExitCode.USAGE_ERROR,
    ):
        output = captured.getvalue()
        tail = "\n".join(output.strip().splitlines()[-_TAIL_LINES:])
        why = f":\n{tail}" if tail else "; its output above says why"
        raise LaneRunError(
            f"pytest could not run the lanes (exit code {int(code)}: "
            f"{pytest.ExitCode(code).name}){why}",
            int(code),
            output,
        )
    return collector.results
