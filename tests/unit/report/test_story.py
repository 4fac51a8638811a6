"""`refsim report RUN --job ID`: one job's story from the run output alone (docs/report.md, "A job's story").

EASY, worked by hand (easy; hosts a and b of 2 slots each; run limits = run times):
- t=0: job 1 (2 tasks, 100 s) takes a, job 2 (2 tasks, 50 s) takes b.
- t=1: job 3 (4 tasks, 10 s) needs both hosts: it pends as the head and reserves a and b from t=100 (job 1's
  end; b frees at 50). It pends again at t=2 (job 4's submission), t=50, t=90 and t=95: 5 sessions, each with the
  reservation at t=100 (drift 0). At t=1 and 2 both hosts lack slots; from t=50 only a (b is free when the head is
  judged, before job 4 is).
- t=2: job 4 (2 tasks, 40 s) pends: no free slot. t=50 (job 2 ends, freeing b): job 4 ends at 50 + 40 = 90 <= 100,
  so EASY backfills it on b: it took a host job 3 needed, in a session where job 3 pended, and overtook it.
- t=90: job 4 ends; t=95: job 7 (4 tasks, 10 s) pends behind job 3 (only a lacks slots: b is free). t=100: job 1
  ends, freeing a (the end job 3 finally waited for; job 4's end at t=90 came before job 3's last pend session),
  and job 3 starts on a and b: for job 7 it took both hosts, ahead of it in order. Job 7 is then the head and
  reserves a and b from t=110 (job 3's end), and starts then.
"""

from __future__ import annotations

import json

import pytest

from tests.support.cli import run
from tests.unit.report.test_jobs import OVERTAKE

EASY = """\
scheduling: {discipline: easy}
cluster:
  hosts:
    - {name: a, slots: 2}
    - {name: b, slots: 2}
events:
  - {time: 0, submit: {id: 1, tasks: 2, run_time: 100, run_limit: 100}}
  - {time: 0, submit: {id: 2, tasks: 2, run_time: 50, run_limit: 50}}
  - {time: 1, submit: {id: 3, tasks: 4, run_time: 10, run_limit: 10}}
  - {time: 2, submit: {id: 4, tasks: 2, run_time: 40, run_limit: 40}}
  - {time: 95, submit: {id: 7, tasks: 4, run_time: 10, run_limit: 10}}
"""


def _output(tmp_path_factory, name: str, recording: str) -> str:
    folder = tmp_path_factory.mktemp(name)
    (folder / "r.yaml").write_text(recording)
    assert run("sim", str(folder / "r.yaml"), "--sim-output", str(folder / "r.jsonl")).exit_code == 0
    return str(folder / "r.jsonl")


@pytest.fixture(scope="module")
def easy(tmp_path_factory) -> str:
    return _output(tmp_path_factory, "easy", EASY)


@pytest.fixture(scope="module")
def overtake(tmp_path_factory) -> str:
    return _output(tmp_path_factory, "overtake", OVERTAKE)


def _story(run_file: str, job: str) -> list[str]:
    result = run("report", run_file, "--job", job)
    assert result.exit_code == 0, result.output
    return result.output.splitlines()


def test_the_head_reserved_waited_for_job_1_and_was_overtaken_by_a_backfill(easy):
    assert _story(easy, "3") == [
        "job 3: queue normal, 4 slots",
        "  submitted t=1, started t=100 on a,b: waited 99 s (1m39s), pending in 5 sessions",
        "  pend reasons, by run of sessions:",
        "    t=1 to t=2, 2 sessions: backfill-reservation; resource-shortfall: slots on a,b (2 hosts)",
        "    t=50 to t=95, 3 sessions: backfill-reservation; resource-shortfall: slots on a",
        "  took resources it needed while it waited: 1 job (0 ahead of it in order, 1 backfilled)",
        "    job 4 at t=50 on b: backfilled (submitted after it)",
        "  finally waited for: job 1 finished at t=100 (freed a)",
        "  overtaken by 1 later job: job 4 (started t=50)",
        "  planned starts: 5 backfill reservations held; first t=100, last t=100 (drift 0 s); started t=100"]


