"""Wiring for the Gherkin features: the driver fixture (each scenario runs under each selected driver) and tags."""

import pytest

from steps.drivers import InProcessDriver, SubprocessDriver
from steps.proof_steps import *  # noqa: F401,F403 (step definitions must be visible to the scenarios)
from steps.repl_steps import *  # noqa: F401,F403
from steps.answers_steps import *  # noqa: F401,F403


@pytest.fixture(params=["inprocess", "subprocess"], autouse=True)
def driver_name(request):
    return request.param


def pytest_collection_modifyitems(config, items):
    """Keep only the scenarios of the driver(s) chosen with --driver."""
    choice = config.getoption("--driver")
    if choice == "both":
        return
    keep, drop = [], []
    for item in items:
        name = getattr(item, "callspec", None) and item.callspec.params.get("driver_name")
        (drop if name not in (None, choice) else keep).append(item)
    if drop:
        config.hook.pytest_deselected(items=drop)
        items[:] = keep


@pytest.fixture
def driver(driver_name, request):
    if driver_name == "inprocess":
        return InProcessDriver()
    if request.node.get_closest_marker("whitebox"):
        pytest.skip("white-box scenario: it reads the console's internals, which a subprocess does not expose")
    return SubprocessDriver(request.config.getoption("--repl-command"))


@pytest.fixture
def options():
    return []


def pytest_bdd_apply_tag(tag, function):
    """@R7.3 marks the scenario with R7_3 and R7, so `-m R7` or `-m R7_3` selects it."""
    if tag.startswith("R") and "." in tag:
        requirement, criterion = tag[1:].split(".", 1)
        pytest.mark.__getattr__(f"R{requirement}_{criterion}")(function)
        pytest.mark.__getattr__(f"R{requirement}")(function)
        return True
    return None
