"""A removed job is named `removed` wherever its state is shown: in the replay's warnings and in the snapshot."""

from refsim.repl.snapshot import snapshot_document
from refsim.sim.replay import ReplayEnded, Simulator
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
