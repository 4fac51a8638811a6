"""Dotted paths naming a field of a recording's cluster, for override axes (docs/sweep.md, "Overrides").

    cluster.queues[name=night].priority
    cluster.limits[name=user_slots].resources.slots
    cluster.shared.matlab
    cluster.hosts[0].slots

A path starts at `cluster`; `.KEY` enters a mapping, `[N]` takes a list's element N (from 0) and `[name=NAME]`
the element whose `name` is NAME. Every step but the last must exist in the recording; the last may add a key to a
mapping (a queue's priority left at its default, say). Setting a value copies only the containers on the path,
so the recording's document is never changed in place."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from refsim.errors import RefsimError
from refsim.model.bounds import short

ROOT = "cluster"
SECTIONS = ("resources", "hosts", "shared", "queues", "limits")  # what cluster holds (docs/recording.md)
_STEP = re.compile(r"\.([A-Za-z_][A-Za-z0-9_]*)|\[([0-9]{1,9})\]|\[name=([^\]\s]+)\]")


class DottedPathError(RefsimError, ValueError):
    """A path that does not parse, or does not lead anywhere in a recording; the message is one line."""


@dataclass(frozen=True)
class Step:
    """One step of a path: a mapping key, a list index, or the list element with a given name."""

    key: str | None = None
    index: int | None = None
    name: str | None = None

    def __str__(self) -> str:
        if self.key is not None:
            return f".{self.key}"
        return f"[{self.index}]" if self.index is not None else f"[name={self.name}]"


@dataclass(frozen=True)
class DottedPath:
    text: str
    steps: tuple[Step, ...]


def looks_dotted(text: str) -> bool:
    """Whether an axis name is meant as a dotted path rather than one of the named axes."""
    return "." in text or "[" in text


def parse_path(text: str) -> DottedPath:
    """Parse `text`; DottedPathError says what is wrong with it."""
    if not text.startswith(ROOT):
        raise DottedPathError(f"'{short(text)}': it must start with '{ROOT}.' (for example "
                              "cluster.queues[name=normal].priority)")
    steps: list[Step] = []
    position = len(ROOT)
    while position < len(text):
        match = _STEP.match(text, position)
        if match is None:
            raise DottedPathError(f"'{short(text)}': cannot read the path from '{short(text[position:])}' "
                                  "(steps are .KEY, [N] or [name=NAME])")
        key, index, name = match.groups()
        steps.append(Step(key, int(index) if index is not None else None, name))
        position = match.end()
    if not steps:
        raise DottedPathError(f"'{short(text)}': the path names the whole cluster, not a field of it")
    if steps[0].key not in SECTIONS:
        raise DottedPathError(f"'{short(text)}': '{short(str(steps[0]).removeprefix('.'))}' is not a part of cluster "
                              f"(expected one of: {', '.join(SECTIONS)})")
    return DottedPath(text, tuple(steps))


def with_value(document: dict[str, Any], path: DottedPath, value: Any) -> dict[str, Any]:
    """A copy of `document` with the field at `path` set to `value`; DottedPathError when the path leads
    nowhere in it (the message names the step that is missing)."""
    cluster = document.get(ROOT)
    if not isinstance(cluster, dict):
        raise DottedPathError(f"{path.text}: the recording has no cluster mapping")
    return {**document, ROOT: _set(cluster, path.steps, value, ROOT, path.text)}


def _set(node: Any, steps: tuple[Step, ...], value: Any, where: str, text: str) -> Any:
    if not steps:
        return value
    step, rest = steps[0], steps[1:]
    if step.key is not None:
        if not isinstance(node, dict):
            raise DottedPathError(f"{text}: {where} is not a mapping, so it has no '{step.key}'")
        if rest and step.key not in node:
            raise DottedPathError(f"{text}: {where} has no '{step.key}'")
        return {**node, step.key: _set(node.get(step.key), rest, value, f"{where}.{step.key}", text)}
    if not isinstance(node, list):
        raise DottedPathError(f"{text}: {where} is not a list, so it has no element {str(step)}")
    position = _position(node, step, where, text)
    copy = list(node)
    copy[position] = _set(node[position], rest, value, f"{where}[{position}]", text)
    return copy


def _position(items: list[Any], step: Step, where: str, text: str) -> int:
    if step.index is not None:
        if step.index >= len(items):
            raise DottedPathError(f"{text}: {where} has {len(items)} elements, so no element {step.index}")
        return step.index
    for position, item in enumerate(items):
        if isinstance(item, dict) and str(item.get("name")) == step.name:
            return position
    names = ", ".join(short(str(i.get("name"))) for i in items if isinstance(i, dict) and "name" in i)
    raise DottedPathError(f"{text}: {where} has no element named '{short(step.name)}' (names: {names or 'none'})")
