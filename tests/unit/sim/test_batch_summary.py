"""A batch run's summary lines word for word, with and without mismatches, and its log beside --sim-verify."""

from refsim.sim.batch import run_batch, summary_lines
from tests.support.recordings import THREE_ALIKE, recording

# One slot; jobs 1, 2, 3 of 10 s each run 0-10, 10-20, 20-30, so the slot is busy the whole 30 s (100.0%). Job 3
# pends in rounds 1 and 2 from job 2's verdict (bucket hits); 6 decisions in all.
HEAD = ["replay of test.yaml: 4 rounds, simulated time 30",
        "jobs: 3 submitted, 3 dispatched, 3 finished, 0 running, 0 pending, 0 removed",
        "utilisation: 100.0%"]


def test_the_summary_counts_the_decisions_compared_and_names_each_mismatch(tmp_path):
    """Kills: sim/batch.py:summary_lines' utilisation figure (`* 100` -> `+ 100` or `* 101`) and its verdict
    (`if result.mismatches` negated), and run_batch's `compact = log is None ...` inverted (with a log, job 3's
    bucket-hit pends would come in one piece, which the log cannot take). The file written by a first run verifies
    clean; without job 3's two pends, both are named as unexpected."""
    rec, expected = recording(THREE_ALIKE), tmp_path / "out.jsonl"
    run_batch(rec, output=expected)
    log = tmp_path / "sched.log"
    clean = run_batch(rec, verify=expected, log=log, verbosity=1)
    assert summary_lines(rec, clean) == HEAD + ["verify: 6 decisions compared, no mismatch"]
    assert log.read_text().splitlines()[2] == "[t=0] round 1 #3: pend 3 (1 reason)"
    lines = expected.read_text().splitlines()
    expected.write_text("\n".join(line for line in lines if '"job":"3","kind":"pend"' not in line) + "\n")
    assert summary_lines(rec, run_batch(rec, verify=expected)) == HEAD + [
        "mismatch: round 1 job 3: expected no decision; got pend at position 3 (1 reasons: resource-shortfall x1)",
        "mismatch: round 2 job 3: expected no decision; got pend at position 2 (1 reasons: resource-shortfall x1)",
        "verify: 6 decisions compared, 2 mismatches"]


def test_the_expected_file_may_not_be_the_sim_output_file(tmp_path):
    """Kills: sim/batch.py:input_files' name of the --sim-verify file mutated. The expected file is read while the
    replay runs, so writing the --sim-output file over it is refused by name, and the file is left as it was."""
    import pytest

    from refsim.sim.paths import OutputPathError

    rec, expected = recording(THREE_ALIKE), tmp_path / "out.jsonl"
    run_batch(rec, output=expected)
    before = expected.read_bytes()
    with pytest.raises(OutputPathError) as caught:
        run_batch(rec, output=expected, verify=expected)
    assert str(caught.value) == (f"--sim-output {expected}: is the same file as the --sim-verify file {expected}; "
                                 "refused so that nothing is overwritten")
    assert expected.read_bytes() == before


def test_the_recording_may_not_be_an_output_and_the_demo_is_named_demo(tmp_path):
    """Kills: sim/batch.py:input_files' name of the recording mutated, and DEMO_NAME mutated (the built-in demo,
    which is no file, is named `demo` in the summary)."""
    import pytest

    from refsim.sim.batch import demo_recording
    from refsim.sim.load import load_recording
    from refsim.sim.paths import OutputPathError

    path = tmp_path / "r.yaml"
    path.write_text("cluster:\n  hosts: [{name: a, slots: 1}]\nevents:\n  - {time: 0, submit: {id: 1}}\n")
    with pytest.raises(OutputPathError) as caught:
        run_batch(load_recording(path), log=path)
    assert str(caught.value) == (f"--log {path}: is the same file as the recording {path}; refused so that nothing "
                                 "is overwritten")
    demo = demo_recording()
    assert summary_lines(demo, run_batch(demo))[0].startswith("replay of demo: ")
