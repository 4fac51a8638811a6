"""The screenshot in docs/explore.md: the explorer's page of the built-in demo, made in headless Chromium.

    python tools/explore_shot.py            # rewrite docs/explore.png
    python tools/explore_shot.py --check    # exit 1 when the page no longer looks like docs/explore.png

The demo is replayed in this process with a full JSON trace, its page written by `refsim explore`, opened at
1200x1700, job 104 chosen and its first traced decision opened; the screenshot is the 1200x1700 viewport at the top
of the page (timeline, series, jobs table and the job panel).
tests/unit/report/test_explore_screenshot.py checks the shot is current (by size and mean pixel difference, not
byte for byte: font rendering differs between machines)."""

from __future__ import annotations

import shutil
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from refsim.cli import main as refsim_main  # noqa: E402
from refsim.repl.console import Console  # noqa: E402
from refsim.sim.batch import demo_recording  # noqa: E402

SHOT = ROOT / "docs" / "explore.png"
JOB = "104"
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync"]


def demo_page(folder: Path) -> Path:
    """The demo replayed with a full trace, and its explorer page; the page's path."""
    run, trace, page = folder / "demo.jsonl", folder / "demo-trace.jsonl", folder / "demo.html"
    console = Console(demo_recording(), lambda _line: None, output=str(run))
    try:
        for command in (f"trace on all level full json {trace}", "continue"):
            console.execute(command)
    finally:
        console.close()
    try:
        refsim_main(["explore", str(run), "--trace", str(trace), "--label", "the demo", "-o", str(page)],
                    standalone_mode=False)
    except SystemExit:
        pass
    return page


def screenshot(browser: Any) -> bytes:
    """The page's screenshot (PNG bytes), as docs/explore.png shows it."""
    with tempfile.TemporaryDirectory() as folder:
        page = browser.new_page(viewport={"width": 1200, "height": 1700})
        try:
            page.goto(f"file://{demo_page(Path(folder))}")
            page.locator(f"#jobs tbody tr[data-job='{JOB}']").click()
            page.locator("details.trace > summary").first.click()
            page.evaluate("window.scrollTo(0, 0)")
            return bytes(page.screenshot())  # the viewport: its size never depends on how fonts wrap
        finally:
            page.close()


def main(argv: list[str]) -> int:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=shutil.which("chromium"), args=FLAGS)
        try:
            made = screenshot(browser)
        finally:
            browser.close()
    if "--check" in argv:
        from tools.shot_compare import difference

        found = difference(made, SHOT.read_bytes())
        print(f"{SHOT}: {found}")
        return 0 if found.current else 1
    SHOT.write_bytes(made)
    print(f"{SHOT}: written ({len(made)} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
