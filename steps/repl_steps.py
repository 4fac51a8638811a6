"""Steps shared by every feature: a recording, console options, a command script, and checks on the transcript.
`{tmp}` in any text stands for the scenario's temporary folder."""

from __future__ import annotations

import json
import os
import re
import shlex
from pathlib import Path

from pytest_bdd import given, parsers, then, when

from steps.drivers import ROOT
from steps.transcripts import trace_block


_PATH = re.compile(r"\{path (\d+)\}")
_IDS = re.compile(r"\{ids (\d+) to (\d+)\}")


def _long_path(tmp_path: Path, size: int) -> str:
    """A path under the scenario's folder exactly `size` bytes long, its folders made (names of 200 bytes)."""
    path = str(tmp_path)
    while size - len(path) > 201:
        path += "/" + "d" * 199
    os.makedirs(path, exist_ok=True)
    return path + "/" + "f" * (size - len(path) - 1)


def _fill(text: str, tmp_path: Path) -> str:
    """`{tmp}` is the scenario's folder; `{path N}` a path of N bytes in it; `{ids A to B}` the ids A..B."""
    text = _PATH.sub(lambda m: _long_path(tmp_path, int(m.group(1))), text)
    text = _IDS.sub(lambda m: " ".join(str(i) for i in range(int(m.group(1)), int(m.group(2)) + 1)), text)
    return text.replace("{tmp}", str(tmp_path))


@given("the demo recording", target_fixture="recording")
def demo_recording():
    return None


@given(parsers.parse('the recording "{path}"'), target_fixture="recording")
def recording_file(path: str, tmp_path: Path):
    return ROOT / _fill(path, tmp_path)


@given("a recording:", target_fixture="recording")
def inline_recording(docstring: str, tmp_path: Path):
    path = tmp_path / "recording.yaml"
    path.write_text(docstring + "\n", encoding="utf-8")
    return path


@given(parsers.parse('the demo\'s decisions written to "{path}" with the decision for {job} changed'))
def demo_decisions_changed(path: str, job: str, tmp_path: Path):
    from refsim.sim.batch import demo_recording, run_batch
    from refsim.sim.output import dumps

    target = Path(_fill(path, tmp_path))
    run_batch(demo_recording(), output=target)
    lines = target.read_text(encoding="utf-8").splitlines()
    for i, line in enumerate(lines[1:], start=1):
        record = json.loads(line)
        if record["job"] == job:
            record["reasons"] = [{"code": "no-plan", "detail": "changed"}]
            lines[i] = dumps(record)
            break
    target.write_text("\n".join(lines) + "\n", encoding="utf-8")


@given(parsers.parse('the console options "{options}"'), target_fixture="options")
def console_options(options: str, tmp_path: Path):
    return shlex.split(_fill(options, tmp_path))


@when("I run the commands:", target_fixture="transcript")
def run_commands(driver, recording, options, docstring: str, tmp_path: Path):
    return driver.run(recording, options, _fill(docstring, tmp_path).splitlines())


@when(parsers.parse("I run the commands with the trace store bound {size:d}:"), target_fixture="transcript")
def run_commands_small_store(driver, recording, options, docstring: str, tmp_path: Path, size: int):
    return driver.run(recording, options, _fill(docstring, tmp_path).splitlines(),
                      env={"REFSIM_TRACE_STORE_BYTES": str(size)})


@then(parsers.parse('the file "{path}" holds exactly the indented lines printed before "{marker}"'))
def file_holds_inline_lines(transcript, path: str, marker: str, tmp_path: Path):
    lines = transcript.lines
    end = next(i for i, line in enumerate(lines) if line.startswith(marker))
    expected = [line for line in lines[:end] if line.startswith("  ")]
    assert expected, "no trace was printed"
    assert Path(_fill(path, tmp_path)).read_text(encoding="utf-8").splitlines() == expected


@then(parsers.parse('the file "{path}" is the log an untraced "{command}" writes with "{verbosity}"'))
def same_log_untraced(driver, recording, path: str, command: str, verbosity: str, tmp_path: Path):
    other = tmp_path / "untraced.log"
    driver.run(recording, ["--log", str(other), verbosity], [command])
    traced = Path(_fill(path, tmp_path)).read_text(encoding="utf-8")
    assert traced and traced == other.read_text(encoding="utf-8")


@then("the output is:")
def output_is(transcript, docstring: str, tmp_path: Path):
    assert transcript.output == _fill(docstring, tmp_path) + "\n"


@then("the output is empty")
def output_is_empty(transcript):
    assert transcript.output == ""


@then(parsers.parse('the output contains the line "{line}"'))
def output_has_line(transcript, line: str, tmp_path: Path):
    assert _fill(line, tmp_path) in transcript.lines, transcript.output


@then("the output contains these lines in order:")
def output_has_lines_in_order(transcript, docstring: str, tmp_path: Path):
    wanted = _fill(docstring, tmp_path).splitlines()
    lines = iter(transcript.lines)
    for line in wanted:
        assert any(got == line for got in lines), f"missing or out of order: {line!r}\n{transcript.output}"


@then(parsers.parse('the output does contain "{text}"'))
def output_has(transcript, text: str):
    assert text in transcript.output


@then(parsers.parse('the output does not contain "{text}"'))
def output_lacks(transcript, text: str):
    assert text not in transcript.output


@then(parsers.parse("the trace of job {job} in round {round_no:d} is:"))
def trace_is(transcript, job: str, round_no: int, docstring: str):
    assert trace_block(transcript, job, round_no) == docstring.splitlines()


@then(parsers.parse("the trace of job {job} in round {round_no:d} contains these lines in order:"))
def trace_has_lines(transcript, job: str, round_no: int, docstring: str):
    block = iter(trace_block(transcript, job, round_no))
    for line in docstring.splitlines():
        assert any(got == line for got in block), f"missing or out of order: {line!r}"


@then(parsers.parse("the trace of job {job} in round {round_no:d} does not contain \"{text}\""))
def trace_lacks(transcript, job: str, round_no: int, text: str):
    assert not any(text in line for line in trace_block(transcript, job, round_no))


@then(parsers.parse("the exit status is {code:d}"))
def exit_status(transcript, code: int):
    assert transcript.exit_code == code, transcript.output


@then(parsers.parse('the file "{path}" contains the line "{text}"'))
def file_has_line(path: str, text: str, tmp_path: Path):
    lines = Path(_fill(path, tmp_path)).read_text(encoding="utf-8").splitlines()
    assert _fill(text, tmp_path) in lines


@then(parsers.parse('the file "{path}" has {count:d} lines'))
def file_line_count(path: str, count: int, tmp_path: Path):
    assert len(Path(_fill(path, tmp_path)).read_text(encoding="utf-8").splitlines()) == count


@then(parsers.parse('the file "{path}" does not exist'))
def file_absent(path: str, tmp_path: Path):
    assert not Path(_fill(path, tmp_path)).exists()
