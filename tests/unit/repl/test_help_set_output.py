"""`help set output` prints the usage, the summary and the whole detail text: the rules a user relies on (when
the file appears, what is refused) are said there in full."""

from steps.drivers import InProcessDriver


def test_help_for_set_output_is_printed_whole():
    """Kills: the detail text of `set output` mutated (`str->XX`) in refsim/repl/commands.py; other help tests only
    look for parts of the command list."""
    transcript = InProcessDriver().run(None, [], ["help set output"])
    assert transcript.lines == [
        "usage: set output FILE",
        "  send the simulated decisions from now on to FILE",
        "  Like --sim-output: the file is started afresh with a header and appears when finished (the next set "
        "output, quit or the end of input); the previous output is finished and put in place now. Refused when FILE "
        "is the recording, the output in effect, the log or an open trace file.",
    ]
