"""The sdist is a complete source release, the wheel is the package only, and the
installed wheel works in a project of its own, outside this repository.

The distributions are built offline from a copy of the tree (``python -m build
--no-isolation``: setuptools, wheel and build are in the test extra). The wheel is
installed non-editably into a fresh virtual environment, which borrows the
dependencies of the running one through a path entry (no ``.pth`` of it is processed,
so this checkout's editable install stays out), and the test project is a temporary
directory: ordinary tests under ``lanes/`` and ``holdouts/``, no lanes, one lane made
by ``core-verify init``, and a lane with a helper module.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import sysconfig
import tarfile
import textwrap
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
_ANYWHERE = shutil.ignore_patterns(
    ".git", "*.egg-info", "__pycache__", ".pytest_cache", ".mypy_cache", ".ruff_cache",
    ".hypothesis",
)  # fmt: skip
_AT_THE_TOP = {"build", "dist", ".venv", "results", "out", ".benchmarks"}


def _ignored(directory: str, names: list[str]) -> set[str]:
    ignored = set(_ANYWHERE(directory, names))
    if Path(directory) == ROOT:
        ignored |= _AT_THE_TOP & set(names)
    return ignored


def _run(*args: str | Path, cwd: Path, env: dict[str, str] | None = None) -> str:
    result = subprocess.run(
        [str(a) for a in args],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert result.returncode == 0, f"{args}: {result.stdout[-4000:]}\n{result.stderr[-4000:]}"
    return result.stdout


@pytest.fixture(scope="session")
def dists(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    pytest.importorskip("build", reason="the test extra has build: pip install -e '.[test]'")
    work = tmp_path_factory.mktemp("dists")
    tree = work / "tree"
    shutil.copytree(ROOT, tree, ignore=_ignored, symlinks=True)
    out = work / "dist"
    _run(sys.executable, "-m", "build", "--no-isolation", "--outdir", out, ".", cwd=tree)
    [sdist] = out.glob("*.tar.gz")
    [wheel] = out.glob("*.whl")
    return {"sdist": sdist, "wheel": wheel}


def _tracked() -> set[str] | None:
    if not (ROOT / ".git").exists() or shutil.which("git") is None:
        return None
    listed = subprocess.run(
        ["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, text=True, check=False
    )
    if listed.returncode != 0:
        return None
    return {name for name in listed.stdout.split("\0") if name and (ROOT / name).exists()}


def test_the_sdist_is_a_complete_source_release(dists: dict[str, Path]) -> None:
    with tarfile.open(dists["sdist"]) as archive:
        names = {m.name.split("/", 1)[1] for m in archive.getmembers() if m.isfile()}
    for needed in (
        "LICENSE",
        "README.md",
        "CHANGELOG.md",
        "conftest.py",
        ".ci/run",
        ".github/workflows/ci.yml",
        "tests/test_workflow.py",
        "tests/helpers.py",
        "lanes/symbolic_logic/lane.py",
        "holdouts/recipients.txt",
        "benchmarks/harness.py",
    ):
        assert needed in names, f"the sdist lacks {needed}"
    assert any(n.startswith("snapshots/symbolic_logic/") for n in names)
    tracked = _tracked()
    if tracked is None:
        pytest.skip("not a git checkout: the tracked files cannot be compared")
    assert sorted(tracked - names) == [], "tracked files missing from the sdist"


def test_the_wheel_holds_the_package_only(dists: dict[str, Path]) -> None:
    with zipfile.ZipFile(dists["wheel"]) as archive:
        names = archive.namelist()
    tops = {name.split("/", 1)[0] for name in names}
    assert tops == {"pytest_core_verify", "pytest_core_verify-0.1.0.dist-info"}, tops
    assert not [n for n in names if "/tests/" in n or "__pycache__" in n]
    # The results format's schema, which every reader of results files checks against.
    assert "pytest_core_verify/_results/results.schema.json" in names
    assert "pytest_core_verify/_results/history.schema.json" in names
    metadata = archive_text(dists["wheel"], "pytest_core_verify-0.1.0.dist-info/METADATA")
    for line in (
        "License-Expression: MIT",
        "License-File: LICENSE",
        "Classifier: Topic :: Software Development :: Testing",
        "Classifier: Programming Language :: Python :: 3.13",
        "Classifier: Development Status :: 3 - Alpha",
    ):
        assert line in metadata, line
    assert "Author: " in metadata
    # No project URL until the repository is public (none points at an index page).
    assert "Project-URL: " not in metadata


def archive_text(wheel: Path, name: str) -> str:
    with zipfile.ZipFile(wheel) as archive:
        return archive.read(name).decode("utf-8")


# -- the installed wheel in a project of its own -------------------------------------------


@pytest.fixture(scope="session")
def installed(dists: dict[str, Path], tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A fresh virtual environment with the wheel installed (not editable): its bin/."""
    venv = tmp_path_factory.mktemp("venv") / "fresh"
    _run(sys.executable, "-m", "venv", "--without-pip", venv, cwd=venv.parent)
    python = venv / "bin" / "python"
    site = _run(python, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])", cwd=venv)
    # The dependencies of the running environment, by path only: its .pth files (this
    # checkout's editable install among them) are not processed from a path entry.
    Path(site.strip(), "borrowed-dependencies.pth").write_text(
        sysconfig.get_paths()["purelib"] + "\n", encoding="utf-8"
    )
    _run(
        sys.executable, "-m", "pip", "--python", python, "install", "--no-deps",
        "--no-index", "--disable-pip-version-check", "--quiet", "--force-reinstall",
        dists["wheel"], cwd=venv.parent, env=_env(),
    )  # fmt: skip
    return venv / "bin"


