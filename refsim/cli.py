"""The `refsim` command."""

from __future__ import annotations

import os
import sys
from dataclasses import replace

import click

from refsim.model.bounds import MAX_HOSTS
from refsim.sched.disciplines import DISCIPLINES
from refsim.sim.batch import open_recording, run_batch, summary_lines
from refsim.sim.outputs import OutputWriteError
from refsim.sim.paths import OutputPathError
from refsim.sim.reader import RecordingError

FILE = click.Path(dir_okay=False)
BROKEN_PIPE = 141  # 128 + SIGPIPE: what a shell reports for a writer whose reader went away
INTERRUPTED = 130  # 128 + SIGINT


class _Refsim(click.Group):
    """Every command ends quietly on a closed stdout (`| head -1`) and with one line on Ctrl-C. Either way the
    unfinished outputs were already removed on the way out (refsim.sim.paths), and finished files are untouched."""

    def invoke(self, ctx: click.Context):
        try:
            result = super().invoke(ctx)
            sys.stdout.flush()  # a closed pipe shows here, not at exit where it could no longer be handled
            return result
        except BrokenPipeError:
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, sys.stdout.fileno())  # nothing more can reach the reader; silence the final flush
            sys.exit(BROKEN_PIPE)
        except KeyboardInterrupt:
            click.echo("refsim: interrupted; no partial output file was left", err=True)
            sys.exit(INTERRUPTED)


@click.group(cls=_Refsim, invoke_without_command=True, context_settings={"help_option_names": ["-h", "--help"]})
@click.pass_context
def main(ctx: click.Context) -> None:
    """refsim: a reference simulator for an LSF-like batch scheduler.

    With no command, opens the interactive console on the built-in demo recording (`refsim sim -i`)."""
    if ctx.invoked_subcommand is None:
        ctx.invoke(sim, interactive=True)


@main.command()
@click.argument("recording", required=False, type=FILE)
@click.option("--sim-output", type=FILE, help="Write the simulated decisions to FILE (JSON lines).")
@click.option("--sim-verify", type=FILE, help="Compare the decisions with FILE (a --sim-output file, or a "
                                              "recording with a decisions section); exit 1 on any mismatch.")
@click.option("--log", "log_path", type=FILE, help="Write the scheduler's log to FILE.")
@click.option("-v", "--verbose", count=True, help="Log more: -v decisions, -vv pend reasons too.")
@click.option("-i", "--interactive", is_flag=True, help="Open the interactive console (docs/repl.md).")
@click.option("--discipline", type=click.Choice(list(DISCIPLINES)),
              help="Dispatching discipline, overriding the recording's (docs/disciplines.md).")
@click.option("--schedule", type=FILE, help="Write job_id,start_time,end_time to FILE (CSV, docs/drevt.md).")
@click.option("--resources", type=FILE, help="Write the resource timeline to FILE (CSV, docs/drevt.md).")
def sim(recording: str | None = None, sim_output: str | None = None, sim_verify: str | None = None,
        log_path: str | None = None, verbose: int = 0, interactive: bool = False,
        discipline: str | None = None, schedule: str | None = None, resources: str | None = None) -> None:
    """Replay RECORDING (YAML or JSON; the built-in demo when omitted)."""
    from refsim.sim.batch import input_files
    from refsim.sim.tables import check_tables, write_tables

    try:
        if interactive and (schedule or resources):
            raise click.UsageError("--schedule and --resources are written by batch runs, not the console")
        loaded = open_recording(recording)
        check_tables(schedule, resources, input_files(loaded, sim_verify),
                     [("the --sim-output file", sim_output), ("the --log file", log_path)])
        if discipline is not None:
            loaded = replace(loaded, discipline=discipline)
        if interactive:
            _interactive(loaded, sim_output, sim_verify, log_path, verbose)
            return
        result = run_batch(loaded, sim_output, sim_verify, log_path, verbose)
        write_tables(result.jobs, loaded.cluster, schedule, resources)
    except (RecordingError, OutputPathError, OutputWriteError) as exc:
        raise click.ClickException(str(exc)) from None
    except BrokenPipeError:
        raise  # the reader went away: handled for every command by _Refsim
    except OSError as exc:
        raise click.ClickException(f"{exc.filename}: {exc.strerror}" if exc.filename else str(exc)) from None
    for line in summary_lines(loaded, result):
        click.echo(line)
    if result.mismatches:
        sys.exit(1)


