"""Output paths that would destroy an input or another output are refused, naming both files; outputs written whole
appear only when complete. Each case: one-line error, exit status, every file in the folder byte-identical."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from refsim.sim.paths import AtomicFile, OutputPathError, atomic_write, guarded_output
from tests.hostile.harness import RECORDING, assert_refused, cli, folder_state


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    (tmp_path / "rec.yaml").write_text(RECORDING)
    (tmp_path / "link.yaml").symlink_to("rec.yaml")
    os.link(tmp_path / "rec.yaml", tmp_path / "hard.yaml")
    (tmp_path / "old.jsonl").write_text("an earlier output\n")
    (tmp_path / "tiny.swf").write_text("; MaxNodes: 2\n1 0 -1 10 1 -1 -1 1 20 -1 1 1 1 -1 1 -1 -1 -1\n")
    (tmp_path / "swf.yaml").symlink_to("tiny.swf")
    (tmp_path / "sub").mkdir()
    return tmp_path


# (arguments, what the error names). The recording is rec.yaml; link.yaml and hard.yaml are the same file.
BATCH_CASES = [
    (["sim", "rec.yaml", "--sim-output", "rec.yaml"], "--sim-output rec.yaml: is the same file as the recording"),
    (["sim", "rec.yaml", "--sim-output", "link.yaml"], "is the same file as the recording rec.yaml"),
    (["sim", "rec.yaml", "--sim-output", "hard.yaml"], "is the same file as the recording rec.yaml"),
    (["sim", "link.yaml", "--sim-output", "./rec.yaml"], "is the same file as the recording link.yaml"),
    (["sim", "rec.yaml", "--log", "rec.yaml"], "--log rec.yaml: is the same file as the recording"),
    (["sim", "rec.yaml", "--log", "hard.yaml"], "is the same file as the recording rec.yaml"),
    (["sim", "rec.yaml", "--sim-output", "new.jsonl", "--log", "new.jsonl"],
     "--log new.jsonl: is the same file as the --sim-output file new.jsonl"),
    (["sim", "rec.yaml", "--sim-output", "old.jsonl", "--log", "./sub/../old.jsonl"],
     "is the same file as the --sim-output file old.jsonl"),
    (["sim", "rec.yaml", "-i", "--sim-output", "hard.yaml"], "is the same file as the recording rec.yaml"),
    (["sim", "rec.yaml", "--sim-output", "/dev/null"], "is a device, FIFO or socket"),
    (["import", "swf", "tiny.swf", "-o", "tiny.swf"], "import -o tiny.swf: is the same file as the SWF log"),
    (["import", "swf", "tiny.swf", "-o", "swf.yaml"], "is the same file as the SWF log tiny.swf"),
    (["import", "swf", "tiny.swf", "-o", "/dev/null"], "is a device, FIFO or socket"),
]


@pytest.mark.parametrize("args, fragment", BATCH_CASES)
def test_a_batch_output_that_is_an_input_or_another_output_is_refused(folder, args, fragment):
    before = folder_state(folder)
    assert_refused(cli(folder, *args), fragment)
    assert folder_state(folder) == before


@pytest.mark.parametrize("option", ["--sim-output", "--log"])
def test_a_directory_as_output_is_a_usage_error(folder, option):
    """The command line's own check (exit status 2, as for every usage error), before anything is opened."""
    before = folder_state(folder)
    result = cli(folder, "sim", "rec.yaml", option, "sub")
    assert result.exit_code == 2 and "'sub' is a directory" in result.stderr.splitlines()[-1]
    assert folder_state(folder) == before


def test_the_verify_file_is_an_input(folder):
    assert cli(folder, "sim", "rec.yaml", "--sim-output", "o.jsonl").exit_code == 0
    before = folder_state(folder)
    assert_refused(cli(folder, "sim", "rec.yaml", "--sim-verify", "o.jsonl", "--sim-output", "o.jsonl"),
                   "is the same file as the --sim-verify file o.jsonl")
    assert folder_state(folder) == before


