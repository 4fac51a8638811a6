"""`help set output` and `help trace on` print the usage, the summary and the whole detail text: the rules a user
relies on (when the file appears, what is refused) are said there in full."""

from steps.drivers import InProcessDriver


def test_help_for_set_output_is_printed_whole():
    """The whole detail text, as a user reads it: the other help tests only look for parts of the command list."""
    transcript = InProcessDriver().run(None, [], ["help set output"])
    assert transcript.lines == [
        "usage: set output FILE",
        "  send the simulated decisions from now on to FILE",
        "  Like --sim-output: the file is started afresh with a header and appears when finished (the next set "
        "output, quit or the end of input); the previous output is finished and put in place now. Refused when FILE "
        "is the recording, the output in effect, the log or an open trace file.",
    ]


def test_help_for_trace_on_opens_with_its_usage_and_summary():
    """Kills: the summary of `trace on` mutated (`str->XX`) in refsim/repl/commands.py (line 68 of the command
    table), which the `help` list does not show in full."""
    transcript = InProcessDriver().run(None, [], ["help trace on"])
    assert transcript.lines[:2] == [
        "usage: trace on all|JOBID... [level summary|full] [lines N] [file PATH] [json PATH]",
        "  explain decisions from the next session on, for all jobs or the jobs named",
    ]


def test_help_for_snapshot_is_printed_whole():
    """Kills: the detail text of `snapshot` mutated (`str->XX`) in refsim/repl/commands.py: when the file is
    replaced and what is refused are said only there."""
    transcript = InProcessDriver().run(None, [], ["help snapshot"])
    assert transcript.lines == [
        "usage: snapshot FILE",
        "  write the simulator state to FILE (YAML; JSON for .json)",
        "  Written whole: FILE is replaced only once the snapshot is complete. Refused when FILE is the recording, an "
        "output being written, a directory or a device.",
    ]
