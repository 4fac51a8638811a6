"""Discipline-section words no other case shows in full, each on a recording small enough to work out by hand."""

from __future__ import annotations

import pytest

from refsim.model.jobid import JobId
from refsim.sched.events import RequirementSkipped, VerdictKind
from refsim.trace import text
from refsim.trace.decision import DecisionRecord, Uncaptured
from refsim.trace.decision import Totals as DecisionTotals
from refsim.trace.discipline import Section
from refsim.trace.records import Line, Totals
from refsim.trace.settings import Level
from tests.support.console import console_lines, trace_lines
from tests.support.scenario import cluster, host

# easy on one host n (10 slots), with a host-scoped limit on n and a cluster-wide one, both per user and high enough
# never to bind. Job 1 (7 slots) runs until its run limit ends at 200. Job 2 (9 slots) does not fit in the 3 free
# slots: at t=200 job 1's release frees n, so job 2 reserves n's 9 slots from 200 to 200 + 300 = 500.
LIMITS = ("scheduling: {discipline: easy}\ncluster:\n  hosts:\n    - {name: n, slots: 10}\n"
          "  limits:\n    - {name: hostcap, hosts: [n], per_user: all, resources: {slots: 20}}\n"
          "    - {name: usercap, per_user: all, resources: {slots: 30}}\nevents:\n"
          "  - {time: 0, submit: {id: 1, tasks: 7, run_time: 200, run_limit: 200}}\n"
          "  - {time: 0, submit: {id: 2, tasks: 9, run_time: 300, run_limit: 300}}\n")

# easy-drevt on two one-slot hosts: job 1 takes h1 until t=100, job 2 (both hosts) reserves them from t=100, and
# job 3 (one slot, run limit 50) fits on h2 now and ends at 50, strictly before 100.
DREVT_EASY = ("scheduling: {discipline: easy-drevt}\ncluster:\n  hosts:\n    - {name: h1, slots: 1}\n"
              "    - {name: h2, slots: 1}\nevents:\n"
              "  - {time: 0, submit: {id: 1, tasks: 1, run_time: 100, run_limit: 100}}\n"
              "  - {time: 0, submit: {id: 2, tasks: 2, run_time: 10, run_limit: 10}}\n"
              "  - {time: 0, submit: {id: 3, tasks: 1, run_time: 50, run_limit: 50}}\n")


def _queue_behind_h1(discipline: str, waiting: int, last: int, last_limit: int) -> str:
    """Two one-slot hosts: job 1 takes h1 until t=100, jobs 2 to `waiting` + 1 each need both hosts for 10, then job
    `last` needs one slot for `last_limit`."""
    jobs = "".join(f"  - {{time: 0, submit: {{id: {i}, tasks: 2, run_time: 10, run_limit: 10}}}}\n"
                   for i in range(2, waiting + 2))
    return (f"scheduling: {{discipline: {discipline}}}\ncluster:\n  hosts:\n    - {{name: h1, slots: 1}}\n"
            "    - {name: h2, slots: 1}\nevents:\n"
            "  - {time: 0, submit: {id: 1, tasks: 1, run_time: 100, run_limit: 100}}\n" + jobs
            + f"  - {{time: 0, submit: {{id: {last}, tasks: 1, run_time: {last_limit}, run_limit: {last_limit}}}}}\n")


