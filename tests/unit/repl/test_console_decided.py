"""Console rules that only a boundary case decides."""

import io
import signal
import threading

import pytest

from refsim.repl.console import Console
from refsim.repl.terminal import run_console
from refsim.sim.batch import demo_recording
from tests.support.console import console_lines
from tests.support.recordings import recording


def test_break_time_0_is_a_time():
    """Kills: `not value >= 0` -> `not value > 0` in Console._number (0 s is the earliest time, not an error)."""
    assert console_lines("events: []\n", ["break time 0", "break time -1"]) == [
        "breakpoint 1: time 0", "error: break time: '-1' is not a time (a number of seconds, 0 or more)"]


def test_a_blank_line_is_skipped_and_the_console_goes_on():
    """Kills: `return True` -> `return None` for an empty line in Console.execute (the console would end)."""
    lines: list[str] = []
    run_console(Console(demo_recording(), lines.append), io.StringIO("\n   \nstep\n"), io.StringIO())
    assert lines == ["round 1 dispatch 100 -> hostB*4 (reconstructed)"]


def test_a_traced_round_is_never_joined_to_a_collapsed_range():
    """Kills: `self._round_traced = True` -> False in Console._print_trace. Round 9 traces 108 (stopped at its
    decision), then tracing is off: rounds 10-12 are alike and join a range, but the traced round 9 keeps its own
    line (with the mutant: `rounds 9-12`)."""
    lines: list[str] = []
    console = Console(demo_recording(), lines.append)
    for command in ["break round 9", "continue", "trace on 108", "delete", "break job 108", "continue",
                    "trace off", "delete", "continue"]:
        console.execute(command)
    assert lines[-3:] == [
        "round 9 t=150: 0 dispatched, 1 pended (108), 1 no decision (109)",
        "rounds 10-12 t=170-300: 0 dispatched, 1 pended (108), 1 no decision (109) each (3 rounds)",
        "replay finished after 12 rounds at t=300: 11 dispatched, 11 finished, 0 running, 2 pending"]


@pytest.mark.parametrize("command", ["quit", "continue", "info break", "info round", "info limit", "show",
                                     "trace off", "trace status"])
def test_a_command_without_arguments_names_itself_and_the_extra_word(command):
    """Kills: the command name passed to Console._no_args mutated (the error must name the command)."""
    assert console_lines("events: []\n", [f"{command} extra"]) == [f"error: {command}: unexpected argument 'extra'"]


def test_an_empty_trace_file_path_is_named():
    """Kills: the empty-path message of settings._file mutated."""
    assert console_lines("events: []\n", ['trace on all file ""']) == ["error: trace on: file path is empty"]


def test_an_unbalanced_quote_is_an_error_and_the_console_goes_on():
    """Kills: `return True` -> `return None` after a quoting error in Console.execute (the console would end)."""
    lines: list[str] = []
    run_console(Console(demo_recording(), lines.append), io.StringIO('info job "100\nstep\n'), io.StringIO())
    assert lines == ["error: No closing quotation", "round 1 dispatch 100 -> hostB*4 (reconstructed)"]


class _InterruptedDecode(bytes):
    """A line whose decoding is hit by Ctrl-C: the interrupt lands inside the line reader, after the read."""

    def decode(self, *args: object, **kwargs: object) -> str:  # type: ignore[override]
        raise KeyboardInterrupt


class _Pipe:
    """A byte pipe giving `lines` one readline at a time, as a pipe on stdin does."""

    def __init__(self, *lines: bytes) -> None:
        self.buffer = self
        self._lines = list(lines)

    def readline(self, limit: int = -1) -> bytes:
        return self._lines.pop(0) if self._lines else b""

    def isatty(self) -> bool:
        return False


def test_ctrl_c_inside_the_line_reader_does_not_end_the_session():
    """Kills: the byte-line reader as a generator: a Ctrl-C landing in it between two reads ends the generator, so
    the next command is never read and the console ends. The interrupted line is dropped (as Ctrl-C drops a line
    being typed), `interrupted` is said, and the next line runs."""
    lines: list[str] = []
    pipe = _Pipe(_InterruptedDecode(b"show\n"), b"step\n")
    run_console(Console(demo_recording(), lines.append), pipe, io.StringIO())  # type: ignore[arg-type]
    assert lines == ["interrupted", "round 1 dispatch 100 -> hostB*4 (reconstructed)"]