def test_a_job_behind_the_head_names_the_head_as_ahead_of_it(easy):
    assert _story(easy, "7") == [
        "job 7: queue normal, 4 slots",
        "  submitted t=95, started t=110 on a,b: waited 15 s (15s), pending in 2 sessions",
        "  pend reasons, by run of sessions:",
        "    t=95, 1 session: resource-shortfall: slots on a",
        "    t=100, 1 session: backfill-reservation; resource-shortfall: slots on a,b (2 hosts)",
        "  took resources it needed while it waited: 1 job (1 ahead of it in order, 0 backfilled)",
        "    job 3 at t=100 on a,b: ahead of it",
        "  finally waited for: job 3 finished at t=110 (freed a,b)",
        "  overtaken by no later job",
        "  planned starts: 1 backfill reservation held; first t=110, last t=110 (drift 0 s); started t=110"]


def test_a_job_that_did_not_wait_says_so(easy):
    assert _story(easy, "1") == [
        "job 1: queue normal, 2 slots",
        "  submitted t=0, started t=0 on a: waited 0 s (0s), pending in 0 sessions",
        "  it did not wait: it started in the session of its submission",
        "  overtaken by no later job"]


def test_greedy_overtaking_and_a_job_that_never_starts(overtake):
    """OVERTAKE (tests/unit/report/test_jobs.py): job 2 waits for job 1's end while jobs 3 and 4 take the free
    slot; job 5 can never be placed (no-plan is not a resource reason, so no job took what it needed)."""
    assert _story(overtake, "2") == [
        "job 2: queue normal, 2 slots",
        "  submitted t=5, started t=100 on h: waited 95 s (1m35s), pending in 6 sessions",
        "  pend reasons, by run of sessions:",
        "    t=5 to t=55, 6 sessions: resource-shortfall: slots on h",
        "  took resources it needed while it waited: 2 jobs (0 ahead of it in order, 2 backfilled)",
        "    job 3 at t=10 on h: backfilled (submitted after it)",
        "    job 4 at t=50 on h: backfilled (submitted after it)",
        "  finally waited for: job 1 finished at t=100 (freed h)",
        "  overtaken by 2 later jobs: first job 3 (started t=10), last job 4 (started t=50)"]
    assert _story(overtake, "5") == [
        "job 5: queue normal",
        "  submitted t=7, never started: still pending when the run ended at t=110, after 103 s (1m43s), "
        "pending in 7 sessions",
        "  pend reasons, by run of sessions:",
        "    t=7 to t=110, 7 sessions: no-plan: needs 3 tasks but the open hosts have 2 slots in all",
        "  overtaken by 2 later jobs: first job 3 (started t=10), last job 4 (started t=50)"]


def test_json_lists_every_part(easy):
    result = run("report", easy, "--job", "3", "--json")
    assert result.exit_code == 0
    story = json.loads(result.output)
    assert (story["submit"], story["start"], story["waited"], story["sessions"]) == (1, 100, 99, 5)
    assert story["takers"] == [{"job": "4", "time": 50, "hosts": "b", "ahead": False}]
    assert story["freed_by"] == [{"job": "1", "time": 100, "hosts": "a", "removed": False}]
    assert story["planned"] == [100, 100, 100, 100, 100]
    assert [r["sessions"] for r in story["runs"]] == [2, 3] and story["starved"] is False


@pytest.mark.parametrize(("args", "message"), [
    (["--job", "9"], "Error: " + "{run}: job 9 is not in the run (no submit record)\n"),
    (["--job", "3", "--jobs"], "Error: give either --jobs or --job, not both\n")])
def test_an_unknown_job_or_both_forms_are_refused(easy, args, message):
    result = run("report", easy, *args)
    assert result.exit_code == 2 and result.output.endswith(message.format(run=easy))


@pytest.mark.parametrize("form", [["--jobs"], ["--job", "1"]])
def test_an_old_file_without_times_says_what_cannot_be_told(tmp_path, form):
    """A version 1 file's records say what happened but not when: neither a job list nor a story can be told."""
    old = tmp_path / "old.jsonl"
    old.write_text('{"format":"refsim-sim-output","version":1}\n{"job":"1","kind":"submit","queue":"q"}\n')
    result = run("report", str(old), *form)
    assert result.exit_code == 2
    assert result.output == (f"Error: {old}: a submit record of job 1 has no time: the file was written before "
                             "records carried times, so this cannot be told from it (replay it again with "
                             "--sim-output)\n")
