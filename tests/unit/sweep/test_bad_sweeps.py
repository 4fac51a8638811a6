"""A sweep file that cannot be used is one line naming the file, where in it and what is wrong, exit status 2,
and nothing is written: unknown axes, globs matching nothing, dotted paths that do not parse or lead nowhere,
values of the wrong type."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.unit.sweep.conftest import run

TWO_HOSTS = """
cluster:
  hosts: [{name: a, slots: 1}, {name: b, slots: 1}]
events:
  - {time: 0, submit: {id: 1, run_time: 10}}
"""
AXES = "recordings: [two.yaml]\naxes: "
CASES = [
    (AXES + "{disciplines: [easy]}",
     "axes: unknown axis 'disciplines' (expected discipline, time_scale, hosts, or a dotted path into the "
     "recording such as cluster.queues[name=normal].priority)"),
    ("recordings: [two.yaml]\nruns: [{discpline: easy}]",
     "runs[0]: unknown axis 'discpline' (expected discipline, time_scale, hosts, or a dotted path into the "
     "recording such as cluster.queues[name=normal].priority)"),
    ("recordings: ['logs/*.swf']", "recordings[0]: 'logs/*.swf' matches no file"),
    ("recordings: [missing.yaml]", "recordings[0]: missing.yaml: cannot read: No such file or directory"),
    (AXES + "{'cluster.queues[name=x': [1]}",
     "axes: bad dotted path 'cluster.queues[name=x': cannot read the path from '[name=x' (steps are .KEY, [N] or "
     "[name=NAME])"),
    (AXES + "{'cluster.queue.priority': [1]}",
     "axes: bad dotted path 'cluster.queue.priority': 'queue' is not a part of cluster (expected one of: "
     "resources, hosts, shared, queues, limits)"),
    (AXES + "{'cluster[0]': [1]}",  # no dot: a bracket alone makes it a path, not an unknown named axis
     "axes: bad dotted path 'cluster[0]': '[0]' is not a part of cluster (expected one of: resources, hosts, shared, "
     "queues, limits)"),
    (AXES + "{events.time: [1]}",
     "axes: bad dotted path 'events.time': it must start with 'cluster.' (for example "
     "cluster.queues[name=normal].priority)"),
    (AXES + "{'cluster.hosts[name=c].slots': [2]}",
     "axes.cluster.hosts[name=c].slots: in two.yaml: cluster.hosts[name=c].slots: cluster.hosts has no element "
     "named 'c' (names: a, b)"),
    (AXES + "{'cluster.hosts[5].slots': [2]}",
     "axes.cluster.hosts[5].slots: in two.yaml: cluster.hosts[5].slots: cluster.hosts has 2 elements, so no "
     "element 5"),
    (AXES + "{'cluster.hosts[name=a].slots': [2, lots]}",
     "axes.cluster.hosts[name=a].slots: the value lots does not fit two.yaml: cluster.hosts[0].slots: 'lots' is "
     "not an amount"),
    # a bad value in a later combination, after a value already tried (a=1 is tried in the first combination,
    # then the second combination is a=1 with b=lots): each value is checked, not only each combination's first
    # new one (kills sweep/expand.py:_check_values leaving a combination at its first value already tried)
    (AXES + "{'cluster.hosts[name=a].slots': [1, 2], 'cluster.hosts[name=b].slots': [1, lots]}",
     "axes.cluster.hosts[name=b].slots: the value lots does not fit two.yaml: cluster.hosts[1].slots: 'lots' is "
     "not an amount"),
    (AXES + "{'cluster.hosts[name=a].colour': [red]}",
     "axes.cluster.hosts[name=a].colour: the value red does not fit two.yaml: cluster.hosts[0].colour: unknown "
     "resource 'colour' (declare it under cluster.resources)"),
    (AXES + "{discipline: [fcfs]}",
     "axes.discipline[0]: unknown discipline 'fcfs' (expected one of: greedy, strict, easy, conservative, "
     "easy-drevt, conservative-drevt)"),
    (AXES + "{discipline: easy}", "axes.discipline: expected a list, found text"),
    (AXES + "{discipline: [easy, easy]}", "axes.discipline[1]: the value easy is listed twice"),
    (AXES + "{time_scale: [fast]}", "axes.time_scale[0]: expected a number, found text fast"),
    (AXES + "{time_scale: [1, 0]}", "axes.time_scale[1]: a time scale must be a finite number above 0, not 0"),
    ("recordings: [two.yaml]\nhost_template: a\naxes: {hosts: [1.5]}",
     "axes.hosts[0]: expected a whole number, found a number 1.5"),
    ("recordings: [two.yaml]\nhost_template: a\naxes: {hosts: [0]}",
     "axes.hosts[0]: 0 is out of range (expected from 1 to 100000)"),
    (AXES + "{hosts: [2]}", "the hosts axis needs 'host_template': the name of the host to clone"),
    ("recordings: [two.yaml]\nhost_template: z\naxes: {hosts: [2]}",
     "axes.hosts: in two.yaml: the recording has no host named 'z' to clone (host_template)"),
    ("recordings: [{path: two.yaml, import: {jobs: 3}}]",
     "recordings[0].import: import options apply to SWF logs (.swf, .swf.gz), not 'two.yaml'"),
    ("recordings: [two.yaml]\naxes: {discipline: [easy]}\nruns: [{discipline: easy}]",
     "give either 'axes' (every combination) or 'runs' (a listed set), not both"),
    ("recordings: [two.yaml]\nruns: [{discipline: easy}, {discipline: easy}]", "runs[1]: this run is listed twice"),
    ("recordings: [two.yaml]\nruns: [easy]", "runs[0]: expected a mapping, found text"),
    ("recordings: [two.yaml]\nruns: [{'cluster.hosts[name=c].slots': 2}]",
     "runs: in two.yaml: cluster.hosts[name=c].slots: cluster.hosts has no element named 'c' (names: a, b)"),
    # SWF import options: each checked for its range, the key set fixed, a log told by its suffix in any case
    ("recordings: [{path: log.swf, import: {jobs: 0}}]",
     "recordings[0].import.jobs: 0 is out of range (expected at least 1)"),
    ("recordings: [{path: log.swf, import: {hosts: 0}}]",
     "recordings[0].import.hosts: 0 is out of range (expected from 1 to 100000)"),
    ("recordings: [{path: log.swf, import: {hosts: 100001}}]",
     "recordings[0].import.hosts: 100001 is out of range (expected from 1 to 100000)"),
    ("recordings: [{path: log.swf, import: {time_scale: 0}}]",
     "recordings[0].import.time_scale: a time scale must be a finite number above 0, not 0"),
    ("recordings: [{path: log.swf, import: {nodes: 3}}]",
     "recordings[0].import: unknown key 'nodes' (expected one of: hosts, jobs, time_scale)"),
    ("recordings: [{path: LOG.SWF.GZ, import: {jobs: 1.5}}]",
     "recordings[0].import.jobs: expected a whole number, found a number 1.5"),
    ("recordings: [{import: {jobs: 1}}]", "recordings[0]: missing 'path'"),
    ("recordings: [{path: two.yaml, extra: 1}]", "recordings[0]: unknown key 'extra' (expected one of: path, import)"),
    ("recordings: [two.yaml]\nhost_template: 'a b'\naxes: {hosts: [1]}",
     "host_template: 'a b' is not a valid name (no spaces, control characters or []{}=,: characters)"),
    ("recordings: [two.yaml]\nhost_template: a\naxes: {hosts: [100001]}",
     "axes.hosts[0]: 100001 is out of range (expected from 1 to 100000)"),
    ("recordings: two.yaml", "recordings: expected a list, found text"),
    ("recordings: [' ']", "recordings[0]: expected a path or glob"),
    ("recordings: []", "recordings: the list is empty"),
    ("recordings: [{path: 3}]", "recordings[0].path: expected a path or glob"),
    ("recordings: [two.yaml]\naxes: {}", "axes: no axis: name at least one, or leave 'axes' out to replay each "
                                         "recording as it is"),
    ("recording: [two.yaml]", "unknown key 'recording' (expected one of: recordings, host_template, axes, runs)"),
    ("[two.yaml]", "expected a mapping, found a list"),
    ("recordings: [two.yaml]\naxes: {discipline: &d [easy]}", "line 2: not accepted as YAML: anchors and aliases "
                                                             "(& and *) are not accepted"),
]


@pytest.mark.parametrize("text,problem", CASES, ids=[p.split(":")[0] + f"-{i}" for i, (_, p) in enumerate(CASES)])
def test_a_bad_sweep_file_is_one_line(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, text: str, problem: str):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "two.yaml").write_text(TWO_HOSTS)
    (tmp_path / "bad.yaml").write_text(text)
    result = run("sweep", "bad.yaml", "-o", "out", "-j", "1")
    assert result.exit_code == 2
    assert result.stderr == f"Error: bad.yaml: {problem}\n"
    assert result.stdout == "" and not (tmp_path / "out").exists()


def _sweep_over(folder: Path, name: str, text: str, pattern: str | None = None):
    """`refsim sweep` run in `folder` over one recording file `name` holding `text` (named in the sweep file by
    `pattern`, or by its name)."""
    (folder / name).write_text(text)
    (folder / "s.yaml").write_text(f"recordings: ['{pattern or name}']\n")
    return run("sweep", "s.yaml", "-o", "out", "-j", "1")


def test_a_bad_recording_stops_the_sweep_before_any_replay(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.chdir(tmp_path)
    result = _sweep_over(tmp_path, "broken.yaml", "cluster: {hosts: []}\n")
    assert result.exit_code == 2
    assert result.stderr == "Error: broken.yaml: cluster.hosts: a cluster needs at least one host\n"
    assert not (tmp_path / "out").exists()


def test_a_broken_swf_log_is_named(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.chdir(tmp_path)
    result = _sweep_over(tmp_path, "bad.swf", "1 0 -1 10\n", pattern="*.swf")
    assert result.exit_code == 2 and result.stderr == "Error: bad.swf: bad.swf:1: expected 18 fields, found 4\n"


def test_j_and_dask_together_are_a_usage_mistake(tmp_path: Path):
    """Kills: the usage error's text changed in cli.py sweep (the last line is the whole message)."""
    result = run("sweep", "s.yaml", "-o", str(tmp_path), "-j", "2", "--dask", "tcp://127.0.0.1:8786")
    assert result.exit_code == 2
    assert result.stderr.splitlines()[-1] == \
        "Error: give either -j (local processes) or --dask (a Dask cluster), not both"


def test_a_json_recording_that_does_not_parse_is_named_as_json(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    """A recording named .json is read as JSON, as `refsim sim` reads it: its error says JSON and where. Kills:
    sources.py base_document deciding the format by another suffix (the file read as YAML, the error naming YAML)."""
    monkeypatch.chdir(tmp_path)
    result = _sweep_over(tmp_path, "r.json", '{"cluster": {"hosts": [{"name": "a", "slots": 1}]},\n "events": [}\n')
    assert result.exit_code == 2
    assert result.stderr == "Error: r.json: line 2: not valid JSON: Expecting value\n"
    assert not (tmp_path / "out").exists()



def test_the_output_folder_is_required(tmp_path: Path):
    """Kills: cli.py sweep's -o no longer required (the sweep would start with no folder to write to)."""
    result = run("sweep", str(tmp_path / "s.yaml"))
    assert result.exit_code == 2 and result.stderr.splitlines()[-1] == "Error: Missing option '-o' / '--output'."
