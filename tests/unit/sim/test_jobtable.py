"""The simulator's job table (refsim.sim.jobtable): what it says of a job, the slot-seconds a started job has used,
and which records an id names, in order."""

from refsim.model.jobid import JobId
from refsim.model.jobs import Job, JobState
from refsim.sched.decisions import Allocation, HostAllocation
from refsim.sim.jobtable import JobTable

ON_A_AND_B = Allocation((HostAllocation("a", (("slots", 2), ("mem", 100))), HostAllocation("b", (("slots", 1),))))


def test_a_running_job_is_described_with_its_hosts_and_any_other_by_its_state_alone():
    """Kills: sim/jobtable.py:JobRecord.describe's hosts dropped or mutated (`state.name == "RUNNING"` renamed or
    negated, `and` -> `or`, the " on " words, the hosts' joining space). A finished job keeps its allocation,
    but its hosts are no longer its state."""
    table = JobTable()
    running, finished, pending = (table.add(Job(JobId(n))) for n in (1, 2, 3))
    running.state, running.allocation = JobState.RUNNING, ON_A_AND_B
    finished.state, finished.allocation = JobState.FINISHED, ON_A_AND_B
    assert [r.describe() for r in (running, finished, pending)] == ["running on a b", "finished", "pending"]


def test_slot_seconds_are_the_slots_held_times_the_time_since_the_start():
    """Kills: sim/jobtable.py:JobRecord.slot_seconds' `(until - start) * tasks` mutated. By hand: 3 slots (2 on a,
    1 on b) from t=10 to t=14 are 12 slot-seconds."""
    record = JobTable().add(Job(JobId(1)))
    record.state, record.start_time, record.allocation = JobState.RUNNING, 10.0, ON_A_AND_B
    assert record.slot_seconds(14.0) == 12.0


def test_an_array_id_names_its_elements_in_index_order_and_counts_go_by_state():
    """Kills: sim/jobtable.py:JobTable.matching's `sorted` -> `list` (elements added out of order would be listed
    so) and JobTable.count's `is` test and its count of 1 per record."""
    table = JobTable()
    for jid in (JobId(5, 2), JobId(6), JobId(5, 10), JobId(5, 1)):
        table.add(Job(jid))
    table[JobId(6)].state = JobState.RUNNING
    assert [r.job.id for r in table.matching(JobId(5))] == [JobId(5, 1), JobId(5, 2), JobId(5, 10)]
    assert [r.job.id for r in table.matching(JobId(5, 2))] == [JobId(5, 2)]
    assert (table.count(JobState.PENDING), table.count(JobState.RUNNING), table.count(JobState.FINISHED)) == (3, 1, 0)
    assert table.get(JobId(7)) is None and table.get(JobId(6)).state is JobState.RUNNING


def test_a_submitted_job_starts_pending_and_not_reconstructed():
    """Kills: sim/jobtable.py:JobRecord's default `reconstructed = False` -> True (every job would be shown as
    started by a recorded dispatch rather than by refsim's own decision)."""
    record = JobTable().add(Job(JobId(1)))
    assert (record.state, record.reconstructed, record.start_time, record.allocation) == (
        JobState.PENDING, False, None, None)
