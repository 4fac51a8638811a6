"""Small recordings whose runs are worked out by hand in the tests that use them."""

import pytest

from refsim.sim.batch import run_batch
from refsim.sim.load import load_recording

# Two one-slot hosts (2 slots). The high queue is scheduled first. How the run goes (after-events sessions):
#   t=0    job 1 (normal, 2 tasks, runs 100) starts on both hosts
#   t=10   job 2 (normal, 1 task, runs 5) pends;  t=20 job 3 (high, 1 task, runs 50) pends
#   t=30   job 4 (normal, 2 tasks, runs 20) pends; t=40 job 5 (normal) pends; t=60 job 5 is removed, pending
#   t=100  job 1 finishes; job 3 (high first) and job 2 start; job 4 still needs both slots
#   t=105  job 2 finishes (one slot free, job 4 still pends); t=150 job 3 finishes, job 4 starts; t=170 it finishes
SMALL = """
cluster:
  hosts:
    - {name: a, slots: 1}
    - {name: b, slots: 1}
  queues:
    - {name: normal, priority: 10}
    - {name: high, priority: 50}
events:
  - {time: 0, submit: {id: 1, tasks: 2, run_time: 100}}
  - {time: 10, submit: {id: 2, run_time: 5}}
  - {time: 20, submit: {id: 3, queue: high, run_time: 50}}
  - {time: 30, submit: {id: 4, tasks: 2, run_time: 20}}
  - {time: 40, submit: {id: 5, run_time: 10}}
  - {time: 60, remove: 5}
"""


def record(tmp_path, text: str, name: str) -> str:
    """Replay `text` (a recording) with --sim-output; the output file's path."""
    recording = tmp_path / f"{name}.yaml"
    recording.write_text(text)
    output = tmp_path / f"{name}.jsonl"
    run_batch(load_recording(recording), output=output)
    return str(output)


@pytest.fixture
def small_run(tmp_path) -> str:
    return record(tmp_path, SMALL, "small")
