"""The trace file copy: appends exactly what was printed inline. Files are compared by device and inode."""

from __future__ import annotations

import os
from pathlib import Path
from typing import IO

Identity = tuple[int, int]


def identity(path: str | Path) -> Identity | None:
    """The (device, inode) of an existing file, None when there is none."""
    try:
        st = os.stat(path)
    except OSError:
        return None
    return (st.st_dev, st.st_ino)


class TraceFile:
    def __init__(self, path: str) -> None:
        self.path = path
        self._file: IO[str] = open(path, "a", encoding="utf-8")  # noqa: SIM115 (closed by close())
        st = os.fstat(self._file.fileno())
        self.identity: Identity = (st.st_dev, st.st_ino)

    def write(self, lines: list[str]) -> None:
        self._file.write("".join(f"{line}\n" for line in lines))
        self._file.flush()

    def close(self) -> None:
        self._file.close()  # closing a closed file does nothing
