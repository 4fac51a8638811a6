"""The disciplines benchmark's workload: an SWF log with run limits equal to run times and scaled submit times."""

from pathlib import Path

from tools.bench import nasa_with_run_limits

TINY = Path(__file__).resolve().parents[2] / "fixtures/tiny.swf"


def test_run_limits_equal_run_times_and_submit_times_are_scaled():
    document = nasa_with_run_limits(TINY, 0.5, None)
    jobs = {e["submit"]["id"]: (e["time"], e["submit"]["run_time"], e["submit"]["run_limit"])
            for e in document["events"]}
    # tiny.swf: job 1 submitted at 0 runs 100; job 2 at 5 has an unknown run time (0 s), so its limit is 1 s (a
    # run limit is positive); job 3 at 10 runs 50; job 4 at 10 runs 0. Halved submit times: 0, 2.5, 5, 5.
    assert jobs == {1: (0, 100.0, 100.0), 2: (2.5, 0.0, 1.0), 3: (5.0, 50.0, 50.0), 4: (5.0, 0.0, 1.0)}
