"""Trace rules that only a deliberately built case decides: each test names the mutant it kills."""

from tests.support.console import console_lines, trace_lines

TWO_HOST_LIMITS = """
cluster:
  hosts:
    - {name: a, slots: 4, mem: 8G}
  shared:
    lic_b: 2
    lic_a: 2
  limits:
    - {name: zeta, hosts: [a], per_user: all, resources: {slots: 1}}
    - {name: alpha, hosts: [a], per_user: all, resources: {slots: 1}}
events:
  - {time: 0, submit: {id: 1, user: ann, tasks: 2, run_time: 10}}
  - {time: 0, submit: {id: 2, user: bob, resreq: "rusage[lic_b=1:lic_a=1]", run_time: 10}}
"""


def test_two_limits_hit_at_one_position_are_counted_in_name_order_at_summary_level():
    """Kills: `sorted(self._limit_hits.items())` -> `list(...)` in the collector's position summary (zeta, listed
    first in the recording and so hit first, would come before alpha)."""
    # Job 1 asks 2 slots on a, where zeta and alpha each allow ann 1: one host, rejected by both limits.
    block = trace_lines(console_lines(TWO_HOST_LIMITS, ["trace on 1", "step"]), "1", 1)
    assert "    position 1: not filled; hosts rejected: limit exceeded 1 (alpha[hosts=a,user=ann] 1, " \
           "zeta[hosts=a,user=ann] 1)" in block


def test_shared_resources_are_shown_in_the_decisions_order_not_by_name():
    """Kills: the outcome sorting the shared resources by name (lic_a before lic_b); the decision the simulator
    records holds them in the order the requirement asked for them (lic_b, then lic_a)."""
    lines = console_lines(TWO_HOST_LIMITS, ["trace on 2", "step 2"])
    assert "  shared resources: lic_b 1, lic_a 1" in trace_lines(lines, "2", 1)


EQUAL_HEADROOM = """
cluster:
  hosts:
    - {name: a, slots: 8}
  limits:
    - {name: zz_user, per_user: all, resources: {slots: 3}}
    - {name: aa_queue, per_queue: all, resources: {slots: 3}}
events:
  - {time: 0, submit: {id: 1, user: ann, tasks: [1, 5], run_time: 10}}
"""


def test_of_two_limits_leaving_equal_headroom_the_first_listed_is_named_binding():
    """Kills: `room < headroom` -> `room <= headroom` in cluster_check._limit_items (the last limit with the
    least headroom, aa_queue, would be named). The choice is in docs/decisions.md: the first limit in the
    recording's order, the order the check lines are printed in."""
    # Both limits leave 3 of their 3 slots: a 5-task plan exceeds both equally.
    block = trace_lines(console_lines(EQUAL_HEADROOM, ["trace on 1", "step"]), "1", 1)
    assert "  plan 1: 1 host, tasks per position [5]: discarded: 5 tasks exceed the headroom of 3 tasks left by " \
           "zz_user[user=ann] slots" in block


def test_a_smaller_headroom_is_binding_whatever_its_place():
    """Kills: `room < headroom` -> `room > headroom` (the larger headroom, 4, would be named and used)."""
    text = EQUAL_HEADROOM.replace("{slots: 3}}\n    - {name: aa_queue, per_queue: all, resources: {slots: 3}}",
                                  "{slots: 4}}\n    - {name: aa_queue, per_queue: all, resources: {slots: 3}}")
    block = trace_lines(console_lines(text, ["trace on 1", "step"]), "1", 1)
    assert "  plan 1: 1 host, tasks per position [5]: discarded: 5 tasks exceed the headroom of 3 tasks left by " \
           "aa_queue[queue=normal] slots" in block
