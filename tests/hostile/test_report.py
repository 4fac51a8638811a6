"""Run outputs read by `report`, `diff` and `--sim-verify` keep the bounds recordings keep: huge numbers, wrong
types, deep nesting, an endless line inside a small .gz and a flood of blank lines are each one line naming the file,
the line and the field, exit 2, nothing written; and no figure is ever printed as nan or inf, nor NaN in JSON."""

from __future__ import annotations

import gzip
import json
import math
from pathlib import Path

import pytest

from refsim.sim.runlines import MAX_BLANK_LINES, MAX_RUN_LINE
from tests.hostile.harness import RECORDING, assert_refused, cli, folder_state

HEADER = '{"format":"refsim-sim-output","version":2}\n'
SUBMIT = '{"kind":"submit","job":"1","queue":"q","time":0}\n'
END = '{"kind":"end","time":10,"start":0,"slots":4}\n'


def run_text(*records: str) -> str:
    return HEADER + "".join(records)


# (name, file text, what the one-line error says); the submit is line 2, the end record line 3
RUNS = [
    ("digits-401", run_text(SUBMIT.replace('"time":0', '"time":' + "9" * 401), END),
     "line 2: not accepted as JSON: the number 999"),
    ("digits-5001", run_text(SUBMIT.replace('"time":0', '"time":' + "9" * 5001), END),
     "line 2: not accepted as JSON: the number 999"),
    ("time-1e308", run_text(SUBMIT.replace('"time":0', '"time":1e308'), END), "line 2.time: 1e+308 is above"),
    ("time-negative", run_text(SUBMIT.replace('"time":0', '"time":-5'), END), "line 2.time: -5 is below 0"),
    ("time-nan", run_text(SUBMIT.replace('"time":0', '"time":NaN'), END), "line 2: not accepted as JSON: NaN"),
    ("time-1e999", run_text(SUBMIT.replace('"time":0', '"time":1e999'), END),
     "line 2: not accepted as JSON: 1e999 is not a finite number"),
    ("queue-list", run_text(SUBMIT.replace('"q"', '["a"]'), END), "line 2.queue: expected text, found a list"),
    ("job-mapping", run_text(SUBMIT.replace('"1"', '{"a":1}'), END), "line 2.job: expected text, found a mapping"),
    ("slots-text", run_text(SUBMIT, END.replace('"slots":4', '"slots":"many"')),
     "line 3.slots: expected a number, found text many"),
    ("slots-huge", run_text(SUBMIT, END.replace('"slots":4', '"slots":1e300')), "line 3.slots: 1e+300 is above"),
    ("nested-100000", run_text("[" * 100_000 + "\n"), "line 2: not accepted as JSON: nested more than 64"),
    ("dispatch-amount", run_text(SUBMIT, '{"kind":"dispatch","job":"1","round":1,"time":0,"allocation":'
                                         '{"hosts":[{"host":"a","resources":{"slots":"x"}}]}}\n', END),
     "line 3.allocation.hosts[0].resources.slots: expected a number, found text x"),
    ("reason-code", run_text(SUBMIT, '{"kind":"pend","job":"1","round":1,"time":0,"reasons":[{"code":[1]}]}\n',
                             END), "line 3.reasons[0].code: expected text, found a list"),
    ("duplicate-key", run_text(SUBMIT.replace('"job":"1"', '"job":"1","job":"2"'), END),
     "line 2: not accepted as JSON: duplicate key 'job'"),
]


@pytest.mark.parametrize("command", ["report", "diff"])
@pytest.mark.parametrize("name, text, fragment", RUNS, ids=[r[0] for r in RUNS])
def test_a_hostile_run_is_one_line_naming_file_and_line(tmp_path: Path, command: str, name: str, text: str,
                                                      fragment: str) -> None:
    run = tmp_path / f"{name}.jsonl"
    run.write_text(text, encoding="utf-8")
    before = folder_state(tmp_path)
    args = [command, run.name] + ([run.name] if command == "diff" else [])
    result = cli(tmp_path, *args)
    assert_refused(result, f"{run.name}: {fragment}")
    assert folder_state(tmp_path) == before


def test_sim_verify_reads_through_the_same_bounds(tmp_path: Path) -> None:
    """--sim-verify's expected file is read by the same reader: a 401-digit round is refused by its line."""
    (tmp_path / "rec.yaml").write_text(RECORDING, encoding="utf-8")
    expected = tmp_path / "expected.jsonl"
    expected.write_text(run_text('{"kind":"pend","job":"1","round":' + "9" * 401 + ',"reasons":[]}\n'))
    before = folder_state(tmp_path)
    assert_refused(cli(tmp_path, "sim", "rec.yaml", "--sim-verify", expected.name),
                   "expected.jsonl: line 2: not accepted as JSON: the number 999")
    assert folder_state(tmp_path) == before


def endless_line_gz(path: Path) -> None:
    """A .gz of about 3 MB holding the header and then one line of 3 GiB: 192 gzip members of 16 MiB of `x` each
    (a gzip file may hold several members, read as one stream), so 3 GiB is never written or built."""
    member = gzip.compress(b"x" * (1 << 24), compresslevel=9, mtime=0)
    with path.open("wb") as out:
        out.write(gzip.compress(HEADER.encode(), mtime=0))
        for _ in range(192):
            out.write(member)


def test_a_gz_holding_one_3_gib_line_is_refused_after_its_first_64_mib(tmp_path: Path) -> None:
    run = tmp_path / "bomb.jsonl.gz"
    endless_line_gz(run)
    assert run.stat().st_size < 8_000_000
    result = cli(tmp_path, "report", run.name)
    assert_refused(result, f"bomb.jsonl.gz: line 2: longer than {MAX_RUN_LINE} characters")


def test_a_gz_of_newlines_is_refused_after_the_blank_line_bound(tmp_path: Path) -> None:
    """Blank lines cost no parsing, so a small .gz of newlines would be read for hours: one past the bound stops
    the reader, at the line it counted (the header is line 1, so the first blank is line 2)."""
    run = tmp_path / "newlines.jsonl.gz"
    run.write_bytes(gzip.compress((HEADER + "\n" * 10_000_000).encode(), mtime=0))
    assert_refused(cli(tmp_path, "report", run.name),
                   f"line {MAX_BLANK_LINES + 2}: more than {MAX_BLANK_LINES} blank lines")


def test_the_largest_figures_stay_finite_in_text_and_json(tmp_path: Path) -> None:
    """At the bounds (times of 10^12 s, 10^15 slots) every figure is finite: the text has no nan or inf, and
    --json parses with NaN and Infinity refused. Job 1 runs on 10^15 slots from 0 to the end at 10^12 s: 100%."""
    run = tmp_path / "big.jsonl"
    run.write_text(run_text(
        SUBMIT, '{"kind":"dispatch","job":"1","round":1,"time":0,"allocation":{"hosts":[{"host":"a",'
                '"resources":{"slots":1000000000000000}}]}}\n',
        '{"kind":"finish","job":"1","time":1000000000000}\n',
        '{"kind":"end","time":1000000000000,"start":0,"slots":1000000000000000}\n'))
    text = cli(tmp_path, "report", run.name)
    assert text.exit_code == 0 and "nan" not in text.stdout.lower() and "inf" not in text.stdout.lower()
    assert "100.0%" in text.stdout

    def refuse(constant: str) -> float:
        raise AssertionError(f"{constant} in report --json")

    data = json.loads(cli(tmp_path, "report", run.name, "--json").stdout, parse_constant=refuse)
    assert data["all"]["utilisation"] == 1.0 and math.isfinite(data["all"]["makespan"])
