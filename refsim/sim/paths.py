"""Where outputs may go, and how an output written whole is written (docs/simulator.md, "Outputs").

Every writer calls `guarded_output` before it opens anything: an output that is the same file as an input or as
another output of the run is refused with one line naming both. Files are compared by device and inode after
following links where both exist, by resolved path otherwise (an output not written yet, a temporary file).

Outputs written whole (--sim-output, snapshots, imports) go through `AtomicFile`: a unique temporary file in the
target's directory, renamed over the target only when complete, removed on any failure or interrupt."""

from __future__ import annotations

import os
import stat
import tempfile
from collections.abc import Iterable
from pathlib import Path
from types import TracebackType
from typing import IO, Any

from refsim.errors import RefsimError

Named = tuple[str, "str | Path"]  # what a file is and its path: ("the recording", "rec.yaml")


class OutputPathError(RefsimError, ValueError):
    """An output path refused before anything was opened; the message is one line naming the paths."""


def _stat(path: str | Path) -> os.stat_result | None:
    try:
        return os.stat(path)
    except (OSError, ValueError):
        return None


def same_file(a: str | Path, b: str | Path) -> bool:
    """Whether two paths name one file: by device and inode when both exist, by resolved path when neither does."""
    sa, sb = _stat(a), _stat(b)
    if sa is not None and sb is not None:
        return (sa.st_dev, sa.st_ino) == (sb.st_dev, sb.st_ino)
    if sa is not None or sb is not None:
        return False
    return os.path.realpath(a) == os.path.realpath(b)


def guarded_output(path: str | Path, inputs: Iterable[Named] = (), other_outputs: Iterable[Named] = (), *,
                   appending: bool = False, role: str = "output") -> str:
    """Check an output path before anything is opened; OutputPathError says why it is refused.

    `inputs` and `other_outputs` are (description, path) pairs; an output being written whole counts twice, by its
    target and by its temporary file (`AtomicFile.claims`). An output written whole must be a regular file or not
    exist yet; an appending one (a log, a trace copy) may also be a device or a FIFO (/dev/stderr, /dev/null)."""
    text = os.fspath(path)
    if not text:
        raise OutputPathError(f"{role}: the path is empty")
    if "\0" in text:
        shown = text.replace("\0", "\\0")
        raise OutputPathError(f"{role} {shown}: a path cannot contain a NUL byte")
    found = _stat(text)
    if (found is not None and stat.S_ISDIR(found.st_mode)) or text.endswith(os.sep):
        raise OutputPathError(f"{role} {text}: is a directory")
    if found is not None and not appending and not stat.S_ISREG(found.st_mode):
        raise OutputPathError(f"{role} {text}: is a device, FIFO or socket; an output written whole "
                              "must be a regular file")
    for what, other in list(inputs) + list(other_outputs):
        if other is not None and same_file(text, other):
            raise OutputPathError(f"{role} {text}: is the same file as {what} {os.fspath(other)}; "
                                  "refused so that nothing is overwritten")
    return text


def _mode_for(target: str) -> int:
    """The permissions the replaced file had, else what the umask gives a new file."""
    found = _stat(target)
    if found is not None:
        return stat.S_IMODE(found.st_mode)
    mask = os.umask(0)
    os.umask(mask)
    return 0o666 & ~mask


class AtomicFile:
    """An output written whole: written to a unique temporary file beside its target and renamed over the target
    by `commit()`; `discard()` (or leaving a `with` block by an exception) removes it and leaves the target as it
    was. A link as target is followed, so the file it points to is replaced and the link stays."""

    def __init__(self, path: str | Path, binary: bool = False) -> None:
        self.path = Path(path)
        self._target = os.path.realpath(path)
        directory, name = os.path.split(self._target)
        try:
            fd, self.temporary = tempfile.mkstemp(prefix=f".{name[:100]}.", suffix=".tmp", dir=directory)
        except OSError as exc:  # name the target, not the temporary file the user never asked for
            raise OSError(exc.errno, exc.strerror, os.fspath(path)) from None
        try:
            os.fchmod(fd, _mode_for(self._target))
            # bytes or text, as `binary` says
            self.file: IO[Any] = os.fdopen(fd, "wb") if binary else os.fdopen(fd, "w", encoding="utf-8")
        except BaseException:
            os.close(fd)
            os.unlink(self.temporary)
            raise
        self.done = False

    def claims(self, what: str) -> list[Named]:
        """The paths this output holds while being written, for `guarded_output`'s `other_outputs`."""
        return [(what, self.path), (f"{what} (being written)", self.temporary)]

    def commit(self) -> None:
        """Finish the file and put it in place of the target."""
        if self.done:
            return
        try:
            self.file.close()
            os.replace(self.temporary, self._target)
        except OSError as exc:
            self.discard()
            raise self.named(exc) from None
        except BaseException:
            self.discard()
            raise
        self.done = True

    def named(self, exc: OSError) -> OSError:
        """A write or close failure (a full disk: ENOSPC) carries no file name: name the target, not the
        temporary file the user never asked for."""
        return OSError(exc.errno, exc.strerror, os.fspath(self.path)) if exc.filename is None else exc

    def discard(self) -> None:
        """Drop what was written; the target keeps its old content (or stays absent)."""
        if self.done:
            return
        self.done = True
        try:
            self.file.close()
        except OSError:
            pass  # a full disk fails the final flush too; the file is removed anyway
        try:
            os.unlink(self.temporary)
        except FileNotFoundError:
            pass

    def __enter__(self) -> IO[Any]:
        return self.file

    def __exit__(self, kind: type[BaseException] | None, value: BaseException | None,
                 traceback: TracebackType | None) -> None:
        if kind is None:
            self.commit()
        else:
            self.discard()
            if isinstance(value, OSError) and value.filename is None:
                raise self.named(value) from None


def atomic_write(path: str | Path, binary: bool = False) -> AtomicFile:
    """`with atomic_write(path) as f: f.write(...)`: the target is replaced only if the block completes."""
    return AtomicFile(path, binary)
