"""The `refsim` command. Exit status: 0 done, 1 a --sim-verify mismatch or a failed console command under
`--on-error stop`, 2 a usage mistake or an input that cannot be read (docs/repl.md)."""

from __future__ import annotations

import gc
import os
import signal
import sys
import threading
from collections.abc import Callable
from contextlib import nullcontext
from dataclasses import replace
from typing import TYPE_CHECKING, Any

import click

import refsim.blasthreads  # noqa: F401 (first of refsim: it must run before numpy is imported)
from refsim import __version__
from refsim.errors import RefsimError
from refsim.model.bounds import MAX_HOSTS
from refsim.progress import Progress
from refsim.report.jobsorts import SORTS as JOB_SORTS
from refsim.sched.disciplines import DISCIPLINES
from refsim.sim.batch import BatchSummary, open_recording
from refsim.sim.collection import rare_full_collections
from refsim.sim.log import STDERR
from refsim.sim.paths import Named
from refsim.sim.recording import Recording

if TYPE_CHECKING:
    from click.shell_completion import CompletionItem

    from refsim.importers.formats import Options
    from refsim.sim.write import Document

class PathArgumentError(RefsimError):
    """A path argument that names no file at all: empty, or holding a NUL character."""


class _Path(click.Path):
    """click.Path, refusing in one line (as every input and output error is) a path that names no file: an empty
    one would be read as the current folder ("Is a directory"), and a NUL cannot be in any path."""

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        if isinstance(value, str) and (not value or "\0" in value):
            name = "a path" if param is None else (  # as the output guard names it: --sim-output, or RECORDING
                max(param.opts, key=len) if isinstance(param, click.Option) else param.human_readable_name)
            problem = "is empty" if not value else "holds a NUL character"
            raise PathArgumentError(f"{name}: the path {problem}")
        return super().convert(value, param, ctx)


FILE = _Path(dir_okay=False)
BROKEN_PIPE = 141  # 128 + SIGPIPE: what a shell reports for a writer whose reader went away
INTERRUPTED = 130  # 128 + SIGINT
TERMINATED = 143  # 128 + SIGTERM


class _Terminated(BaseException):
    """SIGTERM (`kill`), raised in the main thread so every open output is discarded on the way out, as on Ctrl-C."""


def _raise_terminated(signum: int, frame: object) -> None:
    raise _Terminated()


def _handle_sigterm() -> signal.Handlers | Callable[[int, Any], Any] | int:
    """Install refsim's SIGTERM handler; return the one it replaces (SIG_DFL when that one was not set from Python)."""
    previous = signal.signal(signal.SIGTERM, _raise_terminated)
    return signal.SIG_DFL if previous is None else previous


class InputError(click.ClickException):
    """A recording, log or output path that cannot be used: one line on stderr, exit status 2 like usage."""

    exit_code = 2

    @classmethod
    def of(cls, error: RefsimError) -> InputError:
        shown = cls(str(error))
        setattr(shown, "exit_code", error.exit_status)  # noqa: B010 (click declares exit_code a class variable)
        return shown


class _Refsim(click.Group):
    """Every command ends quietly on a closed stdout (`| head -1`) and with one line on Ctrl-C or SIGTERM. Either way
    the unfinished outputs were already removed on the way out (refsim.sim.paths), and finished files are untouched.
    A user-facing error (RefsimError) of any command is caught here, the one place: one line, its exit status."""

    def invoke(self, ctx: click.Context) -> Any:
        # main() may run inside a longer-lived program (tests, an embedding tool): it gets its handler back
        previous = _handle_sigterm() if threading.current_thread() is threading.main_thread() else None
        try:
            result = super().invoke(ctx)
            sys.stdout.flush()  # a closed pipe shows here, not at exit where it could no longer be handled
            return result
        except RefsimError as exc:
            raise InputError.of(exc) from None
        except BrokenPipeError:
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, sys.stdout.fileno())  # nothing more can reach the reader; silence the final flush
            sys.exit(BROKEN_PIPE)
        except KeyboardInterrupt:
            click.echo("refsim: interrupted; no partial output file was left", err=True)
            sys.exit(INTERRUPTED)
        except _Terminated:
            click.echo("refsim: terminated; no partial output file was left", err=True)
            sys.exit(TERMINATED)
        finally:
            if previous is not None:
                signal.signal(signal.SIGTERM, previous)


