"""The console's reader of a pipe or a file, in this process (tests/hostile drives it through the command line):
lines are read as bytes, at most MAX_LINE * 4 + 2 bytes at a time (4 bytes a UTF-8 character, plus CR LF), so a line
the console could take is always read whole, and a longer one is named by its number and skipped."""

import io

from refsim.model.bounds import MAX_LINE
from refsim.repl.terminal import _plain_lines

LIMIT = MAX_LINE * 4 + 2


def _read(data: bytes) -> tuple[list[str], list[str]]:
    """The lines read from `data` on a byte stream, and what the reader reported."""
    reported: list[str] = []
    stdin = io.TextIOWrapper(io.BytesIO(data))  # kept: the wrapper closes its buffer when it goes
    return list(_plain_lines(stdin, reported.append)), reported


def test_a_line_of_the_longest_characters_up_to_the_bound_is_read_whole():
    """MAX_LINE characters of 4 bytes each, then CR LF: exactly LIMIT bytes, read as one line of MAX_LINE characters
    (the line ends are stripped). Kills: terminal.py:_ByteLines the limit `MAX_LINE * 4 + 2` made smaller (`4->3`,
    `+ 2` -> `- 2`, `*` -> `+`): the line would be cut and refused."""
    line = "\U0001F600" * MAX_LINE
    lines, reported = _read(line.encode("utf-8") + b"\r\nshow\n")
    assert reported == [] and lines == [line, "show"]


def test_a_line_one_byte_past_the_bound_is_named_and_skipped_and_reading_goes_on():
    """LIMIT bytes with no line end in them, then the newline: the reader names line 1 and skips it whole; line 2 is
    read. Kills: terminal.py:_ByteLines the limit made larger (`4->5`, `2->3`: the line would be read whole) and the
    test `len(raw) == self.limit and not raw.endswith(b"\\n")` negated or its `and` made `or`."""
    lines, reported = _read(b"x" * LIMIT + b"\nshow\n")
    assert reported == [f"error: line 1 is longer than {MAX_LINE} characters; skipped"]
    assert lines == ["show"]


def test_the_rest_of_a_very_long_line_is_dropped_piece_by_piece_and_lines_are_numbered_on():
    """A line of three and a half times the bound is dropped to its newline (not read as more lines); the
    bad-UTF-8 line after it is line 3, after a good line 2. Kills: terminal.py:_ByteLines.__next__ the loop that
    drops the rest of an over-long line ended early (`and` -> `or`, `not rest.endswith` negated) and the line
    count `+= 1` mutated."""
    data = b"y" * (LIMIT * 3 + LIMIT // 2) + b"\ninfo round\n\xff\nshow\n"
    lines, reported = _read(data)
    assert reported == [f"error: line 1 is longer than {MAX_LINE} characters; skipped",
                        "error: line 3 is not UTF-8 text (byte 1); skipped"]
    assert lines == ["info round", "show"]


def test_the_byte_of_a_bad_utf8_sequence_is_counted_from_1():
    """`ab\\xff`: the third byte is the bad one. Kills: terminal.py:_ByteLines.__next__ `exc.start + 1` -> `- 1`."""
    lines, reported = _read(b"ab\xff\n")
    assert lines == [] and reported == ["error: line 1 is not UTF-8 text (byte 3); skipped"]
