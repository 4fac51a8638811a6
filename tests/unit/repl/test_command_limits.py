"""The console's word limits: an ordinary command's word may be up to 255 bytes of UTF-8 (bytes, not characters);
`help` names what it cannot describe."""

from tests.support.console import console_lines


def test_a_word_of_255_bytes_is_read_and_one_of_256_bytes_is_refused():
    """`é` is 2 bytes in UTF-8: 127 of them and an `a` make 255 bytes (read: the host is unknown); 128 of them make
    256 bytes in 128 characters (refused, counted in bytes). Kills: commands.py:check_limits
    `len(word.encode("utf-8")) > MAX_ARG_BYTES` -> `>=`."""
    word = "é" * 127 + "a"
    assert console_lines("events: []\n", [f"info host {'a' * 255}", f"info host {word}", "info host " + "é" * 128]) == [
        f"host {'a' * 255}: unknown", f"host {word}: unknown", "error: word 3 is 256 bytes long (at most 255)"]


def test_help_of_a_command_group_or_of_a_command_with_extra_words_names_the_words():
    """`help info` is no command (only `info job`, `info host`, ... are), and `help info job x` has a word more than
    any command: both are refused with the words given. Kills: commands.py:help_lines `found is None or found[1]`
    either part dropped, or its message mutated."""
    assert console_lines("events: []\n", ["help info", "help info job x"]) == [
        "error: help: no command 'info'", "error: help: no command 'info job x'"]
