"""Parsing YAML text into plain data with refsim.sim.document's bounds: no anchors, aliases or tags beyond the
standard ones, no duplicate keys, nesting at most MAX_DOCUMENT_DEPTH, NaN and infinity refused, whole numbers of at
most MAX_DIGITS digits. Apart from the JSON reader so that a JSON recording or run file is read without importing
PyYAML; errors are DocumentError(line, problem) as there, and PyYAML's own yaml.YAMLError for text that is not
YAML."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

import yaml
from yaml.events import (AliasEvent, CollectionStartEvent, DocumentStartEvent, MappingEndEvent, MappingStartEvent,
                         ScalarEvent, SequenceEndEvent)
from yaml.nodes import ScalarNode

from refsim.model.bounds import MAX_DIGITS, MAX_DOCUMENT_DEPTH, short
from refsim.sim.document import DocumentError

_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
if TYPE_CHECKING:
    _Loader = yaml.SafeLoader | yaml.CSafeLoader
_INT_TAG = "tag:yaml.org,2002:int"
_NO_KEY = object()


class _Open:
    """A mapping or list being built, with the key waiting for its value."""

    __slots__ = ("value", "key")

    def __init__(self, value: dict[Any, Any] | list[Any]) -> None:
        self.value, self.key = value, _NO_KEY


def load_yaml(text: str) -> Any:
    """Build the single document of `text` from the parser's events, without ever recursing."""
    loader = _LOADER(text)
    try:
        return _build(loader)
    finally:
        loader.dispose()


def _build(loader: _Loader) -> Any:
    stack: list[_Open] = []
    documents, result = 0, None
    while loader.check_event():
        event = loader.get_event()
        assert event is not None  # check_event() said one is waiting
        line = event.start_mark.line + 1 if event.start_mark is not None else None
        if isinstance(event, DocumentStartEvent):
            documents += 1
            if documents > 1:
                raise DocumentError(line, "expected a single document, found another ('---')")
        elif isinstance(event, AliasEvent) or getattr(event, "anchor", None) is not None:
            raise DocumentError(line, "anchors and aliases (& and *) are not accepted")
        elif isinstance(event, CollectionStartEvent):
            if len(stack) >= MAX_DOCUMENT_DEPTH:
                raise DocumentError(line, f"nested more than {MAX_DOCUMENT_DEPTH} levels deep")
            _explicit_tag(event, line)
            value: dict[Any, Any] | list[Any] = {} if isinstance(event, MappingStartEvent) else []
            if stack and isinstance(stack[-1].value, dict) and stack[-1].key is _NO_KEY:
                raise DocumentError(line, "a key must be plain text or a number, not a mapping or a list")
            stack.append(_Open(value))
        elif isinstance(event, (MappingEndEvent, SequenceEndEvent)):
            done = stack.pop().value
            if stack:
                _add(stack[-1], done, line)
            else:
                result = done
        elif isinstance(event, ScalarEvent):
            value = _scalar(loader, event, line)
            if stack:
                _add(stack[-1], value, line)
            else:
                result = value
    return result


def _explicit_tag(event: CollectionStartEvent, line: int | None) -> None:
    if event.tag is not None and event.tag != "!" and not event.implicit:
        raise DocumentError(line, f"the tag {short(event.tag)} is not accepted")


def _scalar(loader: _Loader, event: ScalarEvent, line: int | None) -> Any:
    tag = event.tag
    if tag is None or tag == "!":
        # types-PyYAML leaves Resolver.resolve unannotated
        tag = loader.resolve(ScalarNode, event.value, event.implicit)  # type: ignore[no-untyped-call]
    construct = loader.yaml_constructors.get(tag)
    if construct is None or not tag.startswith("tag:yaml.org,2002:"):
        raise DocumentError(line, f"the tag {short(tag)} is not accepted")
    if tag == _INT_TAG and len(event.value.lstrip("+-")) > MAX_DIGITS:
        raise DocumentError(line, f"the number {short(event.value)} has more than {MAX_DIGITS} digits")
    try:
        # the stubs take only yaml.error.Mark, but the C parser gives its own marks and ScalarNode keeps any
        node = ScalarNode(tag, event.value, event.start_mark, event.end_mark, event.style)  # type: ignore[arg-type]
        value = construct(loader, node)
    except (ValueError, TypeError, yaml.YAMLError):
        raise DocumentError(line, f"'{short(event.value)}' is not a valid {tag.rsplit(':', 1)[-1]}") from None
    if isinstance(value, float) and not math.isfinite(value):
        raise DocumentError(line, f"'{short(event.value)}' is not a finite number (NaN and infinity are refused)")
    return value


def _add(parent: _Open, value: Any, line: int | None) -> None:
    if isinstance(parent.value, list):
        parent.value.append(value)
    elif parent.key is _NO_KEY:
        if value in parent.value:
            raise DocumentError(line, f"duplicate key '{short(str(value))}'")
        parent.key = value
    else:
        parent.value[parent.key] = value
        parent.key = _NO_KEY
