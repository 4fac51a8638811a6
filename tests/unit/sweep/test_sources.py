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