def test_a_time_of_forty_characters_is_read_and_one_of_forty_one_is_refused():
    """Kills: `len(text) <= 40` -> `<` in Console._number (docs/repl.md: a time is written in at most 40
    characters). Both texts are the number 12 with leading zeros; the refused one is quoted shortened to 40."""
    assert console_lines("events: []\n", ["break time " + "0" * 38 + "12", "break time " + "0" * 39 + "12"]) == [
        "breakpoint 1: time 12",
        "error: break time: '" + "0" * 39 + "1...' is not a time (a number of seconds, 0 or more)"]


def test_info_job_says_host_not_hosts_for_a_reason_on_one_host():
    """Kills: `len(names) > 1` -> `>=` for the plural in refsim/repl/info.py's pend reason lines ("on 1 hosts").
    Job 1 runs on a; job 2 needs two one-slot hosts: b is free, so only a is short of slots."""
    text = ("cluster:\n  hosts:\n    - {name: a, slots: 1}\n    - {name: b, slots: 1}\nevents:\n"
            "  - {time: 0, submit: {id: 1, tasks: 1, run_time: 100}}\n"
            "  - {time: 0, submit: {id: 2, tasks: 2, run_time: 10}}\n")
    lines = console_lines(text, ["step 2", "info job 2"])
    assert lines[-2:] == ["  latest decision: round 1: pend: resource-shortfall on 1 host",
                          "    resource-shortfall on 1 host: a"]


def test_sixteen_arguments_reach_the_command_and_seventeen_are_refused():
    """Kills: `len(words) - 1 > MAX_ARGS` -> `+` in refsim/repl/commands.py:check_limits (16 arguments would be
    refused). The words after the first count: `info job` with 15 ids has 16, so it reaches info job's own check
    (one JOBID); with 16 ids it has 17, one too many."""
    ids = [str(i) for i in range(1, 17)]
    assert console_lines("events: []\n", ["info job " + " ".join(ids[:15]), "info job " + " ".join(ids)]) == [
        "error: info job: expected one JOBID", "error: too many arguments: 17 (at most 16)"]


def test_a_time_with_a_unit_word_is_not_a_time():
    """`break time 2s` or `break time soon`: a time is a plain number of seconds; text that is not a number is
    refused like a negative one, and no breakpoint is set.
    Kills: console.py:Console._number unreadable text given a value within 0..MAX_TIME (it now reads as NaN, which
    the range check refuses; the former sentinel -1.0 left its mutant -2.0 undecidable)."""
    assert console_lines("events: []\n", ["break time 2s", "break time soon", "info break"]) == [
        "error: break time: '2s' is not a time (a number of seconds, 0 or more)",
        "error: break time: 'soon' is not a time (a number of seconds, 0 or more)",
        "no breakpoints"]


def test_the_console_says_what_the_replay_ignored_before_its_closing_line():
    """A finish of a pending job and a recorded dispatch of a running one are ignored, as in a batch run
    (features/base/validation.feature); the console lists them, in time order, just before `replay finished`.
    By hand: job 2 (4 tasks) never fits the 2-slot host; job 1 runs from 0 to 10.
    Kills: console.py:Console._end the warning lines dropped."""
    text = """
cluster:
  hosts:
    - {name: h1, slots: 2}
events:
  - {time: 0, submit: {id: 1, run_time: 10}}
  - {time: 0, submit: {id: 2, tasks: 4, run_time: 10}}
  - {time: 5, finish: 2}
  - {time: 6, dispatch: {job: 1, hosts: {h1: {slots: 1}}}}
"""
    assert console_lines(text, ["continue"])[-3:] == [
        "warning: t=5: finish of job 2, which is pending, ignored",
        "warning: t=6: recorded dispatch of job 1, which is running, ignored",
        "replay finished after 2 rounds at t=10: 1 dispatched, 1 finished, 0 running, 1 pending"]


