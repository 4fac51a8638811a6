"""The scheduler log's levels, word for word: level 1 adds a line per decision, level 2 each pend's reasons."""

import pytest

from refsim.sim.batch import run_batch
from tests.support.recordings import recording

# Hosts a and b, 4 slots and 8G each. Job 1's dispatch onto a (2 slots) is recorded; job 2 needs 6 slots, the 2
# left on a and the 4 of b; job 3 needs 9 tasks, more than the 8 slots of the open hosts (a reason of no host);
# job 4 needs 20G of mem, more than either host has.
RECORDING = """
events:
  - {time: 0, submit: {id: 1, tasks: 2, run_time: 10}}
  - {time: 0, dispatch: {job: 1, hosts: {a: {slots: 2}}}}
  - {time: 0, submit: {id: 2, tasks: 6, run_time: 5}}
  - {time: 0, submit: {id: 3, tasks: 9, run_time: 5}}
  - {time: 0, submit: {id: 4, tasks: 1, run_time: 5, resreq: "rusage[mem=20G]"}}
"""

ROUND_1 = [
    "[t=0] round 1: dispatch 1 (reconstructed)",
    "[t=0] round 1 #1: dispatch 2 -> a b",
    "[t=0] round 1 #2: pend 3 (1 reason)",
    "[t=0]   no-plan - needs 9 tasks but the open hosts have 8 slots in all",
    "[t=0] round 1 #3: pend 4 (2 reasons)",
    "[t=0]   resource-shortfall a mem",
    "[t=0]   resource-shortfall b mem",
    "[t=0] round 1: 2 dispatched, 2 pended, 0 no decision",
]


@pytest.mark.parametrize("verbosity", [0, 1, 2])
def test_each_level_adds_its_lines(tmp_path, verbosity):
    """Kills: sim/log.py:SchedulerLog.report's `verbosity >= 1` and _decision's `verbosity >= 2` bounds (-> `>`),
    the reconstructed dispatch's and a dispatch's line texts (the hosts joined by a space), and the reason line's
    `-` for a reason of no host. Level 0 keeps only the round line; level 1 adds the decision lines; level 2 also
    each pend's reasons, two spaces in: code, host (`-` for none), detail."""
    log = tmp_path / "sched.log"
    run_batch(recording(RECORDING), log=log, verbosity=verbosity)
    wanted = [line for line in ROUND_1 if verbosity >= 2 or not line.startswith("[t=0]   ")]
    wanted = [line for line in wanted if verbosity >= 1 or line.startswith("[t=0] round 1: 2")]
    assert log.read_text(encoding="utf-8").splitlines()[:len(wanted)] == wanted


def test_a_log_may_be_a_device(tmp_path):
    """Kills: sim/outputs.py:ReplayOutputs.open's `appending=True` for the log's path check (-> False: a log to a
    device would be refused as not a regular file, as an output written whole is). A log is written as it goes, so
    a device such as /dev/null takes it, and the --sim-output file beside it is written whole as usual."""
    run_batch(recording(RECORDING), output=tmp_path / "out.jsonl", log="/dev/null", verbosity=2)
    assert [p.name for p in tmp_path.iterdir()] == ["out.jsonl"]
