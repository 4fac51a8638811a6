"""Host lists in the HPC convention: names that share a prefix and end in numbers of equal width collapse into
ranges (`node[0001-0024,0031]`); any other name is listed as it is. The order of first appearance is kept."""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import lru_cache

NUMBERED = re.compile(r"^(.*?)([0-9]+)$")  # ASCII digits: `n٢` (an Arabic-Indic 2) is not host n2


@lru_cache(maxsize=1 << 16)
def _split(name: str) -> tuple[tuple[str, int] | str, int]:
    """A name's group (prefix and number width, or the name itself) and number. Kept per name: a loaded replay
    writes the same hosts in millions of pend reasons."""
    m = NUMBERED.match(name)
    return ((m.group(1), len(m.group(2))), int(m.group(2))) if m else (name, 0)


def _ranges(numbers: list[int], width: int) -> str:
    numbers = sorted(set(numbers))
    if numbers[-1] - numbers[0] == len(numbers) - 1:  # one run, the usual case (never of one: see compress_hosts)
        return f"{numbers[0]:0{width}d}-{numbers[-1]:0{width}d}"
    parts: list[str] = []
    start = numbers[0]
    following: list[int | None] = [*numbers[1:], None]
    for previous, current in zip(numbers, following):
        if current is not None and current == previous + 1:
            continue
        parts.append(f"{start:0{width}d}" if start == previous else f"{start:0{width}d}-{previous:0{width}d}")
        if current is not None:
            start = current
    return ",".join(parts)


def compress_hosts(names: Iterable[str]) -> str:
    """`node0001 node0002 node0003 node0031 login` -> `node[0001-0003,0031],login`. A group of one keeps its name."""
    groups: dict[tuple[str, int] | str, list[int]] = {}
    last: tuple[str, int] | str | None = None
    numbers: list[int] = []
    for key, number in map(_split, dict.fromkeys(names)):
        if key != last:  # names come in runs of one group: look each run's group up once
            numbers = groups.setdefault(key, [])
            last = key
        numbers.append(number)
    out = []
    for key, numbers in groups.items():
        if isinstance(key, str):
            out.append(key)
        elif len(numbers) == 1:
            out.append(f"{key[0]}{numbers[0]:0{key[1]}d}")
        else:
            out.append(f"{key[0]}[{_ranges(numbers, key[1])}]")
    return ",".join(out)


_BRACKETED = re.compile(r"^([^\[\]]*)\[([0-9,\-]+)\]$")


def expand_hosts(text: str) -> list[str]:
    """The names of a compressed host list, in the order written: `node[0001-0003],login` -> `node0001 node0002
    node0003 login`. Host names hold no `[]{}=,:` (sim/reader.py), so a list reads one way only."""
    names: list[str] = []
    for item in re.findall(r"[^,\[]+(?:\[[^\]]*\])?", text):
        m = _BRACKETED.match(item)
        if m is None:
            names.append(item)
            continue
        prefix, ranges = m.groups()
        for part in ranges.split(","):
            first, _, last = part.partition("-")
            width = len(first)
            names += [f"{prefix}{n:0{width}d}" for n in range(int(first), int(last or first) + 1)]
    return names
