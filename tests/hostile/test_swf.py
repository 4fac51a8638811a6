"""`import swf`: a --time-scale that would make submit times infinite (or beyond the times a recording may hold) is
refused before anything is written, and a header count above its bound names the file and the line."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.hostile.harness import assert_refused, cli, folder_state

# job 1, submitted at 100 s, runs 10 s on 1 processor (the 18 SWF fields)
JOB = "1 100 0 10 1 -1 -1 1 10 -1 1 1 1 1 1 -1 -1 -1\n"


def refused(folder: Path, log: str, fragment: str, *options: str) -> None:
    (folder / "log.swf").write_text(log)
    before = folder_state(folder)
    assert_refused(cli(folder, "import", "swf", "log.swf", "-o", "rec.yaml", *options), fragment)
    assert folder_state(folder) == before


@pytest.mark.parametrize("factor", ["1e308", "1e13"])
def test_a_time_scale_beyond_the_range_of_times_is_refused(tmp_path: Path, factor: str) -> None:
    refused(tmp_path, "; MaxNodes: 2\n" + JOB, f"--time-scale {float(factor):g} is above 1e+12", "--time-scale",
            factor)


def test_a_time_scale_pushing_one_submission_past_the_bound_names_the_job(tmp_path: Path) -> None:
    """100 s x 10^11 = 10^13 s, above the 10^12 s a recording may hold, though the factor itself is allowed."""
    refused(tmp_path, "; MaxNodes: 2\n" + JOB, "log.swf: job 1 submitted at 100 s would be submitted at 1e+13 s",
            "--time-scale", "1e11")


def test_a_huge_max_nodes_names_the_file_and_line(tmp_path: Path) -> None:
    """The header's second line holds the count: `log.swf:2:`."""
    refused(tmp_path, "; Version: 2.2\n; MaxNodes: " + "9" * 400 + "\n" + JOB,
            "log.swf:2: header MaxNodes: 9999999999999999999999999999999999999999... is above the bound 100000")