# Console commands refused, with the session going on: (command, what the error line names).
CONSOLE_CASES = [
    ("set output rec.yaml", "set output rec.yaml: is the same file as the recording"),
    ("set output link.yaml", "is the same file as the recording rec.yaml"),
    ("set output log.txt", "is the same file as the --log file log.txt"),
    ("set output out.jsonl", "is the same file as the simulation output out.jsonl"),
    ("snapshot rec.yaml", "snapshot rec.yaml: is the same file as the recording"),
    ("snapshot hard.yaml", "is the same file as the recording rec.yaml"),
    ("snapshot out.jsonl", "is the same file as the simulation output out.jsonl"),
    ("snapshot log.txt", "is the same file as the --log file"),
    ("snapshot trace.txt", "is the same file as the trace file trace.txt"),
    ("snapshot .", "snapshot .: is a directory"),
    ("snapshot /", "snapshot /: is a directory"),
    ("snapshot sub", "is a directory"),
    ("snapshot /dev/null", "is a device, FIFO or socket"),
    ("snapshot 'a\0b'", "a path cannot contain a NUL byte"),
    ("set output 'a\0b'", "a path cannot contain a NUL byte"),
    ("trace on all file rec.yaml", "trace on: file rec.yaml: is the same file as the recording"),
    ("trace on all file out.jsonl", "trace on: file out.jsonl is the simulation output or log file"),
    ("trace on all file log.txt", "trace on: file log.txt is the simulation output or log file"),
    ("trace on all file 'x\0y'", "a path cannot contain a NUL byte"),
]


@pytest.mark.parametrize("command, fragment", CONSOLE_CASES)
def test_a_console_output_that_is_an_input_or_an_open_output_is_refused(folder, command, fragment):
    script = f"trace on 1 file trace.txt\nstep\n{command}\nstep\nshow\nquit\n"
    before = folder_state(folder)
    result = cli(folder, "sim", "rec.yaml", "-i", "--sim-output", "out.jsonl", "--log", "log.txt", stdin=script)
    assert result.exit_code == 0 and "Traceback" not in result.output
    errors = [line for line in result.output.splitlines() if line.startswith("error:")]
    assert len(errors) == 1 and fragment in errors[0], result.output
    assert "output out.jsonl" in result.output  # `show`: the output is still the one given at start
    after = folder_state(folder)
    assert {k: v for k, v in after.items() if k in before} == before
    assert set(after) - set(before) == {"out.jsonl", "log.txt", "trace.txt"}  # no temporary file left


@pytest.mark.parametrize("options, script", [(["--log", "/dev/null"], ""), ([], "trace on all file /dev/null\n")])
def test_appending_outputs_may_be_devices(folder, options, script):
    result = cli(folder, "sim", "rec.yaml", "-i", *options, stdin=script + "continue\nquit\n")
    assert result.exit_code == 0 and "error" not in result.output and "replay finished" in result.output


def test_two_appending_outputs_on_one_device_are_still_one_file(folder):
    """Spec 8.3/8.4 compare files by device and inode; /dev/null as both log and trace copy is one file."""
    result = cli(folder, "sim", "rec.yaml", "-i", "--log", "/dev/null", stdin="trace on all file /dev/null\nquit\n")
    assert "trace on: file /dev/null is the simulation output or log file" in result.output


def test_sim_output_appears_only_at_the_end_and_replaces_the_old_file_whole(folder):
    """While the console runs, the old out.jsonl is untouched and the records go to a hidden temporary file beside
    it; at the end the file holds the header and the one decision stepped (job 1's dispatch), and nothing else
    is left in the folder."""
    from refsim.repl.console import Console
    from refsim.sim.load import load_recording

    (folder / "out.jsonl").write_text("old\n")
    lines: list[str] = []
    console = Console(load_recording(folder / "rec.yaml"), lines.append, str(folder / "out.jsonl"))
    console.execute("step")
    assert (folder / "out.jsonl").read_text() == "old\n"
    hidden = [p.name for p in folder.iterdir() if p.name.startswith(".out.jsonl.") and p.name.endswith(".tmp")]
    assert len(hidden) == 1
    console.close()
    written = (folder / "out.jsonl").read_text().splitlines()
    assert '"format":"refsim-sim-output"' in written[0] and len(written) == 2 and '"job":"1"' in written[1]
    assert not [p for p in folder.iterdir() if p.name.endswith(".tmp")]


