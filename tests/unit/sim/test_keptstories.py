"""Which jobs' pends KeptStories keeps (sim/keptstories.py): those that could be among the `top` longest waits,
the jobs named, and every job that has not started; and the pends it keeps read as `_pend` reads them."""

from __future__ import annotations

from refsim.report.runfile import read_run
from refsim.sim.keptstories import KeptStories
from refsim.sim.story import _pend
from tests.support.runfiles import write_run
from tests.unit.sim.test_storyindex import _dispatch


def _pend_record(job: str, time: float, count: object) -> dict[str, object]:
    return {"kind": "pend", "job": job, "time": time,
            "reasons": [{"code": "resource-shortfall", "detail": "slots", "hosts": "a,b", "count": count}]}


# All five submitted at 0. Job 1 starts at 0 (wait 0); 2 and 3 at 10 (wait 10); 5 at 12 (wait 12); 4 never.
RECORDS = [
    *({"kind": "submit", "job": str(j), "queue": "normal", "time": 0} for j in range(1, 6)),
    _dispatch("1", 0, "a"), *(_pend_record(str(j), 0, 2) for j in (2, 3, 4, 5)),
    _dispatch("2", 10, "a"), _dispatch("3", 10, "b"), _pend_record("4", 10, 2.0), _pend_record("5", 10, 2),
    _dispatch("5", 12, "a"), {"kind": "end", "time": 12, "start": 0, "slots": 2}]


def _kept(tmp_path, top: int, named: tuple[str, ...] = ()) -> KeptStories:
    run = write_run(tmp_path / "run.jsonl", RECORDS)
    kept = KeptStories(run, top, named)
    for record in read_run(run):
        kept.add(record)
    return kept


def test_the_longest_waits_and_the_unstarted_are_kept(tmp_path):
    """top 1: job 1 (wait 0) is let go once job 2's wait of 10 is the longest and 3 (tying 2 at 10, so kept)
    makes three kept jobs, more than twice top; 5's wait of 12 then passes 2 and 3; 4 never started."""
    kept = _kept(tmp_path, 1)
    assert [job for job in "12345" if kept.kept(job)] == ["4", "5"]
    assert kept.kept("99")  # not in the run: nothing to tell, nothing missing


def test_a_named_job_is_kept_whatever_its_wait(tmp_path):
    kept = _kept(tmp_path, 1, ("1",))
    assert kept.kept("1") and kept.pends("1") == []  # job 1 never pended: kept, with no pends


def test_kept_pends_read_as_pend_reads_them_count_types_and_all(tmp_path):
    """Job 4's second pend repeats its first but for a count of 2.0, which reads "(2.0 hosts)", not "(2 hosts)"."""
    kept = _kept(tmp_path, 1)
    records = [r for r in RECORDS if r["kind"] == "pend" and r["job"] == "4"]
    assert kept.pends("4") == [_pend(r) for r in records]
    assert [p.reasons for p in kept.pends("4")] == [("resource-shortfall: slots on a,b (2 hosts)",),
                                                      ("resource-shortfall: slots on a,b (2.0 hosts)",)]
    assert kept.pends("5") == [_pend(r) for r in RECORDS if r["kind"] == "pend" and r["job"] == "5"]
