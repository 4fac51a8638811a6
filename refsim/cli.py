"""The `refsim` command."""

from __future__ import annotations

import sys

import click

from refsim.sim.batch import open_recording, run_batch, summary_lines
from refsim.sim.reader import RecordingError

FILE = click.Path(dir_okay=False)


@click.group(invoke_without_command=True, context_settings={"help_option_names": ["-h", "--help"]})
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
def sim(recording: str | None = None, sim_output: str | None = None, sim_verify: str | None = None,
        log_path: str | None = None, verbose: int = 0, interactive: bool = False) -> None:
    """Replay RECORDING (YAML or JSON; the built-in demo when omitted)."""
    try:
        loaded = open_recording(recording)
        if interactive:
            _interactive(loaded, sim_output, sim_verify, log_path, verbose)
            return
        result = run_batch(loaded, sim_output, sim_verify, log_path, verbose)
    except RecordingError as exc:
        raise click.ClickException(str(exc)) from None
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
    from refsim.sim.live import serve
    from refsim.sim.load import cluster_from
    from refsim.sim.reader import Node, read_document

    try:
        root = Node(read_document(cluster_file), cluster_file).mapping(("refsim", "cluster"), required=("cluster",))
        cluster = cluster_from(root.child("cluster"))
    except RecordingError as exc:
        raise click.ClickException(str(exc)) from None
    for reply in serve(cluster, sys.stdin):
        click.echo(reply)
        sys.stdout.flush()


@main.group("import")
def import_() -> None:
    """Turn external workload logs into recordings."""


@import_.command("swf")
@click.argument("log", type=FILE)
@click.option("-o", "--output", type=FILE, required=True, help="The recording to write (.json, else YAML).")
@click.option("--hosts", type=click.IntRange(min=1), help="Number of hosts (default: the log's MaxNodes).")
@click.option("--jobs", type=click.IntRange(min=1), help="Import only the first N jobs.")
@click.option("--time-scale", type=float, default=None, metavar="F",
              help="Multiply submit times by F (0 < F, finite): below 1 raises the offered load.")
def import_swf(log: str, output: str, hosts: int | None, jobs: int | None, time_scale: float | None) -> None:
    """Import a Standard Workload Format LOG (plain or .gz)."""
    from refsim.importers.swf import SwfError, swf_recording
    from refsim.sim.write import write_document

    try:
        document = swf_recording(log, hosts, jobs, time_scale=1.0 if time_scale is None else time_scale)
        write_document(document, output)
    except SwfError as exc:
        raise click.ClickException(str(exc)) from None
    except OSError as exc:
        raise click.ClickException(f"{output}: cannot write: {exc.strerror}") from None
    click.echo(f"{output}: {len(document['events'])} jobs on {len(document['cluster']['hosts'])} hosts")


if __name__ == "__main__":
    main()