class _InterruptedRead(_Pipe):
    """A pipe whose first read is hit by Ctrl-C while the console waits for the line."""

    def __init__(self, *lines: bytes) -> None:
        super().__init__(*lines)
        self._interrupted = False

    def readline(self, limit: int = -1) -> bytes:
        if not self._interrupted:
            self._interrupted = True
            raise KeyboardInterrupt
        return super().readline(limit)


def test_ctrl_c_while_the_console_waits_for_a_line_is_reported_and_the_line_is_then_read():
    """Ctrl-C during the read itself loses nothing: `interrupted` is said and the read is tried again, so the line
    that then arrives runs. Kills: terminal.py:_read_line the report of the interrupt dropped or mutated."""
    lines: list[str] = []
    pipe = _InterruptedRead(b"step\n")
    run_console(Console(demo_recording(), lines.append), pipe, io.StringIO())  # type: ignore[arg-type]
    assert lines == ["interrupted", "round 1 dispatch 100 -> hostB*4 (reconstructed)"]


def test_a_console_driven_from_another_thread_runs_to_the_end():
    """A program may drive the console from a worker thread, where Ctrl-C cannot be caught (Python delivers
    signals to the main thread only): `continue` runs without touching the SIGINT handler.
    Kills: console.py:Console._interruptible installing the handler off the main thread (ValueError)."""
    lines: list[str] = []
    errors: list[BaseException] = []
    before = signal.getsignal(signal.SIGINT)  # Python's own handler, or ignored when started in the background

    def drive() -> None:
        console = Console(demo_recording(), lines.append)
        try:
            console.execute("continue")
        except BaseException as exc:  # noqa: BLE001 (asserted in the main thread below)
            errors.append(exc)
        finally:
            console.close()

    worker = threading.Thread(target=drive)
    worker.start()
    worker.join(timeout=120)
    assert errors == [] and not worker.is_alive()
    assert lines[-1] == "replay finished after 12 rounds at t=300: 11 dispatched, 11 finished, 0 running, 2 pending"
    assert signal.getsignal(signal.SIGINT) is before



@pytest.mark.parametrize(("command", "error"), [
    ("step 2 3", "step: unexpected argument '3'"),
    ("delete 1 2", "delete: unexpected argument '2'"),
    ("info host", "info host: expected one host NAME"),
    ("info host a b", "info host: expected one host NAME"),
    ("info job", "info job: expected one JOBID"),
])
def test_a_command_given_the_wrong_number_of_words_says_what_it_takes(command: str, error: str):
    """`step` and `delete` take at most one word (the extra one is named), `info host` and `info job` exactly one.
    Kills: console.py:Console._cmd_step, _cmd_delete, _cmd_info_host their usage messages mutated."""
    assert console_lines("events: []\n", ["break round 1", command, "info break"]) == [
        "breakpoint 1: round 1", f"error: {error}", "1: round 1 (hit 0 times)"]


def test_the_latest_break_time_is_10_to_the_12_seconds():
    """docs/repl.md: a time above 10^12 seconds is not a time. Exactly 10**12 is a time; one second more is refused,
    naming the bound.
    Kills: console.py:Console._number `value <= MAX_TIME` -> `<` (the bound itself refused)."""
    assert console_lines("events: []\n", ["break time 1000000000000", "break time 1000000000001"]) == [
        "breakpoint 1: time 1000000000000",
        "error: break time: '1000000000001' is not a time (a number of seconds, at most 1000000000000)"]


def test_continue_gives_back_the_ctrl_c_handler_it_found():
    """`continue` catches Ctrl-C only while it runs (to stop at the next decision); afterwards the handler is the
    one it found, so the program around the console gets its Ctrl-C back.
    Kills: console.py:Console._interruptible not restoring the previous SIGINT handler."""
    before = signal.getsignal(signal.SIGINT)
    console = Console(demo_recording(), lambda _line: None)
    try:
        console.execute("continue")
    finally:
        console.close()
    assert signal.getsignal(signal.SIGINT) is before


