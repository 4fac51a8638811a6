"""The site formats' entries: LSF files are known by their first record, sweeps never import either on the fly,
and reading through the entry gives what the importer gives."""

from refsim.importers.formats import FORMATS, ON_THE_FLY, format_of, on_the_fly
from refsim.importers.lsf import lsf_import
from refsim.importers.site import RunLimitChoice
from tests.support.lsf import job_finish, job_new, log


def test_an_lsf_file_is_known_by_its_first_record_not_its_name():
    assert format_of("lsb.events", log(job_new(1, 0)).encode()) is FORMATS["lsf"]
    assert format_of("lsb.acct.3", job_finish(1, submit=0, start=0, end=1, hosts=["h"]).encode()) is FORMATS["lsf"]
    assert format_of("lsb.acct", b"JOB_FINISH without quotes\n") is None


def test_sweeps_import_neither_site_format_on_the_fly():
    assert FORMATS["lsf"] not in ON_THE_FLY and FORMATS["slurm"] not in ON_THE_FLY
    assert on_the_fly("lsb.events") is None and on_the_fly("sacct.txt") is None


def test_the_entry_reads_every_file_given_and_keeps_the_recorded_schedule(tmp_path):
    # two rotated accounting files: job 1 in lsb.acct.1 (older), job 2 in lsb.acct
    (tmp_path / "lsb.acct.1").write_text(job_finish(1, submit=0, start=1, end=5, hosts=["h"]) + "\n")
    (tmp_path / "lsb.acct").write_text(job_finish(2, submit=6, start=7, end=9, hosts=["h"]) + "\n")
    files = (str(tmp_path / "lsb.acct"), str(tmp_path / "lsb.acct.1"))
    imported = FORMATS["lsf"].read(files[0], {"files": files}, None)
    expected = lsf_import(files, None, "UTC", RunLimitChoice())
    assert (imported.document, imported.warnings, imported.note, imported.recorded) == expected
    assert [r.job for r in imported.recorded] == ["1", "2"]
