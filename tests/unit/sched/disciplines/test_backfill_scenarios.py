"""Hand-verified backfilling scenarios on node-count clusters (one host whose slots are the nodes; at the end, one-slot
hosts, where the backfill reservation's hosts matter, and hosts with span, select and a shared resource), DR_EVT's
way: each test derives its expected schedule from the rules in docs/disciplines.md. Job N is job 10N in refsim;
rows are (N, nodes, run limit[, run time[, submit time]]), run time defaulting to the limit, submit time to 0.
"""

import pytest

from refsim.sched.decisions import Allocation, Dispatch
from refsim.sched.results import StartRule
from tests.unit.sched.disciplines.schedule import BASE, nodes, one_slot_hosts, reasons_at, simulate, starts, submits

BACKFILLING = ("easy", "easy-drevt", "conservative", "conservative-drevt")


def test_three_job_pattern_backfill_allowed():
    """J0 70 nodes until 200; J1 (90, submitted at 10) cannot fit in 30 free: planned start 200. J2 (20 nodes,
    limit 50, submitted at 20) fits and ends at 70, before 200 under both `<=` and `<`: it backfills at 20 under
    every backfilling discipline. Under strict it waits behind J1: J1 runs [200, 500) on 90 nodes, leaving 10,
    so J2 starts at 500."""
    text = nodes(100) + submits((0, 70, 200), (1, 90, 300, 300, 10), (2, 20, 50, 50, 20))
    for discipline in BACKFILLING:
        assert starts(text, discipline) == {0: 0, 1: 200, 2: 20}, discipline
    assert starts(text, "strict") == {0: 0, 1: 200, 2: 500}


def test_three_job_pattern_blocked_by_time():
    """As above but J2's limit is 250: it would end at 270, past J1's planned start 200, and the extra nodes at
    200 are 100 - 90 = 10 < 20, so textbook EASY cannot place it on them either. Conservative: [20, 270) would
    overlap J1's reservation [200, 500), where only 10 nodes are free. J2 waits until J1 ends at 500."""
    text = nodes(100) + submits((0, 70, 200), (1, 90, 300, 300, 10), (2, 20, 250, 250, 20))
    for discipline in BACKFILLING:
        assert starts(text, discipline) == {0: 0, 1: 200, 2: 500}, discipline
    assert reasons_at(text, "easy", 2, 3) == {("backfill-window", "job 101")}  # round 3 is t=20


def test_three_job_pattern_blocked_by_resources():
    """J2 asks for 40 nodes while 30 are free: it does not fit, so no rule is consulted; it keeps its own
    shortfall reason. At 200 J1 takes 90 of 100, so J2 starts when J1 ends, at 500."""
    text = nodes(100) + submits((0, 70, 200), (1, 90, 300, 300, 10), (2, 40, 50, 50, 20))
    for discipline in BACKFILLING:
        assert starts(text, discipline) == {0: 0, 1: 200, 2: 500}, discipline
    assert reasons_at(text, "easy", 2, 3) == {("resource-shortfall", "slots")}


def test_several_jobs_compete_for_one_backfill_window():
    """J0 80 nodes until 100; J1 (50, at 1) is blocked: planned start 100, extra nodes there 100 - 50 = 50.
    At 2, J2 (15 for 50) and J3 (10 for 50) arrive together; in FCFS order J2 fits the 20 free and ends at 52 <
    100: it backfills; J3 then does not fit (5 free). At 52 J2 ends (20 free): J3 fits but would end at 102.
    - easy: 10 <= extra 50 -> starts at 52; easy-drevt: 102 is not < 100 -> waits; at 100 J1 (50) and J3 (10)
      both fit: J3 at 100.
    - conservative: J3's run [52, 102) meets J1's reservation [100, 200) only where 100 - 50 = 50 nodes are
      free: planned start 52, it starts. conservative-drevt: 102 is not < 100 (J1's planned start): 100.
    - strict: nothing passes J1; at 100 J1, J2, J3 all start (75 nodes). greedy: J2 at 2, J3 at 52."""
    text = nodes(100) + submits((0, 80, 100), (1, 50, 100, 100, 1), (2, 15, 50, 50, 2), (3, 10, 50, 50, 2))
    assert starts(text, "easy") == {0: 0, 1: 100, 2: 2, 3: 52}
    assert starts(text, "easy-drevt") == {0: 0, 1: 100, 2: 2, 3: 100}
    assert starts(text, "conservative") == {0: 0, 1: 100, 2: 2, 3: 52}
    assert starts(text, "conservative-drevt") == {0: 0, 1: 100, 2: 2, 3: 100}
    assert starts(text, "strict") == {0: 0, 1: 100, 2: 100, 3: 100}
    assert starts(text, "greedy") == {0: 0, 1: 100, 2: 2, 3: 52}


