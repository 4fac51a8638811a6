"""LSF record lines: quoting, and the damaged lines refused in one line naming the file, line and field."""

import io

import pytest

from refsim.importers.lsf_records import MAX_LINE, Fields, Token, record_lines, tokens
from refsim.importers.site import SiteLogError


def test_fields_are_quoted_texts_and_bare_numbers():
    # `""` inside a quoted text is one quote; an empty text is `""`; blanks inside quotes stay.
    assert tokens('"JOB_NEW" "10.108" 12 "" "a ""b"" c" -1', "f:1") == [
        Token("JOB_NEW", True), Token("10.108", True), Token("12", False), Token("", True), Token('a "b" c', True),
        Token("-1", False)]


def test_an_unbalanced_quote_names_the_field_and_column():
    # the fourth field opens a quote at column 17 that never closes: 16 characters come before it
    # ('"JOB_NEW"' 9, a blank, '"1"' 3, a blank, '5', a blank)
    with pytest.raises(SiteLogError, match=r"^f:3: field 4: unbalanced quote \(the text opened at column 17 never"):
        tokens('"JOB_NEW" "1" 5 "oops 6 7', "f:3")


def test_a_quote_inside_a_bare_field_is_refused():
    # '"A"', a blank, then the bare field '1"2' from column 5: its quote is at column 6
    with pytest.raises(SiteLogError, match=r"^f:1: field 2: a quote inside a bare field at column 6$"):
        tokens('"A" 1"2', "f:1")


def test_comment_and_blank_lines_are_not_records():
    stream = io.BytesIO(b'#80\n\n   \n"MBD_START" "10.108" 5 "m" "c" 1 2\n')
    assert [(n, [t.text for t in f][:3]) for n, f in record_lines(stream, "lsb.events")] == [
        (4, ["MBD_START", "10.108", "5"])]


class _Endless(io.RawIOBase):
    """A file of one endless line of `x`, counting the bytes handed out: a 1 GB line without the gigabyte."""

    def __init__(self) -> None:
        self.given = 0

    def readable(self) -> bool:
        return True

    def readinto(self, buffer) -> int:  # type: ignore[no-untyped-def]
        buffer[:] = b"x" * len(buffer)
        self.given += len(buffer)
        return len(buffer)


def test_a_line_past_the_bound_is_refused_early_without_reading_it_whole():
    raw = _Endless()
    with pytest.raises(SiteLogError, match=rf"^big:1: the line is longer than {MAX_LINE} bytes"):
        list(record_lines(io.BufferedReader(raw), "big"))
    assert raw.given < 2 * MAX_LINE  # it stopped at the bound, far short of a gigabyte


def test_a_line_that_is_not_utf8_names_the_byte():
    with pytest.raises(SiteLogError, match=r"^f:2: not UTF-8 text \(byte 3 of the line\)$"):
        list(record_lines(io.BytesIO(b'#1\n"A\xff"\n'), "f"))


def test_a_non_ascii_host_name_names_the_field():
    fields = Fields(tokens('"JOB_START" "10.108" 5 7 4 0 0 1.0 1 "h\u00f4te"', "f:9"), "f:9")
    fields.at = 9
    with pytest.raises(SiteLogError, match=r"^f:9: JOB_START field 10 \(execHosts\): host name 'h\u00f4te' is not "
                                           r"ASCII$"):
        fields.host("execHosts")


def test_a_missing_field_is_named_as_truncated():
    fields = Fields(tokens('"JOB_FINISH" "10.108"', "f:1"), "f:1")
    fields.at = 2
    with pytest.raises(SiteLogError, match=r"^f:1: JOB_FINISH field 3 \(event time\): missing: the record ends"):
        fields.time("event time")
