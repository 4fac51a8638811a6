"""A host-scoped limit applies to a job only when the job matches every one of its non-host consumers."""

from tests.support.console import console_lines

# L caps ann's jobs in queue night at 1 slot on a (a has 4)
_NIGHT_LIMIT = """
cluster:
  hosts:
    - {name: a, slots: 4}
  queues:
    - {name: normal}
    - {name: night}
  limits:
    - {name: L, hosts: [a], users: [ann], queues: [night], resources: {slots: 1}}
"""


def test_a_host_limit_with_a_queue_the_job_is_not_in_does_not_apply():
    """Kills: `all(...)` -> `any(...)` in host_limits_for (the host consumer alone would make it apply)."""
    # L caps ann's jobs in queue night at 1 slot on a. Job 1 is ann's but in queue normal: L does not apply, so
    # 2 tasks fit on a.
    lines = console_lines(_NIGHT_LIMIT + """events:
  - {time: 0, submit: {id: 1, user: ann, queue: normal, tasks: 2, run_time: 5}}
""", ["step"])
    assert lines == ["round 1 #1 dispatch 1 -> a*2"]


def test_a_host_limit_whose_consumers_the_job_matches_applies():
    """Kills: refsim/sched/limits.py:host_limits_for `c.kind in values` -> `not in` (no non-host consumer would
    ever match, so no host-scoped limit with one would apply)."""
    # The twin of the test above: job 1 is ann's in queue night, so L (1 slot on a) applies and 2 tasks do not fit
    # on a, the only host; 1 task does.
    lines = console_lines(_NIGHT_LIMIT + """events:
  - {time: 0, submit: {id: 1, user: ann, queue: night, tasks: 2, run_time: 5}}
  - {time: 0, submit: {id: 2, user: ann, queue: night, tasks: 1, run_time: 5}}
""", ["step", "step"])
    assert lines == ["round 1 #1 pend 1: host-limit on 1 host", "round 1 #2 dispatch 2 -> a*1"]


def test_a_per_user_host_limit_judges_each_user_on_their_own_counter():
    """Kills: refsim/sched/limits.py:scope_key giving every user the same scope instance (a verdict kept for
    one user's counter would then answer for another's)."""
    # Per user, at most 1 slot on each host. ann's job 1 takes a's slot of her counter; her job 2 then fails on a
    # (1 used + 1 > 1), and bob's job 3, asking the same, is judged on bob's counter on a (0 + 1 <= 1): it starts.
    lines = console_lines("""
cluster:
  hosts:
    - {name: a, slots: 4}
  limits:
    - {name: L, per_host: all, per_user: all, resources: {slots: 1}}
events:
  - {time: 0, submit: {id: 1, user: ann, tasks: 1, run_time: 5}}
  - {time: 0, submit: {id: 2, user: ann, tasks: 1, run_time: 5}}
  - {time: 0, submit: {id: 3, user: bob, tasks: 1, run_time: 5}}
""", ["step", "step", "step"])
    assert lines == ["round 1 #1 dispatch 1 -> a*1", "round 1 #2 pend 2: host-limit on 1 host",
                     "round 1 #3 dispatch 3 -> a*1"]


def test_a_kept_host_verdict_of_one_user_never_explains_another_users_pend():
    """Kills: refsim/sched/hostscan.py:PositionDemand the memo key leaving out the job's limit scopes when a
    per-host limit term applies (`if self.terms` negated): a verdict kept for ann's counter would explain bob's pend."""
    # Per user, at most 1 slot on each host; a has 2 slots, b 1. ann's job 1 (2 tasks, one per host) takes a*1 and
    # b*1: a has 1 slot free, b none. ann's job 2 (1 task) pends: her counter is full on both hosts (1 + 1 > 1),
    # and b has no slot free either. bob's job 3 needs 2 tasks, one per host: on a his counter is empty (0 + 1 <= 1) and the slot is
    # free, so a would take one; b has no slot. So it pends for b's resource shortfall alone, never a host limit.
    lines = console_lines("""
cluster:
  hosts:
    - {name: a, slots: 2}
    - {name: b, slots: 1}
  limits:
    - {name: L, per_host: all, per_user: all, resources: {slots: 1}}
events:
  - {time: 0, submit: {id: 1, user: ann, tasks: 2, resreq: "span[ptile=1]", run_time: 5}}
  - {time: 0, submit: {id: 2, user: ann, tasks: 1, run_time: 5}}
  - {time: 0, submit: {id: 3, user: bob, tasks: 2, resreq: "span[ptile=1]", run_time: 5}}
""", ["step", "step", "step"])
    assert lines == ["round 1 #1 dispatch 1 -> a*1 b*1", "round 1 #2 pend 2: host-limit on 2 hosts; "
                     "resource-shortfall on 1 host", "round 1 #3 pend 3: resource-shortfall on 1 host"]


