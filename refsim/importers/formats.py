"""The workload formats refsim imports, one entry each: the one door through which the command line
(`refsim import ...`) and sweeps (logs imported on the fly) reach an importer (docs/architecture.md, "Workload
formats"). A new format is a module beside swf.py and drevt.py and one `Format` here."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from refsim.importers.drevt import RunTimes, capped, drevt_recording, dropped_lines
from refsim.importers.lsf import lsf_import
from refsim.importers.site import RunLimitChoice
from refsim.importers.slurm import slurm_import
from refsim.importers.swf import REQUESTED, RunLimits, swf_recording
from refsim.model.history import RecordedJob

__all__ = ["FORMATS", "Format", "Imported", "Options", "Reader", "ON_THE_FLY", "format_of", "on_the_fly"]

Options = Mapping[str, Any]  # a format's import options by name (`Format.options`); an absent one has its default
Reader = Callable[[str, Options, "Callable[[int], None] | None"], "Imported"]


@dataclass(frozen=True)
class Imported:
    """What a reader made of a workload file: the recording document (plain data, ready to write as YAML or JSON),
    lines to show on standard error (rows left out), a note to append to the import's summary line, and, for a
    site's own log, the schedule the site recorded (written by `--recorded`)."""

    document: dict[str, Any]
    warnings: tuple[str, ...] = ()
    note: str = ""
    recorded: tuple[RecordedJob, ...] = ()


@dataclass(frozen=True)
class Format:
    """One workload format. `read(path, options, progress)` imports the file at `path` (named in errors as given)
    and raises a RefsimError subclass, in one line, for a file it cannot; `progress`, when given, is told how many
    bytes have been read. `sniff` recognises the format from a file's first bytes where its name does not."""

    name: str
    title: str  # the input as messages name it: "the SWF log"
    kind: str  # its files, in the plural: "SWF logs"
    suffixes: tuple[str, ...]  # lower-case name endings, the longest last: (".swf", ".swf.gz")
    options: tuple[str, ...]  # the import options `read` takes
    required: tuple[str, ...]  # those it cannot do without
    read: Reader
    sniff: Callable[[bytes], bool] | None = None

    def recognises(self, path: str, head: bytes = b"") -> bool:
        """Whether the file at `path`, whose first bytes are `head` (when known), is in this format."""
        return self.suffix_of(path) != "" or (bool(head) and self.sniff is not None and self.sniff(head))

    def suffix_of(self, path: str) -> str:
        """The longest of the format's suffixes that ends `path` (in any case), in lower case; "" for none."""
        return max((s for s in self.suffixes if path.lower().endswith(s)), key=len, default="")


def _read_swf(path: str, options: Options, progress: Callable[[int], None] | None) -> Imported:
    scale = options.get("time_scale")
    limits = options.get("run_limit") or REQUESTED
    document = swf_recording(path, options.get("hosts"), options.get("jobs"), progress,
                             time_scale=1.0 if scale is None else scale, limits=limits)
    return Imported(document, note=_run_limit_note(document, limits))


def _run_limit_note(document: dict[str, Any], limits: RunLimits) -> str:
    """What the summary says of run limits: nothing when every job has one from the requested times; else how
    many have one, and where they came from (backfilling plans nothing for a job without one)."""
    jobs = [event["submit"] for event in document["events"]]
    limited = sum(1 for job in jobs if "run_limit" in job)
    if limits is REQUESTED and limited == len(jobs):
        return ""
    if limits is REQUESTED and limited == 0:
        return " (no job has a requested time, so none has a run limit: --run-limit run-time takes them from " \
               "the run times)"
    return f" ({limited} with a run limit, from {limits.describe()})"


def _read_drevt(path: str, options: Options, progress: Callable[[int], None] | None) -> Imported:
    document, trace = drevt_recording(path, options["nodes"], options.get("timezone", "UTC"),
                                      options.get("keep_all_queues", False), options.get("run_times", RunTimes()))
    over = capped(trace)
    return Imported(document, tuple(dropped_lines(path, trace)),
                    f" ({over} actual run times above their limit, capped)" if over else "")


def _read_lsf(path: str, options: Options, progress: Callable[[int], None] | None) -> Imported:
    document, warnings, note, recorded = lsf_import(options.get("files") or (path,), options.get("hosts"),
                                                    options.get("timezone", "UTC"),
                                                    options.get("run_limit") or RunLimitChoice())
    return Imported(document, warnings, note, recorded)


def _read_slurm(path: str, options: Options, progress: Callable[[int], None] | None) -> Imported:
    document, warnings, note, recorded = slurm_import(path, options.get("nodes"), options.get("cpus_per_node"),
                                                      options.get("timezone", "UTC"),
                                                      options.get("run_limit") or RunLimitChoice())
    return Imported(document, warnings, note, recorded)


def _lsf_records(head: bytes) -> bool:
    """An LSF event or accounting file: its first record is a quoted record type and version."""
    lines = head.decode("utf-8", errors="replace").splitlines()
    first = next((line for line in lines if line.strip() and not line.startswith("#")), "")
    return first.startswith('"JOB_') or first.startswith('"MBD_START"') or first.startswith('"LOAD_INDEX"')


def _drevt_header(head: bytes) -> bool:
    """A DR_EVT trace's header row names its submit-time and node-count columns."""
    first = head.decode("utf-8", errors="replace").lstrip("\ufeff").partition("\n")[0].lower()
    return "job_submit_time" in first and "num_nodes" in first


FORMATS: dict[str, Format] = {f.name: f for f in (
    Format("swf", "the SWF log", "SWF logs", (".swf", ".swf.gz"), ("hosts", "jobs", "time_scale", "run_limit"), (),
           _read_swf),
    Format("drevt", "the workload", "DR_EVT workloads", (".csv",),
           ("nodes", "timezone", "keep_all_queues", "run_times"), ("nodes",), _read_drevt, _drevt_header),
    # a site's own logs: no suffix names them, so a sweep never imports them on the fly (import them first)
    Format("lsf", "the LSF log", "LSF event and accounting logs", (), ("files", "hosts", "timezone", "run_limit"),
           (), _read_lsf, _lsf_records),
    Format("slurm", "the sacct output", "Slurm sacct outputs", (),
           ("nodes", "cpus_per_node", "timezone", "run_limit"), (), _read_slurm),
)}


def format_of(path: str, head: bytes = b"") -> Format | None:
    """The format a workload file is in, by its name or else its first bytes; None for none (a recording)."""
    return next((f for f in FORMATS.values() if f.recognises(path, head)), None)


# The formats a sweep imports as it reads its recordings: those that need no option and are known by their names
# (a DR_EVT workload needs its node count, and a site's LSF or Slurm log has no suffix of its own, so a sweep names
# the recording `refsim import` made of it).
ON_THE_FLY: tuple[Format, ...] = tuple(f for f in FORMATS.values() if not f.required and f.suffixes)


def on_the_fly(path: str) -> Format | None:
    """The format a sweep imports the file at `path` from, by its name; None for a recording."""
    return next((f for f in ON_THE_FLY if f.recognises(path)), None)
