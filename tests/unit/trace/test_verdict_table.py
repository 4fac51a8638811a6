"""Every verdict the discipline section can print (refsim/trace/discipline.py's VERDICTS, one table) has a case
worked by hand here, and docs/trace.md's table lists them all.

The cases share two one-slot hosts a and b unless said. "The 3-job pattern": at t=0 job 1 (1 task, run limit 100)
takes a; job 2 (2 tasks, run limit 10) does not fit and, being the first that does not, reserves a and b from
t=100 (job 1's release); then job 3 (1 task) comes, with b free."""

from __future__ import annotations

from pathlib import Path

import pytest

from refsim.trace.discipline import VERDICTS
from tests.support.console import console_lines, trace_lines
from tests.unit.trace.test_discipline_best_fit_cases import COMPOUND, _recording

ROOT = Path(__file__).resolve().parents[3]
TWO = "    - {name: a, slots: 1}\n    - {name: b, slots: 1}\n"


def _case(discipline: str, jobs: list[str], hosts: str = TWO) -> str:
    return (f"scheduling: {{discipline: {discipline}}}\ncluster:\n  hosts:\n{hosts}events:\n"
            + "".join(f"  - {{time: 0, submit: {{id: {i}, {job}}}}}\n" for i, job in enumerate(jobs, start=1)))


def _pattern(discipline: str, third: str) -> str:
    return _case(discipline, ["tasks: 1, run_time: 100, run_limit: 100", "tasks: 2, run_time: 10, run_limit: 10",
                              third])


# name -> (recording, traced job, round of the traced decision, the verdict line, why it is the right one)
CASES = {
    "head": (_pattern("easy", "tasks: 1, run_time: 50, run_limit: 50"), "1", 1,
             "started as a head: no job ahead of it in this session is waiting",
             "job 1 is the first job and fits a"),
    "ends-before": (_pattern("easy", "tasks: 1, run_time: 50, run_limit: 50"), "3", 1,
                    "backfilled: ends by the planned start of job 2",
                    "job 3 fits b and ends at 0 + 50 <= 100 (EASY's shadow is inclusive)"),
    "extra": (_case("easy", ["tasks: 2, run_time: 100, run_limit: 100", "tasks: 3, run_time: 10, run_limit: 10",
                             "tasks: 1, run_time: 1000, run_limit: 1000"],
                    TWO + "    - {name: c, slots: 1}\n    - {name: d, slots: 1}\n"), "3", 1,
              "backfilled: on the extra resources at the planned start of job 2, on the allocation it found (not "
              "the one built on the current state)",
              "four hosts: job 1 holds a and b until 100, job 2 (3 tasks) reserves a, b and c from t=100, so d is "
              "extra then; job 3 runs past 100 but fits d, so it starts there (the current state would give it c)"),
    "planned-now": (_pattern("conservative", "tasks: 1, run_time: 50, run_limit: 50"), "3", 1,
                    "backfilled: its earliest backfill reservation starts now",
                    "conservative plans job 3 around job 2's reservation: [0, 50) on b is free now"),
    "ends-before-independent": (_pattern("conservative-drevt", "tasks: 1, run_time: 50, run_limit: 50"), "3", 1,
                                "backfilled: ends before every independent planned start ahead",
                                "job 2's independent planned start is 100, and job 3 ends at 50 < 100"),
    "moved": (_recording("conservative", "id: 4, run_time: 20, run_limit: 20"), "4", 2,
              "backfilled: its earliest backfill reservation starts now, on the allocation it found (not the one "
              "built on the current state)",
              "test_discipline_best_fit_cases.py: best fit puts job 4 on h2 where the current state gives h1"),
    "strict-last": (_pattern("strict", "tasks: 1, run_time: 50, run_limit: 50"), "2", 1,
                    "not started: does not fit now; no later job starts in this session",
                    "job 2 is the first job that does not fit: under strict nothing behind it starts"),
    "strict-blocked": (_pattern("strict", "tasks: 1, run_time: 50, run_limit: 50"), "3", 1,
                       "not started: blocked behind job 2", "job 3 fits b, but strict never passes job 2"),
    "strict-waits": (_pattern("strict", "tasks: 2, run_time: 50, run_limit: 50"), "3", 1,
                     "not started: does not fit now; waits behind job 2", "job 3 needs both hosts too"),
    "no-run-limit": (_pattern("easy", "tasks: 1, run_time: 50"), "3", 1,
                     "not started: no run limit, so never backfilled: waits behind job 2",
                     "job 3 fits b but, without a run limit, could run past any planned start"),
    "delays": (_pattern("easy", "tasks: 1, run_time: 200, run_limit: 200"), "3", 1,
               "not started: would delay the backfill reservation of job 2",
               "job 3 would end at 200 > 100, and job 2's reservation leaves nothing extra at t=100"),
    "planned-later": (_recording("conservative", f"id: 4, run_time: 10, run_limit: 20, {COMPOUND}"), "4", 2,
                      "not started: its planned start is later than now",
                      "test_discipline_best_fit_cases.py: job 4 fits the current state, but planning never "
                      "places it"),
    "holds-reservation": (_pattern("easy", "tasks: 1, run_time: 50, run_limit: 50"), "2", 1,
                          "not started: does not fit now; holds the backfill reservation",
                          "job 2 needs a and b; b is free but a is job 1's until t=100"),
    "behind-the-reserved": (_pattern("easy", "tasks: 2, run_time: 10, run_limit: 10"), "3", 1,
                            "not started: does not fit now; only job 2, the first job that did not fit, holds a "
                            "backfill reservation", "job 3 needs both hosts too; EASY reserves for job 2 alone"),
    "unending": (_case("easy", ["tasks: 1, run_time: 100", "tasks: 2, run_time: 10, run_limit: 10"]), "2", 1,
                 "not started: does not fit now, nor once every running job with a run limit has ended; 1 running "
                 "job (job 1) has none, so whether it fits once it ends cannot be planned: no backfill reservation",
                 "job 2 fits the empty cluster, but job 1 holds a with no run limit"),
    "never": (_case("conservative", ["tasks: 3, run_time: 10, run_limit: 10"]), "1", 1,
              "not started: does not fit now, nor once every running job has ended: no backfill reservation",
              "job 1 asks 3 slots of a cluster of 2"),
}
# A verdict no discipline of refsim's reaches: a start kept without a rule (test_discipline_verdict_fits.py shows its
# words on a made event).
UNREACHED = {"fits"}


@pytest.mark.parametrize("name", sorted(CASES))
def test_each_verdict_is_printed_in_its_case(name):
    recording, job, round_no, expected, _why = CASES[name]
    block = trace_lines(console_lines(recording, [f"trace on {job}", "continue"]), job, round_no)
    assert f"  verdict: {expected}" in block, "\n".join(block)


def test_every_verdict_has_a_case_and_a_row_in_the_docs():
    assert set(CASES) | UNREACHED == set(VERDICTS)
    docs = (ROOT / "docs/trace.md").read_text(encoding="utf-8")
    rows = {line.split("|")[1].strip().strip("`") for line in docs.splitlines() if line.startswith("| `")}
    assert set(VERDICTS) <= rows, sorted(set(VERDICTS) - rows)
