"""`sim --schedule/--resources` refuse a path that is the --log or --sim-output file, naming both in one line, and
leave every file as it was."""

from pathlib import Path

import pytest
from click.testing import CliRunner

from refsim.cli import main

RECORDING = Path(__file__).resolve().parents[2] / "examples" / "six-jobs.yaml"


@pytest.mark.parametrize("table, other", [("--schedule", "--log"), ("--resources", "--log"),
                                          ("--schedule", "--sim-output"), ("--resources", "--sim-output")])
def test_a_table_on_the_log_or_the_output_is_refused_by_name(tmp_path, monkeypatch, table, other):
    """Kills: the role names of the outputs (`the --log file`, `the --sim-output file`) mutated (`str->XX`) in
    refsim/cli.py's sim command, where only these messages show them."""
    monkeypatch.chdir(tmp_path)
    Path("taken.txt").write_text("kept\n")
    result = CliRunner().invoke(main, ["sim", str(RECORDING), other, "taken.txt", table, "./taken.txt"])
    assert result.exit_code == 2
    assert result.output.splitlines() == [f"Error: {table} ./taken.txt: is the same file as the {other} file "
                                          "taken.txt; refused so that nothing is overwritten"]
    assert Path("taken.txt").read_text() == "kept\n" and sorted(p.name for p in tmp_path.iterdir()) == ["taken.txt"]
