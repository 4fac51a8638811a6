"""Select expressions: a small, safe language compiled to closures (never Python's eval).

    expr  := or
    or    := and (("||" | "or") and)*
    and   := not (("&&" | "and") not)*
    not   := ("!" | "not") not | test
    test  := "(" expr ")" | NAME [op value]
    op    := "==" | "!=" | "<" | "<=" | ">" | ">="
    value := NUMBER | 'quoted' | "quoted" | WORD

NAME is a host resource: a numeric capacity, a string attribute or a boolean attribute. A bare NAME is true when
the host has it as a true boolean or a positive number. A comparison with a number compares the host's numeric
capacity; one with a string (quoted or a bare word) compares a string attribute, with == and != only. A host that
lacks the resource fails every comparison on it.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field

from refsim.errors import RefsimError
from refsim.model.bounds import MAX_REQUIREMENT_DEPTH
from refsim.model.cluster import Host

Predicate = Callable[[Host], bool]

_TOKEN = re.compile(
    r"\s*(?:(?P<num>[0-9]+(?:\.[0-9]+)?(?![A-Za-z_]))|(?P<op>==|!=|<=|>=|&&|\|\||[<>!()])"
    r"|(?P<str>'[^']*'|\"[^\"]*\")|(?P<word>[A-Za-z_][A-Za-z0-9_.\-]*))"
)


class SelectError(RefsimError, ValueError):
    """A select expression does not parse; `offset` is the character position of the problem."""

    def __init__(self, message: str, offset: int) -> None:
        super().__init__(message)
        self.offset = offset


@dataclass(frozen=True)
class SelectExpr:
    """A compiled select expression; equal when the text is equal."""

    text: str
    matches: Predicate = field(compare=False, repr=False)


def _tokenize(text: str) -> list[tuple[str, str, int]]:
    tokens, pos = [], 0
    while pos < len(text):
        if text[pos:].strip() == "":
            break
        match = _TOKEN.match(text, pos)
        if not match or match.end() == pos:
            offset = len(text) - len(text[pos:].lstrip())
            raise SelectError(f"unexpected character '{text[offset]}'", offset)
        kind = match.lastgroup or ""
        tokens.append((kind, match.group(kind), match.start(kind)))
        pos = match.end()
    tokens.append(("end", "", len(text)))
    return tokens


def _has(host: Host, name: str) -> bool:
    value = host.attributes.get(name, host.capacities.get(name))
    return value is True or (isinstance(value, (int, float)) and not isinstance(value, bool) and value > 0)


_NUMERIC_OPS: dict[str, Callable[[float, float], bool]] = {
    "==": lambda a, b: a == b, "!=": lambda a, b: a != b, "<": lambda a, b: a < b,
    "<=": lambda a, b: a <= b, ">": lambda a, b: a > b, ">=": lambda a, b: a >= b,
}


def _numeric_test(name: str, op: str, number: float) -> Predicate:
    compare = _NUMERIC_OPS[op]

    def test(host: Host) -> bool:
        value = host.capacities.get(name)
        return value is not None and compare(value, number)
    return test


def _string_test(name: str, op: str, word: str) -> Predicate:
    want_equal = op == "=="

    def test(host: Host) -> bool:
        value = host.attributes.get(name)
        return isinstance(value, str) and (value == word) == want_equal
    return test


class _Parser:
    def __init__(self, text: str) -> None:
        self.tokens = _tokenize(text)
        self.i = 0
        self.depth = 0  # parentheses and negations open now, bounded before recursing

    def deeper(self, offset: int) -> None:
        self.depth += 1
        if self.depth > MAX_REQUIREMENT_DEPTH:
            raise SelectError(f"nested more than {MAX_REQUIREMENT_DEPTH} deep", offset)

    def peek(self) -> tuple[str, str, int]:
        return self.tokens[self.i]

    def take(self) -> tuple[str, str, int]:
        token = self.tokens[self.i]
        self.i += 1
        return token

    def accept(self, *values: str) -> bool:
        kind, value, _ = self.peek()
        if kind in ("op", "word") and value in values:
            self.i += 1
            return True
        return False

    def parse(self) -> Predicate:
        predicate = self.or_()
        kind, value, offset = self.peek()
        if kind != "end":
            raise SelectError(f"unexpected '{value}'", offset)
        return predicate

    def or_(self) -> Predicate:
        parts = [self.and_()]
        while self.accept("||", "or"):
            parts.append(self.and_())
        alternatives = tuple(parts)
        return parts[0] if len(parts) == 1 else (lambda h: any(p(h) for p in alternatives))

    def and_(self) -> Predicate:
        parts = [self.not_()]
        while self.accept("&&", "and"):
            parts.append(self.not_())
        conditions = tuple(parts)
        return parts[0] if len(parts) == 1 else (lambda h: all(p(h) for p in conditions))

    def not_(self) -> Predicate:
        if self.accept("!", "not"):
            self.deeper(self.peek()[2])
            inner = self.not_()
            self.depth -= 1
            return lambda h: not inner(h)
        return self.test()

    def test(self) -> Predicate:
        kind, value, offset = self.take()
        if kind == "op" and value == "(":
            self.deeper(offset)
            inner = self.or_()
            self.depth -= 1
            if not self.accept(")"):
                _, got, at = self.peek()
                raise SelectError(f"expected ')' but found '{got or 'end'}'", at)
            return inner
        if kind != "word" or value in ("and", "or", "not"):
            raise SelectError(f"expected a resource name but found '{value or 'end'}'", offset)
        op_kind, op, _ = self.peek()
        if op_kind != "op" or op not in _NUMERIC_OPS:
            return lambda h: _has(h, value)
        self.take()
        return self.comparison(value, op)

    def comparison(self, name: str, op: str) -> Predicate:
        kind, value, offset = self.take()
        if kind == "num":
            return _numeric_test(name, op, float(value))
        if kind not in ("str", "word") or value in ("and", "or", "not"):
            raise SelectError(f"expected a value after '{op}' but found '{value or 'end'}'", offset)
        if op not in ("==", "!="):
            raise SelectError(f"'{op}' compares numbers, not the string '{value}'", offset)
        word = value[1:-1] if kind == "str" else value
        return _string_test(name, op, word)


def compile_select(text: str) -> SelectExpr:
    """Compile a select expression; SelectError names the offending position."""
    if not text.strip():
        raise SelectError("empty select expression", 0)
    return SelectExpr(text.strip(), _Parser(text).parse())
