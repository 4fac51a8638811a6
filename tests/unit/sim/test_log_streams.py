"""A log to a FIFO is written line by line, so a reader sees each line at once; a log to a regular file is written
whole, and holds its temporary file too while it is written."""

import io
import os
import sys
from pathlib import Path

from refsim.sim.log import SchedulerLog
from refsim.sim.replay import RoundEnded, RoundSummary


def test_a_log_to_a_fifo_reaches_its_reader_line_by_line_and_claims_only_its_path(tmp_path):
    """Kills: sim/log.py:SchedulerLog's `buffering=1` for a stream (-> 2: the line would wait in the text layer's
    buffer, so a reader such as `tail` or a FIFO would not see it until the log is closed), and claims()'s
    `atomic is not None` inverted (a stream has no temporary file). The round line is read from the FIFO before
    the log is closed; discarding the log closes the FIFO (`_finish_stream()` in discard() dropped: the reader
    would never see its end)."""
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    reader = os.open(fifo, os.O_RDONLY | os.O_NONBLOCK)  # opened first, so the log's open does not wait
    try:
        log = SchedulerLog(fifo)
        log.report(RoundEnded(RoundSummary(1, 0.0, (), (), ())), 0.0)
        assert os.read(reader, 1000) == b"[t=0] round 1: 0 dispatched, 0 pended, 0 no decision\n"
        assert log.claims() == [("the --log file", fifo)]
        log.discard()  # as after an interrupt: a stream cannot be dropped, only closed
        assert os.read(reader, 1000) == b""  # the end of the FIFO: no writer holds it open any more
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


def test_a_log_to_standard_output_is_flushed_and_left_open(monkeypatch):
    """Kills: sim/log.py:SchedulerLog._finish_stream's `flush()` of a stream refsim did not open dropped (the last
    lines would wait in the stream's buffer, after refsim's own output). Standard output here is a buffered text
    stream over bytes: the line reaches the bytes only when flushed, and the stream stays open."""
    raw = io.BytesIO()
    stream = io.TextIOWrapper(raw, encoding="utf-8")
    monkeypatch.setattr(sys, "stdout", stream)
    log = SchedulerLog("-")
    log.report(RoundEnded(RoundSummary(1, 0.0, (), (), ())), 0.0)
    log.close()
    assert raw.getvalue() == b"[t=0] round 1: 0 dispatched, 0 pended, 0 no decision\n" and not stream.closed
