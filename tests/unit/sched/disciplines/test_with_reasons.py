"""with_reasons() inserts a discipline's reasons into a pend's canonical reason set: the result is the canonical set
of them all (pend_reason_set), whatever reasons the pend already had, the discipline's repeated or not."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from refsim.model.jobid import JobId
from refsim.sched.decisions import Allocation, Dispatch, Pend, PendCode, PendReason, pend_reason_set
from refsim.sched.disciplines.base import reason, with_reasons

JOB = JobId(7)
reasons = st.builds(PendReason, st.sampled_from(list(PendCode)), st.sampled_from(["", "h1", "h2", "h10"]),
                    st.sampled_from(["", "job 3", "job 12", "slots"]))


def test_a_window_reason_goes_after_the_job_level_reasons_before_it_and_before_every_host_reason():
    own = pend_reason_set({PendReason(PendCode.RESOURCE_SHORTFALL, "h1", "slots"),
                           PendReason(PendCode.NO_PLAN, "", "all generated plans were discarded")})
    merged = with_reasons(JOB, Pend(JOB, own), reason(PendCode.BACKFILL_WINDOW, JobId(3)))
    assert [r.code for r in merged.reasons] == [PendCode.NO_PLAN, PendCode.BACKFILL_WINDOW,
                                                PendCode.RESOURCE_SHORTFALL]


@given(st.sets(reasons, max_size=12), st.lists(reasons, max_size=3))
def test_the_reasons_are_the_canonical_set_of_the_pends_and_the_disciplines(own, added):
    merged = with_reasons(JOB, Pend(JOB, pend_reason_set(own)), *added)
    assert merged == Pend(JOB, pend_reason_set(own | set(added)))


@given(st.lists(reasons, min_size=1, max_size=3))
def test_a_job_that_fits_pends_with_the_disciplines_reasons_alone(added):
    assert with_reasons(JOB, Dispatch(JOB, Allocation(())), *added) == Pend(JOB, pend_reason_set(set(added)))
