"""The documented bounds on what refsim reads from users (docs/recording.md, docs/simulator.md): every number and
every nesting is checked against these before anything is allocated or recursed into."""

from __future__ import annotations

import math
import re

MAX_TIME = 10**12            # seconds: event times, run times, session intervals, break times
MIN_INTERVAL = 0.001         # seconds: the shortest `every` session interval
MAX_AMOUNT = 10**15          # any resource amount (slots, memory in MB, licenses, limit values)
MAX_TASKS = 1_000_000        # tasks of one job, or of one compound member
MAX_ARRAY = 100_000          # elements of one job array
MIN_PRIORITY, MAX_PRIORITY = -(2**31), 2**31 - 1   # job and queue priorities
MAX_HOSTS = 100_000          # hosts of one cluster (also an SWF import's host count)
MAX_INDEX = 1_000_000        # fault plan positions and queue positions
MAX_DIGITS = 19              # digits of any whole number in a document (job numbers have at most 18)
MAX_DOCUMENT_DEPTH = 64      # nesting of mappings and lists in a YAML or JSON document or live message
MAX_REQUIREMENT_DEPTH = 100  # nesting of braces, parentheses and negations in a resource requirement
MAX_LINE = 65_536            # characters of one console line
MAX_MESSAGE = 1_048_576      # characters of one live-mode message
QUOTE = 40                   # characters of a value quoted in an error message

_WHOLE = re.compile(r"[0-9]+")  # ASCII digits only: a superscript or Arabic-Indic digit is not a number


_QUOTABLE_BITS = 14_000  # about 4,200 decimal digits


def short(value: object, limit: int = QUOTE) -> str:
    """A value as quoted in an error message: at most `limit` characters, then '...'."""
    if isinstance(value, int) and value.bit_length() > _QUOTABLE_BITS:  # repr() refuses ints past 4300 digits
        return f"an integer of {value.bit_length()} bits"
    text = value if isinstance(value, str) else repr(value)
    return text if len(text) <= limit else text[:limit] + "..."


def whole_number(text: str, low: int, high: int) -> int | None:
    """`text` as a whole number from `low` to `high`, or None: ASCII digits only, length checked before int()."""
    if not isinstance(text, str) or len(text) > MAX_DIGITS or not _WHOLE.fullmatch(text):
        return None
    value = int(text)
    return value if low <= value <= high else None


def finite(value: float) -> bool:
    """A number (an int or a float, not a bool) that is neither infinite nor NaN. Every int is finite, however
    large: math.isfinite would raise on one too large for a float."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return False
    return isinstance(value, int) or math.isfinite(value)
