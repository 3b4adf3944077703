"""Real-browser fixtures: the app served on 127.0.0.1 by a thread of this process, and Debian's
headless Chromium driven by Playwright at a phone's viewport (360 x 740, touch).

Playwright's own browser download cannot work here, so ``CHROMIUM`` (default ``/usr/bin/chromium``)
is launched instead; without it the browser tests are skipped, saying why.
"""

from __future__ import annotations

import os
import shutil
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from flask import Flask
from werkzeug.serving import BaseWSGIServer, make_server

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]
PHONE = {
    "viewport": {"width": 360, "height": 740},
    "device_scale_factor": 2,
    "is_mobile": True,
    "has_touch": True,
    "locale": "en-US",
}
SCREENSHOTS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"

pytest.importorskip("playwright.sync_api", reason="playwright is not installed")
from playwright.sync_api import Browser, Page, Playwright, sync_playwright  # noqa: E402


@pytest.fixture(scope="session")
def live_server(app: Flask) -> Iterator[str]:
    """The test app, served over real HTTP for the browser; yields its base URL."""
    server: BaseWSGIServer = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_port}"
    server.shutdown()


@pytest.fixture(scope="session")
def playwright_instance() -> Iterator[Playwright]:
    if not (shutil.which(CHROMIUM) or Path(CHROMIUM).exists()):
        pytest.skip(f"no Chromium at {CHROMIUM} (apt-get install chromium)")
    with sync_playwright() as playwright:
        yield playwright


@pytest.fixture(scope="session")
def browser(playwright_instance: Playwright) -> Iterator[Browser]:
    browser = playwright_instance.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
    yield browser
    browser.close()


def phone_tab(browser: Browser, live_server: str) -> Iterator[Page]:
    """A fresh phone-sized browser tab (its own cookies) on the live server; after the test, no
    JavaScript error may have happened on it. Fixtures yield from it."""
    context = browser.new_context(base_url=live_server, **PHONE)
    context.set_default_timeout(10_000)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    yield page
    context.close()
    assert not errors, f"JavaScript errors on the page: {errors}"


@pytest.fixture
def page(browser: Browser, live_server: str) -> Iterator[Page]:
    """The phone under test."""
    yield from phone_tab(browser, live_server)


def register(page: Page, username: str = "ana", password: str = "a long password") -> None:
    page.goto("/register")
    page.get_by_label("Username").fill(username)
    page.get_by_label("Password", exact=True).fill(password)
    page.get_by_label("Repeat the password").fill(password)
    page.get_by_role("button", name="Create account").click()
    page.wait_for_url("**/")


def assert_fits_phone(page: Page) -> None:
    """Nothing sticks out sideways at 360 px, every visible button is big enough to tap, and every
    input has a label."""
    page.wait_for_load_state("load")  # styles applied
    overflow = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
    assert overflow <= 0, f"the page is {overflow}px wider than the phone"
    small = page.evaluate(
        """() => [...document.querySelectorAll('button, input:not([type=hidden]), select, .button')]
            .filter(e => e.offsetParent !== null)
            .map(e => [e, e.getBoundingClientRect()])
            .filter(([e, r]) => r.height < 44 && !['checkbox', 'radio'].includes(e.type))
            .map(([e, r]) => (e.name || e.textContent.trim() || e.className) + ':' + Math.round(r.height))"""
    )
    assert not small, f"tap targets under 44px: {small}"
    unlabelled = page.evaluate(
        """() => [...document.querySelectorAll('input:not([type=hidden]), select, textarea')]
            .filter(e => !(e.labels && e.labels.length) && !e.getAttribute('aria-label')
                         && !e.getAttribute('aria-labelledby'))
            .map(e => e.name || e.id)"""
    )
    assert not unlabelled, f"inputs without a label: {unlabelled}"


def screenshot(page: Page, name: str) -> None:
    """Save a full-page screenshot under docs/screenshots/ (committed, shown in the README)."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"{name}.png"), full_page=True)
