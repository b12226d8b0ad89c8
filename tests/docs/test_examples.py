"""The documents run: every fenced block of README.md and docs/*.md is executed or checked.

A block says what it is in an HTML comment on the line before its fence, so the prose
stays readable on GitHub and the test knows what to do with it:

- ``<!-- file: PATH -->``: the block is the whole content of ``PATH`` in the current
  project (written, or overwritten);
- ``<!-- patch -->``: a unified diff applied to the current project (``git apply``);
- ``<!-- run -->``: shell commands, one per line (``\\`` continues a line, ``#`` comments);
  ``<!-- run: exit=1 -->`` gives the last command's exit status (the others must be 0),
  ``exit=0,1`` one status per command;
- ``console`` blocks (``<!-- run -->`` before them too): ``$ `` lines are commands, the
  lines after one are its output; ``input=a,r`` answers prompts through a terminal;
- ``<!-- python -->``: a Python script run in the current project;
- ``<!-- output -->``: what the block before it printed; a line ``...`` stands for any
  lines; times and the project's path are normalised; ``<!-- output: each -->``: what
  each of its commands printed;
- ``<!-- json -->``, ``<!-- toml -->``, ``<!-- yaml -->``: must parse;
- ``<!-- workflow -->``: a GitHub Actions workflow; its ``pytest`` and ``core-verify``
  steps run in the current project (and must pass), its ``pip install`` steps are what
  the test's environment already has;
- ``<!-- paths -->``: every repository path in it must exist;
- ``<!-- no-run: REASON -->``: not run, for the reason given (installs, other hosts).

``<!-- project: NAME -->`` (a comment of its own) switches to a fresh project directory;
``<!-- project: NAME from=PAGE#OTHER -->`` starts from a copy of project ``OTHER`` as
``PAGE`` left it, so a reference page continues the README's walkthrough. Commands see
this checkout's package first (``PYTHONPATH``), the interpreter's scripts on ``PATH``, and
only the plugins the pages use (the plugin, syrupy, pytest-xdist), 80 columns, no colour.
"""

from __future__ import annotations

import dataclasses
import json
import os
import pathlib
import re
import select
import shutil
import subprocess
import sys
import time

import pytest
from hypothesis import given
from hypothesis import strategies as st

ROOT = pathlib.Path(__file__).resolve().parents[2]
PAGES = ["README.md", *sorted(p.relative_to(ROOT).as_posix() for p in (ROOT / "docs").glob("*.md"))]

_FENCE = re.compile(r"^( *)(`{3,}|~{3,})\s*([\w+-]*)\s*$")  # indented in a list too
_MARK = re.compile(r"^<!--\s*([\w-]+)\s*(?::\s*(.*?))?\s*-->\s*$")
_KINDS = {
    "file",
    "patch",
    "run",
    "python",
    "output",
    "json",
    "toml",
    "yaml",
    "workflow",
    "paths",
    "no-run",
}
_COMMAND_TIMEOUT = 600.0  # generous: the shared machines run at a load of 10 and more
_PLUGINS = ("pytest_core_verify.plugin", "syrupy", "xdist.plugin", "xdist.looponfail")


@dataclasses.dataclass(frozen=True)
class Block:
    """One fenced block and the marker before it (``kind`` ``None``: unmarked)."""

    page: str
    line: int  # 1-based line of the opening fence
    lang: str
    kind: str | None
    arg: str
    text: str

    @property
    def where(self) -> str:
        return f"{self.page}:{self.line}"


@dataclasses.dataclass(frozen=True)
class Project:
    """A ``<!-- project: ... -->`` switch, in document order among the blocks."""

    page: str
    line: int
    name: str
    origin: str | None  # "PAGE#NAME" or None


