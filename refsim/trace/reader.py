"""Reading a JSON trace file back into records (refsim/trace/model.py). Each line is checked against the record
types as it is read (the structure of docs/trace.schema.json: required keys, no unknown ones, types, codes), so
a record read is one the writer could have written; the test suite checks the writer against the schema itself."""

from __future__ import annotations

import dataclasses
import json
import types
import typing
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from refsim.errors import RefsimError
from refsim.trace import model
from refsim.trace.model import TraceRecord


class TraceFormatError(RefsimError, ValueError):
    """A line that is not a refsim JSON trace: the message says which line, where in it, and why."""


class _Mismatch(Exception):
    def __init__(self, where: str, why: str) -> None:
        super().__init__(f"{where or 'the object'}: {why}")
        self.where, self.why = where, why


def load(path: str | Path) -> list[TraceRecord]:
    """Every trace of a JSON trace file, in the order written."""
    with open(path, encoding="utf-8") as f:
        return list(read(f))


def read(lines: Iterable[str]) -> Iterable[TraceRecord]:
    """The trace of each line (blank lines are skipped); TraceFormatError names the first line that is not one."""
    for number, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            obj = json.loads(line, parse_constant=_no_constant)
        except ValueError as exc:
            raise TraceFormatError(f"line {number}: not JSON: {exc}") from None
        try:
            yield parse(obj)
        except TraceFormatError as exc:
            raise TraceFormatError(f"line {number}: {exc}") from None


def parse(obj: object) -> TraceRecord:
    """One trace from its decoded JSON object."""
    try:
        record: TraceRecord = _decode(TraceRecord, obj, "")
    except _Mismatch as exc:
        raise TraceFormatError(str(exc)) from None
    return record


def _no_constant(name: str) -> None:
    raise ValueError(f"{name} is not a JSON number")


def _describe(value: object) -> str:
    text = json.dumps(value, ensure_ascii=False) if not isinstance(value, (dict, list)) else type(value).__name__
    return text if len(text) <= 40 else text[:37] + "..."


_HINTS: dict[type, dict[str, Any]] = {}


def _fields(cls: type) -> dict[str, Any]:
    hints = _HINTS.get(cls)
    if hints is None:
        hints = _HINTS[cls] = typing.get_type_hints(cls, vars(model))
    return hints


def _decode(kind: Any, value: object, where: str) -> Any:
    """`value` as type `kind` (a record class, a Literal, a union, tuple[X, ...], Mapping[K, V] or a JSON scalar
    type), or _Mismatch saying where and why not."""
    origin = typing.get_origin(kind)
    if dataclasses.is_dataclass(kind):
        return _record(kind, value, where)  # type: ignore[arg-type]
    if origin is typing.Literal:
        # compared by type as well: JSON true is not 1
        if any(type(value) is type(code) and value == code for code in typing.get_args(kind)):
            return value
        raise _Mismatch(where, f"{_describe(value)} is not one of {', '.join(map(json.dumps, typing.get_args(kind)))}")
    if origin is typing.Union or origin is types.UnionType:
        arms = typing.get_args(kind)
        mismatches = []
        for arm in arms:
            try:
                return _decode(arm, value, where)
            except _Mismatch as exc:
                mismatches.append(exc)
        # the deepest mismatch says most: the arm whose shape the value had
        raise max(mismatches, key=lambda m: len(m.where))
    if origin is tuple:
        if not isinstance(value, list):
            raise _Mismatch(where, f"{_describe(value)} is not an array")
        item = typing.get_args(kind)[0]
        return tuple(_decode(item, v, f"{where}[{i}]") for i, v in enumerate(value))
    if origin is Mapping:
        if not isinstance(value, dict):
            raise _Mismatch(where, f"{_describe(value)} is not an object")
        key_kind, item = typing.get_args(kind)
        return {_decode(key_kind, k, f"{where}.{k}"): _decode(item, v, f"{where}.{k}") for k, v in value.items()}
    if kind is type(None):
        if value is None:
            return None
        raise _Mismatch(where, f"{_describe(value)} is not null")
    if kind in (str, int, float, bool):
        # float stands for any JSON number; bool is never a number
        if type(value) is kind or (kind is float and type(value) is int):
            return value
        raise _Mismatch(where, f"{_describe(value)} is not {_SCALARS[kind]}")
    raise TypeError(f"no decoding for {kind!r}")  # a record type this module does not know: a bug


_SCALARS = {str: "a string", int: "an integer", float: "a number", bool: "a boolean"}


def _record(cls: type, value: object, where: str) -> Any:
    if not isinstance(value, dict):
        raise _Mismatch(where, f"{_describe(value)} is not an object")
    hints = _fields(cls)
    unknown = [k for k in value if k not in hints]
    if unknown:
        raise _Mismatch(where, f"unknown key {unknown[0]!r}")
    values = {}
    for field in dataclasses.fields(cls):
        inner = f"{where}.{field.name}" if where else field.name
        if field.name in value:
            values[field.name] = _decode(hints[field.name], value[field.name], inner)
        elif field.default is dataclasses.MISSING:
            raise _Mismatch(where, f"missing key {field.name!r}")
    return cls(**values)