def test_a_host_limit_counted_over_several_hosts_judges_each_host_afresh_after_a_dispatch_elsewhere():
    """Kills: refsim/sched/hostscan.py:PositionDemand keeping host verdicts (a memo key) for a limit whose counter
    spans hosts (`if all(consumer.per ...)` negated): a's verdict kept from before job 2's dispatch on b would
    still accept job 3 on a although job 2 filled the counter."""
    # L: 2 slots over a and b together (one counter). a has 1 slot and 100 MB, b 2 slots and 50 MB. Job 1 asks 2
    # tasks of 60 MB, one per host: a would take one (L 0 + 1 <= 2), b has too little mem, so it pends. Job 2
    # takes both of b's slots (no mem asked): L is then 2 of 2. Job 3 asks 1 task of 60 MB: a has the slot and
    # the mem but L is full (2 + 1 > 2), so it pends: host-limit on a; b fails first in the host check (no slot
    # and too little mem), before the limit is read.
    lines = console_lines("""
cluster:
  hosts:
    - {name: a, slots: 1, mem: 100}
    - {name: b, slots: 2, mem: 50}
  limits:
    - {name: L, hosts: [a, b], resources: {slots: 2}}
events:
  - {time: 0, submit: {id: 1, tasks: 2, resreq: "rusage[mem=60] span[ptile=1]", run_time: 5}}
  - {time: 0, submit: {id: 2, tasks: 2, resreq: "span[hosts=1]", run_time: 5}}
  - {time: 0, submit: {id: 3, tasks: 1, resreq: "rusage[mem=60]", run_time: 5}}
""", ["step", "step", "step"])
    assert lines == ["round 1 #1 pend 1: resource-shortfall on 1 host", "round 1 #2 dispatch 2 -> b*2",
                     "round 1 #3 pend 3: host-limit on 1 host; resource-shortfall on 1 host"]


def test_a_host_limit_for_other_hosts_does_not_hide_the_next_limit_on_this_host():
    """Kills: refsim/sched/hostscan.py:PositionDemand.limits_on stopping at the first limit whose host list
    leaves the host out (`continue` -> `break`): the next limit, which applies, would never be read."""
    # B caps b at 1 slot (a is not in its host list); P caps every host at 1 slot. A 2-task job on one host: a has
    # the slots, B does not apply to a, but P does (0 + 2 > 1): it pends on a's host limit; b fails both.
    lines = console_lines("""
cluster:
  hosts:
    - {name: a, slots: 4}
    - {name: b, slots: 1}
  limits:
    - {name: B, hosts: [b], resources: {slots: 1}}
    - {name: P, per_host: all, resources: {slots: 1}}
events:
  - {time: 0, submit: {id: 1, tasks: 2, resreq: "span[hosts=1]", run_time: 5}}
""", ["step"])
    assert lines == ["round 1 #1 pend 1: host-limit on 2 hosts; resource-shortfall on 1 host"]


def test_one_host_limit_counted_over_several_hosts_among_per_host_ones_still_judges_each_host_afresh():
    """Kills: refsim/sched/hostscan.py:PositionDemand keeping host verdicts when only some limit terms count per
    host (`all(consumer.per ...)` -> `any(...)`): L's counter spans a and b, so a's verdict may change when b's
    usage does."""
    # As in test_a_host_limit_counted_over_several_hosts_judges_each_host_afresh_after_a_dispatch_elsewhere, plus P,
    # 10 slots on each host (never reached, but a per-host term):
    # job 3 still pends on L, full after job 2's dispatch on b.
    lines = console_lines("""
cluster:
  hosts:
    - {name: a, slots: 1, mem: 100}
    - {name: b, slots: 2, mem: 50}
  limits:
    - {name: L, hosts: [a, b], resources: {slots: 2}}
    - {name: P, per_host: all, resources: {slots: 10}}
events:
  - {time: 0, submit: {id: 1, tasks: 2, resreq: "rusage[mem=60] span[ptile=1]", run_time: 5}}
  - {time: 0, submit: {id: 2, tasks: 2, resreq: "span[hosts=1]", run_time: 5}}
  - {time: 0, submit: {id: 3, tasks: 1, resreq: "rusage[mem=60]", run_time: 5}}
""", ["step", "step", "step"])
    assert lines == ["round 1 #1 pend 1: resource-shortfall on 1 host", "round 1 #2 dispatch 2 -> b*2",
                     "round 1 #3 pend 3: host-limit on 1 host; resource-shortfall on 1 host"]


def test_positions_under_a_limit_counted_over_several_hosts_each_see_what_the_earlier_ones_hold():
    """Kills: refsim/sched/placement.py:_fill_runs filling positions of one size in one step when a limit
    counter spans hosts (`elif demand.memo_key is not None` negated or `is None`): each host would be judged
    without the earlier positions' limit holds, and the job would start over the limit."""
    # L: 2 slots over a, b and c together. Job 1 asks 3 tasks, one per host: positions 1 and 2 take a and b (L 0 + 1,
    # then 1 + 1 <= 2), position 3 finds L full on c (2 + 1 > 2, what the job itself holds) and no other host:
    # it pends. Job 2 asks 2 tasks, one per host: a and b, within L.
    lines = console_lines("""
cluster:
  hosts:
    - {name: a, slots: 1}
    - {name: b, slots: 1}
    - {name: c, slots: 1}
  limits:
    - {name: L, hosts: [a, b, c], resources: {slots: 2}}
events:
  - {time: 0, submit: {id: 1, tasks: 3, resreq: "span[ptile=1]", run_time: 5}}
  - {time: 0, submit: {id: 2, tasks: 2, resreq: "span[ptile=1]", run_time: 5}}
""", ["step", "step"])
    assert lines == ["round 1 #1 pend 1: host-limit on 1 host", "round 1 #2 dispatch 2 -> a*1 b*1"]