def parse_page(page: str, text: str) -> list[Block | Project]:
    """The page's fenced blocks and project switches, in order."""
    out: list[Block | Project] = []
    lines = text.replace("\r\n", "\n").split("\n")  # only a newline ends a line of Markdown
    i = 0
    pending: tuple[str, str] | None = None
    while i < len(lines):
        line = lines[i]
        mark = _MARK.match(line.strip())
        if mark and mark.group(1) == "project":
            name, _, rest = (mark.group(2) or "").partition(" ")
            origin = rest.strip().removeprefix("from=") or None
            out.append(Project(page, i + 1, name.strip(), origin))
            i += 1
            continue
        if mark and mark.group(1) in _KINDS:
            pending = (mark.group(1), mark.group(2) or "")
            i += 1
            continue
        fence = _FENCE.match(line)
        if fence:
            indent, opener, lang = len(fence.group(1)), fence.group(2), fence.group(3)
            body: list[str] = []
            j = i + 1
            while j < len(lines) and not lines[j].strip().startswith(opener):
                body.append(lines[j][indent:] if lines[j][:indent].isspace() else lines[j])
                j += 1
            kind, arg = pending if pending else (None, "")
            out.append(Block(page, i + 1, lang, kind, arg, "\n".join(body) + "\n"))
            pending = None
            i = j + 1
            continue
        if line.strip():
            pending = None  # a marker belongs to the fence right after it (blank lines allowed)
        i += 1
    return out


# --- output comparison (pure) -------------------------------------------------------

_ANSI = re.compile(r"\x1b\[[0-9;]*[A-Za-z]")
_SECONDS = re.compile(r"\b\d+\.\d+s\b")
_RULE = re.compile(r"^([=_-])\1* (.*?) \1+$")


def normalise(text: str, project: pathlib.Path | None = None) -> list[str]:
    """Lines with times, rule widths, colours and the project's path made comparable."""
    text = _ANSI.sub("", text.replace("\r\n", "\n").replace("\r", "\n"))
    if project is not None:
        text = text.replace(str(project), "<project>")
    out = []
    for line in text.split("\n"):
        line = _SECONDS.sub("N.NNs", line.rstrip())
        rule = _RULE.match(line)
        if rule:
            line = f"{rule.group(1) * 3} {rule.group(2)} {rule.group(1) * 3}"
        out.append(line)
    while out and not out[-1]:
        out.pop()
    return out


def matches(expected: list[str], actual: list[str]) -> bool:
    """Whether ``actual`` is ``expected``, where a line ``...`` stands for any lines."""
    segments: list[list[str]] = [[]]
    for line in expected:
        if line == "...":
            segments.append([])
        else:
            segments[-1].append(line)
    if len(segments) == 1:
        return expected == actual
    first, *middle, last = segments
    if actual[: len(first)] != first:
        return False
    pos = len(first)
    end = len(actual) - len(last)
    if end < pos or (last and actual[end:] != last):
        return False
    for seg in middle:
        if not seg:
            continue
        found = next(
            (k for k in range(pos, end - len(seg) + 1) if actual[k : k + len(seg)] == seg), None
        )
        if found is None:
            return False
        pos = found + len(seg)
    return True


_LINES = st.lists(st.text(st.characters(blacklist_characters="\n\r"), max_size=8), max_size=8)


@given(_LINES)
def test_output_matches_itself(lines: list[str]) -> None:
    lines = [line.rstrip() for line in lines if line.rstrip() != "..."]
    assert matches(lines, lines)


@given(_LINES, st.data())
def test_an_ellipsis_stands_for_any_run_of_lines(lines: list[str], data: st.DataObject) -> None:
    lines = [line.rstrip() for line in lines if line.rstrip() != "..."]
    start = data.draw(st.integers(0, len(lines)))
    stop = data.draw(st.integers(start, len(lines)))
    assert matches([*lines[:start], "...", *lines[stop:]], lines)


_BODY_LINE = st.text(st.characters(blacklist_characters="\n\r`~"), max_size=12).map(str.rstrip)
_BLOCKS = st.lists(
    st.tuples(
        st.sampled_from(["file: a/b.txt", "run", "output", "json", "no-run: a reason to skip"]),
        st.sampled_from(["", "sh", "json", "console"]),
        st.lists(_BODY_LINE, max_size=4),
        st.booleans(),  # indented, as inside a list item
    ),
    max_size=5,
)


@given(_BLOCKS)
def test_a_page_gives_back_its_blocks_and_markers(
    blocks: list[tuple[str, str, list[str], bool]],
) -> None:
    page: list[str] = ["# A page", ""]
    for marker, lang, body, indented in blocks:
        pad = "  " if indented else ""
        page += ["Some prose.", "", f"{pad}<!-- {marker} -->", f"{pad}```{lang}"]
        page += [pad + line if line else "" for line in body] + [f"{pad}```", ""]
    parsed = [b for b in parse_page("p.md", "\n".join(page)) if isinstance(b, Block)]
    assert [(b.kind, b.lang, b.text) for b in parsed] == [
        (m.partition(":")[0], lang, "\n".join(body) + "\n") for m, lang, body, _ in blocks
    ]


