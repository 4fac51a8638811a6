"""The replay loop: discrete clock, rounds, sessions, reconstructed dispatches, finishes and removals."""

from refsim.model.jobid import JobId
from refsim.model.jobs import JobState
from refsim.sched.decisions import Dispatch, NoDecision, Pend
from refsim.sched.results import SessionResult
from refsim.sim.replay import Reconstructed, ReplayEnded, RoundEnded, RoundStarted, Simulator
from tests.support.recordings import recording


def reports(text: str):
    sim = Simulator(recording(text))
    return sim, list(sim.reports())


def brief(items) -> list[str]:
    out = []
    for r in items:
        if isinstance(r, RoundStarted):
            out.append(f"round {r.round} t={r.time:g}")
        elif isinstance(r, Reconstructed):
            out.append(f"  reconstructed {r.job}")
        elif isinstance(r, SessionResult):
            out.append(f"  #{r.position} {type(r.outcome).__name__.lower()} {r.job}")
    return out


def test_sessions_after_each_instant_with_activity_and_finishes_release_usage():
    # 1 takes all 8 slots (two hosts of 4) until t=10; 2 pends at t=0 and t=5, then runs when 1 finishes at 10.
    sim, items = reports("""
events:
  - {time: 0, submit: {id: 1, tasks: 8, run_time: 10}}
  - {time: 0, submit: {id: 2, tasks: 2, run_time: 5}}
  - {time: 5, submit: {id: 3, tasks: 1, run_time: 1, resreq: "select[type==ARM]"}}
""")
    assert brief(items) == [
        "round 1 t=0", "  #1 dispatch 1", "  #2 pend 2",
        "round 2 t=5", "  #1 pend 2", "  #2 pend 3",
        "round 3 t=10", "  #1 dispatch 2", "  #2 pend 3",
        "round 4 t=15", "  #1 pend 3"]
    end = items[-1]
    assert isinstance(end, ReplayEnded)
    assert (end.statistics.dispatched, end.statistics.finished, end.statistics.pending) == (2, 2, 1)
    assert sim.state.usage.snapshot()["hosts"] == {}


def test_reconstructed_dispatches_come_first_in_their_round():
    sim, items = reports("""
events:
  - {time: 0, submit: {id: 1, run_time: 10}}
  - {time: 0, submit: {id: 2, run_time: 10}}
  - {time: 0, dispatch: {job: 2, hosts: {b: {slots: 1}}}}
""")
    assert brief(items)[:3] == ["round 1 t=0", "  reconstructed 2", "  #1 dispatch 1"]
    assert sim.jobs.get(JobId(2)).reconstructed


def test_explicit_sessions_only_when_listed():
    _, items = reports("""
events:
  - {time: 0, submit: {id: 1, run_time: 5}}
  - {time: 3, session: {}}
  - {time: 3, session: {}}
""")
    assert [r.time for r in items if isinstance(r, RoundStarted)] == [3, 3]


def test_remove_takes_a_job_out_and_finish_of_a_pending_job_is_a_warning():
    sim, items = reports("""
events:
  - {time: 0, submit: {id: 1, tasks: 8, run_time: 100}}
  - {time: 0, submit: {id: 2, run_time: 1}}
  - {time: 5, remove: 1}
  - {time: 6, finish: 2}
""")
    assert sim.jobs.get(JobId(1)).state is JobState.REMOVED
    assert [str(w) for w in items[-1].warnings] == ["t=6: finish of job 2, which is finished, ignored"]
    assert "  #1 dispatch 2" in brief(items)


def test_host_close_and_open_change_what_is_placed():
    sim, items = reports("""
events:
  - {time: 0, host: {name: a, status: closed}}
  - {time: 0, host: {name: b, status: closed}}
  - {time: 0, submit: {id: 1, run_time: 1}}
  - {time: 7, host: {name: b, status: open}}
""")
    # The finish at t=8 is activity too: a round with nothing pending.
    assert brief(items) == ["round 1 t=0", "  #1 pend 1", "round 2 t=7", "  #1 dispatch 1", "round 3 t=8"]
    assert sim.jobs.get(JobId(1)).allocation.hosts[0].host == "b"


def test_zero_run_time_finishes_at_once_in_a_second_round_at_the_same_instant():
    _, items = reports("""
events:
  - {time: 0, submit: {id: 1, tasks: 8}}
  - {time: 0, submit: {id: 2, tasks: 8}}
""")
    # Job 1 ends at t=0, which calls for round 2 at t=0; job 2's own end calls for round 3 (nothing pending).
    assert brief(items) == ["round 1 t=0", "  #1 dispatch 1", "  #2 pend 2", "round 2 t=0", "  #1 dispatch 2",
                            "round 3 t=0"]


def test_round_summary_lists_what_the_round_decided():
    _, items = reports("""
events:
  - {time: 0, submit: {id: 1, tasks: 8, run_time: 9}}
  - {time: 0, submit: {id: 2, resreq: "select["}}
  - {time: 0, submit: {id: 3, run_time: 1}}
""")
    summary = next(r for r in items if isinstance(r, RoundEnded)).summary
    assert summary.dispatched == (JobId(1),)
    assert [j for j, _ in summary.pended] == [JobId(3)]
    assert summary.no_decision == (JobId(2),)


def test_the_same_recording_replays_identically():
    text = "\nevents:\n" + "".join(f"  - {{time: {i}, submit: {{id: {i + 1}, tasks: {i % 3 + 1}, run_time: 7}}}}\n"
                                   for i in range(12))
    first = [r for r in reports(text)[1] if isinstance(r, SessionResult)]
    second = [r for r in reports(text)[1] if isinstance(r, SessionResult)]
    assert first == second and any(isinstance(r.outcome, Pend) for r in first)
    assert all(isinstance(r.outcome, (Dispatch, Pend, NoDecision)) for r in first)