def test_a_console_line_of_65536_characters_is_read_and_one_more_is_ignored():
    """docs/repl.md: a line longer than 65,536 characters is ignored with one error. At exactly 65,536 the line is
    read, so its one word meets the word bound (255 bytes) instead; one character more is refused by the line's
    length before any word is looked at.
    Kills: model/bounds.py MAX_LINE changed (65536 -> 65537) and console.py:Console.execute's `>` made `>=`."""
    at_bound, past = "x" * 65_536, "x" * 65_537
    lines = console_lines("events: []\n", [at_bound, past])
    assert lines[1] == "error: the line is 65537 characters long (at most 65536); ignored"
    assert lines[0] == "error: word 1 is 65536 bytes long (at most 255)"


def test_the_highest_break_round_is_10_to_the_18():
    """`break round N` takes N from 1 to 10**18: the bound is set, one more is refused and nothing is set.
    Kills: console.py:Console._cmd_break the round bound `10**18` mutated (11**18 or 10**19)."""
    assert console_lines("events: []\n", ["break round 1000000000000000000", "break round 1000000000000000001",
                                          "info break"]) == [
        "breakpoint 1: round 1000000000000000000",
        "error: break round: '1000000000000000001' is not a round number (1 or more)",
        "1: round 1000000000000000000 (hit 0 times)"]


def test_delete_reads_breakpoint_numbers_from_0_to_1000000():
    """A breakpoint number is a whole number from 0 to 1,000,000 (MAX_INDEX); within that range a number no
    breakpoint has is `no breakpoint N`, beyond it the word is not a breakpoint number.
    Kills: console.py:Console._cmd_delete the lower bound 0 -> 1 (`delete 0` would be called no number)."""
    assert console_lines("events: []\n", ["delete 0", "delete 1000000", "delete 1000001"]) == [
        "error: delete: no breakpoint 0", "error: delete: no breakpoint 1000000",
        "error: delete: '1000001' is not a breakpoint number"]


def test_a_hash_sign_is_an_ordinary_character_not_a_comment(tmp_path):
    """Console lines are split like a shell's words but `#` starts no comment: `break job 1 # note` has four
    arguments (refused with the usage), and a file name with `#` in it is written as given.
    Kills: console.py:Console.execute `shlex.split(..., comments=False)` -> True."""
    path = tmp_path / "state#1.yaml"
    assert console_lines("events: []\n", ["break job 1 # note", f"snapshot {path}", "info break"]) == [
        "error: break: expected round-begin, round N, job JOBID or time T", f"snapshot written to {path}",
        "no breakpoints"]
    assert path.exists()



def test_a_session_that_ends_with_a_no_decision_closes_its_replaced_trace_file(tmp_path):
    """Spec 1.7/8.5: a session has ended once its last decision *or no-decision selection* is reported. Job 2's
    requirement cannot be parsed, so round 1 selects job 1 (dispatched) and then job 2 (no decision), its last
    selection. The session began with trace file a.txt; `trace on` during it names b.txt for the next session. A
    Ctrl-C lands while job 2's trace is printed, so the run stops right after that no-decision, before the round's
    end: the session has ended there, a.txt is closed, and `set output` may take it.
    Kills: console.py:Console._handle dropping `self._reported()` after a no-decision (a.txt would stay open until
    the round ends, and `set output` would refuse it as a trace file still open)."""
    text = ("events:\n  - {time: 0, submit: {id: 1, run_time: 10}}\n"
            "  - {time: 0, submit: {id: 2, run_time: 10, resreq: 'select[type=='}}\n")
    lines: list[str] = []

    def write(line: str) -> None:
        lines.append(line)
        if line.startswith("  trace of 2"):
            console.interrupted = True  # what the Ctrl-C handler does

    console = Console(recording(text), write)
    a, b = tmp_path / "a.txt", tmp_path / "b.txt"
    for command in (f"trace on 2 file {a}", "step", f"trace on 2 file {b}", "continue", f"set output {a}",
                    "info round"):
        console.execute(command)
    console.close()
    assert "interrupted in round 1" in lines
    assert lines[lines.index("interrupted in round 1") + 1:] == [
        f"output {a}", "round 1 at t=0, in progress: 1 decision reported", "  round 1 #1 dispatch 1 -> a*1"]