def test_output_that_differs_does_not_match() -> None:
    assert not matches(["a", "...", "c"], ["a", "b"])
    assert not matches(["a", "b"], ["a", "b", "c"])
    assert not matches(["...", "x", "..."], ["a", "b"])
    assert matches(["...", "b", "..."], ["a", "b", "c"])


def test_times_and_rule_widths_are_normalised() -> None:
    assert normalise("=== 1 failed in 0.46s ===") == normalise("= 1 failed in 12.30s =")
    assert normalise("rootdir: /x/y/p", pathlib.Path("/x/y/p")) == ["rootdir: <project>"]


# --- commands -------------------------------------------------------------------------


def _environment() -> dict[str, str]:
    env = {
        k: v
        for k, v in os.environ.items()
        if not k.startswith(("PYTEST_", "GITHUB_", "CORE_VERIFY_"))
        and k not in {"CI", "FORCE_COLOR", "NO_COLOR", "PY_COLORS"}
    }
    env["PYTHONPATH"] = str(ROOT)
    env["PATH"] = os.pathsep.join([str(pathlib.Path(sys.executable).parent), env.get("PATH", "")])
    # Only the plugins a page's output depends on: the output then does not change with
    # whatever else is installed (a plugin that reorders tests or adds header lines), and
    # each command starts faster.
    env["PYTEST_DISABLE_PLUGIN_AUTOLOAD"] = "1"
    env["PYTEST_PLUGINS"] = ",".join(m for m in _PLUGINS if _importable(m.partition(".")[0]))
    env["COLUMNS"] = "80"
    env["LC_ALL"] = env["LANG"] = "C.UTF-8"
    env["TERM"] = "dumb"
    return env


def commands_of(text: str) -> list[str]:
    """Shell commands, one per logical line; comment lines and blank lines dropped."""
    out: list[str] = []
    current = ""
    for raw in text.split("\n"):
        line = raw.rstrip()
        if not current and (not line.strip() or line.lstrip().startswith("#")):
            continue
        if line.endswith("\\"):
            current += line[:-1] + " "
            continue
        out.append(current + line)
        current = ""
    if current:
        out.append(current)
    return out


def _options(arg: str) -> dict[str, str]:
    return dict(part.split("=", 1) for part in arg.split() if "=" in part)


def _exits(arg: str, count: int) -> list[int]:
    given_ = _options(arg).get("exit")
    if given_ is None:
        return [0] * count
    codes = [int(c) for c in given_.split(",")]
    return codes if len(codes) == count else [0] * (count - 1) + [codes[-1]]


def run_command(command: str, cwd: pathlib.Path, answers: list[str]) -> tuple[int, str]:
    """Run one shell command; with ``answers``, on a terminal that answers each prompt."""
    if not answers:
        proc = subprocess.run(
            ["bash", "-c", command],
            cwd=cwd,
            env=_environment(),
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            timeout=_COMMAND_TIMEOUT,
            check=False,
        )
        return proc.returncode, proc.stdout
    import pty

    master, slave = pty.openpty()
    proc_ = subprocess.Popen(
        ["bash", "-c", command],
        cwd=cwd,
        env=_environment(),
        stdin=slave,
        stdout=slave,
        stderr=slave,
    )
    os.close(slave)
    seen = b""
    left = list(answers)
    answered_at = 0  # answer a prompt only once output came after the last answer
    deadline = time.monotonic() + _COMMAND_TIMEOUT
    while time.monotonic() < deadline:
        ready, _, _ = select.select([master], [], [], 0.2)
        if ready:
            try:
                chunk = os.read(master, 65536)
            except OSError:  # the other side closed: the command is done
                break
            if not chunk:
                break
            seen += chunk
            if left and len(seen) > answered_at and seen.rstrip(b" ").endswith(b"?"):
                os.write(master, left.pop(0).encode() + b"\n")
                answered_at = len(seen)
        elif proc_.poll() is not None:
            break
    os.close(master)
    return proc_.wait(timeout=_COMMAND_TIMEOUT), seen.decode("utf-8", "replace")


