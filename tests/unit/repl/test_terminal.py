"""The console under a real pseudo-terminal: prompt, help, step, Ctrl-C and Ctrl-D."""

import os
import sys
from pathlib import Path

import pexpect
import yaml

ROOT = Path(__file__).resolve().parents[3]
# prompt_toolkit draws the prompt with escape sequences around it, so match its fixed text only.
PROMPT = r"refsim\)"


def spawn(*args: str) -> pexpect.spawn:
    env = {**os.environ, "PROMPT_TOOLKIT_NO_CPR": "1"}  # no cursor-position query: nothing here answers it
    child = pexpect.spawn(sys.executable, ["-m", "refsim.cli", "sim", *args, "-i"], cwd=str(ROOT),
                          encoding="utf-8", timeout=30, dimensions=(40, 200), env=env)
    child.expect(PROMPT)
    return child


def test_prompt_help_step_ctrl_c_and_ctrl_d():
    child = spawn()
    child.sendline("help step")
    child.expect("usage: step \\[N\\]")
    child.expect(PROMPT)
    child.sendline("step")
    child.expect("round 1 dispatch 100 -> hostB\\*4 \\(reconstructed\\)")
    child.expect(PROMPT)
    child.send("half a line")
    child.sendintr()  # Ctrl-C cancels the line and keeps the console
    child.expect(PROMPT)
    child.sendline("step")
    child.expect("round 1 #1 dispatch 102")
    child.expect(PROMPT)
    child.sendeof()  # Ctrl-D quits cleanly
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0


def test_ctrl_c_during_continue_stops_between_two_decisions(tmp_path):
    # A long replay: 4000 one-task jobs on one slot, each running 10 seconds, one session per finish.
    events = [{"time": 0, "submit": {"id": i, "run_time": 10}} for i in range(1, 4001)]
    path = tmp_path / "long.yaml"
    path.write_text(yaml.safe_dump({"cluster": {"hosts": [{"name": "a", "slots": 1}]}, "events": events}))
    child = spawn(str(path))
    child.sendline("continue")
    child.expect("round 2 t=10")
    child.sendintr()
    child.expect("interrupted in round (\\d+)")
    child.expect(PROMPT)
    child.sendline("info round")
    child.expect("round \\d+ at t=\\d+, (in progress|completed)")
    child.expect(PROMPT)
    child.sendline("quit")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0


def test_the_prompt_is_the_one_the_guide_shows():
    """The terminal draws its prompt with escape sequences around it, which the pexpect tests above step over by
    matching `refsim)` only; the prompt's whole text is the one docs/repl.md gives. Kills: repl/terminal.py
    PROMPT's text mutated (`XX(refsim) ` still matches `refsim)`)."""
    from refsim.repl.terminal import PROMPT as prompt
    guide = (ROOT / "docs" / "repl.md").read_text(encoding="utf-8")
    assert prompt == "(refsim) " and f"prompts `{prompt}`" in guide
