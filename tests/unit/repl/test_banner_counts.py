"""The console's opening line counts hosts and jobs in words that agree with the number."""

from refsim import __version__
from refsim.repl.console import Console
from tests.support.recordings import recording

ONE_HOST = "cluster:\n  hosts:\n    - {name: a, slots: 1}\n"


def _banner(events: str, cluster: str = "") -> str:
    """The banner for these events, on `cluster` or else the test recordings' two hosts."""
    return Console(recording(cluster + f"events: {events}\n"), lambda _line: None).banner()


def test_one_job_and_one_host_are_singular_two_are_plural():
    """The whole line: refsim's name and version, the recording, its hosts and jobs, and where to start.
    Kills: `'' if jobs == 1 else 's'` -> `jobs == 2` in Console.banner (refsim/repl/console.py), and the banner's
    opening `refsim ` mutated."""
    assert _banner("[{time: 0, submit: {id: 1}}]", ONE_HOST) == (
        f"refsim {__version__}: test.yaml, 1 host, 1 job; type help for the commands, quit to leave")
    assert _banner("[{time: 0, submit: {id: 1}}, {time: 0, submit: {id: 2}}]") == (
        f"refsim {__version__}: test.yaml, 2 hosts, 2 jobs; type help for the commands, quit to leave")
