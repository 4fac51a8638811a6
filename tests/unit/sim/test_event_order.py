"""The event-order rules of docs/simulator.md ("Instants" and "Sessions"), one hand-verified scenario each.
The cluster is two hosts a and b of 4 slots each (tests/support/recordings.CLUSTER)."""

from refsim.model.jobs import JobState
from refsim.model.jobid import JobId
from refsim.sim.replay import RoundStarted
from tests.unit.sim.test_replay import brief, reports


def session_times(items) -> list[float]:
    return [r.time for r in items if isinstance(r, RoundStarted)]


def test_an_event_that_changes_nothing_earns_no_session_whatever_its_kind():
    # Job 1 runs 0..1 (a session at 0 dispatches it, its finish at 1 earns a session). Afterwards every event
    # changes nothing: a finish of the finished job (t=5), its removal (t=6), opening the already open host a
    # (t=7) and a recorded dispatch of the finished job (t=8). None of them earns a session; the finish and the
    # dispatch are reported as warnings stamped with their own times.
    sim, items = reports("""
events:
  - {time: 0, submit: {id: 1, run_time: 1}}
  - {time: 5, finish: 1}
  - {time: 6, remove: 1}
  - {time: 7, host: {name: a, status: open}}
  - {time: 8, dispatch: {job: 1, hosts: {a: {slots: 1}}}}
""")
    assert session_times(items) == [0, 1]
    assert [str(w) for w in items[-1].warnings] == [
        "t=5: finish of job 1, which is finished, ignored",
        "t=8: recorded dispatch of job 1, which is finished, ignored"]
    assert sim.jobs.get(JobId(1)).state is JobState.FINISHED


def test_every_first_session_is_at_the_first_events_time_and_an_instants_events_come_first():
    # interval 10 from the first event at t=0: a session at 0 dispatches job 1 (runs 0..15). At 10 nothing
    # changed, but a recorded event (the submit at 20) remains, so the session runs. Job 2 is submitted exactly
    # at the tick t=20 and is dispatched in that tick's session, not an interval later. Its finish at 25 is a
    # change, so the tick at 30 runs; at 40 nothing changed and no recorded event remains: the replay ends.
    _, items = reports("""
sessions: {policy: every, interval: 10}
events:
  - {time: 0, submit: {id: 1, run_time: 15}}
  - {time: 20, submit: {id: 2, run_time: 5}}
""")
    assert brief(items) == ["round 1 t=0", "  #1 dispatch 1", "round 2 t=10", "round 3 t=20", "  #1 dispatch 2",
                            "round 4 t=30"]


def test_every_counts_only_recorded_events_as_remaining():
    # A job running 0..100 and no other event: after the session at 0 nothing changes and no recorded event is
    # left, so the ticks stop; the finish still to come does not keep them going. The job is running at the end.
    _, items = reports("""
sessions: {policy: every, interval: 10}
events:
  - {time: 0, submit: {id: 1, run_time: 100}}
""")
    assert session_times(items) == [0]
    end = items[-1].statistics
    assert (end.time, end.running, end.finished) == (0, 1, 0)


def test_an_explicit_session_comes_after_the_other_events_of_its_instant():
    # The session at 5 is listed before job 2's submit at 5, yet the submit applies first, so round 2 considers 2.
    _, items = reports("""
events:
  - {time: 0, submit: {id: 1, run_time: 100}}
  - {time: 0, session: {}}
  - {time: 5, session: {}}
  - {time: 5, submit: {id: 2, run_time: 100}}
""")
    assert brief(items) == ["round 1 t=0", "  #1 dispatch 1", "round 2 t=5", "  #1 dispatch 2"]


def test_completions_apply_before_arrivals_then_one_session():
    # Job 1 fills both hosts (8 slots) from 0 to 10. At t=10 the submits of 3 and 2 are listed before a recorded
    # finish of 3: the finish is a completion, so it applies before both arrivals and finds 3 not yet submitted
    # (a warning; in file order it would have found 3 pending). Job 1's automatic finish is a completion too, so
    # the hosts are free when the one session at 10 dispatches 3 and 2 (1 + 7 slots); their finishes at 11 earn
    # the last session.
    _, items = reports("""
events:
  - {time: 0, submit: {id: 1, tasks: 8, run_time: 10}}
  - {time: 10, submit: {id: 3, run_time: 1}}
  - {time: 10, submit: {id: 2, tasks: 7, run_time: 1}}
  - {time: 10, finish: 3}
""")
    assert session_times(items) == [0, 10, 11]
    assert [str(w) for w in items[-1].warnings] == [
        "t=10: finish of job 3 before its submission at the same time, ignored"]


def test_removing_an_array_by_its_job_number_removes_every_element():
    # Array 7 has three 1-task elements running 100 s; the two 4-slot hosts run all three from 0. `remove: 7` at 5 names the array: the loader turns it into one removal per element, and
    # all three end removed; one session at 5 follows (with nothing pending).
    sim, items = reports("""
events:
  - {time: 0, submit: {id: 7, array: 3, run_time: 100}}
  - {time: 5, remove: 7}
""")
    assert [sim.jobs.get(JobId(7, i)).state for i in (1, 2, 3)] == [JobState.REMOVED] * 3
    assert session_times(items) == [0, 5]


def test_a_stopped_jobs_automatic_finish_does_not_move_the_clock():
    # Job 1 would run 0..100 but is removed at 5: its automatic finish at 100 changes nothing, so the clock
    # never moves there and the replay ends at 5 (utilisation counts 5 slot-seconds over 8 slots x 5 s).
    _, items = reports("""
events:
  - {time: 0, submit: {id: 1, run_time: 100}}
  - {time: 5, remove: 1}
""")
    assert session_times(items) == [0, 5]
    assert (items[-1].statistics.time, items[-1].statistics.utilisation) == (5, 5 / 40)


