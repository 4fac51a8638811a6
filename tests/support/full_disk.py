"""A simulation output whose writing fails as on a full disk, for tests of how a replay reports it."""

from __future__ import annotations

import errno

import pytest

from refsim.sim.output import SimOutput

FULL = "No space left on device"


def failing_on(monkeypatch: pytest.MonkeyPatch, fragment: str, method: str = "write_line") -> None:
    """Writing a line that holds `fragment` through SimOutput.`method` fails as on a full disk."""
    real = getattr(SimOutput, method)

    def write(self, line):
        if fragment in (line if isinstance(line, str) else str(line)):
            raise OSError(errno.ENOSPC, FULL)
        real(self, line)

    monkeypatch.setattr(SimOutput, method, write)
