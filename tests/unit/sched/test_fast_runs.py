"""The fast path fills a plan run by run (a run: consecutive positions of one size); an untraced job must get the
allocation the traced (reference) path gives it. Each scenario is worked out by hand from the plan order
(docs/planning.md) and checked on both paths."""

from refsim.sched.decisions import Dispatch
from tests.support.scenario import cluster, host, job, limit, run
from tests.unit.sched.test_scenarios import charge


def _placed(r) -> list[tuple[str, int]]:
    outcome = r.outcome("1")
    assert isinstance(outcome, Dispatch)
    return [(h.host, dict(h.resources)["slots"]) for h in outcome.allocation.hosts]


def _both(cl, j, before=None) -> list[tuple[str, int]]:
    traced, untraced = _placed(run(cl, j, before=before)), _placed(run(cl, j, before=before, observe=False))
    assert untraced == traced
    return untraced


def test_a_plan_of_two_runs_places_its_second_run_after_the_first():
    """5 tasks on five 3-slot hosts: [5] is discarded (no host has 5 slots); [3,2] (two runs of one position)
    fits: a takes 3, then b 2. So the job never reaches [1,1,1,1,1].
    Kills: refsim/sched/placement.py:_fill_runs counting a later run's missing positions from the plan's start
    (`len(found) < end - position` -> `end + position`), or asking for more hosts than the run has positions
    (`end - position` -> `end + position` in the candidates' fill)."""
    cl = cluster(*(host(name, slots=3) for name in "abcde"))
    assert _both(cl, job(1, tasks=5)) == [("a", 3), ("b", 2)]


def test_a_run_ends_where_the_position_size_changes():
    """10 tasks on four 3-slot hosts: [10] and [5,5] are discarded (no host has more than 3 slots); [3,3,2,2] is a
    run of two 3-task positions, then a run of two 2-task positions: a*3, b*3, then c*2, d*2; 10 tasks in all.
    Kills: refsim/sched/placement.py:_fill_runs growing a run by 2 positions at a time (`end += 1` -> `end += 2`):
    the first 2-task position would be filled as a third 3-task one."""
    cl = cluster(*(host(name, slots=3) for name in "abcd"))
    assert _both(cl, job(1, tasks=10)) == [("a", 3), ("b", 3), ("c", 2), ("d", 2)]


def test_a_later_run_never_takes_a_host_an_earlier_run_claimed():
    """10 tasks; a has 6 slots, b and d 4 (d's all used), c 2. [10] is discarded; [5,5] fails (only a has 5
    free); [3,3,2,2] fills a*3 and b*3, then the 2-task run finds c, but no fourth host: b and d have too few free
    and a is already claimed, so the plan fails. [2,2,1,...] and [1]*10 need more hosts than the 4 open; the fill
    plan takes min(6, 10) = 6 on a and 4 on b: a*6 b*4.
    Kills: refsim/sched/placement.py:_fill_runs not marking the hosts a resources-only run claimed
    (`claimed.update(names)` dropped): a, with 3 slots still free, would take the second 2-task position."""
    cl = cluster(host("a", slots=6), host("b", slots=4), host("c", slots=2), host("d", slots=4))
    assert _both(cl, job(1, tasks=10), before=charge("d", slots=4)) == [("a", 6), ("b", 4)]


def test_a_later_run_never_takes_a_host_an_earlier_run_claimed_under_a_host_limit():
    """The scenario above with P, 100 slots per host (never reached): the positions now also hold P's counters,
    and still [3,3,2,2] fails for want of a fourth host, so the fill plan places a*6 b*4.
    Kills: refsim/sched/placement.py:_fill_runs not marking the hosts a run with limit terms claimed
    (`claimed.add(host.name)` dropped)."""
    cl = cluster(host("a", slots=6), host("b", slots=4), host("c", slots=2), host("d", slots=4),
                 limits=(limit("P", {"slots": 100}, per_host="all"),))
    assert _both(cl, job(1, tasks=10), before=charge("d", slots=4)) == [("a", 6), ("b", 4)]