def test_a_replay_shorter_than_a_second_still_has_its_utilisation():
    """Kills: sim/replay.py:Simulator.statistics' `span > 0` mutated to `span > 1` (a replay spanning less than a
    second would report 0% used). The default cluster has 8 slots; job 1 holds one of them for the whole 0.5 s
    replay (submitted at 0, it ends at 0.5): 0.5 slot-seconds over 8 slots x 0.5 s is 1/8."""
    _, items = reports("""
events:
  - {time: 0, submit: {id: 1, run_time: 0.5}}
""")
    assert (items[-1].statistics.time, items[-1].statistics.utilisation) == (0.5, 1 / 8)


def test_utilisation_counts_a_job_still_running_when_the_ticks_stop():
    """Kills: sim/replay.py:Simulator.statistics' slot-seconds of the finished jobs plus those of the running ones
    mutated to minus. Sessions every second stop once no recorded event is left and nothing changed, even with a
    job's finish still to come (docs/simulator.md). Jobs 1 and 2 start at 0 on the default 8 slots; 1 ends at 1,
    whose session changes nothing more, so the replay ends at 1 with job 2 running: 1 + 1 slot-seconds over
    8 slots x 1 s is 0.25."""
    _, items = reports("""
sessions: {policy: every, interval: 1}
events:
  - {time: 0, submit: {id: 1, run_time: 1}}
  - {time: 0, submit: {id: 2, run_time: 100}}
""")
    st = items[-1].statistics
    assert (st.time, st.finished, st.running, st.utilisation) == (1, 1, 1, 0.25)


def test_a_job_still_running_is_described_with_its_hosts():
    """Kills: sim/jobtable.py:JobRecord.describe's RUNNING state name mutated (a running job would be described as
    just "running", without where it runs; the console's `why` and trace messages quote this). Job 2's 6 tasks
    take hosts a and b (4 slots each) and it is still running when the ticks stop at 1; job 1 has finished."""
    from refsim.model.jobid import JobId

    sim, _ = reports("""
sessions: {policy: every, interval: 1}
events:
  - {time: 0, submit: {id: 1, run_time: 1}}
  - {time: 0, submit: {id: 2, tasks: 6, run_time: 100}}
""")
    assert (sim.jobs[JobId(2)].describe(), sim.jobs[JobId(1)].describe()) == ("running on a b", "finished")


def test_utilisation_spans_from_the_first_event_not_from_time_0():
    """Kills: sim/replay.py:Simulator.statistics' span (the end minus the first event's time) mutated to a sum. The
    recording starts at t=100: job 1 holds 2 of the default 8 slots from 100 to 110, job 2 1 slot from 100 to 105,
    and the replay ends at 110. 2 x 10 + 1 x 5 = 25 slot-seconds over 8 slots x 10 s is 25/80 (with a span of
    100 + 110 it would be 25/1680)."""
    _, items = reports("""
events:
  - {time: 100, submit: {id: 1, tasks: 2, run_time: 10}}
  - {time: 100, submit: {id: 2, run_time: 5}}
""")
    st = items[-1].statistics
    assert (st.time, st.finished, st.utilisation) == (110, 2, 25 / 80)


def test_a_replay_of_one_instant_has_utilisation_zero():
    # Every event is at t=3: job 1 is submitted and dispatched there, with a run time of 0, so it finishes at 3
    # too. The replay spans 0 seconds: no slot-second can have been used, so utilisation is 0 (not a division
    # by zero, and not 100%). Kills: sim/replay.py:Simulator.statistics its 0.0 for an empty span -> 1.0.
    _, items = reports("""
events:
  - {time: 3, submit: {id: 1, run_time: 0}}
""")
    st = items[-1].statistics
    assert (st.time, st.finished, st.utilisation) == (3, 1, 0.0)


def test_every_sessions_never_start_when_the_first_instant_changed_nothing():
    # Interval 10 from the first event at t=0, whose only event opens host a, which is already open: nothing
    # changed and no recorded event is left, so no tick has anything to do and the replay ends without a
    # session. Kills: sim/replay.py:Simulator.reports `changed = False` -> True before the first event (a
    # change assumed that never happened, and a session for it).
    _, items = reports("""
sessions: {policy: every, interval: 10}
events:
  - {time: 0, host: {name: a, status: open}}
""")
    assert session_times(items) == []
    assert items[-1].statistics.rounds == 0


def test_a_recorded_dispatch_alone_at_its_instant_earns_a_session_there():
    # Job 1 takes all 8 slots from 0 to 10, so job 2 pends at 0. The recording says job 2 was dispatched on b at
    # t=5, where nothing else happens: that is a change, so a session runs at 5 and reconstructs job 2 there
    # (the replay follows the recording, over the slots job 1 holds), not at job 1's finish at 10. Kills:
    # sim/replay.py:Simulator._recorded_dispatch `return True` -> False (a recorded dispatch taken for no change).
    sim, items = reports("""
events:
  - {time: 0, submit: {id: 1, tasks: 8, run_time: 10}}
  - {time: 0, submit: {id: 2, run_time: 10}}
  - {time: 5, dispatch: {job: 2, hosts: {b: {slots: 1}}}}
""")
    assert brief(items)[:5] == ["round 1 t=0", "  #1 dispatch 1", "  #2 pend 2", "round 2 t=5", "  reconstructed 2"]
    assert sim.jobs.get(JobId(2)).start_time == 5
