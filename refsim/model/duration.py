"""Durations as people read them, beside the seconds the simulator counts in."""

from __future__ import annotations

import math

_UNITS = (("d", 86400), ("h", 3600), ("m", 60), ("s", 1))


def duration_words(seconds: float) -> str:
    """The two largest units of a duration, rounded to the second: `45s`, `12m05s`, `6h36m`, `3d04h`, `0s`."""
    if not math.isfinite(seconds):
        return str(seconds)
    left = round(abs(seconds))
    sign = "-" if seconds < 0 and left else ""
    for (unit, size), (small, small_size) in zip(_UNITS, _UNITS[1:]):
        if left >= size:
            whole, rest = divmod(left, size)
            part = rest // small_size
            return f"{sign}{whole}{unit}" + (f"{part:02d}{small}" if part else "")
    return f"{sign}{left}s"
