"""``core-verify report``: one self-contained HTML file from results files (pure: no pytest).

The page is rendered from a Jinja2 template (``templates/report.html.j2``, autoescaped)
and every plot is a matplotlib figure saved as SVG and embedded inline, so the file
needs no network and no other file. Jinja2 and matplotlib are the optional extra
``[report]``; they are imported only when a report is written.

Given a history (earlier results directories, or the JSON-lines log that
``pytest --results-history FILE`` appends to), each lane gets a plot per metric over
the runs, with its threshold drawn in. Partial runs are left out of the trends: their
means cover only the selected cases.
"""

from __future__ import annotations

import io
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pytest_core_verify._core.atomic import atomic_write_text
from pytest_core_verify._core.project import Project
from pytest_core_verify._results.compare import case_verdicts
from pytest_core_verify._results.document import LaneKey, ResultsError, load_results
from pytest_core_verify._results.drill import CaseDetail, case_details
from pytest_core_verify._results.history import load_history, metric_verdict

__all__ = [
    "ReportError",
    "load_history_dir",
    "load_history_log",
    "render_report",
    "write_report",
]

_NO_DETAIL = CaseDetail()
#: Failures first, then surprises, then known failures, then cases that skipped
#: themselves, then passes: one rank for every status ``case_statuses`` gives.
_STATUS_ORDER = {"fail": 0, "xpass": 1, "xfail": 2, "skipped": 3, "pass": 4}
_EXTRA_HINT = "install the report extra: pip install 'pytest-core-verify[report]'"


class ReportError(ValueError):
    """The report cannot be written; the text names the input or what to install."""


def _label(key: LaneKey) -> str:
    return "/".join(p for p in key if p)


def _order(key: LaneKey) -> tuple[str, str, str]:
    return (key[0], key[1], key[2] or "")


def load_history_dir(path: Path) -> list[dict[str, Any]]:
    """Every results document under ``path`` (recursively: one directory per run)."""
    if not path.is_dir():
        raise ReportError(f"--history {path}: not a directory of earlier results directories")
    documents: list[dict[str, Any]] = []
    for directory in sorted({p.parent for p in path.rglob("*.json")}):
        try:
            documents += load_results(directory).values()
        except ResultsError as exc:
            if "holds no results files" not in str(exc):
                raise ReportError(f"--history: {exc}") from None
    return documents


def load_history_log(path: Path) -> list[dict[str, Any]]:
    """The runs of a ``--results-history`` log, one JSON object per line, each checked
    against its schema (``history.load_history``: compact lines, or older logs' whole
    results documents)."""
    try:
        return load_history(path)
    except ResultsError as exc:
        raise ReportError(f"--results-history {exc}") from None


@dataclass
class _Series:
    threshold: Mapping[str, float] | None
    points: list[tuple[str, float | None]] = field(default_factory=list)


def _trends(
    history: Iterable[Mapping[str, Any]], current: Mapping[LaneKey, Mapping[str, Any]]
) -> dict[LaneKey, list[Mapping[str, Any]]]:
    """Per lane, the complete runs in time order, the current one last; one per timestamp."""
    runs: dict[LaneKey, dict[str, Mapping[str, Any]]] = {}
    for doc in [*history, *current.values()]:
        if doc.get("partial"):
            continue
        key: LaneKey = (doc["lane"], doc["split"], doc.get("version"))
        runs.setdefault(key, {})[doc.get("timestamp") or ""] = doc
    return {key: [by_time[t] for t in sorted(by_time)] for key, by_time in runs.items()}


def _time_labels(stamps: Sequence[str]) -> list[str]:
    """The x-axis labels of a trend: the date, and the time where one date has more runs."""
    dates = [s[:10] for s in stamps]
    return [
        (s[:16].replace("T", " ") if dates.count(s[:10]) > 1 else s[:10]) if s else f"run {i + 1}"
        for i, s in enumerate(stamps)
    ]


_SVG_ID = re.compile(r'\bid="([^"]+)"')


def _scoped_ids(svg: str, prefix: str) -> str:
    """Every element id of one plot (and each reference to it) prefixed, so that plots
    inlined in one page never share an id (matplotlib names them the same way)."""
    ids = set(_SVG_ID.findall(svg))
    if not ids:
        return svg

    def scoped(match: re.Match[str]) -> str:
        name = match.group(2)
        return f"{match.group(1)}{prefix}-{name}{match.group(3)}" if name in ids else match.group(0)

    return re.sub(r'(\bid="|url\(#|href="#)([^")]+)([")])', scoped, svg)


