"""A fuzzer per site-log reader: LSF event and accounting logs (`import lsf`) and Slurm sacct output (`import slurm`).
Whatever the text, the importer either makes a recording that refsim's loader loads, or refuses the file with one
RefsimError of one line; never another exception. Examples start from valid hand-written records (tests/support/
lsf.py, the sacct field list) with one or two fields replaced by hostile values, fields dropped or added, a record
cut short, or raw text."""

from __future__ import annotations

import tempfile
from collections.abc import Callable
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from refsim.errors import RefsimError
from refsim.importers.lsf import lsf_import
from refsim.importers.site import RunLimitChoice
from refsim.importers.slurm import FIELDS, slurm_import
from refsim.sim.load import recording_from
from tests.support import lsf

EXAMPLES = min(settings().max_examples, 100)  # the CI profile's cap; each example writes and imports one small file

# hostile field values: huge, negative, non-finite, odd text (quotes, NUL, right-to-left override, non-ASCII digits)
HOSTILE = st.one_of(
    st.integers(min_value=-(10**20), max_value=10**20).map(str), st.just("9" * 400),
    st.sampled_from(["", "-1", "nan", "inf", "1e308", "²", "١٢", "\u202e", "\x00", "many", '"', '""', "a b",
                     "2147483647", "-65535", "host@cluster", "hôte", "[1-3]", "10.1", "0.5"]),
    st.text(max_size=6))


def _accepted_or_refused(run: Callable[[], tuple[dict[str, object], object, object, object]]) -> None:
    """An accepted import must load as a recording; a refusal must be one RefsimError line."""
    try:
        document = run()[0]
    except RefsimError as exc:
        assert "\n" not in str(exc) and "\r" not in str(exc), str(exc)
        return
    recording_from(document, "imported")  # raises if the importer accepted what the loader refuses


def _imported(name: str, text: str, importer: Callable[[str], tuple[dict[str, object], object, object, object]]
              ) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / name
        path.write_bytes(text.encode("utf-8", "surrogatepass"))
        _accepted_or_refused(lambda: importer(str(path)))


def _split(line: str) -> list[str]:
    """A record's fields as written (quoted strings kept whole): the mutations work on written tokens."""
    fields, current, quoted = [], "", False
    for char in line:
        if char == '"':
            quoted = not quoted
        if char == " " and not quoted:
            fields.append(current)
            current = ""
        else:
            current += char
    return [*fields, current]


@st.composite
def _mutated(draw: st.DrawFn, lines: list[str], quote: Callable[[str], str]) -> list[str]:
    lines = list(lines)
    for _ in range(draw(st.integers(1, 2))):
        at = draw(st.integers(0, len(lines) - 1))
        fields = _split(lines[at])
        where = draw(st.integers(0, len(fields) - 1))
        kind = draw(st.sampled_from(["replace", "quoted", "drop", "add", "cut"]))
        if kind == "replace":
            fields[where] = draw(HOSTILE)
        elif kind == "quoted":
            fields[where] = quote(draw(HOSTILE))
        elif kind == "drop":
            del fields[where]
        elif kind == "add":
            fields.insert(where, draw(HOSTILE))
        else:
            fields = fields[:where]
        lines[at] = " ".join(fields)
    return lines


EVENTS = [lsf.job_new(1, 100, tasks=2), lsf.job_start(1, 110, ["hostA", "hostA"]),
          lsf.job_status(1, 170, 64, end=170), lsf.job_new(2, 120), lsf.job_start(2, 130, ["hostB"]),
          lsf.job_status(2, 150, 32, end=150)]
ACCT = [lsf.job_finish(1, submit=100, start=110, end=170, hosts=["hostA", "hostA"], tasks=2),
        lsf.job_finish(2, submit=120, start=130, end=150, hosts=["hostB"], version="10.1")]


def _lsf(path: str) -> tuple[dict[str, object], object, object, object]:
    return lsf_import([path], None, "UTC", RunLimitChoice())


@settings(max_examples=EXAMPLES, deadline=None)
@given(_mutated(EVENTS, lambda v: '"' + v.replace('"', '""') + '"'))
def test_lsf_event_log_records_with_hostile_fields(lines):
    _imported("lsb.events", lsf.log(*lines), _lsf)


@settings(max_examples=EXAMPLES, deadline=None)
@given(_mutated(ACCT, lambda v: '"' + v.replace('"', '""') + '"'))
def test_lsf_accounting_records_with_hostile_fields(lines):
    _imported("lsb.acct", "\n".join(lines) + "\n", _lsf)


@settings(max_examples=EXAMPLES, deadline=None)
@given(st.text(max_size=300), st.sampled_from(["lsb.events", "lsb.acct"]))
def test_lsf_raw_text(text, name):
    _imported(name, text, _lsf)


def _sacct(job: str, submit: str, start: str, end: str) -> list[str]:
    values = dict.fromkeys(FIELDS, "")
    values.update(State="COMPLETED", JobID=job, ReqCPUS="2", ReqNodes="1", Submit=submit, Eligible=submit,
                  Start=start, End=end, AllocNodes="1", NCPUS="2", Elapsed="00:01:00", Suspended="00:00:00",
                  ExitCode="0:0", Partition="batch")
    return [values[f] for f in FIELDS]


SACCT = [_sacct("10", "2024-01-01T12:00:02", "2024-01-01T12:00:10", "2024-01-01T12:01:10"),
         _sacct("11_0", "2024-01-01T12:00:00", "2024-01-01T12:00:00", "2024-01-01T12:00:30")]


def _slurm(path: str) -> tuple[dict[str, object], object, object, object]:
    return slurm_import(path, None, None, "UTC", RunLimitChoice())


@st.composite
def _sacct_lines(draw: st.DrawFn) -> list[str]:
    rows = [list(r) for r in SACCT]
    for _ in range(draw(st.integers(1, 2))):
        row = rows[draw(st.integers(0, len(rows) - 1))]
        where = draw(st.integers(0, len(row) - 1))
        kind = draw(st.sampled_from(["replace", "drop", "add"]))
        if kind == "replace":
            row[where] = draw(HOSTILE)
        elif kind == "drop":
            del row[where]
        else:
            row.insert(where, draw(HOSTILE))
    return ["|".join(r) for r in rows]


@settings(max_examples=EXAMPLES, deadline=None)
@given(_sacct_lines())
def test_slurm_lines_with_hostile_fields(lines):
    _imported("sacct.txt", "\n".join(lines) + "\n", _slurm)


@settings(max_examples=EXAMPLES, deadline=None)
@given(st.text(max_size=300))
def test_slurm_raw_text(text):
    _imported("sacct.txt", text, _slurm)


def test_the_fuzzers_start_from_files_that_import(tmp_path):
    """Unmutated, each seed imports and loads: the fuzzers' refusals come from the hostile values, not the seeds."""
    for name, text, importer in [("lsb.events", lsf.log(*EVENTS), _lsf), ("lsb.acct", "\n".join(ACCT) + "\n", _lsf),
                                 ("sacct.txt", "\n".join("|".join(r) for r in SACCT) + "\n", _slurm)]:
        path = tmp_path / name
        path.write_text(text)
        document = importer(str(path))[0]
        assert len(recording_from(document, name).events) >= 2, name
