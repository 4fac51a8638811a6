"""The workload formats' registry (refsim.importers.formats): recognition by name and first bytes, the formats a
sweep imports on the fly, and readers giving the importers' own documents."""

from pathlib import Path

from refsim.importers.drevt import drevt_recording
from refsim.importers.formats import FORMATS, ON_THE_FLY, format_of, on_the_fly
from refsim.importers.swf import swf_recording

TINY = Path(__file__).resolve().parents[2] / "fixtures/tiny.swf"


def test_a_format_is_recognised_by_its_suffix_in_any_case_or_by_its_first_bytes():
    assert format_of("logs/A.SWF.GZ") is FORMATS["swf"] and format_of("a.swf") is FORMATS["swf"]
    assert format_of("w.csv") is FORMATS["drevt"]
    assert format_of("w.txt", b"\xef\xbb\xbfjob_submit_time,num_nodes,time_limit\n0,1,5\n") is FORMATS["drevt"]
    assert format_of("w.txt", b"time,nodes\n") is None and format_of("r.yaml") is None
    assert FORMATS["swf"].suffix_of("TINY.SWF.GZ") == ".swf.gz" and FORMATS["swf"].suffix_of("r.json") == ""


def test_sweeps_import_on_the_fly_only_the_formats_needing_no_option():
    assert ON_THE_FLY == (FORMATS["swf"],)
    assert on_the_fly("logs/*.swf.gz") is FORMATS["swf"] and on_the_fly("w.csv") is None


def test_the_readers_give_the_importers_documents(tmp_path):
    assert FORMATS["swf"].read(str(TINY), {"jobs": 2}, None).document == swf_recording(TINY, None, 2)
    trace = tmp_path / "w.csv"
    trace.write_text("job_submit_time,num_nodes,time_limit,actual_run_time,queue\n0,1,5,9,pbatch\n1,1,5,1,other\n")
    imported = FORMATS["drevt"].read(str(trace), {"nodes": 2}, None)
    assert imported.document == drevt_recording(trace, 2)[0]
    assert imported.note == " (1 actual run times above their limit, capped)"
    assert len(imported.warnings) == 1 and imported.warnings[0].startswith(f"{trace}: dropped 1 rows whose queue")
