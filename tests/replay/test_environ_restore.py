"""The whole of ``os.environ`` is put back as it was, whatever a run changed."""

from __future__ import annotations

import os
import random
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from pytest_core_verify._replay.variation import (
    RUN_A,
    RUN_B,
    CaseScope,
    environ_snapshot,
    restore_environ,
)
from tests.helpers import examples

NAMES = st.sampled_from(["CV_T_ONE", "CV_T_TWO", "CV_T_THREE", "TZ", "LANG", "HOME"])
VALUES = st.text(alphabet="abcxyz/=.", max_size=8)
CHANGES = st.lists(st.tuples(NAMES, st.none() | VALUES), max_size=12)


@settings(max_examples=examples(100), deadline=None)
@given(changes=CHANGES)
def test_restore_environ_undoes_any_changes(changes: list[tuple[str, str | None]]) -> None:
    before = dict(os.environ)
    snapshot = environ_snapshot()
    try:
        for name, value in changes:
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value
        restore_environ(snapshot)
        assert dict(os.environ) == before
    finally:
        os.environ.clear()
        os.environ.update(before)


def test_a_case_scope_restores_the_environment_cwd_umask_and_random(tmp_path: Path) -> None:
    before_env, before_cwd = dict(os.environ), os.getcwd()
    before_random = random.getstate()
    umask = os.umask(0o022)
    os.umask(umask)
    with CaseScope("0") as scope:
        scope.apply(RUN_A, tmp_path)
        os.environ["CV_T_LEFT"] = "1"
        os.environ.pop("HOME", None)
        scope.apply(RUN_B, tmp_path)
        os.umask(0)
        random.seed(5)
        os.chdir("/")
    assert dict(os.environ) == before_env
    assert os.getcwd() == before_cwd
    assert random.getstate() == before_random
    assert os.umask(umask) == umask
