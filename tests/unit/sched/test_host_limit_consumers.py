"""A host-scoped limit applies to a job only when the job matches every one of its non-host consumers."""

from tests.support.console import console_lines


def test_a_host_limit_with_a_queue_the_job_is_not_in_does_not_apply():
    """Kills: `all(...)` -> `any(...)` in host_limits_for (the host consumer alone would make it apply)."""
    # L caps ann's jobs in queue night at 1 slot on a. Job 1 is ann's but in queue normal: L does not apply, so
    # 2 tasks fit on a.
    lines = console_lines("""
cluster:
  hosts:
    - {name: a, slots: 4}
  queues:
    - {name: normal}
    - {name: night}
  limits:
    - {name: L, hosts: [a], users: [ann], queues: [night], resources: {slots: 1}}
events:
  - {time: 0, submit: {id: 1, user: ann, queue: normal, tasks: 2, run_time: 5}}
""", ["step"])
    assert lines == ["round 1 #1 dispatch 1 -> a*2"]
