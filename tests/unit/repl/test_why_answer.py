"""The one-line answer `why JOB` leads with (refsim/repl/answer.py), on recordings worked by hand. It plans on the
running jobs alone, each holding its slots until its start plus its run limit, for ever without one."""

from __future__ import annotations

from tests.support.console import console_lines
from tests.unit.report.test_story import EASY


def _answer(text: str, commands: list[str], job: str) -> str:
    lines = console_lines(text, commands)
    return next(line for line in lines if line.startswith(f"why {job}: needs"))


def test_enough_comes_free_when_the_running_job_on_the_host_it_needs_ends():
    """EASY (tests/unit/report/test_story.py) stopped in the session at t=2: jobs 1 (a, until 0 + 100) and 2 (b,
    until 0 + 50) hold all 4 slots; job 3 needs 4, so it needs both ends: the later is job 1's at t=100."""
    assert _answer(EASY, ["break job 4", "continue", "why 3"], "3") == (
        "why 3: needs 4 slots; 0 of 4 free now; what it needs comes free at t=100, when job 1 ends (start 0 + run limit 100)")


def test_job_4_needs_only_the_first_end():
    """The same state: job 4 needs 2 slots, which job 2's end at t=50 frees on b."""
    assert _answer(EASY, ["break job 4", "continue", "why 4"], "4") == (
        "why 4: needs 2 slots; 0 of 4 free now; what it needs comes free at t=50, when job 2 ends (start 0 + run limit 50)")


UNENDING = ("cluster:\n  hosts:\n    - {name: a, slots: 2}\n    - {name: b, slots: 1}\nevents:\n"
            "  - {time: 0, submit: {id: 1, tasks: 2, run_time: 100}}\n"
            "  - {time: 0, submit: {id: 3, tasks: 1, run_time: 100}}\n"
            "  - {time: 1, submit: {id: 2, tasks: 2, run_time: 10, run_limit: 10}}\n")


def test_running_jobs_without_a_run_limit_make_the_time_unknown():
    """Jobs 1 (a) and 3 (b) have no run limit and hold all 3 slots: when 2 slots come free for job 2 cannot be
    told, and both are named."""
    assert _answer(UNENDING, ["break job 2", "continue", "why 2"], "2") == (
        "why 2: needs 2 slots; 0 of 3 free now; when what it needs comes free cannot be told: 2 running jobs (job 1, job 3) "
        "have no run limit")
    one = UNENDING.replace("id: 3, tasks: 1, run_time: 100}", "id: 3, tasks: 1, run_time: 100, run_limit: 100}")
    assert _answer(one, ["break job 2", "continue", "why 2"], "2") == (
        "why 2: needs 2 slots; 0 of 3 free now; when what it needs comes free cannot be told: 1 running job (job 1) has no "
        "run limit")
