"""--sim-output: each replay's file in runs/, named after its recording, number and key; a replay whose file is
gone runs again."""

from __future__ import annotations

import csv
from pathlib import Path

import pytest

from tests.unit.sweep.conftest import run


def _rows(folder: Path) -> list[dict[str, str]]:
    with open(folder / "results.csv", newline="") as file:
        return list(csv.DictReader(file))


def test_each_replays_file_is_named_after_its_recording_number_and_key(six: Path, monkeypatch: pytest.MonkeyPatch):
    """The six-jobs sweep (6 replays): runs/six-jobs-001-<the key's first 12 digits>.jsonl.gz and so on, the
    recording's suffix left out. Kills: sweep/results.py:ResultsFolder.sim_output_path's suffixes, number width
    and key length mutated."""
    monkeypatch.chdir(six)
    assert run("sweep", "six.yaml", "-o", "out", "-j", "1", "--sim-output").exit_code == 0
    rows = _rows(six / "out")
    assert [r["sim_output"] for r in rows] == [f"runs/six-jobs-{i:03d}-{r['key'][:12]}.jsonl.gz"
                                               for i, r in enumerate(rows, start=1)]
    assert all((six / "out" / r["sim_output"]).is_file() for r in rows)


@pytest.mark.parametrize("name, stem", [("log.swf.gz", "log"), ("r.json", "r"), ("r.yml", "r"), (".yaml", "recording")])
def test_a_recordings_suffix_is_left_out_of_the_name(tmp_path: Path, name: str, stem: str):
    """Kills: sweep/results.py:ResultsFolder.sim_output_path keeping a suffix, or its name for a recording whose
    name is all suffix."""
    from refsim.sweep.expand import Replay
    from refsim.sweep.results import ResultsFolder
    from refsim.sweep.sources import Source

    replay = Replay(12, Source(f"logs/{name}", name, None, b"", "0"), (), "0123456789abcdef")
    path = ResultsFolder(tmp_path / "out", []).sim_output_path(replay)
    assert path == tmp_path / "out" / "runs" / f"{stem}-012-0123456789ab.jsonl.gz"


def test_a_replay_whose_file_is_gone_runs_again(six: Path, monkeypatch: pytest.MonkeyPatch):
    """Kills: sweep/run.py:_kept keeping a row whose --sim-output file was deleted, and results.py:has_sim_output."""
    monkeypatch.chdir(six)
    assert run("sweep", "six.yaml", "-o", "out", "-j", "1", "--sim-output").exit_code == 0
    (six / "out" / _rows(six / "out")[2]["sim_output"]).unlink()
    again = run("sweep", "six.yaml", "-o", "out", "-j", "1", "--sim-output")
    assert again.stdout.splitlines()[0] == "sweep six.yaml: 6 replays: 1 run, 5 skipped (results exist), 0 failed"
    assert all((six / "out" / r["sim_output"]).is_file() for r in _rows(six / "out"))
    without = run("sweep", "six.yaml", "-o", "out", "-j", "1")  # files not asked for: every result stands
    assert without.stdout.splitlines()[0] == "sweep six.yaml: 6 replays: 0 run, 6 skipped (results exist), 0 failed"


def test_a_kept_file_carries_no_compression_time(six: Path, monkeypatch: pytest.MonkeyPatch):
    """The gzip header's modification time (bytes 4-7) is 0, so the same records compress to the same bytes
    whenever and wherever a replay runs. Kills: sweep/tasks.py:_replay compressing with another mtime."""
    monkeypatch.chdir(six)
    assert run("sweep", "six.yaml", "-o", "out", "-j", "1", "--sim-output").exit_code == 0
    for row in _rows(six / "out"):
        data = (six / "out" / row["sim_output"]).read_bytes()
        assert data[:2] == b"\x1f\x8b" and data[4:8] == b"\0\0\0\0"
