"""When a recording's time 0 is, so times can be shown as dates (docs/recording.md, "Epoch")."""

from __future__ import annotations

import datetime as dt
import math
import re
from dataclasses import dataclass
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from refsim.model.bounds import short

_OFFSET = re.compile(r"^UTC([+-])(\d{2}):(\d{2})$")  # a fixed offset, as an SWF header's TimeZone gives one


class EpochError(ValueError):
    """A time zone that is neither an IANA name, UTC, nor UTC+HH:MM / UTC-HH:MM."""


def time_zone(name: str) -> dt.tzinfo:
    """The zone a name stands for: `UTC`, a fixed offset `UTC-08:00`, or an IANA name (`US/Pacific`)."""
    if name == "UTC":
        return dt.timezone.utc
    offset = _OFFSET.match(name)
    if offset is not None:
        sign, hours, minutes = offset.groups()
        delta = dt.timedelta(hours=int(hours), minutes=int(minutes))
        if delta >= dt.timedelta(hours=24):
            raise EpochError(f"time zone offset {name} is not below 24 hours")
        return dt.timezone(-delta if sign == "-" else delta)
    try:
        return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError, OSError):  # OSError: a name too long for a file of the zone data
        raise EpochError(f"unknown time zone '{short(name)}' (an IANA name, UTC, or UTC+HH:MM)") from None


def offset_name(seconds: int) -> str:
    """`UTC-08:00` for -28800."""
    sign = "-" if seconds < 0 else "+"
    hours, rest = divmod(abs(seconds), 3600)
    return f"UTC{sign}{hours:02d}:{rest // 60:02d}"


@dataclass(frozen=True)
class Epoch:
    """A recording's time 0 as Unix seconds, and the zone its dates are shown in."""

    unix: float
    zone: str

    def date(self, time: float) -> str:
        """`1993-10-01 03:33:10 PDT` for the recording's time `time` (seconds from its time 0)."""
        moment = self.unix + time
        if not math.isfinite(moment):
            return "never"
        try:
            when = dt.datetime.fromtimestamp(moment, time_zone(self.zone))
        except (OverflowError, OSError, ValueError):
            return "beyond the calendar"
        return when.strftime("%Y-%m-%d %H:%M:%S ") + (when.tzname() or self.zone)

    def document(self) -> dict[str, object]:
        """As a recording or a run output's header writes it."""
        return {"unix": self.unix, "timezone": self.zone}
