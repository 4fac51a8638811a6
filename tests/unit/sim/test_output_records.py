"""The record forms of --sim-output (docs/simulator.md): an allocation's limit charges written in full, and pend
reasons grouped by code and detail, each host under its own code."""

from refsim.sched.decisions import Allocation, HostAllocation, LimitCharge, PendCode, PendReason
from refsim.sim.output import allocation_record, reason_groups


def test_an_allocation_record_writes_each_limit_charge_with_all_four_fields():
    """Kills: sim/output.py:_charges its keys mutated (`scope`, `resource`), which no replay test with limits reads
    back by name. By hand: one host charge of 2 slots to limit 'lim' per user 'alice', and one cluster charge."""
    charge = LimitCharge("lim", "alice", "slots", 2)
    allocation = Allocation((HostAllocation("h1", (("slots", 2),), (charge,)),), (),
                            (LimitCharge("all", "", "mem", 5),))
    assert allocation_record(allocation) == {
        "hosts": [{"host": "h1", "resources": {"slots": 2},
                   "limit_charges": [{"limit": "lim", "scope": "alice", "resource": "slots", "amount": 2}]}],
        "shared": {},
        "limit_charges": [{"limit": "all", "scope": "", "resource": "mem", "amount": 5}]}


def test_reasons_of_two_codes_with_one_detail_are_two_groups_each_with_its_own_host():
    """A run of one code ends where the code changes even when the detail stays the same: h1 is closed, h2 lacks
    resources, both with an empty detail. Kills: sim/output.py:reason_groups `code is not last[0]` -> `code is
    last[0]` (h2 would be filed under host-closed)."""
    reasons = (PendReason(PendCode.HOST_CLOSED, "h1", ""), PendReason(PendCode.RESOURCE_SHORTFALL, "h2", ""))
    assert reason_groups(reasons) == [
        {"code": "host-closed", "detail": "", "hosts": "h1", "count": 1},
        {"code": "resource-shortfall", "detail": "", "hosts": "h2", "count": 1}]


def test_job_records_name_kind_job_and_time_and_a_submission_its_queue():
    """Job 7, submitted at 3 to the default queue 'normal', then finished at 9: the submission carries its queue,
    the finish and the removal do not. Kills: the kind names of JOB_KINDS mutated; sim/output.py:job_record its
    keys mutated (`time`), which waits and run times are
    computed from."""
    from refsim.model.jobs import JobState
    from refsim.sim.jobtable import JobRecord
    from refsim.sim.load import recording_from
    from refsim.sim.output import job_record

    job = recording_from({"cluster": {"hosts": [{"name": "h1", "slots": 1}]},
                          "events": [{"time": 3, "submit": {"id": 7}}]}, "r.yaml").events[0].action.job
    assert job_record(JobRecord(job), 3) == {"kind": "submit", "job": "7", "time": 3, "queue": "normal"}
    assert job_record(JobRecord(job, JobState.FINISHED), 9) == {"kind": "finish", "job": "7", "time": 9}
    assert job_record(JobRecord(job, JobState.REMOVED), 9) == {"kind": "remove", "job": "7", "time": 9}


def test_an_output_record_groups_pend_reasons_without_a_forms_cache_given():
    """Kills: sim/output.py:output_record `forms or PendReasonForms()` -> `and` (with no cache given, the reasons
    would be written as version 1's triples). By hand: one closed host, grouped as one entry of count 1."""
    from refsim.model.jobid import JobId
    from refsim.sched.decisions import Pend
    from refsim.sim.output import output_record

    pend = Pend(JobId(3), (PendReason(PendCode.HOST_CLOSED, "h1", ""),))
    assert output_record(2, 1, pend) == {"round": 2, "position": 1, "job": "3", "kind": "pend",
                                         "reasons": [{"code": "host-closed", "detail": "", "hosts": "h1", "count": 1}]}
