"""The example recordings shipped with refsim (`refsim sim --example NAME`): the built-in demo and the recordings
of the package's examples folder, each named by its file name without `.yaml`."""

from __future__ import annotations

from importlib import resources
from importlib.resources.abc import Traversable

from refsim.sim.batch import DEMO_NAME, demo_recording
from refsim.sim.load import recording_from
from refsim.sim.reader import RecordingError, parse_text
from refsim.sim.recording import Recording


def _files() -> dict[str, Traversable]:
    folder = resources.files("refsim").joinpath("examples")
    found = [f for f in folder.iterdir() if f.is_file() and f.name.endswith(".yaml")] if folder.is_dir() else []
    return {f.name.removesuffix(".yaml"): f for f in sorted(found, key=lambda f: f.name)}


SUMMARY_WIDTH = 90


def _summary(text: str) -> str:
    """The first sentence of the recording's opening comment (what the example shows), cut to a short line."""
    comment = []
    for line in text.splitlines():
        if not line.startswith("#"):
            break
        comment.append(line.lstrip("#").strip())
    sentence = " ".join(comment).split(". ")[0].rstrip(".")
    if len(sentence) > SUMMARY_WIDTH:
        sentence = sentence[:sentence.rfind(", ", 0, SUMMARY_WIDTH)] + ", ..."
    return sentence


def example_names() -> list[str]:
    """The examples' names, the demo first, without reading them (shell completion asks on every Tab)."""
    return [DEMO_NAME, *_files()]


def example_summaries() -> dict[str, str]:
    """Each example's name and its one-line summary, the demo first."""
    demo = resources.files("refsim.sim").joinpath("demo.yaml").read_text(encoding="utf-8")
    names = {DEMO_NAME: _summary(demo)}
    names.update({name: _summary(f.read_text(encoding="utf-8")) for name, f in _files().items()})
    return names


def example_recording(name: str) -> Recording:
    """The example called `name`; RecordingError lists the names when there is none."""
    if name == DEMO_NAME:
        return demo_recording()
    found = _files().get(name)
    if found is None:
        raise RecordingError(f"--example {name}", "", f"no such example (one of: {', '.join(example_summaries())})")
    return recording_from(parse_text(found.read_text(encoding="utf-8"), name), name)