def test_out_of_order_starts():
    """All at 0: J0 60 until 100; J1 80 for 50 is blocked (40 free): planned start 100, extra 20. J2 30 for
    200 fits but would end at 200 > 100 and 30 > extra 20; J3 30 for 50 fits and ends at 50 <= 100: J3 starts
    before J1 and J2. At 100 J1 starts (20 left); J2 then needs 30: planned 150 when J1 ends; J2 at 150.
    conservative: J1 [100, 150); J2 cannot run [0, 200) or [100, 300) (20 free on [100, 150)): 150; J3 [0, 50)
    meets no reservation: 0. conservative-drevt: J2 fits now, so its planned start is "now" and J3 (ending at
    50, not < 0) is held too: J1 at 100, J2 and J3 at 150. greedy: J2 at 0 (10 left); at 100 J3 (J1 needs 80
    of 70); at 200 J1. strict: J1 at 100; at 150 J2 and J3."""
    text = nodes(100) + submits((0, 60, 100), (1, 80, 50), (2, 30, 200), (3, 30, 50))
    assert starts(text, "easy") == {0: 0, 1: 100, 2: 150, 3: 0}
    assert starts(text, "easy-drevt") == {0: 0, 1: 100, 2: 150, 3: 0}
    assert starts(text, "conservative") == {0: 0, 1: 100, 2: 150, 3: 0}
    assert starts(text, "conservative-drevt") == {0: 0, 1: 100, 2: 150, 3: 150}
    assert starts(text, "greedy") == {0: 0, 1: 200, 2: 0, 3: 100}
    assert starts(text, "strict") == {0: 0, 1: 100, 2: 150, 3: 150}


@pytest.mark.parametrize("discipline", ("greedy", "strict") + BACKFILLING)
def test_simultaneous_submits_and_completions(discipline):
    """J0 and J1 (50 nodes each) end at 10, when J2 (100 nodes) and J3 (10) are submitted. Completions apply
    first, then arrivals, then one session: J2 finds all 100 nodes free and starts at 10; J3 then waits for
    J2's end at 15. Exactly one session runs at t=10."""
    text = nodes(100) + submits((0, 50, 10), (1, 50, 10), (2, 100, 5, 5, 10), (3, 10, 5, 5, 10))
    assert starts(text, discipline) == {0: 0, 1: 0, 2: 10, 3: 15}
    _, results = simulate(text, discipline)
    assert sorted({r.round for r in results if r.job.job in (BASE + 2, BASE + 3) and r.round < 3}) == [2]


def test_a_job_ending_exactly_at_the_planned_start():
    """J0 60 until 100; J1 80 is blocked: planned start 100. J2 40 for 100 fits and ends exactly at 100. Textbook
    EASY allows `now + limit <= planned start` (J2 releases at 100, intervals are half-open): J2 at 0. DR_EVT's
    EASY asks `<`: J2 waits; at 100 J1 takes 80 of 100; J2 (40) starts when J1 ends at 150. Conservative: [0,
    100) and J1's [100, 150) do not meet: 0. conservative-drevt: `<` again: 150."""
    text = nodes(100) + submits((0, 60, 100), (1, 80, 50), (2, 40, 100))
    assert starts(text, "easy")[2] == 0
    assert starts(text, "easy-drevt")[2] == 150
    assert starts(text, "conservative")[2] == 0
    assert starts(text, "conservative-drevt")[2] == 150
    assert reasons_at(text, "easy-drevt", 2, 1) == {("backfill-window", "job 101")}


