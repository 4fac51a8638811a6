"""NaN, infinity, huge and non-ASCII numbers are refused wherever a number is read, with one line naming where, and
nothing written: recordings (batch), SWF logs (import) and console arguments."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.hostile.harness import assert_refused, cli, folder_state

HOSTS = "cluster:\n  hosts:\n    - {name: h1, slots: 4, mem: 8G}\n"


def rec(events: str = "", cluster: str = HOSTS, extra: str = "") -> str:
    return "refsim: 1\n" + cluster + extra + ("events:\n" + events if events else "")


# (recording text, what the one-line error names)
RECORDINGS = [
    (rec("  - {time: .nan, submit: {id: 1}}\n"), "not accepted as YAML: '.nan' is not a finite number"),
    (rec("  - {time: .inf, submit: {id: 1}}\n"), "is not a finite number"),
    (rec("  - {time: 1.0e+999, submit: {id: 1}}\n"), "is not a finite number"),
    (rec("  - {time: 1.0e999, submit: {id: 1}}\n"), "events[0].time: expected a number, found text"),
    (rec("  - {time: 10000000000000, submit: {id: 1}}\n"), "events[0].time: 10000000000000 is above"),
    (rec("  - {time: 0, submit: {id: 1, run_time: .nan}}\n"), "is not a finite number"),
    (rec("  - {time: 0, submit: {id: 1, run_time: -.inf}}\n"), "is not a finite number"),
    (rec("  - {time: 0, submit: {id: 1}}\n", extra="sessions: {policy: every, interval: .nan}\n"),
     "is not a finite number"),
    (rec("  - {time: 0, submit: {id: 1}}\n", extra="sessions: {policy: every, interval: .inf}\n"),
     "is not a finite number"),
    (rec("  - {time: 0, submit: {id: 1}}\n", extra="sessions: {policy: every, interval: 0.0000001}\n"),
     "sessions.interval: the interval must be at least 0.001 seconds"),
    (rec(cluster="cluster:\n  hosts:\n    - {name: h1, slots: .nan}\n"), "not accepted as YAML: '.nan' is not a finite number"),
    (rec(cluster="cluster:\n  hosts:\n    - {name: h1, slots: .inf}\n"), "is not a finite number"),
    (rec(cluster="cluster:\n  hosts:\n    - {name: h1, slots: 1.0e+300}\n"), "slots: 1e+300 is not an amount from 0"),
    (rec(cluster="cluster:\n  hosts:\n    - {name: h1, slots: 1, mem: .nan}\n"), "is not a finite number"),
    (rec(cluster="cluster:\n  hosts:\n    - {name: h1, slots: " + "9" * 401 + "}\n"), "has more than 19 digits"),
    (rec(cluster="cluster:\n  hosts:\n    - {name: h1, slots: '" + "9" * 401 + "'}\n"), "is not an amount"),
    (rec(cluster="cluster:\n  hosts:\n    - {name: h1, slots: 9999999999999999}\n"), "is not an amount from 0"),
    (rec(cluster=HOSTS + "  limits:\n    - {name: l, users: all, resources: {slots: .inf}}\n"),
     "line 6: not accepted as YAML: '.inf' is not a finite number"),
    (rec(cluster=HOSTS + "  queues:\n    - {name: q, priority: 4294967296}\n"), "out of range"),
    (rec("  - {time: 0, submit: {id: 1, priority: " + "9" * 5001 + "}}\n"), "has more than 19 digits"),
    (rec("  - {time: 0, submit: {id: 1, priority: -2147483649}}\n"), "out of range"),
    (rec("  - {time: 0, submit: {id: 1, tasks: '1,99999999999999999999'}}\n"), "is not a task count"),
    (rec("  - {time: 0, submit: {id: 1, tasks: [null, 2]}}\n"), "is not a task count"),
    (rec("  - {time: 0, submit: {id: 1, tasks: [.inf, .inf]}}\n"), "is not a finite number"),
    (rec("  - {time: 0, submit: {id: 1, tasks: 1000001}}\n"), "is not a task count"),
    (rec("  - {time: 0, submit: {id: 1, tasks: '²'}}\n"), "is not a task count"),
    (rec("  - {time: 0, submit: {id: 1, array: 100001}}\n"), "out of range"),
    (rec("  - {time: 0, submit: {id: 1}}\n  - {time: 1, dispatch: {job: 1, hosts: {h1: {slots: .inf}}}}\n"),
     "line 7: not accepted as YAML"),
    ("refsim: true\n" + HOSTS, "refsim: unsupported format version"),
    ("refsim: 1.0\n" + HOSTS, "refsim: unsupported format version"),
    (rec("  - {time: 0, submit: {id: 1}}\ntest:\n  faults:\n    - {point: plan-build, requirement: '²'}\n"),
     "is not dotted 1-based indices"),
]


@pytest.mark.parametrize("text, fragment", RECORDINGS, ids=[f"rec{i}" for i in range(len(RECORDINGS))])
def test_a_bad_number_in_a_recording_is_refused_and_nothing_is_written(tmp_path, text, fragment):
    (tmp_path / "rec.yaml").write_text(text, encoding="utf-8")
    (tmp_path / "out.jsonl").write_text("earlier\n")
    before = folder_state(tmp_path)
    assert_refused(cli(tmp_path, "sim", "rec.yaml", "--sim-output", "out.jsonl", "--log", "log.txt"), fragment)
    assert folder_state(tmp_path) == before


SWF_LINE = "1 0 -1 10 1 -1 -1 1 20 -1 1 1 1 -1 1 -1 -1 -1"


def swf_with(field: int, value: str) -> str:
    fields = SWF_LINE.split()
    fields[field - 1] = value
    return "; MaxNodes: 2\n" + " ".join(fields) + "\n"


SWF_LOGS = [
    (swf_with(2, "nan"), "a field is not a number (field 2: 'nan')"),
    (swf_with(4, "inf"), "a field is not a number (field 4: 'inf')"),
    (swf_with(4, "1e999"), "a field is not a number"),
    (swf_with(8, "١٢"), "a field is not a number"),
    (swf_with(1, "1000000000000000000000000000000"), "a field is not a number"),
    (swf_with(1, "1000000000000000000"), "is not a whole number from 1 to"),
    (swf_with(2, "9999999999999"), "submit time 9999999999999 is above"),
    (swf_with(8, "2000000"), "asks for 2000000 processors"),
    (swf_with(12, "99999999999"), "a user, group or queue number is above"),
    ("; MaxNodes: 2\n" + SWF_LINE + "\n" + SWF_LINE + "\n", "tiny.swf:3: job number 1 appears twice"),
    ("; MaxNodes: 100000000\n" + SWF_LINE + "\n", "header MaxNodes: 100000000 is above the bound 100000"),
]


@pytest.mark.parametrize("text, fragment", SWF_LOGS, ids=[f"swf{i}" for i in range(len(SWF_LOGS))])
def test_a_bad_number_in_an_swf_log_is_refused_and_nothing_is_written(tmp_path, text, fragment):
    (tmp_path / "tiny.swf").write_text(text, encoding="utf-8")
    (tmp_path / "rec.yaml").write_text("earlier import\n")
    before = folder_state(tmp_path)
    assert_refused(cli(tmp_path, "import", "swf", "tiny.swf", "-o", "rec.yaml"), fragment)
    assert folder_state(tmp_path) == before


def test_a_corrupt_compressed_log_is_refused(tmp_path):
    import gzip
    data = gzip.compress(("; MaxNodes: 2\n" + SWF_LINE + "\n").encode() * 50)
    (tmp_path / "log.swf.gz").write_bytes(data[:20] + bytes(b ^ 0x5A for b in data[20:60]) + data[60:])
    before = folder_state(tmp_path)
    result = cli(tmp_path, "import", "swf", "log.swf.gz", "-o", "rec.yaml")
    assert_refused(result, "log.swf.gz: ")
    assert folder_state(tmp_path) == before


# Console arguments: each refused with one error line, the session going on (the next `step` still works).
CONSOLE_ARGS = [
    ("step ²", "step: '²' is not a whole number"),
    ("step ١٢", "is not a whole number"),
    ("step 1e3", "is not a whole number"),
    ("step " + "9" * 5000, "word 2 is 5000 bytes long (at most 255)"),
    ("step " + "9" * 200, "step: '9999999999999999999999999999999999999999...' is not a whole number"),
    ("break round ²", "break round: '²' is not a round number"),
    ("break round " + "9" * 200, "is not a round number"),
    ("delete ²", "delete: '²' is not a breakpoint number"),
    ("break time nan", "break time: 'nan' is not a time"),
    ("break time inf", "is not a time"),
    ("break time 1e999", "is not a time"),
    ("break time ١٢", "is not a time"),
    ("break time 1e13", "is not a time"),
]


@pytest.mark.parametrize("command, fragment", CONSOLE_ARGS, ids=[f"arg{i}" for i in range(len(CONSOLE_ARGS))])
def test_a_bad_number_in_a_console_argument_is_one_error_line(tmp_path: Path, command, fragment):
    (tmp_path / "rec.yaml").write_text(rec("  - {time: 0, submit: {id: 1}}\n"))
    result = cli(tmp_path, "sim", "rec.yaml", "-i", stdin=f"{command}\ninfo break\nstep\n")
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert len(lines) == 3 and lines[0].startswith("error: ") and fragment in lines[0], lines
    assert lines[1] == "no breakpoints" and lines[2] == "round 1 #1 dispatch 1 -> h1*1"