def test_a_release_and_a_reservation_list_their_limit_charges_host_scoped_first():
    """Kills: refsim/trace/discipline.py:allocation_parts the limit charges of an allocation dropped or reordered,
    their `; limit charges: ` label or `, ` separator mutated (`str->XX`, the first-charge test `i == 0` negated
    or compared with 1), or the charge's own text changed. Each allocation is charged its slots once under
    hostcap (scope: the host and the user) and once under usercap (the user): 7 for job 1's release, 9 for job
    2's reservation; the host's charges come before the cluster-wide ones. The reservation is shown once, before
    the verdict (refsim/trace/discipline.py:section: the second place, for a start planned now, not taken: its
    `and` turned into `or`)."""
    block = trace_lines(console_lines(LIMITS, ["trace on 2", "step 2"]), "2", 1)
    assert block[4:11] == [
        "  backfill reservation: planned start t=200, until t=500 (run limit 300)",
        "    found from the running jobs released at start + run limit, in order:",
        "      job 1: t=0 + run limit 200 = t=200, frees n: slots 7; limit charges: hostcap[hosts=n,user=user] slots "
        "7, usercap[user=user] slots 7",
        "    reserved allocation: n: slots 9; limit charges: hostcap[hosts=n,user=user] slots 9, usercap[user=user] "
        "slots 9",
        "    extra resources at the planned start: n: slots 1",
        "  verdict: not started: does not fit now; holds the backfill reservation",
        "requirement: single, tasks min 9 max 9, requests slots only: not satisfied"]


def test_an_easy_drevt_backfill_ends_strictly_before_the_planned_start_it_protects():
    """Kills: refsim/trace/discipline.py:verdict the word "before" of an ends-before start under easy-drevt mutated
    (`str->XX`) or swapped with textbook EASY's "by" (`ev.inclusive` negated). 0 + 50 = 50 < 100."""
    block = trace_lines(console_lines(DREVT_EASY, ["trace on 3", "step 3"]), "3", 1)
    assert block[3:7] == [
        "discipline easy-drevt at t=0: run limit 50; fits now: yes (see the requirement, plan and host sections "
        "below)",
        "  must not delay the backfill reservation of job 2: planned start t=100",
        "  ends before the planned start: t=0 + run limit 50 = t=50 < t=100: yes",
        "  verdict: backfilled: ends before the planned start of job 2"]


def test_exactly_twenty_jobs_ahead_are_all_listed_with_no_count_line():
    """Kills: refsim/trace/discipline.py:_listed the count line written at exactly MAX_LISTED items (`>` turned
    into `>=`: "and 0 more jobs ahead"). conservative-drevt on two one-slot hosts: job 1 takes h1 until t=100;
    jobs 2-21 each need both hosts, so each independent planned start is t=100; job 22 (limit 50) ends at 50 < 100
    before each of the 20."""
    text = _queue_behind_h1("conservative-drevt", 20, 22, 50)
    block = trace_lines(console_lines(text, ["trace on 22", "step 22"]), "22", 1)
    assert block[4:26] == [
        "  independent planned starts of the jobs ahead (from the running jobs alone):"] + [
        f"    job {i}: planned start t=100; ends before it: t=0 + run limit 50 = t=50 < t=100: yes"
        for i in range(2, 22)] + [
        "  verdict: backfilled: ends before every independent planned start ahead"]


def test_a_discipline_section_longer_than_the_bound_is_cut_there_and_keeps_no_body_line(monkeypatch):
    """Kills: refsim/trace/text.py:text_trace the room left for the body floored at 1 instead of 0 (`0->1`), or
    the discipline lines not cut at the bound. The discipline section comes first in the bounded sections
    (docs/trace.md): 53 discipline lines and 4 body lines (four skipped requirements) under a bound of 50 keep the
    first 50 discipline lines and no body line, and count 3 + 4 = 7 omitted, on top of the 2 lines of the two
    items the record only counted (a requirement and a check past its own bound: one line each)."""
    own = tuple(Line(2, (f"discipline line {i}",)) for i in range(1, 54))
    counters = (("running jobs released", 3), ("earlier backfill reservations", 0), ("jobs ahead", 0))
    monkeypatch.setattr(text.discipline, "section", lambda ruling, unit_of: Section(own, counters, None))
    body = tuple(RequirementSkipped(()) for _ in range(4))
    verdicts = {k: 0 for k in VerdictKind}
    record = DecisionRecord(JobId(7), 1, 1, Level.SUMMARY, 50, None, None, body, {}, {}, {}, Uncaptured(2, 0, 0, 0, 0),
                            DecisionTotals(1, 0, verdicts), ruling=object(), decision=None)  # type: ignore[arg-type]
    trace = text.text_trace(record, cluster(host("a")))
    assert trace.discipline == own[:50]
    assert trace.body == ()
    assert trace.omitted == 2 + 4 + 3
    assert trace.totals == Totals(1, 0, tuple(verdicts.items()), counters)


