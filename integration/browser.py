"""Headless Chromium (Debian's ``chromium``, driven through Playwright) for the tests of web pages."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Page, sync_playwright

CHROMIUM = "/usr/bin/chromium"
FLAGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]  # fmt: skip


@pytest.fixture
def browser_page(tmp_path: Path) -> Iterator[Page]:
    """A page of a fresh headless Chromium profile; page errors fail the test."""
    if shutil.which("chromium") is None:
        pytest.fail("Debian's chromium is missing: run `make system` (scripts/install-system-deps installs it)")
    errors: list[str] = []
    with sync_playwright() as playwright:
        context = playwright.chromium.launch_persistent_context(
            str(tmp_path / "profile"), executable_path=CHROMIUM, headless=True, args=FLAGS,
            viewport={"width": 1600, "height": 900},
        )  # fmt: skip
        page = context.new_page()
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
        yield page
        context.close()
    assert errors == []
