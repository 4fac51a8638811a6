"""`import swf LOG -o LOG` is refused with one line naming the SWF log, and the log is left as it was."""

import shutil
from pathlib import Path

from click.testing import CliRunner

from refsim.cli import main

FIXTURE = Path(__file__).resolve().parents[2] / "fixtures/tiny.swf"


def test_the_output_on_the_log_itself_is_refused_by_name(tmp_path, monkeypatch):
    """Kills: the input's role (`the SWF log`) mutated (`str->XX`) in refsim/cli.py's import swf command."""
    monkeypatch.chdir(tmp_path)
    shutil.copy(FIXTURE, "tiny.swf")
    result = CliRunner().invoke(main, ["import", "swf", "tiny.swf", "-o", "./tiny.swf"])
    assert result.exit_code == 2
    assert result.output.splitlines() == ["Error: import -o ./tiny.swf: is the same file as the SWF log tiny.swf; "
                                          "refused so that nothing is overwritten"]
    assert Path("tiny.swf").read_bytes() == FIXTURE.read_bytes()
