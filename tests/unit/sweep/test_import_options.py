"""A sweep's SWF log is imported with the options its entry gives, as `refsim import swf` would import it."""

from __future__ import annotations

from pathlib import Path

from refsim.importers.swf import swf_recording
from refsim.sweep.sources import base_document, resolve_sources
from refsim.sweep.spec import ImportOptions, parse_spec
from tests.unit.sweep.conftest import TINY_SWF


def test_the_host_count_and_job_count_of_an_import(tmp_path: Path, monkeypatch):
    """tiny.swf says MaxNodes 4; `import: {hosts: 8, jobs: 3}` imports it on 8 hosts with its first 3 jobs, the
    document `refsim import swf --hosts 8 --jobs 3` writes. Kills: spec.py _entry reading the hosts option under
    another name (ignored: the log's 4 hosts)."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "tiny.swf").write_bytes(TINY_SWF.read_bytes())
    (tmp_path / "s.yaml").write_text("recordings: [{path: tiny.swf, import: {hosts: 8, jobs: 3}}]\n")
    spec = parse_spec(tmp_path / "s.yaml")
    assert spec.recordings[0].options == ImportOptions(8, 3, None)
    (source,) = resolve_sources(spec)
    document = base_document(source)
    assert len(document["cluster"]["hosts"]) == 8 and len(document["events"]) == 3
    assert document == swf_recording(str(tmp_path / "tiny.swf"), 8, 3)


def test_a_time_scale_import_option_without_the_axis_is_used(tmp_path: Path, monkeypatch):
    """`import: {time_scale: 0.5}` with no time_scale axis replays the log at half its submit times: the mean wait
    of test_sweep's time_scale 0.5 replay of the same 4 jobs, 71.875 s. (Only the option and the axis together are
    refused.) Kills: expand.py _check_values refusing the option when the axis is absent."""
    from tests.unit.sweep.conftest import run
    monkeypatch.chdir(tmp_path)
    (tmp_path / "tiny.swf").write_bytes(TINY_SWF.read_bytes())
    (tmp_path / "s.yaml").write_text("recordings: [{path: tiny.swf, import: {jobs: 4, time_scale: 0.5}}]\n")
    result = run("sweep", "s.yaml", "-o", "out", "-j", "1")
    assert result.exit_code == 0, result.output
    rows = (tmp_path / "out" / "results.jsonl").read_text().splitlines()
    assert len(rows) == 1 and '"wait_mean": 71.875' in rows[0]


def test_a_time_scale_both_as_axis_and_import_option_is_refused(tmp_path: Path, monkeypatch):
    """Kills: expand.py _check_values's message changed."""
    from tests.unit.sweep.conftest import run
    monkeypatch.chdir(tmp_path)
    (tmp_path / "tiny.swf").write_bytes(TINY_SWF.read_bytes())
    (tmp_path / "s.yaml").write_text("recordings: [{path: tiny.swf, import: {time_scale: 0.5}}]\n"
                                     "axes: {time_scale: [1, 2]}\n")
    result = run("sweep", "s.yaml", "-o", "out", "-j", "1")
    assert result.exit_code == 2 and not (tmp_path / "out").exists()
    assert result.stderr == "Error: s.yaml: axes: time_scale is both an axis and an import option of tiny.swf; " \
                            "give one\n"
