"""Job identifiers: ``1001`` (a job, or all elements of array 1001), ``1001[3]`` (one array element). Job numbers
start at 0, because DR_EVT traces number their jobs by 0-based row.

One module parses, formats and compresses them, so every output writes ids the same way:
``1001[1-5,7] 1002-1004``.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import ClassVar

from refsim.errors import RefsimError
from refsim.model.bounds import short

_ID = re.compile(r"^(0|[1-9][0-9]{0,17})(?:\[([1-9][0-9]{0,8})\])?$")


class JobIdError(RefsimError, ValueError):
    """A job identifier's text is malformed."""


@dataclass(frozen=True, order=True)
class JobId:
    """A job, or one element of a job array (`index` set)."""

    job: int
    index: int | None = None
    # The hash, worked out once: planning looks job ids up in sets and dicts millions of times a replay. It is not a
    # field (fields are what traces and tables read), and is made of ints alone, so it is the same in every process.
    _hash: ClassVar[int]

    def __post_init__(self) -> None:
        object.__setattr__(self, "_hash", hash((self.job, -1 if self.index is None else self.index)))

    def __hash__(self) -> int:
        return self._hash

    def __str__(self) -> str:
        return f"{self.job}" if self.index is None else f"{self.job}[{self.index}]"

    def sort_key(self) -> tuple[int, int]:
        return (self.job, 0 if self.index is None else self.index)

    def selects(self, other: JobId) -> bool:
        """Whether this id, used as a selector, names `other`: an array id names all its elements."""
        if self.index is None:
            return other.job == self.job
        return self == other


def parse_job_id(text: str) -> JobId:
    """Read ``1001`` or ``1001[3]``; a malformed id raises JobIdError naming the text."""
    match = _ID.match(text.strip()) if isinstance(text, str) else None
    if not match:
        raise JobIdError(f"malformed job id '{short(text)}'")
    index = match.group(2)
    return JobId(int(match.group(1)), int(index) if index else None)


def _runs(numbers: list[int]) -> list[str]:
    runs: list[str] = []
    start = prev = numbers[0]
    following: list[int | None] = [*numbers[1:], None]
    for n in following:
        if n is not None and n == prev + 1:
            prev = n
            continue
        runs.append(str(start) if start == prev else f"{start}-{prev}")
        if n is not None:
            start = prev = n
    return runs


def format_job_ids(ids: Iterable[JobId]) -> str:
    """Compress ids: consecutive plain jobs become ``1002-1004``; an array's elements ``1001[1-5,7]``."""
    unique = sorted(set(ids), key=JobId.sort_key)
    plain = [i.job for i in unique if i.index is None]
    arrays: dict[int, list[int]] = {}
    for i in unique:
        if i.index is not None:
            arrays.setdefault(i.job, []).append(i.index)
    pieces: list[tuple[int, str]] = []
    if plain:
        for run in _runs(plain):
            pieces.append((int(run.split("-")[0]), run))
    for job, indices in arrays.items():
        pieces.append((job, f"{job}[{','.join(_runs(indices))}]"))
    pieces.sort(key=lambda p: p[0])  # stable: a plain run comes before an array of its first number, added later
    return " ".join(p[1] for p in pieces)
