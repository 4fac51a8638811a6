"""Baseline REPL transcripts (golden/baseline) match byte for byte, under both REPL drivers."""

from pathlib import Path

import pytest

from steps.drivers import InProcessDriver, SubprocessDriver
from tools.baseline import CASES, run_case

NAMES = sorted(p.name for p in CASES.iterdir() if p.is_dir())


def test_every_case_has_its_files():
    assert len(NAMES) >= 6
    for name in NAMES:
        assert all((CASES / name / f).exists() for f in ("case.yaml", "script.txt", "expected.txt"))


@pytest.mark.parametrize("driver", [InProcessDriver(), SubprocessDriver()], ids=["inprocess", "subprocess"])
@pytest.mark.parametrize("name", NAMES)
def test_transcript_matches(name, driver):
    expected = (CASES / name / "expected.txt").read_text(encoding="utf-8")
    assert run_case(CASES / name, driver) == expected
