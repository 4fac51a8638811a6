"""The sweep file's axes and listed runs as parsed: which values count as the same, and the order of a listed
run's parameters."""

from __future__ import annotations

from pathlib import Path

import pytest

from refsim.sweep.spec import SweepError, parse_spec

SLOTS = "cluster.hosts[0].slots"


def _spec(tmp_path: Path, text: str):  # type: ignore[no-untyped-def]
    (tmp_path / "s.yaml").write_text(f"recordings: [r.yaml]\n{text}\n")
    return parse_spec(tmp_path / "s.yaml")


def test_values_equal_in_python_but_of_other_types_are_different_values(tmp_path: Path):
    """YAML 1, 1.0 and true are three values of an override axis (Python has 1 == 1.0 == True), and give three
    replays; 2 listed twice is a repeat. Kills: sweep/spec.py:_identity leaving out the value's type."""
    spec = _spec(tmp_path, f"axes: {{'{SLOTS}': [1, 1.0, true]}}")
    assert [c[0][1] for c in spec.combinations] == [1, 1.0, True]
    assert [type(c[0][1]) for c in spec.combinations] == [int, float, bool]
    with pytest.raises(SweepError) as raised:
        _spec(tmp_path, f"axes: {{'{SLOTS}': [2, 2]}}")
    assert str(raised.value).endswith(f"axes.{SLOTS}[1]: the value 2 is listed twice")


def test_a_listed_runs_parameters_follow_the_order_the_axes_were_first_named(tmp_path: Path):
    """The results table's columns are the axes in the order first named (discipline, then hosts); a run naming
    them the other way round has its parameters in that order too, and a run with fewer is another run.
    Kills: sweep/spec.py:_runs's ordering of each run's parameters, and the run identity's test of every parameter."""
    spec = _spec(tmp_path, "host_template: a\nruns: [{discipline: easy, hosts: 1}, {hosts: 2, discipline: strict},"
                           " {discipline: easy}]")
    assert spec.axis_names == ("discipline", "hosts") and spec.listed
    assert spec.combinations == ((("discipline", "easy"), ("hosts", 1)), (("discipline", "strict"), ("hosts", 2)),
                                 (("discipline", "easy"),))


def test_the_same_run_listed_in_another_order_is_a_repeat(tmp_path: Path):
    """Kills: sweep/spec.py:_runs comparing the parameters in the order written."""
    with pytest.raises(SweepError) as raised:
        _spec(tmp_path, "host_template: a\nruns: [{discipline: easy, hosts: 1}, {hosts: 1, discipline: easy}]")
    assert str(raised.value).endswith("runs[1]: this run is listed twice")


def test_runs_that_share_some_values_but_not_all_are_two_runs(tmp_path: Path):
    """Two listed runs with the same discipline but other host counts are two runs, not a repeat: a run repeats
    another only when every parameter matches. Kills: sweep/spec.py:_runs's identity of a run built from only
    some parameters (the second run would be refused as listed twice)."""
    spec = _spec(tmp_path, "host_template: a\nruns: [{discipline: easy, hosts: 1}, {discipline: easy, hosts: 2}]")
    assert spec.combinations == ((("discipline", "easy"), ("hosts", 1)), (("discipline", "easy"), ("hosts", 2)))
