"""A fuzzer per reader of user files: run outputs (report's metrics and jobs, --sim-verify's decisions), sweep files
and DR_EVT CSV traces. Whatever the text, the reader either reads it or refuses it with one RefsimError of one
line; never another exception. Examples are drawn from plausible files with hostile values put in their fields,
and from raw text."""

from __future__ import annotations

import json
import shutil
import tempfile
from pathlib import Path

import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from refsim.errors import RefsimError
from refsim.importers.drevt import drevt_recording
from refsim.report.jobs import run_jobs
from refsim.report.metrics import run_metrics
from refsim.report.runfile import read_run
from refsim.sim.load import recording_from
from refsim.sim.runfile import read_output
from refsim.sweep.sources import resolve_sources
from refsim.sweep.spec import parse_spec

SIX_JOBS = Path(__file__).resolve().parents[2] / "examples" / "six-jobs.yaml"
EXAMPLES = min(settings().max_examples, 100)  # the CI profile's cap; each example writes and reads one small file

# hostile scalars: huge, non-finite (as JSON allows them to be written), wrong types, odd text
SCALARS = st.one_of(
    st.integers(), st.integers(min_value=10**18, max_value=10**400), st.floats(allow_nan=False), st.booleans(),
    st.none(), st.text(max_size=8), st.sampled_from(["", "²", "١٢", "1e308", "\u202e", "\x00", "many", "q\nx"]))
VALUES = st.recursive(SCALARS, lambda inner: st.one_of(st.lists(inner, max_size=3),
                                                       st.dictionaries(st.text(max_size=5), inner, max_size=3)),
                      max_leaves=8)


def refused_in_one_line(read) -> None:
    """Run `read()`; a RefsimError is fine if its message is one line; any other exception fails the test."""
    try:
        read()
    except RefsimError as exc:
        assert "\n" not in str(exc) and "\r" not in str(exc), str(exc)


def with_file(name: str, content: bytes, read) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / name
        path.write_bytes(content)
        shutil.copy(SIX_JOBS, Path(folder) / "six-jobs.yaml")  # a recording a sweep file may name
        refused_in_one_line(lambda: read(path))


# --- run outputs -------------------------------------------------------------------------------------------------

RECORDS = [
    {"kind": "submit", "job": "1", "queue": "q", "time": 0},
    {"kind": "dispatch", "job": "1", "round": 1, "position": 1, "time": 0,
     "allocation": {"hosts": [{"host": "a", "resources": {"slots": 1}, "limit_charges": []}], "shared": {},
                    "limit_charges": []}},
    {"kind": "pend", "job": "1", "round": 1, "position": 1, "time": 0,
     "reasons": [{"code": "resource-shortfall", "detail": "slots", "hosts": "a", "count": 1}]},
    {"kind": "finish", "job": "1", "time": 5},
    {"kind": "end", "time": 5, "start": 0, "slots": 4},
]


@st.composite
def run_lines(draw) -> list[str]:
    """A header and a whole run (every kind of record, in order, so each value reaches the figures), then one or
    two fields replaced by a hostile value or dropped, and perhaps a hostile line put somewhere."""
    lines = [json.dumps({"format": "refsim-sim-output", "version": draw(st.sampled_from([1, 2, 3, "2", 9]))})]
    records = [dict(r) for r in RECORDS]
    for _ in range(draw(st.integers(1, 2))):
        record = records[draw(st.integers(0, len(records) - 1))]
        key = draw(st.sampled_from(sorted(record)))
        if draw(st.integers(0, 4)):
            record[key] = draw(VALUES)
        else:
            del record[key]
    lines += [json.dumps(r) for r in records]
    if draw(st.booleans()):
        lines.insert(draw(st.integers(0, len(lines))), draw(st.sampled_from(
            ["", "[" * 200, '{"kind":"end","time":NaN}', '{"kind":"end","time":' + "9" * 400 + "}", "{", "\t"])))
    return lines


def read_whole_run(path: Path) -> None:
    run_metrics(read_run(path), str(path))
    run_jobs(read_run(path), str(path))
    read_output(path)


@settings(max_examples=EXAMPLES)
@given(run_lines(), st.booleans())
def test_a_run_output_is_read_or_refused_in_one_line(lines: list[str], compressed: bool) -> None:
    import gzip

    content = "\n".join(lines).encode()
    with_file("run.jsonl.gz" if compressed else "run.jsonl", gzip.compress(content) if compressed else content,
              read_whole_run)


@settings(max_examples=EXAMPLES)
@given(st.binary(max_size=200))
def test_raw_bytes_as_a_run_output_are_read_or_refused_in_one_line(content: bytes) -> None:
    with_file("run.jsonl", b'{"format":"refsim-sim-output"}\n' + content, read_whole_run)


# --- sweep files -------------------------------------------------------------------------------------------------

AXES = st.sampled_from(["discipline", "time_scale", "hosts", "cluster.hosts[0].slots", "cluster.queues[name=q].x",
                        "cluster.", "bogus", "cluster.hosts[99999999999999999999].slots"])


