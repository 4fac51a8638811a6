"""Reading a --sim-output file as a stream of records, one line at a time (plain or gzip-compressed), through the
simulator's one run reader (refsim/sim/runfile.py), so a report, a diff and a plot refuse what --sim-verify
refuses, with the same one-line messages."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

from refsim.model.epoch import Epoch, EpochError, time_zone
from refsim.sim.output import Record
from refsim.sim.reader import RecordingError
from refsim.sim.runfile import run_header, run_records
from refsim.sim.runlines import first_line, parse_line

ReportError = RecordingError  # one line naming the file, where in it, and what is wrong


def read_run(path: str | Path) -> Iterator[Record]:
    """The records of a --sim-output file after its header, in the order written."""
    for _, record in run_records(path):
        yield record


def run_epoch(path: str | Path) -> Epoch | None:
    """The recording's epoch a --sim-output file's header carries (version 3), if any."""
    name = str(path)
    line = first_line(path)
    header = run_header(parse_line(line, name, 1) if line else None, name)
    epoch = header.get("epoch")
    if not isinstance(epoch, dict):
        return None
    unix, zone = epoch.get("unix"), epoch.get("timezone")
    if isinstance(unix, bool) or not isinstance(unix, (int, float)) or not isinstance(zone, str):
        raise ReportError(name, "line 1", "the header's epoch needs a number `unix` and a text `timezone`")
    try:
        time_zone(zone)
    except EpochError as exc:
        raise ReportError(name, "line 1", f"the header's epoch: {exc}") from None
    return Epoch(unix, zone)
