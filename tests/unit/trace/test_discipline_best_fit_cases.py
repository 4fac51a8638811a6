"""Discipline sections where planning's best fit in time (docs/disciplines.md, "Where a backfill reservation goes")
places a job otherwise than the allocator does on the current state, each worked out by hand.

The cluster, in scan order: h3 (1 slot, 1 gpu), h1 (4 slots, mem 2G), h2 (4 slots, mem 8G). At t=0 job 1 (mem 3G,
no run limit) takes h2 for ever and job 2 (1 gpu, run limit 100) takes h3 until t=100. At t=10 job 3 (1 gpu, run
limit 50) does not fit; its planned start is t=100, when job 2's release frees h3. From t=10 on, h3 and h2 are
both held since before now, so best fit scans them first (h3, h2, then h1, which nothing holds); the current
state scans h3, h1, h2.

- A one-slot job placed from now by best fit takes h2 (h3 has no free slot), where the current state gives h1.
- The compound `1*{rusage[mem=1G]} + 1*{rusage[mem=5G]}` fits the current state (member 1 on h1, member 2 on
  h2's 5G free). Best fit puts member 1 on h2, leaving 4G there and 2G on h1, so member 2 fits nowhere; no later
  start helps, as job 1 holds h2's 3G for ever and h1 and h2 stay in that order. Planning never places it."""

from __future__ import annotations

import yaml

from tests.support.console import console_lines, json_traces, trace_lines

CLUSTER = ("cluster:\n  resources:\n    - {name: gpu}\n  hosts:\n    - {name: h3, slots: 1, gpu: 1}\n"
           "    - {name: h1, slots: 4, mem: 2G}\n    - {name: h2, slots: 4, mem: 8G}\n")
EVENTS = ("events:\n"
          "  - {time: 0, submit: {id: 1, run_time: 1000, resreq: 'rusage[mem=3G]'}}\n"
          "  - {time: 0, submit: {id: 2, run_time: 100, run_limit: 100, resreq: 'rusage[gpu=1]'}}\n"
          "  - {time: 10, submit: {id: 3, run_time: 50, run_limit: 50, resreq: 'rusage[gpu=1]'}}\n")
COMPOUND = "resreq: '1*{rusage[mem=1G]} + 1*{rusage[mem=5G]}'"


def _recording(discipline: str, *later_jobs: str) -> str:
    return (f"scheduling: {{discipline: {discipline}}}\n" + CLUSTER + EVENTS
            + "".join(f"  - {{time: 10, submit: {{{job}}}}}\n" for job in later_jobs))


def test_a_conservative_drevt_job_ahead_that_planning_never_places_constrains_nothing():
    """Kills: refsim/trace/discipline.py:backfill_lines the "can never be placed: constrains nothing" text of a job
    ahead without an independent planned start mutated (`str->XX`), or the `continue` after it turned into `break`
    (the jobs ahead after it would go unlisted).
    Job 4 (the compound, no run limit) fits now but is never backfilled: it waits behind job 3, and its
    independent planned start is None (planning never places it, see the module docstring). Job 5 (1 gpu, run
    limit 30) does not fit now; like job 3, its independent planned start is t=100. Job 6 (one slot, run limit
    20) ends at 10 + 20 = 30 < 100, so it is backfilled, and job 4 constrains nothing."""
    text = _recording("conservative-drevt", f"id: 4, run_time: 10, {COMPOUND}",
                      "id: 5, run_time: 30, run_limit: 30, resreq: 'rusage[gpu=1]'",
                      "id: 6, run_time: 20, run_limit: 20")
    block = trace_lines(console_lines(text, ["trace on 6", "step 6"]), "6", 2)
    assert block[3:9] == [
        "discipline conservative-drevt at t=10: run limit 20; fits now: yes (see the requirement, plan and host "
        "sections below)",
        "  independent planned starts of the jobs ahead (from the running jobs alone):",
        "    job 3: planned start t=100; ends before it: t=10 + run limit 20 = t=30 < t=100: yes",
        "    job 4: can never be placed: constrains nothing",
        "    job 5: planned start t=100; ends before it: t=10 + run limit 20 = t=30 < t=100: yes",
        "  verdict: backfilled: ends before every independent planned start ahead"]


def test_a_conservative_job_that_fits_but_has_no_start_now_in_the_plan_is_held_back():
    """Kills: refsim/trace/discipline.py:_held the "its planned start is later than now" text mutated (`str->XX`)
    or its `if ev.fits` test negated (the verdict would fall through to the texts of a job that does not fit).
    Job 4 (the compound, run limit 20) fits now and its run [10, 30) meets no earlier backfill reservation (job 3's
    is [100, 150)), but planning never places it (module docstring), so it has no planned start now and is held
    back, and both of its built plans say why."""
    text = _recording("conservative", f"id: 4, run_time: 10, run_limit: 20, {COMPOUND}")
    block = trace_lines(console_lines(text, ["trace on 4", "step 4"]), "4", 2)
    assert block[3:6] == [
        "discipline conservative at t=10: run limit 20; fits now: yes (see the requirement, plan and host "
        "sections below)",
        "  its run [t=10, t=30) meets no earlier backfill reservation",
        "  verdict: not started: its planned start is later than now"]
    assert [line for line in block if "plan 1:" in line and "not started" in line] == [
        "    plan 1: built, not started: its planned start is later than now; no further plans tried"] * 2


