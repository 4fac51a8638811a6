"""`python -m refsim`: the same as the `refsim` command."""

from refsim.cli import main

main(prog_name="refsim")
