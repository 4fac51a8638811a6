"""Spec 11: nothing outside the console can enable tracing. Enumerates every way in: the command line's options,
the recording schema's keys and the live protocol's request types."""

import click

from refsim.cli import main
from refsim.sim import live, load


def _parameters(command: click.Command, path=()):
    for param in command.params:
        yield path + (command.name,), param
    if isinstance(command, click.Group):
        for sub in command.commands.values():
            yield from _parameters(sub, path + (command.name,))


# Options that name a JSON trace file the console wrote earlier, to read it: they trace nothing.
READS_A_TRACE = {(("main", "explore"), "trace")}


def test_no_command_line_option_or_argument_mentions_tracing():
    params = list(_parameters(main))
    assert params, "the enumeration found nothing"
    for where, param in params:
        names = " ".join(param.opts + param.secondary_opts + [param.name or ""]).lower()
        if (where, param.name) in READS_A_TRACE:
            assert isinstance(param.type, click.Path) and not param.is_flag  # a file to read, not a switch
            continue
        assert "trace" not in names, (where, names)


def test_explore_reads_a_trace_without_tracing():
    """`explore --trace FILE` reads the file as refsim.trace.reader does; the explorer imports nothing that could
    trace (the collector, the settings, the console)."""
    import ast
    from pathlib import Path

    root = Path(__file__).resolve().parents[2] / "refsim" / "report"
    for path in root.glob("explore*.py"):
        tree = ast.parse(path.read_text())
        modules = [n.module or "" for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)]
        assert not any(m.startswith(("refsim.repl", "refsim.trace.collector", "refsim.trace.settings"))
                       for m in modules), path


def test_no_recording_key_enables_tracing():
    keys = set(load.TOP_KEYS) | set(load.ACTIONS) | set(load.CONSUMER_KEYS)
    assert keys and not any("trace" in k for k in keys)


def test_no_live_request_enables_tracing():
    assert live.REQUESTS and not any("trace" in r for r in live.REQUESTS)


def test_live_mode_and_batch_runs_do_not_import_the_trace_package():
    # sched, sim and live never depend on refsim.trace: only the console does.
    import ast
    from pathlib import Path

    root = Path(__file__).resolve().parents[2] / "refsim"
    for folder in ("model", "resreq", "sched", "sim", "importers"):
        for path in (root / folder).glob("*.py"):
            tree = ast.parse(path.read_text())
            modules = [n.module or "" for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)]
            modules += [a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names]
            assert not any(m.startswith(("refsim.trace", "refsim.repl")) for m in modules), path
