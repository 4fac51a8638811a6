"""The cluster of an LSF import from `--hosts FILE`: the output of `bhosts -w` or `lshosts -w`, told apart by the
header line. Columns read: HOST_NAME, and the slots from MAX (`bhosts`) or ncpus (`lshosts`); every other column
is ignored. A host whose slot count is `-` (unlimited, or unknown) is an error naming it: say its slots in the
file."""

from __future__ import annotations

from pathlib import Path

from refsim.importers.site import SiteLogError
from refsim.model.bounds import MAX_HOSTS, MAX_TASKS, short, whole_number

SLOT_COLUMNS = ("MAX", "ncpus")  # bhosts -w, lshosts -w


def read_hosts(path: str) -> dict[str, int]:
    """Host name: slots, in the file's order."""
    try:
        lines = Path(path).read_text(encoding="utf-8").splitlines()
    except OSError as exc:
        raise SiteLogError(f"{path}: cannot read: {exc.strerror or exc}") from None
    except UnicodeDecodeError:
        raise SiteLogError(f"{path}: not UTF-8 text") from None
    rows = [(n, line.split()) for n, line in enumerate(lines, start=1) if line.strip()]
    if not rows or rows[0][1][:1] != ["HOST_NAME"]:
        raise SiteLogError(f"{path}:1: not `bhosts -w` or `lshosts -w` output (no HOST_NAME header)")
    header = rows[0][1]
    column = next((header.index(c) for c in SLOT_COLUMNS if c in header), None)
    if column is None:
        raise SiteLogError(f"{path}:{rows[0][0]}: the header has neither MAX (bhosts -w) nor ncpus (lshosts -w)")
    hosts: dict[str, int] = {}
    for number, cells in rows[1:]:
        name = cells[0]
        if not name.isascii() or not name.isprintable() or any(c in name for c in "[]{}=,:@"):
            raise SiteLogError(f"{path}:{number}: HOST_NAME '{short(name)}' is not an ASCII host name")
        slots = whole_number(cells[column], 1, MAX_TASKS) if column < len(cells) else None
        if slots is None:
            shown = cells[column] if column < len(cells) else "nothing"
            raise SiteLogError(f"{path}:{number}: {header[column]} of host {name} is '{short(shown)}', not a slot "
                               f"count from 1 to {MAX_TASKS}")
        if name in hosts:
            raise SiteLogError(f"{path}:{number}: host {name} is listed twice")
        hosts[name] = slots
    if not hosts:
        raise SiteLogError(f"{path}: no host listed")
    if len(hosts) > MAX_HOSTS:
        raise SiteLogError(f"{path}: {len(hosts)} hosts (at most {MAX_HOSTS})")
    return hosts