def test_extra_resources_on_several_hosts_are_listed_host_by_host():
    """Kills: refsim/trace/discipline.py:extra_parts the `; ` between the hosts of the extra resources mutated
    (`str->XX`). easy on four one-slot hosts: job 1 (3 tasks, limit 100) takes h1-h3; job 2 (2 tasks) does not fit
    in h4 alone and reserves from t=100 the first two hosts job 1 frees (best fit: h1, h2), leaving h3 and h4
    extra at the planned start."""
    text = ("scheduling: {discipline: easy}\ncluster:\n  hosts:\n" + "".join(
        f"    - {{name: h{i}, slots: 1}}\n" for i in range(1, 5)) + "events:\n"
        "  - {time: 0, submit: {id: 1, tasks: 3, run_time: 100, run_limit: 100}}\n"
        "  - {time: 0, submit: {id: 2, tasks: 2, run_time: 10, run_limit: 10}}\n")
    block = trace_lines(console_lines(text, ["trace on 2", "step 2"]), "2", 1)
    assert block[6:9] == [
        "      job 1: t=0 + run limit 100 = t=100, frees h1: slots 1; h2: slots 1; h3: slots 1",
        "    reserved allocation: h1: slots 1; h2: slots 1",
        "    extra resources at the planned start: h3: slots 1; h4: slots 1"]


def test_a_truncated_trace_without_a_reservation_counts_no_release_and_no_earlier_reservation():
    """Kills: refsim/trace/discipline.py:section the counters of a job without a backfill reservation counted 1
    (`0->1`) instead of 0. easy on 60 one-slot hosts with 1G of mem each: job 1 asks for 2G, so every host is
    rejected (60 host lines at level full, past the bound of 50) and it can never be placed: no reservation, no
    running job released, no earlier reservation, and easy lists no jobs ahead."""
    text = ("scheduling: {discipline: easy}\ncluster:\n  hosts:\n" + "".join(
        f"    - {{name: h{i:02d}, slots: 1, mem: 1G}}\n" for i in range(1, 61)) + "events:\n"
        "  - {time: 0, submit: {id: 1, run_time: 10, run_limit: 10, resreq: 'rusage[mem=2G]'}}\n")
    block = trace_lines(console_lines(text, ["trace on 1 level full lines 50", "step"]), "1", 1)
    assert "  verdict: not started: does not fit now, nor once every running job has ended: no backfill reservation" \
        in block
    totals = next(line for line in block if line.startswith("decision totals:"))
    assert totals.endswith("; discipline: running jobs released 0, earlier backfill reservations 0, jobs ahead 0")


def test_more_than_twenty_earlier_reservations_are_listed_twenty_then_counted():
    """Kills: refsim/trace/discipline.py:backfill_lines and reservation_lines the noun "reservations" of the count
    line mutated (`str->XX`). conservative on two one-slot hosts: job 1 takes h1 until t=100; jobs 2-23 each need
    both hosts for 10, so they reserve [100, 110), [110, 120), ..., [310, 320) one after another. Job 24 (one slot,
    limit 1000) fits on h2 now, but its run [0, 1000) meets all 22, so it waits; its own reservation starts once
    they are over, at t=320, fitted around all 22: each list shows 20, then counts 2."""
    text = _queue_behind_h1("conservative", 22, 24, 1000)
    block = trace_lines(console_lines(text, ["trace on 24", "step 24"]), "24", 1)
    windows = [f"job {i}: [t={100 + 10 * (i - 2)}, t={110 + 10 * (i - 2)})" for i in range(2, 22)]
    assert block[4:53] == [
        "  backfill reservation: planned start t=320, until t=1320 (run limit 1000)",
        "    found from the running jobs released at start + run limit, in order:",
        "      job 1: t=0 + run limit 100 = t=100, frees h1: slots 1",
        "    fitted around the earlier backfill reservations:"] + [f"      {w}" for w in windows] + [
        "      and 2 more reservations",
        "    reserved allocation: h1: slots 1",
        "  its run [t=0, t=1000) meets the earlier backfill reservations:"] + [f"    {w}" for w in windows] + [
        "    and 2 more reservations",
        "  verdict: not started: would delay the backfill reservation of job 2"]


