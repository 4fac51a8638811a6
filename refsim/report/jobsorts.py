"""The orders of `report --jobs --sort`, apart from the rows they sort, so the `refsim` command can offer them
without importing the job list (refsim/report/joblist.py sorts by them)."""

from __future__ import annotations

# Each sort key, and whether it puts the largest first. A figure the file does not tell (None) sorts as the
# largest for `wait` (a job that never started is still waiting) and last for every other key; ties keep
# submission order.
SORTS: dict[str, bool] = {"wait": True, "bsld": True, "sessions": True, "overtaken": True, "tasks": True,
                          "submit": False, "start": False, "queue": False}
