"""The sweep report's plots read as a newcomer would (docs/sweep.md, "The report"): value axes from zero, lines
that coincide both visible and named, a categorical axis split by discipline as grouped bars."""

from __future__ import annotations

from pathlib import Path

from refsim.sweep.plots import axis_figure
from refsim.sweep.table import read_results

# Utilisations of 42.020% and 42.055%: autoscaled, the axis ran from about 42.02 to 42.06 and the 0.035-point
# difference filled the panel as if it were a peak.
CLOSE = """\
replay,recording,discipline,scale,status,wait_mean,utilisation
1,a.yaml,easy,1,ok,100.0,0.42020
2,a.yaml,easy,2,ok,101.0,0.42055
3,a.yaml,greedy,1,ok,100.0,0.42020
4,a.yaml,greedy,2,ok,101.0,0.42055
"""


def _figure(tmp_path: Path, text: str, axis: str):  # type: ignore[no-untyped-def]
    (tmp_path / "r.csv").write_text(text)
    return axis_figure(read_results(tmp_path / "r.csv"), axis)


def test_value_axes_start_at_zero(tmp_path: Path):
    wait, utilisation = _figure(tmp_path, CLOSE, "scale").axes
    assert wait.get_ylim()[0] == 0 and utilisation.get_ylim() == (0, 105)


def test_identical_lines_are_both_visible_and_named(tmp_path: Path):
    """greedy's figures equal easy's at every scale: its line lies on easy's. It is drawn with another marker,
    a smaller size and another dash, and its legend entry says which line it lies on."""
    wait, _ = _figure(tmp_path, CLOSE, "scale").axes
    easy, greedy = wait.lines
    assert list(easy.get_ydata()) == list(greedy.get_ydata())
    assert greedy.get_label() == "greedy (same as easy)"
    assert easy.get_marker() != greedy.get_marker() and easy.get_linestyle() != greedy.get_linestyle()
    assert greedy.get_markersize() < easy.get_markersize() and easy.get_markerfacecolor() == "none"


def test_a_categorical_axis_split_by_discipline_is_grouped_bars(tmp_path: Path):
    """The recording axis (two recordings) by discipline: at each recording a bar per discipline, side by side
    (width 0.4 each, centred 0.2 either side of the recording's place). a.yaml: easy 10 s, greedy 30 s; b.yaml:
    easy 20 s, greedy 40 s."""
    text = ("replay,recording,discipline,status,wait_mean,utilisation\n1,a.yaml,easy,ok,10,0.5\n"
            "2,a.yaml,greedy,ok,30,0.5\n3,b.yaml,easy,ok,20,0.5\n4,b.yaml,greedy,ok,40,0.5\n")
    wait, _ = _figure(tmp_path, text, "recording").axes
    bars = [(round(p.get_x() + p.get_width() / 2, 6), p.get_height()) for p in wait.patches]
    assert bars == [(-0.2, 10), (0.8, 20), (0.2, 30), (1.2, 40)] and len(wait.lines) == 0
    assert [t.get_text() for t in wait.get_legend().get_texts()] == ["easy", "greedy"]
