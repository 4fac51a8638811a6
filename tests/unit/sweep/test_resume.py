"""Resuming: an interrupted sweep keeps the results it finished, and running it again runs only the rest; the
key covers the recording's content, the parameters and refsim's version, so changing any of them runs again."""

from __future__ import annotations

import json

import pytest

import refsim.sweep.executors as executors
from refsim.sweep.keys import replay_key
from refsim.sweep.spec import ImportOptions
from tests.unit.sweep.conftest import run, without_cpu


def interrupt_after(monkeypatch: pytest.MonkeyPatch, count: int) -> None:
    """Replays after the first `count` are interrupted, as by Ctrl-C (one after another in this process)."""
    real, calls = executors.run_replay, []

    def replay(task):  # type: ignore[no-untyped-def]
        calls.append(task.index)
        if len(calls) > count:
            raise KeyboardInterrupt
        return real(task)

    monkeypatch.setattr(executors, "run_replay", replay)


def test_an_interrupted_sweep_resumes_where_it_stopped(six, monkeypatch):
    interrupt_after(monkeypatch, 2)
    interrupted = run("sweep", str(six / "six.yaml"), "-o", str(six / "out"), "-j", "1")
    assert interrupted.exit_code == 130 and "interrupted" in interrupted.stderr
    kept = [json.loads(line) for line in (six / "out" / "results.jsonl").read_text().splitlines()]
    assert [r["replay"] for r in kept] == [1, 2]  # appended as each finished
    assert len((six / "out" / "results.csv").read_text().splitlines()) == 3  # header and two rows
    monkeypatch.undo()
    resumed = run("sweep", str(six / "six.yaml"), "-o", str(six / "out"), "-j", "1")
    assert resumed.exit_code == 0
    assert "6 replays: 4 run, 2 skipped (results exist), 0 failed" in resumed.stdout
    assert run("sweep", str(six / "six.yaml"), "-o", str(six / "fresh"), "-j", "1").exit_code == 0
    assert without_cpu((six / "out" / "results.csv").read_text()) == \
        without_cpu((six / "fresh" / "results.csv").read_text())
    # the two rows kept from the interrupted run keep their CPU seconds: they were not run again
    again = [json.loads(line) for line in (six / "out" / "results.jsonl").read_text().splitlines()]
    assert [r["cpu_seconds"] for r in again[:2]] == [r["cpu_seconds"] for r in kept]


def test_a_line_cut_short_is_run_again_and_force_runs_everything(six):
    assert run("sweep", str(six / "six.yaml"), "-o", str(six / "out"), "-j", "1").exit_code == 0
    results = six / "out" / "results.jsonl"
    lines = results.read_text().splitlines(keepends=True)
    results.write_text("".join(lines[:3]) + lines[3][:40])  # killed while appending the fourth row
    resumed = run("sweep", str(six / "six.yaml"), "-o", str(six / "out"), "-j", "1")
    assert "6 replays: 3 run, 3 skipped (results exist), 0 failed" in resumed.stdout
    forced = run("sweep", str(six / "six.yaml"), "-o", str(six / "out"), "-j", "1", "--force")
    assert "6 replays: 6 run, 0 skipped (results exist), 0 failed" in forced.stdout


def test_a_broken_line_inside_the_results_is_an_error_not_a_guess(six):
    assert run("sweep", str(six / "six.yaml"), "-o", str(six / "out"), "-j", "1").exit_code == 0
    results = six / "out" / "results.jsonl"
    before = results.read_text().splitlines(keepends=True)
    results.write_text(before[0] + "not json\n" + "".join(before[1:]))
    refused = run("sweep", str(six / "six.yaml"), "-o", str(six / "out"), "-j", "1")
    assert refused.exit_code == 2
    assert refused.stderr == f"Error: {results}: line 2: not a sweep result; use another folder or --force to " \
                             "replace the results\n"
    assert results.read_text() == before[0] + "not json\n" + "".join(before[1:])  # left as it was


def test_a_changed_recording_or_axis_runs_again_what_it_changes(six):
    assert run("sweep", str(six / "six.yaml"), "-o", str(six / "out"), "-j", "1").exit_code == 0
    sweep = six / "six.yaml"
    sweep.write_text(sweep.read_text().replace("[greedy, strict, easy]", "[greedy, strict, easy, conservative]"))
    more = run("sweep", str(sweep), "-o", str(six / "out"), "-j", "1")
    assert "8 replays: 2 run, 6 skipped (results exist), 0 failed" in more.stdout
    recording = six / "six-jobs.yaml"
    recording.write_text(recording.read_text() + "  - {time: 0, submit: {id: 7, tasks: 1, run_time: 1}}\n")
    changed = run("sweep", str(sweep), "-o", str(six / "out"), "-j", "1")
    assert "8 replays: 8 run, 0 skipped (results exist), 0 failed" in changed.stdout
    rows = [json.loads(line) for line in (six / "out" / "results.jsonl").read_text().splitlines()]
    assert [r["jobs"] for r in rows] == [7] * 8  # rows of the old content are gone


def test_the_key_ignores_order_and_names_but_not_content_values_or_version():
    a = replay_key("d1", None, (("discipline", "easy"), ("hosts", 2)), "0.1.0")
    assert a == replay_key("d1", None, (("hosts", 2), ("discipline", "easy")), "0.1.0")
    others = {replay_key("d2", None, (("discipline", "easy"), ("hosts", 2)), "0.1.0"),
              replay_key("d1", None, (("discipline", "easy"), ("hosts", 3)), "0.1.0"),
              replay_key("d1", None, (("discipline", "easy"), ("hosts", 2)), "0.2.0"),
              replay_key("d1", ImportOptions(jobs=5), (("discipline", "easy"), ("hosts", 2)), "0.1.0")}
    assert a not in others and len(others) == 4


def test_the_key_is_the_documented_digest_of_the_inputs():
    """docs/sweep.md gives the key's exact text, so a script can find a replay's row from its inputs; worked out
    here by hand from that description. Kills: keys.py replay_key with a field of that text renamed."""
    import hashlib

    recording = hashlib.sha256(b"cluster: {}\n").hexdigest()
    text = ('{"import":{"hosts":null,"jobs":5,"time_scale":null},"parameters":[["discipline","easy"],["hosts",2]],'
            f'"recording":"{recording}","refsim":"0.1.0"}}')
    assert replay_key(recording, ImportOptions(jobs=5), (("hosts", 2), ("discipline", "easy")), "0.1.0") == \
        hashlib.sha256(text.encode("ascii")).hexdigest()
    plain = f'{{"import":null,"parameters":[],"recording":"{recording}","refsim":"0.1.0"}}'
    assert replay_key(recording, None, (), "0.1.0") == hashlib.sha256(plain.encode("ascii")).hexdigest()


def test_the_key_of_a_value_beyond_ascii_is_taken_over_its_escaped_text():
    """The key's JSON text is ASCII (docs/sweep.md): a queue renamed to 'café' is written there as caf\\u00e9, so
    the key is the digest of that text, worked out here by hand. Kills: keys.py replay_key's ensure_ascii (without
    it the text holds the é itself and cannot be encoded as ASCII)."""
    import hashlib

    text = '{"import":null,"parameters":[["cluster.queues[0].name","caf\\u00e9"]],"recording":"d","refsim":"0.1.0"}'
    assert replay_key("d", None, (("cluster.queues[0].name", "caf\u00e9"),), "0.1.0") == \
        hashlib.sha256(text.encode("ascii")).hexdigest()
