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