@click.group(cls=_Refsim, invoke_without_command=True, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, "--version", prog_name="refsim", message="%(prog)s %(version)s")
@click.pass_context
def main(ctx: click.Context) -> None:
    """refsim: a reference simulator for an LSF-like batch scheduler.

    With no command, opens the interactive console on the built-in demo recording (`refsim sim -i`).
    Exit status: 0 done, 1 a mismatch or a failed command, 2 a usage mistake or unreadable input."""
    if ctx.invoked_subcommand is None:
        ctx.invoke(sim, interactive=True)


@main.command()
@click.argument("recording", required=False, type=FILE)
@click.option("--sim-output", type=FILE, help="Write the simulated decisions to FILE (JSON lines).")
@click.option("--sim-verify", type=FILE, help="Compare the decisions with FILE (a --sim-output file, or a "
                                              "recording with a decisions section); exit 1 on any mismatch.")
@click.option("--verify-report", type=FILE, help="With --sim-verify: write every mismatch to FILE as JSON lines.")
@click.option("--log", "log_path", type=FILE, help="Write the scheduler's log to FILE.")
@click.option("-v", "--verbose", count=True, help="Log more: -v decisions, -vv pend reasons too.")
@click.option("-i", "--interactive", is_flag=True, help="Open the interactive console (docs/repl.md).")
@click.option("--on-error", type=click.Choice(["continue", "stop"]), default="continue", show_default=True,
              help="Console: go on after a failed command, or stop at the first one with exit status 1.")
@click.option("--example", metavar="NAME", shell_complete=lambda ctx, param, incomplete: _example_names(incomplete),
              help="Replay a recording shipped with refsim; `--example list` lists them.")
@click.option("--discipline", type=click.Choice(list(DISCIPLINES)),
              help="Dispatching discipline, overriding the recording's (docs/disciplines.md).")
@click.option("--schedule", type=FILE, help="Write job_id,start_time,end_time to FILE (CSV, docs/drevt.md).")
@click.option("--resources", type=FILE, help="Write the resource timeline to FILE (CSV, docs/drevt.md).")
@click.option("--json", "as_json", is_flag=True, help="Print the batch summary as JSON.")
def sim(recording: str | None, sim_output: str | None, sim_verify: str | None, log_path: str | None, verbose: int,
        interactive: bool, on_error: str, example: str | None, verify_report: str | None, discipline: str | None,
        schedule: str | None, resources: str | None, as_json: bool) -> None:
    """Replay RECORDING (YAML or JSON; the built-in demo when omitted)."""
    from refsim.report.metrics import Span, replay_metrics
    from refsim.report.summary import metric_lines, metrics_data
    from refsim.sim.batchrun import BatchFiles, replay_with_files

    if example == "list":
        _list_examples()
        return
    if verify_report is not None and (sim_verify is None or interactive):
        raise click.UsageError("--verify-report needs --sim-verify, in a batch run")
    if interactive and (schedule or resources or as_json):
        raise click.UsageError("--schedule, --resources and --json are for batch runs, not the console")
    if log_path is None and verbose:
        log_path = STDERR  # -v without --log: the log goes to the terminal, apart from the console's output
    files = BatchFiles(sim_output, sim_verify, verify_report, log_path, verbose, schedule, resources)
    try:
        # a batch run keeps what it loads and makes to its end: full collections would only walk it (collection.py)
        with nullcontext() if interactive else rare_full_collections():
            loaded = _recording(recording, example)
            if discipline is not None:
                loaded = replace(loaded, discipline=discipline)
            if interactive:
                _interactive(loaded, sim_output, sim_verify, log_path, verbose, on_error)
                return
            result = replay_with_files(loaded, files)
            assert result.jobs is not None  # a batch run returns its job table
            # the metrics from the job table: no record is built for them (run_metrics of --sim-output's alike)
            span = Span(result.began, result.statistics.time, result.slots)  # what the end record would say
            metrics = replay_metrics(result.jobs.records.values(), span, recording or example or "demo")
            summary = replace(BatchSummary.of(loaded, result), metrics=tuple(metric_lines(metrics)))
    except BrokenPipeError:
        raise  # the reader went away: handled for every command by _Refsim
    except OSError as exc:
        raise InputError(f"{exc.filename}: {exc.strerror}" if exc.filename else str(exc)) from None
    if as_json:
        click.echo(_json_text({**summary.data(), "metrics": metrics_data(metrics)}))
    else:
        for line in summary.lines():
            click.echo(line)
    if result.mismatches:
        sys.exit(1)


