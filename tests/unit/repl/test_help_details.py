"""`help COMMAND` prints the command's rules in full (the `help` list shows only usages and summaries): the bound
of `step`, how `continue` joins rounds, when each kind of breakpoint stops, what `why` leaves untouched, what quiet
continue still prints, every `trace on` option and what `trace off` keeps."""

import pytest

from steps.drivers import InProcessDriver

DETAILS = {
    "step": "N is a whole number from 1 to 1000000. Stops early at a breakpoint or at the end of the replay. "
            "Selections that end in no decision are not echoed and do not count.",
    "continue": "Runs of alike rounds (nothing dispatched, the same jobs pended for the same reasons) are joined into "
                "one 'rounds A-B' line. Ctrl-C stops between two reported decisions.",
    "break": "round-begin stops before every round; round N before round N; time T before the first round at or "
             "after simulated time T; job JOBID right after that job's decision (an array id: any element).",
    "info job": "An array id lists every element.",
    "history": "The story `refsim report RUN --job ID` tells from a finished run's output (docs/report.md), from the "
               "records of the run so far.",
    "info trace": "Shown at the level it was captured, in the current units mode; also for finished or removed jobs. "
                  "Says so when the trace was discarded under the store's memory bound.",
    "why": "Runs the scheduler's evaluation of the job against a copy of the current state and prints it in the "
           "trace format (summary level unless full is asked). Nothing is changed, stored or written to a trace "
           "file. An array id explains each pending element.",
    "set continue": "quiet: no round lines, one progress line every 1000 rounds; breakpoints still stop it, and "
                    "traced decisions and their rounds are still printed. normal (the default): one line per round.",
    "trace on": "level: summary (the default) counts host verdicts per plan position, full shows every host; lines: "
                "the bound on a decision's requirement, check, plan and host lines, 50 to 100000 (default 1000). "
                "file: also append every trace printed to PATH (up to 4095 bytes); json: append each of them to PATH "
                "as one JSON object per line (docs/trace.schema.json). An array id selects every element; an id not "
                "yet in the replay is traced once it appears. A new trace on replaces every setting.",
    "trace off": "Stored traces stay available to info trace.",
}


@pytest.mark.parametrize("command", sorted(DETAILS))
def test_help_for_a_command_ends_with_its_rules_in_full(command: str):
    """The third line of `help COMMAND`, indented two spaces, is the command's whole detail text.
    Kills: commands.py:COMMANDS a command's detail text (or the summary of info trace) mutated (`str->XX`)."""
    lines = InProcessDriver().run(None, [], [f"help {command}"]).lines
    assert len(lines) == 3 and lines[0].startswith(f"usage: {command}") and lines[1].startswith("  ")
    if command == "info trace":  # a summary no other test was found to read in full (a kill check)
        assert lines[1] == "  re-print a job's latest stored trace (an array: each element's)"
    assert lines[2] == "  " + DETAILS[command]


SECTIONS = {
    "Running": ["step", "continue"],
    "Breakpoints": ["break", "delete", "info break"],
    "Inspection": ["info job", "info host", "info queue", "info round", "info trace", "why", "history", "info limit",
                   "show", "snapshot"],
    "Settings": ["set units", "set continue", "set output"],
    "Trace": ["trace on", "trace off", "trace status"],
    "Console": ["help", "quit"],
}


def test_the_help_list_shows_every_command_once_under_its_section():
    """`help` alone: six section headings in order, each followed by the usages of its commands (a long usage on
    a line of its own, its summary on the next). Kills: commands.py:COMMANDS a command's section mutated (the
    command would vanish from the list)."""
    shown: dict[str, list[str]] = {}
    for line in InProcessDriver().run(None, [], ["help"]).lines:
        if not line.startswith(" "):
            shown[line.rstrip(":")] = []
        elif line.strip() and not line.startswith("   "):
            usage = line.strip().split("  ")[0]
            shown[list(shown)[-1]].append(usage)
    names = {section: [next(n for n in sorted(commands, key=len, reverse=True) if usage.startswith(n))
                       for usage in shown[section]] for section, commands in SECTIONS.items()}
    assert list(shown) == list(SECTIONS) and names == SECTIONS
