"""What the discipline section says of a held job and how a start was allowed, on cases small enough to work out by
hand: two one-slot hosts h1 and h2 (or one 20-slot host n), every job submitted at t=0."""

from __future__ import annotations

from tests.support.console import console_lines, json_traces, trace_lines

TWO_HOSTS = {"hosts": [{"name": "h1", "slots": 1}, {"name": "h2", "slots": 1}]}
# Job 1 takes h1 until its run limit ends at 100; job 2 needs both hosts, so it waits for t=100; job 3 (one slot,
# limit 150) would run past t=100; job 4 (one slot, limit 50) would not.
EVENTS = [{"time": 0, "submit": {"id": 1, "tasks": 1, "run_time": 100, "run_limit": 100}},
          {"time": 0, "submit": {"id": 2, "tasks": 2, "run_time": 10, "run_limit": 10}},
          {"time": 0, "submit": {"id": 3, "tasks": 1, "run_time": 150, "run_limit": 150}},
          {"time": 0, "submit": {"id": 4, "tasks": 1, "run_time": 50, "run_limit": 50}}]


def _rules(discipline: str, tmp_path, cluster: dict = TWO_HOSTS, events: list = EVENTS) -> dict[str, str | None]:
    path = tmp_path / "t.jsonl"
    document = {"scheduling": {"discipline": discipline}, "cluster": cluster, "events": events}
    return {o["job"]: o["discipline"]["rule"] for o in json_traces(document, path, [f"trace on all json {path}",
                                                                                     "step 4"])}


def test_the_json_trace_names_how_each_start_was_allowed(tmp_path):
    """Kills: refsim/sched/disciplines/base.py:StartRule values mutated (`str->XX`), which the JSON trace's `rule`
    shows. easy: job 1 starts as a head (no job waiting); job 2 holds the reservation of both hosts at t=100; job 3
    would end at 150 > 100 and nothing is extra at 100, so it is held (no rule); job 4 ends at 50 <= 100 and is
    backfilled. conservative: job 3's earliest reservation on h2 would meet job 2's [100, 110), so it is not now;
    job 4's [0, 50) on h2 meets no reservation, so its earliest reservation starts now."""
    assert _rules("easy", tmp_path) == {"1": "head", "2": None, "3": None, "4": "ends-before-planned-start"}
    assert _rules("conservative", tmp_path) == {"1": "head", "2": None, "3": None, "4": "planned-start-now"}


def test_the_json_trace_names_a_start_on_the_extra_resources(tmp_path):
    """Kills: refsim/sched/disciplines/base.py:StartRule.EXTRA's value mutated (`str->XX`). Three one-slot hosts:
    jobs 1 and 2 take h1 and h2 until t=100; job 3 needs two hosts, so it reserves h1 and h2 from t=100 (the hosts
    its planned start frees go first), leaving h3 extra at 100. Job 4 runs past 100 (limit 150) but starts on the
    extra h3 under textbook EASY."""
    three = {"hosts": TWO_HOSTS["hosts"] + [{"name": "h3", "slots": 1}]}
    events = [{"time": 0, "submit": {"id": 1, "tasks": 1, "run_time": 100, "run_limit": 100}},
              {"time": 0, "submit": {"id": 2, "tasks": 1, "run_time": 100, "run_limit": 100}},
              {"time": 0, "submit": {"id": 3, "tasks": 2, "run_time": 10, "run_limit": 10}},
              {"time": 0, "submit": {"id": 4, "tasks": 1, "run_time": 150, "run_limit": 150}}]
    assert _rules("easy", tmp_path, three, events) == {"1": "head", "2": "head", "3": None, "4": "extra-resources"}


def test_a_reservation_of_a_job_without_a_run_limit_lasts_for_ever():
    """Kills: refsim/trace/discipline.py:t `value < INF` -> `<=` (an endless reservation would end at `t=inf`).
    Under easy job 2 (both hosts, no run limit) waits for job 1's end at t=100 and then holds them with no end."""
    text = ("scheduling: {discipline: easy}\ncluster:\n  hosts:\n    - {name: h1, slots: 1}\n"
            "    - {name: h2, slots: 1}\nevents:\n"
            "  - {time: 0, submit: {id: 1, tasks: 1, run_time: 100, run_limit: 100}}\n"
            "  - {time: 0, submit: {id: 2, tasks: 2, run_time: 10}}\n")
    block = trace_lines(console_lines(text, ["trace on 2", "step 2"]), "2", 1)
    assert "  backfill reservation: planned start t=100, until never (no run limit)" in block