def _plot_svg(
    title: str,
    points: Sequence[tuple[str, float | None]],
    bounds: Mapping[str, Any] | None,
    *,
    scope: str = "plot",
) -> str:
    """One metric over runs as inline SVG (matplotlib; no pyplot, no global state)."""
    import matplotlib
    from matplotlib.figure import Figure

    xs = list(range(len(points)))
    ys = [float("nan") if v is None else v for _, v in points]
    # Names and timestamps are literal text: "$x$" in a lane or metric name is not
    # TeX math for matplotlib to typeset (or to fail on, "Unknown symbol").
    with matplotlib.rc_context(
        {
            "svg.hashsalt": f"core-verify-{title}",
            "svg.fonttype": "none",
            "font.size": 8,
            "text.parse_math": False,
            "text.usetex": False,
        }
    ):
        figure = Figure(figsize=(5.2, 2.4), dpi=96, layout="constrained")
        axes = figure.add_subplot()
        axes.plot(xs, ys, marker="o", color="#1f5fa8", linewidth=1.5, label="value")
        for name, style in (("min", "--"), ("max", ":")):
            if bounds and bounds.get(name) is not None:
                axes.axhline(
                    bounds[name],
                    color="#c0392b",
                    linestyle=style,
                    linewidth=1.2,
                    label=f"threshold {name} {bounds[name]:g}",
                )
        axes.set_title(title, parse_math=False)
        axes.set_xticks(xs, _time_labels([t for t, _ in points]))
        axes.tick_params(axis="x", labelrotation=30)
        axes.grid(True, alpha=0.3)
        axes.legend(loc="best", fontsize=7)
        buffer = io.StringIO()
        figure.savefig(buffer, format="svg", metadata={"Date": None})
    svg = buffer.getvalue()
    return _scoped_ids(svg[svg.index("<svg") :], scope)


def _metric_cell(value: Any) -> tuple[str, str]:
    """(text shown, sort key) for a case's metric value."""
    if value is None:
        return "n/a", ""
    if isinstance(value, bool):
        return ("true" if value else "false"), ("1" if value else "0")
    return f"{value:.4g}", repr(float(value))


def _lane_view(
    doc: Mapping[str, Any],
    runs: Sequence[Mapping[str, Any]],
    with_plots: bool,
    project: Project | None = None,
) -> dict[str, Any]:
    key: LaneKey = (doc["lane"], doc["split"], doc.get("version"))
    thresholds: Mapping[str, Mapping[str, Any]] = doc.get("thresholds") or {}
    names = sorted(n for n in doc["metrics"] if n not in ("case_count", "overall_pass"))
    intervals: Mapping[str, Mapping[str, Any]] = doc.get("intervals") or {}
    metrics = []
    for name in names:
        value = doc["metrics"][name]
        bounds = thresholds.get(name)
        span = intervals.get(name)
        verdict = "-" if bounds is None else metric_verdict(value, bounds, span)
        metrics.append(
            {
                "name": name,
                "value": "n/a" if value is None else f"{value:.4f}",
                "threshold": _describe(bounds, span),
                "verdict": verdict,
                "misses": (doc.get("misses") or {}).get(name, []),
            }
        )
    verdicts = case_verdicts(doc)
    statuses = {case_id: (status, why) for case_id, (status, why, _) in verdicts.items()}
    causes = {case_id: cause for case_id, (_, _, cause) in verdicts.items()}
    details = case_details(project, doc) if project is not None else {}
    case_metric_names = sorted({n for c in doc["cases"] for n in (c.get("metrics") or {})})
    rows = []
    for position, case in enumerate(doc["cases"]):
        status, why = statuses[case["id"]]
        rows.append(
            {
                "id": case["id"],
                "status": status,
                "why": why,
                "rank": _STATUS_ORDER[status],
                "position": position,
                "metrics": [
                    _metric_cell((case.get("metrics") or {}).get(n)) for n in case_metric_names
                ],
                "trace_hash": case.get("trace_hash") or "",
                "detail": details.get(case["id"], _NO_DETAIL),
            }
        )
    rows.sort(key=lambda r: (r["rank"], r["position"]))
    plots: list[dict[str, Any]] = []
    if with_plots:
        for name in names:
            points = [(r.get("timestamp") or "", r["metrics"].get(name)) for r in runs]
            if any(isinstance(v, (int, float)) for _, v in points):
                plots.append(
                    {
                        "metric": name,
                        "svg": _plot_svg(
                            f"{_label(key)} {name}",
                            points,
                            thresholds.get(name),
                            scope=f"{'-'.join(p for p in key if p)}-{len(plots)}",
                        ),
                        "runs": len(points),
                    }
                )
    known = [c["id"] for c in doc["cases"] if c.get("xfail")]
    return {
        "label": _label(key),
        "anchor": "lane-" + "-".join(p for p in key if p),
        "timestamp": doc.get("timestamp", ""),
        "overall": "PASS" if doc["metrics"].get("overall_pass") else "FAIL",
        "case_count": len(doc["cases"]),
        # A case whose item failed (an error, a pin that differs, runs that differ), and
        # apart from it a case that only missed a threshold: not the same news.
        "failed_cases": sum(
            1
            for r in rows
            if r["status"] == "xpass" or (r["status"] == "fail" and causes.get(r["id"]) != "missed")
        ),
        "missed_cases": sum(1 for r in rows if causes.get(r["id"]) == "missed"),
        "known_failures": known,
        "partial": bool(doc.get("partial")),
        "missing": doc.get("missing") or [],
        "metrics": metrics,
        "case_metric_names": case_metric_names,
        "cases": rows,
        "plots": plots,
    }


