"""Amounts and their units.

A numeric resource either has no unit (slots, licenses, GPUs) or a memory unit. Memory amounts are held in
megabytes (MB), the base unit, so that every comparison the scheduler makes is between plain numbers.
"""

from __future__ import annotations

import re
from enum import Enum

from refsim.errors import RefsimError

Amount = int | float

MEMORY_UNIT = "MB"

# Multipliers from a suffix to megabytes.
_TO_MB = {"K": 1 / 1024, "KB": 1 / 1024, "M": 1, "MB": 1, "G": 1024, "GB": 1024, "T": 1024 * 1024, "TB": 1024 * 1024}

_AMOUNT = re.compile(r"^\s*([0-9]+(?:\.[0-9]+)?)\s*([A-Za-z]*)\s*$")


class UnitsMode(Enum):
    """How amounts are displayed (`set units`)."""

    RAW = "raw"
    AUTO = "auto"
    KB = "KB"
    MB = "MB"
    GB = "GB"
    TB = "TB"


class AmountError(RefsimError, ValueError):
    """An amount's text could not be read."""


def normalise(value: float) -> Amount:
    """An integral float becomes an int, so amounts print and compare the same whatever their origin."""
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return value


def parse_amount(text: str | int | float, unit: str | None) -> Amount:
    """Read an amount such as ``4G`` or ``512`` for a resource whose unit is `unit` (None or ``MB``)."""
    if isinstance(text, bool):
        raise AmountError(f"'{text}' is not an amount")
    if isinstance(text, (int, float)):
        if text < 0:
            raise AmountError(f"'{text}' is negative")
        return normalise(float(text))
    match = _AMOUNT.match(str(text))
    if not match:
        raise AmountError(f"'{text}' is not an amount")
    number, suffix = float(match.group(1)), match.group(2).upper()
    if not suffix:
        return normalise(number)
    if unit != MEMORY_UNIT or suffix not in _TO_MB:
        raise AmountError(f"'{text}' has a unit suffix '{match.group(2)}' that this resource does not take")
    return normalise(round(number * _TO_MB[suffix], 6))


def format_number(value: Amount) -> str:
    """A number without a trailing '.0' and with at most three decimals."""
    value = normalise(float(value)) if isinstance(value, float) else value
    if isinstance(value, int):
        return str(value)
    return f"{value:.3f}".rstrip("0").rstrip(".")


_STEPS: tuple[tuple[str, Amount], ...] = (("TB", 1024 * 1024), ("GB", 1024), ("MB", 1), ("KB", 1 / 1024))


def format_amount(value: Amount, unit: str | None, mode: UnitsMode = UnitsMode.RAW) -> str:
    """Show an amount the way the operator's `set units` mode asks; unitless amounts are always plain."""
    if unit != MEMORY_UNIT or mode is UnitsMode.RAW:
        return format_number(value)
    if mode is UnitsMode.AUTO:
        suffix, size = next(((s, z) for s, z in _STEPS[:3] if abs(value) >= z), ("MB", 1))
        return f"{format_number(value / size)}{suffix}"
    size = dict(_STEPS)[mode.value]
    return f"{format_number(value / size)}{mode.value}"
