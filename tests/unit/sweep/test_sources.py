"""A sweep's recordings as sources: an SWF log is imported from the bytes a task carries, compressed or not."""

from __future__ import annotations

import gzip

from refsim.importers.swf import swf_recording
from refsim.sweep.sources import Source, base_document
from refsim.sweep.spec import ImportOptions
from tests.unit.sweep.conftest import TINY_SWF


def test_a_compressed_swf_log_is_imported_as_the_plain_one():
    """The same log as tiny.swf and gzip-compressed as tiny.swf.gz (any case of the suffix) gives the very
    document `refsim import swf` gives for tiny.swf. Kills: sweep/sources.py:base_document's test of a
    compressed log by its .gz suffix (the compressed bytes would be read as text)."""
    plain = TINY_SWF.read_bytes()
    expected = swf_recording(TINY_SWF)
    for name in ("tiny.swf", "tiny.swf.gz", "TINY.SWF.GZ"):
        content = gzip.compress(plain) if name.lower().endswith(".gz") else plain
        assert base_document(Source(name, f"logs/{name}", ImportOptions(), content, "0")) == expected, name


def test_a_double_star_glob_matches_recordings_at_any_depth(tmp_path, monkeypatch):  # type: ignore[no-untyped-def]
    """`recs/**/*.yaml` matches recs/a.yaml and recs/deep/er/c.yaml as well as recs/sub/b.yaml (** is any number
    of folders, none included), sorted by path. Kills: sweep/sources.py:resolve_sources's recursive glob (without
    it ** is one folder level, and only recs/sub/b.yaml would match)."""
    import csv

    from tests.unit.sweep.conftest import run

    monkeypatch.chdir(tmp_path)
    one_job = "cluster:\n  hosts: [{name: a, slots: 1}]\nevents:\n  - {time: 0, submit: {id: 1, run_time: %d}}\n"
    for number, name in enumerate(("recs/a.yaml", "recs/sub/b.yaml", "recs/deep/er/c.yaml"), start=1):
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(one_job % number)  # other contents: three replays
    (tmp_path / "s.yaml").write_text("recordings: ['recs/**/*.yaml']\n")
    assert run("sweep", "s.yaml", "-o", "out", "-j", "1").exit_code == 0
    with open(tmp_path / "out" / "results.csv", newline="") as file:
        assert [r["recording"] for r in csv.DictReader(file)] == ["recs/a.yaml", "recs/deep/er/c.yaml",
                                                                  "recs/sub/b.yaml"]
