"""Parsing YAML and JSON text into plain data, refusing what no recording or message needs and what could exhaust
memory or the stack: YAML anchors, aliases and tags beyond the standard ones, duplicate keys, nesting deeper than
MAX_DOCUMENT_DEPTH, NaN and infinity, and whole numbers longer than MAX_DIGITS digits. Each check happens before
the value it guards is built, but one: a JSON text's nesting is measured on the value json's parser built from it
(see load_json). Errors are DocumentError(line, problem), with at most a short prefix of any value. YAML is read by
refsim.sim.yamldoc, apart, so that reading JSON does not import PyYAML."""

from __future__ import annotations

import json
import math
import re
from itertools import accumulate
from typing import Any

from refsim.errors import RefsimError
from refsim.model.bounds import MAX_DIGITS, MAX_DOCUMENT_DEPTH, short


class DocumentError(RefsimError, ValueError):
    def __init__(self, line: int | None, problem: str) -> None:
        super().__init__(problem)
        self.line, self.problem = line, problem


# --- JSON ------------------------------------------------------------------------------------------------------

# a JSON string: the same language as "(?:[^"\\]|\\.)*", written as runs between escapes, which scans faster
_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"', re.DOTALL)
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")


def json_depth(text: str) -> int:
    """How deeply the arrays and objects of a JSON text nest, found without parsing it (strings are skipped)."""
    brackets = _NOT_BRACKET.sub("", _STRING.sub("", text))
    return max(accumulate(1 if c in "[{" else -1 for c in brackets), default=0)


def _object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    value = dict(pairs)
    if len(value) != len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise DocumentError(None, f"duplicate key '{short(key)}'")
            seen.add(key)
    return value


def _int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_DIGITS:
        raise DocumentError(None, f"the number {short(text)} has more than {MAX_DIGITS} digits")
    return int(text)


def _float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise DocumentError(None, f"{short(text)} is not a finite number")
    return value


def _constant(text: str) -> float:
    raise DocumentError(None, f"{text} is not a number JSON allows (NaN and infinity are refused)")


def load_json(text: str) -> Any:
    """Parse JSON with the bounds above; json.JSONDecodeError for malformed text, DocumentError for the rest.

    The nesting of a text with more opening brackets than the bound is measured on the parsed value, which is
    several times faster than scanning the text around its strings: json's parser cannot exhaust the stack (it
    raises RecursionError), and its value is no larger than the text. For valid JSON the value nests exactly as the
    brackets outside strings do. When the parse fails, the text is scanned, so a text nested too deep is refused
    for its nesting first, whatever else is wrong with it, as when every text was scanned before parsing
    (tests/property/test_load_json_paths.py)."""
    # depth <= the number of opening brackets, so a text with few (most lines of a run file) needs no depth check
    if text.count("[") + text.count("{") <= MAX_DOCUMENT_DEPTH:
        return _parsed(text)
    try:
        value = _parsed(text)
    except (ValueError, RecursionError):  # json.JSONDecodeError and DocumentError are ValueErrors
        if json_depth(text) > MAX_DOCUMENT_DEPTH:
            raise _too_deep() from None
        raise
    if nesting(value) > MAX_DOCUMENT_DEPTH:
        raise _too_deep()
    return value


def _parsed(text: str) -> Any:
    return json.loads(text, object_pairs_hook=_object, parse_int=_int, parse_float=_float,
                      parse_constant=_constant)


def _too_deep() -> DocumentError:
    return DocumentError(None, f"nested more than {MAX_DOCUMENT_DEPTH} levels deep")


def nesting(value: Any) -> int:
    """How many levels of lists and mappings a parsed value has (a number: 0; `[]` and `[1]`: 1), level by level,
    without recursing."""
    depth = 0
    level = [value] if type(value) is dict or type(value) is list else []
    while level:
        depth += 1
        below = []
        for container in level:
            for item in container.values() if type(container) is dict else container:
                if type(item) is dict or type(item) is list:
                    below.append(item)
        level = below
    return depth
