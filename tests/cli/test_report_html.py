"""``core-verify report``: a self-contained HTML file, checked in a real browser.

The browser test drives the operating system's Chromium (Debian's ``chromium``) with
Playwright's Python API; Playwright's own browser download is never used. It skips,
saying why, when Chromium or Playwright is not installed.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import sys
from pathlib import Path
from typing import Any

import pytest

from pytest_core_verify._results.html import ReportError, render_report, write_report
from pytest_core_verify.cli import main as core_verify
from tests.helpers import MakeLane

pytest.importorskip(
    "jinja2", reason="the report extra is not installed: pip install -e '.[report]'"
)
pytest.importorskip("matplotlib", reason="the report extra is not installed")
# Imported here, before any pytester fixture: pytester removes the modules first imported
# during a test when it ends, and matplotlib does not survive half of it being reloaded.
pytest.importorskip("matplotlib.figure")
pytest.importorskip("matplotlib.backends.backend_svg")
pytest.importorskip("jinja2.ext")

LANE = """
import pytest
from pytest_core_verify import metric

pytestmark = [pytest.mark.threshold("correct", min=0.5), pytest.mark.threshold("size", max=10)]

def run(case, workdir):
    return {"double": case["x"] * 2}

@metric
def correct(case, result):
    return result["double"] == case["expect"]

@metric
def size(case, result):
    return case["x"]
"""

CASES = [
    {"id": "a", "x": 1, "expect": 2},
    {"id": "<b>&amp;", "x": 2, "expect": 5},
    {"id": "c", "x": 3, "expect": 6},
    {"id": "d", "x": 12, "expect": 24},
]


def _project(pytester: pytest.Pytester, make_lane: MakeLane, runs: int = 3) -> Path:
    """A lane run ``runs`` times (each with a later SOURCE_DATE_EPOCH), logged to history.jsonl;
    the last run's results are in last/."""
    make_lane("demo", code=LANE, dev=CASES, public={"v1": CASES[:2]})
    make_lane("other", code=LANE, dev=CASES[2:])
    for run in range(runs):
        cases = CASES if run < runs - 1 else [*CASES[:2], {**CASES[2], "expect": 0}, CASES[3]]
        make_lane("demo", code=LANE, dev=cases, public={"v1": CASES[:2]})
        with pytest.MonkeyPatch.context() as patch:
            patch.setenv("SOURCE_DATE_EPOCH", str(1767225600 + 86400 * run))
            result = pytester.runpytest(
                "--snapshot-update", "--results", "last", "--results-history", "history.jsonl"
            )
        assert result.ret == 0, result.stdout.str()
        if run == 0:
            shutil.copytree(pytester.path / "last", pytester.path / "hist" / "run0")
    return pytester.path


def test_report_command(
    pytester: pytest.Pytester, make_lane: MakeLane, capsys: pytest.CaptureFixture[str]
) -> None:
    root = _project(pytester, make_lane)
    assert (
        core_verify(["report", "last", "-o", "r.html", "--results-history", "history.jsonl"]) == 0
    )
    assert "wrote r.html (3 lane(s))" in capsys.readouterr().out
    html = (root / "r.html").read_text(encoding="utf-8")
    # Self-contained: nothing is fetched (the SVG namespaces are names, not requests).
    assert not re.search(r"""(src|href)=["']?(https?:)?//""", html)
    assert "<link" not in html and "@import" not in html
    assert html.count('<section class="lane"') == 3
    # Each lane: three runs in the log, one plot per metric that has values.
    assert html.count("<svg") == 3 * 3
    assert "threshold min 0.5" in html and "threshold max 10" in html
    # Escaped, never markup.
    assert "&lt;b&gt;&amp;amp;" in html and "<b>&amp;" not in html
    # Failures first in the case table of demo/dev: the id that missed "correct" leads.
    demo = html.split('data-lane="demo/dev"', 1)[1].split("</section>", 1)[0]
    rows = re.findall(r"<tr>\s*<td>(?:<details class=.case.><summary>)?<code>(.*?)</code>", demo)
    assert rows[:2] == ["&lt;b&gt;&amp;amp;", "c"]
    # Deterministic: the same inputs give the same bytes.
    assert (
        core_verify(["report", "last", "-o", "r2.html", "--results-history", "history.jsonl"]) == 0
    )
    assert (root / "r2.html").read_bytes() == (root / "r.html").read_bytes()


