"""JUnit XML files every item of a lane split under one classname (pytest glue).

pytest's junitxml derives a testcase's classname from its node id, so a case
``lanes/demo/public/v1/cases.jsonl::p`` reads ``lanes.demo.public.v1.cases.jsonl`` and
its split's gate ``lanes/demo::public/v1::gate`` reads ``lanes.demo.public/v1``: CI
viewers, which group testcases by classname, file a split's cases apart from its gate.
Here every item of a split (its cases, perturbed cases, bad lines and placeholders, and
its gate) gets one classname, ``<lane directory, dotted>.<split>[.<version>]``, for
example ``lanes.demo.public.v1`` (after ``--junit-prefix``, as pytest puts it). Node
ids stay as they are: ``-k``, ``--lf``, pins and the resume journal use them.

Registered only with ``--junitxml``: a session without it runs none of this. The
process that runs the items (serially the only one, or an xdist worker, which has no
LogXML) tags each report of a lane item with its split's classname; the process that
writes the XML (serially the same one, the xdist controller otherwise: the reports
arrive there) sets it on the testcase before junitxml records the report, through the
node reporter, as pytest's ``record_xml_attribute`` fixture does (which, running in the
item's process, cannot reach the controller's XML).
"""

from __future__ import annotations

import json
from collections.abc import Generator
from typing import Any

import pytest
from _pytest.junitxml import LogXML, xml_key  # a default plugin: pytest has loaded it

from pytest_core_verify._core.lanes import CaseFileKey
from pytest_core_verify._plugin.items import CaseFile
from pytest_core_verify._plugin.settings import Settings
from pytest_core_verify._plugin.state import SessionState

__all__ = ["CLASSNAME_ATTR", "JunitClassnames", "maybe_register", "split_classname"]

#: The report attribute that carries the classname from the item's process (it travels
#: with the report to the xdist controller, as every JSON-able report attribute does).
CLASSNAME_ATTR = "core_verify_classname"


def split_classname(settings: Settings, key: CaseFileKey) -> str:
    """``lanes.<lane>.<split>[.<version>]``: the lane's directory (relative to the
    rootdir, as in node ids; absolute when outside it), its split and its version."""
    directory = settings.lanes_root / key.lane
    try:
        parts = directory.relative_to(settings.rootpath).parts
    except ValueError:
        parts = directory.parts[1:]  # no root ("/"): a classname has no empty part
    return ".".join((*parts, *(p for p in (key.split, key.version) if p)))


def maybe_register(config: pytest.Config, state: SessionState) -> None:
    """With ``--junitxml``, in every process: the tagging where items run, the setting
    where the XML is written."""
    if config.getoption("xmlpath", None):
        config.pluginmanager.register(JunitClassnames(config, state), "core_verify_junit")


class JunitClassnames:
    """Tags lane reports with their split's classname and sets it on the testcase."""

    def __init__(self, config: pytest.Config, state: SessionState) -> None:
        self.config = config
        self.settings = state.settings
        #: An xdist worker writes no XML: its reports are set on the controller.
        self._writes_xml = not hasattr(config, "workerinput")
        self._by_key: dict[CaseFileKey, str] = {}
        self._xml: LogXML | None = None

    def _classname(self, key: CaseFileKey) -> str:
        found = self._by_key.get(key)
        if found is None:
            found = self._by_key[key] = split_classname(self.settings, key)
        return found

    @pytest.hookimpl(wrapper=True)
    def pytest_runtest_makereport(
        self, item: pytest.Item, call: pytest.CallInfo[None]
    ) -> Generator[None, pytest.TestReport, pytest.TestReport]:
        report = yield
        parent = item.parent
        if isinstance(parent, CaseFile):  # every item of a split is a child of its file
            setattr(report, CLASSNAME_ATTR, self._classname(parent.key))
        return report

    @pytest.hookimpl(tryfirst=True)
    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        if not self._writes_xml:
            return
        classname = getattr(report, CLASSNAME_ATTR, None)
        if classname is None and getattr(report, "core_verify_gate", False):
            classname = self._gate_classname(report)
        if classname is None or (report.when == "setup" and report.passed):
            # A passed setup opens no testcase; asking for its reporter would make one.
            return
        xml = self._xml
        if xml is None:
            # Looked up at the first report: junitxml makes its LogXML in its own configure.
            xml = self._xml = self.config.stash.get(xml_key, None)
            if xml is None:
                return
        if xml.prefix:
            classname = f"{xml.prefix}.{classname}"
        xml.node_reporter(report).add_attribute("classname", classname)

    def _gate_classname(self, report: pytest.TestReport) -> str | None:
        # A gate is made on this process from the split's result; its properties name it.
        props: dict[str, Any] = dict(report.user_properties)
        if "lane" not in props or "split" not in props:
            return None
        version = json.loads(props["version"]) if "version" in props else None
        return self._classname(CaseFileKey(props["lane"], props["split"], version))
