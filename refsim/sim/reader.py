"""Reading parsed YAML/JSON with a path, so every validation error names the file, where in it, and what is
wrong: ``demo.yaml: cluster.hosts[3].mem: 'lots' is not an amount``."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from refsim.errors import RefsimError
from refsim.model.bounds import MAX_AMOUNT, MAX_TIME, finite, short
from refsim.model.units import Amount, AmountError, parse_amount
from refsim.sim.document import DocumentError, load_json

# What a name may not contain: whitespace (re's \s is exactly str.isspace(), every code point checked) and []{}=,:
_NOT_IN_NAMES = re.compile(r"[\s\[\]{}=,:]")
_EXPONENT = re.compile(r"[-+]?([0-9]+\.?[0-9]*|\.[0-9]+)[eE][-+]?[0-9]+")  # 1e308: text to YAML 1.1
MAX_PROBLEM = 300  # characters of a problem in a message, whatever its source quoted


class RecordingError(RefsimError, ValueError):
    """A file that does not load or validate; the message is one line naming file, path and problem."""

    def __init__(self, file: str, path: str, problem: str) -> None:
        where = f"{file}: {path}: " if path else f"{file}: "
        problem = problem if len(problem) <= MAX_PROBLEM else problem[:MAX_PROBLEM] + "..."
        super().__init__(f"{where}{problem}")
        self.file, self.path, self.problem = file, path, problem


def read_document(path: str | Path) -> Any:
    """Parse a YAML or JSON file (JSON by the .json suffix); errors name the file and the line."""
    name = str(path)
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as exc:
        raise RecordingError(name, "", f"cannot read: {exc.strerror or exc}") from None
    except UnicodeDecodeError:
        raise RecordingError(name, "", "is not UTF-8 text") from None
    return parse_text(text, name, json_format=name.endswith(".json"))


def parse_text(text: str, name: str, json_format: bool = False) -> Any:
    """Parse with refsim.sim.document's bounds: no anchors or aliases, no duplicate keys, bounded nesting and
    numbers, no NaN or infinity."""
    if not json_format:
        return _parse_yaml(text, name)
    try:
        return load_json(text)
    except DocumentError as exc:
        raise _refused(exc, name, "JSON") from None
    except json.JSONDecodeError as exc:
        raise RecordingError(name, f"line {exc.lineno}", f"not valid JSON: {exc.msg}") from None


def _parse_yaml(text: str, name: str) -> Any:
    import yaml  # only here: reading a JSON file need not import PyYAML

    from refsim.sim.yamldoc import load_yaml

    try:
        return load_yaml(text)
    except DocumentError as exc:
        raise _refused(exc, name, "YAML") from None
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f"line {mark.line + 1}" if mark is not None else ""
        problem = getattr(exc, "problem", None) or str(exc).splitlines()[0]
        raise RecordingError(name, where, f"not valid YAML: {problem}") from None


def _refused(exc: DocumentError, name: str, kind: str) -> RecordingError:
    where = f"line {exc.line}" if exc.line is not None else ""
    return RecordingError(name, where, f"not accepted as {kind}: {exc.problem}")


class Node:
    """A value at a path inside a document. The path is written out only when read (an error message, a sweep
    entry's name): a recording's nodes are made by the hundred thousand and almost never fail."""

    __slots__ = ("value", "file", "_path", "_parent", "_key")

    def __init__(self, value: Any, file: str, path: str = "") -> None:
        self.value, self.file, self._path = value, file, path
        self._parent: Node | None = None
        self._key: str | int = ""

    @property
    def path(self) -> str:
        """Where the value is: `cluster.hosts[3].mem`."""
        parent = self._parent
        if parent is not None:  # a child's path, not yet written out
            key, path = self._key, parent.path
            self._path = f"{path}[{key}]" if isinstance(key, int) else (f"{path}.{key}" if path else key)
            self._parent = None
        return self._path

    def error(self, problem: str) -> RecordingError:
        return RecordingError(self.file, self.path, problem)

    def child(self, key: str | int) -> Node:
        child = Node(self.value[key] if isinstance(key, int) else self.value.get(key), self.file)
        child._parent, child._key = self, key
        return child

    def mapping(self, allowed: tuple[str, ...] | None = None, required: tuple[str, ...] = ()) -> Node:
        if not isinstance(self.value, dict):
            raise self.error(f"expected a mapping, found {kind_of(self.value)}")
        for key in self.value:
            if not isinstance(key, str):
                raise self.error(f"key {short(key)} is not a string")
            if allowed is not None and key not in allowed:
                raise self.error(f"unknown key '{short(key)}' (expected one of: {', '.join(allowed)})")
        for key in required:
            if key not in self.value:
                raise self.error(f"missing '{key}'")
        return self

    def has(self, key: str) -> bool:
        return isinstance(self.value, dict) and key in self.value

    def items(self) -> Iterator[tuple[str, Node]]:
        self.mapping()
        for key in self.value:
            yield key, self.child(key)

    def elements(self) -> Iterator[Node]:
        for i in range(len(self.values())):
            yield self.child(i)

    def values(self) -> list[Any]:
        """The list this node holds, for a caller that reads most elements without a node each."""
        if not isinstance(self.value, list):
            raise self.error(f"expected a list, found {kind_of(self.value)}")
        return self.value

    def text(self) -> str:
        if isinstance(self.value, bool) or not isinstance(self.value, (str, int, float)):
            raise self.error(f"expected text, found {kind_of(self.value)}")
        return str(self.value)

    def name(self) -> str:
        value = self.text()
        if not is_name(value):
            raise self.error(f"{short(value)!r} is not a valid name (no spaces, control characters or "
                             "[]{}=,: characters)")
        return value

    def integer(self, low: int | None = None, high: int | None = None) -> int:
        if isinstance(self.value, bool) or not isinstance(self.value, int):
            raise self.error(f"expected a whole number, found {kind_of(self.value)} {short(self.value)}")
        if (low is not None and self.value < low) or (high is not None and self.value > high):
            bounds = f"at least {low}" if high is None else f"from {low} to {high}"
            raise self.error(f"{self.value} is out of range (expected {bounds})")
        return self.value

    def number(self, low: float = 0, high: float = MAX_TIME) -> float:
        """A finite number from `low` to `high` (by default a time in seconds)."""
        if isinstance(self.value, bool) or not isinstance(self.value, (int, float)):
            hint = ""
            if isinstance(self.value, str) and _EXPONENT.fullmatch(self.value.strip()):
                hint = " (YAML reads an exponent as a number only with a dot and a sign: write 1.0e+308, not 1e308)"
            raise self.error(f"expected a number, found {kind_of(self.value)} {short(self.value)}{hint}")
        if not finite(self.value):
            raise self.error(f"{short(self.value)} is not a finite number")
        if self.value < low:
            raise self.error(f"{short(self.value)} is below {low}")
        if self.value > high:
            raise self.error(f"{short(self.value)} is above {high}")
        return self.value

    def amount(self, unit: str | None) -> Amount:
        """An amount from 0 to MAX_AMOUNT; huge or non-finite values are refused before any arithmetic."""
        value = self.value
        if isinstance(value, (int, float)) and not isinstance(value, bool) and not (
                finite(value) and abs(value) <= MAX_AMOUNT):
            raise self.error(f"{short(value)} is not an amount from 0 to {MAX_AMOUNT}")
        try:
            amount = parse_amount(value, unit)
        except AmountError as exc:
            text = str(value)
            raise self.error(str(exc) if short(text) == text else f"'{short(text)}' is not an amount") from None
        if not (finite(amount) and amount <= MAX_AMOUNT):
            raise self.error(f"{short(value)} is not an amount from 0 to {MAX_AMOUNT}")
        return amount

    def boolean(self) -> bool:
        if not isinstance(self.value, bool):
            raise self.error(f"expected true or false, found {kind_of(self.value)} {short(self.value)}")
        return self.value


def is_name(text: str) -> bool:
    """Whether `text` may name a host, queue, user, project or resource: not empty, printable, and without
    whitespace or any of []{}=,:."""
    return bool(text) and text.isprintable() and not _NOT_IN_NAMES.search(text)


def kind_of(value: Any) -> str:
    """What a value is, as messages name it: `a mapping`, `a list`, `text`, `a number`, ..."""
    return {dict: "a mapping", list: "a list", str: "text", bool: "a boolean", type(None): "nothing"}.get(
        type(value), "a number" if isinstance(value, (int, float)) else type(value).__name__)
