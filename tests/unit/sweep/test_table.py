"""Reading results.csv back for the report: an axis's values and their order."""

from __future__ import annotations

from pathlib import Path

from refsim.sweep.table import read_results


def test_an_axis_mixing_numbers_and_text_keeps_the_order_they_first_appear(tmp_path: Path):
    """An override axis whose values are a number and a text (a host renamed to `1` and to `x`) cannot be sorted:
    its values keep the order of the rows, numbers read as numbers. Kills: sweep/table.py:ResultsTable.values
    sorting when any value (not every value) is a number (Python cannot order 1 and 'x')."""
    (tmp_path / "r.csv").write_text("replay,recording,cluster.hosts[0].name,status,wait_mean,utilisation\n"
                                    "1,a.yaml,2,ok,1,0.5\n2,a.yaml,x,ok,1,0.5\n3,a.yaml,1,ok,1,0.5\n")
    assert read_results(tmp_path / "r.csv").values("cluster.hosts[0].name") == [2, "x", 1]
