"""`import csv … --keep-all-queues` is a flag: given alone it keeps the rows of other queues."""

import json

from click.testing import CliRunner

from refsim.cli import main

# Two rows: one in pbatch, one in batch. Without the flag the batch row is dropped; with it both are kept.
TRACE = "job_submit_time,num_nodes,queue,time_limit\n0,1,pbatch,10\n5,1,batch,10\n"


def test_the_flag_takes_no_value_and_keeps_the_other_queue(tmp_path):
    """Kills: `is_flag=True` -> `False` for --keep-all-queues (refsim/cli.py): the option would then take a value
    and `--keep-all-queues` at the end of the line would be a usage error."""
    (tmp_path / "trace.csv").write_text(TRACE)
    out = tmp_path / "rec.json"
    result = CliRunner().invoke(main, ["import", "csv", str(tmp_path / "trace.csv"), "--nodes", "2", "-o", str(out),
                                       "--keep-all-queues"])
    assert result.exit_code == 0, result.output
    queues = [e["submit"]["queue"] for e in json.loads(out.read_text())["events"] if "submit" in e]
    assert queues == ["pbatch", "batch"]
