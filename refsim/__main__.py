"""`python -m refsim`: the same as the `refsim` command."""

from refsim.cli import run

run(prog_name="refsim")
