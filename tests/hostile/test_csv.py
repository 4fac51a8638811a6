"""`import csv` (DR_EVT traces): a row of a billion cells is refused before its cells are built, a cell holding a
newline is quoted on one line, a queue name the recording loader would refuse is refused at import, and a time
zone too long for the zone data is blamed on --timezone. One line each, exit 2, nothing written."""

from __future__ import annotations

import os
import threading
from pathlib import Path

from refsim.importers.drevt import MAX_ROW
from tests.hostile.harness import assert_refused, cli, folder_state

HEADER = "job_submit_time,num_nodes,time_limit,queue\n"


def refused(folder: Path, fragment: str, *args: str) -> None:
    before = folder_state(folder)
    assert_refused(cli(folder, "import", "csv", *args), fragment)
    assert folder_state(folder) == before


def test_a_quoted_newline_in_a_cell_is_written_as_an_escape(tmp_path: Path) -> None:
    """The limit cell is `10<newline>x` inside quotes: the row is line 2 to 3, and the message shows \\n."""
    (tmp_path / "t.csv").write_text(HEADER + '0,1,"10\nx",pbatch\n')
    refused(tmp_path, "t.csv: line 3 (row 0), column time_limit: '10\\nx' is not a number",
            "t.csv", "--nodes", "4", "-o", "out.yaml")


def test_a_queue_name_with_a_right_to_left_override_is_refused_at_import(tmp_path: Path) -> None:
    """U+202E is a format character: the loader refuses it in any name, so keeping it would write a recording
    that does not load."""
    (tmp_path / "t.csv").write_text(HEADER + "0,1,10,pb\u202eatch\n")
    refused(tmp_path, "column queue: 'pb\\u202eatch' cannot be a queue name",
            "t.csv", "--nodes", "4", "--keep-all-queues", "-o", "out.yaml")


def test_a_300_character_time_zone_is_blamed_on_the_option(tmp_path: Path) -> None:
    (tmp_path / "t.csv").write_text(HEADER + "0,1,10,pbatch\n")
    refused(tmp_path, "--timezone: unknown time zone 'aaaa", "t.csv", "--nodes", "4", "--timezone", "a" * 300,
            "-o", "out.yaml")


def test_a_row_of_a_gib_of_commas_is_refused_after_its_first_mib(tmp_path: Path) -> None:
    """The trace is a pipe fed by a thread: a header, then 1 GiB of commas with no newline, never on disk. The
    reader stops at MAX_ROW characters of the row and closes the pipe; the writer then stops on a broken pipe."""
    pipe = tmp_path / "t.csv"
    os.mkfifo(pipe)
    written = []

    def feed() -> None:
        try:
            with pipe.open("w") as out:
                out.write(HEADER)
                for _ in range(1024):
                    out.write("," * (1 << 20))
                    written.append(1)
        except BrokenPipeError:
            pass

    feeder = threading.Thread(target=feed, daemon=True)
    feeder.start()
    result = cli(tmp_path, "import", "csv", "t.csv", "--nodes", "4", "-o", "out.yaml")
    feeder.join(timeout=30)
    assert_refused(result, f"t.csv: line 2: a row longer than {MAX_ROW} characters")
    assert not feeder.is_alive() and len(written) < 1024  # the reader stopped early: the rest was never read
    assert not (tmp_path / "out.yaml").exists()
