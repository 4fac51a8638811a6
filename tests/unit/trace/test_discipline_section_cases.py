"""Discipline sections no other case shows: shared resources extra at a planned start, and a conservative-drevt
backfill, each worked out by hand."""

from __future__ import annotations

from tests.support.console import console_lines, trace_lines

# easy; n has 10 slots and 3 lic shared. Job 1 (7 slots, 1 lic) runs until its run limit ends at 200. Job 2 (9
# slots, 1 lic) does not fit in the 3 free slots: at t=200 job 1's release frees its 7 slots and 1 lic, so job 2
# reserves n: 9 slots and 1 lic from 200 to 200 + 300 = 500, leaving 10 - 9 = 1 slot and 3 - 1 = 2 lic extra.
SHARED_EXTRA = ("scheduling: {discipline: easy}\ncluster:\n  hosts:\n    - {name: n, slots: 10}\n  shared:\n"
                "    lic: 3\nevents:\n"
                "  - {time: 0, submit: {id: 1, tasks: 7, run_time: 200, run_limit: 200, resreq: 'rusage[lic=1]'}}\n"
                "  - {time: 0, submit: {id: 2, tasks: 9, run_time: 300, run_limit: 300, resreq: 'rusage[lic=1]'}}\n")

# conservative-drevt on two one-slot hosts. Job 1 takes h1 until t=100; job 2 (both hosts) waits: its independent
# planned start is 100. Job 3 (one slot, run limit 50) fits on h2 now and ends at 50 < 100, so it is backfilled.
DREVT = ("scheduling: {discipline: conservative-drevt}\ncluster:\n  hosts:\n    - {name: h1, slots: 1}\n"
         "    - {name: h2, slots: 1}\nevents:\n"
         "  - {time: 0, submit: {id: 1, tasks: 1, run_time: 100, run_limit: 100}}\n"
         "  - {time: 0, submit: {id: 2, tasks: 2, run_time: 10, run_limit: 10}}\n"
         "  - {time: 0, submit: {id: 3, tasks: 1, run_time: 50, run_limit: 50}}\n")


def test_shared_resources_extra_at_the_planned_start_follow_the_hosts():
    """Kills: refsim/trace/discipline.py:extra_parts the shared part dropped, its `; ` separator after the hosts
    lost (`["; "] if parts` negated), or its `shared ` label changed."""
    block = trace_lines(console_lines(SHARED_EXTRA, ["trace on 2", "step 2"]), "2", 1)
    assert block[4:9] == [
        "  backfill reservation: planned start t=200, until t=500 (run limit 300)",
        "    found from the running jobs released at start + run limit, in order:",
        "      job 1: t=0 + run limit 200 = t=200, frees n: slots 7; shared lic 1",
        "    reserved allocation: n: slots 9; shared lic 1",
        "    extra resources at the planned start: n: slots 1; shared lic 2"]


def test_a_conservative_drevt_backfill_says_it_ends_before_every_planned_start_ahead():
    """Kills: refsim/trace/discipline.py:verdict the conservative-drevt wording of an ends-before start (the
    discipline name test negated or its text changed): it names no single reservation, as the planned starts
    ahead are independent ones. Strictly before: 50 < 100."""
    block = trace_lines(console_lines(DREVT, ["trace on 3", "step 3"]), "3", 1)
    assert block[3:7] == [
        "discipline conservative-drevt at t=0: run limit 50; fits now: yes (see the requirement, plan and host "
        "sections below)",
        "  independent planned starts of the jobs ahead (from the running jobs alone):",
        "    job 2: planned start t=100; ends before it: t=0 + run limit 50 = t=50 < t=100: yes",
        "  verdict: backfilled: ends before every independent planned start ahead"]


