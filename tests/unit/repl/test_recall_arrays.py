"""`info trace` on an array id: each element's stored trace, or, with none stored, the elements' states."""

from tests.support.console import console_lines


def test_an_array_of_one_element_with_no_trace_is_answered_as_an_array():
    """Array 5 has one element, 5[1], running on a (the default cluster's host), and nothing was traced:
    `info trace 5` names the array and lists its one element's state, as for an array of several, rather than
    answering for job 5[1] alone (that answer is for `info trace 5[1]`, which differs from the array's id).
    Kills: repl/tracing.py:Tracing.recall_lines `len(records) == 1 and ... == selector` -> `or`."""
    text = "events:\n  - {time: 0, submit: {id: 5, array: 1, tasks: 1, run_time: 10}}\n"
    lines = console_lines(text, ["step", "info trace 5", "info trace 5[1]"])
    assert lines[1:3] == ["array 5: no element has a stored trace", "  job 5[1]: running on a"]
    assert lines[3].startswith("job 5[1]: no trace available; the job is running on a")
