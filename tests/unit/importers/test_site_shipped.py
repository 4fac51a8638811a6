"""The shipped real site logs (../shared/data/lsf and ../shared/data/slurm): every file imports, replays under
every discipline, and compares with its recorded schedule; every bad file gets one line naming file, line and
field, exit status 2, and nothing written. Skipped, saying why, when the data is absent."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from refsim.cli import main
from refsim.sched.disciplines import DISCIPLINES

DATA = Path(__file__).resolve().parents[4] / "shared/data"
LSF, SLURM = DATA / "lsf", DATA / "slurm"
needs_data = pytest.mark.skipif(not (LSF.is_dir() and SLURM.is_dir()),
                                reason=f"the shipped LSF and Slurm logs are not under {DATA}")
LSF_FILES = ("lsb.events", "lsb.acct", "lsb.acct.16", "lsb.acct.hostfactor", "lsb.acct.numexhosts",
             "lsb.acct.resize")
SLURM_FILES = ("sacct-v2.txt", "sacct-array.txt", "sacct-multinode.txt")


def _import(kind: str, path: Path, out: Path) -> tuple[Path, Path]:
    recording, recorded = out / f"{path.name}.json", out / f"{path.name}.recorded.jsonl"
    result = CliRunner().invoke(main, ["import", kind, str(path), "-o", str(recording), "--recorded", str(recorded)])
    assert result.exit_code == 0, result.output
    return recording, recorded


@needs_data
@pytest.mark.parametrize("discipline", list(DISCIPLINES))  # one test each, so parallel workers share them out
@pytest.mark.parametrize("kind, path", [("lsf", LSF / f) for f in LSF_FILES] + [("slurm", SLURM / f)
                                                                              for f in SLURM_FILES])
def test_every_shipped_file_imports_replays_under_every_discipline_and_compares(tmp_path, kind, path, discipline):
    recording, recorded = _import(kind, path, tmp_path)
    run = tmp_path / f"{discipline}.jsonl"
    result = CliRunner().invoke(main, ["sim", str(recording), "--discipline", discipline, "--sim-output", str(run)])
    assert result.exit_code == 0, result.output
    # every job the site ran also started in the replay (some the site cancelled while pending may start in the
    # replay before their removal: `in B only`), so the starts compare over every job the site ran
    compared = CliRunner().invoke(main, ["diff", str(recorded), str(run)])
    assert compared.exit_code == 0, compared.output
    only = [line for line in compared.output.splitlines() if line.startswith("jobs started in A only")]
    assert only == [] or only[0].startswith("jobs started in A only: 0;")
    assert "starts of jobs started in both (" in compared.output


@needs_data
def test_the_event_log_summary_says_what_was_left_out(tmp_path):
    # lsb.events: 87 jobs, 35 of them forwarded to the other cluster (JOB_FORWARD), so 52 imported
    result = CliRunner().invoke(main, ["import", "lsf", str(LSF / "lsb.events"), "-o", str(tmp_path / "r.json")])
    assert result.exit_code == 0
    assert (f"{tmp_path / 'r.json'}: 52 jobs on 1 host (cluster lsf1-Simulated-On-Prem; hosts from the exec hosts "
            "seen, slots per host = the most used at once; left out: 35 forwarded to another cluster;") in result.output


@needs_data
def test_rotated_accounting_files_are_read_oldest_first(tmp_path):
    # given newest first or oldest first, lsb.acct.16 is read before lsb.acct: the times then never go back
    for order in (["lsb.acct", "lsb.acct.16"], ["lsb.acct.16", "lsb.acct"]):
        result = CliRunner().invoke(main, ["import", "lsf", *(str(LSF / f) for f in order), "-o",
                                           str(tmp_path / "r.json")])
        assert result.exit_code == 0, result.output
        assert f"read {LSF / 'lsb.acct.16'}, {LSF / 'lsb.acct'};" in result.output


@needs_data
@pytest.mark.parametrize("name, where", [
    ("lsb.acct-invalid-record-type", r":2: INVALID field 1 \(record type\): unknown record type 'INVALID'"),
    ("lsb.acct-missing-fields", r":4: JOB_FINISH field 118 \(numGPURusages\): missing: the record ends before it"),
])
def test_each_bad_file_is_one_line_exit_2_and_nothing_written(tmp_path, name, where):
    out, recorded = tmp_path / "r.json", tmp_path / "rec.jsonl"
    result = CliRunner().invoke(main, ["import", "lsf", str(LSF / "bad" / name), "-o", str(out), "--recorded",
                                       str(recorded)])
    assert result.exit_code == 2
    lines = result.output.splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"Error: {LSF / 'bad' / name}:")
    assert re.search(where, lines[0])
    assert list(tmp_path.iterdir()) == []
