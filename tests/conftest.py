"""Options for the feature harness: which REPL driver(s) to use and which command the subprocess driver runs."""

import os

from hypothesis import settings

settings.register_profile("ci", max_examples=100, deadline=None, derandomize=True, print_blob=True)
settings.register_profile("dev", max_examples=50, deadline=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))


def pytest_addoption(parser):
    group = parser.getgroup("refsim")
    group.addoption("--driver", choices=("both", "inprocess", "subprocess"), default="both",
                    help="run the features in-process, through a subprocess, or both (default)")
    group.addoption("--repl-command", default=os.environ.get("REFSIM_REPL_COMMAND"),
                    help="the subprocess driver's command template ({python} {recording} {options}); "
                         "also REFSIM_REPL_COMMAND")


def pytest_configure(config):
    config.addinivalue_line("markers", "whitebox: the scenario reads the console's internals (in-process only)")
    config.addinivalue_line("markers", "backfill: a scenario of the backfilling disciplines' explanations")
    from tools.criteria import criterion_ids
    for crit in criterion_ids():
        req = crit.split(".")[0]
        config.addinivalue_line("markers", f"R{req}: requirement {req}")
        config.addinivalue_line("markers", f"R{crit.replace('.', '_')}: criterion {crit}")
