"""A removed job is named `removed` wherever its state is shown: in the replay's warnings and in the snapshot."""

from refsim.repl.snapshot import snapshot_document
from refsim.sim.replay import Reconstructed, ReplayEnded, Simulator
from tests.support.recordings import recording

# Job 1 cannot start (100G of mem on 8G hosts), is removed at t=1, and a dispatch of it is recorded at t=2: the
# replay ignores that dispatch with a warning naming the job's state.
RECORDING = """
events:
  - {time: 0, submit: {id: 1, run_time: 10, resreq: "rusage[mem=100G]"}}
  - {time: 1, remove: 1}
  - {time: 2, dispatch: {job: 1, hosts: {a: {}}}}
"""


def test_the_warning_and_the_snapshot_say_removed():
    """Kills: JobState.REMOVED's value mutated (`"removed"` -> `"XXremoved"`) in refsim/model/jobs.py; the
    replay counts removed jobs by identity, so only the shown words tell."""
    sim = Simulator(recording(RECORDING))
    ended = [r for r in sim.reports() if isinstance(r, ReplayEnded)][-1]
    assert [w.message for w in ended.warnings] == ["recorded dispatch of job 1, which is removed, ignored"]
    jobs = snapshot_document(sim)["jobs"]
    assert [(j["id"], j["state"]) for j in jobs] == [("1", "removed")]


def test_a_dispatch_recorded_before_its_jobs_removal_at_the_same_instant_is_ignored_at_the_session():
    """Kills: sim/replay.py:Simulator._take_reconstructed's test of a waiting dispatch's job (negated, or its
    warning or `continue` dropped: the removed job would be started). At t=2 the dispatch comes first in file
    order, while job 1 is still pending, so it waits for the session; the removal after it at the same instant
    takes the job out first. The session then ignores the dispatch with the warning stamped t=2, re-applies
    nothing, and job 1 stays removed."""
    sim = Simulator(recording("""
events:
  - {time: 0, submit: {id: 1, run_time: 10, resreq: "rusage[mem=100G]"}}
  - {time: 2, dispatch: {job: 1, hosts: {a: {}}}}
  - {time: 2, remove: 1}
"""))
    reports = list(sim.reports())
    assert not [r for r in reports if isinstance(r, Reconstructed)]
    assert [str(w) for w in reports[-1].warnings] == ["t=2: recorded dispatch of job 1, which is removed, ignored"]
    assert [(j["id"], j["state"]) for j in snapshot_document(sim)["jobs"]] == [("1", "removed")]


def test_an_ignored_dispatch_does_not_hold_back_the_next_one_of_its_session():
    """Kills: sim/replay.py:Simulator._take_reconstructed's `continue` after an ignored dispatch -> `break` (the
    dispatches recorded after it would wait, and job 2, which no host can take by itself, would stay pending).
    Jobs 1 and 2 need 100G of mem, more than any host has; their dispatches are recorded at t=2, then job 1 is
    removed at the same instant. The session at t=2 (round 2) ignores job 1's dispatch and re-applies job 2's."""
    sim = Simulator(recording("""
events:
  - {time: 0, submit: {id: 1, run_time: 10, resreq: "rusage[mem=100G]"}}
  - {time: 0, submit: {id: 2, run_time: 10, resreq: "rusage[mem=100G]"}}
  - {time: 2, dispatch: {job: 1, hosts: {a: {}}}}
  - {time: 2, dispatch: {job: 2, hosts: {b: {}}}}
  - {time: 2, remove: 1}
"""))
    reports = list(sim.reports())
    assert [(r.round, str(r.job)) for r in reports if isinstance(r, Reconstructed)] == [(2, "2")]
    assert [str(w) for w in reports[-1].warnings] == ["t=2: recorded dispatch of job 1, which is removed, ignored"]
