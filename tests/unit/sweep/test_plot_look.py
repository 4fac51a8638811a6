"""What a sweep report's plot per axis shows: the mean wait above the mean utilisation against the axis's values,
one line per discipline (a gap where a group has nothing to measure), or bars of all replays when the axis is
the discipline itself (a categorical axis); a discipline legend, a light grid, and a PNG of 6.5 x 6 inches at 90 dpi."""

from __future__ import annotations

import math
import struct
from pathlib import Path

from matplotlib.font_manager import FontProperties

from refsim.sweep.plots import axis_figure, axis_png
from refsim.sweep.table import ResultsTable, read_results

# easy on 1 and 2 hosts waits 10 and 20 s at 50% and 25%; greedy on 1 host waits 5 s at 40%; greedy on 2 hosts
# failed (left out: a gap). By discipline: easy (10 + 20)/2 = 15 s at 37.5%, greedy 5 s at 40%.
RESULTS = """\
replay,recording,discipline,hosts,status,wait_mean,utilisation
1,a.yaml,easy,1,ok,10.0,0.5
2,a.yaml,easy,2,ok,20.0,0.25
3,a.yaml,greedy,1,ok,5,0.4
4,a.yaml,greedy,2,failed,,
"""


def _table(tmp_path: Path) -> ResultsTable:
    (tmp_path / "r.csv").write_text(RESULTS)
    return read_results(tmp_path / "r.csv")


def _ys(line) -> list[float | None]:  # type: ignore[no-untyped-def]
    return [None if math.isnan(y) else float(y) for y in line.get_ydata()]


def test_one_line_per_discipline_against_another_axis(tmp_path: Path):
    """Kills: sweep/plots.py:axis_figure's labels, title, markers, legend and grid mutated or dropped, and the
    utilisation's percentage."""
    wait, utilisation = axis_figure(_table(tmp_path), "hosts").axes
    assert (wait.get_ylabel(), wait.get_title()) == ("mean wait (s)", "wait and utilisation against hosts")
    assert (utilisation.get_ylabel(), utilisation.get_xlabel()) == ("utilisation (%)", "hosts")
    assert [(line.get_label(), line.get_marker(), _ys(line)) for line in wait.lines] == [
        ("easy", "o", [10.0, 20.0]), ("greedy", "s", [5.0, None])]
    assert [_ys(line) for line in utilisation.lines] == [[50.0, 25.0], [40.0, None]]
    assert [text.get_text() for text in utilisation.get_xticklabels()] == ["1", "2"]
    legend = wait.get_legend()
    assert legend.get_title().get_text() == "discipline" and utilisation.get_legend() is None
    assert {text.get_fontsize() for text in legend.get_texts()} == {FontProperties(size="small").get_size_in_points()}
    for panel in (wait, utilisation):
        assert {line.get_alpha() for line in panel.xaxis.get_gridlines()} == {0.3}


def _bars(panel) -> list[tuple[float, float]]:  # type: ignore[no-untyped-def]
    """Each bar's centre and height."""
    return [(p.get_x() + p.get_width() / 2, p.get_height()) for p in panel.patches]


def test_the_discipline_axis_is_bars_of_all_replays_at_evenly_spaced_names(tmp_path: Path):
    """A categorical axis is drawn as bars, not a line joining the disciplines. Kills: sweep/plots.py:axis_figure
    splitting the discipline axis by discipline, or placing names as numbers."""
    wait, utilisation = axis_figure(_table(tmp_path), "discipline").axes
    assert len(wait.lines) == 0 and _bars(wait) == [(0, 15.0), (1, 5.0)]
    assert _bars(utilisation) == [(0, 37.5), (1, 40.0)] and wait.get_legend() is None
    assert [text.get_text() for text in utilisation.get_xticklabels()] == ["easy", "greedy"]


def test_the_png_is_6_5_by_6_inches_at_90_dpi(tmp_path: Path):
    """Kills: sweep/plots.py:axis_png's and axis_figure's size and resolution mutated."""
    data = axis_png(_table(tmp_path), "hosts")
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and struct.unpack(">II", data[16:24]) == (585, 540)


def test_the_png_names_no_software_version(tmp_path: Path):
    """matplotlib writes its name and version into a PNG's text unless told not to: the report's plot leaves it
    out, so the same results give the same bytes whichever matplotlib drew them. Kills: sweep/plots.py:axis_png's
    'Software' metadata key mutated (the version text would be written)."""
    data = axis_png(_table(tmp_path), "hosts")
    assert b"Software" not in data and b"atplotlib" not in data


def test_both_panels_share_the_axis_values(tmp_path: Path):
    """The wait panel sits above the utilisation panel on the same x axis, so a value's wait and utilisation line
    up and only the lower panel carries the tick labels. Kills: sweep/plots.py:axis_figure's panels drawn with
    x axes of their own (`sharex=True` -> False)."""
    wait, utilisation = axis_figure(_table(tmp_path), "hosts").axes
    assert wait.get_shared_x_axes().joined(wait, utilisation)


def test_a_numeric_axis_places_each_value_at_itself(tmp_path: Path):
    """The hosts axis holds numbers (1 and 2), so its points sit at x = 1 and 2, not at evenly spaced positions
    as names do. Kills: sweep/plots.py:axis_figure's numeric test turned round (`not isinstance(v, bool)` ->
    `isinstance(v, bool)`: positions 0 and 1)."""
    wait, utilisation = axis_figure(_table(tmp_path), "hosts").axes
    assert [list(line.get_xdata()) for line in wait.lines] == [[1, 2], [1, 2]]


def test_an_axis_of_numbers_and_names_is_placed_as_names(tmp_path: Path):
    """An override axis whose values are a number (1) and a name (big) cannot be placed on a number line: both sit
    at evenly spaced positions 0 and 1, labelled as written. Kills: sweep/plots.py:axis_figure taking an axis as
    numeric when any value is a number (`all` -> `any`)."""
    (tmp_path / "r.csv").write_text("replay,recording,size,status,wait_mean,utilisation\n"
                                    "1,a.yaml,1,ok,10.0,0.5\n2,a.yaml,big,ok,20.0,0.25\n")
    wait, utilisation = axis_figure(read_results(tmp_path / "r.csv"), "size").axes
    assert _bars(wait) == [(0, 10.0), (1, 20.0)]
    assert [text.get_text() for text in utilisation.get_xticklabels()] == ["1", "big"]


def test_drawing_the_plot_gives_no_warning(tmp_path: Path):
    """A sweep's report draws its plots while the user watches its output: matplotlib must have nothing to warn
    about (a warning would be printed on standard error). Kills: sweep/plots.py:axis_figure's grid switched off
    while its line style is given (matplotlib then warns that it switches the grid on anyway)."""
    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("error")
        axis_figure(_table(tmp_path), "hosts")
