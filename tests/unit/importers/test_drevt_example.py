"""docs/drevt.md's example: the trace in the page, imported and run under easy-drevt and easy, gives exactly the
schedules and timelines the page shows, and replaying either schedule gives its timeline back."""

import re
from pathlib import Path

import pytest

from refsim.importers.schedule import schedule_recording
from tests.support.drevt import replay_document, replay_trace, write_trace

PAGE = (Path(__file__).resolve().parents[3] / "docs/drevt.md").read_text()

# Hand-derived (the page explains each line): job 0 holds 6 of 10 nodes until 100; job 1 (8 nodes) is blocked with
# planned start 100 and 2 extra nodes. Job 2 (limit 98) would end exactly at 100: textbook EASY's `<=` lets it
# start at 2, DR_EVT's `<` does not (it starts at 100 beside job 1). Job 3 (limit 500) starts at 3 on the extra
# nodes under easy only; under easy-drevt it waits for job 1's end at 150. Job 4 (limit 20, runs 5) backfills at 4
# under easy-drevt (4 free, 4 + 20 < 100) but finds the cluster full under easy and waits until 150.
EXPECTED = {
    "easy-drevt": ("job_id,start_time,end_time\n0,0,100\n1,100,150\n2,100,198\n3,150,650\n4,4,9\n",
                   'time,nodes_used,nodes_free,running_jobs\n0,6,4,0\n4,8,2,"0,4"\n9,6,4,0\n100,10,0,"1,2"\n'
                   '150,4,6,"2,3"\n198,2,8,3\n650,0,10,\n'),
    "easy": ("job_id,start_time,end_time\n0,0,100\n1,100,150\n2,2,100\n3,3,503\n4,150,155\n",
             'time,nodes_used,nodes_free,running_jobs\n0,6,4,0\n2,8,2,"0,2"\n3,10,0,"0,2,3"\n100,10,0,"1,3"\n'
             '150,4,6,"3,4"\n155,2,8,3\n503,0,10,\n'),
}


def page_trace() -> str:
    return re.search(r"```\n(job_submit_time,num_nodes,exit_status.*?)```", PAGE, re.S).group(1)


def page_tables() -> dict[str, tuple[str, str]]:
    """The page's four-column table, column by column."""
    example = PAGE[PAGE.index("## Example"):]
    rows = [[cell.strip().strip("`") for cell in line.strip()[1:-1].split("|")]
            for line in example.splitlines() if line.startswith("| `") or line.startswith("| |")][1:]  # [0]: titles
    columns = [[r[i] for r in rows if r[i]] for i in range(4)]
    text = ["".join(c + "\n" for c in column) for column in columns]
    return {"easy-drevt": (text[0], text[1]), "easy": (text[2], text[3])}


@pytest.mark.parametrize("discipline", ["easy-drevt", "easy"])
def test_the_pages_example(tmp_path, discipline):
    trace = write_trace(tmp_path, page_trace())
    schedule, timeline = replay_trace(trace, 10, discipline=discipline)
    assert (schedule, timeline) == EXPECTED[discipline] == page_tables()[discipline]
    back = replay_document(schedule_recording(write_trace(tmp_path, schedule, "s.csv"), trace, 10))
    assert back == (schedule, timeline)
