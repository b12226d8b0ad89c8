"""Perturbed cases as items (pytest glue).

A lane's ``@perturbation`` functions (``_core.perturbation``) turn each case they apply
to into one more item of the same cases file, ``<case id>~<perturbation name>``, right
after its case: run twice, compared and pinned like any case (``CaseItem`` does all of
that), then its relation is checked against the original case's result. That result
comes from this process: the original case's own item leaves it here when it ran in
this process (serially it always runs just before), and otherwise the perturbed item
runs the original case once itself (run A's environment). Either way it is the same
result, so ``-n 2`` reports what a serial run does, and xdist needs nothing extra.

The item's value of the metric ``perturbation:<name>`` is ``true`` when the relation
held and ``false`` when it did not or could not be checked (the perturbed or the original
case's ``run()`` failed); the lane's ordinary metrics are not measured on perturbed
cases, whose expected answers the lane's fields may not describe.
"""

from __future__ import annotations

import contextlib
import shutil
import traceback
from collections import OrderedDict
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from pytest_core_verify._core.cases import Case
from pytest_core_verify._core.holdout import silenced
from pytest_core_verify._core.lanes import Lane
from pytest_core_verify._core.perturbation import (
    SEPARATOR,
    Perturbation,
    PerturbationError,
    RelationCheck,
    RelationError,
    check_relation,
    perturb,
    perturbed_id,
)
from pytest_core_verify._core.sealed import WITHHELD, WITHHELD_FILE
from pytest_core_verify._plugin.items import (
    CaseCheckError,
    CaseFile,
    CaseItem,
    ErrorItem,
    InvalidCaseItem,
    _MetricError,  # the one way a measurement's failure keeps the item's outcome
    _run_error,
)
from pytest_core_verify._plugin.state import get_state
from pytest_core_verify._replay.double import ReplayOutcome
from pytest_core_verify._replay.limits import RunTimeoutError
from pytest_core_verify._replay.run import NotJSONResultError, run_once
from pytest_core_verify._replay.variation import RUN_A

__all__ = ["OriginalResults", "PerturbationErrorItem", "PerturbedItem", "PerturbingCaseFile"]

#: What pytest.skip() and pytest.xfail() raise: the original case skipped itself.
_SKIPS = (pytest.skip.Exception, pytest.xfail.Exception)


class OriginalResults:
    """Run A's result of the original cases that have perturbed items, in this process.

    Bounded: serially a case's perturbed items run right after it, and xdist hands out
    runs of adjacent items, so a few hundred results are plenty; an evicted one is run
    again (the same result: the case is deterministic, or its own item fails).
    """

    CAPACITY = 256

    def __init__(self) -> None:
        self._kept: OrderedDict[tuple[str, str], Any] = OrderedDict()

    def remember(self, item: CaseItem, result: Any) -> None:
        self.put((item.parent.nodeid, item.case.case_id), result)

    def put(self, key: tuple[str, str], result: Any) -> None:
        self._kept[key] = result
        self._kept.move_to_end(key)
        while len(self._kept) > self.CAPACITY:
            self._kept.popitem(last=False)

    def get(self, key: tuple[str, str]) -> tuple[bool, Any]:
        """``(True, result)`` when kept, ``(False, None)`` otherwise."""
        if key not in self._kept:
            return False, None
        return True, self._kept[key]


_ORIGINALS_KEY = pytest.StashKey[OriginalResults]()


def originals(config: pytest.Config) -> OriginalResults:
    found = config.stash.get(_ORIGINALS_KEY, None)
    if found is None:
        found = config.stash[_ORIGINALS_KEY] = OriginalResults()
    return found


class PerturbationErrorItem(ErrorItem):
    """A perturbation that raised on a case (or returned no usable case): an error of its
    own, named like the perturbed item it stands for; every other item still runs."""