def _example_names(incomplete: str) -> list[CompletionItem]:
    """What the shell completes `--example` with: `list` and the shipped examples' names."""
    from click.shell_completion import CompletionItem

    from refsim.sim.examples import example_names

    return [CompletionItem(name) for name in ["list", *example_names()] if name.startswith(incomplete)]


def _recording(path: str | None, example: str | None) -> Recording:
    if example is None:
        return open_recording(path)
    if path is not None:
        raise click.UsageError("give either RECORDING or --example, not both")
    from refsim.sim.examples import example_recording

    return example_recording(example)


def _list_examples() -> None:
    from refsim.sim.examples import example_summaries

    summaries = example_summaries()
    width = max(map(len, summaries))
    for name, summary in summaries.items():
        click.echo(f"{name:<{width}}  {summary}".rstrip())


def _interactive(recording: Recording, sim_output: str | None, sim_verify: str | None, log_path: str | None,
                 verbose: int, on_error: str) -> None:
    from refsim.repl.console import Console
    from refsim.repl.terminal import run_console

    console = Console(recording, click.echo, sim_output, sim_verify, log_path, verbose, on_error=on_error)
    run_console(console)
    if console.failed and console.stop_on_error:
        sys.exit(1)


@main.command()
@click.argument("cluster_file", type=FILE)
@click.option("--protocol", type=click.IntRange(1, 2), default=2, show_default=True,
              help="2: decisions as --sim-output version 2, with times; 1: as before (reason triples, no times).")
def live(cluster_file: str, protocol: int) -> None:
    """Run the scheduler live: JSON-lines controller messages on stdin, replies on stdout (docs/live.md)."""
    from refsim.sim.live import message_lines, serve
    from refsim.sim.load import cluster_from
    from refsim.sim.reader import Node, read_document

    root = Node(read_document(cluster_file), cluster_file).mapping(("refsim", "cluster"), required=("cluster",))
    cluster = cluster_from(root.child("cluster"))
    for reply in serve(cluster, message_lines(sys.stdin.buffer), protocol):
        click.echo(reply)  # flushes, so the controller has each reply before it sends the next message


@main.group("import")
def import_() -> None:
    """Turn external workload logs into recordings."""


@import_.command("swf")
@click.argument("log", type=FILE)
@click.option("-o", "--output", type=FILE, required=True, help="The recording to write (.json, else YAML).")
@click.option("--hosts", type=click.IntRange(min=1, max=MAX_HOSTS),
              help="Number of hosts (default: the log's MaxNodes).")
@click.option("--jobs", type=click.IntRange(min=1), help="Import only the first N jobs.")
@click.option("--time-scale", type=float, default=None, metavar="F",
              help="Multiply submit times by F (0 < F, finite): below 1 raises the offered load.")
@click.option("--run-limit", default="requested", metavar="requested|run-time|F", show_default=True,
              help="Run limits from the log's requested times, its run times, or run times times F (1 to 1000).")