def test_a_conservative_backfill_starts_on_the_allocation_its_reservation_found():
    """Kills: refsim/trace/discipline.py:verdict the ", on the allocation it found (not the one built on the current
    state)" suffix mutated (`str->XX`), dropped or its `if ev.moved` negated; and
    refsim/trace/discipline.py:section the "the job started on the allocation the discipline found" reason of the
    built plan mutated or its `if ev.moved` negated (the plan would read committed).
    Job 4 (one slot, run limit 20) fits now on h1, behind job 3 (so not as a head). Its earliest backfill
    reservation starts now and best fit puts it on h2 (module docstring), so it starts there: the plan built on
    the current state (h1) was not the one started."""
    text = _recording("conservative", "id: 4, run_time: 20, run_limit: 20")
    lines = console_lines(text, ["trace on 4", "step 4"])
    assert "round 2 #2 dispatch 4 -> h2*1" in lines
    block = trace_lines(lines, "4", 2)
    assert block[3:10] == [
        "discipline conservative at t=10: run limit 20; fits now: yes (see the requirement, plan and host "
        "sections below)",
        "  its run [t=10, t=30) meets no earlier backfill reservation",
        "  backfill reservation: planned start t=10 (now), until t=30 (run limit 20)",
        "    found without waiting for any running job to end",
        "    fitted around no earlier backfill reservation",
        "    reserved allocation: h2: slots 1",
        "  verdict: backfilled: its earliest backfill reservation starts now, on the allocation it found (not the "
        "one built on the current state)"]
    assert block[10:14] == [
        "requirement: single, tasks min 1 max 1, requests slots only: satisfied",
        "  plan 1: 1 host, tasks per position [1]: tried",
        "    position 1: filled by h1; hosts rejected: resource shortfall 1",
        "  plan 1: built, not started: the job started on the allocation the discipline found; no further plans "
        "tried"]
    assert block[14:16] == ["outcome: dispatched to 1 host", "  h2: slots 1"]


def test_a_conservative_backfill_on_the_allocation_the_current_state_built_is_committed():
    """Kills: refsim/trace/discipline.py:verdict and section the `if ev.moved` tests negated (a start on the
    allocation built on the current state would claim another one). The contrast to the case above: job 4 asks
    for mem 3G, which only h2 (8G - 3G = 5G free) has, so best fit and the current state both put it on h2."""
    text = _recording("conservative", "id: 4, run_time: 20, run_limit: 20, resreq: 'rusage[mem=3G]'")
    block = trace_lines(console_lines(text, ["trace on 4", "step 4"]), "4", 2)
    assert "  verdict: backfilled: its earliest backfill reservation starts now" in block
    assert "  plan 1: committed; no further plans tried" in block


def test_the_json_discipline_object_of_a_backfill_moved_to_the_allocation_its_reservation_found(tmp_path):
    """Kills: refsim/trace/jsontrace.py's discipline object with `moved` or `rule` lost or mutated, or the
    reservation of a start as planned now (made from the kept allocation, no releases, nothing around) changed.
    The case of test_a_conservative_backfill_starts_on_the_allocation_its_reservation_found: job 4 starts at
    t=10 on h2 (not h1), by its backfill reservation [10, 30), which protects no earlier reservation."""
    path = tmp_path / "t.jsonl"
    document = yaml.safe_load(_recording("conservative", "id: 4, run_time: 20, run_limit: 20"))
    obj, = json_traces(document, path, [f"trace on 4 json {path}", "step 4"])
    h2 = {"hosts": [{"host": "h2", "resources": {"slots": 1}, "limit_charges": []}], "shared": {},
          "limit_charges": []}
    assert obj["discipline"] == {
        "name": "conservative", "now": 10, "run_limit": 20, "fits": True, "started": True, "moved": True,
        "rule": "planned-start-now",
        "reservation": {"planned_start": 10, "end": 30, "allocation": h2, "releases": [], "around": [],
                        "placed_again": []},
        "protects": [], "inclusive": False, "delays": None, "blocked_by": None, "extra_placed": None, "ahead": []}
    assert obj["outcome"] == {"kind": "dispatch", "allocation": h2}


def test_the_json_jobs_ahead_give_no_planned_start_for_one_planning_never_places(tmp_path):
    """Kills: refsim/trace/jsontrace.py's `ahead` entries with the planned start of a job that can never be placed
    not null (`None if t is None` negated), and the keys of a `protects` entry mutated. The case of
    test_a_conservative_drevt_job_ahead_that_planning_never_places_constrains_nothing."""
    path = tmp_path / "t.jsonl"
    document = yaml.safe_load(_recording("conservative-drevt", f"id: 4, run_time: 10, {COMPOUND}",
                                    "id: 5, run_time: 30, run_limit: 30, resreq: 'rusage[gpu=1]'",
                                    "id: 6, run_time: 20, run_limit: 20"))
    obj, = json_traces(document, path, [f"trace on 6 json {path}", "step 6"])
    assert obj["discipline"]["ahead"] == [{"job": "3", "planned_start": 100}, {"job": "4", "planned_start": None},
                                          {"job": "5", "planned_start": 100}]
    assert (obj["discipline"]["rule"], obj["discipline"]["started"]) == ("ends-before-planned-start", True)
    # The start respected the independent planned starts of jobs 3 ([100, 100 + 50)) and 5 ([100, 100 + 30)).
    assert obj["discipline"]["protects"] == [{"job": "3", "planned_start": 100, "end": 150},
                                             {"job": "5", "planned_start": 100, "end": 130}]
