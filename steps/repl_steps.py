"""Steps shared by every feature: a recording, console options, a command script, and checks on the transcript.
`{tmp}` in any text stands for the scenario's temporary folder."""

from __future__ import annotations

import json
import os
import re
import shlex
from pathlib import Path

import pytest
from pytest_bdd import given, parsers, then, when

from steps.drivers import ROOT
from steps.transcripts import first_difference, trace_block


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
def demo_decisions_changed(driver, path: str, job: str, tmp_path: Path):
    """The decisions come from the console under test (black-box), one record then changed by hand."""
    target = Path(_fill(path, tmp_path))
    driver.run(None, ["--sim-output", str(target)], ["continue"])
    lines = target.read_text(encoding="utf-8").splitlines()
    for i, line in enumerate(lines[1:], start=1):
        record = json.loads(line)
        if record.get("job") == job and record["kind"] in ("dispatch", "pend"):
            record["reasons"] = [{"code": "no-plan", "detail": "changed"}]
            lines[i] = json.dumps(record, sort_keys=True, separators=(",", ":"))
            break
    target.write_text("\n".join(lines) + "\n", encoding="utf-8")


@given(parsers.parse('the console options "{options}"'), target_fixture="options")
def console_options(options: str, tmp_path: Path):
    return shlex.split(_fill(options, tmp_path))


@when("I run the commands:", target_fixture="transcript")
def run_commands(driver, recording, options, docstring: str, tmp_path: Path, request):
    script = _fill(docstring, tmp_path).splitlines()
    request.node.stash[_SCRIPT] = script
    return driver.run(recording, options, script)


_SCRIPT = pytest.StashKey[list]()


@pytest.fixture
def script_lines(request) -> list[str]:
    """The command script the scenario ran."""
    return request.node.stash[_SCRIPT]


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
    expected = _fill(docstring, tmp_path) + "\n"
    assert transcript.output == expected, first_difference(expected, transcript.output)


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
    block = trace_block(transcript, job, round_no)
    assert block == docstring.splitlines(), first_difference(docstring, "\n".join(block))


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


@then(parsers.parse('the file "{path}" does not contain "{text}"'))
def file_lacks(path: str, text: str, tmp_path: Path):
    assert _fill(text, tmp_path) not in Path(_fill(path, tmp_path)).read_text(encoding="utf-8")


@then(parsers.parse('the file "{path}" holds exactly the trace blocks printed'))
def file_holds_trace_blocks(transcript, path: str, tmp_path: Path):
    """The whole file against every trace block of the transcript, in order: nothing more, nothing less."""
    printed = _trace_block_lines(transcript.lines)
    assert printed, "no trace was printed"
    assert Path(_fill(path, tmp_path)).read_text(encoding="utf-8").splitlines() == printed


def _trace_block_lines(lines: list[str]) -> list[str]:
    kept, in_block = [], False
    for line in lines:
        if line.startswith("  trace of "):
            in_block = True
        elif not line.startswith("  "):
            in_block = False
        if in_block:
            kept.append(line)
    return kept


VERDICT_KINDS = ("accepted", "selection mismatch", "resource shortfall", "limit exceeded", "already claimed",
                 "not evaluated")


@then("every host verdict listed uses one of the six verdict kinds")
def six_verdict_kinds_only(transcript):
    """Host lines sit between a full-level `position N (k tasks)` line and its `position N: ...` result; each of
    their `; `-separated entries is a verdict kind or the checks not performed."""
    seen, in_position = set(), False
    for line in _trace_block_lines(transcript.lines):
        text = line.strip()
        if re.fullmatch(r"position \d+ \(\d+ tasks?\)", text):
            in_position = True
        elif re.match(r"position \d+: ", text):
            in_position = False
        elif in_position:
            for entry in text.split(": ", 1)[1].split("; "):
                kind = next((k for k in VERDICT_KINDS if entry.startswith(k)), None)
                assert kind is not None or entry.startswith("not performed: "), f"not a verdict kind: {line!r}"
                seen.add(kind)
    assert seen - {None} == set(VERDICT_KINDS), f"kinds seen: {sorted(seen - {None})}"


@then(parsers.parse('no resource list in job {job}\'s outcome in round {round_no:d} names the limits {names}'))
def no_limit_in_resource_lists(transcript, job: str, round_no: int, names: str):
    """Host lines up to `; limit charges:` and the shared resources line hold only allocated resources."""
    limits = [n.strip().strip('"') for n in names.replace(" and ", ",").split(",")]
    block = trace_block(transcript, job, round_no)
    outcome = block[next(i for i, line in enumerate(block) if line.startswith("outcome: dispatched")) + 1:]
    lists = [line.split("; limit charges:")[0] for line in outcome if not line.strip().startswith("cluster-wide")]
    assert len(lists) >= 2 and any("; limit charges:" in line for line in outcome)
    for line in lists:
        assert not any(name in line for name in limits), line


@then(parsers.parse("the trace of job {job} in round {round_no:d} at level full differs from it only in host "
                    "verdicts"))
def levels_differ_only_in_host_verdicts(driver, recording, options, transcript, job: str, round_no: int,
                                        tmp_path: Path, request):
    """Rerun the script with `level full` added to its trace on; take away what only each level shows of host
    verdicts (full: the position header and host lines; summary: the counts after a position's result)."""
    script = request.getfixturevalue("script_lines")
    full = driver.run(recording, options, [f"{line} level full" if line.startswith("trace on ") else line
                                           for line in script])
    summary_block = trace_block(transcript, job, round_no)
    full_block = trace_block(full, job, round_no)
    assert full_block != summary_block
    assert _without_host_verdicts(full_block, "full") == _without_host_verdicts(summary_block, "summary")


def _without_host_verdicts(block: list[str], level: str) -> list[str]:
    kept, in_position = [], False
    for line in block:
        text = line.strip()
        if level == "full" and re.fullmatch(r"position \d+ \(\d+ tasks?\)", text):
            in_position = True
            continue
        if re.match(r"position \d+: ", text):
            in_position = False
            line = re.sub(r"; (hosts rejected: .*|no host rejected)$", "", line)
        if not in_position:
            kept.append(line.replace(f"level {level}", "level L"))
    return kept


@given("the first 1000 jobs of the NASA iPSC log", target_fixture="recording")
def nasa_prefix(tmp_path: Path):
    import pytest

    from refsim.importers.swf import swf_recording

    log = ROOT.parent / "shared/data/NASA-iPSC-1993-3.1-cln.swf.gz"
    if not log.exists():
        pytest.skip(f"the NASA iPSC log is not at {log}")
    path = tmp_path / "nasa-1000.json"
    path.write_text(json.dumps(swf_recording(log, max_jobs=1000)), encoding="utf-8")
    return path


@when(parsers.parse('the file "{path}" gets a blank line after each record'))
def blank_lines_between_records(path: str, tmp_path: Path):
    target = Path(_fill(path, tmp_path))
    lines = target.read_text(encoding="utf-8").splitlines()
    target.write_text("".join(f"{line}\n\n" for line in lines), encoding="utf-8")
