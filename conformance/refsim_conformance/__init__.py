"""refsim-conformance: the refsim console's acceptance features as a pytest plugin (docs/conformance.md).

    pytest -p refsim_conformance --conformance-command "COMMAND {recording} {options}"

Without --conformance-command the plugin does nothing, so having it installed changes no other test run. With it,
pytest collects the kit's scenarios (test_conformance.py beside this file) and runs each through the subprocess
driver against that command. Nothing here imports refsim."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

HERE = Path(__file__).resolve().parent
SCENARIOS = HERE / "test_conformance.py"
OPTION = "--conformance-command"


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("refsim-conformance")
    group.addoption(OPTION, metavar="TEMPLATE",
                    help="the console under test, a command template: {recording} (a refsim recording file, empty "
                         "for the built-in demo), {options} (console options) and {python} are filled in")


def pytest_configure(config: pytest.Config) -> None:
    if not config.getoption(OPTION):
        return
    config.addinivalue_line("markers", "whitebox: reads refsim's internals; never run by the kit")
    criteria = yaml.safe_load((HERE / "features" / "criteria.yaml").read_text(encoding="utf-8"))["criteria"]
    for crit in (str(c["id"]) for c in criteria):
        config.addinivalue_line("markers", f"R{crit.split('.')[0]}: requirement {crit.split('.')[0]}")
        config.addinivalue_line("markers", f"R{crit.replace('.', '_')}: criterion {crit}")
    if config.args_source == pytest.Config.ArgsSource.ARGS:
        config.args.append(str(SCENARIOS))
    else:  # no paths given: the kit's scenarios only, not the tests of the folder it runs in
        config.args[:] = [str(SCENARIOS)]


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """White-box scenarios read refsim's internals: they stay in refsim's own suite and are deselected here."""
    if not config.getoption(OPTION):
        return
    whitebox = [i for i in items if i.path == SCENARIOS and i.get_closest_marker("whitebox")]
    if whitebox:
        config.hook.pytest_deselected(items=whitebox)
        items[:] = [i for i in items if i not in whitebox]


@pytest.hookimpl(tryfirst=True)  # before pytest-bdd's own, which would make an unknown `R7.3` mark
def pytest_bdd_apply_tag(tag: str, function):
    """@R7.3 marks a scenario R7_3 and R7, so `-m R7` or `-m R7_3` selects it."""
    if tag.startswith("R") and "." in tag:
        requirement, criterion = tag[1:].split(".", 1)
        getattr(pytest.mark, f"R{requirement}_{criterion}")(function)
        getattr(pytest.mark, f"R{requirement}")(function)
        return True
    return None