def _importable(module: str) -> bool:
    import importlib.util

    return importlib.util.find_spec(module) is not None


# --- running a page -------------------------------------------------------------------


@dataclasses.dataclass
class PageRun:
    projects: dict[str, pathlib.Path]


class Runner:
    """Runs pages, each once per session; a page may start from another page's project."""

    def __init__(self, base: pathlib.Path) -> None:
        self.base = base
        self.done: dict[str, PageRun] = {}
        self.skipped: list[str] = []

    def run(self, page: str) -> PageRun:
        if page in self.done:
            return self.done[page]
        items = parse_page(page, (ROOT / page).read_text(encoding="utf-8"))
        unmarked = [b.where for b in items if isinstance(b, Block) and b.kind is None]
        assert not unmarked, (
            f"fenced blocks without a marker comment before them (say what the test does "
            f"with each: file, run, output, ... or no-run: reason): {unmarked}"
        )
        state = PageRun({})
        current: pathlib.Path | None = None
        last_output: tuple[Block, list[str], pathlib.Path] | None = None
        skip_output = False
        for item in items:
            if isinstance(item, Project):
                current = self._project(page, item, state)
                continue
            block = item
            if block.kind == "no-run":
                assert len(block.arg.strip()) >= 10, f"{block.where}: no-run needs a reason"
                continue
            if block.kind in {"json", "toml", "yaml", "paths"}:
                _check_static(block)
                continue
            if block.kind == "output" and skip_output:
                skip_output = False
                continue
            missing = [
                m
                for m in _options(block.arg).get("needs", "").split(",")
                if m and not _importable(m)
            ]
            if missing:  # an optional extra that is not installed: this block and its output
                self.skipped.append(f"{block.where} (needs {', '.join(missing)})")
                skip_output = True
                continue
            if block.kind == "output":
                assert last_output is not None, (
                    f"{block.where}: output of what? no block ran before it"
                )
                _compare(block, *last_output)
                last_output = None
                continue
            assert current is not None, (
                f"{block.where}: a {block.kind} block before any <!-- project: NAME -->"
            )
            if block.kind == "file":
                path = current / block.arg.strip()
                path.parent.mkdir(parents=True, exist_ok=True)
                path.write_text(block.text, encoding="utf-8")
            elif block.kind == "patch":
                proc = subprocess.run(
                    ["git", "apply", "--verbose", "-"],
                    cwd=current,
                    input=block.text,
                    capture_output=True,
                    text=True,
                    check=False,
                )
                assert proc.returncode == 0, (
                    f"{block.where}: the patch does not apply:\n{proc.stderr}"
                )
            elif block.kind == "python":
                script = current / ".doc-example.py"
                script.write_text(block.text, encoding="utf-8")
                code, out = run_command(f"{sys.executable} .doc-example.py", current, [])
                script.unlink()
                assert code == _exits(block.arg, 1)[0], f"{block.where}: exit {code}:\n{out}"
                last_output = (block, [out], current)
            elif block.kind == "run":
                last_output = (block, self._run_block(block, current), current)
            elif block.kind == "workflow":
                self._run_workflow(block, current)
        return self.done.setdefault(page, state)

    def _project(self, page: str, item: Project, state: PageRun) -> pathlib.Path:
        path = self.base / f"{page.replace('/', '_')}-{item.name}"
        if item.origin:
            other_page, _, other = item.origin.partition("#")
            source = self.run(other_page).projects[other]
            shutil.copytree(source, path, symlinks=True)
            for cache in path.rglob("__pycache__"):
                shutil.rmtree(cache)
        else:
            path.mkdir(parents=True)
        state.projects[item.name] = path
        return path

    def _run_workflow(self, block: Block, cwd: pathlib.Path) -> None:
        """The steps of a GitHub Actions workflow that call the tools, run in the project."""
        import yaml  # type: ignore[import-untyped, unused-ignore]

        workflow = yaml.safe_load(block.text)
        steps = [s for job in workflow["jobs"].values() for s in job["steps"] if "run" in s]
        assert steps, f"{block.where}: a workflow without a run step"
        for step in steps:
            script = step["run"]
            if script.split()[0] in {"pytest", "core-verify"}:
                code, out = run_command(script, cwd, [])
                assert code == 0, f"{block.where}: the step `{script}` exited {code}:\n{out}"
            else:  # an installation: the test runs in the environment it already has
                assert script.startswith("pip install"), (
                    f"{block.where}: a step the test cannot run: {script!r}"
                )

    def _run_block(self, block: Block, cwd: pathlib.Path) -> list[str]:
        answers = [a for a in _options(block.arg).get("input", "").split(",") if a]
        if block.lang == "console":
            steps: list[tuple[str, list[str]]] = []
            for line in block.text.split("\n"):
                if line.startswith("$ "):
                    steps.append((line[2:], []))
                elif steps:
                    steps[-1][1].append(line)
            exits = _exits(block.arg, len(steps))
            for (command, expected), want in zip(steps, exits, strict=True):
                code, out = run_command(command, cwd, answers)
                assert code == want, f"{block.where}: `{command}` exited {code}, not {want}:\n{out}"
                exp = normalise("\n".join(expected), cwd)
                assert matches(exp, normalise(out, cwd)), (
                    f"{block.where}: `{command}` printed\n{out}\nnot as the page shows:\n"
                    + "\n".join(expected)
                )
            return []
        commands = commands_of(block.text)
        exits = _exits(block.arg, len(commands))
        printed = []
        for command, want in zip(commands, exits, strict=True):
            code, out = run_command(command, cwd, answers)
            assert code == want, f"{block.where}: `{command}` exited {code}, not {want}:\n{out}"
            printed.append(out)
        return printed


