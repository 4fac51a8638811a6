"""`info job`, `info host`, `info queue` and `info limit` in the cases the inspection scenarios do not show: a task
range, a job not decided yet, an idle host, names the replay does not know, a cluster without limits."""

from tests.support.console import console_lines
from tests.support.recordings import EASY_WITH_LICENSES

# Hosts a and b, 4 slots each (tests.support.recordings.CLUSTER). Job 1 asks for 2 to 4 tasks and gets the most that
# fit on one host, a*4, in the first decision; job 2 is pending and not yet decided after that one step.
TEXT = """
events:
  - {time: 0, submit: {id: 1, tasks: [2, 4], run_time: 10}}
  - {time: 0, submit: {id: 2, run_time: 10}}
"""


def test_a_task_range_and_a_job_not_decided_yet():
    """Kills: info.py:job_lines the task range written as one number or its separator mutated, and
    info.py:_outcome the `none yet` text mutated."""
    lines = console_lines(TEXT, ["step", "info job 1", "info job 2"])
    assert lines[3] == "  tasks 2,4, requirement ''"
    assert lines[5:] == ["job 2: pending",
                         "  user user, queue normal, project default, priority 0, queued t=0, run time 10",
                         "  tasks 1, requirement ''",
                         "  latest decision: none yet"]


def test_an_idle_host_runs_none():
    """Kills: info.py:host_lines the `none` of a host without running jobs mutated."""
    assert console_lines(TEXT, ["step", "info host b"]) == [
        "round 1 #1 dispatch 1 -> a*4", "host b: open", "  slots: 0 used of 4", "  mem: 0MB used of 8GB", "  type=X86",
        "  running: none"]


def test_names_the_replay_does_not_know_and_no_limits():
    """Kills: info.py:job_lines, host_lines, queue_lines their `unknown` lines, and limit_lines its `no limits`
    line, mutated."""
    assert console_lines(TEXT, ["info job 7", "info host zz", "info queue zz", "info limit"]) == [
        "job 7: unknown", "host zz: unknown", "queue zz: unknown", "no limits"]


def test_a_queue_counts_its_pending_and_running_jobs_apart():
    """After the first decision job 1 runs and job 2 waits, both in queue normal.
    Kills: info.py:queue_lines the queue or state filters of its pending and running lists mutated."""
    assert console_lines(TEXT, ["step", "info queue"])[1] == \
        "queue normal: priority 0, 1 pending (2), 1 running (1)"


def test_a_job_spread_over_two_hosts_runs_on_each():
    """Six tasks on two 4-slot hosts: 3 on a and 3 on b (span decided by the scheduler); `info host b` lists the
    job although b is not its only host. Kills: info.py:host_lines `any` -> `all` over the job's hosts."""
    text = "events:\n  - {time: 0, submit: {id: 1, tasks: 6, run_time: 10}}\n"
    assert console_lines(text, ["step", "info host b"]) == [
        "round 1 #1 dispatch 1 -> a*3 b*3", "host b: open", "  slots: 3 used of 4", "  mem: 0MB used of 8GB",
        "  type=X86", "  running: 1"]


def test_a_reconstructed_dispatch_is_named_as_the_latest_decision():
    """Job 2's dispatch onto b is recorded, so the replay reconstructs it before round 1's session decides anything
    (reconstructed dispatches come first in their round): after one step job 2 runs on b with no session decision of
    its own, and `info job 2` names the reconstruction. Kills: info.py:_outcome the `reconstructed dispatch` text
    mutated."""
    text = TEXT.replace("tasks: [2, 4], ", "") + "  - {time: 0, dispatch: {job: 2, hosts: {b: {slots: 1}}}}\n"
    assert console_lines(text, ["step", "info job 2"]) == [
        "round 1 dispatch 2 -> b*1 (reconstructed)",
        "job 2: running on b*1 since t=0",
        "  user user, queue normal, project default, priority 0, queued t=0, run time 10",
        "  tasks 1, requirement ''",
        "  latest decision: reconstructed dispatch"]


def test_under_a_backfill_discipline_info_job_gives_each_pending_job_its_planned_start():
    """EASY backfilling: job 1 takes all 8 slots until its run limit ends at t=100; job 2, the first job waiting,
    holds the one backfill reservation, for t=100 on a*4 b*4 with its 2 licenses; job 3, behind it, holds none.
    A running job has no planned start. Kills: info.py:_planned_start the `none` line or the shared part mutated
    (or dropped), and job_lines the planned start given to a running job."""
    lines = console_lines(EASY_WITH_LICENSES, ["step 3", "info job 1", "info job 2", "info job 3"])
    assert lines[3:] == [
        "job 1: running on a*4 b*4 since t=0",
        "  user user, queue normal, project default, priority 0, queued t=0, run time 100",
        "  tasks 8, requirement ''",
        "  latest decision: round 1: dispatch -> a*4 b*4",
        "job 2: pending",
        "  user user, queue normal, project default, priority 0, queued t=0, run time 10",
        "  tasks 8, requirement 'rusage[lic=2]'",
        "  latest decision: round 1: pend: backfill-reservation; resource-shortfall on 2 hosts",
        "    resource-shortfall on 2 hosts: a,b",
        "  planned start: t=100 (backfill reservation of round 1: a*4 b*4, lic 2)",
        "job 3: pending",
        "  user user, queue normal, project default, priority 0, queued t=0, run time 10",
        "  tasks 8, requirement ''",
        "  latest decision: round 1: pend: resource-shortfall on 2 hosts",
        "    resource-shortfall on 2 hosts: a,b",
        "  planned start: none (no backfill reservation held)"]


def test_a_limit_on_two_resources_lists_both_caps_and_each_users_usage_of_each():
    """Limit `team` caps each user at 6 slots and 12G. Job 1 (ann, 2 tasks of 2G) and job 2 (ben, 1 task of 1G)
    both start in round 1, so ann holds 2 slots and 4GB, ben 1 slot and 1GB. The caps are listed in the order the
    limit names them; the usage lines are sorted by scope instance, then resource. Kills: info.py:_limit_line the
    separator of the caps mutated."""
    text = """
cluster:
  hosts:
    - {name: a, slots: 4, mem: 8G}
    - {name: b, slots: 4, mem: 8G}
  limits:
    - {name: team, per_user: all, resources: {slots: 6, mem: 12G}}
events:
  - {time: 0, submit: {id: 1, user: ann, tasks: 2, run_time: 10, resreq: 'rusage[mem=2G]'}}
  - {time: 0, submit: {id: 2, user: ben, tasks: 1, run_time: 10, resreq: 'rusage[mem=1G]'}}
"""
    assert console_lines(text, ["step 2", "info limit"])[2:] == [
        "limit team (cluster-wide): per_user: all; slots 6, mem 12GB",
        "  [user=ann] mem: 4GB of 12GB", "  [user=ann] slots: 2 of 6",
        "  [user=ben] mem: 1GB of 12GB", "  [user=ben] slots: 1 of 6"]
