"""What this process holds open, read from /proc (Linux only: tests using it skip elsewhere)."""

from __future__ import annotations

import os
from pathlib import Path

HAS_PROC_FDS = Path("/proc/self/fd").is_dir()


def open_paths() -> set[str]:
    """The paths that the process's open descriptors name."""
    fds = Path("/proc/self/fd")
    paths = set()
    for fd in os.listdir(fds):
        try:
            paths.add(os.readlink(fds / fd))
        except OSError:  # the descriptor listdir itself used, gone by now
            pass
    return paths