def _compare(block: Block, ran: Block, printed: list[str], cwd: pathlib.Path) -> None:
    """The output shown against what was printed: by every command (``each``), or all
    the commands' output together."""
    assert printed, f"{block.where}: {ran.where} checks its own output (a console block)"
    expected = normalise(block.text, cwd)
    for out in printed if block.arg.strip() == "each" else ["".join(printed)]:
        assert matches(expected, normalise(out, cwd)), (
            f"{block.where}: the output shown is not what {ran.where} prints.\n"
            f"--- shown\n{block.text}--- printed\n{out}"
        )


_REPO_PATH = re.compile(
    r"(?<![\w./-])((?:pytest_core_verify|tests|lanes|benchmarks|docs|holdouts|snapshots)"
    r"(?:/[\w.-]+)*/?)"
)


# A module path inside the package, written from the package's folder (``_core/cases.py``).
_PACKAGE_PATH = re.compile(r"(?<![\w./-])(_(?:core|replay|results|plugin|cli)/[\w.-]+)")


def _check_static(block: Block) -> None:
    if block.kind == "json":
        json.loads(block.text)
    elif block.kind == "toml":
        if sys.version_info >= (3, 11):
            import tomllib

            tomllib.loads(block.text)
        else:  # pragma: no cover - Python 3.10: the backport, a dependency there
            import tomli  # type: ignore[import-not-found, unused-ignore]

            tomli.loads(block.text)
    elif block.kind == "yaml":
        import yaml  # type: ignore[import-untyped, unused-ignore]

        assert yaml.safe_load(block.text) is not None, f"{block.where}: empty YAML"
    elif block.kind == "paths":
        package = ROOT / "pytest_core_verify"
        missing = sorted(
            {m for m in _REPO_PATH.findall(block.text) if not (ROOT / m.rstrip("/")).exists()}
            | {m for m in _PACKAGE_PATH.findall(block.text) if not (package / m).exists()}
        )
        assert not missing, f"{block.where}: paths that do not exist in the repository: {missing}"


@pytest.fixture(scope="session")
def runner(tmp_path_factory: pytest.TempPathFactory) -> Runner:
    return Runner(tmp_path_factory.mktemp("docs"))


@pytest.mark.parametrize("page", PAGES)
def test_every_example_of_the_page_runs_as_shown(page: str, runner: Runner) -> None:
    runner.run(page)


def test_architecture_names_every_module_of_the_harness() -> None:
    """A module added to a layer is placed in docs/architecture.md's drawing of it."""
    text = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    words = set(re.findall(r"\w+", text))
    layers = ("_core", "_replay", "_results", "_plugin", "_cli")
    missing = sorted(
        f"{layer}/{path.name}"
        for layer in layers
        for path in (ROOT / "pytest_core_verify" / layer).glob("*.py")
        if path.stem != "__init__" and path.stem not in words
    )
    assert not missing, (
        f"docs/architecture.md does not name these modules: {missing}; add each to its "
        f"layer in 'The layers' (and to the path of a case if a case passes through it)"
    )


