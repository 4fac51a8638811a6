"""Golden trace transcripts (golden/trace): check them, or rewrite them on purpose.

    python tools/regen_golden.py [--update] [CASE...]

A shortcut for `pytest tests/golden/test_trace_golden.py [--update-golden[=CASE]]`: every case (or those named) is
replayed under both REPL drivers and compared structurally; differences are printed with their paths and the first
one as a unified diff. --update rewrites the cases named; with no name, only the changed cases no person vouched for
(a NOTE.md titled hand-verified keeps its case until it is named). Say why the new output is right in NOTE.md."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.golden.cases import index  # noqa: E402
from tools.golden_run import main  # noqa: E402

if __name__ == "__main__":
    sys.exit(main(None, __doc__, "tests/golden/test_trace_golden.py", "test_case_matches", lambda: list(index())))