def test_extra_resources_are_textbook_easy_only_and_get_used_up():
    """J0 40 until 100 (60 free); J1 90 is blocked: planned start 100, extra nodes 100 - 90 = 10. J2 10 for 500
    runs past 100 but fits the extra 10: textbook EASY starts it, using the extra up. J3 10 for 500 fits now (50
    free) but the extra is gone: held. J4 10 for 50 ends by 100: starts. At 100 J1 starts on 90 (J2 keeps 10),
    so J3 waits for J1's end at 200. DR_EVT's EASY has no extra rule: J2 and J3 are held, J4 starts; at 100 J1
    then J2 start as heads (90 + 10); J3 at 200."""
    text = nodes(100) + submits((0, 40, 100), (1, 90, 100), (2, 10, 500), (3, 10, 500), (4, 10, 50))
    assert starts(text, "easy") == {0: 0, 1: 100, 2: 0, 3: 200, 4: 0}
    assert starts(text, "easy-drevt") == {0: 0, 1: 100, 2: 100, 3: 200, 4: 0}
    _, results = simulate(text, "easy")
    first = {r.job.job - BASE: r for r in results if r.round == 1}
    assert first[2].ruling.rule is StartRule.EXTRA
    assert dict(dict(first[2].ruling.extra.hosts)["n"])["slots"] == 10  # the extra before J2 took it
    assert first[3].ruling.delays.job == BASE + 1
    assert first[4].ruling.rule is StartRule.ENDS_BEFORE


def test_the_reservation_of_several_running_jobs():
    """J0, J1, J2 take 30 nodes each, ending at 50, 100 and 150 (10 free). J3 needs 60: J0's end gives 40,
    J0's and J1's 70: planned start 100, freed by J0 and J1 together. J4 (20 for 60) does not fit at 0; at 50
    (40 free) it would end at 110 > 100, and the extra at 100 is 70 - 60 = 10 < 20: held. J5 (10 for 49,
    submitted at 50) ends at 99: backfills. At 100 J3 starts (10 left); J4 starts when J2 ends at 150."""
    text = nodes(100) + submits((0, 30, 50), (1, 30, 100), (2, 30, 150), (3, 60, 100), (4, 20, 60),
                                (5, 10, 49, 49, 50))
    for discipline in ("easy", "easy-drevt"):
        assert starts(text, discipline) == {0: 0, 1: 0, 2: 0, 3: 100, 4: 150, 5: 50}, discipline
    _, results = simulate(text, "easy")
    reservation = next(r.ruling.reservation for r in results if r.round == 1 and r.job.job == BASE + 3)
    assert reservation.planned_start == 100
    assert sorted(j.job - BASE for j in reservation.freed_by) == [0, 1]


def test_an_early_completion_moves_the_planned_start_earlier():
    """J0 60 nodes, limit 200 but runs 50; J1 80 is blocked: planned from J0's limit, 200. J2 30 for 100 ends
    at 100 < 200: backfills (10 free). At 50 J0 really ends (70 free): J1 still cannot fit, and its planned
    start is rebuilt from J2's limit: 100. J3 (20 for 60, at 50) would end at 110 > 100: textbook EASY places
    it on the extra 100 - 80 = 20; DR_EVT's holds it. J4 (20 for 40, at 50) ends at 90: backfills. At 100 J1
    starts (EASY: 80 + J3's 20; DR_EVT's: then J3 as a head)."""
    text = nodes(100) + submits((0, 60, 200, 50), (1, 80, 100), (2, 30, 100), (3, 20, 60, 60, 50),
                                (4, 20, 40, 40, 50))
    assert starts(text, "easy") == {0: 0, 1: 100, 2: 0, 3: 50, 4: 50}
    assert starts(text, "easy-drevt") == {0: 0, 1: 100, 2: 0, 3: 100, 4: 50}
    _, results = simulate(text, "easy")
    planned = [r.ruling.reservation.planned_start for r in results
               if r.job.job == BASE + 1 and r.ruling is not None and r.ruling.reservation is not None]
    assert planned == [200, 100, 100]  # sessions at 0, 50 and 90 (J4's end); at 100 J1 starts


