"""`import swf` shows its progress under the label 'importing', counted in bytes of the log."""

from pathlib import Path

from click.testing import CliRunner

import refsim.cli
from refsim.cli import main
from refsim.progress import Progress

FIXTURE = Path(__file__).resolve().parents[2] / "fixtures/tiny.swf"


def test_the_import_bar_is_labelled_importing_and_sized_by_the_log(tmp_path, monkeypatch):
    """Kills: refsim/cli.py:227 (the bar's label `"importing"` -> "XX"). The bar only appears on a terminal after
    a second, so the test records the bars the command makes instead of drawing one: exactly one, labelled
    'importing', whose total is the log's size in bytes (the SWF reader reports bytes read)."""
    made: list[tuple[str, float]] = []

    class Recorded(Progress):
        def __init__(self, label: str, total: float, *args, **kwargs) -> None:
            made.append((label, total))
            super().__init__(label, total, *args, **kwargs)

    monkeypatch.setattr(refsim.cli, "Progress", Recorded)
    result = CliRunner().invoke(main, ["import", "swf", str(FIXTURE), "-o", str(tmp_path / "tiny.yaml")])
    assert result.exit_code == 0, result.output
    assert made == [("importing", FIXTURE.stat().st_size)]
