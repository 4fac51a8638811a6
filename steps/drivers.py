"""REPL drivers: run a command script against a console and return its transcript.

- InProcessDriver runs refsim's console in this process (fast; exposes the console for white-box steps).
- SubprocessDriver runs any REPL command line, so the same features can check another implementation that speaks
  the same REPL. Its command is a template: {python}, {recording} and {options} are filled in. It imports nothing
  of refsim, so the conformance kit ships it (docs/conformance.md).
"""

from __future__ import annotations

import dataclasses
import io
import os
import shlex
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from refsim.repl.console import Console

DEFAULT_COMMAND = "{python} -m refsim.cli sim {recording} {options} -i"
ROOT = Path(__file__).resolve().parent.parent


@dataclass
class Transcript:
    output: str
    exit_code: int
    console: "Console | None" = None  # in-process only

    @property
    def lines(self) -> list[str]:
        return self.output.splitlines()


class Driver(Protocol):
    name: str
    white_box: bool

    def run(self, recording: Path | None, options: list[str], script: list[str],
            env: dict[str, str] | None = None) -> Transcript: ...


class InProcessDriver:
    name = "inprocess"
    white_box = True

    def run(self, recording: Path | None, options: list[str], script: list[str],
            env: dict[str, str] | None = None) -> Transcript:
        from refsim.repl.console import Console
        from refsim.repl.terminal import run_console
        from refsim.sim.batch import open_recording
        from refsim.sim.reader import RecordingError

        lines: list[str] = []
        settings = _parse_options(options)
        discipline = settings.pop("discipline", None)
        saved = {k: os.environ.get(k) for k in (env or {})}
        os.environ.update(env or {})
        try:
            loaded = open_recording(str(recording) if recording else None)
            if discipline is not None:  # as `refsim sim --discipline` does
                loaded = dataclasses.replace(loaded, discipline=discipline)
            console = Console(loaded, lines.append, **settings)
            run_console(console, io.StringIO("".join(f"{line}\n" for line in script)), io.StringIO())
        except RecordingError as exc:
            return Transcript(f"Error: {exc}\n", 2)
        except OSError as exc:
            return Transcript(f"Error: {exc.filename}: {exc.strerror}\n", 2)
        finally:
            for key, value in saved.items():
                if value is None:
                    os.environ.pop(key, None)
                else:
                    os.environ[key] = value
        status = 1 if console.failed and console.stop_on_error else 0
        return Transcript("".join(f"{line}\n" for line in lines), status, console)


def _parse_options(options: list[str]) -> dict:
    names = {"--sim-output": "output", "--sim-verify": "verify", "--log": "log", "--on-error": "on_error",
             "--discipline": "discipline"}
    settings: dict = {}
    words = iter(options)
    for word in words:
        if word in names:
            settings[names[word]] = next(words)
        elif word.startswith("-v") and set(word[1:]) == {"v"}:
            settings["verbosity"] = len(word) - 1
        else:
            raise ValueError(f"the in-process driver does not know the option {word}")
    return settings


class SubprocessDriver:
    name = "subprocess"
    white_box = False

    def __init__(self, command: str | None = None, cwd: Path = ROOT) -> None:
        self.command = command or DEFAULT_COMMAND
        self.cwd = cwd  # where the command runs (recordings are given as absolute paths)

    def run(self, recording: Path | None, options: list[str], script: list[str],
            env: dict[str, str] | None = None) -> Transcript:
        text = self.command.format(python=shlex.quote(sys.executable),
                                   recording=shlex.quote(str(recording)) if recording else "",
                                   options=" ".join(shlex.quote(o) for o in options))
        done = subprocess.run(shlex.split(text), input="".join(f"{line}\n" for line in script), text=True,
                              capture_output=True, timeout=300, cwd=self.cwd,
                              env={**os.environ, "PYTHONHASHSEED": "random", **(env or {})})
        return Transcript(done.stdout + done.stderr, done.returncode)