@pytest.mark.parametrize("discipline", BACKFILLING)
def test_cascading_heads_then_a_backfill_in_one_session(discipline):
    """J0 holds all 100 nodes until 100; J1 (40 for 100), J2 (40 for 50), J3 (50 for 100), J4 (20 for 40) wait.
    At 100 J1 and J2 start one after the other as heads (20 left); J3 is blocked: J2's end at 150 frees 40,
    planned start 150; J4 ends at 140 < 150 and fits: it backfills in the same session. Under strict J4 waits
    behind J3: at 150 J3 takes 50 of the 60 free, so J4 (20) starts at 200, when J1 ends."""
    text = nodes(100) + submits((0, 100, 100), (1, 40, 100, 100, 1), (2, 40, 50, 50, 1), (3, 50, 100, 100, 1),
                                (4, 20, 40, 40, 1))
    assert starts(text, discipline) == {0: 0, 1: 100, 2: 100, 3: 150, 4: 100}
    _, results = simulate(text, discipline)
    at_100 = {r.job.job - BASE: r for r in results if r.round == 3}  # rounds: t=0, t=1, t=100
    assert [at_100[j].ruling.rule for j in (1, 2)] == [StartRule.HEAD, StartRule.HEAD]
    assert at_100[3].ruling.reservation.planned_start == 150
    assert isinstance(at_100[4].outcome, Dispatch)
    assert at_100[4].ruling.rule in (StartRule.ENDS_BEFORE, StartRule.PLANNED_NOW)
    assert starts(text, "strict")[4] == 200


HOSTS = """cluster:
  hosts:
    - {name: a, slots: 4, type: X86}
    - {name: b, slots: 4, type: X86}
    - {name: c, slots: 4, type: X86}
    - {name: d, slots: 4, type: ARM}
  shared: {lic: 1}
events:
  - {time: 0, submit: {id: 100, tasks: 4, resreq: "span[hosts=1]", run_time: 100, run_limit: 100}}
  - {time: 0, submit: {id: 101, tasks: 4, resreq: "span[hosts=1]", run_time: 300, run_limit: 300}}
  - {time: 0, submit: {id: 102, tasks: 8, resreq: "select[type==X86] span[ptile=4] rusage[lic=1]",
                       run_time: 100, run_limit: 100}}
  - {time: 0, submit: {id: 103, tasks: 2, run_time: 500, run_limit: 500}}
  - {time: 0, submit: {id: 104, tasks: 2, run_time: 50, run_limit: 50}}
  - {time: 0, submit: {id: 105, resreq: "rusage[lic=1]", run_time: 10, run_limit: 500}}
"""


def test_hosts_span_select_and_a_shared_resource():
    """Hosts a, b, c (X86) and d (ARM), 4 slots each; one `lic`. J0 takes a until 100, J1 b until 300. J2 needs
    two whole X86 hosts and the lic: only c is whole now, so it is blocked; at 100 a and c are free: its
    reservation is a (freed at 100: the best fit) and c (free now), and the lic, at 100.
    - J3 (2 slots for 500) fits; the allocator would put it on c, but it runs past 100 where c is reserved. The
      extra at 100 is d (b is J1's until 300), so textbook EASY places it on d; DR_EVT's EASY holds it (500 is
      not < 100) and it starts at 100 as a head once J2 has started (on d, the only host with 2 free).
    - J4 (2 for 50) ends by 100: backfills on c under both.
    - J5 (1 slot and the lic, for 500) fits now, but the lic is all the reservation's at 100: held under both;
      J2 holds the lic [100, 200), so J5 starts at 200.
    conservative agrees with textbook EASY here: J3's run [0, 500) avoids a and c on d; J4's [0, 50) meets no
    reservation; J5's planned start is 200."""
    assert starts(HOSTS, "easy") == {0: 0, 1: 0, 2: 100, 3: 0, 4: 0, 5: 200}
    assert starts(HOSTS, "easy-drevt") == {0: 0, 1: 0, 2: 100, 3: 100, 4: 0, 5: 200}
    assert starts(HOSTS, "conservative") == {0: 0, 1: 0, 2: 100, 3: 0, 4: 0, 5: 200}
    sim, results = simulate(HOSTS, "easy")
    first = {r.job.job - BASE: r for r in results if r.round == 1}
    assert [h.host for h in first[2].ruling.reservation.allocation.hosts] == ["a", "c"]
    assert first[2].ruling.reservation.allocation.shared == (("lic", 1),)
    assert [h.host for h in first[3].outcome.allocation.hosts] == ["d"]
    assert first[3].ruling.rule is StartRule.EXTRA
    assert [h.host for h in first[4].outcome.allocation.hosts] == ["c"]
    assert reasons_at(HOSTS, "easy", 5, 1) == {("backfill-window", "job 102")}


