"""The recordings a sweep names: each file replayed once however often it is named, files that are not
recordings refused with one line before anything runs, and the time scale applied to a recording's events."""

from __future__ import annotations

import csv
from pathlib import Path

import pytest

from tests.unit.sweep.conftest import run

# Two one-slot hosts; job 1 submitted at 0 and job 2 at 4, each running 10 s: both start as submitted, so the run
# spans 0..14 with 20 slot-seconds used of 2 x 14 (71.4%). At time scale 0.5 job 2 is submitted at 2: the run spans
# 0..12, 20 of 2 x 12 slot-seconds (83.3%), makespan 12.
TWO = """
cluster:
  hosts: [{name: a, slots: 1}, {name: b, slots: 1}]
events:
  - {time: 0, submit: {id: 1, run_time: 10}}
  - {time: 4, submit: {id: 2, run_time: 10}}
"""


@pytest.fixture
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "two.yaml").write_text(TWO)
    return tmp_path


def sweep(folder: Path, text: str):
    (folder / "s.yaml").write_text(text)
    return run("sweep", "s.yaml", "-o", "out", "-j", "1")


def rows(folder: Path) -> list[dict[str, str]]:
    with open(folder / "out" / "results.csv", newline="") as file:
        return list(csv.DictReader(file))


def test_a_recording_named_three_ways_is_replayed_once(folder: Path):
    """`two.yaml`, `./two.yaml` and `{path: two.yaml}` name the same file: one replay. Kills: sweep/sources.py:
    resolve_sources's skipping of a file already read, and spec.py:_entry's reading of a {path: ...} entry
    without import options."""
    result = sweep(folder, "recordings: [two.yaml, ./two.yaml, {path: two.yaml}]\n")
    assert result.exit_code == 0
    assert result.stdout.splitlines()[0] == "sweep s.yaml: 1 replays: 1 run, 0 skipped (results exist), 0 failed"
    assert [(r["replay"], r["recording"], r["jobs"]) for r in rows(folder)] == [("1", "two.yaml", "2")]


def test_two_files_with_the_same_content_are_replayed_once(folder: Path):
    """copy.yaml holds the same bytes as two.yaml: the same content under the same parameters has the same key,
    so it is replayed once, under the first name listed. Kills: sweep/expand.py:expand's keeping
    of each key once (the copy would be a second replay)."""
    (folder / "copy.yaml").write_text(TWO)
    result = sweep(folder, "recordings: [two.yaml, copy.yaml]\n")
    assert result.exit_code == 0
    assert [(r["replay"], r["recording"]) for r in rows(folder)] == [("1", "two.yaml")]


@pytest.mark.parametrize("content, problem", [
    (b"\xff\xfe", "is not UTF-8 text"),
    (b"[1, 2]\n", "expected a mapping, found a list"),
])
def test_a_file_that_is_no_recording_is_refused_before_anything_runs(folder: Path, content: bytes, problem: str):
    """Kills: sweep/sources.py:base_document's refusal of a file that is not UTF-8 text (dropped or its text
    mutated), and of a document that is not a mapping (left to fail later)."""
    (folder / "bad.yaml").write_bytes(content)
    result = sweep(folder, "recordings: [bad.yaml]\n")
    assert result.exit_code == 2 and result.stdout == ""
    assert result.stderr == f"Error: bad.yaml: {problem}\n"
    assert not (folder / "out").exists()


@pytest.mark.parametrize("text, where", [
    ("axes: {'cluster.hosts[name=a].slots': [2, null]}", "axes.cluster.hosts[name=a].slots[1]"),
    ("runs: [{'cluster.hosts[name=a].slots': null}]", "runs[0].cluster.hosts[name=a].slots"),
])
def test_an_override_without_a_value_is_refused(folder: Path, text: str, where: str):
    """Kills: sweep/spec.py:value_of's refusal of an empty override value (which would set the field to nothing)."""
    result = sweep(folder, f"recordings: [two.yaml]\n{text}\n")
    assert result.exit_code == 2
    assert result.stderr == f"Error: s.yaml: {where}: an override needs a value\n"


def test_the_time_scale_multiplies_a_recordings_event_times(folder: Path):
    """Figures worked out at TWO. Kills: sweep/variant.py:variant's time scale not applied to a recording (only an
    SWF log's importer would scale its times)."""
    assert sweep(folder, "recordings: [two.yaml]\naxes: {time_scale: [1, 0.5]}\n").exit_code == 0
    assert [(r["time_scale"], r["makespan"], r["utilisation"][:6]) for r in rows(folder)] == [
        ("1.0", "14.0", "0.7142"), ("0.5", "12.0", "0.8333")]


def test_a_recording_without_events_takes_a_time_scale(folder: Path):
    """A recording with a cluster and no events has nothing to scale: its replay runs and measures no job.
    Kills: sweep/variant.py:with_time_scale's return of a document without an events list."""
    (folder / "quiet.yaml").write_text("cluster:\n  hosts: [{name: a, slots: 1}]\n")
    assert sweep(folder, "recordings: [quiet.yaml]\naxes: {time_scale: [2]}\n").exit_code == 0
    assert [(r["status"], r["jobs"], r["decisions"], r["utilisation"]) for r in rows(folder)] == [
        ("ok", "0", "0", "0.0")]


def test_a_glob_skips_only_the_files_already_named(folder: Path):
    """recs/b.yaml is named first, then the glob recs/*.yaml matches a, b and c (sorted): b is not read twice,
    and c after it is still replayed. Kills: sweep/sources.py:resolve_sources stopping at the first file already
    read (`continue` -> `break`), which would drop c."""
    (folder / "recs").mkdir()
    for second, name in enumerate(("a", "b", "c"), start=1):  # different contents: each is a replay of its own
        (folder / "recs" / f"{name}.yaml").write_text(TWO.replace("time: 4,", f"time: {second},"))
    assert sweep(folder, "recordings: [recs/b.yaml, 'recs/*.yaml']\n").exit_code == 0
    assert [r["recording"] for r in rows(folder)] == ["recs/b.yaml", "recs/a.yaml", "recs/c.yaml"]
