"""sweep-report: a table per axis (means over the other axes, split by discipline), as text, Markdown with PNGs
beside it, or HTML with the plots embedded."""

from __future__ import annotations

import base64
import re
from pathlib import Path

import pytest

from refsim.sweep.plots import axis_figure
from refsim.sweep.table import read_results
from tests.unit.sweep.conftest import run

PNG = b"\x89PNG\r\n\x1a\n"


@pytest.fixture
def results(six: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(six)
    assert run("sweep", "six.yaml", "-o", "out", "-j", "1").exit_code == 0
    return six / "out" / "results.csv"


def test_the_tables_per_axis(results: Path):
    # By hand (conftest): on 1 host greedy and easy wait 33.3 s on average (max 100), strict 50; on 2 hosts 0.
    # By discipline, each figure is the mean of the 1-host and 2-host replays: greedy (33.3 + 0) / 2 = 16.7,
    # strict 25.0; utilisation (73.6% + 46.0%) / 2 = 59.8%; makespan (250 + 200) / 2 = 225.
    result = run("sweep-report", "out/results.csv")
    assert result.exit_code == 0
    lines = result.stdout.splitlines()
    assert lines[0] == "out/results.csv: 6 replays, 0 failed; axes: discipline (3 values), hosts (2 values)"
    assert lines[2:7] == [
        "by discipline (means over the other axes; times in seconds)",
        "discipline  replays  wait mean  median   p95   max  bsld mean   util  makespan",
        "greedy            2       16.7    12.5  50.0  50.0       1.29  59.8%     225.0",
        "strict            2       25.0    25.0  50.0  50.0       1.40  59.8%     225.0",
        "easy              2       16.7    12.5  50.0  50.0       1.29  59.8%     225.0"]
    assert lines[9:11] == ["hosts  discipline  replays  wait mean  median    p95    max  bsld mean   util  makespan",
                           "1      greedy            1       33.3    25.0  100.0  100.0       1.58  73.6%     250.0"]
    assert lines[13] == "2      greedy            1        0.0     0.0    0.0    0.0       1.00  46.0%     200.0"


def test_markdown_with_the_plots_beside_it(results: Path, six: Path):
    result = run("sweep-report", "out/results.csv", "-o", "report.md")
    assert result.exit_code == 0
    assert result.stdout == "report.md: 6 replays, 2 axes; plots: report-discipline.png, report-hosts.png\n"
    text = (six / "report.md").read_text()
    assert "| strict | 2 | 25.0 | 25.0 | 50.0 | 50.0 | 1.40 | 59.8% | 225.0 |" in text
    assert "| discipline | replays | wait mean | median | p95 | max | bsld mean | util | makespan |\n" \
           "| --- | --- | --- | --- | --- | --- | --- | --- | --- |\n| greedy |" in text
    # the last table lists every replay (Kills: report.py _all_rows's headings changed)
    assert "## Every replay\n\n| replay | discipline | hosts | status | wait mean | median | p95 | max | bsld mean | " \
           "util | makespan | decisions | cpu s |\n" in text
    assert re.findall(r"!\[[^]]*\]\(([^)]+)\)", text) == ["report-discipline.png", "report-hosts.png"]
    for name in ("report-discipline.png", "report-hosts.png"):
        assert (six / name).read_bytes().startswith(PNG)


def test_html_with_the_plots_embedded(results: Path, six: Path):
    html = run("sweep-report", "out/results.csv", "-o", "report.html")
    assert html.exit_code == 0 and html.stdout == "report.html: 6 replays, 2 axes\n"  # its plots are inside it
    text = (six / "report.html").read_text()
    images = re.findall(r'src="data:image/png;base64,([^"]+)"', text)
    assert len(images) == 2 and all(base64.b64decode(i).startswith(PNG) for i in images)
    assert "<td>strict</td><td>2</td><td>25.0</td>" in text and not (six / "report-hosts.png").exists()
    # each axis's section as in the Markdown report: its heading, the note on what the figures are, the column
    # headings (Kills: report.py html_text's note and _html_table's header cells changed)
    # a page of its own with the report's title, one row per line of the table (Kills: report.py html_text's
    # head and _html_table's row tags changed)
    assert text.startswith('<!DOCTYPE html>\n<html><head><meta charset="utf-8"><title>Sweep report: results.csv'
                           '</title><style>')
    assert "<tbody><tr><td>greedy</td><td>2</td><td>16.7</td>" in text and text.endswith("</body></html>\n")
    assert "<td>225.0</td></tr><tr><td>strict</td>" in text
    assert "<h2>By discipline</h2>\n<p>Means over the other axes; times in seconds.</p>\n<table class=\"sortable\">\n<thead><tr>" \
           "<th>discipline</th><th>replays</th><th>wait mean</th><th>median</th><th>p95</th><th>max</th>" \
           "<th>bsld mean</th><th>util</th><th>makespan</th></tr></thead>" in text


def test_one_line_per_discipline_against_the_other_axes(results: Path):
    figure = axis_figure(read_results(results), "hosts")
    wait, utilisation = figure.axes
    # easy waits as greedy does on both host counts (the tables above): its line lies on greedy's and says so
    assert [line.get_label() for line in wait.get_lines()] == ["greedy", "strict", "easy (same as greedy)"]
    assert [list(line.get_ydata()) for line in wait.get_lines()] == [[200 / 6, 0.0], [50.0, 0.0], [200 / 6, 0.0]]
    assert [round(y, 1) for y in utilisation.get_lines()[0].get_ydata()] == [73.6, 46.0]
    # a numeric axis is plotted at its values (Kills: plots.py axis_figure taking hosts for a non-numeric axis)
    assert [list(line.get_xdata()) for line in wait.get_lines()] == [[1, 2]] * 3


def test_failed_replays_are_counted_not_averaged(tmp_path: Path):
    (tmp_path / "r.csv").write_text("replay,recording,hosts,status,wait_mean,utilisation,error\n"
                                    "1,a.yaml,1,failed,,,boom\n2,a.yaml,2,ok,10.0,0.5,\n3,a.yaml,3,ok,20.0,0.25,\n")
    lines = run("sweep-report", str(tmp_path / "r.csv")).stdout.splitlines()
    assert lines[0] == f"{tmp_path / 'r.csv'}: 3 replays, 1 failed (left out); axes: hosts (3 values)"
    assert lines[3:] == ["hosts  replays  wait mean  median  p95  max  bsld mean   util  makespan",
                         "1            0          -       -    -    -          -      -         -",
                         "2            1       10.0       -    -    -          -  50.0%         -",
                         "3            1       20.0       -    -    -          -  25.0%         -"]


def test_a_file_that_is_not_a_results_table(tmp_path: Path):
    (tmp_path / "x.csv").write_text("a,b\n1,2\n")
    result = run("sweep-report", str(tmp_path / "x.csv"))
    assert result.exit_code == 2
    assert result.stderr == f"Error: {tmp_path / 'x.csv'}: line 1: not a sweep results table (no column replay, " \
                            "recording, status, wait_mean, utilisation)\n"
    bad = run("sweep-report", str(tmp_path / "x.csv"), "-o", str(tmp_path / "x.pdf"))
    assert bad.exit_code == 2 and "the report is written as .md or .html" in bad.stderr


def test_the_recording_is_an_axis_when_the_sweep_has_several(tmp_path: Path):
    """With two recordings the report splits by recording too; with one it does not. Kills: table.py read_results
    asking for more than two recordings before the recording counts as an axis."""
    header = "replay,recording,hosts,status,wait_mean,utilisation\n"
    (tmp_path / "two.csv").write_text(header + "1,a.yaml,1,ok,10.0,0.5\n2,b.yaml,1,ok,20.0,0.25\n")
    (tmp_path / "one.csv").write_text(header + "1,a.yaml,1,ok,10.0,0.5\n2,a.yaml,2,ok,20.0,0.25\n")
    assert read_results(tmp_path / "two.csv").axes == ("recording", "hosts")
    assert read_results(tmp_path / "one.csv").axes == ("hosts",)


def test_a_boolean_value_is_written_as_json_and_read_back_as_one():
    """An override's value true or false (a host's flag, say) is a CSV cell `true` / `false`, as JSON writes it,
    and the report reads it back as the same value. Kills: results.py cell writing False as another text."""
    from refsim.sweep.results import cell
    from refsim.sweep.table import parsed

    assert [cell(v) for v in (True, False, 3, 2.5, [1, 2])] == ["true", "false", "3", "2.5", "[1, 2]"]
    assert [parsed(cell(v)) for v in (True, False, 3, 2.5)] == [True, False, 3, 2.5]


def test_the_plots_have_a_grid_to_read_the_values_against(results: Path):
    """Kills: plots.py axis_figure without its grid."""
    figure = axis_figure(read_results(results), "hosts")
    for panel in figure.axes:
        assert panel.xaxis.get_gridlines() and all(line.get_visible() for line in panel.xaxis.get_gridlines())
        assert all(line.get_visible() for line in panel.yaxis.get_gridlines())


def test_a_table_without_axes_says_so_and_an_axis_of_symbols_gets_a_plain_plot_name(tmp_path: Path):
    """A sweep with no axis (each recording replayed as it is, one recording) has `axes: none` in its headline;
    a plot's file is named after its axis with every run of other characters a dash, `axis` when nothing is left.
    Kills: report.py headline's "none" and slug's fallback changed."""
    from refsim.sweep.report import headline, image_paths

    (tmp_path / "r.csv").write_text("replay,recording,status,wait_mean,utilisation\n1,a.yaml,ok,10.0,0.5\n")
    assert headline(read_results(tmp_path / "r.csv")) == f"{tmp_path / 'r.csv'}: 1 replays, 0 failed; axes: none"
    (tmp_path / "s.csv").write_text("replay,recording,%%,cluster.hosts[0].slots,status,wait_mean,utilisation\n"
                                    "1,a.yaml,1,2,ok,10.0,0.5\n")
    paths = image_paths(tmp_path / "report.md", read_results(tmp_path / "s.csv"))
    assert {a: p.name for a, p in paths.items()} == {"%%": "report-axis.png",
                                                     "cluster.hosts[0].slots": "report-cluster-hosts-0-slots.png"}


def test_a_row_with_the_wrong_number_of_cells_is_named_by_its_line(tmp_path: Path):
    """Kills: table.py read_results numbering the data lines from another start."""
    (tmp_path / "r.csv").write_text("replay,recording,status,wait_mean,utilisation\n1,a.yaml,ok,10.0,0.5\n2,a.yaml\n")
    result = run("sweep-report", str(tmp_path / "r.csv"))
    assert result.exit_code == 2
    assert result.stderr == f"Error: {tmp_path / 'r.csv'}: line 3: has 2 cells; the header has 5\n"


def test_a_failed_replay_is_listed_with_dashes_for_what_it_never_measured(tmp_path: Path):
    """The last table of a report lists every replay, a failed one too: its figures, decisions and CPU seconds
    are `-` (it measured nothing), as an empty axis value is. Kills: sweep/table.py:shown's `-` for nothing
    mutated (the failed replay's decisions and the missing hosts value would read as something)."""
    from refsim.sweep.report import markdown_text

    (tmp_path / "r.csv").write_text("replay,recording,hosts,status,wait_mean,utilisation,decisions,cpu_seconds\n"
                                    "1,a.yaml,,failed,,,,\n2,a.yaml,2,ok,10.0,0.5,7,0.125\n")
    text = markdown_text(read_results(tmp_path / "r.csv"), {})
    assert text.endswith("## Every replay\n\n"
                         "| replay | hosts | status | wait mean | median | p95 | max | bsld mean | util | makespan "
                         "| decisions | cpu s |\n"
                         "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |\n"
                         "| 1 | - | failed | - | - | - | - | - | - | - | - | - |\n"
                         "| 2 | 2 | ok | 10.0 | - | - | - | - | 50.0% | - | 7 | 0.12 |\n")


@pytest.mark.parametrize("content, problem", [
    (None, "cannot read: No such file or directory"),
    (b"replay,\xff\n", "is not a readable CSV file ('utf-8' codec can't decode byte 0xff in position 7: invalid "
                       "start byte)"),
    (b"replay,recording,status,wait_mean,utilisation\n1,a,ok,\"" + b"x" * 200_000 + b"\",1\n",
     "is not a readable CSV file (field larger than field limit (131072))"),
])
def test_a_results_table_that_cannot_be_read_is_one_line(tmp_path: Path, content: bytes | None, problem: str):
    """Kills: sweep/table.py:read_results's errors for a file that is missing, not UTF-8 text, or not CSV that the
    csv module can read (dropped: a traceback; or their text mutated)."""
    path = tmp_path / "r.csv"
    if content is not None:
        path.write_bytes(content)
    result = run("sweep-report", str(path))
    assert result.exit_code == 2 and result.stdout == ""
    assert result.stderr == f"Error: {path}: {problem}\n"


TWO_RECORDINGS = "replay,recording,hosts,status,wait_mean,utilisation\n1,a|b.yaml,1,ok,10.0,0.5\n2,<c>.yaml,1,ok,10.0,0.5\n"


def test_the_whole_markdown_report_with_a_pipe_in_a_value(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    """Two recordings (so the recording is an axis), one named with a `|`, which would end a Markdown cell: it is
    escaped. Kills: sweep/report.py:markdown_text's headings, note and image lines mutated, and _md_row's escaping."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "s.csv").write_text(TWO_RECORDINGS)
    assert run("sweep-report", "s.csv", "-o", "s.md").exit_code == 0
    table = ["| --- | --- | --- | --- | --- | --- | --- | --- | --- |"]
    header = " | replays | wait mean | median | p95 | max | bsld mean | util | makespan |"
    assert (tmp_path / "s.md").read_text().splitlines() == [
        "# Sweep report: s.csv", "", "s.csv: 2 replays, 0 failed; axes: recording (2 values), hosts (1 values)",
        "", "## By recording", "", "Means over the other axes; times in seconds.", "", "| recording" + header,
        *table, "| a\\|b.yaml | 1 | 10.0 | - | - | - | - | 50.0% | - |", "| <c>.yaml | 1 | 10.0 | - | - | - | - | 50.0% | - |",
        "", "![wait and utilisation against recording](s-recording.png)",
        "", "## By hosts", "", "Means over the other axes; times in seconds.", "", "| hosts" + header, *table,
        "| 1 | 2 | 10.0 | - | - | - | - | 50.0% | - |", "", "![wait and utilisation against hosts](s-hosts.png)",
        "", "## Every replay", "",
        "| replay | recording | hosts | status | wait mean | median | p95 | max | bsld mean | util | makespan | "
        "decisions | cpu s |", "| --- " * 13 + "|",
        "| 1 | a\\|b.yaml | 1 | ok | 10.0 | - | - | - | - | 50.0% | - | - | - |",
        "| 2 | <c>.yaml | 1 | ok | 10.0 | - | - | - | - | 50.0% | - | - | - |"]


def test_html_escapes_what_a_value_holds(tmp_path: Path):
    """A recording named `<c>.yaml` is text in the page, not a tag. Kills: sweep/report.py:html_text and _html_table
    writing values unescaped, or the heading and the replay table's title mutated."""
    from refsim.sweep.report import html_text

    (tmp_path / "s.csv").write_text(TWO_RECORDINGS)
    text = html_text(read_results(tmp_path / "s.csv"), {})
    assert "<tr><td>&lt;c&gt;.yaml</td><td>1</td>" in text and "<c>" not in text
    assert "<h2>By recording</h2>" in text and "<h2>Every replay</h2>\n<table class=\"sortable\">" in text


def test_two_axes_whose_plots_would_share_a_file_are_refused(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    """Two override axes that differ only in punctuation get the same plot file name: the report is refused before
    anything is written. Kills: sweep/report.py:write_report's description of the other plot mutated."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "r.csv").write_text("replay,recording,cluster.limits[name=a].resources.slots,"
                                    "cluster.limits[name=a.resources].slots,status,wait_mean,utilisation\n"
                                    "1,a.yaml,1,2,ok,10.0,0.5\n")
    result = run("sweep-report", "r.csv", "-o", "r.md")
    assert result.exit_code == 2
    assert result.stderr == ("Error: sweep-report plot r-cluster-limits-name-a-resources-slots.png: is the same file "
                             "as another plot r-cluster-limits-name-a-resources-slots.png; refused so that nothing "
                             "is overwritten\n")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["r.csv"]


def test_values_that_are_not_numbers_keep_their_order(tmp_path: Path):
    """Numbers sort ascending; true and false are not numbers here (though Python counts them as 1 and 0), so an
    axis of them keeps the order in which they first appear. Kills: sweep/table.py:_is_number counting a boolean
    as a number, and ResultsTable.values sorting any values."""
    (tmp_path / "r.csv").write_text("replay,recording,hosts,flag,status,wait_mean,utilisation\n"
                                    "1,a.yaml,3,true,ok,1,0.5\n2,a.yaml,1,false,ok,1,0.5\n3,a.yaml,2,true,ok,1,0.5\n")
    table = read_results(tmp_path / "r.csv")
    assert (table.values("hosts"), table.values("flag")) == ([1, 2, 3], [True, False])


TWO_REPLAYS = ("replay,recording,discipline,status,wait_mean,utilisation,decisions,cpu_seconds\n"
               "1,a.yaml,easy,ok,10.0,0.5,7,1.5\n"
               "2,a.yaml,gre<dy>,failed,,,,\n")


def test_the_whole_html_page_of_a_small_table(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    """The complete page for two replays, one failed, no plots: its head and style, title, headline, the table by
    discipline (the failed replay's group counts 0 replays and has no figures), the table of every replay (CPU
    seconds to 2 places, the decision count as it is) and the end of the page, with a value holding < and > escaped. Figures by hand: the one
    ok replay waits 10 s at utilisation 0.5 (50.0%); no other figure is in the table, so each is '-'. Kills:
    sweep/report.py:html_text's and _html_table's texts (style, head, heading, table ends) and _all_rows's
    decision count mutated."""
    from refsim.sweep.report import SORTING, html_text

    monkeypatch.chdir(tmp_path)
    (tmp_path / "r.csv").write_text(TWO_REPLAYS)
    dashes = "<td>-</td>"
    assert html_text(read_results("r.csv"), {}) == (
        '<!DOCTYPE html>\n<html><head><meta charset="utf-8"><title>Sweep report: r.csv</title><style>'
        "body{font-family:sans-serif;margin:2em}table{border-collapse:collapse;margin:1em 0}"
        "td,th{border:1px solid #ccc;padding:2px 8px;text-align:right}th{background:#eee;cursor:pointer}"
        "th[aria-sort=ascending]::after{content:' \\25B2'}th[aria-sort=descending]::after{content:' \\25BC'}"
        "</style></head><body>\n"
        "<h1>Sweep report: r.csv</h1>\n"
        "<p>r.csv: 2 replays, 1 failed (left out); axes: discipline (2 values)</p>\n"
        "<h2>By discipline</h2>\n<p>Means over the other axes; times in seconds.</p>\n"
        "<table class=\"sortable\">\n<thead><tr><th>discipline</th><th>replays</th><th>wait mean</th><th>median</th><th>p95</th>"
        "<th>max</th><th>bsld mean</th><th>util</th><th>makespan</th></tr></thead>\n"
        f"<tbody><tr><td>easy</td><td>1</td><td>10.0</td>{dashes * 4}<td>50.0%</td>{dashes}</tr>"
        f"<tr><td>gre&lt;dy&gt;</td><td>0</td>{dashes * 7}</tr></tbody>\n</table>\n"
        "<h2>Every replay</h2>\n"
        "<table class=\"sortable\">\n<thead><tr><th>replay</th><th>discipline</th><th>status</th><th>wait mean</th><th>median</th>"
        "<th>p95</th><th>max</th><th>bsld mean</th><th>util</th><th>makespan</th><th>decisions</th><th>cpu s</th>"
        "</tr></thead>\n"
        f"<tbody><tr><td>1</td><td>easy</td><td>ok</td><td>10.0</td>{dashes * 4}<td>50.0%</td>{dashes}<td>7</td>"
        f"<td>1.50</td></tr><tr><td>2</td><td>gre&lt;dy&gt;</td><td>failed</td>{dashes * 9}</tr></tbody>\n</table>\n"
        f"<script>{SORTING}</script>\n</body></html>\n")


def test_the_whole_markdown_report_of_a_small_table(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    """The same two replays as Markdown, no plots: title, headline, the table by discipline and the table of
    every replay, whole. Kills: sweep/report.py:markdown_text's and _md_all's texts mutated."""
    from refsim.sweep.report import markdown_text

    monkeypatch.chdir(tmp_path)
    (tmp_path / "r.csv").write_text(TWO_REPLAYS)
    assert markdown_text(read_results("r.csv"), {}) == (
        "# Sweep report: r.csv\n\nr.csv: 2 replays, 1 failed (left out); axes: discipline (2 values)\n\n"
        "## By discipline\n\nMeans over the other axes; times in seconds.\n\n"
        "| discipline | replays | wait mean | median | p95 | max | bsld mean | util | makespan |\n"
        "| --- | --- | --- | --- | --- | --- | --- | --- | --- |\n"
        "| easy | 1 | 10.0 | - | - | - | - | 50.0% | - |\n"
        "| gre<dy> | 0 | - | - | - | - | - | - | - |\n\n"
        "## Every replay\n\n"
        "| replay | discipline | status | wait mean | median | p95 | max | bsld mean | util | makespan | decisions "
        "| cpu s |\n"
        "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |\n"
        "| 1 | easy | ok | 10.0 | - | - | - | - | 50.0% | - | 7 | 1.50 |\n"
        "| 2 | gre<dy> | failed | - | - | - | - | - | - | - | - | - |\n")