def import_swf(log: str, output: str, hosts: int | None, jobs: int | None, time_scale: float | None,
               run_limit: str) -> None:
    """Import a Standard Workload Format LOG (plain or .gz)."""
    from refsim.importers.swf import run_limits

    limits = run_limits(run_limit)  # checked before the log is read
    progress = Progress("importing", os.path.getsize(log) if os.path.isfile(log) else 0)
    _import_format("swf", log, lambda: {"hosts": hosts, "jobs": jobs, "time_scale": time_scale,
                                        "run_limit": limits}, output,
                   progress.update if progress.enabled else None, done=progress.close)


RUN = _Path()  # a folder is refused by the run reader, in one line (click's check would print the usage)


@main.command()
@click.argument("run", type=RUN)
@click.option("--json", "as_json", is_flag=True, help="Print the figures as JSON.")
@click.option("--jobs", "jobs", is_flag=True, help="Every job: its wait, sessions pended, times overtaken, reason.")
@click.option("--sort", type=click.Choice(list(JOB_SORTS)), help="With --jobs: the order (default: wait).")
@click.option("--top", type=click.IntRange(min=1), help="With --jobs: only the first N jobs.")
@click.option("--csv", "as_csv", is_flag=True, help="With --jobs: print CSV.")
@click.option("--job", "job", metavar="ID", help="One job's story: its waits, reasons, and who took what it needed.")
def report(run: str, as_json: bool, jobs: bool, sort: str | None, top: int | None, as_csv: bool,
           job: str | None) -> None:
    """The metrics of a run, per queue and overall, from its --sim-output file RUN; with --jobs, every job; with
    --job ID, that job's story (docs/report.md)."""
    from refsim.report.runfile import read_run

    if not jobs and (sort is not None or top is not None or as_csv):
        raise click.UsageError("--sort, --top and --csv list jobs: add --jobs")
    if as_json and as_csv:
        raise click.UsageError("give either --json or --csv, not both")
    if job is not None:
        if jobs:
            raise click.UsageError("give either --jobs or --job, not both")
        _report_story(run, job, as_json)
        return
    if jobs:
        _report_jobs(run, sort or "wait", top, "json" if as_json else "csv" if as_csv else "table")
        return
    from refsim.report.metrics import run_metrics
    from refsim.report.summary import metric_lines, metrics_data

    metrics = run_metrics(read_run(run), run)
    click.echo(_json_text(metrics_data(metrics)) if as_json else "\n".join(metric_lines(metrics)))


def _report_story(run: str, job: str, as_json: bool) -> None:
    import dataclasses

    from refsim.report.runfile import read_run, run_epoch
    from refsim.sim.story import job_story
    from refsim.sim.storylines import story_data, story_lines

    story = dataclasses.replace(job_story(read_run(run), run, job), epoch=run_epoch(run))
    if as_json:
        import json

        click.echo(json.dumps(story_data(story), indent=2, allow_nan=False))
    else:
        click.echo("\n".join(story_lines(story)))


def _report_jobs(run: str, sort: str, top: int | None, form: str) -> None:
    from refsim.report.joblist import job_lines, jobs_csv, jobs_data, sorted_rows
    from refsim.report.jobs import run_jobs
    from refsim.report.runfile import read_run, run_epoch

    rows = sorted_rows(run_jobs(read_run(run), run), sort, top)
    epoch = run_epoch(run)
    if form == "json":
        import json

        click.echo(json.dumps(jobs_data(rows, epoch), indent=2, allow_nan=False))
    elif form == "csv":
        click.echo(jobs_csv(rows), nl=False)
    else:
        click.echo("\n".join(job_lines(rows, epoch)))


@main.command()
@click.argument("run_a", type=RUN)
@click.argument("run_b", type=RUN)
@click.option("--json", "as_json", is_flag=True, help="Print the diff as JSON.")
@click.option("--starts", is_flag=True, help="Print every job started in both runs: its starts and B - A (CSV; "
              "with --json, a list in the JSON).")
def diff(run_a: str, run_b: str, as_json: bool, starts: bool) -> None:
    """Compare two runs' --sim-output files, A then B: changed decisions, moved starts, metric changes."""
    from refsim.report.diff import diff_runs
    from refsim.report.diff_summary import diff_data, diff_lines, start_lines

    found = diff_runs(run_a, run_b)
    if as_json:
        click.echo(_json_text(diff_data(found, run_a, run_b, per_job=starts)))
    else:
        click.echo("\n".join(start_lines(found) if starts else diff_lines(found, run_a, run_b)))