def test_more_than_twenty_running_jobs_released_are_listed_twenty_then_counted():
    """Kills: refsim/trace/discipline.py:reservation_lines the noun "running jobs" of the count line mutated
    (`str->XX`). easy on 22 one-slot hosts: jobs 1-22 each take one host until t=100+i; job 23 needs all 22 hosts,
    so its planned start is t=122, once every one has been released, in the order of their ends: 20 are listed
    (MAX_LISTED), the last 2 counted."""
    hosts = "".join(f"    - {{name: h{i:02d}, slots: 1}}\n" for i in range(1, 23))
    text = ("scheduling: {discipline: easy}\ncluster:\n  hosts:\n" + hosts + "events:\n" + "".join(
        f"  - {{time: 0, submit: {{id: {i}, tasks: 1, run_time: {100 + i}, run_limit: {100 + i}}}}}\n"
        for i in range(1, 23)) + "  - {time: 0, submit: {id: 23, tasks: 22, run_time: 10, run_limit: 10}}\n")
    block = trace_lines(console_lines(text, ["trace on 23", "step 23"]), "23", 1)
    assert block[4:27] == [
        "  backfill reservation: planned start t=122, until t=132 (run limit 10)",
        "    found from the running jobs released at start + run limit, in order:"] + [
        f"      job {i}: t=0 + run limit {100 + i} = t={100 + i}, frees h{i:02d}: slots 1" for i in range(1, 21)] + [
        "      and 2 more running jobs"]


def test_more_than_twenty_jobs_ahead_are_listed_twenty_then_counted():
    """Kills: refsim/trace/discipline.py:backfill_lines the noun "jobs ahead" of the count line mutated (`str->XX`).
    conservative-drevt as in DREVT, with jobs 2-23 all needing both hosts: each one's independent planned start is
    t=100 (job 1's end). Job 24 (limit 50) ends before each (50 < 100): 20 listed, 2 counted."""
    text = DREVT.split("  - {time: 0, submit: {id: 2,")[0] + "".join(
        f"  - {{time: 0, submit: {{id: {i}, tasks: 2, run_time: 10, run_limit: 10}}}}\n" for i in range(2, 24)) + (
        "  - {time: 0, submit: {id: 24, tasks: 1, run_time: 50, run_limit: 50}}\n")
    block = trace_lines(console_lines(text, ["trace on 24", "step 24"]), "24", 1)
    assert block[4:27] == [
        "  independent planned starts of the jobs ahead (from the running jobs alone):"] + [
        f"    job {i}: planned start t=100; ends before it: t=0 + run limit 50 = t=50 < t=100: yes"
        for i in range(2, 22)] + [
        "    and 2 more jobs ahead",
        "  verdict: backfilled: ends before every independent planned start ahead"]


def test_under_strict_a_job_that_does_not_fit_waits_behind_the_first_that_did_not():
    """Kills: refsim/trace/discipline.py:_held the strict "does not fit now; waits behind job" text mutated
    (`str->XX`). On n (20 slots) job 1 takes 12; job 2 (10) does not fit in 8 and is the first that did not; job 3
    (9) does not fit either and waits behind job 2."""
    text = ("scheduling: {discipline: strict}\ncluster:\n  hosts:\n    - {name: n, slots: 20}\nevents:\n"
            "  - {time: 0, submit: {id: 1, tasks: 12, run_time: 50, run_limit: 50}}\n"
            "  - {time: 0, submit: {id: 2, tasks: 10, run_time: 200, run_limit: 200}}\n"
            "  - {time: 0, submit: {id: 3, tasks: 9, run_time: 100, run_limit: 100}}\n")
    block = trace_lines(console_lines(text, ["trace on 3", "step 3"]), "3", 1)
    assert block[4:6] == [
        "  waits behind job 2, the first job of this session that did not fit (strict FCFS: no backfilling)",
        "  verdict: not started: does not fit now; waits behind job 2"]


def test_a_job_larger_than_the_cluster_holds_no_reservation():
    """Kills: refsim/trace/discipline.py:_held the last verdict text mutated (`str->XX`). Job 2 needs 3 tasks on two
    one-slot hosts: it fits neither now nor once job 1 has ended, so it gets no backfill reservation."""
    text = ("scheduling: {discipline: conservative-drevt}\ncluster:\n  hosts:\n    - {name: h1, slots: 1}\n"
            "    - {name: h2, slots: 1}\nevents:\n"
            "  - {time: 0, submit: {id: 1, tasks: 1, run_time: 100, run_limit: 100}}\n"
            "  - {time: 0, submit: {id: 2, tasks: 3, run_time: 10, run_limit: 10}}\n")
    block = trace_lines(console_lines(text, ["trace on 2", "step 2"]), "2", 1)
    assert block[3:5] == [
        "discipline conservative-drevt at t=0: run limit 10; fits now: no (see the requirement, plan and host "
        "sections below)",
        "  verdict: not started: does not fit now, nor once every running job has ended: no backfill reservation"]
