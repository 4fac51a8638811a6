"""Headless Chromium for the explorer's browser tests, driven by Playwright with the system's browser (Debian's
`chromium` package; `playwright install` is never needed). Without a browser the tests skip, saying how to get one;
under REFSIM_REQUIRE_BROWSER=1 (CI) a missing browser fails them instead."""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest

# The machine may have no network: these keep chromium from trying to reach one (updates, sync, QUIC probes).
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync"]
HOW = ("the browser tests need chromium and Playwright: `apt-get install -y chromium` and "
       "`pip install -e '.[test]'` (never `playwright install`)")


def _missing(why: str) -> None:
    if os.environ.get("REFSIM_REQUIRE_BROWSER") == "1":
        pytest.fail(f"REFSIM_REQUIRE_BROWSER=1 but {why}; {HOW}")
    pytest.skip(f"{why}; {HOW}")


@contextmanager
def chromium() -> Iterator[Any]:
    """A launched headless browser (a Playwright Browser), closed afterwards; skips (or fails) without one."""
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        _missing("Playwright is not installed")
    executable = shutil.which("chromium")
    if executable is None:
        _missing("no `chromium` on PATH")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=executable, args=FLAGS)
        try:
            yield browser
        finally:
            browser.close()


class Page:
    """A page opened on a file, collecting console errors and uncaught exceptions as a person's console would."""

    def __init__(self, browser: Any, path: str, width: int = 1200, height: int = 900) -> None:
        self.errors: list[str] = []
        self.page = browser.new_page(viewport={"width": width, "height": height})
        self.page.on("console", lambda m: self.errors.append(m.text) if m.type == "error" else None)
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))
        self.page.goto(f"file://{path}")

    def close(self) -> None:
        self.page.close()
