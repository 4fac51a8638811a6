"""A run's records checked for times a plot or page could not place: JSON lets NaN and Infinity through, and a
hand-edited end record may end before it starts. Each is one ReportError naming the record."""

from __future__ import annotations

import math
from collections.abc import Iterable, Iterator

from refsim.report.runfile import ReportError
from refsim.sim.output import Record


def finite_times(records: Iterable[Record], name: str) -> Iterator[Record]:
    """The records, each checked to have finite times (JSON lets NaN and Infinity through), and an end record that
    does not end before it starts; a ReportError names the record otherwise."""
    for record in records:
        for key in ("time", "start"):
            value = record.get(key)
            if isinstance(value, float) and not math.isfinite(value):
                raise ReportError(name, "", f"a {record['kind']} record{_of(record)} has {key} {value}: "
                                            "times must be finite numbers")
        if record["kind"] == "end" and _numeric(record.get("time")) and _numeric(record.get("start")) \
                and record["time"] < record["start"]:
            raise ReportError(name, "", f"the end record ends at {record['time']}, before its start "
                                        f"{record['start']}")
        yield record


def _of(record: Record) -> str:
    return f" of job {record['job']}" if "job" in record else ""


def _numeric(value: object) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)