def _env() -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTEST_", "PYTHON"))}
    for name in ("VIRTUAL_ENV", "CORE_VERIFY_HOLDOUT_KEY", "GITHUB_STEP_SUMMARY"):
        env.pop(name, None)
    return env


def _pytest(bin_dir: Path, project: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(bin_dir / "python"), "-m", "pytest", "-p", "no:cacheprovider", *args],
        cwd=project,
        env=_env(),
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )


def _write(root: Path, files: dict[str, str]) -> None:
    for rel, text in files.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text), encoding="utf-8")


def test_the_installed_wheel_is_the_one_that_runs(installed: Path, tmp_path: Path) -> None:
    where = _run(
        installed / "python", "-c", "import pytest_core_verify; print(pytest_core_verify.__file__)",
        cwd=tmp_path, env=_env(),
    )  # fmt: skip
    assert Path(where.strip()).is_relative_to(installed.parent), where
    assert ROOT.as_posix() not in where
    version = _run(installed / "core-verify", "--version", cwd=tmp_path, env=_env())
    assert version.startswith("core-verify 0.1.0")


def test_a_project_without_lanes_keeps_its_tests_in_lanes_and_holdouts(
    installed: Path, tmp_path: Path
) -> None:
    passing = "def test_ok():\n    pass\n"
    _write(
        tmp_path,
        {
            "pytest.ini": "[pytest]\n",
            "lanes/test_x.py": passing,
            "holdouts/test_h.py": passing,
            "lanes/traffic/test_lane.py": passing,
            "tests/test_unit.py": passing,
        },
    )
    result = _pytest(installed, tmp_path)
    assert result.returncode == 0, result.stdout
    assert "4 passed" in result.stdout
    assert "core-verify" not in result.stdout.split("collected")[1]
    lanes_only = _pytest(installed, tmp_path, "lanes")
    assert "2 passed" in lanes_only.stdout, lanes_only.stdout


def test_a_scaffolded_lane_and_a_lane_with_a_helper_run_from_the_wheel(
    installed: Path, tmp_path: Path
) -> None:
    _write(
        tmp_path,
        {
            "pyproject.toml": '[tool.pytest.ini_options]\ntestpaths = ["tests", "lanes"]\n',
            "tests/test_unit.py": "def test_ok():\n    pass\n",
            "lanes/helped/lane.py": """
                from pytest_core_verify import metric

                from .helpers import normalise


                def run(case, workdir):
                    return {"text": normalise(case["text"])}


                @metric
                def normalised(case, result):
                    return result["text"] == case["expected"]
            """,
            "lanes/helped/helpers.py": """
                def normalise(text):
                    return " ".join(text.split()).lower()
            """,
            "lanes/helped/dev/cases.jsonl": '{"id": "h-1", "text": "A  B", "expected": "a b"}\n',
        },
    )
    core_verify = installed / "core-verify"
    _run(core_verify, "init", "wordcount", cwd=tmp_path / "tests", env=_env())
    listing = _run(core_verify, "lanes", cwd=tmp_path / "tests", env=_env())
    assert listing.splitlines()[1:] == ["helped", "  dev: 1 cases", "wordcount", "  dev: 1 cases"]

    first = _pytest(installed, tmp_path, "--snapshot-update")
    assert first.returncode == 0, first.stdout
    # One ordinary test, two cases, two gates.
    assert "5 passed" in first.stdout, first.stdout
    for lane in ("wordcount", "helped"):
        again = _pytest(installed, tmp_path, "--lane", lane, "-rA")
        assert again.returncode == 0, again.stdout
        assert f"PASSED lanes/{lane}::dev::gate" in again.stdout
    assert (tmp_path / "snapshots" / "helped" / "dev" / "h-1.json").is_file()
    # Outside testpaths of its own making: --lane from tests/ is a usage error with the fix.
    nested = subprocess.run(
        [str(installed / "python"), "-m", "pytest", "--lane", "wordcount"],
        cwd=tmp_path / "tests",
        env=_env(),
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert nested.returncode == 4, nested.stdout + nested.stderr
    assert "pytest ../lanes/wordcount --lane wordcount" in nested.stderr
