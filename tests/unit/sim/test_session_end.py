"""When a session ends: once the simulator has reported its last decision or no-decision selection, before the
round's end is reported. The simulator's `session_in_progress` says so at each report."""

from refsim.sched.results import SessionResult
from refsim.sim.replay import Reconstructed, RoundEnded, RoundStarted, Simulator
from tests.support.recordings import recording


def _flags(text: str) -> list[tuple[str, bool]]:
    """Each report of the first rounds with whether a session is in progress when it is reported."""
    sim = Simulator(recording(text))
    seen = []
    for report in sim.reports():
        name = {RoundStarted: "start", RoundEnded: "end", Reconstructed: "reconstructed"}.get(type(report))
        if isinstance(report, SessionResult):
            name = f"#{report.position}"
        if name is None:
            break
        seen.append((name, sim.session_in_progress))
    return seen


def test_the_last_selection_ends_the_session_before_the_round_ends():
    """Kills: the session left in progress until the round's end (the spec 1.7/8.5 deviation), and the count of
    selections to report off by one either way (#1 would end it, or #2 would not)."""
    # Two jobs in one session: in progress after #1, ended once #2 (the last) is reported.
    assert _flags("""
events:
  - {time: 0, submit: {id: 1, run_time: 5}}
  - {time: 0, submit: {id: 2, run_time: 5}}
""")[:4] == [("start", False), ("#1", True), ("#2", False), ("end", False)]


def test_a_reconstructed_dispatch_before_selections_keeps_the_session_in_progress():
    """Kills: the reconstruction phase ignoring the selections still to come (the session would end at the
    reconstructed dispatch) or ignoring a second recorded dispatch still waiting."""
    assert _flags("""
events:
  - {time: 0, submit: {id: 1, run_time: 5}}
  - {time: 0, submit: {id: 2, run_time: 5}}
  - {time: 0, submit: {id: 3, run_time: 5}}
  - {time: 0, dispatch: {job: 1, hosts: {a: {slots: 1}}}}
  - {time: 0, dispatch: {job: 2, hosts: {a: {slots: 1}}}}
""")[:5] == [("start", False), ("reconstructed", True), ("reconstructed", True), ("#1", False), ("end", False)]


def test_a_round_of_reconstructed_dispatches_only_ends_at_the_last_of_them():
    """Kills: a recorded dispatch whose job is no longer pending counted as still to report (it is skipped with a
    warning), which would keep the session in progress past its last report."""
    assert _flags("""
events:
  - {time: 0, submit: {id: 1, run_time: 5}}
  - {time: 0, dispatch: {job: 1, hosts: {a: {slots: 1}}}}
  - {time: 0, dispatch: {job: 1, hosts: {b: {slots: 1}}}}
""")[:3] == [("start", False), ("reconstructed", False), ("end", False)]


def test_a_round_of_one_reconstructed_dispatch_and_nothing_pending_ends_at_it():
    """The round's only report is job 1's recorded dispatch: with no recorded dispatch left to re-apply and no job
    pending, the session is over when it is reported.
    Kills: refsim/sim/replay.py:Simulator._reconstruction_waits `any` -> `all` (with no recorded dispatch left,
    all() of nothing is True and the session would stay in progress to the round's end)."""
    assert _flags("""
events:
  - {time: 0, submit: {id: 1, run_time: 5}}
  - {time: 0, dispatch: {job: 1, hosts: {a: {slots: 1}}}}
""")[:3] == [("start", False), ("reconstructed", False), ("end", False)]