def hosts_of(allocation: Allocation) -> list[str]:
    return [h.host for h in allocation.hosts]


def test_on_one_slot_hosts_the_reservation_takes_the_hosts_busy_now_and_a_free_one_is_extra() -> None:
    """Hosts n1-n3, one slot each. At 0 J0 (limit 1), J1 (limit 0.25) and J2 (limit 1) start on n1, n2, n3; J3 (2
    nodes) does not fit and J4 (1 node, limit 1) neither. At 0.25 J1 ends and n2 is free. J3's planned start is
    1, when J0 and J2 free n1 and n3; its reservation takes the hosts idle the shortest before 1: n1 and n3 (freed
    at 1) rather than n2 (idle from 0.25), so n2 is extra at 1, as a node count has it (3 free - 2 = 1). J4 fits on
    n2; 0.25 + 1 > 1, but it is placed on the extra n2: textbook EASY starts it at 0.25 and conservative too (its
    run [0.25, 1.25) on n2 meets no reservation). At 1 J3 starts on n1 and n3. DR_EVT's EASY holds J4 (1.25 is
    not < 1) until 1."""
    text = one_slot_hosts(3) + submits((0, 1, 1), (1, 1, 0.25), (2, 1, 1), (3, 2, 1), (4, 1, 1))
    for discipline in ("easy", "conservative"):
        assert starts(text, discipline) == {0: 0, 1: 0, 2: 0, 3: 1, 4: 0.25}
        _, results = simulate(text, discipline)
        at_025 = {r.job.job - BASE: r for r in results if r.round == 2}
        assert hosts_of(at_025[3].ruling.reservation.allocation) == ["n1", "n3"]
        assert hosts_of(at_025[4].outcome.allocation) == ["n2"]
    _, results = simulate(text, "easy")
    at_025 = {r.job.job - BASE: r for r in results if r.round == 2}
    assert at_025[4].ruling.rule is StartRule.EXTRA
    assert at_025[4].ruling.extra.hosts == (("n2", (("slots", 1),)),)
    assert starts(text, "easy-drevt")[4] == 1


def test_conservative_places_earlier_reservations_again_to_make_room() -> None:
    """Hosts n1-n6, one slot each, all jobs at 0. J0 (2 nodes, limit 2) starts on n1 n2, J1 (3, limit 3) on n3-n5;
    n6 is free. J2 (4 nodes, limit 1) has planned start 3 (at 2 only 3 are free); best fit gives it n3-n5 (idle
    from 3) and n1 (idle from 2). J3 (2, limit 2) does not fit; at 2 its run [2, 4) fits by count (3 held on
    [2, 3), J2's 4 on [3, 4)) on the two hosts free then and not J2's: n2 and n6. J4 (1, limit 3) fits on n6; by
    count its run [0, 3) fits (5 held on [0, 2), J1's 3 and J3's 2 on [2, 3)), but no host is free for all of it:
    n6 is J3's from 2. Placed again in order of start, J4 takes n6 at 0, J3 at 2 takes n1 and n2 (J0's), J2 at 3
    takes n3-n6 (J1's and J4's): J4 starts now and the two reservations move, times unchanged. At 2 J3 starts,
    at 3 J2: the node-count schedule (J4 would otherwise wait until 4)."""
    text = one_slot_hosts(6) + submits((0, 2, 2), (1, 3, 3), (2, 4, 1), (3, 2, 2), (4, 1, 3))
    assert starts(text, "conservative") == {0: 0, 1: 0, 2: 3, 3: 2, 4: 0}
    _, results = simulate(text, "conservative")
    first = {r.job.job - BASE: r for r in results if r.round == 1}
    assert hosts_of(first[2].ruling.reservation.allocation) == ["n3", "n4", "n5", "n1"]
    assert hosts_of(first[3].ruling.reservation.allocation) == ["n2", "n6"]
    assert first[4].ruling.rule is StartRule.PLANNED_NOW
    assert hosts_of(first[4].outcome.allocation) == ["n6"]
    moved = {r.job.job - BASE: (r.planned_start, r.end, hosts_of(r.allocation)) for r in first[4].ruling.moved}
    assert moved == {3: (2, 4, ["n1", "n2"]), 2: (3, 4, ["n3", "n4", "n5", "n6"])}