@main.command()
@click.argument("runs", nargs=-1, required=True, type=RUN)
@click.option("-o", "--output", type=FILE, required=True, help="The image to write (PNG).")
@click.option("--label", "labels", multiple=True, help="A run's name in its panel titles, once per run, in order "
                                                       "(default: the file's name).")
def plot(runs: tuple[str, ...], output: str, labels: tuple[str, ...]) -> None:
    """Plot one run, or two side by side: queue length and utilisation over time, and the wait distribution."""
    from refsim.sim.paths import guarded_output

    if len(runs) > 2:
        raise click.UsageError("give one run, or two to compare")
    if labels and len(labels) != len(runs):
        raise click.UsageError(f"give one --label per run: {len(runs)} runs, {len(labels)} labels")
    guarded_output(output, [("the run", run) for run in runs], role="plot -o")
    try:
        from refsim.report.plot import plot_runs
    except ImportError:  # a missing extra is a mistake in the set-up, like an unusable input: exit status 2
        raise InputError("plotting needs matplotlib: pip install 'refsim[plot]'") from None
    try:
        plot_runs(runs, output, labels)
    except OSError as exc:
        raise InputError(f"{output}: cannot write: {exc.strerror or exc}") from None
    click.echo(f"{output}: {' vs '.join(labels or runs)}")


@main.command()
@click.argument("run", type=RUN)
@click.option("--trace", "trace", type=FILE, help="A JSON trace of the same replay (`trace on ... json PATH` in "
                                                  "the console): each job's traced decisions as trees.")
@click.option("--label", help="The run's name on the page (default: the file's name).")
@click.option("-o", "--output", type=FILE, required=True, help="The page to write (HTML, one self-contained file).")
def explore(run: str, trace: str | None, label: str | None, output: str) -> None:
    """One HTML page to look at the run RUN (its --sim-output file): a timeline of jobs over hosts, queue length
    and utilisation, a jobs table and each job's story and traces (docs/explore.md). Opens from disk, no network."""
    from refsim.report.explore_data import explore as explored
    from refsim.report.explore_page import page_text, write_page
    from refsim.sim.paths import Named, guarded_output

    inputs: list[Named] = [("the run", run)]
    if trace is not None:
        inputs.append(("the trace", trace))
    guarded_output(output, inputs, role="explore -o")
    found = explored(run, trace, label)
    summary = (f"{_many(found.jobs, 'job')} on {_many(found.hosts, 'host')}"
               + (f", {found.traced} traced decisions" if trace is not None else ""))
    text = page_text(found.data, summary)
    try:
        write_page(text, output, inputs)
    except OSError as exc:
        raise InputError(f"{output}: cannot write: {exc.strerror or exc}") from None
    click.echo(f"{output}: {summary}; {len(text.encode()) / 1e6:.1f} MB")


def _many(count: int, noun: str) -> str:
    """`1 job`, `2 jobs`: the import and explore summaries count in words a person reads."""
    return f"{count} {noun}" + ("" if count == 1 else "s")


def _json_text(data: dict[str, object]) -> str:
    import json

    return json.dumps(data, indent=2, sort_keys=True)


@main.command()
@click.argument("spec", type=FILE)
# -o naming a file is refused by the results folder itself, in one line (click's check would print the usage too)
@click.option("-o", "--output", "folder", type=_Path(), required=True,
              help="The folder of the results: results.csv, results.jsonl and, with --sim-output, runs/.")
@click.option("-j", "--jobs", type=click.IntRange(min=1), default=None,
              help="Replays at once on local processes (default: the number of cores; 1: in this process).")
@click.option("--dask", "dask_address", metavar="ADDRESS", help="Run the replays on the Dask scheduler at ADDRESS "
                                                                "(needs the dask extra: pip install 'refsim[dask]').")
