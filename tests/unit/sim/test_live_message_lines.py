"""Live mode reads a controller's stream line by line with a bound: an over-long line becomes one refused message,
however long it is, and the next line is read whole."""

import io

from refsim.model.bounds import MAX_MESSAGE
from refsim.sim.live import message_lines

LIMIT = MAX_MESSAGE * 4 + 2  # the bytes read at a time (at most 4 bytes per character, the newline, one more)
OVER_LONG = b"x" * (MAX_MESSAGE + 1)  # what handle() refuses as over-long


def test_a_line_three_reads_long_is_one_refused_message_and_the_next_line_is_whole():
    """Kills, in message_lines (refsim/sim/live.py): `not line.endswith(b"\\n")` -> `line.endswith(b"\\n")` (the
    long line would not be noticed and would come out in pieces) and the drain loop's condition negated (it would
    stop at once, and the rest of the long line would come out as further messages)."""
    stream = io.BytesIO(b"a" * (3 * LIMIT) + b"\n" + b'{"type": "status"}\n')
    assert list(message_lines(stream)) == [OVER_LONG, b'{"type": "status"}\n']


def test_lines_within_the_bound_pass_unchanged():
    stream = io.BytesIO(b"one\n" + b"b" * (LIMIT - 1) + b"\n" + b"last")
    assert list(message_lines(stream)) == [b"one\n", b"b" * (LIMIT - 1) + b"\n", b"last"]


def test_a_line_of_exactly_the_read_bound_without_its_newline_is_cut():
    """A line of LIMIT bytes before its newline could hold more than MAX_MESSAGE characters, so it is refused from
    its first read and only its newline is drained. Kills: sim/live.py:message_lines reading 5 bytes per character
    (`MAX_MESSAGE * 4` -> `* 5`), which would read the whole over-long line into memory and pass it on."""
    stream = io.BytesIO(b"a" * LIMIT + b"\n" + b"next\n")
    assert list(message_lines(stream)) == [OVER_LONG, b"next\n"]
