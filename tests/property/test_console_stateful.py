"""Random console sessions: trace, step, continue, break, info, set units and set output commands, invalid ones
included, never crash; trace settings change only through valid commands and take effect at the next session."""

from __future__ import annotations

import tempfile

from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, rule

from refsim.repl.console import Console
from refsim.sim.batch import demo_recording
from refsim.trace.settings import OFF, TraceError, parse_trace_on

IDS = ["100", "101", "104", "107", "107[2]", "108", "109", "4242", "12x", "all"]
OPTIONS = ["", "level full", "level summary", "level loud", "lines 50", "lines 49", "lines 1e3", "lines 100000",
           "colour red", "lines"]


class ConsoleMachine(RuleBasedStateMachine):
    def __init__(self) -> None:
        super().__init__()
        self.folder = tempfile.TemporaryDirectory()
        self.lines: list[str] = []
        self.console = Console(demo_recording(), self.lines.append)
        self.next = OFF

    def teardown(self) -> None:
        self.console.close()
        self.folder.cleanup()

    @rule(ids=st.lists(st.sampled_from(IDS), min_size=0, max_size=3), option=st.sampled_from(OPTIONS))
    def trace_on(self, ids, option):
        words = ids + option.split()
        try:
            expected = parse_trace_on(words)
        except TraceError:
            expected = self.next
        self.console.execute("trace on " + " ".join(words))
        self.next = expected

    @rule()
    def trace_off(self):
        self.console.execute("trace off")
        self.next = OFF

    @rule(command=st.sampled_from(["step", "step 3", "step 0", "step x", "continue", "continue now"]))
    def run(self, command):
        before = self.console.sim.round
        self.console.execute(command)
        if self.console.sim.round > before:  # a session began during this command: it took the settings then
            assert self.console.tracing.session == self.next

    @rule(command=st.sampled_from(["break round 3", "break job 104", "break time 60", "break round-begin",
                                   "break sometimes", "delete", "delete 9", "info break"]))
    def breakpoints(self, command):
        self.console.execute(command)

    @rule(command=st.sampled_from(["info trace 104", "info trace 107", "info trace 4242", "info trace x",
                                   "info job 107", "info round", "trace status", "info limit", "show"]))
    def inspect(self, command):
        self.console.execute(command)

    @rule(mode=st.sampled_from(["raw", "auto", "GB", "XB"]))
    def units(self, mode):
        self.console.execute(f"set units {mode}")

    @rule(name=st.sampled_from(["out.jsonl", "missing/out.jsonl"]))
    def set_output(self, name):
        self.console.execute(f"set output {self.folder.name}/{name}")

    @invariant()
    def settings_follow_valid_commands_only(self):
        assert self.console.tracing.next == self.next

    @invariant()
    def no_traceback(self):
        assert not any("Traceback" in line for line in self.lines)


TestConsoleMachine = ConsoleMachine.TestCase
TestConsoleMachine.settings = settings(max_examples=40, stateful_step_count=25, deadline=None)