def test_report_history_dir(pytester: pytest.Pytester, make_lane: MakeLane) -> None:
    root = _project(pytester, make_lane)
    write_report([root / "last"], root / "h.html", history_dir=root / "hist")
    html = (root / "h.html").read_text(encoding="utf-8")
    assert html.count("<svg") == 3 * 3  # two runs each: run0 and the current one
    assert "trends over up to 2 run(s)" in html
    no_history = render_report({})
    assert "<svg" not in no_history and "0 lane(s)" in no_history


def test_report_bad_input(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    assert core_verify(["report", str(tmp_path / "nope"), "-o", str(tmp_path / "r.html")]) == 2
    assert "no such file or directory" in capsys.readouterr().err
    log = tmp_path / "h.jsonl"
    log.write_text('{"lane": "x"}\n', encoding="utf-8")
    doc: dict[str, Any] = {
        "lane": "l",
        "split": "dev",
        "version": None,
        "thresholds": {},
        "metrics": {"case_count": 0, "overall_pass": True},
        "cases": [],
    }
    (tmp_path / "l.dev.json").write_text(json.dumps(doc), encoding="utf-8")
    code = core_verify(
        ["report", str(tmp_path), "-o", str(tmp_path / "r.html"), "--results-history", str(log)]
    )
    assert code == 2
    assert "h.jsonl:1: not a results file (split: missing)" in capsys.readouterr().err
    monkeypatch.setitem(sys.modules, "jinja2", None)
    with pytest.raises(ReportError, match=r"pip install 'pytest-core-verify\[report\]'"):
        render_report({})


# -- in a real browser ------------------------------------------------------------------


def _chromium() -> str:
    configured = os.environ.get("CORE_VERIFY_CHROMIUM")
    found = configured or shutil.which("chromium") or shutil.which("chromium-browser")
    if not found:
        pytest.skip(
            "no Chromium: install the operating system's package (apt-get install chromium) "
            "or set CORE_VERIFY_CHROMIUM to its executable"
        )
    return found


def test_report_in_chromium(pytester: pytest.Pytester, make_lane: MakeLane) -> None:
    executable = _chromium()
    sync_api = pytest.importorskip(
        "playwright.sync_api", reason="Playwright's Python package is not installed (dev extra)"
    )
    root = _project(pytester, make_lane)
    write_report([root / "last"], root / "r.html", history_log=root / "history.jsonl")
    problems: list[str] = []
    shot_dir = Path(os.environ.get("CORE_VERIFY_SCREENSHOT_DIR", str(root)))
    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=executable, args=["--no-sandbox", "--disable-gpu"]
        )
        try:
            # No network at all: a request that leaves the file would fail the test.
            context = browser.new_context(offline=True, viewport={"width": 1280, "height": 900})
            page = context.new_page()
            page.on(
                "console",
                lambda message: (
                    problems.append(message.text) if message.type in ("error", "warning") else None
                ),
            )
            page.on("pageerror", lambda error: problems.append(str(error)))
            page.on(
                "request",
                lambda request: (
                    None
                    if request.url.startswith(("file:", "data:"))
                    else problems.append(request.url)
                ),
            )
            page.goto((root / "r.html").as_uri())
            assert page.title() == "core-verify report"
            lanes = page.locator("section.lane")
            assert lanes.count() == 3
            assert [lanes.nth(i).get_attribute("data-lane") for i in range(3)] == [
                "demo/dev",
                "demo/public/v1",
                "other/dev",
            ]
            for i in range(3):
                plots = lanes.nth(i).locator("figure.plot svg")
                assert plots.count() == 3
                assert plots.first.bounding_box()["height"] > 50  # type: ignore[index]
            table = page.locator('section[data-lane="demo/dev"] table.cases')

            def column(n: int) -> list[str]:
                cells = table.locator(f"tbody tr td:nth-child({n})")
                return [cells.nth(i).inner_text().strip() for i in range(cells.count())]

            assert column(1)[:2] == ["<b>&amp;", "c"]  # failures first
            header = table.locator("thead th", has_text="id")
            header.click()
            assert column(1) == ["<b>&amp;", "a", "c", "d"]
            assert header.get_attribute("aria-sort") == "ascending"
            header.click()
            assert column(1) == ["d", "c", "a", "<b>&amp;"]
            size = table.locator("thead th", has_text="size")
            size.click()
            assert column(1) == ["a", "<b>&amp;", "c", "d"]  # numbers: 1, 2, 3, 12
            size.click()
            assert column(1)[0] == "d"
            shot = shot_dir / "report.png"
            page.screenshot(path=str(shot), full_page=True)
            assert shot.stat().st_size > 10_000
        finally:
            browser.close()
    assert problems == []
