"""The kit's scenarios: every console feature shipped beside this file, each run through the subprocess driver
against --conformance-command."""

from __future__ import annotations

import pytest
from pytest_bdd import scenarios

from refsim_conformance import HERE, OPTION
from refsim_conformance.steps.drivers import SubprocessDriver
from refsim_conformance.steps.proof_steps import *  # noqa: F401,F403 (step definitions must be visible here)
from refsim_conformance.steps.repl_steps import *  # noqa: F401,F403

scenarios(str(HERE / "features"))


@pytest.fixture
def driver(request: pytest.FixtureRequest) -> SubprocessDriver:
    # The command runs where pytest was started, so a relative path in it means what it means to the person.
    return SubprocessDriver(request.config.getoption(OPTION), cwd=request.config.invocation_params.dir)


@pytest.fixture
def options() -> list[str]:
    return []
