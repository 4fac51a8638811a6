"""Reading LSF's record files (`lsb.events`, `lsb.acct`): one record per line, fields separated by blanks, text
fields in double quotes (a quote inside one doubled: `""`), numbers bare. Lines starting with `#` (the event log's
first line) and blank lines are not records.

A line longer than MAX_LINE bytes is refused as soon as the bound is passed, without reading the rest of it; so is
a line that is not UTF-8, a quote left open, and a host name that is not ASCII. Errors name the file, the line
and the field (1-based, the record type being field 1)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import BinaryIO

from refsim.importers.site import SiteLogError
from refsim.model.bounds import MAX_TIME, short

MAX_LINE = 1 << 20  # bytes: LSF bounds each text field (4094 characters for paths and commands), so a record is
# far below a mebibyte; a longer line is a damaged file, refused before it is read whole
_TOKEN = re.compile(r'"((?:[^"]|"")*)"(?=\s|$)|([^\s"]+)(?=\s|$)')
_HOST = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]*(?:@[A-Za-z0-9._-]+)?$")


@dataclass(frozen=True)
class Token:
    text: str
    quoted: bool


def record_lines(stream: BinaryIO, name: str) -> Iterator[tuple[int, list[Token]]]:
    """(line number, fields) for each record line of an open binary file; `name` is the file as errors name it."""
    number = 0
    while True:
        raw = stream.readline(MAX_LINE + 1)
        if not raw:
            return
        number += 1
        if len(raw) > MAX_LINE and not raw.endswith(b"\n"):
            raise SiteLogError(f"{name}:{number}: the line is longer than {MAX_LINE} bytes (a damaged file)")
        try:
            line = raw.decode("utf-8").rstrip("\r\n")
        except UnicodeDecodeError as exc:
            raise SiteLogError(f"{name}:{number}: not UTF-8 text (byte {exc.start + 1} of the line)") from None
        text = line.strip()
        if text and not text.startswith("#"):
            yield number, tokens(text, f"{name}:{number}")


def tokens(text: str, where: str) -> list[Token]:
    """The fields of one record line."""
    found: list[Token] = []
    at = 0
    while True:
        while at < len(text) and text[at].isspace():
            at += 1
        if at >= len(text):
            return found
        match = _TOKEN.match(text, at)
        if match is None:
            if text[at] == '"':
                raise SiteLogError(f"{where}: field {len(found) + 1}: unbalanced quote (the text opened at column "
                                   f"{at + 1} never closes)")
            quote = text.find('"', at)
            raise SiteLogError(f"{where}: field {len(found) + 1}: a quote inside a bare field at column {quote + 1}")
        if match.group(1) is not None:
            found.append(Token(match.group(1).replace('""', '"'), True))
        else:
            found.append(Token(match.group(2), False))
        at = match.end()


class Fields:
    """A record's fields read in order, each by the name LSF's documentation gives it; a missing or malformed field
    is one SiteLogError naming the file, line, field number and name."""

    def __init__(self, fields: list[Token], where: str) -> None:
        self.fields = fields
        self.where = where
        self.kind = fields[0].text
        self.at = 0

    def error(self, name: str, problem: str, at: int | None = None) -> SiteLogError:
        position = self.at if at is None else at
        return SiteLogError(f"{self.where}: {self.kind} field {position + 1} ({name}): {problem}")

    def _next(self, name: str) -> Token:
        if self.at >= len(self.fields):
            raise self.error(name, "missing: the record ends before it (a truncated record)")
        token = self.fields[self.at]
        self.at += 1
        return token

    def text(self, name: str) -> str:
        return self._next(name).text

    def skip(self, count: int, name: str) -> None:
        for _ in range(count):
            self._next(name)

    def integer(self, name: str, low: int = -(2**63), high: int = 2**63 - 1) -> int:
        token = self._next(name)
        value = token.text
        if token.quoted or not re.fullmatch(r"-?[0-9]{1,19}", value):
            raise self.error(name, f"'{short(value)}' is not a whole number", self.at - 1)
        number = int(value)
        if not low <= number <= high:
            raise self.error(name, f"{number} is out of range ({low} to {high})", self.at - 1)
        return number

    def time(self, name: str) -> int:
        """A Unix time in seconds; 0 stands for none."""
        return self.integer(name, 0, int(MAX_TIME))

    def count(self, name: str, high: int = 100_000) -> int:
        return self.integer(name, 0, high)

    def host(self, name: str) -> str:
        value = self.text(name)
        if not value.isascii():
            raise self.error(name, f"host name '{short(value)}' is not ASCII", self.at - 1)
        if not _HOST.match(value):
            raise self.error(name, f"'{short(value)}' is not a host name", self.at - 1)
        return value

    def hosts(self, count: int, name: str) -> tuple[str, ...]:
        return tuple(self.host(name) for _ in range(count))

    def rest(self) -> int:
        """How many fields are left."""
        return len(self.fields) - self.at
