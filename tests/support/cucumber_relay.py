"""Scenario results in pytest-bdd's cucumber JSON report when the suite runs on several processes (pytest-xdist).

pytest-bdd files each scenario's steps in a registry keyed by the test report object of the process that ran the
scenario, and its cucumber writer (which runs only in the controlling process) looks the scenario up there. Under
xdist the controller's report is a copy rebuilt from the worker's, which that registry has never seen, so the report
file would list no scenario at all and `tools/traceability.py --strict` would find every criterion not run. This
plugin relays the scenario with the report: the worker puts it on the report as an attribute (a report's
serialisation carries its attributes), and the controller files it back in pytest-bdd's registry before the
cucumber writer reads it. Without xdist neither hook changes anything.
"""

from __future__ import annotations

from collections.abc import Generator
from typing import Any

import pytest
from pytest_bdd.reporting import ReportContext, test_report_context_registry

RELAYED = "refsim_bdd_scenario"  # the report attribute that carries the scenario from a worker


@pytest.hookimpl(wrapper=True, tryfirst=True)  # outermost, so pytest-bdd's own wrapper has filed the scenario
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Generator[None, Any, Any]:
    """On an xdist worker, copy the scenario pytest-bdd filed for this report onto the report itself."""
    report = yield
    context = test_report_context_registry.get(report)
    if context is not None and hasattr(item.config, "workerinput"):
        setattr(report, RELAYED, {"scenario": context.scenario, "name": context.name})
    return report


@pytest.hookimpl(tryfirst=True)  # before pytest-bdd's cucumber writer looks the report up
def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    """In the controller, file a relayed scenario under the report the controller holds."""
    relayed = getattr(report, RELAYED, None)
    if relayed is not None and report not in test_report_context_registry:
        test_report_context_registry[report] = ReportContext(scenario=relayed["scenario"], name=relayed["name"])