def test_an_untraced_pend_names_only_the_hosts_the_plans_were_refused_by():
    """Four 2-slot hosts: a free, b with 1 slot used, c and d full; 5 tasks. [5] and [3,2] are discarded (no host
    has more than 2 slots); [2,1,1,1] takes a for its 2-task position, b for the first 1-task one, then finds no
    slot on c or d; [1,1,1,1,1] needs 5 hosts; the shares (2 + 1) place fewer than 5. So the job pends for c and
    d's slots only: b was never refused (it took a 1-task position). The untraced job (the fast path, explaining
    its pend from kept verdicts) gets the same reasons as the traced one.
    Kills: refsim/sched/placement.py:_run_end comparing the positions after `position` with the one before it
    (`tasks[position - 1]` -> `tasks[position - 2]`): the 2-task position would be taken as a run of four, and
    b, which has no room for 2 tasks, would be named."""
    def used(state):
        for number, (name, slots) in enumerate((("b", 1), ("c", 2), ("d", 2)), start=90):
            charge(name, number, slots=slots)(state)
    cl = cluster(*(host(name, slots=2) for name in "abcd"))
    reasons = []
    for observe in (True, False):
        outcome = run(cl, job(1, tasks=5), before=used, observe=observe).outcome("1")
        reasons.append({(r.code.value, r.host, r.detail) for r in outcome.reasons})
    assert reasons[0] == reasons[1] == {("resource-shortfall", "c", "slots"), ("resource-shortfall", "d", "slots")}


def test_jobs_alike_but_for_the_consumer_a_limit_reads_never_share_an_outcome():
    """Limit L allows 1 slot to user x (then queue x, then project x); host a has 4 slots. Job 1 (consumer x) and
    job 2 (consumer y) ask the same 2 tasks: job 1 pends on L (2 > 1), job 2, which L does not count, starts on
    a. Job 2's bucket must differ from job 1's by the consumer value L reads, or job 2 would take job 1's pend.
    Kills: refsim/sched/buckets.py:Buckets._entry keying a job by another consumer value than the kind a limit
    reads (the user, queue or project choice negated or inverted)."""
    from refsim.model.jobid import JobId
    from refsim.sched.decisions import Pend
    from refsim.sched.session import run_session
    from refsim.sched.state import SchedulerState
    for kind in ("user", "queue", "project"):
        cl = cluster(host("a"), limits=(limit("L", {"slots": 1}, **{f"{kind}s": ["x"]}),),
                     queues=(("normal", 0), ("x", 0), ("y", 0)))
        state = SchedulerState(cl, reference_only=False)
        state.submit(job(1, tasks=2, **{kind: "x"}))
        state.submit(job(2, tasks=2, **{kind: "y"}))
        first, second = (r.outcome for r in run_session(state, 1))
        assert isinstance(first, Pend) and first.job == JobId(1), kind
        assert isinstance(second, Dispatch) and second.allocation.hosts[0].host == "a", kind


def test_a_later_compound_member_counts_what_an_earlier_member_holds_on_a_host():
    """Hosts a and b have 2 slots each. Member 1 of `1*{rusage[mem=1]} + 2*{rusage[mem=1]}` takes 1 slot on a;
    member 2's plan [2] then finds a with 1 slot left once member 1's hold counts (its committed usage alone
    would still show 2 free), so a is rejected and b takes both tasks: a 1 slot, b 2.
    Kills: refsim/sched/candidates.py:fill_run making its inline check (which reads committed usage
    only) for the hosts the evaluation holds something on instead of the others (`not in held` -> `in held`)."""
    cl = cluster(host("a", slots=2), host("b", slots=2))
    assert _both(cl, job(1, "1*{rusage[mem=1]} + 2*{rusage[mem=1]}")) == [("a", 1), ("b", 2)]


def test_a_later_compound_member_takes_a_host_an_earlier_member_holds_while_it_has_room():
    """Hosts a and b have 4 slots each. Member 1 of `1*{rusage[mem=1]} + 1*{rusage[mem=1]}` takes 1 slot on a;
    member 2's scan starts at a again, which still has 3 slots once member 1's hold counts, so a takes it too:
    a 2 slots (the members' amounts merged), b nothing.
    Kills: refsim/sched/candidates.py:fill_run dropping a host that judge() accepts (the host the
    evaluation holds something on is judged in full, and must then be taken)."""
    cl = cluster(host("a", slots=4), host("b", slots=4))
    assert _both(cl, job(1, "1*{rusage[mem=1]} + 1*{rusage[mem=1]}")) == [("a", 2)]
