"""refsim's command line run in the test's own process (click's runner), its output and exit code captured."""

from __future__ import annotations

from click.testing import CliRunner, Result

from refsim.cli import main


def run(*args: str) -> Result:
    """Run `refsim ARGS...` and return click's result (exit_code, stdout, stderr)."""
    return CliRunner().invoke(main, list(args))
