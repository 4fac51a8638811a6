"""A log to a FIFO is written line by line, so a reader sees each line at once; a log to a regular file is written
whole, and holds its temporary file too while it is written."""

import os
from pathlib import Path

from refsim.sim.log import SchedulerLog
from refsim.sim.replay import RoundEnded, RoundSummary


def test_a_log_to_a_fifo_reaches_its_reader_line_by_line_and_claims_only_its_path(tmp_path):
    """Kills: sim/log.py:SchedulerLog's `buffering=1` for a stream (-> 2: the line would wait in the text layer's
    buffer, so a reader such as `tail` or a FIFO would not see it until the log is closed), and claims()'s
    `atomic is not None` inverted (a stream has no temporary file). The round line is read from the FIFO before
    the log is closed."""
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    reader = os.open(fifo, os.O_RDONLY | os.O_NONBLOCK)  # opened first, so the log's open does not wait
    try:
        log = SchedulerLog(fifo)
        log.report(RoundEnded(RoundSummary(1, 0.0, (), (), ())), 0.0)
        assert os.read(reader, 1000) == b"[t=0] round 1: 0 dispatched, 0 pended, 0 no decision\n"
        assert log.claims() == [("the --log file", fifo)]
        log.close()
    finally:
        os.close(reader)


def test_a_log_written_whole_claims_its_target_and_its_temporary_file(tmp_path):
    """A log to a regular file is written to a temporary file and put in place at the end: while it is written,
    another output may be neither (the console's `set output` is checked against both)."""
    log = SchedulerLog(tmp_path / "sched.log")
    claims = log.claims()
    log.discard()
    assert claims[0] == ("the --log file", tmp_path / "sched.log")
    assert claims[1][0] == "the --log file (being written)" and Path(claims[1][1]).parent == tmp_path
    assert os.listdir(tmp_path) == []
