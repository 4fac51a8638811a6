"""sweep-report's names and texts, decided case by case."""

from __future__ import annotations

from pathlib import Path

from refsim.sweep.report import image_paths
from refsim.sweep.table import read_results


def test_a_plot_name_keeps_every_letter_of_its_axis(tmp_path: Path):
    """A plot is named after its axis with each run of other characters a dash and the dashes at either end
    dropped; letters and digits are all kept, an X at the end of a host's name too (the axis cluster.hosts[name=nodeX]
    gives cluster-hosts-name-nodeX). Kills: sweep/report.py:slug stripping other characters than the dash."""
    (tmp_path / "r.csv").write_text('replay,recording,cluster.hosts[name=nodeX].slots,cluster.hosts[name=nodeX],'
                                    'status,wait_mean,utilisation\n1,a.yaml,1,"{""slots"": 2}",ok,10.0,0.5\n')
    paths = image_paths(tmp_path / "report.md", read_results(tmp_path / "r.csv"))
    assert {a: p.name for a, p in paths.items()} == {
        "cluster.hosts[name=nodeX].slots": "report-cluster-hosts-name-nodeX-slots.png",
        "cluster.hosts[name=nodeX]": "report-cluster-hosts-name-nodeX.png"}
