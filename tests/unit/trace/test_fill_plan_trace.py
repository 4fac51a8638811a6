"""The fill plan in the decision trace: numbered, listed and scanned like any other plan (docs/planning.md)."""

from steps.drivers import InProcessDriver

RECORDING = """
cluster:
  hosts:
    - {name: a, slots: 8}
    - {name: b, slots: 8}
events:
  - {time: 0, submit: {id: 1, tasks: 6, run_time: 100}}
  - {time: 0, dispatch: {job: 1, hosts: {a: {slots: 6}}}}
  - {time: 0, submit: {id: 2, tasks: 10, run_time: 100}}
"""


def test_the_fill_plan_is_traced_as_a_plan_with_each_position_scanning_from_its_host(tmp_path):
    # Job 1 is re-applied on a (6 of 8 slots), leaving 2 + 8 free for job 2's 10 tasks. Plans 1-5 are the even
    # splits (only [5,5] is tried, and a has no room for 5); plan 6 is the fill plan [2,8]: position 1 starts its
    # scan at a and position 2 at b, so each shows one accepted host.
    path = tmp_path / "fill.yaml"
    path.write_text(RECORDING, encoding="utf-8")
    output = InProcessDriver().run(path, [], ["trace on 2 level full", "step 2"]).output.splitlines()
    start = output.index("    plan 6: 2 hosts, tasks per position [2,8]: tried")
    assert output[start:start + 9] == [
        "    plan 6: 2 hosts, tasks per position [2,8]: tried",
        "      position 1 (2 tasks)",
        "        a: accepted",
        "      position 1: filled by a",
        "      position 2 (8 tasks)",
        "        b: accepted",
        "      position 2: filled by b",
        "    plan 6: committed; no further plans tried",
        "  outcome: dispatched to 2 hosts",
    ]
    assert "round 1 #1 dispatch 2 -> a*2 b*8" in output