def test_set_output_finishes_the_previous_output_at_the_switch(folder):
    result = cli(folder, "sim", "rec.yaml", "-i", "--sim-output", "a.jsonl", stdin="step\nset output b.jsonl\n"
                 "step\nquit\n")
    assert result.exit_code == 0
    a = (folder / "a.jsonl").read_text().splitlines()
    b = (folder / "b.jsonl").read_text().splitlines()
    assert len(a) == 2 and '"job":"1"' in a[1]  # header + the one decision reported before the switch
    assert len(b) == 2 and '"job":"2"' in b[1]  # header + the decision after it


def test_snapshot_through_a_link_replaces_the_file_it_points_to(folder):
    (folder / "snap.yaml").write_text("old")
    (folder / "snap-link.yaml").symlink_to("snap.yaml")
    (folder / "snap-link.yaml.tmp").write_text("someone else's file")
    result = cli(folder, "sim", "rec.yaml", "-i", stdin="snapshot snap-link.yaml\nquit\n")
    assert result.exit_code == 0 and "snapshot written to snap-link.yaml" in result.output
    assert (folder / "snap-link.yaml").is_symlink()
    assert (folder / "snap.yaml").read_text().startswith("format: refsim-snapshot")
    assert (folder / "snap-link.yaml.tmp").read_text() == "someone else's file"


# --- the guard and the atomic writer themselves --------------------------------------------------------------

def test_guard_compares_existing_files_by_inode_and_new_ones_by_resolved_path(folder):
    guarded_output(folder / "new.jsonl", [("the recording", folder / "rec.yaml")])  # accepted
    with pytest.raises(OutputPathError, match="is the same file as x"):
        guarded_output(folder / "new.jsonl", [], [("x", folder / "sub" / ".." / "new.jsonl")])
    with pytest.raises(OutputPathError, match="is the same file as the recording"):
        guarded_output(folder / "hard.yaml", [("the recording", folder / "link.yaml")])


def test_an_output_being_written_claims_its_temporary_file_too(folder):
    out = AtomicFile(folder / "out.jsonl")
    try:
        with pytest.raises(OutputPathError, match=r"\(being written\)"):
            guarded_output(out.temporary, [], out.claims("the output"))
        with pytest.raises(OutputPathError, match="is the same file as the output"):
            guarded_output(folder / "out.jsonl", [], out.claims("the output"))
    finally:
        out.discard()
    assert not Path(out.temporary).exists() and not (folder / "out.jsonl").exists()


def test_a_failed_write_leaves_the_old_file_and_no_temporary(folder):
    with pytest.raises(RuntimeError), atomic_write(folder / "old.jsonl") as file:
        file.write("half a docu")
        raise RuntimeError("the disk filled up")
    assert (folder / "old.jsonl").read_text() == "an earlier output\n"
    assert not [p for p in folder.iterdir() if p.name.endswith(".tmp")]


def test_an_interrupted_write_leaves_the_old_file_and_no_temporary(folder):
    with pytest.raises(KeyboardInterrupt), atomic_write(folder / "old.jsonl") as file:
        file.write("half")
        raise KeyboardInterrupt
    assert (folder / "old.jsonl").read_text() == "an earlier output\n"
    assert not [p for p in folder.iterdir() if p.name.endswith(".tmp")]


def test_a_replaced_file_keeps_its_permissions(folder):
    os.chmod(folder / "old.jsonl", 0o640)
    with atomic_write(folder / "old.jsonl") as file:
        file.write("new\n")
    assert (folder / "old.jsonl").read_text() == "new\n"
    assert (folder / "old.jsonl").stat().st_mode & 0o777 == 0o640