def test_under_strict_the_first_job_that_does_not_fit_waits_behind_no_one():
    """Kills: refsim/sched/disciplines/explain.py:explain `discipline.blocks_behind_first_waiting and blocker not in (...)` ->
    `or` (the blocking job itself would be said to wait behind itself). On n (20 slots) job 1 takes 12; job 2 (10)
    does not fit in 8 and becomes the job every later job waits behind; job 3 (3) fits but pends blocked by it."""
    text = ("scheduling: {discipline: strict}\ncluster:\n  hosts:\n    - {name: n, slots: 20}\nevents:\n"
            "  - {time: 0, submit: {id: 1, tasks: 12, run_time: 50, run_limit: 50}}\n"
            "  - {time: 0, submit: {id: 2, tasks: 10, run_time: 200, run_limit: 200}}\n"
            "  - {time: 0, submit: {id: 3, tasks: 3, run_time: 100, run_limit: 100}}\n")
    lines = console_lines(text, ["trace on 2 3", "step 3"])
    held = trace_lines(lines, "2", 1)
    assert held[3:5] == [
        "discipline strict at t=0: run limit 200; fits now: no (see the requirement, plan and host sections below)",
        "  verdict: not started: does not fit now; no later job starts in this session"]
    assert not any("waits behind" in line for line in held)
    assert "  waits behind job 2, the first job of this session that did not fit (strict FCFS: no backfilling)" \
        in trace_lines(lines, "3", 1)


CONSERVATIVE = ("scheduling: {discipline: conservative}\ncluster:\n  hosts:\n    - {name: h1, slots: 1}\n"
                "    - {name: h2, slots: 1}\nevents:\n"
                "  - {time: 0, submit: {id: 1, tasks: 1, run_time: 100, run_limit: 100}}\n"
                "  - {time: 0, submit: {id: 2, tasks: 2, run_time: 10, run_limit: 10}}\n"
                "  - {time: 0, submit: {id: 3, tasks: 2, run_time: 10, run_limit: 10}}\n")


def test_conservative_says_whether_a_reservation_was_fitted_around_earlier_ones():
    """Kills: refsim/trace/discipline.py:reservation_lines "fitted around no earlier backfill reservation" mutated
    (`str->XX`). Job 1 holds h1 until t=100. Job 2 (both hosts) is the first to reserve: [100, 110), around
    nothing. Job 3 (both hosts) must fit around job 2's reservation: [110, 120)."""
    lines = console_lines(CONSERVATIVE, ["trace on 2 3", "step 3"])
    assert trace_lines(lines, "2", 1)[4:9] == [
        "  backfill reservation: planned start t=100, until t=110 (run limit 10)",
        "    found from the running jobs released at start + run limit, in order:",
        "      job 1: t=0 + run limit 100 = t=100, frees h1: slots 1",
        "    fitted around no earlier backfill reservation",
        "    reserved allocation: h1: slots 1; h2: slots 1"]
    assert trace_lines(lines, "3", 1)[4:10] == [
        "  backfill reservation: planned start t=110, until t=120 (run limit 10)",
        "    found from the running jobs released at start + run limit, in order:",
        "      job 1: t=0 + run limit 100 = t=100, frees h1: slots 1",
        "    fitted around the earlier backfill reservations:",
        "      job 2: [t=100, t=110)",
        "    reserved allocation: h1: slots 1; h2: slots 1"]


def test_a_reservation_fitted_around_more_than_twenty_lists_twenty_and_counts_the_rest():
    """Kills: refsim/trace/discipline.py:reservation_lines the noun "reservations" of the count line mutated
    (`str->XX`). Job 1 holds h1 until t=100; jobs 2-23 each need both hosts for 10: their reservations follow one
    another from t=100 ([100, 110) ... [310, 320)). Job 24 is fitted around all 22: the first 20 are listed
    (MAX_LISTED) and the last 2 counted."""
    text = CONSERVATIVE.split("  - {time: 0, submit: {id: 2,")[0] + "".join(
        f"  - {{time: 0, submit: {{id: {i}, tasks: 2, run_time: 10, run_limit: 10}}}}\n" for i in range(2, 25))
    block = trace_lines(console_lines(text, ["trace on 24", "step 24"]), "24", 1)
    start = block.index("    fitted around the earlier backfill reservations:")
    assert block[start + 1:start + 23] == [f"      job {i}: [t={80 + 10 * i}, t={90 + 10 * i})" for i in range(2, 22)] + [
        "      and 2 more reservations", "    reserved allocation: h1: slots 1; h2: slots 1"]