@st.composite
def sweep_documents(draw) -> object:
    """Mostly a sweep file's shape with hostile parts (each optional key in about one file of three, so a bad value
    in one does not always hide another's); now and then any value at all."""
    document: dict[str, object] = {"recordings": draw(st.one_of(
        st.lists(st.sampled_from(["six-jobs.yaml", "*.yaml", "a\x00b", "", "logs/*.swf", "six-jobs.yaml\x00"]),
                 min_size=1, max_size=2), VALUES))}
    if draw(st.integers(0, 2)) == 0:
        document["axes"] = draw(st.one_of(st.dictionaries(AXES, st.lists(VALUES, max_size=4), max_size=3), VALUES))
    elif draw(st.integers(0, 1)) == 0:
        document["runs"] = draw(st.one_of(st.lists(st.dictionaries(AXES, VALUES, max_size=2), max_size=3), VALUES))
    if draw(st.integers(0, 2)) == 0:
        document["host_template"] = draw(VALUES)
    return document if draw(st.integers(0, 9)) else draw(VALUES)


@settings(max_examples=EXAMPLES)
@given(sweep_documents())
def test_a_sweep_file_is_read_or_refused_in_one_line(document: object) -> None:
    """Read, and its recordings found (the globs matched and the files read), as `sweep` does before a replay."""
    with_file("sweep.yaml", yaml.safe_dump(document, allow_unicode=True).encode(),
              lambda path: resolve_sources(parse_spec(path)))


@settings(max_examples=EXAMPLES)
@given(st.text(max_size=120))
def test_raw_text_as_a_sweep_file_is_read_or_refused_in_one_line(text: str) -> None:
    with_file("sweep.yaml", text.encode("utf-8", "surrogatepass"), parse_spec)


# --- DR_EVT CSV traces -------------------------------------------------------------------------------------------

COLUMNS = ["job_submit_time", "num_nodes", "time_limit", "actual_run_time", "queue", "walltime", "other"]
CELLS = st.one_of(st.sampled_from(["0", "1", "10", "-1", "1e308", "nan", "inf", "2024-01-01T00:00:00", "pbatch",
                                   "", "²", "pb\u202eatch", '"a\nb"', '"', "1.5", "9" * 40]),
                  st.text(max_size=6).map(lambda t: t.replace(",", "").replace("\n", "")))


VALID = {"job_submit_time": ["0", "10", "2024-01-01T00:00:00"], "num_nodes": ["1", "2"], "time_limit": ["10", "60"],
         "actual_run_time": ["5", ""], "queue": ["pbatch", "pdebug"], "walltime": ["10"], "other": ["x"]}


@st.composite
def _row(draw, header: list[str], width: int) -> list[str]:
    """Cells its columns accept, and mostly one hostile cell among them, so the row reaches that cell's check."""
    cells = [draw(st.sampled_from(VALID[header[i] if i < len(header) else "other"])) for i in range(width)]
    if cells and draw(st.integers(0, 3)):
        cells[draw(st.integers(0, width - 1))] = draw(CELLS)
    return cells


@st.composite
def csv_traces(draw) -> str:
    """Mostly the required columns, the queue and some others, in any order, with rows of the header's width; now
    and then any columns and rows of any width."""
    if draw(st.integers(0, 4)):
        extra = draw(st.lists(st.sampled_from(COLUMNS[3:]), max_size=2, unique=True))
        header = draw(st.permutations(list(dict.fromkeys(COLUMNS[:3] + ["queue"] + extra))))
        widths = st.just(len(header))
    else:
        header = draw(st.lists(st.sampled_from(COLUMNS), min_size=1, max_size=6, unique=True))
        widths = st.integers(len(header) - 1, len(header) + 1)
    rows = [draw(_row(header, width)) for width in draw(st.lists(widths, max_size=4))]
    return "\n".join([",".join(header), *(",".join(row) for row in rows)]) + "\n"


@settings(max_examples=EXAMPLES)
@given(csv_traces(), st.booleans())
def test_a_csv_trace_is_read_or_refused_in_one_line(text: str, keep_all_queues: bool) -> None:
    """What the import accepts, the recording loader loads: nothing is accepted, then refused."""
    def imported(path: Path) -> None:
        document = drevt_recording(path, 4, keep_all_queues=keep_all_queues)[0]
        try:
            recording_from(document, "imported.yaml")
        except RefsimError as exc:  # not the import's refusal: a recording it wrote that does not load
            raise AssertionError(f"imported, then refused by the loader: {exc}") from None

    with_file("trace.csv", text.encode(), imported)


@settings(max_examples=EXAMPLES)
@given(st.binary(max_size=200))
def test_raw_bytes_as_a_csv_trace_are_read_or_refused_in_one_line(content: bytes) -> None:
    with_file("trace.csv", b"job_submit_time,num_nodes,time_limit\n" + content,
              lambda path: drevt_recording(path, 4))