@click.option("--sim-output", "sim_output", is_flag=True, help="Keep each replay's --sim-output file in runs/.")
@click.option("--force", is_flag=True, help="Run every replay again, even those whose results exist.")
def sweep(spec: str, folder: str, jobs: int | None, dask_address: str | None, sim_output: bool, force: bool) -> None:
    """Replay the recordings that the sweep file SPEC names under each combination of its axes (docs/sweep.md).
    Exit status: 0 every replay done, 1 some replay failed, 2 an unusable sweep file, recording, folder or Dask
    scheduler (nothing is run)."""
    from refsim.sweep.executors import DaskExecutor, Executor, ProcessExecutor, SerialExecutor
    from refsim.sweep.run import run_sweep

    if dask_address is not None and jobs is not None:
        raise click.UsageError("give either -j (local processes) or --dask (a Dask cluster), not both")
    executor: Executor
    if dask_address is not None:
        executor = DaskExecutor(dask_address, lambda line: click.echo(line, err=True))
    else:
        count = jobs if jobs is not None else (os.cpu_count() or 1)
        executor = SerialExecutor() if count == 1 else ProcessExecutor(count)
    try:
        summary = run_sweep(spec, folder, executor, sim_output=sim_output, force=force,
                            report=lambda line: click.echo(line, err=True))
    except OSError as exc:
        raise InputError(f"{exc.filename}: {exc.strerror}" if exc.filename else str(exc)) from None
    click.echo(f"sweep {spec}: {summary.replays} replays: {summary.ran} run, {summary.skipped} skipped "
               f"(results exist), {summary.failed} failed")
    click.echo(f"results: {summary.folder.csv}, {summary.folder.jsonl}")
    if summary.failed:
        sys.exit(1)


@main.command("sweep-report")
@click.argument("results", type=FILE)
@click.option("-o", "--output", type=FILE, help="Write the report to FILE: .md (plots as PNGs beside it) or .html "
                                                "(plots embedded). Without it, the tables are printed.")
def sweep_report(results: str, output: str | None) -> None:
    """The tables per axis of a sweep's RESULTS (its results.csv), and with -o a report with plots."""
    from refsim.sweep.report import text_lines, write_report
    from refsim.sweep.table import read_results

    if output is not None and not output.lower().endswith((".md", ".html", ".htm")):
        raise click.UsageError(f"-o {output}: the report is written as .md or .html")
    try:
        table = read_results(results)
        if output is None:
            click.echo("\n".join(text_lines(table)))
            return
        try:
            import matplotlib  # noqa: F401
        except ImportError:
            raise click.ClickException("plotting needs matplotlib: pip install 'refsim[plot]'") from None
        written = write_report(table, output, results)
    except OSError as exc:
        raise InputError(f"{output}: cannot write: {exc.strerror or exc}") from None
    click.echo(f"{output}: {len(table.rows)} replays, {len(table.axes)} axes"
               + (f"; plots: {', '.join(p.name for p in written[1:])}" if len(written) > 1 else ""))


_NODES = click.option("--nodes", type=click.IntRange(1, MAX_HOSTS), required=True, help="Number of one-slot hosts.")
_ZONE = click.option("--timezone", default="UTC", show_default=True, help="Zone of ISO times without an offset.")
_QUEUES = click.option("--keep-all-queues", is_flag=True, help="Keep rows of queues other than pbatch, pbatch0-3.")


@import_.command("csv")
@click.argument("workload", type=FILE)
@_NODES
@click.option("-o", "--output", type=FILE, required=True, help="The recording to write (.json, else YAML).")
@_ZONE
@_QUEUES
@click.option("--run-time", "run_time", type=click.Choice(["actual", "limit", "distribution"]), default="actual",
              show_default=True, help="Run times: the actual one (else the limit), the limit, or samples.")
