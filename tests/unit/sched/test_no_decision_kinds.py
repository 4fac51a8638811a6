"""The four no-decision kinds of spec 2.4, as the scheduler log names them (docs/simulator.md, --log)."""

from refsim.sim.batch import run_batch
from refsim.sim.load import recording_from


def test_the_scheduler_log_names_each_kind_of_no_decision_in_the_specs_words(tmp_path):
    """Kills: decisions.py:NoDecisionKind's texts for a job the allocator cannot find and for a pend without any
    pend reason (no other test reads them), and checks the other two alike. Job 1 is hidden from the allocator by
    a job-lookup fault; job 2's requirement does not parse; job 3 meets a decision-build fault; job 4's whole
    requirement is `{}`, which tries nothing and so pends for no reason. The log's decision lines name each kind
    in the spec's words (2.4)."""
    log = tmp_path / "sched.log"
    run_batch(recording_from({
        "cluster": {"hosts": [{"name": "a", "slots": 4}]},
        "events": [{"time": 0, "submit": {"id": 1}}, {"time": 0, "submit": {"id": 2, "resreq": "select["}},
                   {"time": 0, "submit": {"id": 3}}, {"time": 0, "submit": {"id": 4, "resreq": "{}"}}],
        "test": {"faults": [{"point": "job-lookup", "job": 1}, {"point": "decision-build", "job": 3}]}},
        "r.yaml"), log=log, verbosity=1)
    lines = log.read_text(encoding="utf-8").splitlines()
    assert [line for line in lines if "no decision for" in line] == [
        "[t=0] round 1 #1: no decision for 1: job not found by the allocator",
        "[t=0] round 1 #2: no decision for 2: job has no scheduling object",
        "[t=0] round 1 #3: no decision for 3: allocation attempt ended in an internal error",
        "[t=0] round 1 #4: no decision for 4: job pended without any pend reason"]
