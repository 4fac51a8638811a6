"""Parsing YAML and JSON text into plain data, refusing what no recording or message needs and what could exhaust
memory or the stack: YAML anchors, aliases and tags beyond the standard ones, duplicate keys, nesting deeper than
MAX_DOCUMENT_DEPTH, NaN and infinity, and whole numbers longer than MAX_DIGITS digits. Each check happens before
the value it guards is built. Errors are DocumentError(line, problem), with at most a short prefix of any value.
YAML is read by refsim.sim.yamldoc, apart, so that reading JSON does not import PyYAML."""

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
    """Parse JSON with the bounds above; json.JSONDecodeError for malformed text, DocumentError for the rest."""
    # depth <= the number of opening brackets, so a text with few (most lines of a run file) needs no depth scan
    if text.count("[") + text.count("{") > MAX_DOCUMENT_DEPTH and json_depth(text) > MAX_DOCUMENT_DEPTH:
        raise DocumentError(None, f"nested more than {MAX_DOCUMENT_DEPTH} levels deep")
    return json.loads(text, object_pairs_hook=_object, parse_int=_int, parse_float=_float,
                      parse_constant=_constant)
