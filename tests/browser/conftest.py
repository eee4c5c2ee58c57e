"""Fixtures of the browser tests: headless Chromium (Debian's `chromium`, through
Playwright's Python package; Playwright's own browsers are never downloaded) and a page
that fails its test on any script error. Skipped when Chromium or Playwright is absent,
except on CI (`CI=true`), where that fails."""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from tests.conftest import on_ci

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

CHROMIUM = os.environ.get("ADJUDICATOR_CHROMIUM", "/usr/bin/chromium")


def _unavailable(reason: str) -> None:
    if on_ci():
        pytest.fail(f"browser tests cannot run on CI: {reason}")
    pytest.skip(reason)


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    """Headless Chromium, or a skip (a failure on CI) saying what is missing."""
    executable = CHROMIUM if Path(CHROMIUM).is_file() else shutil.which("chromium")
    if executable is None:
        _unavailable(f"no chromium at {CHROMIUM} or on PATH (apt-get install chromium)")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        _unavailable("the playwright package is not installed (pip install -e '.[dev]')")
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=executable,
                                              args=["--no-sandbox"])
        yield launched
        launched.close()


def watched_page(browser: Browser, **options: Any) -> Iterator[Page]:
    """A fresh page (`options` as Playwright's `new_page` takes them) that fails the test
    on any script error once the test is done."""
    opened = browser.new_page(**options)
    errors: list[str] = []
    opened.on("pageerror", lambda error: errors.append(str(error)))
    yield opened
    opened.close()
    assert not errors, f"script errors on the page: {errors}"


@pytest.fixture
def page(browser: Browser) -> Iterator[Page]:
    """A fresh 1400 x 1000 page that fails the test on any script error."""
    yield from watched_page(browser, viewport={"width": 1400, "height": 1000})