def _describe(bounds: Mapping[str, Any] | None, span: Mapping[str, Any] | None = None) -> str:
    if not bounds:
        return "-"
    low, high = bounds.get("min"), bounds.get("max")
    if low is not None and high is not None:
        text = f"in [{low:.4g}, {high:.4g}]"
    else:
        text = f">= {low:.4g}" if low is not None else f"<= {high:.4g}"
    if bounds.get("confidence") is not None:
        text += f" at {bounds['confidence'] * 100:.4g}%"
        if span:
            side, bound = ("lower", span["low"]) if low is not None else ("upper", span["high"])
            text += f" ({side} bound {bound:.4g}, n={span['n']})"
    return text


def render_report(
    current: Mapping[LaneKey, Mapping[str, Any]],
    history: Sequence[Mapping[str, Any]] = (),
    *,
    title: str = "core-verify report",
    with_history: bool = False,
    project: Project | None = None,
) -> str:
    """The HTML text of the report (deterministic: same inputs, same bytes)."""
    try:
        import jinja2
        import matplotlib  # noqa: F401
    except ImportError as exc:
        raise ReportError(f"core-verify report needs {exc.name}: {_EXTRA_HINT}") from None
    environment = jinja2.Environment(
        loader=jinja2.PackageLoader("pytest_core_verify._results", "templates"),
        autoescape=jinja2.select_autoescape(["html", "j2"]),
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
    )
    trends = _trends(history, current)
    lanes = [
        _lane_view(current[key], trends.get(key, []), with_history, project)
        for key in sorted(current, key=_order)
    ]
    template = environment.get_template("report.html.j2")
    return template.render(
        title=title,
        lanes=lanes,
        with_history=with_history,
        runs=max((len(t) for t in trends.values()), default=0),
    )


def write_report(
    results: Sequence[Path],
    output: Path,
    *,
    history_dir: Path | None = None,
    history_log: Path | None = None,
    title: str = "core-verify report",
    project: Project | None = None,
) -> int:
    """Read ``results`` (directories or files), render, write ``output`` atomically.

    Returns the number of lanes in the report.
    """
    current: dict[LaneKey, dict[str, Any]] = {}
    for path in results:
        try:
            found = load_results(path)
        except ResultsError as exc:
            raise ReportError(str(exc)) from None
        for key, doc in found.items():
            if key in current:
                raise ReportError(f"{path}: {_label(key)} is given twice")
            current[key] = doc
    history: list[dict[str, Any]] = []
    if history_dir is not None:
        history += load_history_dir(history_dir)
    if history_log is not None:
        history += load_history_log(history_log)
    html = render_report(
        current,
        history,
        title=title,
        with_history=history_dir is not None or history_log is not None,
        project=project,
    )
    atomic_write_text(output, html)
    return len(current)
