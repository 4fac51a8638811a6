"""sweep-report's names and texts, decided case by case."""

from __future__ import annotations

from pathlib import Path

import pytest

from refsim.sweep.report import html_text, image_paths
from refsim.sweep.table import read_results
from tests.unit.sweep.conftest import run


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


def test_a_report_that_is_a_link_to_its_results_table_is_refused_by_name(tmp_path: Path,
                                                                         monkeypatch: pytest.MonkeyPatch):
    """An .html report whose path is a link to the results table would overwrite the table: one line naming the
    -o path as the report's, and the table left as it was. Kills: sweep/report.py:write_report's name of the report
    in its refusal."""
    monkeypatch.chdir(tmp_path)
    table = "replay,recording,hosts,status,wait_mean,utilisation\n1,a.yaml,1,ok,10.0,0.5\n"
    (tmp_path / "r.csv").write_text(table)
    (tmp_path / "r.html").symlink_to(tmp_path / "r.csv")
    result = run("sweep-report", "r.csv", "-o", "r.html")
    assert result.exit_code == 2
    assert result.stderr == "Error: sweep-report -o r.html: is the same file as the results table r.csv; refused " \
                            "so that nothing is overwritten\n"
    assert (tmp_path / "r.csv").read_text() == table


def test_an_html_reports_plot_is_embedded_with_its_alternative_text(tmp_path: Path):
    """Each plot of an HTML report is an <img> whose alternative text says what it shows, the axis escaped, and
    whose source is the PNG's bytes in base64 ('png' is cG5n). Kills: sweep/report.py:html_text's img text."""
    (tmp_path / "r.csv").write_text("replay,recording,cluster.hosts[name=a<b].slots,status,wait_mean,utilisation\n"
                                    "1,a.yaml,1,ok,10.0,0.5\n")
    text = html_text(read_results(tmp_path / "r.csv"), {"cluster.hosts[name=a<b].slots": b"png"})
    images = [line for line in text.splitlines() if line.startswith("<img")]
    assert images == ['<img alt="wait and utilisation against cluster.hosts[name=a&lt;b].slots" '
                      'src="data:image/png;base64,cG5n">']


def test_a_plot_that_is_a_link_to_its_report_is_refused_by_name(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    """A Markdown report's plot r-hosts.png that is a link to the report r.md itself: writing one would overwrite
    the other, so one line names the plot and the report, and nothing is written. Kills: sweep/report.py:
    write_report's name of the report among the files a plot may not be."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "r.csv").write_text("replay,recording,hosts,status,wait_mean,utilisation\n1,a.yaml,1,ok,10.0,0.5\n")
    (tmp_path / "r.md").write_text("an older report\n")
    (tmp_path / "r-hosts.png").symlink_to(tmp_path / "r.md")
    result = run("sweep-report", "r.csv", "-o", "r.md")
    assert result.exit_code == 2
    assert result.stderr == "Error: sweep-report plot r-hosts.png: is the same file as the report r.md; refused so " \
                            "that nothing is overwritten\n"
    assert (tmp_path / "r.md").read_text() == "an older report\n"