@click.option("--distribution", help="With --run-time distribution: normal:MEAN,STDDEV or lognormal:MU,SIGMA.")
@click.option("--seed", type=click.IntRange(0, 2**63 - 1), default=0, show_default=True, help="Seed of the samples.")
def import_csv(workload: str, nodes: int, output: str, timezone: str, keep_all_queues: bool, run_time: str,
               distribution: str | None, seed: int) -> None:
    """Import a DR_EVT job trace, the WORKLOAD file (CSV; docs/drevt.md)."""
    from refsim.importers.drevt import DrevtTraceError, RunTimes, parse_distribution

    def options() -> Options:
        if distribution and run_time != "distribution":
            raise DrevtTraceError("--distribution is used only with --run-time distribution")
        choice = RunTimes(run_time, parse_distribution(distribution) if distribution else None, seed)
        return {"nodes": nodes, "timezone": timezone, "keep_all_queues": keep_all_queues, "run_times": choice}

    _import_format("drevt", workload, options, output)


_RECORDED = click.option("--recorded", type=FILE, metavar="OUT.jsonl",
                         help="Also write the site's recorded schedule as a run output (for refsim diff).")


def _site_limits(text: str, own: str) -> Any:
    """--run-limit of a site import: `own` (the log's own limits: requested for LSF, none for Slurm), run-time,
    or a factor F of the run time."""
    from refsim.importers.site import RunLimitChoice
    from refsim.importers.swf import SwfError, run_limits

    if text.strip().lower() == own:
        return RunLimitChoice()
    try:
        factor = run_limits(text).factor
        if factor is None:  # `requested`, which a Slurm log has none of
            raise SwfError(text)
        return RunLimitChoice(factor)
    except SwfError:
        raise click.BadParameter(f"must be {own}, run-time or a factor from 1 to 1000, not '{text}'",
                                 param_hint="--run-limit") from None


@import_.command("lsf")
@click.argument("logs", nargs=-1, required=True, type=FILE)
@click.option("-o", "--output", type=FILE, required=True, help="The recording to write (.json, else YAML).")
@click.option("--hosts", "hosts_file", type=FILE, help="The cluster from `bhosts -w` or `lshosts -w` output "
              "(default: the exec hosts seen).")
@_ZONE
@click.option("--run-limit", default="requested", metavar="requested|run-time|F", show_default=True,
              help="Run limits from the log's -W, the run times, or run times times F (1 to 1000).")
@_RECORDED
def import_lsf(logs: tuple[str, ...], output: str, hosts_file: str | None, timezone: str, run_limit: str,
               recorded: str | None) -> None:
    """Import an LSF site's lsb.events or lsb.acct files, rotated ones read oldest first (docs/lsf.md)."""
    limits = _site_limits(run_limit, "requested")
    inputs = logs + ((hosts_file,) if hosts_file else ())
    _import_format("lsf", logs[0], lambda: {"files": logs, "hosts": hosts_file, "timezone": timezone,
                                            "run_limit": limits}, output, recorded=recorded, more=inputs[1:])


@import_.command("slurm")
@click.argument("sacct", type=FILE)
@click.option("-o", "--output", type=FILE, required=True, help="The recording to write (.json, else YAML).")
@click.option("--nodes", type=click.IntRange(1, MAX_HOSTS), help="Number of nodes (default: derived).")
@click.option("--cpus-per-node", type=click.IntRange(1, 1_000_000), help="CPUs of each node (default: derived).")
@_ZONE
@click.option("--run-limit", default="none", metavar="none|run-time|F", show_default=True,
              help="Run limits: none (sacct's field list has none), the run times, or run times times F.")
@_RECORDED
def import_slurm(sacct: str, output: str, nodes: int | None, cpus_per_node: int | None, timezone: str,
                 run_limit: str, recorded: str | None) -> None:
    """Import a Slurm site's `sacct --parsable2` output, the SACCT file (docs/slurm.md)."""
    limits = _site_limits(run_limit, "none")
    _import_format("slurm", sacct, lambda: {"nodes": nodes, "cpus_per_node": cpus_per_node, "timezone": timezone,
                                            "run_limit": limits}, output, recorded=recorded)