# --- links ----------------------------------------------------------------------------

_LINK = re.compile(r"(?<!!)\[[^\]]*\]\(([^)\s]+)\)")
# Pages other branches add (the holdout, results-format, replay, perturbation and MCP
# server references): a link to one is checked as soon as the page exists.
_PAGES_ADDED_ELSEWHERE = {
    "docs/holdouts.md",
    "docs/perturbations.md",
    "docs/replay.md",
    "docs/results-format.md",
    "docs/serve.md",
}


def slug(heading: str) -> str:
    """GitHub's anchor of a heading: lower case, punctuation dropped, spaces to hyphens."""
    return re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")


def anchors(path: pathlib.Path) -> set[str]:
    text = path.read_text(encoding="utf-8")
    text = re.sub(r"^```.*?^```", "", text, flags=re.S | re.M)  # no headings in code
    return {slug(h) for h in re.findall(r"^#+\s+(.*)$", text, flags=re.M)}


@pytest.mark.parametrize("page", PAGES)
def test_every_link_of_the_page_resolves(page: str) -> None:
    source = ROOT / page
    text = re.sub(r"^```.*?^```", "", source.read_text(encoding="utf-8"), flags=re.S | re.M)
    broken = []
    for target in _LINK.findall(text):
        if re.match(r"[a-z]+:", target):
            continue  # a URL: not this test's business (no network here)
        path_part, _, anchor = target.partition("#")
        path = (source.parent / path_part).resolve() if path_part else source
        shown = path.relative_to(ROOT).as_posix() if path.is_relative_to(ROOT) else str(path)
        if not path.exists():
            if shown not in _PAGES_ADDED_ELSEWHERE:
                broken.append(f"{target} (no such file)")
            continue
        if anchor and path.suffix == ".md" and anchor not in anchors(path):
            broken.append(f"{target} (no heading with that anchor)")
    assert not broken, f"{page}: links that lead nowhere: {broken}"


@pytest.mark.parametrize("page", PAGES)
def test_every_fence_of_the_page_is_seen(page: str) -> None:
    """No block escapes the examples test by its layout (an indented fence, a ~~~ one)."""
    text = (ROOT / page).read_text(encoding="utf-8")
    fences = sum(1 for line in text.split("\n") if line.strip().startswith(("```", "~~~")))
    blocks = [b for b in parse_page(page, text) if isinstance(b, Block)]
    assert fences == 2 * len(blocks), f"{page}: {fences} fence lines, {len(blocks)} blocks"


def test_every_option_and_ini_key_of_the_plugin_is_documented() -> None:
    """What ``pytest --help`` lists under the plugin's group, and its ini keys, each
    appear in docs/ (reference.md, or the page of the feature that added it)."""
    code, out = run_command(f"{sys.executable} -m pytest --help", ROOT / "docs", [])
    assert code == 0, out
    section = out.split("core-verify:", 1)[1].split("\n\n", 1)[0]
    options = set(re.findall(r"(?<![\w-])(--[a-z][a-z-]+)", section))
    ini_keys = set(re.findall(r"^\s+(core_verify_\w+) \(", out, flags=re.M))
    assert options and ini_keys, "the plugin's options or ini keys were not found in --help"
    docs = "\n".join(p.read_text(encoding="utf-8") for p in sorted((ROOT / "docs").glob("*.md")))
    missing = sorted(name for name in options | ini_keys if f"`{name}" not in docs)
    assert not missing, f"options and ini keys documented on no page of docs/: {missing}"


def test_every_command_is_in_the_reference() -> None:
    """Each ``core-verify`` subcommand has its row in docs/reference.md."""
    code, out = run_command("core-verify --help", ROOT, [])
    assert code == 0, out
    listed = out.split("COMMAND\n", 1)[1].split("\n\n", 1)[0]
    commands = set(re.findall(r"^    (\w[\w-]*) ", listed, flags=re.M))
    assert len(commands) >= 5, f"no subcommands found in:\n{out}"
    reference = (ROOT / "docs" / "reference.md").read_text(encoding="utf-8")
    missing = sorted(c for c in commands if f"`core-verify {c}" not in reference)
    assert not missing, f"commands without a row in docs/reference.md: {missing}"
