"""How the scheduler state decides its path (refsim/sched/state.py): the environment switch that forces the
reference path."""

from refsim.model.cluster import Cluster, Host
from refsim.sched.state import SchedulerState


def test_the_reference_path_is_forced_by_the_environment_switch_and_only_by_a_value_other_than_0(monkeypatch) -> None:
    """REFSIM_REFERENCE_PATH=1 makes every untraced job take the reference path (the benchmarks' reference
    figures are measured so); unset, empty or 0, untraced jobs take the fast path.
    The switch is named as docs/planning.md names it, REFSIM_REFERENCE_PATH.
    Kills: state.py:reference_forced returning None (the switch ignored), `not in` -> `in`, and either
    accepted "off" value ("" or "0") changed; state.py REFERENCE_ENV naming another variable."""
    cluster = Cluster((Host("a", {"slots": 1}),))
    monkeypatch.delenv("REFSIM_REFERENCE_PATH", raising=False)
    assert SchedulerState(cluster).fast_path is True
    for value, forced in (("1", True), ("yes", True), ("0", False), ("", False)):
        monkeypatch.setenv("REFSIM_REFERENCE_PATH", value)
        assert SchedulerState(cluster).fast_path is (not forced), value