def test_conservative_names_the_reservation_the_run_would_overlap_not_the_first_made():
    """6 nodes. J0 (4 nodes, limit 300) and J1 (1 node, limit 50) start at 0. J2 (6 nodes) reserves [300, 350);
    J3 (2 nodes, limit 100) reserves [50, 150), when J1 has ended and before J2's. J4 (1 node, limit 100) fits on
    the free node now, but its run [0, 100) meets J3's reservation at 50 (4 + 2 + 1 > 6): it pends
    backfill-window naming J3, the reservation its run overlaps, not J2's (made first, but [300, 350) lies after
    its run).
    Kills: refsim/sched/disciplines/base.py:overlapping taking a reservation that starts after the run, or ends
    before it, as overlapping (`and` -> `or`)."""
    text = nodes(6) + submits((0, 4, 300), (1, 1, 50), (2, 6, 50), (3, 2, 100), (4, 1, 100))
    assert reasons_at(text, "conservative", 4, 1) == {("backfill-reservation", ""),
                                                      ("backfill-window", f"job {BASE + 3}")}


def test_a_reservation_moved_by_a_job_that_starts_now_is_held_on_its_new_hosts():
    """Conservative, hosts n1-n3 and n5 with 2 slots, n4 with 1. At 0: J1 (3 tasks, limit 8) takes n1*2 n2*1, J2
    (2 tasks, one per host, limit 8) n2 n3, J4 (4 tasks, limit 3, runs 2) n3 n4 n5*2. At 2 J4 has finished, so n3
    n4 have 1 slot free and n5 2. J5 (4 tasks, one per host, limit 5) finds 4 hosts only at 8 (J1 and J2's planned
    end): reservation [8, 13), best fit on n1 n2 n3 (held until 8) and n4. J6 (3 tasks, one per host, limit 8)
    fits now but around J5 only n3 and n5 stay free over [2, 10); placed again, J6 takes n3 n4 n5 now and J5 moves
    to n1 n2 n3 n5 (n4 is J6's until 10): J6 starts. J7 (1 task, limit 10) fits now, on n5's last slot, but its
    run [2, 12) would meet J5 there at 8, and J5 cannot move again (n4 is held until 10, n5 would be full): it
    pends, backfill-window naming J5.
    Kills: refsim/sched/disciplines/conservative.py:ConservativeRound.rule not moving the reservations a job
    that starts now placed again (`self.profile.relocate(...)` dropped): J5 would stay on n4 in the plan and J7
    would start on n5."""
    text = """cluster:
  hosts:
    - {name: n1, slots: 2}
    - {name: n2, slots: 2}
    - {name: n3, slots: 2}
    - {name: n4, slots: 1}
    - {name: n5, slots: 2}
events:
  - {time: 0, submit: {id: 1, tasks: 3, run_time: 7, run_limit: 8}}
  - {time: 0, submit: {id: 2, tasks: 2, run_time: 7, run_limit: 8, resreq: "span[ptile=1]"}}
  - {time: 0, submit: {id: 4, tasks: 4, run_time: 2, run_limit: 3}}
  - {time: 0, submit: {id: 5, tasks: 4, run_time: 5, run_limit: 5, resreq: "span[ptile=1]"}}
  - {time: 0, submit: {id: 6, tasks: 3, run_time: 8, run_limit: 8, resreq: "span[ptile=1]"}}
  - {time: 0, submit: {id: 7, tasks: 1, run_time: 9, run_limit: 10}}
"""
    _, results = simulate(text, "conservative")
    second = [r for r in results if r.round == 2]
    assert [(r.job.job, type(r.outcome).__name__) for r in second] == [(5, "Pend"), (6, "Dispatch"), (7, "Pend")]
    assert [h.host for h in second[1].outcome.allocation.hosts] == ["n3", "n4", "n5"]
    assert second[1].ruling.moved[0].job.job == 5
    assert [h.host for h in second[1].ruling.moved[0].allocation.hosts] == ["n1", "n2", "n3", "n5"]
    assert {(r.code.value, r.detail) for r in second[2].outcome.reasons} == {
        ("backfill-reservation", ""), ("backfill-window", "job 5")}
