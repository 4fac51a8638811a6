"""Options for the feature harness (which REPL driver(s), the subprocess driver's command) and for rewriting golden
output on purpose (`--update-golden`, tests/golden/cases.py)."""

import os
from pathlib import Path

import pytest
from hypothesis import settings

from tests.golden import feature_blocks
from tests.golden.cases import EVERY, GoldenUpdate
from tests.support import cucumber_relay

settings.register_profile("ci", max_examples=100, deadline=None, derandomize=True, print_blob=True)
settings.register_profile("dev", max_examples=50, deadline=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))

UPDATES = pytest.StashKey[list]()  # lines for the end-of-run summary
BLOCKS = pytest.StashKey[dict]()  # (feature file, step line) -> (scenario, new text)


def pytest_addoption(parser):
    group = parser.getgroup("refsim")
    group.addoption("--driver", choices=("both", "inprocess", "subprocess"), default="both",
                    help="run the features in-process, through a subprocess, or both (default)")
    group.addoption("--repl-command", default=os.environ.get("REFSIM_REPL_COMMAND"),
                    help="the subprocess driver's command template ({python} {recording} {options}); "
                         "also REFSIM_REPL_COMMAND")
    group.addoption("--update-golden", action="append", nargs="?", const=EVERY, metavar="CASE",
                    help="rewrite the golden and baseline transcripts this run finds changed, except hand-verified "
                         "ones; --update-golden=CASE (repeatable) also rewrites that hand-verified case or that "
                         "scenario's expected blocks")


def pytest_configure(config):
    config.addinivalue_line("markers", "whitebox: the scenario reads the console's internals (in-process only)")
    config.addinivalue_line("markers", "answers: JSON trace, shortfall and nearest misses, why, quiet continue")
    config.addinivalue_line("markers", "backfill: a scenario of the backfilling disciplines' explanations")
    from tools.criteria import criterion_ids
    for crit in criterion_ids():
        req = crit.split(".")[0]
        config.addinivalue_line("markers", f"R{req}: requirement {req}")
        config.addinivalue_line("markers", f"R{crit.replace('.', '_')}: criterion {crit}")
    update = GoldenUpdate.from_option(config.getoption("--update-golden"))
    unknown = update.unknown()
    if unknown:
        raise pytest.UsageError(f"--update-golden: no golden case or scenario named '{unknown[0]}'")
    if (update.every or update.named) and getattr(config.option, "numprocesses", None) not in (None, 0):
        # each worker would rewrite the files it saw, and a scenario's two drivers, compared before a block is
        # rewritten, may run on different workers
        raise pytest.UsageError("--update-golden rewrites files: run it in one process (without -n)")
    config.stash[UPDATES], config.stash[BLOCKS] = [], {}
    # under pytest-xdist (`-n 2`), the scenarios reach the controller's cucumber JSON report only through this relay
    config.pluginmanager.register(cucumber_relay, "refsim-cucumber-relay")
    report = getattr(config.option, "cucumber_json_path", None)
    if report:  # `--cucumberjson=reports/cucumber.json` in a fresh checkout: the folder is made, not required
        Path(report).expanduser().resolve().parent.mkdir(parents=True, exist_ok=True)


@pytest.fixture(scope="session")
def golden_update(pytestconfig) -> GoldenUpdate:
    return GoldenUpdate.from_option(pytestconfig.getoption("--update-golden"))


@pytest.fixture(scope="session")
def golden_updates(pytestconfig) -> list[str]:
    """Where a golden test notes what it rewrote (and the structural diff), printed at the end of the run."""
    return pytestconfig.stash[UPDATES]


def pytest_bdd_step_error(request, feature, scenario, step, step_func, step_func_args, exception):
    """Under --update-golden=SCENARIO, keep what the run printed in place of a failed expected block."""
    if not GoldenUpdate.from_option(request.config.getoption("--update-golden")).rewrites(scenario.name, True):
        return
    text = feature_blocks.actual_block(step.name, step_func_args)
    if text is None:
        return
    where = (Path(feature.filename), step.line_number)
    why = feature_blocks.refusal(step.docstring)
    if why is not None:
        request.config.stash[UPDATES].append(f"{where[0].name}:{where[1]}: not rewritten: {why}")
        return
    blocks = request.config.stash[BLOCKS]
    if blocks.get(where, (scenario.name, text))[1] != text:
        request.config.stash[UPDATES].append(f"{where[0].name}:{where[1]}: not rewritten: the drivers disagree")
        blocks[where] = (scenario.name, None)
        return
    blocks[where] = (scenario.name, text)


def pytest_sessionfinish(session):
    blocks = session.config.stash.get(BLOCKS, {})
    for path in sorted({p for p, _ in blocks}):
        mine = {line: text for (p, line), (_, text) in blocks.items() if p == path and text is not None}
        if mine:
            feature_blocks.rewrite(path, mine)
            session.config.stash[UPDATES] += [f"{path.name}:{line}: expected block rewritten (run again to check)"
                                              for line in sorted(mine)]


def pytest_terminal_summary(terminalreporter, config):
    lines = config.stash.get(UPDATES, [])
    if lines:
        terminalreporter.section("golden updates")
        for line in lines:
            terminalreporter.write_line(line)


@pytest.fixture(scope="module")
def browser():
    """One headless Chromium per test module that asks for it; skips, or fails under REFSIM_REQUIRE_BROWSER=1,
    without one (tests/support/browser.py). Per module, not per run: Playwright's sync API keeps an event loop
    running in the process until it stops, and a later test in the same worker (the console's terminal tests) calls
    asyncio.run(), which refuses to start inside a running loop."""
    from tests.support.browser import chromium

    with chromium() as launched:
        yield launched
