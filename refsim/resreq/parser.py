"""Parser for resource-requirement strings. Errors name the character position of the problem.

    requirement := term ("||" term)*
    term        := compound | "{" "}" | "{" requirement "}" | sections
    compound    := COUNT "*" "{" requirement "}" ("+" COUNT "*" "{" requirement "}")*
    sections    := (select[...] | order[...] | rusage[...] | span[...])+     each at most once

The whole string may be empty (any host, no usage). Amount suffixes (K, M, G, T) in rusage are memory units and
are converted to MB.
"""

from __future__ import annotations

import re

from refsim.errors import RefsimError
from refsim.model.bounds import MAX_AMOUNT, MAX_REQUIREMENT_DEPTH, MAX_TASKS, finite, short, whole_number
from refsim.model.units import MEMORY_UNIT, AmountError, parse_amount
from refsim.resreq.ast import Alternatives, Compound, Empty, OrderKey, Requirement, Single, Span
from refsim.resreq.select import SelectError, compile_select

_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
_SECTIONS = ("select", "order", "rusage", "span")


class ResreqError(RefsimError, ValueError):
    """A requirement string does not parse."""

    def __init__(self, text: str, offset: int, problem: str) -> None:
        super().__init__(f"at position {offset + 1}: {problem} in '{short(text, 80)}'")
        self.offset = offset
        self.problem = problem


class _Parser:
    def __init__(self, text: str) -> None:
        self.text = text
        self.pos = 0
        self.depth = 0  # braces open now: bounded, so a hostile requirement cannot exhaust the stack

    def error(self, problem: str, offset: int | None = None) -> ResreqError:
        return ResreqError(self.text, self.pos if offset is None else offset, problem)

    def skip(self) -> None:
        while self.pos < len(self.text) and self.text[self.pos].isspace():
            self.pos += 1

    def at(self, literal: str) -> bool:
        self.skip()
        return self.text.startswith(literal, self.pos)

    def expect(self, literal: str) -> None:
        if not self.at(literal):
            found = self.text[self.pos] if self.pos < len(self.text) else "end of text"
            raise self.error(f"expected '{literal}' but found '{found}'")
        self.pos += len(literal)

    def requirement(self) -> Requirement:
        terms = [self.term()]
        while self.at("||"):
            self.pos += 2
            terms.append(self.term())
        return terms[0] if len(terms) == 1 else Alternatives(tuple(terms))

    def term(self) -> Requirement:
        self.skip()
        if self.pos < len(self.text) and self.text[self.pos].isdigit():
            return self.compound()
        if self.at("{"):
            return self.braced(allow_empty=True)
        return self.sections()

    def braced(self, allow_empty: bool) -> Requirement:
        start = self.pos
        self.expect("{")
        if self.at("}"):
            if not allow_empty:
                raise self.error("a compound member cannot be empty", start)
            self.pos += 1
            return Empty()
        if self.depth >= MAX_REQUIREMENT_DEPTH:
            raise self.error(f"braces nested more than {MAX_REQUIREMENT_DEPTH} deep", start)
        self.depth += 1
        inner = self.requirement()
        self.depth -= 1
        self.expect("}")
        return inner

    def compound(self) -> Compound:
        members = []
        while True:
            self.skip()
            digits = re.compile(r"[0-9]+").match(self.text, self.pos)
            if not digits:
                raise self.error("expected a task count")
            count = whole_number(digits.group(), 0, MAX_TASKS)
            if count is None:
                raise self.error(f"a member's task count must be at most {MAX_TASKS}")
            if count < 1:
                raise self.error("a member's task count must be at least 1")
            self.pos = digits.end()
            self.expect("*")
            members.append((count, self.braced(allow_empty=False)))
            if not self.at("+"):
                return Compound(tuple(members))
            self.pos += 1

    def sections(self) -> Single:
        found: dict[str, object] = {}
        while True:
            self.skip()
            name = _NAME.match(self.text, self.pos)
            if not name or name.group() not in _SECTIONS:
                break
            if name.group() in found:
                raise self.error(f"section '{name.group()}' given twice")
            self.pos = name.end()
            self.expect("[")
            body_start = self.pos
            end = self.text.find("]", body_start)
            if end < 0:
                raise self.error(f"section '{name.group()}' has no closing ']'")
            self.pos = end + 1
            found[name.group()] = self.section(name.group(), self.text[body_start:end], body_start)
        if not found and self.text.strip():
            what = self.text[self.pos] if self.pos < len(self.text) else "end of text"
            raise self.error(f"expected a requirement but found '{what}'")
        return Single(found.get("select"), found.get("order", ()), found.get("rusage", ()),  # type: ignore[arg-type]
                      found.get("span"))  # type: ignore[arg-type]

    def section(self, name: str, body: str, offset: int) -> object:
        if name == "select":
            try:
                return compile_select(body)
            except SelectError as exc:
                raise self.error(f"select: {exc}", offset + exc.offset) from None
        if name == "order":
            return self.order(body, offset)
        if name == "rusage":
            return self.rusage(body, offset)
        return self.span(body, offset)

    def order(self, body: str, offset: int) -> tuple[OrderKey, ...]:
        keys = []
        for raw in body.split(":"):
            key = raw.strip()
            descending = key.startswith("-")
            name = key[1:] if descending else key
            if not _NAME.fullmatch(name):
                raise self.error(f"order: '{raw.strip()}' is not a resource name", offset)
            keys.append(OrderKey(name, descending))
        return tuple(keys)

    def rusage(self, body: str, offset: int) -> tuple[tuple[str, int | float], ...]:
        pairs: dict[str, int | float] = {}
        for raw in re.split(r"[:,]", body):
            name, eq, value = raw.partition("=")
            name = name.strip()
            if not eq or not _NAME.fullmatch(name):
                raise self.error(f"rusage: '{raw.strip()}' is not name=amount", offset)
            if name in pairs:
                raise self.error(f"rusage: '{name}' given twice", offset)
            try:
                pairs[name] = parse_amount(value.strip(), MEMORY_UNIT)
            except AmountError as exc:
                raise self.error(f"rusage: {short(str(exc), 80)}", offset) from None
            if not (finite(pairs[name]) and pairs[name] <= MAX_AMOUNT):
                raise self.error(f"rusage: '{name}' is above {MAX_AMOUNT}", offset)
        return tuple(pairs.items())

    def span(self, body: str, offset: int) -> Span:
        key, _, value = body.partition("=")
        key, value = key.strip(), value.strip()
        if key == "hosts" and value == "1":
            return Span(hosts=1)
        ptile = whole_number(value, 1, MAX_TASKS) if key == "ptile" else None
        if ptile is not None:
            return Span(ptile=ptile)
        raise self.error(f"span: '{short(body)}' is not hosts=1 or ptile=N (1 <= N <= {MAX_TASKS})", offset)


def parse_requirement(text: str) -> Requirement:
    """Parse a requirement string; ResreqError names the position and the problem."""
    parser = _Parser(text)
    node = parser.requirement()
    parser.skip()
    if parser.pos != len(text):
        raise parser.error(f"unexpected '{text[parser.pos]}'")
    return node