def test_under_easy_drevt_a_job_behind_the_reserved_one_that_does_not_fit_holds_nothing():
    """Kills: refsim/trace/discipline.py:_held the "easy-drevt" of the disciplines that name the one reserved job
    mutated (`str->XX`). easy-drevt on two one-slot hosts: job 1 takes h1 until t=100; job 2 (both hosts) does not
    fit and holds the one reservation; job 3 (both hosts) does not fit either and, under EASY, holds none."""
    text = DREVT_EASY.replace("{id: 3, tasks: 1,", "{id: 3, tasks: 2,")
    block = trace_lines(console_lines(text, ["trace on 3", "step 3"]), "3", 1)
    assert block[3:5] == [
        "discipline easy-drevt at t=0: run limit 50; fits now: no (see the requirement, plan and host sections "
        "below)",
        "  verdict: not started: does not fit now; only job 2, the first job that did not fit, holds a backfill "
        "reservation"]


def _unending(discipline: str, limits: tuple[str, ...]) -> str:
    """Host a (2 slots) and b (1 slot): jobs 1 and 3 start at t=0, holding a and b, with the run limits given ("" for
    none); job 2 (2 slots, run limit 10) arrives at t=1 and fits nowhere."""
    one, three = (f", run_limit: {limit}" if limit else "" for limit in limits)
    return (f"scheduling: {{discipline: {discipline}}}\ncluster:\n  hosts:\n    - {{name: a, slots: 2}}\n"
            "    - {name: b, slots: 1}\nevents:\n"
            f"  - {{time: 0, submit: {{id: 1, tasks: 2, run_time: 100{one}}}}}\n"
            f"  - {{time: 0, submit: {{id: 3, tasks: 1, run_time: 100{three}}}}}\n"
            "  - {time: 1, submit: {id: 2, tasks: 2, run_time: 10, run_limit: 10}}\n")


@pytest.mark.parametrize("discipline", ["conservative", "easy"])
def test_a_job_that_fits_the_empty_cluster_is_not_said_never_to_fit_when_running_jobs_have_no_run_limit(discipline):
    """Job 2 needs 2 slots: it fits a once job 1 ends, but job 1 has no run limit, so no plan can use its end and
    job 2 gets no reservation. The verdict may not say it does not fit "once every running job has ended" (it
    would): it names the running jobs without a run limit. Job 3 (on b) has none either; with both named, the
    count and the verb are plural."""
    block = trace_lines(console_lines(_unending(discipline, ("", "100")), ["trace on 2", "continue"]), "2", 2)
    assert ("  verdict: not started: does not fit now, nor once every running job with a run limit has ended; 1 "
            "running job (job 1) has none, so whether it fits once it ends cannot be planned: no backfill "
            "reservation") in block
    block = trace_lines(console_lines(_unending(discipline, ("", "")), ["trace on 2", "continue"]), "2", 2)
    assert ("  verdict: not started: does not fit now, nor once every running job with a run limit has ended; 2 "
            "running jobs (job 1, job 3) have none, so whether it fits once they end cannot be planned: no backfill "
            "reservation") in block


def test_a_job_larger_than_the_cluster_with_every_running_job_limited_never_fits():
    """The same with run limits on jobs 1 and 3, and job 2 asking 4 slots (the cluster has 3): no running job
    lacks a run limit, and job 2 would not fit even once both end, so the old words are true."""
    text = _unending("conservative", ("100", "100")).replace("id: 2, tasks: 2", "id: 2, tasks: 4")
    block = trace_lines(console_lines(text, ["trace on 2", "continue"]), "2", 2)
    assert "  verdict: not started: does not fit now, nor once every running job has ended: no backfill reservation" \
        in block
