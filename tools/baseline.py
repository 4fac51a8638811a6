"""Baseline REPL transcripts (golden/baseline): check them, or rewrite one on purpose.

    python tools/baseline.py [--update] [CASE...]

A shortcut for `pytest tests/golden/test_baseline.py [--update-golden=CASE]`: every case (or those named) is
replayed under both REPL drivers and compared byte for byte, the first difference shown as a unified diff. Every
baseline case was checked by hand, so --update rewrites only the cases named; say why in golden/baseline/README.md.
Baselines are captured with tracing never enabled."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.golden.cases import baseline_names  # noqa: E402
from tools.golden_run import main  # noqa: E402

if __name__ == "__main__":
    sys.exit(main(None, __doc__, "tests/golden/test_baseline.py", "test_transcript_matches", baseline_names))
