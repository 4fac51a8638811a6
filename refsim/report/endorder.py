"""A run's records checked for an end a plot or page could not place: a hand-edited end record may end before it
starts. It is one ReportError naming the record (NaN and infinity never get this far: the run reader refuses them)."""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from refsim.report.runfile import ReportError
from refsim.sim.output import Record


def end_after_start(records: Iterable[Record], name: str) -> Iterator[Record]:
    """The records, with an end record that does not end before it starts; a ReportError names it otherwise.
    Times are finite already: the run reader refuses NaN and infinity (refsim/sim/runlines.py)."""
    for record in records:
        if record["kind"] == "end" and _numeric(record.get("time")) and _numeric(record.get("start")) \
                and record["time"] < record["start"]:
            raise ReportError(name, "", f"the end record ends at {record['time']}, before its start "
                                        f"{record['start']}")
        yield record


def _numeric(value: object) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)
