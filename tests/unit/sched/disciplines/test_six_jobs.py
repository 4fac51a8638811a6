"""DR_EVT's 6-job scenario (EASY vs conservative) under every discipline, verified by hand.

100 nodes (job N is job 10N in refsim), every job submitted at t=0 with run time = run limit:
    J0 60 nodes for 50   J1 20 for 100   J2 50 for 200   J3 30 for 50   J4 15 for 100   J5 10 for 40
J0 and J1 start at 0 under every discipline (they are heads and fit: 60 + 20 <= 100), leaving 20 free.

greedy: J2 (50) and J3 (30) do not fit in 20; J4 (15) does -> 0, leaving 5; J5 (10) does not. At 50 J0 ends:
  65 free; J2 -> 50 (15 left); J3 (30) does not fit; J5 -> 50 (5 left). At 90 J5 ends (15); at 100 J1 and J4
  end (50 free): J3 -> 100.
strict: J2 blocks everything at 0. At 50: 80 free, J2 -> 50 (30), J3 -> 50 (0). At 100 J1 and J3 end (50):
  J4 -> 100, J5 -> 100.
easy: J2's planned start is 50 (J0's end frees 60: 80 >= 50), its reservation takes 50 of the 80, extra 30.
  J3 does not fit now. J4 fits; 0 + 100 > 50, but its 15 nodes fit in the extra 30 -> 0 (extra 15 left). J5
  does not fit now (5 free). At 50: J2 -> 50; J3 (30 > 15 free) gets planned start 100 (J1 and J4 free 35);
  J5 fits and ends at 90 <= 100 -> 50. At 100: J3 -> 100.
easy-drevt: J2 planned 50 as above; J4 ends at 100, not < 50, and there is no extra rule: held. J5 fits (10 of
  20) and 0 + 40 < 50 -> 0. At 40 J5 ends; at 50, 80 free: J2, J3 -> 50; at 100 (J1, J3 end, 50 free) J4 -> 100.
conservative: reservations in order: J2 [50, 250) on 50 of 80 free; J3 [50, 100) on the other 30; J4 needs 15
  for 100: not from 0 (0 free on [50, 100)), from 100: 50 free until 250 -> planned 100; J5 needs 10 for 40:
  [0, 40) has 20 free and meets no reservation -> planned start 0, it starts. So J2 50, J3 50, J4 100, J5 0.
conservative-drevt: J4 fits at 0 but 0 + 100 is not < 50 (J2's independent planned start): held, and being
  able to fit now its planned start is "now". J5 fits, 40 < 50 for J2 and J3, but not < 0 for J4: held. At 50:
  J2, J3 start (80 free); J4, J5 do not fit. At 100 (50 free): J4, J5 -> 100.
"""

import pytest

from tests.unit.sched.disciplines.schedule import nodes, reasons_at, starts, submits

SIX = nodes(100) + submits((0, 60, 50), (1, 20, 100), (2, 50, 200), (3, 30, 50), (4, 15, 100), (5, 10, 40))

EXPECTED = {  # J2, J3, J4, J5
    "greedy": (50, 100, 0, 50),
    "strict": (50, 50, 100, 100),
    "easy": (50, 100, 0, 50),
    "easy-drevt": (50, 50, 100, 0),
    "conservative": (50, 50, 100, 0),
    "conservative-drevt": (50, 50, 100, 100),
}


@pytest.mark.parametrize("discipline", list(EXPECTED))
def test_start_times_of_the_six_job_scenario(discipline):
    got = starts(SIX, discipline)
    assert (got[0], got[1]) == (0, 0)
    assert tuple(got[j] for j in (2, 3, 4, 5)) == EXPECTED[discipline]


def test_held_back_jobs_say_why_without_times():
    # Round 1 is the session at t=0 (all six submits at one instant).
    assert reasons_at(SIX, "strict", 4, 1) == {("blocked", "job 102")}
    assert ("backfill-reservation", "") in reasons_at(SIX, "easy", 2, 1)
    assert reasons_at(SIX, "easy-drevt", 4, 1) == {("backfill-window", "job 102")}
    # conservative-drevt: J5 would run past J4's planned start "now"; every waiting job there has an
    # independent planned start, which it holds as its backfill reservation.
    assert reasons_at(SIX, "conservative-drevt", 5, 1) == {("backfill-window", "job 104"),
                                                            ("backfill-reservation", "")}
    # conservative: J4 fits now, but its run [0, 100) would overlap J2's reservation [50, 250): it holds its own.
    assert reasons_at(SIX, "conservative", 4, 1) == {("backfill-window", "job 102"), ("backfill-reservation", "")}
