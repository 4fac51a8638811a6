"""Bytes that are not what they should be: invalid UTF-8 and UTF-16 on the console's stdin and in live messages are
reported line by line and skipped; control characters and NUL bytes in names and paths are refused; a recording
that is not UTF-8 is one error line."""

from __future__ import annotations

import pytest

from tests.hostile.harness import RECORDING, assert_refused, cli, folder_state, refsim_run


def test_console_lines_that_are_not_utf8_are_skipped_and_the_session_goes_on(tmp_path):
    (tmp_path / "rec.yaml").write_text(RECORDING)
    stdin = b"step\n\xff\xfe\xfd\nstep\n\xc3(\ninfo round\n"
    done = refsim_run(tmp_path, "sim", "rec.yaml", "-i", stdin=stdin)
    out = done.stdout.decode().splitlines()
    assert done.returncode == 0 and b"Traceback" not in done.stderr
    assert len(out) == 6
    assert out[0] == "round 1 #1 dispatch 1 -> h1*2" and out[2].startswith("round 2 #1 pend 2: ")
    assert out[1] == "error: line 2 is not UTF-8 text (byte 1); skipped"
    assert out[3] == "error: line 4 is not UTF-8 text (byte 1); skipped"
    assert out[4] == "round 2 at t=5, in progress: 1 decision reported"  # both steps ran: the session went on


def test_a_utf16_script_is_reported_not_obeyed(tmp_path):
    """UTF-16 text is not UTF-8: the BOM line is refused; the later lines decode (as ASCII with NUL bytes) to no
    known command. Nothing ends the session, and nothing is written."""
    (tmp_path / "rec.yaml").write_text(RECORDING)
    before = folder_state(tmp_path)
    done = refsim_run(tmp_path, "sim", "rec.yaml", "-i", stdin="snapshot s.yaml\nstep\n".encode("utf-16"))
    assert done.returncode == 0 and b"Traceback" not in done.stderr
    assert all(line.startswith("error: ") for line in done.stdout.decode().splitlines())
    assert folder_state(tmp_path) == before


def test_a_recording_that_is_not_utf8_is_one_error(tmp_path):
    (tmp_path / "rec.yaml").write_bytes(RECORDING.encode("utf-16"))
    assert_refused(cli(tmp_path, "sim", "rec.yaml"), "rec.yaml: is not UTF-8 text")


@pytest.mark.parametrize("name", ["h\x001", "h\x07", "h\u200b1", "h\x1b[31m"])
def test_control_characters_in_names_are_refused(tmp_path, name):
    (tmp_path / "rec.yaml").write_text('refsim: 1\ncluster:\n  hosts:\n    - {name: "' +
                                       name.encode("unicode_escape").decode() + '", slots: 1}\n')
    assert_refused(cli(tmp_path, "sim", "rec.yaml"), "cluster.hosts[0].name")


def test_live_lines_that_are_not_utf8_get_an_error_reply(tmp_path):
    (tmp_path / "cluster.yaml").write_text("cluster:\n  hosts:\n    - {name: h1, slots: 2}\n")
    stdin = b'{"type":"status"}\n\xff{"type":"status"}\n' + '{"type":"status"}\n'.encode("utf-16-le") + \
        b'\n{"type":"status"}\n'
    done = refsim_run(tmp_path, "live", "cluster.yaml", stdin=stdin)
    replies = done.stdout.decode().splitlines()
    assert done.returncode == 0 and b"Traceback" not in done.stderr
    status = '{"hosts":1,"pending":[],"rounds":0,"running":[],"type":"status"}'
    assert replies[0] == status.replace('"rounds"', '"protocol":2,"rounds"')  # protocol 2: told in the first
    assert replies[-1] == status
    assert replies[1] == '{"message":"message 2: not UTF-8 text (byte 1)","type":"error"}'
    assert all('"type":"error"' in r for r in replies[2:-1])