def _interactive(recording, sim_output, sim_verify, log_path, verbose) -> None:
    from refsim.repl.console import Console
    from refsim.repl.terminal import run_console

    run_console(Console(recording, click.echo, sim_output, sim_verify, log_path, verbose))


@main.command()
@click.argument("cluster_file", type=FILE)
def live(cluster_file: str) -> None:
    """Run the scheduler live: JSON-lines controller messages on stdin, replies on stdout (docs/live.md)."""
    from refsim.sim.live import message_lines, serve
    from refsim.sim.load import cluster_from
    from refsim.sim.reader import Node, read_document

    try:
        root = Node(read_document(cluster_file), cluster_file).mapping(("refsim", "cluster"), required=("cluster",))
        cluster = cluster_from(root.child("cluster"))
    except RecordingError as exc:
        raise click.ClickException(str(exc)) from None
    for reply in serve(cluster, message_lines(sys.stdin.buffer)):
        click.echo(reply)
        sys.stdout.flush()


@main.group("import")
def import_() -> None:
    """Turn external workload logs into recordings."""


@import_.command("swf")
@click.argument("log", type=FILE)
@click.option("-o", "--output", type=FILE, required=True, help="The recording to write (.json, else YAML).")
@click.option("--hosts", type=click.IntRange(min=1, max=MAX_HOSTS),
              help="Number of hosts (default: the log's MaxNodes).")
@click.option("--jobs", type=click.IntRange(min=1), help="Import only the first N jobs.")
def import_swf(log: str, output: str, hosts: int | None, jobs: int | None) -> None:
    """Import a Standard Workload Format LOG (plain or .gz)."""
    from refsim.importers.swf import SwfError, swf_recording
    from refsim.sim.paths import guarded_output
    from refsim.sim.write import write_document

    try:
        guarded_output(output, [("the SWF log", log)], role="import -o")
        document = swf_recording(log, hosts, jobs)
        write_document(document, output)
    except (SwfError, OutputPathError) as exc:
        raise click.ClickException(str(exc)) from None
    except OSError as exc:
        raise click.ClickException(f"{output}: cannot write: {exc.strerror}") from None
    click.echo(f"{output}: {len(document['events'])} jobs on {len(document['cluster']['hosts'])} hosts")


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
    from refsim.importers.csv import RunTimes, TraceError, capped, csv_recording, dropped_lines, parse_distribution

    def build():
        if distribution and run_time != "distribution":
            raise TraceError("--distribution is used only with --run-time distribution")
        choice = RunTimes(run_time, parse_distribution(distribution) if distribution else None, seed)
        document, read = csv_recording(workload, nodes, timezone, keep_all_queues, choice)
        for line in dropped_lines(workload, read):
            click.echo(line, err=True)
        return document, f"{output}: {len(document['events'])} jobs on {nodes} hosts" + \
            (f" ({capped(read)} actual run times above their limit, capped)" if capped(read) else "")

    _import(build, [("the workload", workload)], output)


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

    def build():
        document = schedule_recording(schedule, workload, nodes, timezone, keep_all_queues)
        jobs = sum(1 for e in document["events"] if "dispatch" in e)
        return document, f"{output}: {jobs} jobs dispatched as scheduled on {nodes} hosts"

    _import(build, [("the schedule", schedule), ("the workload", workload)], output)


def _import(build, inputs, output: str) -> None:
    """Build a recording from DR_EVT files and write it; errors are one line, and nothing is written on one."""
    from refsim.importers.csv import TraceError
    from refsim.sim.paths import guarded_output
    from refsim.sim.write import write_document

    try:
        guarded_output(output, inputs, role="import -o")
        document, summary = build()
        write_document(document, output)
    except (TraceError, OutputPathError) as exc:
        raise click.ClickException(str(exc)) from None
    except OSError as exc:
        raise click.ClickException(f"{output}: cannot write: {exc.strerror}") from None
    click.echo(summary)


if __name__ == "__main__":
    main()
