"""The run explorer's page: one HTML file holding its data, script and style inline, so it opens from disk with no
network (docs/explore.md). The script and style are refsim's own, hand-written (refsim/report/explore.js, .css)."""

from __future__ import annotations

import html
import json
from importlib import resources
from pathlib import Path
from typing import Any

from refsim.sim.paths import Named, atomic_write, guarded_output

TEMPLATE = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<meta name="generator" content="refsim explore">
<title>{title}</title>
<style>{style}</style>
</head><body>
<h1>{title}</h1>
<p class="summary">{summary}</p>
<section id="timeline-section">
<h2>Jobs over hosts and time</h2>
<div class="controls">
<label>colour by <select id="colour"><option value="queue">queue</option><option value="wait">wait</option></select></label>
<button id="zoom-in" type="button">zoom in</button><button id="zoom-out" type="button">zoom out</button>
<button id="zoom-reset" type="button">whole run</button><span id="range" class="note"></span>
<div id="legend"></div>
</div>
<canvas id="timeline"></canvas>
<canvas id="series"></canvas>
<p class="note">Scroll on the timeline to zoom, drag to pan, click a job to open it. {aggregated}</p>
</section>
<section id="jobs-section">
<h2>Jobs</h2>
<div class="controls">
<label>job id <input id="search" type="search" placeholder="search by id"></label>
<label>queue <select id="queue-filter"><option value="">all</option></select></label>
<label>state <select id="state-filter"><option value="">all</option></select></label>
<label>wait at least <input id="min-wait" type="number" min="0" step="1" placeholder="seconds"></label>
</div>
<table id="jobs"><thead><tr></tr></thead><tbody></tbody></table>
<p id="shown-count" class="note"></p><button id="more" type="button">more</button>
</section>
<section id="job-panel" hidden>
<h2 id="job-title"></h2>
<pre id="story"></pre>
<div id="traces"></div>
</section>
<p class="note">Made by refsim explore. The page's script and style are refsim's own, hand-written, with no
library; everything it shows is inside this file.</p>
<script type="application/json" id="run-data">{data}</script>
<script>{script}</script>
</body></html>
"""


def _asset(name: str) -> str:
    return resources.files("refsim.report").joinpath(name).read_text(encoding="utf-8")


def page_text(data: dict[str, Any], summary: str) -> str:
    """The page for the explorer's data (report/explore_data.py). The data's JSON is written with `<`, `>` and
    `&` escaped, so no text in it (a job name, a host) can end the script element early."""
    text = json.dumps(data, separators=(",", ":"), allow_nan=False)
    text = text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")
    hosts = len(data["hosts"])
    aggregated = (f"With {hosts} hosts, consecutive hosts share a timeline row (at most 300 rows)."
                  if hosts > 300 else "")
    return TEMPLATE.format(title=html.escape(f"refsim run: {data['label']}"), summary=html.escape(summary),
                           style=_asset("explore.css"), script=_asset("explore.js"), data=text,
                           aggregated=aggregated)


def write_page(text: str, output: str | Path, inputs: list[Named]) -> None:
    """Write the page whole (nothing is left on a failure), never over one of the inputs."""
    guarded_output(output, inputs, role="explore -o")
    with atomic_write(output) as file:
        file.write(text)