class PerturbedItem(CaseItem):
    """A case perturbed by one of the lane's perturbations: a case like any other (two
    runs, compared, pinned), whose relation to the original case's result is its metric
    ``perturbation:<name>`` and, when it does not hold, its failure."""

    def __init__(self, *, perturbation: Perturbation, original: Case, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.perturbation = perturbation
        self.original = original
        self._relation: RelationCheck | None = None

    def runtest(self) -> None:
        self._relation = None
        super().runtest()  # the two runs, the pin, and (in _measure) the relation
        check = self._take_relation()
        if check is not None and not check.holds:
            raise CaseCheckError(self._relation_failure(check))

    def _take_relation(self) -> RelationCheck | None:
        check, self._relation = self._relation, None
        return check

    def _relation_failure(self, check: RelationCheck) -> str:
        p = self.perturbation
        if self.sealed:
            return (
                f"holdout case {self.case.case_id}: the relation of perturbation {p.name!r} "
                f"({p.describe()}) does not hold ({WITHHELD})"
            )
        return (
            f"perturbation {p.name!r} of case {self.original.case_id!r} ({p.describe()}) "
            f"does not hold: {check.explanation}"
        )

    def _measure(self, outcome: ReplayOutcome) -> dict[str, float | bool | None]:
        metric = self.perturbation.metric
        measured: dict[str, float | bool | None] = {"replay_determinism": outcome.deterministic}
        original = self._original_result(measured)
        try:
            check = check_relation(self.perturbation, original, outcome.first.result)
        except RelationError as exc:
            raise _MetricError(str(exc), {**measured, metric: False}) from exc.__cause__
        self._relation = check
        return {**measured, metric: check.holds}

    def _record(
        self,
        outcome: ReplayOutcome | None,
        metrics: dict[str, float | bool | None],
        error: str | None = None,
    ) -> None:
        # An item that could not show its relation holds counts against the rate: an
        # error is not left out of the mean, as a case without a value would be.
        if error is not None and self.perturbation.metric not in metrics:
            metrics = {**metrics, self.perturbation.metric: False}
        super()._record(outcome, metrics, error)

    def _original_result(self, measured: dict[str, float | bool | None]) -> Any:
        """The original case's run A result: kept by its item in this process, or run
        here once (and kept for the case's other perturbed items)."""
        memo = originals(self.config)
        key = (self.parent.nodeid, self.original.case_id)
        found, result = memo.get(key)
        if found:
            return result
        result = self._run_original(measured)
        memo.put(key, result)
        return result

    def _run_original(self, measured: dict[str, float | bool | None]) -> Any:
        settings = get_state(self.config).settings
        dirs = self.parent.case_dirs(self.original)
        try:
            record = run_once(
                self.lane.run,
                self.original.data,
                dirs[0],
                dirs[0],
                RUN_A,
                settings.source_date_epoch,
                self._replay_setup().timeout,
            )
        except _SKIPS:
            raise  # the original case skips itself: so does its relation
        except (KeyboardInterrupt, pytest.exit.Exception):
            raise
        except BaseException as exc:
            raise _MetricError(
                f"the original case {self.original.case_id!r} has no result to compare "
                f"with: {self._original_error(exc)}",
                {**measured, self.perturbation.metric: False},
            ) from None
        finally:
            if self.sealed:
                shutil.rmtree(dirs[0].parent, ignore_errors=True)
        if not self.sealed:
            self.parent.recycle(dirs)
        return record.result

    def _original_error(self, exc: BaseException) -> str:
        if isinstance(exc, NotJSONResultError):
            return "its result is not canonical JSON"  # the JSON path may name content
        if isinstance(exc, RunTimeoutError) and not self.sealed:
            return str(exc)
        return _run_error(exc)


class PerturbingCaseFile(CaseFile):
    """A cases file whose lane declares perturbations: after each case, its perturbed
    items. For any other lane, exactly a ``CaseFile`` (one dict lookup per file)."""

    def _items(self, data: bytes, lane: Lane) -> Iterator[pytest.Item]:
        if not lane.perturbations:
            yield from super()._items(data, lane)
            return
        enabled = get_state(self.config).settings.perturbations
        memo = originals(self.config)
        relpath = self.path.relative_to(self.config.rootpath).as_posix()
        for item in super()._items(data, lane):
            if not isinstance(item, CaseItem):
                yield item
                continue
            case = item.case
            if SEPARATOR in case.case_id:
                # Refused whether perturbations are on or off: which ids are valid must
                # not depend on an option, and the pin <id>~<name>.json would be ambiguous.
                self.case_count -= 1
                self.has_bad_lines = True
                yield InvalidCaseItem.from_parent(
                    self,
                    name=f"line {case.line}",
                    message=f"{relpath}:{case.line}: "
                    + (
                        f"invalid case ({WITHHELD_FILE})"
                        if self.sealed
                        else f'"id" {case.case_id!r} holds "{SEPARATOR}", which in a lane '
                        f"with perturbations names a perturbed case (<case id>{SEPARATOR}"
                        "<perturbation>); rename the case"
                    ),
                    line=case.line,
                )
                continue
            yield item
            if not enabled:
                continue
            perturbed = list(self._perturbed(item, lane, relpath))
            if any(isinstance(p, PerturbedItem) for p in perturbed):
                item.keep_result = memo.remember
            yield from perturbed

    def _perturbed(self, item: CaseItem, lane: Lane, relpath: str) -> Iterator[pytest.Item]:
        case = item.case
        for p in lane.perturbations.values():
            name = perturbed_id(case.case_id, p.name)
            try:
                with silenced() if self.sealed else contextlib.nullcontext():
                    data = perturb(p, case.data, case.case_id)
                if data is not None and lane.validator is not None:
                    _check_schema(p, case, data, lane)
            except PerturbationError as exc:
                self.has_bad_lines = True  # a pin of this item is not unused
                message = exc.withheld if self.sealed else str(exc) + self._raised_at(exc)
                yield PerturbationErrorItem.from_parent(
                    self, name=name, message=f"{relpath}:{case.line}: {message}", line=case.line
                )
                continue
            if data is None:
                continue  # the perturbation does not apply to this case
            self.case_count += 1
            yield PerturbedItem.from_parent(
                self,
                name=name,
                case=Case(name, case.line, data),
                lane=lane,
                perturbation=p,
                original=case,
            )

    def _raised_at(self, exc: PerturbationError) -> str:
        """Where the perturbation raised (its innermost frame), for a message that has
        no traceback."""
        cause = exc.__cause__
        if cause is None or cause.__traceback__ is None:
            return ""
        frame = traceback.extract_tb(cause.__traceback__)[-1]
        where = Path(frame.filename)
        root = self.config.rootpath
        shown = where.relative_to(root).as_posix() if where.is_relative_to(root) else where.name
        return f" (at {shown}:{frame.lineno})"

    def payload_common(self, item: CaseItem) -> dict[str, Any] | None:
        common = super().payload_common(item)
        if common is not None and item.lane.perturbations:
            enabled = get_state(self.config).settings.perturbations
            # With perturbations off their pins are not unused: they just did not run.
            common["kept_pin_suffixes"] = (
                [] if enabled else [SEPARATOR + name for name in item.lane.perturbations]
            )
        return common


def _check_schema(p: Perturbation, case: Case, data: dict[str, Any], lane: Lane) -> None:
    assert lane.validator is not None
    problems = sorted(error.message for error in lane.validator.iter_errors(data))
    if problems:
        raise PerturbationError(
            f"perturbation {p.name!r} on case {case.case_id!r} returned a case that does not "
            f"match case.schema.json: {'; '.join(problems)}",
            f"perturbation {p.name!r} on holdout case {case.case_id!r} returned a case that "
            "does not match case.schema.json",
        )