@import_.command("schedule")
@click.argument("schedule", type=FILE)
@click.option("--workload", required=True, type=FILE, help="The DR_EVT job trace the schedule was made from.")
@_NODES
@click.option("-o", "--output", type=FILE, required=True, help="The recording to write (.json, else YAML).")
@_ZONE
@_QUEUES
def import_schedule(schedule: str, workload: str, nodes: int, output: str, timezone: str,
                    keep_all_queues: bool) -> None:
    """Import a SCHEDULE file as a recording that dispatches every job at its recorded start (docs/drevt.md)."""
    from refsim.importers.schedule import schedule_recording

    def build() -> tuple[Document, str]:
        document = schedule_recording(schedule, workload, nodes, timezone, keep_all_queues)
        jobs = sum(1 for e in document["events"] if "dispatch" in e)
        return document, f"{output}: {_many(jobs, 'job')} dispatched as scheduled on {_many(nodes, 'host')}"

    _import(build, [("the schedule", schedule), ("the workload", workload)], output)


def _import_format(name: str, path: str, options: Callable[[], Options], output: str,
                   progress: Callable[[int], None] | None = None, done: Callable[[], None] | None = None,
                   recorded: str | None = None, more: tuple[str, ...] = ()) -> None:
    """Import the workload file PATH (and the files `more`, for a log in several files) through its format's entry
    in refsim.importers.formats (`options` are read once the output path is accepted) and write the recording, and
    with `recorded` the site's recorded schedule as a run output."""
    from refsim.importers.formats import FORMATS, Imported

    format_ = FORMATS[name]
    found: list[Imported] = []

    def build() -> tuple[Document, str]:
        imported = format_.read(path, options(), progress)
        found.append(imported)
        for line in imported.warnings:
            click.echo(line, err=True)
        document = imported.document
        jobs = len(imported.recorded) or len(document["events"])
        hosts = len(document["cluster"]["hosts"])
        return document, f"{output}: {_many(jobs, 'job')} on {_many(hosts, 'host')}" + imported.note

    def write_recorded() -> None:
        from refsim.model.epoch import Epoch
        from refsim.sim.recorded import write_recorded as write_run

        epoch = found[0].document.get("epoch")
        slots = sum(h["slots"] for h in found[0].document["cluster"]["hosts"])
        assert recorded is not None
        write_run(recorded, output, Epoch(epoch["unix"], epoch["timezone"]) if epoch else None,
                  found[0].recorded, slots)

    inputs: list[Named] = [(format_.title, p) for p in (path, *more)]
    _import(build, inputs, output, done, (recorded, write_recorded) if recorded else None)


def _import(build: Callable[[], tuple[Document, str]], inputs: list[Named], output: str,
            done: Callable[[], None] | None = None,
            also: tuple[str, Callable[[], None]] | None = None) -> None:
    """Build a recording from workload files and write it; errors are one line, and nothing is written on one.
    `also` is a second output (its path, and what writes it), written first and checked as the recording's path
    is. `done` is called when building and writing are over, however they ended."""
    from refsim.sim.paths import guarded_output
    from refsim.sim.write import write_document

    path = output
    try:
        guarded_output(output, inputs, role="import -o")
        if also is not None:
            guarded_output(also[0], inputs, [("the recording", output)], role="--recorded")
        document, summary = build()
        if also is not None:
            path = also[0]
            also[1]()
            path = output
        write_document(document, output)
    except OSError as exc:
        raise InputError(f"{path}: cannot write: {exc.strerror}") from None
    finally:
        if done is not None:
            done()
    click.echo(summary)


def run(**extra: Any) -> None:
    """The `refsim` process (the console script, `python -m refsim` and `python -m refsim.cli`): main(), then, on
    the way out, every object left is frozen (gc.freeze()). A replay's objects that are garbage by then hang off a
    few reference cycles, so the interpreter's last collection would walk and free them one by one: half a second
    of the NASA log's `refsim sim`, for memory the process hands back to the system whole as it ends."""
    try:
        main(**extra)
    finally:
        gc.freeze()


if __name__ == "__main__":
    run()
